from collections import deque

def generate_solution(objects, init, goal):
    types = {}
    for obj in objects:
        types[obj[0]] = obj[1]
    vehicles = {n for n, t in types.items() if t == 'vehicle'}
    packages = {n for n, t in types.items() if t == 'package'}

    adj = {}
    pred, succ = {}, {}
    veh_loc, veh_cap = {}, {}
    pkg_loc, pkg_in = {}, {}
    at_facts = []
    for f in init:
        if len(f) != 3:
            continue
        name, a, b = f
        if name == 'road':
            adj.setdefault(a, set()).add(b)
        elif name == 'capacity-predecessor':
            pred[b] = a
            succ[a] = b
        elif name == 'capacity':
            veh_cap[a] = b
            vehicles.add(a)
        elif name == 'in':
            pkg_in[a] = b
            packages.add(a)
            vehicles.add(b)
        elif name == 'at':
            at_facts.append((a, b))
    for x, l in at_facts:
        if x in vehicles:
            veh_loc[x] = l
        else:
            packages.add(x)
            pkg_loc[x] = l
    nbrs = {l: sorted(s) for l, s in adj.items()}

    goal_at_pkg, goal_in_pkg, goal_at_veh = {}, {}, {}
    for f in goal:
        if len(f) != 3:
            continue
        name, a, b = f
        if name == 'at':
            if a in vehicles:
                goal_at_veh[a] = b
            else:
                goal_at_pkg[a] = b
        elif name == 'in':
            goal_in_pkg[a] = b

    loads = {v: set() for v in vehicles}
    for p, v in pkg_in.items():
        loads.setdefault(v, set()).add(p)
    waiting = {}
    for p, l in pkg_loc.items():
        waiting.setdefault(l, set()).add(p)

    plan = []

    # ---------- graph helpers ----------
    bfs_cache = {}

    def bfs(src):
        r = bfs_cache.get(src)
        if r is None:
            dist = {src: 0}
            par = {src: None}
            dq = deque([src])
            while dq:
                u = dq.popleft()
                du = dist[u] + 1
                for w in nbrs.get(u, ()):
                    if w not in dist:
                        dist[w] = du
                        par[w] = u
                        dq.append(w)
            r = (dist, par)
            bfs_cache[src] = r
        return r

    def dist(a, b):
        return bfs(a)[0].get(b)

    def path(a, b):
        d, par = bfs(a)
        if b not in d:
            return None
        out = []
        u = b
        while u != a:
            out.append(u)
            u = par[u]
        out.reverse()
        return out

    def same_scc(g, h):
        if g == h:
            return True
        return dist(g, h) is not None and dist(h, g) is not None

    # ---------- capacity helpers ----------
    level_memo = {}

    def level(s):
        if s is None:
            return 0
        if s in level_memo:
            return level_memo[s]
        chain = []
        seen = set()
        cur = s
        while cur in pred and cur not in seen and cur not in level_memo:
            seen.add(cur)
            chain.append(cur)
            cur = pred[cur]
        base = level_memo.get(cur, 0)
        for c in reversed(chain):
            base += 1
            level_memo[c] = base
        if s not in level_memo:
            level_memo[s] = 0
        return level_memo[s]

    def free(v):
        return level(veh_cap.get(v))

    def droppable(v):
        return sorted(q for q in loads[v]
                      if q not in goal_at_pkg and goal_in_pkg.get(q) != v)

    def compatible(v, g):
        for q in loads[v]:
            h = goal_at_pkg.get(q)
            if h is not None and not same_scc(g, h):
                return False
        return True

    # ---------- actions ----------
    def pick(v, p):
        s2 = veh_cap.get(v)
        if s2 not in pred:
            return False
        s1 = pred[s2]
        l = veh_loc[v]
        plan.append('(pick-up %s %s %s %s %s)' % (v, l, p, s1, s2))
        veh_cap[v] = s1
        if l in waiting:
            waiting[l].discard(p)
        pkg_loc[p] = None
        pkg_in[p] = v
        loads[v].add(p)
        return True

    def drop(v, p):
        s1 = veh_cap.get(v)
        if s1 not in succ:
            return False
        s2 = succ[s1]
        l = veh_loc[v]
        plan.append('(drop %s %s %s %s %s)' % (v, l, p, s1, s2))
        veh_cap[v] = s2
        loads[v].discard(p)
        pkg_in[p] = None
        pkg_loc[p] = l
        waiting.setdefault(l, set()).add(p)
        return True

    def drive_step(v, nxt):
        plan.append('(drive %s %s %s)' % (v, veh_loc[v], nxt))
        veh_loc[v] = nxt

    def service(v, en_route_target=None):
        x = veh_loc[v]
        # deliver everything whose goal is here
        for p in sorted(loads[v]):
            if goal_at_pkg.get(p) == x:
                if not drop(v, p):
                    break
        # pick up waiting packages that still have to move
        here = [p for p in waiting.get(x, ())
                if p in goal_at_pkg and goal_at_pkg[p] != x]
        if not here:
            return
        dx = bfs(x)[0]
        order = sorted((dx[goal_at_pkg[p]], p) for p in here
                       if goal_at_pkg[p] in dx)
        for dg, p in order:
            g = goal_at_pkg[p]
            if en_route_target is not None:
                dt = dist(en_route_target, g)
                if dt is None or dt > dg:
                    continue
            if not compatible(v, g):
                continue
            if free(v) == 0:
                dr = droppable(v)
                if not dr or not drop(v, dr[0]):
                    break
            if free(v) == 0:
                break
            pick(v, p)

    # ---------- phase 1: deliver packages with (at p l) goals ----------
    vlist = sorted(v for v in vehicles if v in veh_loc)
    max_iter = 4 * (len(packages) + len(vlist)) + 100
    for _ in range(max_iter):
        pend_by_loc = {}
        for p in sorted(goal_at_pkg):
            l = pkg_loc.get(p)
            g = goal_at_pkg[p]
            if l is None or l == g:
                continue
            dg = dist(l, g)
            if dg is None:
                continue
            pend_by_loc.setdefault(l, []).append((dg, p))
        for l in pend_by_loc:
            pend_by_loc[l].sort()
        pend_locs = sorted(pend_by_loc)

        best = None
        for v in vlist:
            x = veh_loc[v]
            dx = bfs(x)[0]
            vg = goal_at_veh.get(v)
            cands = []
            if veh_cap.get(v) in succ:
                for p in loads[v]:
                    g = goal_at_pkg.get(p)
                    if g is not None and g in dx:
                        cands.append((dx[g], 0, g, p))
            if pend_locs and (free(v) > 0 or droppable(v)):
                for a in pend_locs:
                    if a not in dx:
                        continue
                    for dg, p in pend_by_loc[a]:
                        if compatible(v, goal_at_pkg[p]):
                            cands.append((dx[a], dg, a, p))
                            break
            for cost, sec, tgt, p in cands:
                bad = 0
                if vg is not None and dist(tgt, vg) is None:
                    bad = 1
                key = (bad, cost, sec, v, p, tgt)
                if best is None or key < best[0]:
                    best = (key, v, tgt)
        if best is None:
            break
        _, v, tgt = best
        if veh_loc[v] == tgt:
            service(v)
        else:
            for nxt in path(veh_loc[v], tgt):
                drive_step(v, nxt)
                service(v, None if nxt == tgt else tgt)

    # ---------- phase 2: (in p v) goals ----------
    for p in sorted(goal_in_pkg):
        v = goal_in_pkg[p]
        if v not in veh_loc or pkg_in.get(p) == v:
            continue
        w = pkg_in.get(p)
        if w is not None:
            if not drop(w, p):
                continue
        a = pkg_loc.get(p)
        if a is None:
            continue
        pth = path(veh_loc[v], a)
        if pth is None:
            continue
        for nxt in pth:
            drive_step(v, nxt)
        if free(v) == 0:
            for q in droppable(v):
                if drop(v, q):
                    break
        pick(v, p)

    # ---------- phase 3: (at v l) goals for vehicles ----------
    for v in sorted(goal_at_veh):
        if v not in veh_loc:
            continue
        pth = path(veh_loc[v], goal_at_veh[v])
        if pth is None:
            continue
        for nxt in pth:
            drive_step(v, nxt)

    return plan
