# planted-bug: blocksworld
# bug: The main loop runs len(blocks) times, assuming one move per block, but a block may need two moves.
# reveals: a task needing more block moves than there are blocks; 3 blocks suffice (builtin p001)
"""Blocksworld, one block move per round.

Each round either moves a clear block straight onto its goal block (when that block is finished and
clear), or, failing that, puts a clear misplaced block on the table. A block is finished when it sits on
its goal support (the table if the goal gives none) and the block below it is finished.
"""


def generate_solution(objects, init, goal):
    blocks = sorted(objects)
    below = {}  # block -> the block under it, None for the table
    for fact in init:
        if fact[0] == "on":
            below[fact[1]] = fact[2]
        elif fact[0] == "ontable":
            below[fact[1]] = None
    goal_below = {fact[1]: fact[2] for fact in goal if fact[0] == "on"}

    def finished(block):
        while True:
            if below[block] != goal_below.get(block):
                return False
            if below[block] is None:
                return True
            block = below[block]

    def clear(block):
        return all(below[other] != block for other in blocks)

    plan = []
    for _ in range(len(blocks)):  # every block is moved at most once
        movable = [b for b in blocks if clear(b) and not finished(b)]
        if not movable:
            break
        ready = [b for b in movable if b in goal_below and finished(goal_below[b]) and clear(goal_below[b])]
        if ready:
            block = ready[0]
            if below[block] is None:
                plan.append(f"(pick-up {block})")
            else:
                plan.append(f"(unstack {block} {below[block]})")
            plan.append(f"(stack {block} {goal_below[block]})")
            below[block] = goal_below[block]
        else:
            block = next(b for b in movable if below[b] is not None)
            plan.append(f"(unstack {block} {below[block]})")
            plan.append(f"(put-down {block})")
            below[block] = None
    return plan
