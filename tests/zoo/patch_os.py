"""Replaces os._exit, os.write and os.close with functions that do nothing, then returns a plan: the
sandbox must still report it (and the process must still end). Run anywhere else, the patches would
stay in that process, so it only patches inside genplan's sandbox (recognised by the worker mark)."""

import os
import sys


def generate_solution(objects, init, goal):
    if "genplan-sandbox-worker" in sys.argv:
        os._exit = lambda code: None
        os.write = lambda fd, data: 0
        os.close = lambda fd: None
    return ["(patched)"]
