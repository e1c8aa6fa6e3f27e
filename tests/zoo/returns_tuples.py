"""Returns actions as tuples instead of strings."""


def generate_solution(objects, init, goal):
    return [("visit", obj) for obj in sorted(objects)]
