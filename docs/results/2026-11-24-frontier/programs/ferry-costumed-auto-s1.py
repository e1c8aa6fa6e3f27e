from collections import deque

def generate_solution(objects, init, goal):
    plan = []
    towers = {f[1] for f in init if f[0] == 'tower' and len(f) == 2}
    adj = {t: [] for t in towers}
    for f in init:
        if f[0] == 'apart' and len(f) == 3 and f[1] in towers and f[2] in towers and f[1] != f[2]:
            adj[f[1]].append(f[2])
    for t in adj:
        adj[t] = sorted(set(adj[t]))

    perched = sorted(f[1] for f in init if f[0] == 'pigeon-perched')
    pos = [perched[0] if perched else None]
    loc = {}
    for f in init:
        if f[0] == 'scroll-rests':
            loc[f[1]] = f[2]
    held = sorted(f[1] for f in init if f[0] == 'clutched')

    goal_loc = {}
    for g in goal:
        if g[0] == 'scroll-rests':
            goal_loc[g[1]] = g[2]
    goal_clutch = sorted(g[1] for g in goal if g[0] == 'clutched')
    goal_pos = sorted(g[1] for g in goal if g[0] == 'pigeon-perched')

    def bfs(src):
        dist = {src: 0}
        parent = {src: None}
        dq = deque([src])
        while dq:
            u = dq.popleft()
            for v in adj.get(u, ()):
                if v not in dist:
                    dist[v] = dist[u] + 1
                    parent[v] = u
                    dq.append(v)
        return dist, parent

    def go(target):
        if pos[0] == target:
            return True
        dist, parent = bfs(pos[0])
        if target not in dist:
            return False
        path = []
        t = target
        while t != pos[0]:
            path.append(t)
            t = parent[t]
        path.reverse()
        cur = pos[0]
        for nxt in path:
            plan.append('(flutter %s %s)' % (cur, nxt))
            cur = nxt
        pos[0] = target
        return True

    # 1. release scrolls held at the start
    for sc in held:
        dest = goal_loc.get(sc)
        if dest is not None and dest != pos[0]:
            if not go(dest):
                dest = pos[0]
        else:
            dest = pos[0]
        plan.append('(release %s %s)' % (sc, pos[0]))
        loc[sc] = pos[0]

    # 2. deliver misplaced scrolls, nearest first
    pending = set(sc for sc in goal_loc if loc.get(sc) != goal_loc[sc] and sc in loc)
    while pending:
        dist, _ = bfs(pos[0])
        best = None
        for sc in pending:
            d = dist.get(loc[sc])
            if d is None:
                continue
            key = (d, sc)
            if best is None or key < best:
                best = key
        if best is None:
            break
        sc = best[1]
        pending.discard(sc)
        go(loc[sc])
        plan.append('(snatch %s %s)' % (sc, pos[0]))
        if not go(goal_loc[sc]):
            pass
        plan.append('(release %s %s)' % (sc, pos[0]))
        loc[sc] = pos[0]

    # 3. scroll that must be held at the end
    if goal_clutch:
        sc = goal_clutch[0]
        if sc in loc and go(loc[sc]):
            plan.append('(snatch %s %s)' % (sc, pos[0]))
            del loc[sc]

    # 4. final position of the pigeon
    if goal_pos:
        go(goal_pos[0])

    return plan
