"""Sleeps (at most a minute) without computing: its CPU time stays near zero, so only the wall-clock
backstop behind the CPU-time limit can stop it, with its stack."""

import time


def generate_solution(objects, init, goal):
    for _ in range(600):
        time.sleep(0.1)
    return []
