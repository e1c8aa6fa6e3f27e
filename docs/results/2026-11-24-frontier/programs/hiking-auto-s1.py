from collections import deque

def generate_solution(objects, init, goal):
    adj = {}
    water = set()
    hill = set()
    pos = set()
    for f in init:
        p = f[0].lower()
        if p == 'adjacent' and len(f) == 3:
            adj.setdefault(f[1], set()).add(f[2])
        elif p == 'iswater':
            water.add(f[1])
        elif p == 'ishill':
            hill.add(f[1])
        elif p == 'at':
            pos.add(f[1])
    nbrs = {u: sorted(vs) for u, vs in adj.items()}

    goals = sorted(f[1] for f in goal if f[0].lower() == 'at' and len(f) == 2)
    goal_set = set(goals)

    def bfs(sources, target):
        prev = {}
        dq = deque()
        for s in sources:
            prev[s] = None
            dq.append(s)
        while dq:
            u = dq.popleft()
            if u == target:
                path = []
                w = u
                while w is not None:
                    path.append(w)
                    w = prev[w]
                path.reverse()
                return path
            if u in water:
                continue  # cannot leave water
            for v in nbrs.get(u, ()):
                if v not in prev:
                    prev[v] = u
                    dq.append(v)
        return None

    plan = []
    for g in goals:
        if g in pos:
            continue
        # prefer moving from a position that is not itself a required goal
        movable = sorted(p for p in pos if p not in goal_set)
        if not movable:
            movable = sorted(pos)
        path = bfs(movable, g)
        if path is None and movable != sorted(pos):
            path = bfs(sorted(pos), g)
        if path is None:
            continue
        for a, b in zip(path, path[1:]):
            if b in hill:
                plan.append('(climb %s %s)' % (a, b))
            else:
                plan.append('(walk %s %s)' % (a, b))
        pos.discard(path[0])
        pos.add(path[-1])
    return plan
