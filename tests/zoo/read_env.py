"""Returns its whole environment as actions: the test puts a fake API key in the parent's environment
and checks it is not there."""

import os


def generate_solution(objects, init, goal):
    return [f"(env {key} {value})" for key, value in sorted(os.environ.items())]
