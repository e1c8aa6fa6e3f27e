import time

import heapq

from collections import deque

class _Stuck(Exception):
    pass

class _Map(object):
    pass

def _parse(objects, init, goal):
    loc_set, box_set, dir_set = set(), set(), set()
    for name, typ in sorted(objects):
        if typ == 'location':
            loc_set.add(name)
        elif typ == 'box':
            box_set.add(name)
        elif typ == 'direction':
            dir_set.add(name)
    robot = None
    box_at = {}
    adj_facts = []
    for f in sorted(init):
        if not f:
            continue
        p = f[0]
        if p == 'adjacent' and len(f) == 4:
            adj_facts.append((f[1], f[2], f[3]))
            loc_set.add(f[1])
            loc_set.add(f[2])
            dir_set.add(f[3])
        elif p == 'at' and len(f) == 3:
            box_at[f[1]] = f[2]
            box_set.add(f[1])
            loc_set.add(f[2])
        elif p == 'at-robot' and len(f) == 2:
            robot = f[1]
            loc_set.add(f[1])
    goal_at = {}
    goal_robot = None
    goal_clear = []
    for f in sorted(goal):
        if not f:
            continue
        if f[0] == 'at' and len(f) == 3:
            if f[1] not in goal_at:
                goal_at[f[1]] = f[2]
            loc_set.add(f[2])
        elif f[0] == 'at-robot' and len(f) == 2:
            goal_robot = f[1]
            loc_set.add(f[1])
        elif f[0] == 'clear' and len(f) == 2:
            goal_clear.append(f[1])
            loc_set.add(f[1])

    M = _Map()
    M.lname = sorted(loc_set)
    idx = {n: i for i, n in enumerate(M.lname)}
    M.N = N = len(M.lname)
    M.dname = sorted(dir_set)
    didx = {n: i for i, n in enumerate(M.dname)}
    M.D = D = len(M.dname)
    M.adj = [[-1] * D for _ in range(N)]
    M.rev = [[[] for _ in range(D)] for _ in range(N)]
    for a, b, d in adj_facts:
        i, j, k = idx[a], idx[b], didx[d]
        if M.adj[i][k] == -1:
            M.adj[i][k] = j
            M.rev[j][k].append(i)
    M.out = [[y for y in M.adj[x] if y >= 0] for x in range(N)]
    M.rear = []
    for c in range(N):
        s = set()
        for d in range(D):
            for r in M.rev[c][d]:
                s.add(r)
        M.rear.append(sorted(s))
    M.floor_count = sum(1 for x in range(N) if M.out[x])

    M.bname = sorted(b for b in box_set if b in box_at)
    M.boxpos0 = [idx[box_at[b]] for b in M.bname]
    M.target = [idx[goal_at[b]] if b in goal_at else -1 for b in M.bname]
    M.robot0 = idx[robot] if robot is not None else None
    M.goal_robot = idx[goal_robot] if goal_robot is not None else None
    M.goal_clear = [idx[c] for c in goal_clear]

    # static "pull" sets: cells from which a box can (ignoring other boxes)
    # still be pushed onto its target
    pull_cache = {}
    M.pull = []
    for t in M.target:
        if t < 0:
            M.pull.append(None)
            continue
        if t not in pull_cache:
            seen = {t}
            dq = deque([t])
            while dq:
                x = dq.popleft()
                for d in range(D):
                    for y in M.rev[x][d]:
                        if y in seen or not M.rev[y][d]:
                            continue
                        seen.add(y)
                        dq.append(y)
            pull_cache[t] = seen
        M.pull.append(pull_cache[t])

    # static distance from the initial robot position (ignoring boxes)
    M.gdist = [1 << 30] * N
    if M.robot0 is not None:
        M.gdist[M.robot0] = 0
        dq = deque([M.robot0])
        while dq:
            x = dq.popleft()
            for y in M.out[x]:
                if M.gdist[y] > M.gdist[x] + 1:
                    M.gdist[y] = M.gdist[x] + 1
                    dq.append(y)
    return M

class _Solver(object):
    def __init__(self, M, strategy, deadline):
        self.M = M
        self.strategy = strategy
        self.deadline = deadline
        self.nb = len(M.boxpos0)
        self.boxpos = list(M.boxpos0)
        self.target = M.target
        self.player = M.robot0
        self.occ = [-1] * M.N
        for i, c in enumerate(self.boxpos):
            self.occ[c] = i
        self.plan = []
        self.visited = set()
        self.free_total = M.floor_count - self.nb

    # ---------------- basic helpers ----------------
    def check_time(self):
        if time.time() > self.deadline:
            raise _Stuck()

    def blocked_all(self, exclude=-1):
        bl = bytearray(self.M.N)
        for i, c in enumerate(self.boxpos):
            if i != exclude:
                bl[c] = 1
        return bl

    def region(self, pos, p):
        N = self.M.N
        out = self.M.out
        bl = bytearray(N)
        for c in pos:
            bl[c] = 1
        seen = bytearray(N)
        seen[p] = 1
        lst = [p]
        m = p
        i = 0
        while i < len(lst):
            x = lst[i]
            i += 1
            for y in out[x]:
                if not seen[y] and not bl[y]:
                    seen[y] = 1
                    lst.append(y)
                    if y < m:
                        m = y
        return m, len(lst)

    def state_key(self, pos, p):
        m, cnt = self.region(pos, p)
        return (tuple(pos), m), cnt

    def sides(self, b, p, bl):
        """Cells from which a push into b is possible and that the
        player (at p) can reach, with box at b and obstacles bl."""
        need = [r for r in self.M.rear[b] if not bl[r]]
        if not need:
            return frozenset()
        tset = set(need)
        nt = len(tset)
        found = []
        if p in tset:
            found.append(p)
            if len(found) == nt:
                return frozenset(found)
        out = self.M.out
        seen = {p, b}
        dq = deque([p])
        while dq:
            x = dq.popleft()
            for y in out[x]:
                if y in seen or bl[y]:
                    continue
                seen.add(y)
                if y in tset:
                    found.append(y)
                    if len(found) == nt:
                        return frozenset(found)
                dq.append(y)
        return frozenset(found)

    def push_search(self, b0, p0, bl, target=-1, collect=False):
        """BFS over (box cell, reachable push sides) for one box."""
        if not collect and b0 == target:
            return []
        adj = self.M.adj
        rev = self.M.rev
        D = self.M.D
        s0 = (b0, self.sides(b0, p0, bl))
        parent = {s0: None}
        depth = {s0: 0}
        order = [s0]
        dq = deque([s0])
        cnt = 0
        while dq:
            st = dq.popleft()
            b, sd = st
            if not sd:
                continue
            cnt += 1
            if (cnt & 127) == 0:
                self.check_time()
            ab = adj[b]
            rb = rev[b]
            for d in range(D):
                f = ab[d]
                if f < 0 or bl[f]:
                    continue
                r = -1
                for rr in rb[d]:
                    if rr in sd:
                        r = rr
                        break
                if r < 0:
                    continue
                ns = (f, self.sides(f, b, bl))
                if ns in parent:
                    continue
                parent[ns] = (st, d, r)
                if collect:
                    depth[ns] = depth[st] + 1
                    order.append(ns)
                elif f == target:
                    return self.recon(parent, ns)
                dq.append(ns)
        if collect:
            return parent, order, depth
        return None

    @staticmethod
    def recon(parent, st):
        res = []
        while parent[st] is not None:
            prev, d, r = parent[st]
            res.append((prev[0], d, r, st[0]))
            st = prev
        res.reverse()
        return res

    def walk_to(self, dst):
        src = self.player
        if src == dst:
            return
        M = self.M
        occ = self.occ
        prev = {src: None}
        dq = deque([src])
        while dq:
            x = dq.popleft()
            if x == dst:
                break
            ax = M.adj[x]
            for d in range(M.D):
                y = ax[d]
                if y < 0 or y in prev or occ[y] >= 0:
                    continue
                prev[y] = (x, d)
                dq.append(y)
        if dst not in prev:
            raise _Stuck()
        steps = []
        y = dst
        while prev[y] is not None:
            x, d = prev[y]
            steps.append((x, y, d))
            y = x
        steps.reverse()
        for x, y, d in steps:
            self.plan.append('(move %s %s %s)' % (M.lname[x], M.lname[y], M.dname[d]))
        self.player = dst

    def execute(self, bi, pushes):
        M = self.M
        for (b, d, r, f) in pushes:
            if self.occ[b] != bi or self.occ[f] >= 0:
                raise _Stuck()
            self.walk_to(r)
            self.plan.append('(push %s %s %s %s %s)' % (
                M.lname[r], M.lname[b], M.lname[f], M.dname[d], M.bname[bi]))
            self.occ[b] = -1
            self.occ[f] = bi
            self.boxpos[bi] = f
            self.player = b

    def weighted_path(self, src, dst, bl, boxcell, mover):
        if src == dst:
            return [src]
        out = self.M.out
        occ = self.occ
        dist = {src: 0}
        prev = {src: None}
        h = [(0, src)]
        while h:
            dd, x = heapq.heappop(h)
            if x == dst:
                break
            if dd > dist[x]:
                continue
            for y in out[x]:
                if bl[y] or y == boxcell:
                    continue
                o = occ[y]
                nd = dd + (100 if (o >= 0 and o != mover) else 1)
                if nd < dist.get(y, 1 << 60):
                    dist[y] = nd
                    prev[y] = x
                    heapq.heappush(h, (nd, y))
        if dst not in prev:
            return [dst]
        path = []
        y = dst
        while y is not None:
            path.append(y)
            y = prev[y]
        path.reverse()
        return path

    def used_cells(self, b, pushes, bl):
        seq = []
        seen = set()

        def add(c):
            if c not in seen:
                seen.add(c)
                seq.append(c)

        add(self.boxpos[b])
        p = self.player
        for (bb, d, r, f) in pushes:
            for c in self.weighted_path(p, r, bl, bb, b):
                add(c)
            add(bb)
            add(f)
            p = bb
        return seq

    # ---------------- heuristics ----------------
    def is_placed(self, i, pos=None):
        pos = self.boxpos if pos is None else pos
        return self.target[i] >= 0 and pos[i] == self.target[i]

    def relaxed_set(self, pos, p, boxes):
        """Boxes that can still reach their targets when only boxes that
        are already on their targets count as obstacles."""
        base = bytearray(self.M.N)
        for i in range(self.nb):
            if self.is_placed(i, pos):
                base[pos[i]] = 1
        res = set()
        for b in boxes:
            if self.push_search(pos[b], p, base, self.target[b]) is not None:
                res.add(b)
        return res

    def cand_key(self, b, npushes):
        t = self.target[b]
        kind = self.strategy['key']
        if kind == 'nbr':
            free = 0
            for y in self.M.out[t]:
                o = self.occ[y]
                if not (o >= 0 and self.target[o] == y):
                    free += 1
            return (free, npushes, b)
        if kind == 'far':
            return (-self.M.gdist[t], npushes, b)
        return (npushes, b)

    def park(self, x, used):
        """Move box x to some cell outside `used`."""
        pos = self.boxpos
        bl = self.blocked_all(x)
        parent, order, depth = self.push_search(pos[x], self.player, bl, collect=True)
        if len(order) <= 1:
            return False
        tx = self.target[x]
        pull = self.M.pull[x]
        if pull is not None and pos[x] not in pull:
            pull = None
        other_t = set(self.target[i] for i in range(self.nb)
                      if i != x and self.target[i] >= 0 and not self.is_placed(i))
        _, base_cnt = self.region(pos, self.player)
        base_unreach = self.free_total - base_cnt
        best = None
        seen_c = set()
        ev = 0
        for st in order[1:]:
            c = st[0]
            if c in seen_c:
                continue
            seen_c.add(c)
            if c in used:
                continue
            if pull is not None and c not in pull:
                continue
            pushes = self.recon(parent, st)
            newp = pushes[-1][0]
            newpos = list(pos)
            newpos[x] = c
            skey, cnt = self.state_key(newpos, newp)
            if skey in self.visited:
                continue
            unreach = self.free_total - cnt
            score = (0 if c == tx else 1,
                     1 if c in other_t else 0,
                     1 if unreach > base_unreach else 0,
                     depth[st], unreach, c)
            if best is None or score < best[0]:
                best = (score, pushes, skey)
            ev += 1
            if ev >= 40:
                break
        if best is None:
            return False
        self.execute(x, best[1])
        self.visited.add(best[2])
        return True

    def resolve(self, b):
        """Box b has no push path: move a box that is in its way."""
        M = self.M
        pos = self.boxpos
        nb = self.nb
        tb = self.target[b]
        bl_none = bytearray(M.N)
        free_path = self.push_search(pos[b], self.player, bl_none, tb)
        if free_path is None:
            return False
        used_free = self.used_cells(b, free_path, bl_none)
        on_path = []
        for c in used_free:
            o = self.occ[c]
            if o >= 0 and o != b and o not in on_path:
                on_path.append(o)
        # static distances from the box, to rank other boxes
        dist = {pos[b]: 0}
        dq = deque([pos[b]])
        while dq:
            x = dq.popleft()
            for y in M.out[x]:
                if y not in dist:
                    dist[y] = dist[x] + 1
                    dq.append(y)
        others = sorted((i for i in range(nb) if i != b and i not in on_path),
                        key=lambda i: (dist.get(pos[i], 1 << 30), i))
        # 1) a single box is in the way
        for x in on_path + others[:8]:
            bl = self.blocked_all(b)
            bl[pos[x]] = 0
            pushes = self.push_search(pos[b], self.player, bl, tb)
            if pushes is None:
                continue
            used = self.used_cells(b, pushes, bl)
            if self.park(x, set(used)):
                return True
        # 2) several boxes are in the way
        tiers = []
        bl = bytearray(M.N)
        for i in range(nb):
            if i != b and self.is_placed(i):
                bl[pos[i]] = 1
        pushes = self.push_search(pos[b], self.player, bl, tb)
        if pushes is not None:
            tiers.append(self.used_cells(b, pushes, bl))
        tiers.append(used_free)
        for used in tiers:
            uset = set(used)
            blockers = []
            for c in used:
                o = self.occ[c]
                if o >= 0 and o != b and o not in blockers:
                    blockers.append(o)
            for x in blockers:
                if self.park(x, uset):
                    return True
        return False

    def try_place(self, cands, unsat, use_safe, ok_before):
        for key, b, pushes in cands:
            newpos = list(self.boxpos)
            newpos[b] = self.target[b]
            newp = pushes[-1][0] if pushes else self.player
            skey, _ = self.state_key(newpos, newp)
            if skey in self.visited:
                continue
            if use_safe:
                need = [i for i in unsat if i != b and i in ok_before]
                after = self.relaxed_set(newpos, newp, need)
                if len(after) < len(need):
                    continue
            self.execute(b, pushes)
            self.visited.add(skey)
            return True
        return False

    # ---------------- main loop ----------------
    def run(self):
        if self.player is None:
            return False
        goal_boxes = [i for i in range(self.nb) if self.target[i] >= 0]
        key0, _ = self.state_key(self.boxpos, self.player)
        self.visited.add(key0)
        t_start = time.time()
        half = t_start + (self.deadline - t_start) * 0.5
        maxit = 20 * self.nb + 100
        try:
            for _ in range(maxit):
                self.check_time()
                unsat = [i for i in goal_boxes if not self.is_placed(i)]
                if not unsat:
                    return True
                use_safe = self.strategy['safe'] and time.time() < half
                cands = []
                nopath = []
                for b in unsat:
                    bl = self.blocked_all(b)
                    pushes = self.push_search(self.boxpos[b], self.player, bl, self.target[b])
                    if pushes is None:
                        nopath.append(b)
                    else:
                        cands.append((self.cand_key(b, len(pushes)), b, pushes))
                cands.sort(key=lambda c: c[0])
                ok_before = set()
                if use_safe and cands:
                    ok_before = self.relaxed_set(self.boxpos, self.player, unsat)
                if self.try_place(cands, unsat, use_safe, ok_before):
                    continue
                nopath.sort(key=lambda b: self.cand_key(b, 0))
                done = False
                for b in nopath:
                    if self.resolve(b):
                        done = True
                        break
                if done:
                    continue
                if use_safe and self.try_place(cands, unsat, False, ok_before):
                    continue
                break
        except _Stuck:
            pass
        return all(self.is_placed(i) for i in goal_boxes)

    def finish(self):
        M = self.M
        self.deadline = max(self.deadline, time.time() + 2.0)
        try:
            for c in M.goal_clear:
                o = self.occ[c]
                if o >= 0 and self.target[o] != c:
                    used = set(M.goal_clear)
                    for i in range(self.nb):
                        if self.target[i] >= 0:
                            used.add(self.target[i])
                    self.park(o, used)
            if M.goal_robot is not None and self.player != M.goal_robot:
                self.walk_to(M.goal_robot)
        except _Stuck:
            pass

    def score(self):
        placed = sum(1 for i in range(self.nb) if self.is_placed(i))
        return (placed, -len(self.plan))

def generate_solution(objects, init, goal):
    start = time.time()
    global_deadline = start + 38.0
    M = _parse(objects, init, goal)
    if M.robot0 is None:
        return []
    strategies = [
        {'key': 'nbr', 'safe': True},
        {'key': 'far', 'safe': True},
        {'key': 'push', 'safe': True},
        {'key': 'nbr', 'safe': False},
        {'key': 'far', 'safe': False},
    ]
    best = None
    for si, strat in enumerate(strategies):
        now = time.time()
        remaining = global_deadline - now
        if remaining < 0.3:
            break
        if si == len(strategies) - 1:
            run_deadline = global_deadline
        else:
            run_deadline = now + remaining * 0.5
        solver = _Solver(M, strat, run_deadline)
        ok = solver.run()
        if ok:
            solver.finish()
            return list(solver.plan)
        if best is None or solver.score() > best.score():
            best = solver
    if best is None:
        return []
    best.finish()
    return list(best.plan)
