"""Reads its parent's environment through /proc (where a scrubbed os.environ would not help)."""

import os


def generate_solution(objects, init, goal):
    with open(f"/proc/{os.getppid()}/environ", "rb") as f:
        data = f.read()
    return [f"(environ {len(data)})"]
