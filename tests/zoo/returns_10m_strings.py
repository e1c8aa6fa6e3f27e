"""Returns ten million actions: more than any plan (and than the plan-length limit)."""


def generate_solution(objects, init, goal):
    return ["(noop)"] * 10**7
