# planted-correct: heavy
"""Heavy: pack the items heaviest first, so each one goes onto a heavier item.

`heavier` orders every pair of items, so an item's rank is the number of items lighter than it. The
heaviest unpacked item goes into the empty box (or onto the current top of the stack, if some items are
already packed), and every other item goes on top of the previous one.
"""


def generate_solution(objects, init, goal):
    lighter_than = {}  # item -> how many items are lighter
    unpacked, top, box_empty = [], None, False
    for fact in init:
        if fact[0] == "heavier":
            lighter_than[fact[1]] = lighter_than.get(fact[1], 0) + 1
        elif fact[0] == "unpacked":
            unpacked.append(fact[1])
        elif fact[0] == "nothing-above":
            top = fact[1]
        elif fact[0] == "box-empty":
            box_empty = True
    wanted = {fact[1] for fact in goal if fact[0] == "packed"}
    order = sorted((i for i in unpacked if i in wanted), key=lambda i: (-lighter_than.get(i, 0), i))
    plan = []
    for item in order:
        if box_empty:
            plan.append(f"(pack-first {item})")
            box_empty = False
        else:
            plan.append(f"(stack {top} {item})")
        top = item
    return plan
