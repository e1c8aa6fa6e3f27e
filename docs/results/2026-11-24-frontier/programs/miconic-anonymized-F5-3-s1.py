from collections import deque

def generate_solution(objects, init, goal):
    places = sorted(name for (name, typ) in objects if typ == "type_1")
    place_set = set(places)

    origin = {}
    dest = {}
    up_links = set()
    boarded = set()
    served = set()
    movers = set()
    for fact in init:
        if not fact:
            continue
        p = fact[0]
        if p == "predicate_1" and len(fact) == 3:
            origin[fact[1]] = fact[2]
        elif p == "predicate_2" and len(fact) == 3:
            dest[fact[1]] = fact[2]
        elif p == "predicate_3" and len(fact) == 3:
            up_links.add((fact[1], fact[2]))
            place_set.add(fact[1])
            place_set.add(fact[2])
        elif p == "predicate_4" and len(fact) == 2:
            boarded.add(fact[1])
        elif p == "predicate_5" and len(fact) == 2:
            served.add(fact[1])
        elif p == "predicate_6" and len(fact) == 2:
            movers.add(fact[1])
            place_set.add(fact[1])
    places = sorted(place_set)

    goal_passengers = sorted(g[1] for g in goal if g and g[0] == "predicate_5" and len(g) == 2)
    todo = [p for p in goal_passengers if p not in served and p in dest]

    plan = []

    # ---- neighbours and components ----
    above_of = {f: [] for f in places}
    neigh_sets = {f: set() for f in places}
    for (a, b) in up_links:
        above_of[a].append(b)
        neigh_sets[a].add(b)
        neigh_sets[b].add(a)
    neighbours = {f: sorted(neigh_sets[f]) for f in places}

    comp = {}
    cid = 0
    for f in places:
        if f in comp:
            continue
        comp[f] = cid
        dq = deque([f])
        while dq:
            u = dq.popleft()
            for v in neighbours[u]:
                if v not in comp:
                    comp[v] = cid
                    dq.append(v)
        cid += 1

    # ---- heights: longest path in the "below -> above" DAG ----
    indeg = {f: 0 for f in places}
    for (a, b) in up_links:
        indeg[b] += 1
    height = {f: 0 for f in places}
    dq = deque(sorted(f for f in places if indeg[f] == 0))
    while dq:
        a = dq.popleft()
        for b in above_of[a]:
            if height[a] + 1 > height[b]:
                height[b] = height[a] + 1
            indeg[b] -= 1
            if indeg[b] == 0:
                dq.append(b)

    def key(f):
        return (height[f], f)

    comp_places = {}
    for f in places:
        comp_places.setdefault(comp[f], []).append(f)
    for c in comp_places:
        comp_places[c].sort(key=key)

    # ---- passenger bookkeeping ----
    waiting = {}
    onboard = {}
    for p in todo:
        if p in boarded:
            onboard.setdefault(dest[p], set()).add(p)
        elif p in origin:
            waiting.setdefault(origin[p], set()).add(p)

    # ---- moving ----
    def move(a, b):
        if a == b:
            return b
        if (a, b) in up_links:
            plan.append("(action_3 %s %s)" % (a, b))
            return b
        if (b, a) in up_links:
            plan.append("(action_4 %s %s)" % (a, b))
            return b
        parent = {a: None}
        q = deque([a])
        while q:
            u = q.popleft()
            if u == b:
                break
            for v in neighbours.get(u, ()):
                if v not in parent:
                    parent[v] = u
                    q.append(v)
        if b not in parent:
            return a  # unreachable (should not happen)
        path = []
        node = b
        while node is not None:
            path.append(node)
            node = parent[node]
        path.reverse()
        for i in range(len(path) - 1):
            x, y = path[i], path[i + 1]
            if (x, y) in up_links:
                plan.append("(action_3 %s %s)" % (x, y))
            else:
                plan.append("(action_4 %s %s)" % (x, y))
        return b

    def relocate(old, new):
        if old != new:
            movers.discard(old)
            movers.add(new)

    # ---- one LOOK sweep ----
    def run_mover(cur, c, allow_pickup):
        direction = None
        cplaces = comp_places[c]
        while True:
            # board first, then drop off
            if allow_pickup and waiting.get(cur):
                for p in sorted(waiting[cur]):
                    plan.append("(action_1 %s %s)" % (cur, p))
                    boarded.add(p)
                    onboard.setdefault(dest[p], set()).add(p)
                waiting[cur] = set()
            if onboard.get(cur):
                for p in sorted(onboard[cur]):
                    plan.append("(action_2 %s %s)" % (cur, p))
                    boarded.discard(p)
                    served.add(p)
                onboard[cur] = set()

            stops = [f for f in cplaces
                     if (allow_pickup and waiting.get(f)) or onboard.get(f)]
            if not stops:
                return cur
            kc = key(cur)
            above = [s for s in stops if key(s) > kc]
            below = [s for s in stops if key(s) < kc]
            if not above and not below:
                return cur  # cannot happen: stops at cur were just served
            if direction is None:
                if not above:
                    direction = "down"
                elif not below:
                    direction = "up"
                else:
                    d_up = height[max(above, key=key)] - height[cur]
                    d_down = height[cur] - height[min(below, key=key)]
                    direction = "down" if d_down < d_up else "up"
            if direction == "up" and not above:
                direction = "down"
            if direction == "down" and not below:
                direction = "up"
            if direction == "up":
                nxt = min(above, key=key)
            else:
                nxt = max(below, key=key)
            new = move(cur, nxt)
            relocate(cur, new)
            if new == cur:
                return cur  # could not move (should not happen)
            cur = new

    def components_in_order():
        return sorted(comp_places.keys(), key=lambda c: min(comp_places[c]))

    # ---- round 1 ----
    for c in components_in_order():
        ms = [m for m in movers if comp.get(m) == c]
        if not ms:
            continue
        m = min(ms, key=key)
        run_mover(m, c, True)

    # ---- round 2: passengers on board whose drop-off lies in another component ----
    for c in components_in_order():
        need = any(onboard.get(f) for f in comp_places[c])
        if not need:
            continue
        ms = [m for m in movers if comp.get(m) == c]
        if not ms:
            continue
        m = min(ms, key=key)
        run_mover(m, c, False)

    # ---- goal mover positions (predicate_6), if any ----
    goal_positions = sorted(g[1] for g in goal if g and g[0] == "predicate_6" and len(g) == 2)
    goal_pos_set = set(goal_positions)
    for f in goal_positions:
        if f in movers or f not in comp:
            continue
        cands = [m for m in movers if comp.get(m) == comp[f] and m not in goal_pos_set]
        if not cands:
            continue
        m = min(cands, key=key)
        new = move(m, f)
        relocate(m, new)

    return plan
