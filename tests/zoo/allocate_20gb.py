"""Asks for 20 GiB at once. It first checks that an address-space limit below 8 GiB is in force, so
it can never eat a real machine's memory if the sandbox failed."""

import resource


def generate_solution(objects, init, goal):
    soft, _ = resource.getrlimit(resource.RLIMIT_AS)
    if soft == resource.RLIM_INFINITY or soft > 8 * 2**30:
        return ["(no-memory-limit)"]
    block = bytearray(20 * 2**30)
    return [str(len(block))]
