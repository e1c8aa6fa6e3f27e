from collections import deque

def generate_solution(objects, init, goal):
    start = None
    hill = set()
    water = set()
    succ = {}
    trail = {}
    for f in init:
        p = f[0].lower()
        if p == 'at' and len(f) == 2:
            start = f[1]
        elif p == 'ishill' and len(f) == 2:
            hill.add(f[1])
        elif p == 'iswater' and len(f) == 2:
            water.add(f[1])
        elif p == 'adjacent' and len(f) == 3:
            succ.setdefault(f[1], []).append(f[2])
        elif p == 'ontrail' and len(f) == 3:
            trail.setdefault(f[1], []).append(f[2])
    for l in succ:
        succ[l].sort()
    for l in trail:
        trail[l].sort()

    target = None
    for f in goal:
        if f[0].lower() == 'at' and len(f) == 2:
            target = f[1]
    if target is None or start is None or start == target:
        return []

    # BFS over locations
    parent = {start: None}
    queue = deque([start])
    while queue and target not in parent:
        l = queue.popleft()
        if l in water:
            continue  # no action can start from water
        for l2 in succ.get(l, ()):
            if l2 not in parent:
                parent[l2] = l
                if l2 == target:
                    break
                queue.append(l2)

    path = None
    if target in parent:
        path = []
        cur = target
        while cur is not None:
            path.append(cur)
            cur = parent[cur]
        path.reverse()
    else:
        # fallback: follow the trail
        path = [start]
        seen = {start}
        cur = start
        while cur != target:
            nxt = None
            for cand in trail.get(cur, ()):
                if cand not in seen:
                    nxt = cand
                    break
            if nxt is None:
                break
            path.append(nxt)
            seen.add(nxt)
            cur = nxt

    plan = []
    for i in range(len(path) - 1):
        a, b = path[i], path[i + 1]
        if b in hill:
            plan.append('(climb %s %s)' % (a, b))
        else:
            plan.append('(walk %s %s)' % (a, b))
    return plan
