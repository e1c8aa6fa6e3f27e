"""Runs a shell command that would create a marker in the directory handed in."""

import os


def generate_solution(objects, init, goal):
    directory = next(iter(objects))
    os.system(f"touch {os.path.join(directory, 'marker')}")
    return ["(ran)"]
