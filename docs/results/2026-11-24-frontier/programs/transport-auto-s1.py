from collections import deque

def generate_solution(objects, init, goal):
    plan = []

    types = {n: t for n, t in objects}
    vehicles = set(n for n, t in objects if t == 'vehicle')
    for f in init:
        if f[0] in ('capacity', 'in'):
            vehicles.add(f[1] if f[0] == 'capacity' else f[2])
    vehicles = sorted(vehicles)
    vset = set(vehicles)

    adj = {}
    for f in init:
        if f[0] == 'road':
            adj.setdefault(f[1], set()).add(f[2])
    adj = {a: sorted(b) for a, b in adj.items()}

    down = {}  # capacity -> capacity after a pick-up
    up = {}    # capacity -> capacity after a drop
    for f in init:
        if f[0] == 'capacity-predecessor':
            down[f[2]] = f[1]
            up[f[1]] = f[2]

    vloc = {}
    ploc = {}
    for f in init:
        if f[0] == 'at':
            if f[1] in vset:
                vloc[f[1]] = f[2]
            else:
                ploc[f[1]] = f[2]
    vcap = {}
    for f in sorted(x for x in init if x[0] == 'capacity'):
        vcap.setdefault(f[1], f[2])
    carried = {v: set() for v in vehicles}
    for f in init:
        if f[0] == 'in':
            carried.setdefault(f[2], set()).add(f[1])
            ploc.pop(f[1], None)

    goal_loc = {}
    vgoal = {}
    for g in goal:
        if g[0] == 'at':
            if g[1] in vset:
                vgoal[g[1]] = g[2]
            else:
                goal_loc[g[1]] = g[2]

    bfs_cache = {}

    def bfs(src):
        if src in bfs_cache:
            return bfs_cache[src]
        dist = {src: 0}
        par = {src: None}
        q = deque([src])
        while q:
            x = q.popleft()
            for y in adj.get(x, ()):
                if y not in dist:
                    dist[y] = dist[x] + 1
                    par[y] = x
                    q.append(y)
        bfs_cache[src] = (dist, par)
        return bfs_cache[src]

    def drive(v, target):
        if vloc[v] == target:
            return
        dist, par = bfs(vloc[v])
        path = []
        x = target
        while x is not None:
            path.append(x)
            x = par[x]
        path.reverse()
        for a, b in zip(path, path[1:]):
            plan.append('(drive %s %s %s)' % (v, a, b))
        vloc[v] = target

    # packages waiting on the ground that still have to move
    waiting = set(p for p in goal_loc if p in ploc and ploc[p] != goal_loc[p])

    def deliverable(p, frm):
        return goal_loc[p] in bfs(frm)[0]

    def act_at(v):
        l = vloc[v]
        for p in sorted(carried[v]):
            if goal_loc.get(p) == l and vcap.get(v) in up:
                c1 = vcap[v]
                c2 = up[c1]
                plan.append('(drop %s %s %s %s %s)' % (v, l, p, c1, c2))
                vcap[v] = c2
                carried[v].discard(p)
                ploc[p] = l
        here = [p for p in waiting if ploc.get(p) == l and deliverable(p, l)]
        dist = bfs(l)[0]
        here.sort(key=lambda p: (dist[goal_loc[p]], p))
        for p in here:
            if vcap.get(v) not in down:
                break
            c2 = vcap[v]
            c1 = down[c2]
            plan.append('(pick-up %s %s %s %s %s)' % (v, l, p, c1, c2))
            vcap[v] = c1
            carried[v].add(p)
            waiting.discard(p)
            del ploc[p]

    guard = 0
    while guard < 1000000:
        guard += 1
        best = None
        for v in vehicles:
            if v not in vloc:
                continue
            dist = bfs(vloc[v])[0]
            for p in carried[v]:
                gl = goal_loc.get(p)
                if gl is not None and gl in dist and vcap.get(v) in up:
                    c = (dist[gl], 0, v, gl)
                    if best is None or c < best:
                        best = c
            if vcap.get(v) in down:
                for p in waiting:
                    l = ploc[p]
                    if l in dist and deliverable(p, l):
                        c = (dist[l], 1, v, l)
                        if best is None or c < best:
                            best = c
        if best is None:
            break
        _, _, v, l = best
        drive(v, l)
        act_at(v)

    for v in vehicles:
        if v in vgoal and v in vloc and vloc[v] != vgoal[v]:
            if vgoal[v] in bfs(vloc[v])[0]:
                drive(v, vgoal[v])

    return plan
