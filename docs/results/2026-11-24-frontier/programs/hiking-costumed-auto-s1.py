from collections import deque

def generate_solution(objects, init, goal):
    plan = []
    sticky = set()
    logs = set()
    adj = {}
    frogs = set()
    for f in init:
        if f[0] == 'is-sticky':
            sticky.add(f[1])
        elif f[0] == 'is-log':
            logs.add(f[1])
        elif f[0] == 'neighbours' and len(f) == 3:
            adj.setdefault(f[1], set()).add(f[2])
        elif f[0] == 'frog-sits':
            frogs.add(f[1])
    adj = {k: sorted(v) for k, v in adj.items()}

    goal_pads = sorted(g[1] for g in goal if g[0] == 'frog-sits')

    def bfs(src):
        parent = {src: None}
        dist = {src: 0}
        if src in sticky:
            return dist, parent
        dq = deque([src])
        while dq:
            u = dq.popleft()
            if u in sticky:
                continue
            for v in adj.get(u, ()):
                if v not in parent:
                    parent[v] = u
                    dist[v] = dist[u] + 1
                    dq.append(v)
        return dist, parent

    def walk(src, dst, parent):
        path = []
        x = dst
        while x != src:
            path.append(x)
            x = parent[x]
        path.reverse()
        cur = src
        for nxt in path:
            if nxt in logs:
                plan.append('(leap %s %s)' % (cur, nxt))
            else:
                plan.append('(hop %s %s)' % (cur, nxt))
            cur = nxt

    satisfied = set(p for p in goal_pads if p in frogs)
    for target in goal_pads:
        if target in frogs:
            continue
        best = None
        for fr in sorted(frogs):
            if fr in satisfied:
                continue
            dist, parent = bfs(fr)
            if target in dist:
                key = (dist[target], fr)
                if best is None or key < best[0]:
                    best = (key, fr, parent)
        if best is None:
            continue
        _, fr, parent = best
        walk(fr, target, parent)
        frogs.discard(fr)
        frogs.add(target)
        satisfied.add(target)

    return plan
