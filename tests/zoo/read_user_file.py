"""Reads a file outside Python's installation (the test's 'secret.txt', standing for a .env file)."""

import os


def generate_solution(objects, init, goal):
    directory = next(iter(objects))
    with open(os.path.join(directory, "secret.txt")) as f:
        return [f"(secret {f.read().strip()})"]
