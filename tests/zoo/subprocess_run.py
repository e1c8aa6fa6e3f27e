"""Runs 'touch' through subprocess to create a marker in the directory handed in."""

import os
import subprocess


def generate_solution(objects, init, goal):
    directory = next(iter(objects))
    subprocess.run(["touch", os.path.join(directory, "marker")], check=True)
    return ["(ran)"]
