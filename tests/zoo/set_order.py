"""Visits objects in the iteration order of a plain set it builds: that order depends on
PYTHONHASHSEED, so different orderings see different plans."""


def generate_solution(objects, init, goal):
    return [f"(visit {obj})" for obj in set(objects)]
