from collections import deque

def generate_solution(objects, init, goal):
    state = set(init)
    plan = []

    rover_set = set(n for n, t in objects if t == 'rover')
    for f in init:
        if f[0] == 'at' and len(f) == 3:
            rover_set.add(f[1])
    rovers = sorted(rover_set)

    pos = {}
    for f in init:
        if f[0] == 'at' and len(f) == 3:
            pos[f[1]] = f[2]
    available = set(f[1] for f in init if f[0] == 'available')
    soil_eq = set(f[1] for f in init if f[0] == 'equipped_for_soil_analysis')
    rock_eq = set(f[1] for f in init if f[0] == 'equipped_for_rock_analysis')
    img_eq = set(f[1] for f in init if f[0] == 'equipped_for_imaging')

    stores_of = {}
    for f in init:
        if f[0] == 'store_of':
            stores_of.setdefault(f[2], set()).add(f[1])
    stores_of = {r: sorted(s) for r, s in stores_of.items()}

    cams_of = {}
    for f in init:
        if f[0] == 'on_board':
            cams_of.setdefault(f[2], set()).add(f[1])
    cams_of = {r: sorted(c) for r, c in cams_of.items()}

    supports = {}
    for f in init:
        if f[0] == 'supports':
            supports.setdefault(f[1], set()).add(f[2])

    calib_t = {}
    for f in init:
        if f[0] == 'calibration_target':
            calib_t.setdefault(f[1], set()).add(f[2])
    calib_t = {i: sorted(t) for i, t in calib_t.items()}

    vis_from = {}
    for f in init:
        if f[0] == 'visible_from':
            vis_from.setdefault(f[1], set()).add(f[2])
    vis_from = {o: sorted(w) for o, w in vis_from.items()}

    visible = set((f[1], f[2]) for f in init if f[0] == 'visible')

    lander_pos = {}
    for f in init:
        if f[0] == 'at_lander':
            lander_pos[f[1]] = f[2]
    free_landers = sorted(l for l in lander_pos if ('channel_free', l) in state)

    # communication points: waypoint x -> (lander, lander waypoint)
    comm_points = {}
    for l in free_landers:
        y = lander_pos[l]
        for (a, b) in sorted(visible):
            if b == y and a not in comm_points:
                comm_points[a] = (l, y)

    # road maps (only available rovers can navigate)
    adj = {r: {} for r in rovers}
    radj = {r: {} for r in rovers}
    for f in init:
        if f[0] == 'can_traverse':
            r, x, y = f[1], f[2], f[3]
            if r in available and (x, y) in visible:
                adj.setdefault(r, {}).setdefault(x, set()).add(y)
                radj.setdefault(r, {}).setdefault(y, set()).add(x)
    for r in list(adj.keys()):
        adj[r] = {x: sorted(ys) for x, ys in adj[r].items()}
        radj[r] = {x: sorted(ys) for x, ys in radj.get(r, {}).items()}

    bfs_cache = {}

    def bfs(r, s):
        key = (r, s)
        if key in bfs_cache:
            return bfs_cache[key]
        dist = {s: 0}
        par = {s: None}
        q = deque([s])
        g = adj.get(r, {})
        while q:
            x = q.popleft()
            for y in g.get(x, ()):
                if y not in dist:
                    dist[y] = dist[x] + 1
                    par[y] = x
                    q.append(y)
        bfs_cache[key] = (dist, par)
        return bfs_cache[key]

    # distance from each waypoint to the nearest communication point, per rover
    cdist = {}
    for r in rovers:
        d = {}
        if r in available:
            q = deque()
            for x in sorted(comm_points):
                d[x] = 0
                q.append(x)
            g = radj.get(r, {})
            while q:
                x = q.popleft()
                for y in g.get(x, ()):
                    if y not in d:
                        d[y] = d[x] + 1
                        q.append(y)
        cdist[r] = d

    def move(r, target):
        if pos.get(r) == target:
            return True
        dist, par = bfs(r, pos[r])
        if target not in dist:
            return False
        path = []
        x = target
        while x is not None:
            path.append(x)
            x = par[x]
        path.reverse()
        for a, b in zip(path, path[1:]):
            plan.append('(navigate %s %s %s)' % (r, a, b))
        pos[r] = target
        return True

    def has_data(r, key):
        if key[0] == 'soil':
            return ('have_soil_analysis', r, key[1]) in state
        if key[0] == 'rock':
            return ('have_rock_analysis', r, key[1]) in state
        return ('have_image', r, key[1], key[2]) in state

    def goal_fact(key):
        if key[0] == 'soil':
            return ('communicated_soil_data', key[1])
        if key[0] == 'rock':
            return ('communicated_rock_data', key[1])
        return ('communicated_image_data', key[1], key[2])

    # ---- build tasks from goals ----
    tasks = {}
    at_goals = []
    for g in sorted(goal):
        if g in state:
            continue
        p = g[0]
        if p == 'communicated_soil_data':
            tasks.setdefault(('soil', g[1]), {'rover': None, 'comm': False})['comm'] = True
        elif p == 'communicated_rock_data':
            tasks.setdefault(('rock', g[1]), {'rover': None, 'comm': False})['comm'] = True
        elif p == 'communicated_image_data':
            tasks.setdefault(('image', g[1], g[2]), {'rover': None, 'comm': False})['comm'] = True
        elif p == 'have_soil_analysis':
            tasks.setdefault(('soil', g[2]), {'rover': None, 'comm': False})['rover'] = g[1]
        elif p == 'have_rock_analysis':
            tasks.setdefault(('rock', g[2]), {'rover': None, 'comm': False})['rover'] = g[1]
        elif p == 'have_image':
            tasks.setdefault(('image', g[2], g[3]), {'rover': None, 'comm': False})['rover'] = g[1]
        elif p == 'at':
            at_goals.append(g)

    pending = {r: [] for r in rovers}

    # data already held by a rover
    for key in sorted(tasks):
        t = tasks[key]
        if not t['comm']:
            continue
        if t['rover'] is not None:
            r = t['rover']
            if has_data(r, key):
                pending.setdefault(r, []).append(key)
                del tasks[key]
            continue
        holders = []
        for r in rovers:
            if has_data(r, key) and r in available and r in pos and pos[r] in cdist[r]:
                holders.append((cdist[r][pos[r]], r))
        if holders:
            holders.sort()
            pending[holders[0][1]].append(key)
            del tasks[key]

    img_cache = {}

    def image_options(r, i, o, comm):
        ck = (r, i, o, comm)
        if ck in img_cache:
            return img_cache[ck]
        cd = cdist[r]
        ps = [p for p in vis_from.get(o, []) if (not comm or p in cd)]
        opts = []
        seen = set()
        for t in calib_t.get(i, []):
            for w in vis_from.get(t, []):
                if w in seen:
                    continue
                seen.add(w)
                dw = bfs(r, w)[0]
                best = None
                for p in ps:
                    if p in dw:
                        c = (dw[p], cd.get(p, 0) if comm else 0)
                        if best is None or c < best[0]:
                            best = (c, p)
                if best is not None:
                    opts.append((w, t, best[0][0], best[0][1], best[1]))
        img_cache[ck] = (ps, opts)
        return img_cache[ck]

    def evaluate(r, key, comm):
        if r not in pos:
            return None
        if comm and r not in available:
            return None
        dpos = bfs(r, pos[r])[0]
        cd = cdist[r]
        kind = key[0]
        if kind in ('soil', 'rock'):
            w = key[1]
            eq = soil_eq if kind == 'soil' else rock_eq
            if r not in eq:
                return None
            if (('at_soil_sample' if kind == 'soil' else 'at_rock_sample'), w) not in state:
                return None
            sts = stores_of.get(r, [])
            if not any(('empty', s) in state or ('full', s) in state for s in sts):
                return None
            if w not in dpos:
                return None
            if comm and w not in cd:
                return None
            return (dpos[w], cd.get(w, 0) if comm else 0, ('sample', w))
        o, m = key[1], key[2]
        if r not in img_eq:
            return None
        best = None
        for i in cams_of.get(r, []):
            if m not in supports.get(i, ()):
                continue
            ps, opts = image_options(r, i, o, comm)
            if ('calibrated', i, r) in state:
                for p in ps:
                    if p in dpos:
                        c = (dpos[p], cd.get(p, 0) if comm else 0)
                        if best is None or c < best[0]:
                            best = (c, (i, None, None, p))
            else:
                for (w, t, dwp, cdp, p) in opts:
                    if w in dpos:
                        c = (dpos[w] + dwp, cdp)
                        if best is None or c < best[0]:
                            best = (c, (i, t, w, p))
        if best is None:
            return None
        return (best[0][0], best[0][1], ('image',) + best[1])

    def execute(r, key, info):
        if info[0] == 'sample':
            w = info[1]
            kind = key[0]
            move(r, w)
            sts = stores_of.get(r, [])
            empties = [s for s in sts if ('empty', s) in state]
            if empties:
                s = empties[0]
            else:
                s = [s for s in sts if ('full', s) in state][0]
                plan.append('(drop %s %s)' % (r, s))
                state.discard(('full', s))
                state.add(('empty', s))
            if kind == 'soil':
                plan.append('(sample_soil %s %s %s)' % (r, s, w))
                state.add(('have_soil_analysis', r, w))
                state.discard(('at_soil_sample', w))
            else:
                plan.append('(sample_rock %s %s %s)' % (r, s, w))
                state.add(('have_rock_analysis', r, w))
                state.discard(('at_rock_sample', w))
            state.discard(('empty', s))
            state.add(('full', s))
        else:
            _, i, t, w, p = info
            o, m = key[1], key[2]
            if t is not None:
                move(r, w)
                plan.append('(calibrate %s %s %s %s)' % (r, i, t, w))
                state.add(('calibrated', i, r))
            move(r, p)
            plan.append('(take_image %s %s %s %s %s)' % (r, p, o, i, m))
            state.discard(('calibrated', i, r))
            state.add(('have_image', r, o, m))

    # ---- greedy data collection ----
    while tasks:
        best = None
        for key in sorted(tasks):
            t = tasks[key]
            cands = [t['rover']] if t['rover'] is not None else rovers
            for r in cands:
                ev = evaluate(r, key, t['comm'])
                if ev is None:
                    continue
                cost = (ev[0], ev[1], r, key)
                if best is None or cost < best[0]:
                    best = (cost, r, key, ev[2])
        if best is None:
            break
        _, r, key, info = best
        execute(r, key, info)
        if tasks[key]['comm']:
            pending.setdefault(r, []).append(key)
        del tasks[key]

    # ---- communicate ----
    for r in rovers:
        items = [k for k in pending.get(r, []) if goal_fact(k) not in state]
        if not items or r not in available or r not in pos:
            continue
        if pos[r] not in comm_points:
            dist = bfs(r, pos[r])[0]
            cands = sorted((dist[x], x) for x in comm_points if x in dist)
            if not cands:
                continue
            move(r, cands[0][1])
        x = pos[r]
        l, y = comm_points[x]
        for k in items:
            if goal_fact(k) in state:
                continue
            if k[0] == 'soil':
                plan.append('(communicate_soil_data %s %s %s %s %s)' % (r, l, k[1], x, y))
            elif k[0] == 'rock':
                plan.append('(communicate_rock_data %s %s %s %s %s)' % (r, l, k[1], x, y))
            else:
                plan.append('(communicate_image_data %s %s %s %s %s %s)' % (r, l, k[1], k[2], x, y))
            state.add(goal_fact(k))

    # ---- final positions ----
    for g in sorted(at_goals):
        r, w = g[1], g[2]
        if r in pos:
            move(r, w)

    return plan
