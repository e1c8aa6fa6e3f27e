from collections import deque

def generate_solution(objects, init, goal):
    robots = set()
    tiles = set()
    for name, typ in objects:
        if typ == 'robot':
            robots.add(name)
        elif typ == 'tile':
            tiles.add(name)

    move_kind = {'up': 'move_up', 'down': 'move_down',
                 'right': 'move_right', 'left': 'move_left'}
    rels = []
    clear = set()
    pos = {}
    has = {}
    available = set()
    painted_init = {}
    for f in init:
        p = f[0]
        if p in move_kind and len(f) == 3:
            rels.append(f)
            tiles.add(f[1])
            tiles.add(f[2])
        elif p == 'clear' and len(f) == 2:
            clear.add(f[1])
        elif p == 'robot-at' and len(f) == 3:
            pos[f[1]] = f[2]
            robots.add(f[1])
            tiles.add(f[2])
        elif p == 'robot-has' and len(f) == 3:
            has.setdefault(f[1], set()).add(f[2])
            robots.add(f[1])
        elif p == 'available-color' and len(f) == 2:
            available.add(f[1])
        elif p == 'painted' and len(f) == 3:
            painted_init.setdefault(f[1], set()).add(f[2])
            tiles.add(f[1])
    for r in robots:
        has.setdefault(r, set())

    succ = {t: [] for t in tiles}
    pred = {t: [] for t in tiles}
    edge_act = {}
    paints_from = {t: [] for t in tiles}
    paints_to = {t: set() for t in tiles}
    for f in sorted(rels):
        p, y, x = f
        if (x, y) not in edge_act:
            edge_act[(x, y)] = move_kind[p]
            succ[x].append(y)
            pred[y].append(x)
        if p == 'up':
            paints_from[y].append((x, 'paint_up'))
            paints_to[x].add(y)
        elif p == 'down':
            paints_from[y].append((x, 'paint_down'))
            paints_to[x].add(y)
    for t in tiles:
        succ[t] = sorted(set(succ[t]))
        pred[t] = sorted(set(pred[t]))
        paints_from[t] = sorted(set(paints_from[t]))
    paints_to = {t: sorted(v) for t, v in paints_to.items()}
    nbrs = {t: sorted(set(succ[t]) | set(pred[t])) for t in tiles}

    occ = {}
    for r in sorted(pos):
        occ[pos[r]] = r
    blocked = set(t for t in tiles if t not in clear and t not in occ)

    goal_paint = {}
    goal_pos = {}
    goal_has = {}
    for f in goal:
        if f[0] == 'painted' and len(f) == 3:
            goal_paint[f[1]] = f[2]
        elif f[0] == 'robot-at' and len(f) == 3:
            goal_pos[f[1]] = f[2]
        elif f[0] == 'robot-has' and len(f) == 3:
            goal_has.setdefault(f[1], set()).add(f[2])

    T = {}
    for t in sorted(goal_paint):
        g = goal_paint[t]
        if t not in tiles:
            continue
        if g in painted_init.get(t, ()):
            continue            # goal already holds
        if t in blocked:
            continue            # painted otherwise / unusable
        T[t] = g

    # ------------------------------------------------------------------
    # Levels by backward growth of the robot's region
    # ------------------------------------------------------------------
    def components(S):
        comp_of = {}
        members = []
        for t in sorted(S):
            if t in comp_of:
                continue
            cid = len(members)
            comp_of[t] = cid
            mem = [t]
            stack = [t]
            while stack:
                x = stack.pop()
                for y in nbrs[x]:
                    if y in S and y not in comp_of:
                        comp_of[y] = cid
                        mem.append(y)
                        stack.append(y)
            members.append(mem)
        return comp_of, members

    def grow(seed, comp_of, members, Tc):
        lv = {}
        inR = set(members[seed])
        merged = {seed}
        for x in members[seed]:
            lv[x] = 0
        cand = set()
        for t in Tc:
            for s, _ in paints_from[t]:
                if s in inR:
                    cand.add(t)
                    break
        k = 0
        covered = 0
        while cand:
            k += 1
            layer = sorted(cand)
            newly = []
            for t in layer:
                lv[t] = k
                inR.add(t)
                newly.append(t)
            covered += len(layer)
            for t in layer:
                for y in nbrs[t]:
                    c = comp_of.get(y)
                    if c is not None and c not in merged:
                        merged.add(c)
                        for x in members[c]:
                            inR.add(x)
                            lv[x] = k
                            newly.append(x)
            cand = set()
            for s in newly:
                for t in paints_to[s]:
                    if t in Tc and t not in inR:
                        cand.add(t)
        return lv, covered

    free0 = set(t for t in tiles if t not in blocked)
    init_comp_of, init_members = components(free0)
    robot_comps = sorted(set(init_comp_of[pos[r]] for r in pos
                             if pos[r] in init_comp_of))
    lvl = {}
    for ic in robot_comps:
        mem = init_members[ic]
        Tc = set(t for t in mem if t in T)
        if not Tc:
            continue
        Fc = set(t for t in mem if t not in T)
        if not Fc:
            continue
        comp_of, members = components(Fc)
        order = sorted(range(len(members)),
                       key=lambda c: (-len(members[c]), members[c][0]))
        best = None
        for c in order[:40]:
            lv, cov = grow(c, comp_of, members, Tc)
            if best is None or cov > best[1]:
                best = (lv, cov)
            if cov == len(Tc):
                break
        if best is not None:
            lvl.update(best[0])

    remaining = set(t for t in T if t in lvl)
    leftover = set(t for t in T if t not in lvl)
    plan = []

    # ------------------------------------------------------------------
    # Actions
    # ------------------------------------------------------------------
    def move(r, y):
        x = pos[r]
        act = edge_act[(x, y)]
        plan.append('(%s %s %s %s)' % (act, r, x, y))
        del occ[x]
        occ[y] = r
        pos[r] = y

    def can_paint(r, g):
        h = has.get(r)
        if not h:
            return False
        return g in h or g in available

    def change_cost(r, g):
        return 0 if g in has[r] else 1

    def ensure_color(r, g):
        if g not in has[r]:
            c = sorted(has[r])[0]
            plan.append('(change_color %s %s %s)' % (r, c, g))
            has[r].discard(c)
            has[r].add(g)

    def evict(u, allowed):
        # move the robot on u to the nearest clear tile satisfying `allowed`,
        # going only through `allowed` tiles and shifting a chain of robots
        # along the path if necessary
        parent = {u: None}
        q = deque([u])
        target = None
        while q and target is None:
            x = q.popleft()
            for y in succ[x]:
                if y in parent or y in blocked or not allowed(y):
                    continue
                parent[y] = x
                if y not in occ:
                    target = y
                    break
                q.append(y)
        if target is None:
            return False
        path = []
        n = target
        while n is not None:
            path.append(n)
            n = parent[n]
        path.reverse()
        for i in range(len(path) - 2, -1, -1):
            r = occ[path[i]]
            move(r, path[i + 1])
        return True

    def find_best(rem, stand_ok):
        best = None
        best_cost = float('inf')
        by_color = {}
        for t in rem:
            by_color.setdefault(T[t], []).append(t)
        for g in sorted(by_color):
            parent = {}
            src_info = {}
            seen = set()
            frontier = []
            for t in by_color[g]:
                for (s, act) in paints_from[t]:
                    if s in seen or not stand_ok(s, t):
                        continue
                    seen.add(s)
                    src_info[s] = (t, act)
                    if s in occ:
                        r = occ[s]
                        if can_paint(r, g):
                            c = change_cost(r, g)
                            if c < best_cost:
                                best_cost = c
                                best = (r, s, parent, src_info, g)
                    else:
                        frontier.append(s)
            depth = 0
            while frontier and depth + 1 < best_cost:
                nxt = []
                for v in frontier:
                    for u in pred[v]:
                        if u in seen or u in blocked:
                            continue
                        seen.add(u)
                        parent[u] = v
                        if u in occ:
                            r = occ[u]
                            if can_paint(r, g):
                                c = depth + 1 + change_cost(r, g)
                                if c < best_cost:
                                    best_cost = c
                                    best = (r, u, parent, src_info, g)
                        else:
                            nxt.append(u)
                frontier = nxt
                depth += 1
        return best

    def do_paint(best):
        r, start, parent, src_info, g = best
        node = start
        path = []
        while node in parent:
            node = parent[node]
            path.append(node)
        s = node
        t, act = src_info[s]
        for y in path:
            move(r, y)
        if t in occ or t in blocked:
            return t, False
        ensure_color(r, g)
        plan.append('(%s %s %s %s %s)' % (act, r, t, s, g))
        blocked.add(t)
        return t, True

    # ------------------------------------------------------------------
    # Main painting: highest level first
    # ------------------------------------------------------------------
    tiers = sorted(set(lvl[t] for t in remaining), reverse=True)
    for d in tiers:
        tier = sorted(t for t in remaining if lvl[t] == d)
        def lower(y, d=d):
            # region of lower level: stays connected to the remaining work
            return y in lvl and lvl[y] < d

        def parkable(y, d=d):
            # any tile that is not waiting to be painted now or later
            # at this level or above, and not an unplanned goal tile
            if y in remaining and lvl[y] >= d:
                return False
            return y not in leftover

        for u in tier:
            if u in occ and u in remaining:
                if not (evict(u, lower) or evict(u, parkable)):
                    remaining.discard(u)
                    leftover.add(u)

        def stand_ok(s, t, d=d):
            return s not in blocked and s in lvl and lvl[s] < d

        while True:
            rem = [t for t in tier if t in remaining]
            if not rem:
                break
            best = find_best(rem, stand_ok)
            if best is None:
                for t in rem:
                    remaining.discard(t)
                    leftover.add(t)
                break
            t, ok = do_paint(best)
            remaining.discard(t)
            if not ok:
                leftover.add(t)

    # best effort for anything not covered by the ordering
    def stand_any(s, t):
        return s not in blocked

    def park_final(y):
        return y not in leftover and y not in remaining

    while leftover:
        for t in sorted(leftover):
            if t in occ and t not in blocked:
                evict(t, park_final)
        rem = sorted(t for t in leftover if t not in blocked and t not in occ)
        if not rem:
            break
        best = find_best(rem, stand_any)
        if best is None:
            break
        t, ok = do_paint(best)
        leftover.discard(t)

    # ------------------------------------------------------------------
    # Optional goals on robot positions / colours (best effort)
    # ------------------------------------------------------------------
    def bfs_path(start, is_target):
        parent = {start: None}
        q = deque([start])
        while q:
            x = q.popleft()
            for y in succ[x]:
                if y in parent or y in blocked or y in occ:
                    continue
                parent[y] = x
                if is_target(y):
                    path = []
                    n = y
                    while n != start:
                        path.append(n)
                        n = parent[n]
                    path.reverse()
                    return path
                q.append(y)
        return None

    if goal_pos:
        targets = set(goal_pos.values())
        for _ in range(2 * len(robots) + 2):
            pending = [r for r in sorted(goal_pos)
                       if r in pos and pos[r] != goal_pos[r]]
            if not pending:
                break
            progress = False
            for r in pending:
                tgt = goal_pos[r]
                if tgt not in tiles or tgt in blocked or pos[r] == tgt:
                    continue
                if tgt in occ:
                    o = occ[tgt]
                    if goal_pos.get(o) == tgt:
                        continue
                    p = bfs_path(tgt, lambda v: v not in targets)
                    if p is None:
                        continue
                    for y in p:
                        move(o, y)
                    progress = True
                p = bfs_path(pos[r], lambda v, tg=tgt: v == tg)
                if p is not None:
                    for y in p:
                        move(r, y)
                    progress = True
            if not progress:
                break

    for r in sorted(goal_has):
        if r not in has:
            continue
        for g in sorted(goal_has[r]):
            if g not in has[r] and has[r] and g in available:
                ensure_color(r, g)

    return plan
