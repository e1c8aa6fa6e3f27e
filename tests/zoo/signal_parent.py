"""Probes its parent with signal 0 (no effect even if delivered): signalling others is forbidden."""

import os


def generate_solution(objects, init, goal):
    os.kill(os.getppid(), 0)
    return ["(signalled)"]
