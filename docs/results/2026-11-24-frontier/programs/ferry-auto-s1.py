from collections import deque

def generate_solution(objects, init, goal):
    locations = sorted({f[1] for f in init if len(f) == 2 and f[0] == 'location'})
    locset = set(locations)
    cars = sorted({f[1] for f in init if len(f) == 2 and f[0] == 'car'})
    carset = set(cars)

    adj = {l: [] for l in locations}
    for f in init:
        if len(f) == 3 and f[0] == 'not-eq' and f[1] in locset and f[2] in locset and f[1] != f[2]:
            adj[f[1]].append(f[2])
    for l in adj:
        adj[l] = sorted(set(adj[l]))

    ferry_locs = sorted(f[1] for f in init if len(f) == 2 and f[0] == 'at-ferry')
    if not ferry_locs:
        return []
    ferry = ferry_locs[0]

    pos = {}
    for f in init:
        if len(f) == 3 and f[0] == 'at' and f[1] in carset:
            pos[f[1]] = f[2]
    onboard = sorted(f[1] for f in init if len(f) == 2 and f[0] == 'on')

    goal_at = {}
    goal_on = []
    goal_ferry = None
    for f in goal:
        if len(f) == 3 and f[0] == 'at':
            goal_at[f[1]] = f[2]
        elif len(f) == 2 and f[0] == 'on':
            goal_on.append(f[1])
        elif len(f) == 2 and f[0] == 'at-ferry':
            goal_ferry = f[1]
    goal_on.sort()

    bfs_cache = {}

    def bfs(src):
        if src in bfs_cache:
            return bfs_cache[src]
        dist = {src: 0}
        parent = {src: None}
        dq = deque([src])
        while dq:
            u = dq.popleft()
            for v in adj.get(u, ()):
                if v not in dist:
                    dist[v] = dist[u] + 1
                    parent[v] = u
                    dq.append(v)
        bfs_cache[src] = (dist, parent)
        return dist, parent

    plan = []
    state = {'ferry': ferry}

    def sail_to(dest):
        cur = state['ferry']
        if cur == dest:
            return True
        dist, parent = bfs(cur)
        if dest not in dist:
            return False
        path = []
        x = dest
        while x is not None:
            path.append(x)
            x = parent[x]
        path.reverse()
        for a, b in zip(path, path[1:]):
            plan.append('(sail %s %s)' % (a, b))
        state['ferry'] = dest
        return True

    # Cars that are on board at the start.
    on_now = None
    keep_on = (len(onboard) == 1 and onboard[0] in goal_on and
               not any(c in pos and pos[c] != g for c, g in goal_at.items()))
    if keep_on:
        on_now = onboard[0]
    else:
        pending = {}
        for c in onboard:
            if c in goal_at and c not in goal_on:
                pending[c] = goal_at[c]
            else:
                pending[c] = state['ferry']
        while pending:
            dist, _ = bfs(state['ferry'])
            best = None
            for c in sorted(pending):
                d = dist.get(pending[c])
                if d is None:
                    continue
                key = (d, pending[c], c)
                if best is None or key < best:
                    best = key
            if best is None:
                # unreachable destination: drop remaining cars here
                for c in sorted(pending):
                    plan.append('(debark %s %s)' % (c, state['ferry']))
                    pos[c] = state['ferry']
                pending = {}
                break
            _, dest, c = best
            sail_to(dest)
            plan.append('(debark %s %s)' % (c, dest))
            pos[c] = dest
            del pending[c]

    # Move every misplaced car to its goal location.
    if on_now is None:
        misplaced_at = {}
        for c, g in goal_at.items():
            if c in pos and c in carset and pos[c] != g and g in locset:
                misplaced_at.setdefault(pos[c], set()).add(c)
        while misplaced_at:
            dist, _ = bfs(state['ferry'])
            best = None
            for l, cs in misplaced_at.items():
                d = dist.get(l)
                if d is None:
                    continue
                for c in cs:
                    # reachability of the goal from the car's location
                    d2 = bfs(l)[0].get(goal_at[c])
                    if d2 is None:
                        continue
                    key = (d, d2, l, c)
                    if best is None or key < best:
                        best = key
            if best is None:
                break
            _, _, l, c = best
            sail_to(l)
            plan.append('(board %s %s)' % (c, l))
            misplaced_at[l].discard(c)
            if not misplaced_at[l]:
                del misplaced_at[l]
            g = goal_at[c]
            sail_to(g)
            plan.append('(debark %s %s)' % (c, g))
            pos[c] = g

        # A car that must end on board.
        if goal_on:
            c = goal_on[0]
            if c in pos:
                if sail_to(pos[c]):
                    plan.append('(board %s %s)' % (c, pos[c]))
                    del pos[c]

    if goal_ferry is not None and goal_ferry in locset:
        sail_to(goal_ferry)

    return plan
