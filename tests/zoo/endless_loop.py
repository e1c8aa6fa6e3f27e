"""Never finishes in practice (10**10 iterations is minutes of work): expect a timeout whose stack
points at the loop."""


def generate_solution(objects, init, goal):
    steps = 0
    while steps < 10**10:
        steps += 1
    return []
