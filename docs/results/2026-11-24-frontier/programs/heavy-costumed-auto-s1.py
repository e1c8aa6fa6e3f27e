import heapq

from collections import deque

def generate_solution(objects, init, goal):
    plan = []
    tiers = set()
    wider = {}
    for f in init:
        if f[0] == 'wider' and len(f) == 3:
            tiers.add(f[1])
            tiers.add(f[2])
            wider.setdefault(f[1], set()).add(f[2])
        elif f[0] in ('plated', 'unplated', 'topmost') and len(f) == 2:
            tiers.add(f[1])
    for g in goal:
        if len(g) == 2:
            tiers.add(g[1])
    plated = set(f[1] for f in init if f[0] == 'plated')
    bare = ('plate-bare',) in init
    tops = sorted(f[1] for f in init if f[0] == 'topmost')
    top = tops[0] if tops else None

    goal_plated = set(g[1] for g in goal if g[0] == 'plated')
    goal_top = sorted(g[1] for g in goal if g[0] == 'topmost')
    goal_unplated = set(g[1] for g in goal if g[0] == 'unplated')
    for t in goal_top:
        goal_plated.add(t)
    targets = set(t for t in goal_plated if t not in plated)
    if not targets:
        return plan

    # topological order of all tiers by the wider relation (widest first)
    outdeg = {t: len(wider.get(t, ())) for t in tiers}
    indeg = {t: 0 for t in tiers}
    for a in wider:
        for b in wider[a]:
            indeg[b] += 1
    heap = [(-outdeg[t], t) for t in tiers if indeg[t] == 0]
    heapq.heapify(heap)
    order = []
    seen = set()
    while heap:
        _, t = heapq.heappop(heap)
        if t in seen:
            continue
        seen.add(t)
        order.append(t)
        for b in wider.get(t, ()):
            indeg[b] -= 1
            if indeg[b] == 0:
                heapq.heappush(heap, (-outdeg[b], b))
    rest = sorted((t for t in tiers if t not in seen), key=lambda t: (-outdeg[t], t))
    order.extend(rest)
    pos = {t: i for i, t in enumerate(order)}

    seq = sorted(targets, key=lambda t: pos[t])
    if goal_top and goal_top[0] in targets:
        gt = goal_top[0]
        seq.remove(gt)
        seq.append(gt)

    remaining = set(seq)

    def connect(src, dst):
        # shortest chain src -> ... -> dst through free unplated tiers
        parent = {src: None}
        dq = deque([src])
        while dq:
            u = dq.popleft()
            for v in sorted(wider.get(u, ())):
                if v in parent:
                    continue
                if v == dst:
                    parent[v] = u
                    path = []
                    x = v
                    while x != src:
                        path.append(x)
                        x = parent[x]
                    path.reverse()
                    return path
                if v in plated or v in goal_unplated or v in remaining:
                    continue
                parent[v] = u
                dq.append(v)
        return None

    for t in seq:
        remaining.discard(t)
        if t in plated:
            continue
        if top is None:
            if bare:
                plan.append('(lay-base %s)' % t)
                plated.add(t)
                bare = False
                top = t
            continue
        if t in wider.get(top, ()):
            plan.append('(add-tier %s %s)' % (top, t))
            plated.add(t)
            top = t
            continue
        path = connect(top, t)
        if path is None:
            continue
        for x in path:
            plan.append('(add-tier %s %s)' % (top, x))
            plated.add(x)
            top = x

    return plan
