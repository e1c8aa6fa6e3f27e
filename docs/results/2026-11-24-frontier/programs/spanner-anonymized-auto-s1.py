from collections import deque

def generate_solution(objects, init, goal):
    types = {}
    for o in objects:
        if isinstance(o, tuple):
            types[o[0]] = o[1]
    men = sorted(n for n, t in types.items() if t == 'type_3')
    nuts_all = set(n for n, t in types.items() if t == 'type_4')
    spanners_all = set(n for n, t in types.items() if t == 'type_5')

    links = {}
    at = {}
    carrying = {}
    usable = set()
    loose = set()
    for f in init:
        if f[0] == 'predicate_4' and len(f) == 3:
            links.setdefault(f[1], set()).add(f[2])
        elif f[0] == 'predicate_1' and len(f) == 3:
            at[f[1]] = f[2]
        elif f[0] == 'predicate_2' and len(f) == 3:
            carrying.setdefault(f[1], set()).add(f[2])
        elif f[0] == 'predicate_3' and len(f) == 2:
            usable.add(f[1])
        elif f[0] == 'predicate_6' and len(f) == 2:
            loose.add(f[1])
    nbrs = {u: sorted(v) for u, v in links.items()}

    # fall back on predicates if types are missing
    if not men:
        men = sorted(set(f[1] for f in init if f[0] == 'predicate_2' and len(f) == 3))
    goal_tight = set(f[1] for f in goal if f[0] == 'predicate_5' and len(f) == 2)
    goal_man_at = {}
    for f in goal:
        if f[0] == 'predicate_1' and len(f) == 3 and f[1] in men:
            goal_man_at[f[1]] = f[2]

    todo = set(n for n in goal_tight if n in loose and n in at)
    ground = {}   # usable spanners on the ground: spanner -> loc
    for s, l in at.items():
        if s in usable and (s in spanners_all or not types) and s not in nuts_all and s not in men:
            ground[s] = l

    plan = []
    reach_cache = {}

    def reach(u):
        if u in reach_cache:
            return reach_cache[u]
        seen = {u}
        dq = deque([u])
        while dq:
            x = dq.popleft()
            for y in nbrs.get(x, ()):
                if y not in seen:
                    seen.add(y)
                    dq.append(y)
        reach_cache[u] = seen
        return seen

    def bfs(src):
        dist = {src: 0}; prev = {src: None}
        dq = deque([src])
        while dq:
            x = dq.popleft()
            for y in nbrs.get(x, ()):
                if y not in dist:
                    dist[y] = dist[x] + 1
                    prev[y] = x
                    dq.append(y)
        return dist, prev

    for m in men:
        if not todo:
            break
        if m not in at:
            continue
        held = sorted(s for s in carrying.get(m, ()) if s in usable)

        def act(loc):
            # pick up as many usable spanners as still needed
            need = len(todo) - len(held)
            if need > 0:
                here = sorted(s for s, l in ground.items() if l == loc)
                for s in here[:need]:
                    plan.append('(action_2 %s %s %s)' % (loc, s, m))
                    del ground[s]
                    held.append(s)
                held.sort()
            # tighten loose nuts here
            for n in sorted(x for x in todo if at[x] == loc):
                if not held:
                    break
                s = held.pop(0)
                plan.append('(action_3 %s %s %s %s)' % (loc, s, m, n))
                usable.discard(s)
                todo.discard(n)

        def walk(target, prev):
            path = []
            x = target
            while x is not None:
                path.append(x)
                x = prev[x]
            path.reverse()
            for a, b in zip(path, path[1:]):
                plan.append('(action_1 %s %s %s)' % (a, b, m))
                at[m] = b
                act(b)

        act(at[m])
        guard = 0
        while todo and guard < 10 * (len(todo) + len(ground) + 5):
            guard += 1
            loc = at[m]
            dist, prev = bfs(loc)
            nut_locs = set(at[n] for n in todo)
            need = len(todo) - len(held)
            target = None
            if need > 0:
                sp_locs = set(l for l in ground.values() if l in dist and l != loc)
                good = [l for l in sp_locs if nut_locs <= reach(l)]
                if good:
                    target = min(good, key=lambda l: (dist[l], l))
                elif held:
                    nl = [l for l in nut_locs if l in dist and l != loc]
                    if nl:
                        target = min(nl, key=lambda l: (dist[l], l))
                if target is None and sp_locs:
                    target = min(sp_locs, key=lambda l: (dist[l], l))
            else:
                nl = [l for l in nut_locs if l in dist and l != loc]
                if nl:
                    target = min(nl, key=lambda l: (dist[l], l))
            if target is None:
                break
            walk(target, prev)

    for m in sorted(goal_man_at):
        g = goal_man_at[m]
        if m in at and at[m] != g:
            dist, prev = bfs(at[m])
            if g in dist:
                path = []
                x = g
                while x is not None:
                    path.append(x)
                    x = prev[x]
                path.reverse()
                for a, b in zip(path, path[1:]):
                    plan.append('(action_1 %s %s %s)' % (a, b, m))
                at[m] = g

    return plan
