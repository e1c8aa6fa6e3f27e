"""Forks a few times (each child exits at once): expect the fork to be forbidden."""

import os


def generate_solution(objects, init, goal):
    for _ in range(3):
        pid = os.fork()
        if pid == 0:
            os._exit(0)
        os.waitpid(pid, 0)
    return ["(forked)"]
