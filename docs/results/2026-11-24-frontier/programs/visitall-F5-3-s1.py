def generate_solution(objects, init, goal):
    plan = []

    neighbours = {}
    cur = None
    visited = set()
    for f in init:
        if f[0] == 'connected':
            neighbours.setdefault(f[1], set()).add(f[2])
        elif f[0] == 'at-robot':
            cur = f[1]
        elif f[0] == 'visited':
            visited.add(f[1])
    neighbours = {p: sorted(qs) for p, qs in neighbours.items()}
    connected = set((f[1], f[2]) for f in init if f[0] == 'connected')

    goal_places = set(g[1] for g in goal if g[0] == 'visited')
    todo = set(p for p in goal_places if p not in visited)

    if cur is None:
        return plan

    def nearest_path(src):
        """Level-by-level BFS from src; returns the path [src, ..., target] to the
        nearest place in todo other than src (ties: smallest name), or None."""
        parent = {src: None}
        frontier = [src]
        while frontier:
            nxt = []
            for a in frontier:
                for b in neighbours.get(a, ()):
                    if b not in parent:
                        parent[b] = a
                        nxt.append(b)
            if not nxt:
                return None
            hits = [b for b in nxt if b in todo]
            if hits:
                target = min(hits)
                path = []
                w = target
                while w is not None:
                    path.append(w)
                    w = parent[w]
                path.reverse()
                return path
            frontier = nxt
        return None

    while todo:
        path = nearest_path(cur)
        if path is not None:
            for k in range(len(path) - 1):
                a, b = path[k], path[k + 1]
                plan.append('(move %s %s)' % (a, b))
                cur = b
                visited.add(b)
                todo.discard(b)
        elif cur in todo:
            # only the robot's own (never visited) place is left: step out and back
            back = [n for n in neighbours.get(cur, []) if (n, cur) in connected]
            if not back:
                break
            n = back[0]
            plan.append('(move %s %s)' % (cur, n))
            plan.append('(move %s %s)' % (n, cur))
            visited.add(n)
            visited.add(cur)
            todo.discard(n)
            todo.discard(cur)
        else:
            break  # remaining goal places are unreachable

    return plan
