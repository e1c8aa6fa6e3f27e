"""Grows a list of 1 MiB blocks up to 2 GiB (bounded): under a smaller limit, expect memory exceeded."""


def generate_solution(objects, init, goal):
    blocks = []
    for _ in range(2048):
        blocks.append(bytearray(2**20))
    return [str(len(blocks))]
