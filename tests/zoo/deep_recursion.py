"""Unbounded recursion: Python's recursion limit stops it with RecursionError (an exception)."""


def descend(depth):
    return descend(depth + 1) + 1


def generate_solution(objects, init, goal):
    return [str(descend(0))]
