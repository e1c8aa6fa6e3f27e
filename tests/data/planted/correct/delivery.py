# planted-correct: delivery
"""Delivery: load enough papers at the home base, then hand one to each location that wants one.

The courier can only leave a safe location, so it visits the safe targets first and an unsafe one (at
most one can be served) last. It goes home first only when it lacks papers; the start must then be
safe, which it always is when it is the home base.
"""


def generate_solution(objects, init, goal):
    at = next(fact[1] for fact in init if fact[0] == "at")
    home = next(fact[1] for fact in init if fact[0] == "ishomebase")
    safe = {fact[1] for fact in init if fact[0] == "safe"}
    unpacked = sorted(fact[1] for fact in init if fact[0] == "unpacked")
    carrying = sorted(fact[1] for fact in init if fact[0] == "carrying")
    targets = sorted(
        (fact[1] for fact in goal if fact[0] == "satisfied" and ("satisfied", fact[1]) not in init),
        key=lambda loc: (loc not in safe, loc),
    )
    plan = []

    def move(to):
        nonlocal at
        if to != at:
            plan.append(f"(move {at} {to})")
            at = to

    missing = len(targets) - len(carrying)
    if missing > 0:
        move(home)
        for paper in unpacked[:missing]:
            plan.append(f"(pick-up {paper} {home})")
            carrying.append(paper)
    for loc in targets:
        move(loc)
        plan.append(f"(deliver {carrying.pop()} {loc})")
    return plan
