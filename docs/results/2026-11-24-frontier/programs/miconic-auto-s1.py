from collections import deque

def generate_solution(objects, init, goal):
    floors = set(n for n, t in objects if t == 'floor')
    above = set()
    origin, destin = {}, {}
    boarded, served = set(), set()
    lift = set()
    for f in init:
        p = f[0]
        if p == 'above' and len(f) == 3:
            above.add((f[1], f[2]))
            floors.add(f[1]); floors.add(f[2])
        elif p == 'origin':
            origin[f[1]] = f[2]; floors.add(f[2])
        elif p == 'destin':
            destin[f[1]] = f[2]; floors.add(f[2])
        elif p == 'boarded':
            boarded.add(f[1])
        elif p == 'served':
            served.add(f[1])
        elif p == 'lift-at':
            lift.add(f[1]); floors.add(f[1])

    nbr = {f: set() for f in floors}
    for a, b in above:
        nbr[a].add(b)
        nbr[b].add(a)
    nbr_sorted = {f: sorted(v) for f, v in nbr.items()}

    # components (buildings)
    comp = {}
    cid = 0
    for f in sorted(floors):
        if f in comp:
            continue
        comp[f] = cid
        dq = deque([f])
        while dq:
            u = dq.popleft()
            for v in nbr_sorted[u]:
                if v not in comp:
                    comp[v] = cid
                    dq.append(v)
        cid += 1

    # heights: longest chain of 'above' below each floor (edge a->b: b higher)
    succ = {f: [] for f in floors}
    indeg = {f: 0 for f in floors}
    for a, b in above:
        succ[a].append(b)
        indeg[b] += 1
    height = {f: 0 for f in floors}
    dq = deque(sorted(f for f in floors if indeg[f] == 0))
    seen = 0
    while dq:
        u = dq.popleft()
        seen += 1
        for v in succ[u]:
            if height[u] + 1 > height[v]:
                height[v] = height[u] + 1
            indeg[v] -= 1
            if indeg[v] == 0:
                dq.append(v)

    def fkey(f):
        return (height[f], f)

    plan = []

    def step(a, b):
        if (a, b) in above:
            plan.append('(up %s %s)' % (a, b))
        else:
            plan.append('(down %s %s)' % (a, b))
        lift.discard(a)
        lift.add(b)

    def move(a, b):
        if a == b:
            return
        if (a, b) in above or (b, a) in above:
            step(a, b)
            return
        prev = {a: None}
        q = deque([a])
        while q:
            u = q.popleft()
            if u == b:
                break
            for v in nbr_sorted[u]:
                if v not in prev:
                    prev[v] = u
                    q.append(v)
        if b not in prev:
            return
        path = []
        w = b
        while w is not None:
            path.append(w)
            w = prev[w]
        path.reverse()
        for x, y in zip(path, path[1:]):
            step(x, y)

    serve_goal = set(f[1] for f in goal if f[0] == 'served')
    board_goal = set(f[1] for f in goal if f[0] == 'boarded')
    lift_goal = set(f[1] for f in goal if f[0] == 'lift-at')

    def sweep(cur, waiting, riding):
        # waiting: dict p -> (origin floor, destination floor or None)
        # riding: dict p -> destination floor
        wait_at = {}
        for p, (o, d) in waiting.items():
            wait_at.setdefault(o, set()).add(p)
        ride_to = {}
        for p, d in riding.items():
            ride_to.setdefault(d, set()).add(p)
        direction = 0
        while True:
            if cur in wait_at:
                for p in sorted(wait_at.pop(cur)):
                    plan.append('(board %s %s)' % (cur, p))
                    d = waiting[p][1]
                    if d is not None:
                        ride_to.setdefault(d, set()).add(p)
            if cur in ride_to:
                for p in sorted(ride_to.pop(cur)):
                    plan.append('(depart %s %s)' % (cur, p))
            interest = set(wait_at) | set(ride_to)
            if not interest:
                break
            ck = fkey(cur)
            ups = [f for f in interest if fkey(f) > ck]
            downs = [f for f in interest if fkey(f) < ck]
            if direction == 1 and not ups:
                direction = -1
            elif direction == -1 and not downs:
                direction = 1
            elif direction == 0:
                if not downs:
                    direction = 1
                elif not ups:
                    direction = -1
                else:
                    up_span = height[max(ups, key=fkey)] - height[cur]
                    down_span = height[cur] - height[min(downs, key=fkey)]
                    direction = 1 if up_span <= down_span else -1
            if direction == 1:
                target = min(ups, key=fkey)
            else:
                target = max(downs, key=fkey)
            move(cur, target)
            cur = target
        return cur

    # group work by building
    work = {}  # cid -> (waiting, riding, second_round_waiting)
    def entry(c):
        if c not in work:
            work[c] = ({}, {}, {})
        return work[c]

    for p in sorted(serve_goal):
        if p in served and p not in board_goal:
            continue
        if p in served:
            # served already; maybe must also be boarded
            if p not in boarded and p in origin and origin[p] in comp:
                entry(comp[origin[p]])[2][p] = (origin[p], None)
            continue
        if p not in destin:
            continue
        d = destin[p]
        if p in boarded:
            entry(comp[d])[1][p] = d
        elif p in origin and comp.get(origin[p]) == comp.get(d):
            entry(comp[d])[0][p] = (origin[p], d)
        else:
            continue
        if p in board_goal and p in origin:
            entry(comp[origin[p]])[2][p] = (origin[p], None)
    for p in sorted(board_goal - serve_goal):
        if p in boarded or p not in origin:
            continue
        entry(comp[origin[p]])[0][p] = (origin[p], None)

    comps_lift_goal = {}
    for g in lift_goal:
        if g in comp:
            comps_lift_goal.setdefault(comp[g], set()).add(g)

    all_comps = sorted(set(work) | set(comps_lift_goal))
    for c in all_comps:
        tokens = sorted(f for f in lift if comp.get(f) == c)
        if not tokens:
            continue
        waiting, riding, second = work.get(c, ({}, {}, {}))
        cur = None
        if waiting or riding:
            # choose the lift nearest to the work (deterministic)
            targets = [o for (o, d) in waiting.values()] + list(riding.values())
            lo = min(height[f] for f in targets)
            hi = max(height[f] for f in targets)

            def cost(t):
                h = height[t]
                return (min(abs(h - lo), abs(h - hi)) + (hi - lo), t)
            cur = min(tokens, key=cost)
            cur = sweep(cur, waiting, riding)
        if second:
            if cur is None:
                cur = tokens[0]
            cur = sweep(cur, second, {})
        goals_here = sorted(comps_lift_goal.get(c, ()))
        for g in goals_here:
            if g in lift:
                continue
            cands = sorted(f for f in lift if comp.get(f) == c and f not in lift_goal)
            if not cands:
                continue
            src = cur if cur in cands else min(cands, key=lambda t: (abs(height[t] - height[g]), t))
            move(src, g)
            if src == cur:
                cur = g
    return plan
