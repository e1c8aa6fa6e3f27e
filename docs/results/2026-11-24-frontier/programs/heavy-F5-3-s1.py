def generate_solution(objects, init, goal):
    rank = {}
    packed = set()
    nothing_above = set()
    box_empty = False
    for f in init:
        if f[0] == 'heavier' and len(f) == 3:
            rank[f[1]] = rank.get(f[1], 0) + 1
        elif f[0] == 'packed' and len(f) == 2:
            packed.add(f[1])
        elif f[0] == 'nothing-above' and len(f) == 2:
            nothing_above.add(f[1])
        elif f[0] == 'box-empty':
            box_empty = True

    # current top of the pile (if the box already holds items)
    top = None
    tops = sorted(x for x in nothing_above if x in packed)
    if tops:
        top = tops[0]

    need = set()
    for f in goal:
        if f[0] == 'packed' and len(f) == 2 and f[1] not in packed:
            need.add(f[1])

    order = sorted(need, key=lambda x: (-rank.get(x, 0), x))

    plan = []
    for item in order:
        if box_empty:
            plan.append('(pack-first %s)' % item)
            box_empty = False
        else:
            plan.append('(stack %s %s)' % (top, item))
        top = item
    return plan
