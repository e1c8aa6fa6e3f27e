from collections import deque

def generate_solution(objects, init, goal):
    men = sorted(n for n, t in objects if t == 'man')
    spanners = sorted(n for n, t in objects if t == 'spanner')
    nuts = sorted(n for n, t in objects if t == 'nut')
    locations = sorted(n for n, t in objects if t == 'location')

    at = {}
    carrying = {m: set() for m in men}
    usable = set()
    loose = set()
    tightened = set()
    succ = {l: set() for l in locations}
    for f in init:
        p = f[0]
        if p == 'at':
            at[f[1]] = f[2]
        elif p == 'carrying':
            carrying.setdefault(f[1], set()).add(f[2])
        elif p == 'usable':
            usable.add(f[1])
        elif p == 'loose':
            loose.add(f[1])
        elif p == 'tightened':
            tightened.add(f[1])
        elif p == 'link':
            succ.setdefault(f[1], set()).add(f[2])
            succ.setdefault(f[2], set())
    adj = {l: sorted(v) for l, v in succ.items()}

    def bfs(src):
        dist = {src: 0}
        parent = {src: None}
        q = deque([src])
        while q:
            u = q.popleft()
            for v in adj.get(u, ()):
                if v not in dist:
                    dist[v] = dist[u] + 1
                    parent[v] = u
                    q.append(v)
        return dist, parent

    reach_cache = {}

    def reachable(src):
        if src not in reach_cache:
            reach_cache[src] = set(bfs(src)[0])
        return reach_cache[src]

    plan = []

    def walk_to(m, target, parent):
        path = []
        v = target
        while v is not None:
            path.append(v)
            v = parent[v]
        path.reverse()
        for a, b in zip(path, path[1:]):
            plan.append('(walk %s %s %s)' % (a, b, m))
        at[m] = target

    goal_nuts = sorted(f[1] for f in goal if f[0] == 'tightened')

    def todo():
        return [n for n in goal_nuts if n not in tightened and n in loose and n in at]

    def ground_spanners():
        return [s for s in spanners if s in usable and s in at]

    for m in men:
        if m not in at:
            continue
        while True:
            rem = todo()
            if not rem:
                break
            loc = at[m]
            mine = sorted(s for s in carrying.get(m, ()) if s in usable)
            # tighten here if possible
            here = [n for n in rem if at[n] == loc]
            if here and mine:
                n = here[0]
                s = mine[0]
                plan.append('(tighten_nut %s %s %s %s)' % (loc, s, m, n))
                usable.discard(s)
                loose.discard(n)
                tightened.add(n)
                continue
            # pick up a spanner here if needed
            need = len(rem) - len(mine)
            if need > 0:
                here_sp = [s for s in ground_spanners() if at[s] == loc]
                if here_sp:
                    s = here_sp[0]
                    plan.append('(pickup_spanner %s %s %s)' % (loc, s, m))
                    del at[s]
                    carrying.setdefault(m, set()).add(s)
                    continue
            dist, parent = bfs(loc)
            cands = []  # (kind, location)
            if mine:
                for n in rem:
                    if at[n] in dist:
                        cands.append(('nut', at[n]))
            if need > 0:
                for s in ground_spanners():
                    if at[s] in dist:
                        cands.append(('spanner', at[s]))
            if not cands:
                break
            cands = sorted(set(cands))
            nut_locs = [at[n] for n in rem if at[n] in dist]

            def safe(kind, l):
                r = reachable(l)
                if any(nl not in r for nl in nut_locs):
                    return False
                carried = len(mine) + (1 if kind == 'spanner' else 0)
                nuts_left = len(nut_locs) - (1 if kind == 'nut' else 0)
                if kind == 'nut':
                    carried -= 1
                avail = carried
                taken = 1 if kind == 'spanner' else 0
                for s in ground_spanners():
                    if at[s] in r:
                        avail += 1
                avail -= taken
                return avail >= nuts_left

            best = None
            best_key = None
            for kind, l in cands:
                key = (0 if safe(kind, l) else 1, dist[l], 0 if kind == 'nut' else 1, l)
                if best_key is None or key < best_key:
                    best_key = key
                    best = l
            walk_to(m, best, parent)

    # optional goals on man positions
    for f in sorted(goal):
        if f[0] == 'at' and f[1] in carrying and at.get(f[1]) != f[2] and f[1] in at:
            m = f[1]
            dist, parent = bfs(at[m])
            if f[2] in dist:
                walk_to(m, f[2], parent)

    return plan
