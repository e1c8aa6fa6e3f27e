# planted-bug: spanner
# bug: Orders the corridor by sorting location names, not by `link`: location10 before location2.
# reveals: 10 or more locations between shed and gate (builtin p013, genplan17 instance-6)
"""Spanner: walk the one-way corridor once, collecting useable spanners, tightening nuts on the way.

The corridor leads from the man's location (the shed) through location1, location2, ... to the gate,
where the nuts are; he walks it to the end. At each location he first picks up the useable spanners
lying there, then tightens the loose goal nuts there, each with a fresh spanner (one he carried from the
start or picked up on the way). Spent spanners are never picked up.
"""


def generate_solution(objects, init, goal):
    man = next(name for name, kind in objects if kind == "man")
    kinds = dict(objects)
    nxt = {}
    lying = {}  # location -> spanners lying there
    nuts_at = {}  # location -> nuts there
    useable, loose, carried, start = set(), set(), [], None
    for fact in init:
        if fact[0] == "link":
            nxt[fact[1]] = fact[2]
        elif fact[0] == "at" and fact[1] == man:
            start = fact[2]
        elif fact[0] == "at" and kinds[fact[1]] == "spanner":
            lying.setdefault(fact[2], []).append(fact[1])
        elif fact[0] == "at" and kinds[fact[1]] == "nut":
            nuts_at.setdefault(fact[2], []).append(fact[1])
        elif fact[0] == "useable":
            useable.add(fact[1])
        elif fact[0] == "loose":
            loose.add(fact[1])
        elif fact[0] == "carrying":
            carried.append(fact[2])
    wanted = {fact[1] for fact in goal if fact[0] == "tightened"} & loose

    # The corridor runs from the man's location through the numbered locations to the nuts' location.
    gate = next(loc for loc, nuts in sorted(nuts_at.items()) if any(n in wanted for n in nuts))
    middle = sorted(name for name, kind in objects if kind == "location" and name not in (start, gate))
    path = [start, *middle, gate]
    last = len(path) - 1

    fresh = sorted(s for s in carried if s in useable)
    plan = []
    for i, here in enumerate(path[: last + 1]):
        if i > 0:
            plan.append(f"(walk {path[i - 1]} {here} {man})")
        for spanner in sorted(lying.get(here, [])):
            if spanner in useable:
                plan.append(f"(pickup_spanner {here} {spanner} {man})")
                fresh.append(spanner)
        for nut in sorted(nuts_at.get(here, [])):
            if nut in wanted:
                plan.append(f"(tighten_nut {here} {fresh.pop()} {man} {nut})")
    return plan
