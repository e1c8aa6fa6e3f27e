from collections import deque

def generate_solution(objects, init, goal):
    plan = []
    stations = set(n for n, t in objects if t == 'station')
    lower = set()
    docked = set()
    queues = {}
    heading = {}
    riding = set()
    arrived = set()
    for f in init:
        p = f[0]
        if p == 'lower-than':
            lower.add((f[1], f[2]))
            stations.add(f[1])
            stations.add(f[2])
        elif p == 'gondola-docked':
            docked.add(f[1])
            stations.add(f[1])
        elif p == 'queues':
            queues.setdefault(f[1], set()).add(f[2])
        elif p == 'heading':
            heading.setdefault(f[1], set()).add(f[2])
        elif p == 'riding':
            riding.add(f[1])
        elif p == 'arrived':
            arrived.add(f[1])

    adj = {s: set() for s in stations}
    for a, b in lower:
        adj.setdefault(a, set()).add(b)
        adj.setdefault(b, set()).add(a)

    comp = {}
    cid = 0
    for s in sorted(adj):
        if s in comp:
            continue
        comp[s] = cid
        dq = deque([s])
        while dq:
            u = dq.popleft()
            for v in adj[u]:
                if v not in comp:
                    comp[v] = cid
                    dq.append(v)
        cid += 1

    goal_arr = set(g[1] for g in goal if g[0] == 'arrived')
    goal_ride = sorted(g[1] for g in goal if g[0] == 'riding')
    goal_dock = sorted(g[1] for g in goal if g[0] == 'gondola-docked')

    pending = set(sk for sk in goal_arr if sk not in arrived)
    waiting_at = {}
    dest_at = {}

    def add_dest(sk):
        for h in heading.get(sk, ()):
            dest_at.setdefault(h, set()).add(sk)

    for sk in pending:
        if sk in riding:
            add_dest(sk)
        else:
            for q in queues.get(sk, ()):
                waiting_at.setdefault(q, set()).add(sk)

    def step_name(x, y):
        if (x, y) in lower:
            return 'ascend'
        return 'descend'

    def bfs(src):
        parent = {src: None}
        dist = {src: 0}
        dq = deque([src])
        while dq:
            u = dq.popleft()
            for v in sorted(adj.get(u, ())):
                if v not in parent:
                    parent[v] = u
                    dist[v] = dist[u] + 1
                    dq.append(v)
        return dist, parent

    def move(src, dst):
        if src == dst:
            return True
        if dst in adj.get(src, ()):
            path = [dst]
        else:
            dist, parent = bfs(src)
            if dst not in parent:
                return False
            path = []
            x = dst
            while x != src:
                path.append(x)
                x = parent[x]
            path.reverse()
        cur = src
        for nxt in path:
            plan.append('(%s %s %s)' % (step_name(cur, nxt), cur, nxt))
            docked.discard(cur)
            docked.add(nxt)
            cur = nxt
        return True

    def embark(p, sk):
        plan.append('(embark %s %s)' % (p, sk))
        riding.add(sk)

    def service(p):
        for sk in sorted(waiting_at.get(p, ())):
            embark(p, sk)
            for q in queues.get(sk, ()):
                if q in waiting_at:
                    waiting_at[q].discard(sk)
            add_dest(sk)
        for sk in sorted(dest_at.get(p, ())):
            plan.append('(alight %s %s)' % (p, sk))
            riding.discard(sk)
            arrived.add(sk)
            pending.discard(sk)
            for h in heading.get(sk, ()):
                if h in dest_at:
                    dest_at[h].discard(sk)

    def serve_component(c):
        gons = sorted(d for d in docked if comp.get(d) == c)
        if not gons:
            return
        for d in gons:
            service(d)
        p = gons[0]
        while True:
            if p not in docked:
                gons = sorted(d for d in docked if comp.get(d) == c)
                if not gons:
                    return
                p = gons[0]
            service(p)
            useful = {}
            for s, ss in waiting_at.items():
                if ss and comp.get(s) == c:
                    useful[s] = useful.get(s, 0) + len(ss)
            for s, ss in dest_at.items():
                if ss and comp.get(s) == c:
                    useful[s] = useful.get(s, 0) + len(ss)
            useful.pop(p, None)
            if not useful:
                return
            near = [s for s in useful if s in adj.get(p, ())]
            if near:
                target = min(near, key=lambda s: (-useful[s], s))
            else:
                dist, _ = bfs(p)
                reach = [s for s in useful if s in dist]
                if not reach:
                    return
                target = min(reach, key=lambda s: (dist[s], -useful[s], s))
            if not move(p, target):
                return
            p = target

    comps = sorted(set(comp.values()))
    for _ in range(len(comps) + 3):
        before = len(plan)
        order = sorted(set(comp[d] for d in docked if d in comp),
                       key=lambda c: min(d for d in docked if comp.get(d) == c))
        for c in order:
            serve_component(c)
        if len(plan) == before or not pending:
            break

    # skiers that must end up riding
    for sk in goal_ride:
        if sk in riding:
            continue
        best = None
        for q in sorted(queues.get(sk, ())):
            if q in docked:
                best = (q, q)
                break
            for d in sorted(docked):
                if comp.get(d) == comp.get(q):
                    best = (d, q)
                    break
            if best:
                break
        if best is None:
            continue
        d, q = best
        if move(d, q):
            embark(q, sk)

    # gondolas that must be docked at given stations
    goal_dock_set = set(goal_dock)
    for g in goal_dock:
        if g in docked:
            continue
        cands = sorted(d for d in docked if comp.get(d) == comp.get(g) and d not in goal_dock_set)
        if not cands:
            cands = sorted(d for d in docked if comp.get(d) == comp.get(g))
        if cands:
            move(cands[0], g)

    return plan
