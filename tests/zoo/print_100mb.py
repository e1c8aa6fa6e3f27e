"""Prints 100 MB (Python-level prints and raw writes to fd 1), then returns a valid-looking plan."""

import os


def generate_solution(objects, init, goal):
    line = "x" * (2**20 - 1)
    for _ in range(90):
        print(line)
    chunk = b"y" * 2**20
    for _ in range(10):
        os.write(1, chunk)
    return ["(done)"]
