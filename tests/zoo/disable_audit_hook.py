"""Switches genplan's audit hook off from inside (audit hooks are not a security boundary), then reads
the file 'secret.txt' in the directory handed in. Only the kernel (Landlock) can still refuse."""

import gc
import os


def generate_solution(objects, init, goal):
    for obj in gc.get_objects():
        if type(obj).__name__ == "_Guard":
            obj.busy = True
    with open(os.path.join(next(iter(objects)), "secret.txt")) as f:
        return [f"(secret {f.read().strip()})"]
