"""Starts a non-daemon thread that keeps running (at most 60 s) and returns at once: the run must end
with the plan, without waiting for the thread or leaving it behind."""

import threading
import time


def _linger():
    for _ in range(600):
        time.sleep(0.1)


def generate_solution(objects, init, goal):
    threading.Thread(target=_linger).start()
    return ["(returned)"]
