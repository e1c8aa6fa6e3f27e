from collections import deque

def generate_solution(objects, init, goal):
    adj = {}
    stuck = set()      # predicate_2: cannot leave
    marked = set()     # predicate_3: entered with action_2
    at = set()
    for f in init:
        if f[0] == 'predicate_4' and len(f) == 3:
            adj.setdefault(f[1], set()).add(f[2])
        elif f[0] == 'predicate_2' and len(f) == 2:
            stuck.add(f[1])
        elif f[0] == 'predicate_3' and len(f) == 2:
            marked.add(f[1])
        elif f[0] == 'predicate_1' and len(f) == 2:
            at.add(f[1])
    nbrs = {u: sorted(vs) for u, vs in adj.items()}

    goals = sorted(f[1] for f in goal if f[0] == 'predicate_1' and len(f) == 2)
    plan = []

    def shortest(sources, target):
        prev = {}
        dq = deque()
        for s in sorted(sources):
            prev[s] = None
            dq.append(s)
        while dq:
            u = dq.popleft()
            if u == target:
                path = []
                x = u
                while x is not None:
                    path.append(x)
                    x = prev[x]
                path.reverse()
                return path
            if u in stuck:
                continue
            for v in nbrs.get(u, ()):
                if v not in prev:
                    prev[v] = u
                    dq.append(v)
        return None

    for g in goals:
        if g in at:
            continue
        sources = [a for a in at if a not in goals] or list(at)
        if not sources:
            continue
        path = shortest(sources, g)
        if path is None:
            continue
        for a, b in zip(path, path[1:]):
            if b in marked:
                plan.append('(action_2 %s %s)' % (a, b))
            else:
                plan.append('(action_1 %s %s)' % (a, b))
        at.discard(path[0])
        at.add(g)
    return plan
