# planted-correct: blocksworld
"""Blocksworld: put every misplaced block on the table, then build the goal towers from the bottom up.

A block is well placed when it rests where the goal wants it (the table counts when the goal puts it on
nothing) and everything below it is well placed too. Every block above a misplaced block is misplaced, so
clearing each tower from the top down to its lowest misplaced block only ever unstacks clear blocks.
"""


def generate_solution(objects, init, goal):
    blocks = sorted(objects)
    below = {}  # block -> the block under it, None for the table
    held = None
    for fact in init:
        if fact[0] == "on":
            below[fact[1]] = fact[2]
        elif fact[0] == "ontable":
            below[fact[1]] = None
        elif fact[0] == "holding":
            held = fact[1]
    goal_below = {}
    for fact in goal:
        if fact[0] == "on":
            goal_below[fact[1]] = fact[2]
        elif fact[0] == "ontable":
            goal_below[fact[1]] = None

    plan = []
    if held is not None:
        plan.append(f"(put-down {held})")
        below[held] = None
    above = {y: x for x, y in below.items() if y is not None}

    # Phase 1: walk each tower up from the table; keep its well-placed prefix, clear the rest.
    placed = set()
    for base in [block for block in blocks if below.get(block) is None]:
        tower = [base]
        while tower[-1] in above:
            tower.append(above[tower[-1]])
        k = 0
        while k < len(tower) and goal_below.get(tower[k]) == (tower[k - 1] if k else None):
            k += 1
        placed.update(tower[:k])
        for block in reversed(tower[max(k, 1) :]):
            plan.append(f"(unstack {block} {below[block]})")
            plan.append(f"(put-down {block})")
            below[block] = None
    for block in blocks:
        if below[block] is None and goal_below.get(block) is None:
            placed.add(block)

    # Phase 2: grow the goal towers on top of well-placed blocks.
    goal_above = {y: x for x, y in goal_below.items() if y is not None}
    frontier = sorted(placed)
    while frontier:
        base = frontier.pop()
        block = goal_above.get(base)
        if block is not None and block not in placed:
            plan.append(f"(pick-up {block})")
            plan.append(f"(stack {block} {base})")
            below[block] = base
            placed.add(block)
            frontier.append(block)
    return plan
