"""Tries to lift its own memory limit."""

import resource


def generate_solution(objects, init, goal):
    resource.setrlimit(resource.RLIMIT_AS, (resource.RLIM_INFINITY, resource.RLIM_INFINITY))
    return ["(unlimited)"]
