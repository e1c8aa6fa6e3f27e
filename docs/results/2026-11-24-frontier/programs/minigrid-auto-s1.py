from collections import deque

def generate_solution(objects, init, goal):
    places = set()
    conn = {}
    rconn = {}
    key_shapes = {}
    lock_shape = {}
    key_at = {}
    robot = None
    holding = None
    open_ = set()
    locked = set()
    for f in init:
        p = f[0]
        if p == 'place':
            places.add(f[1])
        elif p == 'conn' and len(f) == 3:
            conn.setdefault(f[1], set()).add(f[2])
            rconn.setdefault(f[2], set()).add(f[1])
        elif p == 'key-shape':
            key_shapes.setdefault(f[1], set()).add(f[2])
        elif p == 'lock-shape':
            lock_shape.setdefault(f[1], set()).add(f[2])
        elif p == 'at' and len(f) == 3:
            key_at[f[1]] = f[2]
        elif p == 'at-robot':
            robot = f[1]
        elif p == 'holding':
            holding = f[1]
        elif p == 'open':
            open_.add(f[1])
        elif p == 'locked':
            locked.add(f[1])
    succ = {x: sorted(v) for x, v in conn.items()}
    pred = {x: sorted(v) for x, v in rconn.items()}

    def is_place(x):
        return (not places) or x in places

    plan = []

    def bfs_from(src):
        prev = {src: None}
        dist = {src: 0}
        dq = deque([src])
        while dq:
            u = dq.popleft()
            for v in succ.get(u, ()):
                if v not in prev and v in open_ and is_place(v):
                    prev[v] = u
                    dist[v] = dist[u] + 1
                    dq.append(v)
        return prev, dist

    def goto(dest):
        nonlocal robot
        if robot is None:
            return False
        if robot == dest:
            return True
        prev, _ = bfs_from(robot)
        if dest not in prev:
            return False
        path = []
        w = dest
        while w is not None:
            path.append(w)
            w = prev[w]
        path.reverse()
        for a, b in zip(path, path[1:]):
            plan.append('(move %s %s)' % (a, b))
        robot = dest
        return True

    def take(k):
        nonlocal holding
        if holding == k:
            return True
        if k not in key_at:
            return False
        loc = key_at[k]
        if not goto(loc):
            return False
        if holding is not None:
            plan.append('(pickup-and-loose %s %s %s)' % (loc, k, holding))
            key_at[holding] = loc
        else:
            plan.append('(pickup %s %s)' % (loc, k))
        del key_at[k]
        holding = k
        return True

    def drop():
        nonlocal holding
        if holding is None:
            return
        plan.append('(putdown %s %s)' % (robot, holding))
        key_at[holding] = robot
        holding = None

    robot_goal = sorted(f[1] for f in goal if f[0] == 'at-robot')
    key_goal = {}
    for f in goal:
        if f[0] == 'at' and len(f) == 3:
            key_goal[f[1]] = f[2]
    hold_goal = sorted(f[1] for f in goal if f[0] == 'holding')
    open_goal = sorted(f[1] for f in goal if f[0] == 'open')
    arm_goal = ('arm-empty',) in goal

    def targets():
        T = set(robot_goal)
        T.update(key_goal.values())
        T.update(x for x in open_goal if x not in open_)
        for k in list(key_goal) + hold_goal:
            if k in key_at:
                T.add(key_at[k])
        return T

    # ---- Phase A: unlock what is needed ----
    if robot is not None:
        for _ in range(len(locked) + 1):
            prev, rdist = bfs_from(robot)
            unmet = sorted(t for t in targets() if t not in rdist)
            if not unmet:
                break
            dist = {t: 0 for t in unmet}
            dq = deque(unmet)
            while dq:
                u = dq.popleft()
                for v in pred.get(u, ()):
                    if v not in dist:
                        dist[v] = dist[u] + 1
                        dq.append(v)
            avail = []
            if holding is not None:
                avail.append(holding)
            avail += sorted(k for k, l in key_at.items() if l in rdist)
            avail_shapes = set()
            for k in avail:
                avail_shapes |= key_shapes.get(k, set())
            cands = []
            for x in locked:
                if x not in dist:
                    continue
                if not (lock_shape.get(x, set()) & avail_shapes):
                    continue
                nb = [c for c in pred.get(x, ()) if c in rdist]
                if not nb:
                    continue
                cands.append((dist[x], min(rdist[c] for c in nb), x))
            if not cands:
                break
            _, _, x = min(cands)
            nb = [c for c in pred.get(x, ()) if c in rdist]
            best = None
            for k in avail:
                shp = key_shapes.get(k, set()) & lock_shape.get(x, set())
                if not shp:
                    continue
                if k == holding:
                    cost = min(rdist[c] for c in nb)
                else:
                    loc = key_at[k]
                    _, d2 = bfs_from(loc)
                    reach_nb = [d2[c] for c in nb if c in d2]
                    if not reach_nb:
                        continue
                    cost = rdist[loc] + min(reach_nb)
                cand = (cost, k, sorted(shp)[0])
                if best is None or cand < best:
                    best = cand
            if best is None:
                break
            _, k, s = best
            if not take(k):
                break
            _, d3 = bfs_from(robot)
            nb2 = sorted((d3[c], c) for c in nb if c in d3)
            if not nb2:
                break
            c = nb2[0][1]
            goto(c)
            plan.append('(unlock %s %s %s %s)' % (c, x, k, s))
            locked.discard(x)
            open_.add(x)

    # ---- Phase B: place keys ----
    order = sorted(key_goal)
    if holding in key_goal:
        order.remove(holding)
        order.insert(0, holding)
    for k in order:
        p = key_goal[k]
        if holding != k and key_at.get(k) == p:
            continue
        if not take(k):
            continue
        if goto(p):
            drop()

    # ---- Phase C: holding goal ----
    if hold_goal:
        take(hold_goal[0])

    # ---- Phase D: robot position and arm ----
    if robot_goal:
        goto(robot_goal[0])
    if arm_goal and holding is not None and not hold_goal:
        drop()
    return plan
