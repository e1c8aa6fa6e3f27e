from collections import deque

def generate_solution(objects, init, goal):
    heavier = set()
    succ = {}
    outdeg = {}
    indeg = {}
    items = set(objects)
    for f in init:
        if f[0] == 'heavier' and len(f) == 3:
            a, b = f[1], f[2]
            heavier.add((a, b))
            succ.setdefault(a, set()).add(b)
            outdeg[a] = outdeg.get(a, 0) + 1
            indeg[b] = indeg.get(b, 0) + 1
            items.add(a)
            items.add(b)

    def H(a, b):
        return (a, b) in heavier

    packed = {f[1] for f in init if f[0] == 'packed'}
    unpacked = {f[1] for f in init if f[0] == 'unpacked'}
    box_empty = ('box-empty',) in init

    def key(x):
        return (-outdeg.get(x, 0), indeg.get(x, 0), x)

    targets = sorted({f[1] for f in goal if f[0] == 'packed' and len(f) == 2} - packed, key=key)
    if not targets:
        return []

    # current top of the stack (if the box is not empty)
    top = None
    if not box_empty:
        tops = sorted((x for x in packed if ('nothing-above', x) in init), key=key)
        if tops:
            top = tops[0]

    path = [top] if top is not None else []
    fixed = 1 if top is not None else 0
    pending = []
    for x in targets:
        if not path:
            path.append(x)
            continue
        if H(path[-1], x):
            path.append(x)
            continue
        if fixed == 0 and H(x, path[0]):
            path.insert(0, x)
            continue
        placed = False
        for j in range(max(fixed, 1), len(path)):
            if H(path[j - 1], x) and H(x, path[j]):
                path.insert(j, x)
                placed = True
                break
        if not placed:
            pending.append(x)
    path.extend(pending)

    used = set(path) | packed

    def bridge(a, b):
        # shortest chain a > m1 > ... > mk > b through free unpacked items
        prev = {a: None}
        dq = deque([a])
        while dq:
            u = dq.popleft()
            for v in sorted(succ.get(u, ())):
                if v == b:
                    chain = []
                    w = u
                    while w != a:
                        chain.append(w)
                        w = prev[w]
                    chain.reverse()
                    return chain
                if v in prev or v in used or v not in unpacked:
                    continue
                prev[v] = u
                dq.append(v)
        return []

    plan = []
    cur = top
    for x in path[fixed:]:
        if cur is None:
            plan.append('(pack-first %s)' % x)
            cur = x
            continue
        if not H(cur, x):
            for m in bridge(cur, x):
                plan.append('(stack %s %s)' % (cur, m))
                used.add(m)
                cur = m
        plan.append('(stack %s %s)' % (cur, x))
        cur = x
    return plan
