"""Calls sys.exit(3) instead of returning: a SystemExit exception."""

import sys


def generate_solution(objects, init, goal):
    sys.exit(3)
