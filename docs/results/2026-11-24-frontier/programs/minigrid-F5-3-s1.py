import heapq

from collections import deque

def generate_solution(objects, init, goal):
    nb = {}
    open_set, locked = set(), set()
    lock_shape, key_shape, key_at = {}, {}, {}
    robot = None
    held = None
    for f in init:
        if not f:
            continue
        p = f[0]
        if p == 'conn' and len(f) == 3:
            nb.setdefault(f[1], set()).add(f[2])
        elif p == 'open':
            open_set.add(f[1])
        elif p == 'locked':
            locked.add(f[1])
        elif p == 'lock-shape':
            lock_shape[f[1]] = f[2]
        elif p == 'key-shape':
            key_shape[f[1]] = f[2]
        elif p == 'at' and len(f) == 3:
            key_at[f[1]] = f[2]
        elif p == 'at-robot':
            robot = f[1]
        elif p == 'holding':
            held = f[1]
    nbrs = {x: sorted(ys) for x, ys in nb.items()}

    st = {'robot': robot, 'held': held}
    plan = []
    if robot is None:
        return plan

    def bfs():
        start = st['robot']
        dist = {start: 0}
        parent = {start: None}
        dq = deque([start])
        while dq:
            c = dq.popleft()
            for d in nbrs.get(c, ()):
                if d not in dist and d in open_set:
                    dist[d] = dist[c] + 1
                    parent[d] = c
                    dq.append(d)
        return dist, parent

    def walk_to(x):
        dist, parent = bfs()
        if x not in dist:
            return False
        path = [x]
        while parent[path[-1]] is not None:
            path.append(parent[path[-1]])
        path.reverse()
        for a, b in zip(path, path[1:]):
            plan.append('(move %s %s)' % (a, b))
        st['robot'] = x
        return True

    def full_path(src, dst):
        if src == dst:
            return [src]
        best = {src: (0, 0)}
        parent = {src: None}
        heap = [(0, 0, src)]
        done = set()
        while heap:
            lk, sp, c = heapq.heappop(heap)
            if c in done:
                continue
            done.add(c)
            if c == dst:
                path = [c]
                while parent[path[-1]] is not None:
                    path.append(parent[path[-1]])
                path.reverse()
                return path
            for n in nbrs.get(c, ()):
                if n in done:
                    continue
                cost = (lk + (1 if n in locked else 0), sp + 1)
                if n not in best or cost < best[n]:
                    best[n] = cost
                    parent[n] = c
                    heapq.heappush(heap, (cost[0], cost[1], n))
        return None

    def path_cost(path):
        return (sum(1 for x in path[1:] if x in locked), len(path))

    def key_available(shape, dist):
        h = st['held']
        if h is not None and key_shape.get(h) == shape:
            return True
        return any(key_shape.get(k) == shape and x in dist for k, x in key_at.items())

    def get_key(shape):
        h = st['held']
        if h is not None and key_shape.get(h) == shape:
            return True
        dist, _ = bfs()
        cands = [(dist[x], k) for k, x in key_at.items()
                 if key_shape.get(k) == shape and x in dist]
        if not cands:
            return False
        _, k = min(cands)
        walk_to(key_at[k])
        here = st['robot']
        if h is None:
            plan.append('(pickup %s %s)' % (here, k))
        else:
            plan.append('(pickup-and-loose %s %s %s)' % (here, k, h))
            key_at[h] = here
        del key_at[k]
        st['held'] = k
        return True

    def open_door(L):
        shape = lock_shape.get(L)
        if shape is None or not get_key(shape):
            return False
        dist, _ = bfs()
        cands = [(dist[P], P) for P in dist if L in nbrs.get(P, ())]
        if not cands:
            return False
        _, P = min(cands)
        walk_to(P)
        plan.append('(unlock %s %s %s %s)' % (P, L, st['held'], shape))
        locked.discard(L)
        open_set.add(L)
        return True

    def choose_door(dest, dist):
        # follow the chain: destination -> first lock on the way -> key for it -> ...
        visited = set()
        d = dest
        while d is not None and d not in visited:
            visited.add(d)
            path = full_path(st['robot'], d)
            if path is None:
                break
            L = next((x for x in path[1:] if x in locked), None)
            if L is None:
                break
            shape = lock_shape.get(L)
            if shape is not None and key_available(shape, dist):
                return L
            best = None
            for k in sorted(key_at):
                if key_shape.get(k) != shape:
                    continue
                kp = full_path(st['robot'], key_at[k])
                if kp is None:
                    continue
                c = (path_cost(kp), k)
                if best is None or c < best[0]:
                    best = (c, key_at[k])
            d = best[1] if best is not None else None
        # fallback: any frontier lock whose key is available, nearest first
        cands = []
        for L in locked:
            shape = lock_shape.get(L)
            if shape is None or not key_available(shape, dist):
                continue
            ds = [dist[P] for P in dist if L in nbrs.get(P, ())]
            if ds:
                cands.append((min(ds), L))
        if not cands:
            return None
        return min(cands)[1]

    def reach(dest):
        for _ in range(len(locked) + 2):
            dist, _ = bfs()
            if dest in dist:
                return walk_to(dest)
            L = choose_door(dest, dist)
            if L is None or not open_door(L):
                return False
        dist, _ = bfs()
        if dest in dist:
            return walk_to(dest)
        return False

    target = None
    key_goals = []
    hold_goal = None
    for f in goal:
        if not f:
            continue
        if f[0] == 'at-robot':
            target = f[1]
        elif f[0] == 'at' and len(f) == 3:
            key_goals.append((f[1], f[2]))
        elif f[0] == 'holding':
            hold_goal = f[1]

    # key placement goals (not present in the tasks seen; handled for completeness)
    for k, x in sorted(key_goals):
        if key_at.get(k) == x:
            continue
        if st['held'] != k:
            if k not in key_at or not reach(key_at[k]):
                continue
        if not reach(x):
            continue
        if st['held'] != k:
            if not walk_to(key_at[k]):
                continue
            here = st['robot']
            if st['held'] is None:
                plan.append('(pickup %s %s)' % (here, k))
            else:
                plan.append('(pickup-and-loose %s %s %s)' % (here, k, st['held']))
                key_at[st['held']] = here
            del key_at[k]
            st['held'] = k
            walk_to(x)
        plan.append('(putdown %s %s)' % (x, k))
        key_at[k] = x
        st['held'] = None

    if hold_goal is not None and st['held'] != hold_goal and hold_goal in key_at:
        if reach(key_at[hold_goal]):
            here = st['robot']
            if st['held'] is None:
                plan.append('(pickup %s %s)' % (here, hold_goal))
            else:
                plan.append('(pickup-and-loose %s %s %s)' % (here, hold_goal, st['held']))
                key_at[st['held']] = here
            del key_at[hold_goal]
            st['held'] = hold_goal

    if target is not None:
        reach(target)

    return plan
