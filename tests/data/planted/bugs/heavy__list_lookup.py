# planted-bug: heavy
# bug: Ranks items by testing `heavier` facts against a list in a double loop over items: O(n^2 * n^2) time.
# reveals: 150 to 200+ items, load-dependent near the limit (timeout; builtin p027, genplan17 instance-7)
"""Heavy: pack the items heaviest first, so each one goes onto a heavier item.

`heavier` orders every pair of items, so an item's rank is the number of items lighter than it. The
heaviest unpacked item goes into the empty box (or onto the current top of the stack, if some items are
already packed), and every other item goes on top of the previous one.
"""


def generate_solution(objects, init, goal):
    heavier = [fact for fact in init if fact[0] == "heavier"]
    unpacked = sorted(fact[1] for fact in init if fact[0] == "unpacked")
    top = next((fact[1] for fact in init if fact[0] == "nothing-above"), None)
    box_empty = ("box-empty",) in init
    wanted = {fact[1] for fact in goal if fact[0] == "packed"}
    items = [i for i in unpacked if i in wanted]
    lighter_than = {item: sum(("heavier", item, other) in heavier for other in items) for item in items}
    order = sorted(items, key=lambda i: (-lighter_than[i], i))
    plan = []
    for item in order:
        if box_empty:
            plan.append(f"(pack-first {item})")
            box_empty = False
        else:
            plan.append(f"(stack {top} {item})")
        top = item
    return plan
