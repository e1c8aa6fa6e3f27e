from collections import defaultdict

import heapq

def generate_solution(objects, init, goal):
    init = set(init)
    goal = set(goal)

    by_type = defaultdict(set)
    for name, typ in objects:
        by_type[typ].add(name)
    rovers = set(by_type.get('rover', ()))
    waypoints = set(by_type.get('waypoint', ()))
    for f in list(init) + list(goal):
        p, a = f[0], f[1:]
        if p == 'at' and len(a) == 2:
            rovers.add(a[0]); waypoints.add(a[1])
        elif p == 'can_traverse' and len(a) == 3:
            rovers.add(a[0]); waypoints.add(a[1]); waypoints.add(a[2])
        elif p == 'visible' and len(a) == 2:
            waypoints.add(a[0]); waypoints.add(a[1])
        elif p in ('at_lander', 'visible_from') and len(a) == 2:
            waypoints.add(a[1])
        elif p in ('at_soil_sample', 'at_rock_sample',
                   'communicated_soil_data', 'communicated_rock_data') and len(a) == 1:
            waypoints.add(a[0])
        elif p in ('have_soil_analysis', 'have_rock_analysis') and len(a) == 2:
            rovers.add(a[0]); waypoints.add(a[1])

    wl = sorted(waypoints)
    wi = {w: i for i, w in enumerate(wl)}
    V = len(wl)
    rl = sorted(rovers)

    # ---------------- facts ----------------
    visible = set()
    vis_into = defaultdict(list)
    trav = defaultdict(list)
    landers = []
    soil_eq, rock_eq, img_eq = set(), set(), set()
    store_owner = {}
    rover_stores = defaultdict(list)
    empty, full = set(), set()
    calibrated = set()
    supports = defaultdict(set)
    cal_targets = defaultdict(set)
    on_board = defaultdict(set)
    vf_raw = defaultdict(set)
    soil_avail, rock_avail = set(), set()
    have_soil, have_rock, have_image = set(), set(), set()
    comm_soil, comm_rock, comm_img = set(), set(), set()
    pos = {r: None for r in rl}

    for f in init:
        p, a = f[0], f[1:]
        if p == 'at' and len(a) == 2:
            pos[a[0]] = wi[a[1]]
        elif p == 'at_lander':
            landers.append((a[0], wi[a[1]]))
        elif p == 'can_traverse':
            trav[a[0]].append((wi[a[1]], wi[a[2]]))
        elif p == 'visible':
            x, y = wi[a[0]], wi[a[1]]
            visible.add((x, y))
            vis_into[y].append(x)
        elif p == 'equipped_for_soil_analysis':
            soil_eq.add(a[0])
        elif p == 'equipped_for_rock_analysis':
            rock_eq.add(a[0])
        elif p == 'equipped_for_imaging':
            img_eq.add(a[0])
        elif p == 'empty':
            empty.add(a[0])
        elif p == 'full':
            full.add(a[0])
        elif p == 'have_rock_analysis':
            have_rock.add((a[0], wi[a[1]]))
        elif p == 'have_soil_analysis':
            have_soil.add((a[0], wi[a[1]]))
        elif p == 'calibrated':
            calibrated.add((a[0], a[1]))
        elif p == 'supports':
            supports[a[0]].add(a[1])
        elif p == 'have_image':
            have_image.add((a[0], a[1], a[2]))
        elif p == 'communicated_soil_data':
            comm_soil.add(a[0])
        elif p == 'communicated_rock_data':
            comm_rock.add(a[0])
        elif p == 'communicated_image_data':
            comm_img.add((a[0], a[1]))
        elif p == 'at_soil_sample':
            soil_avail.add(wi[a[0]])
        elif p == 'at_rock_sample':
            rock_avail.add(wi[a[0]])
        elif p == 'visible_from':
            vf_raw[a[0]].add(wi[a[1]])
        elif p == 'store_of':
            store_owner[a[0]] = a[1]
            rover_stores[a[1]].append(a[0])
        elif p == 'calibration_target':
            cal_targets[a[0]].add(a[1])
        elif p == 'on_board':
            on_board[a[1]].add(a[0])

    for r in rover_stores:
        rover_stores[r] = sorted(set(rover_stores[r]))
    vf = {o: sorted(s) for o, s in vf_raw.items()}

    # road graphs
    adj, radj = {}, {}
    for r in rl:
        A = [set() for _ in range(V)]
        R = [set() for _ in range(V)]
        for (y, z) in trav.get(r, ()):
            if (y, z) in visible:
                A[y].add(z)
                R[z].add(y)
        adj[r] = [sorted(s) for s in A]
        radj[r] = [sorted(s) for s in R]

    # communication points
    comm_info = {}
    for (l, y) in sorted(landers, key=lambda t: (t[0], t[1])):
        for x in sorted(vis_into.get(y, ())):
            if x not in comm_info:
                comm_info[x] = (l, wl[y])
    comm_points = sorted(comm_info)

    def bfs(adjr, src):
        dist = [-1] * V
        par = [-1] * V
        dist[src] = 0
        q = [src]
        i = 0
        while i < len(q):
            u = q[i]; i += 1
            du = dist[u] + 1
            for v in adjr[u]:
                if dist[v] < 0:
                    dist[v] = du; par[v] = u; q.append(v)
        return dist, par

    def bfs2(adjr, src, cmask):
        N = 2 * V
        dist = [-1] * N
        par = [-1] * N
        dist[src] = 0
        q = [src]
        i = 0
        while i < len(q):
            u = q[i]; i += 1
            du = dist[u] + 1
            if u < V:
                for v in adjr[u]:
                    if dist[v] < 0:
                        dist[v] = du; par[v] = u; q.append(v)
                if u in cmask:
                    t = u + V
                    if dist[t] < 0:
                        dist[t] = du; par[t] = u; q.append(t)
            else:
                for v in adjr[u - V]:
                    t = v + V
                    if dist[t] < 0:
                        dist[t] = du; par[t] = u; q.append(t)
        return dist, par

    # distance to nearest communication point, per rover
    dtc = {}
    for r in rl:
        dist = [-1] * V
        q = list(comm_points)
        for x in q:
            dist[x] = 0
        i = 0
        R = radj[r]
        while i < len(q):
            u = q[i]; i += 1
            du = dist[u] + 1
            for v in R[u]:
                if dist[v] < 0:
                    dist[v] = du; q.append(v)
        dtc[r] = dist

    # cameras
    cams = {}
    for r in rl:
        cams[r] = sorted(on_board.get(r, ())) if r in img_eq else []
    calset = {}
    calib_obj = {}
    all_cams = set()
    for r in rl:
        all_cams.update(cams[r])
    for c in all_cams:
        d = {}
        for t in sorted(cal_targets.get(c, ())):
            for w in vf.get(t, ()):
                if w not in d:
                    d[w] = t
        calib_obj[c] = d
        calset[c] = set(d)

    plan = []

    def emit_path(r, par, target, c=None):
        nodes = []
        n = target
        while n != -1:
            nodes.append(n)
            n = par[n]
        nodes.reverse()
        for a, b in zip(nodes, nodes[1:]):
            if a < V <= b:
                t = calib_obj[c][a]
                plan.append('(calibrate %s %s %s %s)' % (r, c, t, wl[a]))
                calibrated.add((c, r))
            else:
                plan.append('(navigate %s %s %s)' % (r, wl[a % V], wl[b % V]))
        pos[r] = target % V

    def usable_store(r):
        return any((s in empty) or (s in full) for s in rover_stores.get(r, ()))

    def has_empty(r):
        return any(s in empty for s in rover_stores.get(r, ()))

    def rover_state(r):
        D, P = bfs(adj[r], pos[r])
        return {'D': D, 'P': P, 'D2': {}, 'memo': {}, 'heap': []}

    def get_D2(r, st, c):
        if c not in st['D2']:
            st['D2'][c] = bfs2(adj[r], pos[r], calset[c])
        return st['D2'][c]

    def image_opt(r, st, c, o, need_dtc):
        key = (c, o, need_dtc)
        memo = st['memo']
        if key in memo:
            return memo[key]
        dt = dtc[r]
        best = None
        res = None
        if (c, r) in calibrated:
            D = st['D']
            for p in vf.get(o, ()):
                d = D[p]
                if d >= 0 and (not need_dtc or dt[p] >= 0):
                    if best is None or d < best[0]:
                        best = (d, p)
            if best is not None:
                res = (best[0], best[1], False)
        elif calset.get(c):
            D2 = get_D2(r, st, c)[0]
            for p in vf.get(o, ()):
                d = D2[p + V]
                if d >= 0 and (not need_dtc or dt[p] >= 0):
                    if best is None or d < best[0]:
                        best = (d, p)
            if best is not None:
                res = (best[0], best[1], True)
        memo[key] = res
        return res

    def best_image(r, st, o, m, need_dtc):
        best = None
        for c in cams[r]:
            if m not in supports.get(c, ()):
                continue
            opt = image_opt(r, st, c, o, need_dtc)
            if opt is None:
                continue
            cand = (opt[0] + 1, c, opt[1], opt[2])
            if best is None or cand < best:
                best = cand
        return best

    def exec_image(r, st, o, m, opt):
        cost, c, p, two = opt
        if two:
            P2 = get_D2(r, st, c)[1]
            emit_path(r, P2, p + V, c)
        else:
            emit_path(r, st['P'], p)
        plan.append('(take_image %s %s %s %s %s)' % (r, wl[p], o, c, m))
        calibrated.discard((c, r))
        have_image.add((r, o, m))

    def take_sample(r, kind, w, store=None):
        s = store
        if s is None:
            for x in rover_stores.get(r, ()):
                if x in empty:
                    s = x
                    break
        if s is None:
            for x in rover_stores.get(r, ()):
                if x in full:
                    s = x
                    break
        if s is None:
            return False
        if s not in empty:
            plan.append('(drop %s %s)' % (r, s))
            full.discard(s); empty.add(s)
        if kind == 'soil':
            plan.append('(sample_soil %s %s %s)' % (r, s, wl[w]))
            soil_avail.discard(w); have_soil.add((r, w))
        else:
            plan.append('(sample_rock %s %s %s)' % (r, s, wl[w]))
            rock_avail.discard(w); have_rock.add((r, w))
        empty.discard(s); full.add(s)
        return True

    # ---------------- phase 0: have_* goals ----------------
    for g in sorted(goal):
        p, a = g[0], g[1:]
        if p in ('have_soil_analysis', 'have_rock_analysis') and len(a) == 2:
            r, w = a[0], wi.get(a[1])
            kind = 'soil' if p == 'have_soil_analysis' else 'rock'
            haveset = have_soil if kind == 'soil' else have_rock
            avail = soil_avail if kind == 'soil' else rock_avail
            eq = soil_eq if kind == 'soil' else rock_eq
            if w is None or (r, w) in haveset or pos.get(r) is None:
                continue
            if r not in eq or not usable_store(r) or w not in avail:
                continue
            st = rover_state(r)
            if st['D'][w] < 0:
                continue
            emit_path(r, st['P'], w)
            take_sample(r, kind, w)
        elif p == 'have_image' and len(a) == 3:
            r, o, m = a
            if (r, o, m) in have_image or pos.get(r) is None or not cams.get(r):
                continue
            st = rover_state(r)
            opt = best_image(r, st, o, m, False)
            if opt is not None:
                exec_image(r, st, o, m, opt)

    # ---------------- phase 1: tasks ----------------
    pend_soil, pend_rock, pend_img = set(), set(), set()
    for g in goal:
        if g[0] == 'communicated_soil_data' and g[1] not in comm_soil:
            pend_soil.add(('soil', g[1]))
        elif g[0] == 'communicated_rock_data' and g[1] not in comm_rock:
            pend_rock.add(('rock', g[1]))
        elif g[0] == 'communicated_image_data' and (g[1], g[2]) not in comm_img:
            pend_img.add(('image', g[1], g[2]))

    comm_list = {r: [] for r in rl}

    def holders(task):
        res = []
        for r in rl:
            if pos[r] is None or dtc[r][pos[r]] < 0:
                continue
            if task[0] == 'soil':
                ok = (r, wi[task[1]]) in have_soil
            elif task[0] == 'rock':
                ok = (r, wi[task[1]]) in have_rock
            else:
                ok = (r, task[1], task[2]) in have_image
            if ok:
                res.append((dtc[r][pos[r]], r))
        return min(res) if res else None

    for pend in (pend_soil, pend_rock, pend_img):
        for task in sorted(pend):
            h = holders(task)
            if h is not None:
                comm_list[h[1]].append(task)
                pend.discard(task)

    pending = set(pend_soil) | set(pend_rock) | set(pend_img)
    cur = {}

    def rebuild(r):
        if pos[r] is None:
            cur[r] = None
            return
        st = rover_state(r)
        D = st['D']
        dt = dtc[r]
        entries = []
        if usable_store(r):
            dropc = 0 if has_empty(r) else 1
            if r in soil_eq:
                for task in pend_soil:
                    w = wi[task[1]]
                    if w in soil_avail and D[w] >= 0 and dt[w] >= 0:
                        entries.append((D[w] + 1 + dropc, task, None))
            if r in rock_eq:
                for task in pend_rock:
                    w = wi[task[1]]
                    if w in rock_avail and D[w] >= 0 and dt[w] >= 0:
                        entries.append((D[w] + 1 + dropc, task, None))
        if cams[r]:
            for task in pend_img:
                opt = best_image(r, st, task[1], task[2], True)
                if opt is not None:
                    entries.append((opt[0], task, opt))
        heapq.heapify(entries)
        st['heap'] = entries
        cur[r] = st

    if pending:
        for r in rl:
            rebuild(r)
        while pending:
            best = None
            for r in rl:
                st = cur.get(r)
                if st is None:
                    continue
                h = st['heap']
                while h and h[0][1] not in pending:
                    heapq.heappop(h)
                if h:
                    cand = (h[0][0], r, h[0][1])
                    if best is None or cand < best:
                        best = cand
            if best is None:
                break
            r = best[1]
            st = cur[r]
            cost, task, extra = heapq.heappop(st['heap'])
            if task[0] == 'image':
                exec_image(r, st, task[1], task[2], extra)
                pend_img.discard(task)
            else:
                w = wi[task[1]]
                emit_path(r, st['P'], w)
                take_sample(r, task[0], w)
                (pend_soil if task[0] == 'soil' else pend_rock).discard(task)
            pending.discard(task)
            comm_list[r].append(task)
            rebuild(r)

    # ---------------- phase 2: communicate ----------------
    for r in rl:
        items = comm_list[r]
        if not items or pos[r] is None:
            continue
        D, P = bfs(adj[r], pos[r])
        tgt = None
        for x in comm_points:
            if D[x] >= 0 and (tgt is None or D[x] < D[tgt]):
                tgt = x
        if tgt is None:
            continue
        emit_path(r, P, tgt)
        l, y = comm_info[tgt]
        x = wl[tgt]
        for task in sorted(items):
            if task[0] == 'soil':
                if task[1] in comm_soil:
                    continue
                plan.append('(communicate_soil_data %s %s %s %s %s)' % (r, l, task[1], x, y))
                comm_soil.add(task[1])
            elif task[0] == 'rock':
                if task[1] in comm_rock:
                    continue
                plan.append('(communicate_rock_data %s %s %s %s %s)' % (r, l, task[1], x, y))
                comm_rock.add(task[1])
            else:
                if (task[1], task[2]) in comm_img:
                    continue
                plan.append('(communicate_image_data %s %s %s %s %s %s)' % (r, l, task[1], task[2], x, y))
                comm_img.add((task[1], task[2]))

    # ---------------- phase 3: remaining goal types ----------------
    goal_soil_sites = {wi[g[1]] for g in goal if g[0] == 'at_soil_sample' and g[1] in wi}
    goal_rock_sites = {wi[g[1]] for g in goal if g[0] == 'at_rock_sample' and g[1] in wi}

    for g in sorted(goal):
        if g[0] != 'full' or g[1] in full:
            continue
        s = g[1]
        r = store_owner.get(s)
        if r is None or pos.get(r) is None or s not in empty:
            continue
        D, P = bfs(adj[r], pos[r])
        best = None
        if r in soil_eq:
            for w in soil_avail:
                if D[w] >= 0 and w not in goal_soil_sites:
                    cand = (D[w], 0, w)
                    if best is None or cand < best:
                        best = cand
        if r in rock_eq:
            for w in rock_avail:
                if D[w] >= 0 and w not in goal_rock_sites:
                    cand = (D[w], 1, w)
                    if best is None or cand < best:
                        best = cand
        if best is None:
            continue
        emit_path(r, P, best[2])
        take_sample(r, 'soil' if best[1] == 0 else 'rock', best[2], s)

    for g in sorted(goal):
        if g[0] != 'calibrated' or len(g) != 3:
            continue
        c, r = g[1], g[2]
        if (c, r) in calibrated or pos.get(r) is None or c not in cams.get(r, ()):
            continue
        if not calset.get(c):
            continue
        D, P = bfs(adj[r], pos[r])
        tgt = None
        for w in sorted(calset[c]):
            if D[w] >= 0 and (tgt is None or D[w] < D[tgt]):
                tgt = w
        if tgt is None:
            continue
        emit_path(r, P, tgt)
        plan.append('(calibrate %s %s %s %s)' % (r, c, calib_obj[c][tgt], wl[tgt]))
        calibrated.add((c, r))

    for g in sorted(goal):
        if g[0] != 'at' or len(g) != 3:
            continue
        r, w = g[1], wi.get(g[2])
        if w is None or r not in pos or pos[r] is None or pos[r] == w:
            continue
        D, P = bfs(adj[r], pos[r])
        if D[w] >= 0:
            emit_path(r, P, w)

    for g in sorted(goal):
        if g[0] == 'empty' and g[1] in full:
            r = store_owner.get(g[1])
            if r is not None:
                plan.append('(drop %s %s)' % (r, g[1]))
                full.discard(g[1]); empty.add(g[1])

    return plan
