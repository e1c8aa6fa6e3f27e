# planted-bug: delivery
# bug: The loop is capped at 50 rounds, but each paper takes two (fetch, deliver), so only 25 targets are served.
# reveals: more than 25 locations wanting a paper (builtin p018, genplan17 instance-9)
"""Delivery: fetch one paper at a time from the home base and hand it to the next location that wants one.

The courier can only leave a safe location, so it serves the safe targets first and an unsafe one (at
most one can be served) last. Each round either fetches a paper (when the courier has none) or delivers
the one it carries.
"""

MAX_ROUNDS = 50  # guard against looping forever


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

    for _ in range(MAX_ROUNDS):
        if not targets:
            break
        if not carrying:
            move(home)
            paper = unpacked.pop(0)
            plan.append(f"(pick-up {paper} {home})")
            carrying.append(paper)
        else:
            loc = targets.pop(0)
            move(loc)
            plan.append(f"(deliver {carrying.pop()} {loc})")
    return plan
