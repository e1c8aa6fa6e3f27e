from collections import defaultdict, deque

def generate_solution(objects, init, goal):
    floors = set()
    for o in objects:
        if isinstance(o, tuple):
            if len(o) >= 2 and o[1] == 'floor':
                floors.add(o[0])
    above = set()
    lift_at = set()
    origin = {}
    destin = {}
    boarded = set()
    served = set()
    for f in init:
        p = f[0]
        if p == 'above' and len(f) == 3:
            above.add((f[1], f[2]))
            floors.add(f[1]); floors.add(f[2])
        elif p == 'lift-at' and len(f) == 2:
            lift_at.add(f[1]); floors.add(f[1])
        elif p == 'origin' and len(f) == 3:
            origin[f[1]] = f[2]; floors.add(f[2])
        elif p == 'destin' and len(f) == 3:
            destin[f[1]] = f[2]; floors.add(f[2])
        elif p == 'boarded' and len(f) == 2:
            boarded.add(f[1])
        elif p == 'served' and len(f) == 2:
            served.add(f[1])
    to_serve = set()
    for f in goal:
        if f[0] == 'served' and len(f) == 2 and f[1] not in served:
            to_serve.add(f[1])

    # union-find for buildings
    parent = {f: f for f in floors}

    def find(x):
        while parent[x] != x:
            parent[x] = parent[parent[x]]
            x = parent[x]
        return x

    for a, b in above:
        ra, rb = find(a), find(b)
        if ra != rb:
            if ra < rb:
                parent[rb] = ra
            else:
                parent[ra] = rb

    # heights: longest path from the bottom (Kahn's algorithm)
    succ = defaultdict(list)
    indeg = defaultdict(int)
    for a, b in above:
        succ[a].append(b)
        indeg[b] += 1
    height = {f: 0 for f in floors}
    q = deque(sorted(f for f in floors if indeg[f] == 0))
    indeg2 = dict(indeg)
    while q:
        a = q.popleft()
        for b in succ[a]:
            if height[a] + 1 > height[b]:
                height[b] = height[a] + 1
            indeg2[b] -= 1
            if indeg2[b] == 0:
                q.append(b)

    building_floors = defaultdict(list)
    for f in floors:
        building_floors[find(f)].append(f)
    for k in building_floors:
        building_floors[k].sort(key=lambda f: (height[f], f))

    plan = []

    def move(cur, nxt, order):
        """Append actions moving the lift from cur to nxt (same building)."""
        if cur == nxt:
            return
        if height[nxt] > height[cur]:
            if (cur, nxt) in above:
                plan.append('(up %s %s)' % (cur, nxt))
                return
            # step through intermediate floors
            path = [f for f in order if height[cur] < height[f] <= height[nxt]]
            prev = cur
            for f in path:
                plan.append('(up %s %s)' % (prev, f))
                prev = f
            if prev != nxt:
                plan.append('(up %s %s)' % (prev, nxt))
        else:
            if (nxt, cur) in above:
                plan.append('(down %s %s)' % (cur, nxt))
                return
            path = [f for f in reversed(order) if height[nxt] <= height[f] < height[cur]]
            prev = cur
            for f in path:
                plan.append('(down %s %s)' % (prev, f))
                prev = f
            if prev != nxt:
                plan.append('(down %s %s)' % (prev, nxt))

    for start in sorted(lift_at):
        B = find(start)
        order = building_floors[B]
        waiting_at = defaultdict(set)
        inside_to = defaultdict(set)
        for p in to_serve:
            if p not in destin:
                continue
            if p in boarded:
                if find(destin[p]) == B:
                    inside_to[destin[p]].add(p)
            else:
                if p in origin and find(origin[p]) == B and find(destin[p]) == B:
                    waiting_at[origin[p]].add(p)
        cur = start
        direction = None
        while True:
            changed = True
            while changed:
                changed = False
                if inside_to.get(cur):
                    for p in sorted(inside_to[cur]):
                        plan.append('(depart %s %s)' % (cur, p))
                    del inside_to[cur]
                    changed = True
                if waiting_at.get(cur):
                    for p in sorted(waiting_at[cur]):
                        plan.append('(board %s %s)' % (cur, p))
                        inside_to[destin[p]].add(p)
                    del waiting_at[cur]
                    changed = True
            stops = set(f for f, s in waiting_at.items() if s)
            stops |= set(f for f, s in inside_to.items() if s)
            if not stops:
                break
            hc = height[cur]
            up_stops = [s for s in stops if height[s] > hc]
            down_stops = [s for s in stops if height[s] < hc]
            if not up_stops and not down_stops:
                break  # safety; cannot happen with distinct heights
            if direction == 'up' and up_stops:
                pass
            elif direction == 'down' and down_stops:
                pass
            elif direction is None:
                if not up_stops:
                    direction = 'down'
                elif not down_stops:
                    direction = 'up'
                else:
                    du = min(height[s] for s in up_stops) - hc
                    dd = hc - max(height[s] for s in down_stops)
                    direction = 'up' if du <= dd else 'down'
            else:
                direction = 'down' if direction == 'up' else 'up'
            if direction == 'up':
                nxt = min(up_stops, key=lambda s: (height[s], s))
            else:
                nxt = max(down_stops, key=lambda s: (height[s], s))
            move(cur, nxt, order)
            cur = nxt
    return plan
