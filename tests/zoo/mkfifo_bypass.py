"""Creates a FIFO in the directory handed in: os.mkfifo raises no audit event, so only the kernel
(seccomp) can stop it."""

import os


def generate_solution(objects, init, goal):
    directory = next(iter(objects))
    os.mkfifo(os.path.join(directory, "fifo"))
    return ["(made)"]
