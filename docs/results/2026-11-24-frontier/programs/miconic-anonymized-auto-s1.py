from collections import deque

def generate_solution(objects, init, goal):
    origin = {}; dest = {}; above = set(); nbr = {}
    cars = set(); boarded = set(); served = set()
    for f in init:
        if f[0] == 'predicate_1' and len(f) == 3:
            origin[f[1]] = f[2]
        elif f[0] == 'predicate_2' and len(f) == 3:
            dest[f[1]] = f[2]
        elif f[0] == 'predicate_3' and len(f) == 3:
            above.add((f[1], f[2]))
            nbr.setdefault(f[1], set()).add(f[2])
            nbr.setdefault(f[2], set()).add(f[1])
        elif f[0] == 'predicate_6' and len(f) == 2:
            cars.add(f[1])
        elif f[0] == 'predicate_4' and len(f) == 2:
            boarded.add(f[1])
        elif f[0] == 'predicate_5' and len(f) == 2:
            served.add(f[1])
    nbrs = {k: sorted(v) for k, v in nbr.items()}

    goal_served = set(); goal_boarded = set(); goal_car = []
    for f in goal:
        if f[0] == 'predicate_5' and len(f) == 2:
            goal_served.add(f[1])
        elif f[0] == 'predicate_4' and len(f) == 2:
            goal_boarded.add(f[1])
        elif f[0] == 'predicate_6' and len(f) == 2:
            goal_car.append(f[1])

    plan = []
    # passengers that must still board (goal served or goal boarded)
    waiting = set()
    to_drop = set()  # boarded passengers that must be dropped off
    for p in goal_served:
        if p in served:
            continue
        if p not in dest:
            continue
        if p in boarded:
            to_drop.add(p)
        elif p in origin:
            waiting.add(p)
    for p in goal_boarded:
        if p not in boarded and p in origin and p not in waiting:
            waiting.add(p)

    def service(fl):
        for p in sorted(q for q in waiting if origin[q] == fl):
            plan.append('(action_1 %s %s)' % (fl, p))
            waiting.discard(p)
            boarded.add(p)
            if p in goal_served and p not in served:
                to_drop.add(p)
        for p in sorted(q for q in to_drop if dest[q] == fl):
            if p in goal_boarded:
                continue
            plan.append('(action_2 %s %s)' % (fl, p))
            to_drop.discard(p)
            boarded.discard(p)
            served.add(p)

    def step(x, y):
        if (x, y) in above:
            plan.append('(action_3 %s %s)' % (x, y))
        else:
            plan.append('(action_4 %s %s)' % (x, y))
        cars.discard(x)
        cars.add(y)

    def bfs_from_cars():
        prev = {}
        dist = {}
        dq = deque()
        for c in sorted(cars):
            prev[c] = None
            dist[c] = 0
            dq.append(c)
        while dq:
            u = dq.popleft()
            for v in nbrs.get(u, ()):
                if v not in dist:
                    dist[v] = dist[u] + 1
                    prev[v] = u
                    dq.append(v)
        return dist, prev

    def go(target, prev):
        path = []
        x = target
        while x is not None:
            path.append(x)
            x = prev[x]
        path.reverse()
        for a, b in zip(path, path[1:]):
            step(a, b)
            service(b)

    for c in sorted(cars):
        service(c)

    guard = 0
    limit = 4 * (len(origin) + len(dest) + len(nbr) + 10) + 1000
    while (waiting or [p for p in to_drop if p not in goal_boarded]) and guard < limit:
        guard += 1
        work = {}
        board_fl = set()
        for p in waiting:
            work[origin[p]] = work.get(origin[p], 0) + 1
            board_fl.add(origin[p])
        for p in to_drop:
            if p in goal_boarded:
                continue
            work[dest[p]] = work.get(dest[p], 0) + 1
        if not cars:
            break
        dist, prev = bfs_from_cars()
        cands = [fl for fl in work if fl in dist]
        if not cands:
            break
        target = min(cands, key=lambda fl: (dist[fl], 0 if fl in board_fl else 1, -work[fl], fl))
        if dist[target] == 0:
            service(target)
            continue
        go(target, prev)

    # goal: a car at given floors
    for g in sorted(goal_car):
        if g in cars:
            continue
        others = set(goal_car)
        dist, prev = bfs_from_cars()
        if g not in dist:
            continue
        # prefer moving a car that is not needed at another goal floor
        best = None
        for c in sorted(cars):
            if c in others:
                continue
            # distance from c to g
            d2 = {c: 0}; pv = {c: None}; dq = deque([c])
            while dq:
                u = dq.popleft()
                for v in nbrs.get(u, ()):
                    if v not in d2:
                        d2[v] = d2[u] + 1
                        pv[v] = u
                        dq.append(v)
            if g in d2 and (best is None or d2[g] < best[0]):
                best = (d2[g], pv)
        if best is not None:
            go(g, best[1])
        else:
            go(g, prev)

    return plan
