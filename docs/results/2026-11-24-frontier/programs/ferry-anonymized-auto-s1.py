from collections import deque

def generate_solution(objects, init, goal):
    places = set(); cars = set(); edges = {}
    car_at = {}; ferry = None; empty = False; onboard = set()
    for f in init:
        if f[0] == 'predicate_3' and len(f) == 2:
            places.add(f[1])
        elif f[0] == 'predicate_2' and len(f) == 2:
            cars.add(f[1])
    for f in init:
        if f[0] == 'predicate_1' and len(f) == 3:
            if f[1] in places and f[2] in places:
                edges.setdefault(f[1], set()).add(f[2])
        elif f[0] == 'predicate_4' and len(f) == 2:
            ferry = f[1]
        elif f[0] == 'predicate_5' and len(f) == 3:
            car_at[f[1]] = f[2]
        elif f[0] == 'predicate_6':
            empty = True
        elif f[0] == 'predicate_7' and len(f) == 2:
            onboard.add(f[1])

    goal_loc = {}; goal_on = set(); goal_ferry = None; goal_empty = False
    for f in goal:
        if f[0] == 'predicate_5' and len(f) == 3:
            goal_loc[f[1]] = f[2]
        elif f[0] == 'predicate_7' and len(f) == 2:
            goal_on.add(f[1])
        elif f[0] == 'predicate_4' and len(f) == 2:
            goal_ferry = f[1]
        elif f[0] == 'predicate_6':
            goal_empty = True

    plan = []
    state = {'ferry': ferry, 'empty': empty}
    nbrs = {p: sorted(edges.get(p, ())) for p in places}

    def bfs(src):
        dist = {src: 0}; prev = {src: None}
        dq = deque([src])
        while dq:
            u = dq.popleft()
            for v in nbrs.get(u, ()):
                if v not in dist:
                    dist[v] = dist[u] + 1
                    prev[v] = u
                    dq.append(v)
        return dist, prev

    def sail(to):
        src = state['ferry']
        if src is None or src == to:
            return src == to
        dist, prev = bfs(src)
        if to not in dist:
            return False
        path = []
        x = to
        while x is not None:
            path.append(x)
            x = prev[x]
        path.reverse()
        for a, b in zip(path, path[1:]):
            plan.append('(action_1 %s %s)' % (a, b))
        state['ferry'] = to
        return True

    def load(c):
        loc = state['ferry']
        plan.append('(action_2 %s %s)' % (c, loc))
        car_at.pop(c, None)
        onboard.add(c)
        state['empty'] = False

    def unload(c):
        loc = state['ferry']
        plan.append('(action_3 %s %s)' % (c, loc))
        onboard.discard(c)
        car_at[c] = loc
        state['empty'] = True

    pending = set(c for c in goal_loc if car_at.get(c) != goal_loc[c])

    # cars initially on board
    for c in sorted(onboard):
        if c in goal_loc:
            if sail(goal_loc[c]):
                unload(c)
        elif c in goal_on and not (pending - {c}) and not goal_empty:
            continue
        else:
            if state['ferry'] is not None:
                unload(c)
    if not onboard:
        state['empty'] = True if (empty or plan) else state['empty']

    pending = set(c for c in goal_loc if car_at.get(c) != goal_loc[c])
    skipped = set()
    while True:
        cand = [c for c in pending if c not in skipped and c in car_at]
        if not cand:
            break
        dist, _ = bfs(state['ferry'])
        best = None
        for c in cand:
            d = dist.get(car_at[c])
            if d is None:
                continue
            # also require the goal to be reachable from the car
            key = (d, c)
            if best is None or key < best[0]:
                best = (key, c)
        if best is None:
            break
        c = best[1]
        g = goal_loc[c]
        d2, _ = bfs(car_at[c])
        if g not in d2:
            skipped.add(c)
            continue
        sail(car_at[c])
        load(c)
        sail(g)
        unload(c)
        pending.discard(c)

    # goals requiring a car on board
    for c in sorted(goal_on):
        if c in onboard:
            continue
        if onboard:
            break
        if c in car_at and sail(car_at[c]):
            load(c)
            break

    if goal_ferry is not None and state['ferry'] != goal_ferry:
        sail(goal_ferry)

    return plan
