"""Ends the interpreter with os._exit(7), skipping every handler. Only ever run in the sandbox: run
directly, this would end the process that runs it (harmless to anything else)."""

import os


def generate_solution(objects, init, goal):
    os._exit(7)
