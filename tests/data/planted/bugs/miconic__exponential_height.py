# planted-bug: miconic
# bug: Floor heights by unmemoized recursion (1 + max height below): 2^k calls for k floors below.
# reveals: a building of about 30 or more floors (timeout; builtin p026, none in genplan17)
"""Miconic: each building's lift serves its passengers one at a time.

A task may hold several buildings, each with its own lift; floors of one building are exactly those
related by `above`. A floor's height is one more than the height of the highest floor below it. Each
passenger is served by the lift of its building: to the origin, board, to the destination, depart (a
passenger already boarded only needs the second half).
"""


def generate_solution(objects, init, goal):
    floors = sorted(name for name, kind in objects if kind == "floor")
    below = {f: [] for f in floors}  # floor -> the floors below it
    related = {f: {f} for f in floors}  # floor -> the floors of its building
    origin, destin, boarded, served, lifts = {}, {}, set(), set(), []
    for fact in init:
        if fact[0] == "above":
            below[fact[2]].append(fact[1])
            related[fact[1]].add(fact[2])
            related[fact[2]].add(fact[1])
        elif fact[0] == "origin":
            origin[fact[1]] = fact[2]
        elif fact[0] == "destin":
            destin[fact[1]] = fact[2]
        elif fact[0] == "boarded":
            boarded.add(fact[1])
        elif fact[0] == "served":
            served.add(fact[1])
        elif fact[0] == "lift-at":
            lifts.append(fact[1])
    lifts.sort()

    def level(floor):
        return 1 + max(level(f) for f in below[floor]) if below[floor] else 0

    height = {f: level(f) for f in floors}
    position = {lift: lift for lift in lifts}  # a lift is named by its starting floor

    def lift_of(floor):
        return next(lift for lift in lifts if lift in related[floor])

    plan = []

    def go(lift, to):
        here = position[lift]
        if to != here:
            plan.append(f"({'up' if height[to] > height[here] else 'down'} {here} {to})")
            position[lift] = to

    for person in sorted(fact[1] for fact in goal if fact[0] == "served"):
        if person in served:
            continue
        lift = lift_of(destin[person])
        if person not in boarded:
            go(lift, origin[person])
            plan.append(f"(board {origin[person]} {person})")
        go(lift, destin[person])
        plan.append(f"(depart {destin[person]} {person})")
    return plan
