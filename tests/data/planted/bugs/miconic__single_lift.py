# planted-bug: miconic
# bug: Assumes one lift and moves it between floors of different buildings, which `above` never relates.
# reveals: two or more buildings (lifts), e.g. builtin p011, genplan17 instance-6
"""Miconic: the lift serves the passengers one at a time.

A floor's height is the number of floors below it. Each passenger is served in turn: the lift goes to
the origin, the passenger boards, the lift goes to the destination, the passenger departs (a passenger
already boarded only needs the second half).
"""


def generate_solution(objects, init, goal):
    floors = sorted(name for name, kind in objects if kind == "floor")
    height = {f: 0 for f in floors}
    origin, destin, boarded, served, lift = {}, {}, set(), set(), None
    for fact in init:
        if fact[0] == "above":
            height[fact[2]] += 1
        elif fact[0] == "origin":
            origin[fact[1]] = fact[2]
        elif fact[0] == "destin":
            destin[fact[1]] = fact[2]
        elif fact[0] == "boarded":
            boarded.add(fact[1])
        elif fact[0] == "served":
            served.add(fact[1])
        elif fact[0] == "lift-at":
            lift = fact[1]

    plan = []

    def go(to):
        nonlocal lift
        if to != lift:
            plan.append(f"({'up' if height[to] > height[lift] else 'down'} {lift} {to})")
            lift = to

    for person in sorted(fact[1] for fact in goal if fact[0] == "served"):
        if person in served:
            continue
        if person not in boarded:
            go(origin[person])
            plan.append(f"(board {origin[person]} {person})")
        go(destin[person])
        plan.append(f"(depart {destin[person]} {person})")
    return plan
