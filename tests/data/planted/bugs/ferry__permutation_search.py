# planted-bug: ferry
# bug: Tries every permutation of the misplaced cars to minimize sailing: factorial time.
# reveals: 11 or more cars away from their goal (timeout; builtin p049, genplan17 instance-21)
"""Ferry: deliver the cars one at a time, in the order that needs the fewest sails.

A car already aboard is debarked first (at its goal, or where the ferry is if it has none). Every order
of the misplaced cars is scored by the sails it needs (one to fetch a car unless the ferry is already
there, one to carry it); the cheapest order is used. A goal position of the ferry is reached last.
"""

from itertools import permutations


def generate_solution(objects, init, goal):
    ferry = None
    where = {}  # car -> location, for cars on land
    aboard = None
    for fact in init:
        if fact[0] == "at-ferry":
            ferry = fact[1]
        elif fact[0] == "at":
            where[fact[1]] = fact[2]
        elif fact[0] == "on":
            aboard = fact[1]
    targets = {fact[1]: fact[2] for fact in goal if fact[0] == "at"}
    plan = []

    def sail(to):
        nonlocal ferry
        if to != ferry:
            plan.append(f"(sail {ferry} {to})")
            ferry = to

    if aboard is not None:
        sail(targets.get(aboard, ferry))
        plan.append(f"(debark {aboard} {ferry})")
        where[aboard] = ferry

    pending = [car for car in sorted(targets) if where[car] != targets[car]]

    def sails(order):
        here, n = ferry, 0
        for car in order:
            n += (where[car] != here) + 1
            here = targets[car]
        return n

    best = min(permutations(pending), key=sails, default=())
    for car in best:
        sail(where[car])
        plan.append(f"(board {car} {ferry})")
        sail(targets[car])
        plan.append(f"(debark {car} {ferry})")
        where[car] = ferry

    for fact in goal:
        if fact[0] == "at-ferry":
            sail(fact[1])
    return plan
