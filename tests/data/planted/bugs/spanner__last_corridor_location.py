# planted-bug: spanner
# bug: Off-by-one in the corridor loop: spanners at the last location before the gate are skipped.
# reveals: a task that needs a spanner lying next to the gate (builtin p003, genplan17 instance-6)
"""Spanner: walk the one-way corridor once, collecting useable spanners, tightening nuts on the way.

The corridor is the chain of `link` facts from the man's location (the shed) to its end (the gate, where
the nuts are). The man picks up the useable spanners at every location as he walks to the gate, then
tightens the loose goal nuts there, each with a fresh spanner (one he carried from the start or picked
up on the way). Spent spanners are never picked up.
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

    path = [start]
    while path[-1] in nxt and nxt[path[-1]] not in path:
        path.append(nxt[path[-1]])
    shed, corridor, gate = path[0], path[1:-1], path[-1]

    fresh = sorted(s for s in carried if s in useable)
    plan = []

    def pick_up(here):
        for spanner in sorted(lying.get(here, [])):
            if spanner in useable:
                plan.append(f"(pickup_spanner {here} {spanner} {man})")
                fresh.append(spanner)

    pick_up(shed)
    plan.append(f"(walk {shed} {corridor[0]} {man})")
    for i in range(len(corridor) - 1):
        pick_up(corridor[i])
        plan.append(f"(walk {corridor[i]} {corridor[i + 1]} {man})")
    plan.append(f"(walk {corridor[-1]} {gate} {man})")
    pick_up(gate)
    for nut in sorted(nuts_at.get(gate, [])):
        if nut in wanted:
            plan.append(f"(tighten_nut {gate} {fresh.pop()} {man} {nut})")
    return plan
