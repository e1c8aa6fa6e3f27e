"""Ignores every signal it can, then loops (bounded at 10**10 steps): must still be stopped."""

import contextlib
import signal


def generate_solution(objects, init, goal):
    for sig in signal.valid_signals():
        with contextlib.suppress(OSError, ValueError, RuntimeError):
            signal.signal(sig, signal.SIG_IGN)
    steps = 0
    while steps < 10**10:
        steps += 1
    return []
