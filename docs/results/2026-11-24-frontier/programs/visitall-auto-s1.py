from collections import deque

def generate_solution(objects, init, goal):
    plan = []

    adj = {}
    for f in init:
        if f[0] == 'connected':
            adj.setdefault(f[1], set()).add(f[2])
    adj = {a: sorted(b) for a, b in adj.items()}

    cur = None
    for f in sorted(init):
        if f[0] == 'at-robot':
            cur = f[1]
            break
    if cur is None:
        return plan

    visited = set(f[1] for f in init if f[0] == 'visited')
    targets = set(g[1] for g in goal if g[0] == 'visited' and g[1] not in visited)
    final_pos = None
    for g in sorted(goal):
        if g[0] == 'at-robot':
            final_pos = g[1]

    def unvisited_deg(x):
        return sum(1 for y in adj.get(x, ()) if y in targets)

    def step(a, b):
        plan.append('(move %s %s)' % (a, b))
        visited.add(b)
        targets.discard(b)

    def bfs(src):
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
        return dist, par

    def follow(par, target):
        path = []
        x = target
        while x is not None:
            path.append(x)
            x = par[x]
        path.reverse()
        return path

    def nearest_targets(src):
        # BFS layer by layer; return best target at minimum distance and parents
        dist = {src: 0}
        par = {src: None}
        frontier = [src]
        while frontier:
            found = [x for x in frontier if x in targets]
            if found:
                found.sort(key=lambda x: (unvisited_deg(x), x))
                return found[0], par
            nxt = []
            for x in frontier:
                for y in adj.get(x, ()):
                    if y not in dist:
                        dist[y] = dist[x] + 1
                        par[y] = x
                        nxt.append(y)
            frontier = nxt
        return None, par

    while targets:
        nbrs = [y for y in adj.get(cur, ()) if y in targets]
        if nbrs:
            nbrs.sort(key=lambda y: (unvisited_deg(y), y))
            nxt = nbrs[0]
            step(cur, nxt)
            cur = nxt
            continue
        t, par = nearest_targets(cur)
        if t is None:
            break
        path = follow(par, t)
        for a, b in zip(path, path[1:]):
            step(a, b)
        cur = t

    if final_pos is not None and cur != final_pos:
        dist, par = bfs(cur)
        if final_pos in dist:
            path = follow(par, final_pos)
            for a, b in zip(path, path[1:]):
                step(a, b)
            cur = final_pos

    return plan
