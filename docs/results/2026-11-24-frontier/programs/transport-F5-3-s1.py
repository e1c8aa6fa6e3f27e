def generate_solution(objects, init, goal):
    from collections import deque
    INF = float('inf')
    plan = []

    vehicles = sorted(n for (n, t) in objects if t == 'vehicle')
    packages = sorted(n for (n, t) in objects if t == 'package')
    vehicle_set = set(vehicles)
    package_set = set(packages)

    # ---------- static information ----------
    succ = {}
    pred = {}
    roads = {}
    for f in init:
        if f[0] == 'capacity-predecessor':
            succ[f[1]] = f[2]
            pred[f[2]] = f[1]
        elif f[0] == 'road':
            roads.setdefault(f[1], set()).add(f[2])
    roads = {a: sorted(bs) for a, bs in roads.items()}

    goal_loc = {}
    for g in goal:
        if g[0] == 'at':
            goal_loc[g[1]] = g[2]

    # ---------- dynamic state ----------
    pos = {}
    cap = {}
    loc = {}
    inside = {v: set() for v in vehicles}
    for f in init:
        if f[0] == 'at':
            if f[1] in vehicle_set:
                pos[f[1]] = f[2]
            else:
                loc[f[1]] = f[2]
        elif f[0] == 'capacity':
            cap[f[1]] = f[2]
        elif f[0] == 'in':
            inside.setdefault(f[2], set()).add(f[1])
            loc[f[1]] = None
    for p in packages:
        if p not in loc:
            loc[p] = None

    # ---------- shortest paths ----------
    bfs_cache = {}

    def bfs(src):
        if src in bfs_cache:
            return bfs_cache[src]
        dist = {src: 0}
        parent = {src: None}
        dq = deque([src])
        while dq:
            a = dq.popleft()
            for b in roads.get(a, ()):
                if b not in dist:
                    dist[b] = dist[a] + 1
                    parent[b] = a
                    dq.append(b)
        bfs_cache[src] = (dist, parent)
        return bfs_cache[src]

    def dist(a, b):
        if a is None or b is None:
            return INF
        return bfs(a)[0].get(b, INF)

    def drive(v, target):
        src = pos[v]
        if src == target:
            return
        d, parent = bfs(src)
        if target not in d:
            return
        path = []
        w = target
        while w is not None:
            path.append(w)
            w = parent[w]
        path.reverse()
        for k in range(len(path) - 1):
            plan.append('(drive %s %s %s)' % (v, path[k], path[k + 1]))
        pos[v] = target

    def can_pick(v):
        return cap.get(v) in pred

    def pickup(v, p):
        c = cap[v]
        plan.append('(pick-up %s %s %s %s %s)' % (v, pos[v], p, pred[c], c))
        cap[v] = pred[c]
        loc[p] = None
        inside[v].add(p)

    def drop(v, p):
        c = cap[v]
        plan.append('(drop %s %s %s %s %s)' % (v, pos[v], p, c, succ[c]))
        cap[v] = succ[c]
        inside[v].discard(p)
        loc[p] = pos[v]

    def deliver_load(v):
        while True:
            carried = sorted(p for p in inside[v] if p in goal_loc)
            if not carried:
                return
            dests = sorted(set(goal_loc[p] for p in carried))
            best = None
            for d in dests:
                key = (dist(pos[v], d), d)
                if best is None or key < best:
                    best = key
            if best[0] == INF:
                return
            d = best[1]
            drive(v, d)
            for p in carried:
                if goal_loc[p] == d and cap[v] in succ:
                    drop(v, p)

    # ---------- 0. packages that start inside a vehicle ----------
    for v in vehicles:
        if any(p in goal_loc for p in inside[v]):
            deliver_load(v)

    # ---------- 1. main loop ----------
    def waiting():
        return sorted(p for p in packages
                      if p in goal_loc and loc.get(p) is not None
                      and loc[p] != goal_loc[p])

    while True:
        w = waiting()
        if not w:
            break
        best = None
        for v in vehicles:
            if v not in pos or not can_pick(v):
                continue
            for p in w:
                c = dist(pos[v], loc[p]) + dist(loc[p], goal_loc[p])
                if c == INF:
                    continue
                key = (c, v, p)
                if best is None or key < best:
                    best = key
        if best is None:
            break
        _, v, p = best
        drive(v, loc[p])
        pickup(v, p)
        here = pos[v]
        for q in waiting():
            if loc[q] != here or dist(here, goal_loc[q]) == INF:
                continue
            if not can_pick(v):
                break
            pickup(v, q)
        deliver_load(v)

    # ---------- 2. vehicles with a goal position ----------
    for v in vehicles:
        if v in goal_loc and v in pos:
            drive(v, goal_loc[v])

    return plan
