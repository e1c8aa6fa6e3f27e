# planted-bug: blocksworld
# bug: Clears a tower only down to its topmost block that already sits on its goal block, never below it.
# reveals: a goal fact (on x y) true at the start while y must move (3 blocks: b2 on b1 on b3, goal b1-b3-b2)
"""Blocksworld: put every misplaced block on the table, then build the goal towers from the bottom up.

Each tower is cleared from the top down until a block that already sits on its goal block is reached;
the goal towers are then grown upwards from the blocks that are in place.
"""


def generate_solution(objects, init, goal):
    blocks = sorted(objects)
    below = {}  # block -> the block under it, None for the table
    for fact in init:
        if fact[0] == "on":
            below[fact[1]] = fact[2]
        elif fact[0] == "ontable":
            below[fact[1]] = None
    goal_below = {}
    for fact in goal:
        if fact[0] == "on":
            goal_below[fact[1]] = fact[2]
        elif fact[0] == "ontable":
            goal_below[fact[1]] = None

    def in_place(block):
        return goal_below.get(block) == below[block]

    plan = []
    above = {y: x for x, y in below.items() if y is not None}

    # Phase 1: walk each tower from its top down, putting blocks on the table until one is in place.
    for base in [block for block in blocks if below[block] is None]:
        tower = [base]
        while tower[-1] in above:
            tower.append(above[tower[-1]])
        for block in reversed(tower[1:]):
            if in_place(block):
                break
            plan.append(f"(unstack {block} {below[block]})")
            plan.append(f"(put-down {block})")
            below[block] = None
    placed = {block for block in blocks if in_place(block)}

    # Phase 2: grow the goal towers on top of blocks that are in place.
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
