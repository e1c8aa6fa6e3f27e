# planted-bug: ferry
# bug: Ignores the `on` facts (assumes an empty ferry), so a car that starts aboard has no position: KeyError.
# reveals: a car that starts on the ferry (no builtin or genplan17 task has one)
"""Ferry: deliver the cars one at a time.

Each car not at its goal is fetched: sail to it, board, sail to its goal, debark. A goal position of
the ferry, if any, is reached last.
"""


def generate_solution(objects, init, goal):
    ferry = None
    where = {}  # car -> location
    for fact in init:
        if fact[0] == "at-ferry":
            ferry = fact[1]
        elif fact[0] == "at":
            where[fact[1]] = fact[2]
    targets = {fact[1]: fact[2] for fact in goal if fact[0] == "at"}
    plan = []

    def sail(to):
        nonlocal ferry
        if to != ferry:
            plan.append(f"(sail {ferry} {to})")
            ferry = to

    for car in sorted(targets):
        if where[car] == targets[car]:
            continue
        sail(where[car])
        plan.append(f"(board {car} {ferry})")
        sail(targets[car])
        plan.append(f"(debark {car} {ferry})")
        where[car] = ferry

    for fact in goal:
        if fact[0] == "at-ferry":
            sail(fact[1])
    return plan
