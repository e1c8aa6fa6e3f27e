"""Deletes the file 'victim' in the directory handed in (the test creates it): expect it forbidden."""

import os


def generate_solution(objects, init, goal):
    directory = next(iter(objects))
    os.remove(os.path.join(directory, "victim"))
    return ["(deleted)"]
