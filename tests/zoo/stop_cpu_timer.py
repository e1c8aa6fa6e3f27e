"""Tries to switch off the CPU-time limit (its timer, and blocking its signals), then loops (bounded at
10**10 steps): must still be stopped at the limit, with its stack."""

import contextlib
import signal


def generate_solution(objects, init, goal):
    refused = []
    for attempt in (
        lambda: signal.setitimer(signal.ITIMER_PROF, 0),
        lambda: signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGPROF, signal.SIGXCPU}),
        lambda: signal.signal(signal.SIGPROF, signal.SIG_IGN),
    ):
        try:
            attempt()
        except OSError:
            refused.append(True)
    print("refused", len(refused))
    steps = 0
    with contextlib.suppress(Exception):
        while steps < 10**10:
            steps += 1
    return []
