"""Reads memory at address 8 through ctypes: a segmentation fault (it kills only its own process)."""

import ctypes


def generate_solution(objects, init, goal):
    return [ctypes.string_at(8).decode()]
