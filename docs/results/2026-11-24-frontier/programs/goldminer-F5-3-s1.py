import heapq

from collections import deque

def generate_solution(objects, init, goal):
    cells = set()
    for o in objects:
        cells.add(o[0] if isinstance(o, tuple) else o)

    nbrs = {}
    clear, soft, hard, bombs = set(), set(), set(), set()
    robot = gold = laser = None
    holding = None
    has_gold = False
    for f in init:
        if not f:
            continue
        p = f[0]
        if p == 'connected' and len(f) == 3:
            nbrs.setdefault(f[1], set()).add(f[2])
            cells.add(f[1])
            cells.add(f[2])
        elif p == 'clear':
            clear.add(f[1])
        elif p == 'soft-rock-at':
            soft.add(f[1])
        elif p == 'hard-rock-at':
            hard.add(f[1])
        elif p == 'bomb-at':
            bombs.add(f[1])
        elif p == 'robot-at':
            robot = f[1]
        elif p == 'gold-at':
            gold = f[1]
        elif p == 'laser-at':
            laser = f[1]
        elif p == 'holds-laser':
            holding = 'laser'
        elif p == 'holds-bomb':
            holding = 'bomb'
        elif p == 'holds-gold':
            has_gold = True

    plan = []
    if has_gold or robot is None or gold is None:
        return plan

    nb = {c: sorted(nbrs.get(c, ())) for c in cells}
    st = {'robot': robot, 'holding': holding}

    # cells from which the gold cell can be entered / bombed
    gold_nbrs = set(c for c in cells if c != gold and gold in nbrs.get(c, ()))

    # ---------------- map helpers ----------------
    def bfs(start, targets, passable):
        if start in targets:
            return [start]
        parent = {start: None}
        dq = deque([start])
        while dq:
            c = dq.popleft()
            for d in nb.get(c, ()):
                if d in parent or not passable(d):
                    continue
                parent[d] = c
                if d in targets:
                    path = [d]
                    while parent[path[-1]] is not None:
                        path.append(parent[path[-1]])
                    path.reverse()
                    return path
                dq.append(d)
        return None

    def dijkstra(start, targets, forbidden):
        if start in targets:
            return [start]
        dist = {start: 0}
        parent = {start: None}
        heap = [(0, start)]
        done = set()
        while heap:
            d, c = heapq.heappop(heap)
            if c in done:
                continue
            done.add(c)
            if c in targets:
                path = [c]
                while parent[path[-1]] is not None:
                    path.append(parent[path[-1]])
                path.reverse()
                return path
            for n in nb.get(c, ()):
                if n in forbidden or n in done:
                    continue
                nd = d + (1 if n in clear else 2)
                if n not in dist or nd < dist[n]:
                    dist[n] = nd
                    parent[n] = c
                    heapq.heappush(heap, (nd, n))
        return None

    def is_clear(c):
        return c in clear

    def walk(path):
        for a, b in zip(path, path[1:]):
            plan.append('(move %s %s)' % (a, b))
            st['robot'] = b

    def go_to(targets):
        p = bfs(st['robot'], targets, is_clear)
        if p is None:
            return False
        walk(p)
        return True

    def cut_along(path):
        # robot holds the laser; shoot every non-clear cell on the path, then step in
        for a, b in zip(path, path[1:]):
            if b not in clear:
                plan.append('(fire-laser %s %s)' % (a, b))
                clear.add(b)
                soft.discard(b)
                hard.discard(b)
            plan.append('(move %s %s)' % (a, b))
            st['robot'] = b

    def detonate(frm, target):
        plan.append('(detonate-bomb %s %s)' % (frm, target))
        soft.discard(target)
        clear.add(target)
        st['holding'] = None

    def fetch_bomb():
        if st['holding'] == 'bomb':
            return True
        if not go_to(bombs):
            return False
        plan.append('(pickup-bomb %s)' % st['robot'])
        st['holding'] = 'bomb'
        return True

    def bomb_open_to(targets):
        # reach a cell of `targets` using bombs on soft rock only (arm empty or holding a bomb)
        for _ in range(len(cells) + 2):
            p = bfs(st['robot'], targets, is_clear)
            if p is not None:
                walk(p)
                return True
            p = bfs(st['robot'], targets,
                    lambda c: (c in clear or c in soft) and c != gold)
            if p is None:
                return False
            i = next(k for k in range(1, len(p)) if p[k] not in clear)
            s, prev = p[i], p[i - 1]
            if not fetch_bomb():
                return False
            if not go_to({prev}):
                return False
            detonate(prev, s)
        return False

    def finish(N):
        # robot is at N (next to the gold), arm empty or holding a bomb
        if gold not in clear and gold in soft:
            if not fetch_bomb():
                return
            if not go_to({N}):
                return
            detonate(N, gold)
        elif st['holding'] == 'bomb':
            return
        if st['robot'] != N and not go_to({N}):
            return
        plan.append('(move %s %s)' % (N, gold))
        st['robot'] = gold
        plan.append('(pick-gold %s)' % gold)

    # ---------------- 0) unusual start: holding a bomb ----------------
    if st['holding'] == 'bomb':
        if gold in soft:
            p = bfs(st['robot'], gold_nbrs, is_clear)
            if p is not None:
                walk(p)
                N = st['robot']
                detonate(N, gold)
                finish(N)
                return plan
        spots = set(c for c in clear
                    if any(s in soft and s != gold for s in nb.get(c, ())))
        p = bfs(st['robot'], spots, is_clear)
        if p is None:
            return plan
        walk(p)
        s = min(x for x in nb[st['robot']] if x in soft and x != gold)
        detonate(st['robot'], s)

    # ---------------- 1) get the laser ----------------
    if st['holding'] != 'laser' and laser is not None:
        if not go_to({laser}):
            if not bomb_open_to({laser}):
                return plan
        plan.append('(pickup-laser %s)' % laser)
        st['holding'] = 'laser'

    if st['holding'] == 'laser':
        # ---------------- 2) cut a path to a neighbour of the gold ----------------
        p = dijkstra(st['robot'], gold_nbrs, {gold})
        if p is None:
            return plan
        cut_along(p)
        N = st['robot']
        # ---------------- 3) drop the laser ----------------
        if gold in soft and bfs(N, bombs, is_clear) is None and bombs:
            # bombs not reachable through clear cells: cut a way to the nearest bomb cell first
            p2 = dijkstra(N, bombs, {gold})
            if p2 is not None:
                cut_along(p2)
        plan.append('(putdown-laser %s)' % st['robot'])
        st['holding'] = None
        # ---------------- 4) + 5) open the gold cell and take the gold ----------------
        finish(N)
        return plan

    # ---------------- no laser available: bombs only ----------------
    if not bomb_open_to(gold_nbrs):
        return plan
    finish(st['robot'])
    return plan
