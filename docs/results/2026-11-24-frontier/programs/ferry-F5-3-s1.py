from collections import deque

def generate_solution(objects, init, goal):
    cars = set()
    locations = set()
    for f in init:
        if len(f) == 2 and f[0] == 'car':
            cars.add(f[1])
        elif len(f) == 2 and f[0] == 'location':
            locations.add(f[1])

    adj = {l: set() for l in locations}
    for f in init:
        if f[0] == 'not-eq' and len(f) == 3:
            a, b = f[1], f[2]
            if a != b and a in locations and b in locations:
                adj[a].add(b)
    adj = {l: sorted(ns) for l, ns in adj.items()}

    ferry_at = None
    car_loc = {}
    onboard = None
    for f in init:
        if f[0] == 'at-ferry' and len(f) == 2:
            ferry_at = f[1]
        elif f[0] == 'at' and len(f) == 3 and f[1] in cars:
            car_loc[f[1]] = f[2]
        elif f[0] == 'on' and len(f) == 2:
            onboard = f[1]

    goal_loc = {}
    goal_ferry = None
    for f in goal:
        if f[0] == 'at' and len(f) == 3:
            goal_loc[f[1]] = f[2]
        elif f[0] == 'at-ferry' and len(f) == 2:
            goal_ferry = f[1]

    plan = []
    bfs_cache = {}

    def bfs(src):
        if src in bfs_cache:
            return bfs_cache[src]
        dist = {src: 0}
        parent = {src: None}
        queue = deque([src])
        while queue:
            u = queue.popleft()
            for v in adj.get(u, ()):
                if v not in dist:
                    dist[v] = dist[u] + 1
                    parent[v] = u
                    queue.append(v)
        bfs_cache[src] = (dist, parent)
        return bfs_cache[src]

    def reachable(src, tgt):
        return src == tgt or tgt in bfs(src)[0]

    def move_ferry(target):
        nonlocal ferry_at
        if ferry_at == target:
            return True
        dist, parent = bfs(ferry_at)
        if target not in dist:
            return False
        path = []
        node = target
        while node is not None:
            path.append(node)
            node = parent[node]
        path.reverse()
        for a, b in zip(path, path[1:]):
            plan.append('(sail %s %s)' % (a, b))
        ferry_at = target
        return True

    # 1. a car already on the ferry
    if onboard is not None:
        c = onboard
        if c in goal_loc and reachable(ferry_at, goal_loc[c]):
            move_ferry(goal_loc[c])
        plan.append('(debark %s %s)' % (c, ferry_at))
        car_loc[c] = ferry_at
        onboard = None

    # 2. deliver every misplaced car, one at a time
    buckets = {}
    for c, g in goal_loc.items():
        loc = car_loc.get(c)
        if loc is None or loc == g:
            continue
        buckets.setdefault(loc, []).append(c)
    for loc in buckets:
        buckets[loc].sort(reverse=True)  # smallest name at the end -> pop()
    nonempty = set(buckets)

    while nonempty:
        dist = bfs(ferry_at)[0]
        best = None
        for loc in nonempty:
            if loc not in dist:
                continue
            key = (dist[loc], buckets[loc][-1], loc)
            if best is None or key < best:
                best = key
        if best is None:
            break  # remaining cars cannot be reached by the ferry
        loc = best[2]
        c = buckets[loc].pop()
        if not buckets[loc]:
            nonempty.discard(loc)
        g = goal_loc[c]
        if not reachable(loc, g):
            continue  # this car's goal cannot be reached from its location
        move_ferry(loc)
        plan.append('(board %s %s)' % (c, ferry_at))
        move_ferry(g)
        plan.append('(debark %s %s)' % (c, ferry_at))
        car_loc[c] = ferry_at

    if goal_ferry is not None and ferry_at != goal_ferry:
        move_ferry(goal_ferry)

    return plan
