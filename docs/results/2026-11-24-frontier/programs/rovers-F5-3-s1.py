def generate_solution(objects, init, goal):
    from collections import deque
    INF = float('inf')
    plan = []

    # ---------------- static information ----------------
    rovers = sorted(n for (n, t) in objects if t == 'rover')
    lander_pos = sorted((f[1], f[2]) for f in init if f[0] == 'at_lander')
    lander_wps = set(y for (_, y) in lander_pos)
    visible = set((f[1], f[2]) for f in init if f[0] == 'visible')
    comm_wps = sorted(set(x for (x, y) in visible if y in lander_wps))
    comm_set = set(comm_wps)

    def lander_for(x):
        cands = sorted((l, y) for (l, y) in lander_pos if (x, y) in visible)
        return cands[0]

    adj = {r: {} for r in rovers}
    for f in init:
        if f[0] == 'can_traverse' and f[1] in adj and (f[2], f[3]) in visible:
            adj[f[1]].setdefault(f[2], set()).add(f[3])
    adj_sorted = {r: {a: sorted(bs) for a, bs in adj[r].items()} for r in rovers}

    stores = {r: [] for r in rovers}
    for f in init:
        if f[0] == 'store_of' and f[2] in stores:
            stores[f[2]].append(f[1])
    for r in rovers:
        stores[r].sort()

    cameras = {r: [] for r in rovers}
    for f in init:
        if f[0] == 'on_board' and f[2] in cameras:
            cameras[f[2]].append(f[1])
    for r in rovers:
        cameras[r].sort()

    targets = {}
    for f in init:
        if f[0] == 'calibration_target':
            targets.setdefault(f[1], []).append(f[2])
    for i in targets:
        targets[i].sort()

    supports = set((f[1], f[2]) for f in init if f[0] == 'supports')
    vis_from = {}
    for f in init:
        if f[0] == 'visible_from':
            vis_from.setdefault(f[1], []).append(f[2])
    for o in vis_from:
        vis_from[o].sort()

    soil_eq = sorted(f[1] for f in init if f[0] == 'equipped_for_soil_analysis' and f[1] in adj)
    rock_eq = sorted(f[1] for f in init if f[0] == 'equipped_for_rock_analysis' and f[1] in adj)
    img_eq = sorted(f[1] for f in init if f[0] == 'equipped_for_imaging' and f[1] in adj)

    # ---------------- dynamic state ----------------
    pos = {}
    for f in init:
        if f[0] == 'at' and f[1] in adj:
            pos[f[1]] = f[2]
    full = set(f[1] for f in init if f[0] == 'full')
    soil_left = set(f[1] for f in init if f[0] == 'at_soil_sample')
    rock_left = set(f[1] for f in init if f[0] == 'at_rock_sample')
    have_soil = set((f[1], f[2]) for f in init if f[0] == 'have_soil_analysis')
    have_rock = set((f[1], f[2]) for f in init if f[0] == 'have_rock_analysis')
    have_image = set((f[1], f[2], f[3]) for f in init if f[0] == 'have_image')
    calibrated = set((f[1], f[2]) for f in init if f[0] == 'calibrated')

    # ---------------- road-map helpers ----------------
    bfs_cache = {}

    def bfs(r, src):
        key = (r, src)
        if key in bfs_cache:
            return bfs_cache[key]
        dist = {src: 0}
        parent = {src: None}
        dq = deque([src])
        nb = adj_sorted[r]
        while dq:
            a = dq.popleft()
            for b in nb.get(a, ()):
                if b not in dist:
                    dist[b] = dist[a] + 1
                    parent[b] = a
                    dq.append(b)
        bfs_cache[key] = (dist, parent)
        return bfs_cache[key]

    def dist(r, a, b):
        if a is None or b is None:
            return INF
        return bfs(r, a)[0].get(b, INF)

    comm_cache = {}

    def best_comm(r, a):
        key = (r, a)
        if key in comm_cache:
            return comm_cache[key]
        best = (INF, None)
        if a is not None:
            d = bfs(r, a)[0]
            for x in comm_wps:  # sorted: first minimum is smallest name
                dx = d.get(x, INF)
                if dx < best[0]:
                    best = (dx, x)
        comm_cache[key] = best
        return best

    def comm_cost(r, a):
        return best_comm(r, a)[0]

    def move(r, target):
        src = pos[r]
        if src == target:
            return
        dmap, parent = bfs(r, src)
        path = []
        w = target
        while w is not None:
            path.append(w)
            w = parent[w]
        path.reverse()
        for k in range(len(path) - 1):
            plan.append('(navigate %s %s %s)' % (r, path[k], path[k + 1]))
        pos[r] = target

    def communicate(kind, r, args):
        _, x = best_comm(r, pos[r])
        move(r, x)
        l, y = lander_for(x)
        if kind == 'soil':
            plan.append('(communicate_soil_data %s %s %s %s %s)' % (r, l, args, x, y))
        elif kind == 'rock':
            plan.append('(communicate_rock_data %s %s %s %s %s)' % (r, l, args, x, y))
        else:
            o, m = args
            plan.append('(communicate_image_data %s %s %s %s %s %s)' % (r, l, o, m, x, y))

    def has_empty_store(r):
        return any(s not in full for s in stores[r])

    # ---------------- options ----------------
    def sample_option(w, have, left, equipped):
        best = None
        for r in rovers:
            if (r, w) in have:
                c = comm_cost(r, pos.get(r))
                key = (c, r, 0)
                if best is None or key < best[0]:
                    best = (key, ('have', r))
        if w in left:
            for r in equipped:
                if not stores[r] or r not in pos:
                    continue
                c = dist(r, pos[r], w) + comm_cost(r, w) + 1
                if not has_empty_store(r):
                    c += 1
                key = (c, r, 1)
                if best is None or key < best[0]:
                    best = (key, ('sample', r))
        if best is None:
            return INF, None
        return best[0][0], best[1]

    def image_option(o, m):
        best = None
        for r in rovers:
            if (r, o, m) in have_image:
                c = comm_cost(r, pos.get(r))
                key = (c, 0, r, '', '', '', '')
                if best is None or key < best[0]:
                    best = (key, ('have', r))
        for r in img_eq:
            if r not in pos:
                continue
            cur = pos[r]
            for i in cameras[r]:
                if (i, m) not in supports:
                    continue
                for p in vis_from.get(o, []):
                    tail = comm_cost(r, p)
                    if tail == INF:
                        continue
                    if (i, r) in calibrated:
                        c = dist(r, cur, p) + 1 + tail
                        key = (c, 1, r, i, '', '', p)
                        if best is None or key < best[0]:
                            best = (key, ('shoot', r, i, None, None, p))
                    for t in targets.get(i, []):
                        for cw in vis_from.get(t, []):
                            c = dist(r, cur, cw) + 1 + dist(r, cw, p) + 1 + tail
                            key = (c, 1, r, i, t, cw, p)
                            if best is None or key < best[0]:
                                best = (key, ('shoot', r, i, t, cw, p))
        if best is None:
            return INF, None
        return best[0][0], best[1]

    def option(g):
        if g[0] == 'communicated_soil_data':
            return sample_option(g[1], have_soil, soil_left, soil_eq)
        if g[0] == 'communicated_rock_data':
            return sample_option(g[1], have_rock, rock_left, rock_eq)
        if g[0] == 'communicated_image_data':
            return image_option(g[1], g[2])
        return INF, None

    # ---------------- main loop ----------------
    open_goals = set(g for g in goal if g not in init and g[0] in (
        'communicated_soil_data', 'communicated_rock_data', 'communicated_image_data'))

    while open_goals:
        best = None
        for g in sorted(open_goals):
            c, how = option(g)
            if best is None or c < best[0]:
                best = (c, g, how)
        c, g, how = best
        if c == INF or how is None:
            break
        kind = g[0]
        if kind in ('communicated_soil_data', 'communicated_rock_data'):
            w = g[1]
            short = 'soil' if kind == 'communicated_soil_data' else 'rock'
            r = how[1]
            if how[0] == 'sample':
                move(r, w)
                empties = [s for s in stores[r] if s not in full]
                if empties:
                    s = empties[0]
                else:
                    s = stores[r][0]
                    plan.append('(drop %s %s)' % (r, s))
                    full.discard(s)
                if short == 'soil':
                    plan.append('(sample_soil %s %s %s)' % (r, s, w))
                    soil_left.discard(w)
                    have_soil.add((r, w))
                else:
                    plan.append('(sample_rock %s %s %s)' % (r, s, w))
                    rock_left.discard(w)
                    have_rock.add((r, w))
                full.add(s)
            communicate(short, r, w)
        else:
            o, m = g[1], g[2]
            if how[0] == 'have':
                communicate('image', how[1], (o, m))
            else:
                _, r, i, t, cw, p = how
                if t is not None:
                    move(r, cw)
                    plan.append('(calibrate %s %s %s %s)' % (r, i, t, cw))
                    calibrated.add((i, r))
                move(r, p)
                plan.append('(take_image %s %s %s %s %s)' % (r, p, o, i, m))
                calibrated.discard((i, r))
                have_image.add((r, o, m))
                communicate('image', r, (o, m))
        open_goals.discard(g)

    return plan
