# planted-bug: ferry
# bug: The delivery loop is capped at 50 rounds of one car each, so cars past the 50th are never moved.
# reveals: more than 50 cars away from their goal (builtin p207, genplan17 instance-141)
"""Ferry: deliver the cars one at a time, preferring a car waiting where the ferry is.

A car already aboard is debarked first (at its goal, or where the ferry is if it has none). Then, each
round, the ferry takes a misplaced car (one at its own location if there is one, saving a sail) to its
goal. A goal position of the ferry, if any, is reached last.
"""

MAX_ROUNDS = 50  # safety bound: never loop forever


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
    for _ in range(MAX_ROUNDS):
        if not pending:
            break
        car = next((c for c in pending if where[c] == ferry), pending[0])
        pending.remove(car)
        sail(where[car])
        plan.append(f"(board {car} {ferry})")
        sail(targets[car])
        plan.append(f"(debark {car} {ferry})")
        where[car] = ferry

    for fact in goal:
        if fact[0] == "at-ferry":
            sail(fact[1])
    return plan
