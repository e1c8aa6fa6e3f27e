"""Not hostile: a correct generalized plan for ferry, whatever order its inputs come in.

Moves every car whose goal location differs from its current one: sail to the car, board, sail to the
goal, debark. A car already on the ferry is delivered first.
"""


def generate_solution(objects, init, goal):
    ferry = next(fact[1] for fact in init if fact[0] == "at-ferry")
    where = {fact[1]: fact[2] for fact in init if fact[0] == "at"}
    plan = []

    def sail(to):
        nonlocal ferry
        if to != ferry:
            plan.append(f"(sail {ferry} {to})")
            ferry = to

    targets = {fact[1]: fact[2] for fact in goal if fact[0] == "at"}
    for fact in init:
        if fact[0] == "on":
            car = fact[1]
            sail(targets.get(car, ferry))
            plan.append(f"(debark {car} {ferry})")
            where[car] = ferry
    for car in sorted(targets):
        if where.get(car) == targets[car]:
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
