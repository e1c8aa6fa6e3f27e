from collections import deque

def generate_solution(objects, init, goal):
    plan = []
    state = set(init)

    men = set(n for n, t in objects if t == 'man')
    for f in init:
        if f[0] == 'carrying':
            men.add(f[1])
    men = sorted(men)

    adj = {}
    for f in init:
        if f[0] == 'link':
            adj.setdefault(f[1], set()).add(f[2])
    adj = {a: sorted(b) for a, b in adj.items()}

    loc_of = {}
    for f in init:
        if f[0] == 'at':
            loc_of[f[1]] = f[2]

    useable = set(f[1] for f in init if f[0] == 'useable')
    carried_by = {}
    for f in init:
        if f[0] == 'carrying':
            carried_by.setdefault(f[1], set()).add(f[2])

    # useable spanners lying on the ground, per location
    ground = {}
    spanner_names = set(n for n, t in objects if t == 'spanner')
    carried_all = set()
    for m in carried_by:
        carried_all |= carried_by[m]
    for s in spanner_names | set(f[1] for f in init if f[0] == 'useable'):
        if s in useable and s not in carried_all and s in loc_of:
            ground.setdefault(loc_of[s], set()).add(s)

    # loose goal nuts per location
    remaining = {}
    for g in goal:
        if g[0] == 'tightened' and g not in state:
            n = g[1]
            if ('loose', n) in state and n in loc_of:
                remaining.setdefault(loc_of[n], set()).add(n)

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

    def nuts_reachable(src):
        dist = bfs(src)[0]
        return sum(len(ns) for l, ns in remaining.items() if ns and l in dist)

    for m in men:
        if m not in loc_of:
            continue
        carried = sorted(s for s in carried_by.get(m, ()) if s in useable)

        def pickup_here():
            l = loc_of[m]
            need = nuts_reachable(l) - len(carried)
            if need <= 0 or not ground.get(l):
                return
            for s in sorted(ground[l]):
                if need <= 0:
                    break
                plan.append('(pickup_spanner %s %s %s)' % (l, s, m))
                ground[l].discard(s)
                carried.append(s)
                need -= 1

        def walk_to(target):
            dist, par = bfs(loc_of[m])
            path = []
            x = target
            while x is not None:
                path.append(x)
                x = par[x]
            path.reverse()
            for a, b in zip(path, path[1:]):
                plan.append('(walk %s %s %s)' % (a, b, m))
                loc_of[m] = b
                pickup_here()

        def tighten_step(dist):
            cands = []
            for l, ns in remaining.items():
                if ns and l in dist:
                    cands.append((-nuts_reachable(l), dist[l], l))
            if not cands:
                return False
            cands.sort()
            l = cands[0][2]
            walk_to(l)
            for n in sorted(remaining[l]):
                if not carried:
                    break
                s = carried.pop(0)
                plan.append('(tighten_nut %s %s %s %s)' % (l, s, m, n))
                useable.discard(s)
                remaining[l].discard(n)
            return True

        guard = 0
        while guard < 100000:
            guard += 1
            cur = loc_of[m]
            dist = bfs(cur)[0]
            total = nuts_reachable(cur)
            if total == 0:
                break
            pickup_here()
            if len(carried) >= total:
                if not tighten_step(dist):
                    break
                continue
            # need more spanners
            cands = []
            for l, ss in ground.items():
                if ss and l in dist and l != cur:
                    k = nuts_reachable(l)
                    if k > 0:
                        cands.append((-k, dist[l], l))
            if cands:
                cands.sort()
                walk_to(cands[0][2])
                pickup_here()
                continue
            if carried:
                if not tighten_step(dist):
                    break
                continue
            break

    # final positions of men
    for g in sorted(goal):
        if g[0] == 'at' and g[1] in men and loc_of.get(g[1]) != g[2]:
            m = g[1]
            dist, par = bfs(loc_of[m])
            if g[2] in dist:
                path = []
                x = g[2]
                while x is not None:
                    path.append(x)
                    x = par[x]
                path.reverse()
                for a, b in zip(path, path[1:]):
                    plan.append('(walk %s %s %s)' % (a, b, m))
                loc_of[m] = g[2]

    return plan
