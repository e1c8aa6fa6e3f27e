import heapq

from collections import deque

def generate_solution(objects, init, goal):
    floors = set(n for n, t in objects if t == 'floor')
    above = set()
    origin = {}
    destin = {}
    boarded = set()
    served = set()
    lift = None
    for fact in init:
        p = fact[0]
        if p == 'above':
            above.add((fact[1], fact[2]))
            floors.add(fact[1])
            floors.add(fact[2])
        elif p == 'origin':
            origin[fact[1]] = fact[2]
        elif p == 'destin':
            destin[fact[1]] = fact[2]
        elif p == 'boarded':
            boarded.add(fact[1])
        elif p == 'served':
            served.add(fact[1])
        elif p == 'lift-at':
            lift = fact[1]
    if lift is not None:
        floors.add(lift)
    for f in list(origin.values()) + list(destin.values()):
        floors.add(f)

    # ---- heights via topological order of the 'above' relation ----
    succ = {f: [] for f in floors}
    pred_count = {f: 0 for f in floors}
    for a, b in above:
        succ[a].append(b)
        pred_count[b] += 1
    heap = [f for f in floors if pred_count[f] == 0]
    heapq.heapify(heap)
    order = []
    seen = set()
    while heap:
        f = heapq.heappop(heap)
        if f in seen:
            continue
        seen.add(f)
        order.append(f)
        for g in sorted(succ[f]):
            pred_count[g] -= 1
            if pred_count[g] == 0:
                heapq.heappush(heap, g)
    for f in sorted(floors):
        if f not in seen:
            order.append(f)
            seen.add(f)
    height = {f: i for i, f in enumerate(order)}

    # ---- movement ----
    adj = {f: [] for f in floors}
    for a, b in above:
        adj[a].append((b, 'up'))     # (up a b) needs (above a b)
        adj[b].append((a, 'down'))   # (down b a) needs (above a b)
    for f in adj:
        adj[f].sort()

    plan = []
    state = {'lift': lift}

    def move(to):
        cur = state['lift']
        if cur == to or cur is None:
            return
        if (cur, to) in above:
            plan.append('(up %s %s)' % (cur, to))
        elif (to, cur) in above:
            plan.append('(down %s %s)' % (cur, to))
        else:
            parent = {cur: None}
            dq = deque([cur])
            while dq:
                x = dq.popleft()
                if x == to:
                    break
                for y, act in adj[x]:
                    if y not in parent:
                        parent[y] = (x, act)
                        dq.append(y)
            if to not in parent:
                return
            steps = []
            x = to
            while parent[x] is not None:
                px, act = parent[x]
                steps.append('(%s %s %s)' % (act, px, x))
                x = px
            steps.reverse()
            plan.extend(steps)
        state['lift'] = to

    # ---- passengers that still need serving ----
    need = sorted(fact[1] for fact in goal
                  if fact[0] == 'served' and fact[1] not in served)
    waiting = {}
    riding = set()
    for p in need:
        if p not in destin:
            continue
        if p in boarded:
            riding.add(p)
        elif p in origin:
            waiting[p] = origin[p]

    direction = 0
    while waiting or riding:
        cur = state['lift']
        for p in sorted(q for q in waiting if waiting[q] == cur):
            plan.append('(board %s %s)' % (cur, p))
            del waiting[p]
            riding.add(p)
        for p in sorted(q for q in riding if destin[q] == cur):
            plan.append('(depart %s %s)' % (cur, p))
            riding.discard(p)
        if not waiting and not riding:
            break
        targets = set(waiting.values()) | set(destin[p] for p in riding)
        targets.discard(cur)
        if not targets:
            break
        h = height[cur]
        ups = [t for t in targets if height[t] > h]
        downs = [t for t in targets if height[t] < h]
        if direction == 0:
            if ups and downs:
                up_span = max(height[t] for t in ups) - h
                down_span = h - min(height[t] for t in downs)
                direction = 1 if up_span <= down_span else -1
            else:
                direction = 1 if ups else -1
        if direction == 1 and not ups:
            direction = -1
        elif direction == -1 and not downs:
            direction = 1
        if direction == 1:
            nxt = min(ups, key=lambda t: (height[t], t))
        else:
            nxt = max(downs, key=lambda t: (height[t], t))
        move(nxt)

    # ---- other goal facts ----
    for fact in sorted(goal):
        if fact[0] == 'lift-at':
            move(fact[1])
            break

    return plan
