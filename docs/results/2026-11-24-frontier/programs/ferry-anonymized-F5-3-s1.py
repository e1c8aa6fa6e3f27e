import re

from collections import deque

def _key(name):
    return [(0, int(t), '') if t.isdigit() else (1, 0, t) for t in re.split(r'(\d+)', name)]

def generate_solution(objects, init, goal):
    plan = []

    locations = {f[1] for f in init if f[0] == 'predicate_3' and len(f) == 2}
    cargo = {f[1] for f in init if f[0] == 'predicate_2' and len(f) == 2}

    adj = {l: set() for l in locations}
    for f in init:
        if f[0] == 'predicate_1' and len(f) == 3 and f[1] in locations and f[2] in locations:
            adj[f[1]].add(f[2])
    adj_sorted = {l: sorted(v, key=_key) for l, v in adj.items()}

    carrier = None
    for f in init:
        if f[0] == 'predicate_4' and len(f) == 2:
            carrier = f[1]
    if carrier is None:
        return plan

    at = {}
    for f in init:
        if f[0] == 'predicate_5' and len(f) == 3:
            at[f[1]] = f[2]
    onboard_list = sorted([f[1] for f in init if f[0] == 'predicate_7' and len(f) == 2], key=_key)
    onboard = onboard_list[0] if onboard_list else None

    target = {}
    carrier_goal = None
    for f in goal:
        if f[0] == 'predicate_5' and len(f) == 3:
            target[f[1]] = f[2]
        elif f[0] == 'predicate_4' and len(f) == 2:
            carrier_goal = f[1]

    state = {'carrier': carrier}

    def path(a, b):
        """List of locations after a on a shortest path from a to b, or None."""
        if a == b:
            return []
        if b in adj.get(a, ()):
            return [b]
        parent = {a: None}
        dq = deque([a])
        while dq:
            x = dq.popleft()
            for y in adj_sorted.get(x, ()):
                if y not in parent:
                    parent[y] = x
                    if y == b:
                        res = [b]
                        p = x
                        while p != a:
                            res.append(p)
                            p = parent[p]
                        res.reverse()
                        return res
                    dq.append(y)
        return None

    def travel(to):
        p = path(state['carrier'], to)
        if p is None:
            return False
        for n in p:
            plan.append('(action_1 %s %s)' % (state['carrier'], n))
            state['carrier'] = n
        return True

    # 1. item already on board
    if onboard is not None:
        dest = target.get(onboard, state['carrier'])
        if not travel(dest):
            dest = state['carrier']
        plan.append('(action_3 %s %s)' % (onboard, dest))
        at[onboard] = dest
        onboard = None

    # 2. misplaced items, one trip each
    pending_by_loc = {}
    for c, l in target.items():
        if c in at and at[c] != l:
            pending_by_loc.setdefault(at[c], set()).add(c)
    remaining = sum(len(s) for s in pending_by_loc.values())

    def nearest_item():
        start = state['carrier']
        visited = {start}
        frontier = [start]
        while frontier:
            cands = []
            for l in frontier:
                s = pending_by_loc.get(l)
                if s:
                    cands.extend(s)
            if cands:
                return min(cands, key=_key)
            nxt = []
            for l in frontier:
                for y in adj_sorted.get(l, ()):
                    if y not in visited:
                        visited.add(y)
                        nxt.append(y)
            frontier = nxt
        return None

    while remaining > 0:
        c = nearest_item()
        if c is None:
            break  # remaining items unreachable
        src = at[c]
        pending_by_loc[src].discard(c)
        if not pending_by_loc[src]:
            del pending_by_loc[src]
        remaining -= 1
        dst = target[c]
        if path(src, dst) is None and src != dst:
            continue  # cannot deliver this item; leave it
        travel(src)
        plan.append('(action_2 %s %s)' % (c, src))
        travel(dst)
        plan.append('(action_3 %s %s)' % (c, dst))
        at[c] = dst

    # 3. carrier goal
    if carrier_goal is not None and state['carrier'] != carrier_goal:
        travel(carrier_goal)

    return plan
