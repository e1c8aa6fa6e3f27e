"""Yields actions instead of returning a list."""


def generate_solution(objects, init, goal):
    for obj in sorted(objects):
        yield f"(visit {obj})"
