def generate_solution(objects, init, goal):
    adj = {}
    visited = set(); unvisited = set(); cur_list = []; fresh = False
    for f in init:
        if f[0] == 'predicate_1' and len(f) == 3:
            adj.setdefault(f[1], set()).add(f[2])
        elif f[0] == 'predicate_2' and len(f) == 2:
            visited.add(f[1])
        elif f[0] == 'predicate_3' and len(f) == 2:
            unvisited.add(f[1])
        elif f[0] == 'predicate_4' and len(f) == 2:
            cur_list.append(f[1])
        elif f[0] == 'predicate_5':
            fresh = True

    goal_vis = set(f[1] for f in goal if f[0] == 'predicate_2' and len(f) == 2)
    goal_end = sorted(f[1] for f in goal if f[0] == 'predicate_4' and len(f) == 2)
    end = goal_end[0] if goal_end else None
    cur = sorted(cur_list)[0] if cur_list else None

    required = set(x for x in goal_vis if x not in visited)
    if not required and (end is None or end in cur_list):
        return []

    fixed_start = None if fresh else cur
    if not fresh and cur is None:
        return []

    def E(u, w):
        return w in adj.get(u, ()) and w in unvisited

    def insertion(nodes):
        nodes = set(nodes)
        if fixed_start is not None:
            nodes.discard(fixed_start)
        allset = set(nodes)
        if fixed_start is not None:
            allset.add(fixed_start)
        outdeg = {v: sum(1 for w in adj.get(v, ()) if w in allset and w in unvisited) for v in nodes}
        order = sorted(nodes, key=lambda v: (-outdeg[v], v))
        path = [fixed_start] if fixed_start is not None else []
        left = order
        while left:
            new_left = []
            for v in left:
                if not path:
                    path.append(v)
                    continue
                if E(path[-1], v):
                    path.append(v)
                    continue
                if fixed_start is None and E(v, path[0]):
                    path.insert(0, v)
                    continue
                done = False
                for i in range(len(path) - 1):
                    if E(path[i], v) and E(v, path[i + 1]):
                        path.insert(i + 1, v)
                        done = True
                        break
                if not done:
                    new_left.append(v)
            if len(new_left) == len(left):
                break
            left = new_left
        return path

    def greedy(nodes, start):
        remaining = set(nodes)
        remaining.discard(start)
        path = [start]
        c = start
        while True:
            cands = [w for w in adj.get(c, ()) if w in remaining and w in unvisited]
            if not cands:
                break
            best = min(cands, key=lambda w: (sum(1 for x in adj.get(w, ()) if x in remaining and x in unvisited and x != w), w))
            path.append(best)
            remaining.discard(best)
            c = best
        return path

    def score(path):
        s = set(path)
        cov = len(required & s)
        endok = 1 if (end is None or (path and path[-1] == end)) else 0
        return (cov, endok, -len(path))

    node_sets = [set(required) | ({end} if end else set())]
    extra = set(required) | set(x for x in unvisited) | ({end} if end else set())
    if extra != node_sets[0]:
        node_sets.append(extra)

    best = None
    for ns in node_sets:
        p = insertion(ns)
        if best is None or score(p) > score(best):
            best = p
        if score(best)[0] == len(required) and score(best)[1] == 1:
            break
    if score(best)[0] < len(required):
        for ns in node_sets:
            if fixed_start is not None:
                starts = [fixed_start]
            else:
                indeg = {v: 0 for v in ns}
                for u in ns:
                    for w in adj.get(u, ()):
                        if w in indeg:
                            indeg[w] += 1
                starts = sorted(ns, key=lambda v: (indeg[v], v))[:8]
            for s in starts:
                p = greedy(ns, s)
                if score(p) > score(best):
                    best = p

    path = best
    if end is not None and path and path[-1] != end and end not in path and E(path[-1], end):
        path.append(end)

    plan = []
    if not path:
        return plan
    seen = set()
    if fresh:
        plan.append('(action_1 %s)' % path[0])
        seen.add(path[0])
    else:
        if path[0] != cur:
            return plan
    prev = path[0]
    for v in path[1:]:
        if v in seen or not E(prev, v):
            break
        plan.append('(action_2 %s %s)' % (prev, v))
        seen.add(v)
        prev = v
    return plan
