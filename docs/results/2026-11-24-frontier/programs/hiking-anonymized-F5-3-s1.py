from collections import deque

def generate_solution(objects, init, goal):
    # ---- read the static map ----
    succ = {}
    edges = set()
    no_exit = set()
    special = set()
    trail = {}
    at = set()
    for fact in init:
        if not fact:
            continue
        p = fact[0]
        if p == "predicate_4" and len(fact) == 3:
            succ.setdefault(fact[1], []).append(fact[2])
            edges.add((fact[1], fact[2]))
        elif p == "predicate_2" and len(fact) == 2:
            no_exit.add(fact[1])
        elif p == "predicate_3" and len(fact) == 2:
            special.add(fact[1])
        elif p == "predicate_5" and len(fact) == 3:
            trail.setdefault(fact[1], []).append(fact[2])
        elif p == "predicate_1" and len(fact) == 2:
            at.add(fact[1])
    for loc in succ:
        succ[loc] = sorted(set(succ[loc]))
    for loc in trail:
        trail[loc] = sorted(set(trail[loc]))

    goals = sorted(g[1] for g in goal if g and g[0] == "predicate_1" and len(g) == 2)
    plan = []

    def move(a, b):
        if b in special:
            return "(action_2 %s %s)" % (a, b)
        return "(action_1 %s %s)" % (a, b)

    def bfs_route(sources, target):
        parent = {}
        queue = deque()
        for s in sorted(sources):
            if s not in parent:
                parent[s] = None
                queue.append(s)
        while queue:
            u = queue.popleft()
            if u == target:
                path = []
                node = u
                while node is not None:
                    path.append(node)
                    node = parent[node]
                path.reverse()
                return path
            if u in no_exit:
                continue  # cannot leave a no-exit cell
            for v in succ.get(u, ()):
                if v not in parent:
                    parent[v] = u
                    queue.append(v)
        return None

    def trail_route(s, target):
        path = [s]
        seen = {s}
        while path[-1] != target:
            cur = path[-1]
            nxts = trail.get(cur)
            if not nxts:
                return None
            nxt = nxts[0]
            if nxt in seen:
                return None
            if cur in no_exit or (cur, nxt) not in edges:
                return None
            path.append(nxt)
            seen.add(nxt)
        return path

    # ---- solve each goal position (normally exactly one agent, one goal) ----
    free = set(at)
    for g in goals:
        if g in free:
            free.remove(g)
            continue
        if not free:
            return plan
        route = bfs_route(free, g)
        if route is None:
            for s in sorted(free):
                route = trail_route(s, g)
                if route is not None:
                    break
        if route is None:
            return plan  # unsolvable (should not happen)
        for i in range(len(route) - 1):
            plan.append(move(route[i], route[i + 1]))
        free.discard(route[0])
    return plan
