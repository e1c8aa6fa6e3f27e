from collections import deque

def generate_solution(objects, init, goal):
    types = {}
    for (name, typ) in objects:
        types[name] = typ
    workers = sorted(n for n, t in types.items() if t == "type_3")

    links = {}
    at = {}
    carried_init = {}
    usable = set()
    loose = set()
    fixed = set()
    for fact in init:
        if not fact:
            continue
        p = fact[0]
        if p == "predicate_4" and len(fact) == 3:
            links.setdefault(fact[1], set()).add(fact[2])
        elif p == "predicate_1" and len(fact) == 3:
            at[fact[1]] = fact[2]
        elif p == "predicate_2" and len(fact) == 3:
            carried_init.setdefault(fact[1], set()).add(fact[2])
        elif p == "predicate_3" and len(fact) == 2:
            usable.add(fact[1])
        elif p == "predicate_6" and len(fact) == 2:
            loose.add(fact[1])
        elif p == "predicate_5" and len(fact) == 2:
            fixed.add(fact[1])
    links = {l: sorted(s) for l, s in links.items()}

    # workers may also be recognised from predicate_2 if types were missing
    if not workers:
        workers = sorted(carried_init.keys())

    goal_jobs = sorted(g[1] for g in goal if g and g[0] == "predicate_5" and len(g) == 2)
    jobs_at = {}
    remaining = 0
    for n in goal_jobs:
        if n in fixed:
            continue
        if n not in loose or n not in at:
            continue  # cannot be fixed by any action
        jobs_at.setdefault(at[n], set()).add(n)
        remaining += 1

    carried_by_someone = set()
    for w in carried_init:
        carried_by_someone |= carried_init[w]
    tools_at = {}
    for thing, loc in at.items():
        if types.get(thing) == "type_5" and thing in usable and thing not in carried_by_someone:
            tools_at.setdefault(loc, set()).add(thing)

    plan = []

    def bfs_route(src, wanted):
        """Shortest route [src, ..., target] to the nearest location satisfying wanted
        (excluding src); ties by distance then name. None if unreachable."""
        parent = {src: None}
        dist = {src: 0}
        q = deque([src])
        best = None
        best_key = None
        while q:
            u = q.popleft()
            if best is not None and dist[u] > best_key[0]:
                break
            if u != src and wanted(u):
                k = (dist[u], u)
                if best_key is None or k < best_key:
                    best = u
                    best_key = k
                continue
            for v in links.get(u, ()):
                if v not in parent:
                    parent[v] = u
                    dist[v] = dist[u] + 1
                    q.append(v)
        if best is None:
            return None
        path = []
        node = best
        while node is not None:
            path.append(node)
            node = parent[node]
        path.reverse()
        return path

    for w in workers:
        if remaining <= 0:
            break
        if w not in at:
            continue
        loc = at[w]
        carried = set(carried_init.get(w, set()))

        def usable_carried():
            return sorted(s for s in carried if s in usable)

        def process(l):
            nonlocal remaining
            # 1. pick up tools while fewer usable tools are carried than jobs remain
            here = tools_at.get(l)
            if here:
                n_usable = len(usable_carried())
                for s in sorted(here):
                    if n_usable >= remaining:
                        break
                    plan.append("(action_2 %s %s %s)" % (l, s, w))
                    carried.add(s)
                    here.discard(s)
                    n_usable += 1
            # 2. fix every job here, each with a different usable carried tool
            jobs_here = jobs_at.get(l)
            if jobs_here:
                tools = usable_carried()
                ti = 0
                for n in sorted(jobs_here):
                    if ti >= len(tools):
                        break
                    s = tools[ti]
                    ti += 1
                    plan.append("(action_3 %s %s %s %s)" % (l, s, w, n))
                    usable.discard(s)
                    loose.discard(n)
                    fixed.add(n)
                    jobs_here.discard(n)
                    remaining -= 1

        def want_tools(l):
            return bool(tools_at.get(l))

        def want_jobs(l):
            return bool(jobs_at.get(l))

        process(loc)
        while remaining > 0:
            need_tools = len(usable_carried()) < remaining
            route = None
            if need_tools:
                route = bfs_route(loc, want_tools)
                if route is None and usable_carried():
                    route = bfs_route(loc, want_jobs)
                    need_tools = False
            else:
                route = bfs_route(loc, want_jobs)
            if route is None:
                break
            progressed = False
            for nxt in route[1:]:
                plan.append("(action_1 %s %s %s)" % (loc, nxt, w))
                loc = nxt
                progressed = True
                process(loc)
                if remaining <= 0:
                    break
                now_need = len(usable_carried()) < remaining
                if now_need != need_tools:
                    break  # mode changed: recompute the route
            if not progressed:
                break
        at[w] = loc

    return plan
