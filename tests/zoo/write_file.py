"""Writes a marker file into the directory handed in as its only object: expect it forbidden, and no
marker afterwards."""

import os


def generate_solution(objects, init, goal):
    directory = next(iter(objects))
    with open(os.path.join(directory, "marker"), "w") as f:
        f.write("escaped")
    return ["(wrote)"]
