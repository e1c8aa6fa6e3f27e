"""Fails inside a helper: expect the traceback through both functions, with the program's lines."""


def pick(items):
    return items[0]


def generate_solution(objects, init, goal):
    return [pick([])]
