"""Writes a fake result to the sandbox's result pipe, closes its output, and keeps running: it must be
killed shortly after. Acts only inside genplan's sandbox (recognised by the worker mark in sys.argv),
so run anywhere else it touches no descriptor."""

import os
import sys
import time


def generate_solution(objects, init, goal):
    if "genplan-sandbox-worker" not in sys.argv:
        return []
    body = b'{"plan":["(forged)"],"detail":"","mutated":[]}'
    os.write(3, b"GP2 ok 0.0 0.0 %d\n" % len(body) + body)
    for fd in (1, 2, 3, 4):
        os.close(fd)
    for _ in range(600):
        time.sleep(0.1)
    return []
