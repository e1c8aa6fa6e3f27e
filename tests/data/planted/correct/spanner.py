# planted-correct: spanner
"""Spanner: walk the one-way corridor once, collecting useable spanners, tightening nuts on the way.

The corridor is the chain of `link` facts from the man's location; he walks it up to the last location
holding a nut to tighten. At each location he first picks up the useable spanners lying there, then
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
    last = max((i for i, loc in enumerate(path) if any(n in wanted for n in nuts_at.get(loc, []))), default=0)

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
