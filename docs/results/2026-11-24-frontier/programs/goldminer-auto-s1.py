import heapq

from collections import deque

def generate_solution(objects, init, goal):
    locs = sorted(n for (n, t) in objects)
    adj = {l: set() for l in locs}
    radj = {l: set() for l in locs}

    robot = None
    clear = set()
    soft = set()
    hard = set()
    gold = set()
    lasers = set()
    bombs = set()
    arm = 'empty'
    flags = set()
    for f in init:
        p = f[0]
        if p == 'connected':
            adj.setdefault(f[1], set()).add(f[2])
            radj.setdefault(f[2], set()).add(f[1])
            adj.setdefault(f[2], set())
            radj.setdefault(f[1], set())
        elif p == 'robot-at':
            robot = f[1]
        elif p == 'clear':
            clear.add(f[1])
        elif p == 'soft-rock-at':
            soft.add(f[1])
        elif p == 'hard-rock-at':
            hard.add(f[1])
        elif p == 'gold-at':
            gold.add(f[1])
        elif p == 'laser-at':
            lasers.add(f[1])
        elif p == 'bomb-at':
            bombs.add(f[1])
        elif len(f) == 1:
            flags.add(p)
    if 'holds-gold' in flags:
        arm = 'gold'
    elif 'holds-laser' in flags:
        arm = 'laser'
    elif 'holds-bomb' in flags:
        arm = 'bomb'
    else:
        arm = 'empty'

    adjs = {k: sorted(v) for k, v in adj.items()}
    radjs = {k: sorted(v) for k, v in radj.items()}

    wants_gold = any(f[0] == 'holds-gold' for f in goal)
    if arm == 'gold' or not wants_gold or robot is None:
        return []

    INF = float('inf')

    class St(object):
        pass

    def new_state():
        s = St()
        s.r = robot
        s.clear = set(clear)
        s.soft = set(soft)
        s.hard = set(hard)
        s.gold = set(gold)
        s.lasers = set(lasers)
        s.arm = arm
        s.plan = []
        return s

    def bfs_clear(s, src, targets):
        if src in targets:
            return [src]
        par = {src: None}
        dq = deque([src])
        while dq:
            u = dq.popleft()
            for v in adjs.get(u, ()):
                if v in par or v not in s.clear:
                    continue
                par[v] = u
                if v in targets:
                    path = [v]
                    while par[path[-1]] is not None:
                        path.append(par[path[-1]])
                    path.reverse()
                    return path
                dq.append(v)
        return None

    def dijkstra(src, targets, cost, allowed):
        if src in targets:
            return [src]
        dist = {src: 0}
        par = {src: None}
        heap = [(0, src)]
        done = set()
        while heap:
            d, u = heapq.heappop(heap)
            if u in done:
                continue
            done.add(u)
            if u in targets:
                path = [u]
                while par[path[-1]] is not None:
                    path.append(par[path[-1]])
                path.reverse()
                return path
            for v in adjs.get(u, ()):
                if v in done or not allowed(v):
                    continue
                nd = d + cost(v)
                if nd < dist.get(v, INF):
                    dist[v] = nd
                    par[v] = u
                    heapq.heappush(heap, (nd, v))
        return None

    def walk(s, path):
        for a, b in zip(path, path[1:]):
            s.plan.append('(move %s %s)' % (a, b))
            s.r = b

    def carve(s, path):
        for a, b in zip(path, path[1:]):
            if b not in s.clear:
                s.plan.append('(fire-laser %s %s)' % (a, b))
                s.clear.add(b)
                s.soft.discard(b)
                s.hard.discard(b)
                s.gold.discard(b)
            s.plan.append('(move %s %s)' % (a, b))
            s.r = b

    def dispose_bomb(s, avoid_gold=None):
        # detonate the held bomb on some soft rock next to a reachable cell
        targets = set()
        for x in adjs:
            for y in adjs[x]:
                if y in s.soft:
                    targets.add(x)
                    break
        targets &= (s.clear | {s.r})
        p = bfs_clear(s, s.r, targets)
        if p is None:
            return False
        walk(s, p)
        ys = [y for y in adjs[s.r] if y in s.soft]
        if avoid_gold is not None and avoid_gold in ys:
            y = avoid_gold
        else:
            y = ys[0]
        s.plan.append('(detonate-bomb %s %s)' % (s.r, y))
        s.clear.add(y)
        s.soft.discard(y)
        s.arm = 'empty'
        return True

    def laser_attempt(g):
        s = new_state()
        if g in s.hard:
            return None
        if s.arm == 'bomb':
            if not dispose_bomb(s, g):
                return None
        if s.arm == 'empty':
            if not s.lasers:
                return None
            p = bfs_clear(s, s.r, s.lasers)
            if p is None:
                return None
            walk(s, p)
            s.plan.append('(pickup-laser %s)' % s.r)
            s.lasers.discard(s.r)
            s.arm = 'laser'
        if s.arm != 'laser':
            return None
        nbrs = set(radjs.get(g, ()))
        nbrs.discard(g)
        if not nbrs:
            return None
        p = dijkstra(s.r, nbrs,
                     lambda c: 1 if c in s.clear else 2,
                     lambda c: c != g)
        if p is None:
            return None
        carve(s, p)
        if g in s.clear:
            s.plan.append('(putdown-laser %s)' % s.r)
            s.arm = 'empty'
            s.plan.append('(move %s %s)' % (s.r, g))
            s.r = g
            s.plan.append('(pick-gold %s)' % g)
            return s.plan
        if g not in s.soft or not bombs:
            return None
        p = bfs_clear(s, s.r, bombs)
        if p is not None:
            s.plan.append('(putdown-laser %s)' % s.r)
            s.arm = 'empty'
            walk(s, p)
        else:
            p = dijkstra(s.r, bombs,
                         lambda c: 1 if c in s.clear else 2,
                         lambda c: c != g)
            if p is None:
                return None
            carve(s, p)
            s.plan.append('(putdown-laser %s)' % s.r)
            s.arm = 'empty'
        s.plan.append('(pickup-bomb %s)' % s.r)
        s.arm = 'bomb'
        nc = set(c for c in nbrs if c in s.clear)
        q = bfs_clear(s, s.r, nc)
        if q is None:
            return None
        walk(s, q)
        s.plan.append('(detonate-bomb %s %s)' % (s.r, g))
        s.clear.add(g)
        s.soft.discard(g)
        s.arm = 'empty'
        s.plan.append('(move %s %s)' % (s.r, g))
        s.r = g
        s.plan.append('(pick-gold %s)' % g)
        return s.plan

    # distance from bombs over non-hard cells (estimate of a bomb trip)
    dbomb = {}
    dq = deque()
    for b in sorted(bombs):
        dbomb[b] = 0
        dq.append(b)
    while dq:
        u = dq.popleft()
        for v in adjs.get(u, ()):
            if v not in dbomb and v not in hard:
                dbomb[v] = dbomb[u] + 1
                dq.append(v)
    big = len(adjs) + 5

    def bomb_attempt(g):
        s = new_state()
        if g in s.hard:
            return None
        if s.arm == 'laser':
            s.plan.append('(putdown-laser %s)' % s.r)
            s.lasers.add(s.r)
            s.arm = 'empty'

        def cost(c):
            if c in s.clear:
                return 1
            return 1 + 2 * dbomb.get(c, big)

        def allowed(c):
            return c not in s.hard and (c in s.clear or c in s.soft)

        path = dijkstra(s.r, {g}, cost, allowed)
        if path is None:
            return None
        for i in range(len(path) - 1):
            x = path[i]
            c = path[i + 1]
            if c not in s.clear:
                if s.arm != 'bomb':
                    if not bombs:
                        return None
                    p = bfs_clear(s, x, bombs)
                    if p is None:
                        return None
                    walk(s, p)
                    s.plan.append('(pickup-bomb %s)' % s.r)
                    s.arm = 'bomb'
                    back = bfs_clear(s, s.r, {x})
                    if back is None:
                        return None
                    walk(s, back)
                s.plan.append('(detonate-bomb %s %s)' % (x, c))
                s.clear.add(c)
                s.soft.discard(c)
                s.arm = 'empty'
            s.plan.append('(move %s %s)' % (x, c))
            s.r = c
        if s.arm == 'bomb':
            if not dispose_bomb(s):
                return None
            back = bfs_clear(s, s.r, {g})
            if back is None:
                return None
            walk(s, back)
        if s.arm != 'empty':
            return None
        s.plan.append('(pick-gold %s)' % g)
        return s.plan

    # candidate gold cells, nearest first (ignoring rocks), limited in number
    dist0 = {robot: 0}
    dq = deque([robot])
    while dq:
        u = dq.popleft()
        for v in adjs.get(u, ()):
            if v not in dist0:
                dist0[v] = dist0[u] + 1
                dq.append(v)
    cands = sorted((g for g in gold if g not in hard),
                   key=lambda g: (dist0.get(g, INF), g))[:25]

    best = None
    for g in cands:
        for attempt in (laser_attempt, bomb_attempt):
            pl = attempt(g)
            if pl is not None and (best is None or len(pl) < len(best)):
                best = pl
    return best if best is not None else []
