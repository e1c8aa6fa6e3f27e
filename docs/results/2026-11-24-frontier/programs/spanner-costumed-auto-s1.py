from collections import deque

def generate_solution(objects, init, goal):
    plan = []
    types = {}
    for n, t in objects:
        types[n] = t
    lamplighters = sorted(n for n, t in objects if t == 'lamplighter')
    adj = {}
    pos = {}
    match_at = {}
    lantern_at = {}
    grasps = {}
    unstruck = set()
    dark = set()
    for f in init:
        p = f[0]
        if p == 'street':
            adj.setdefault(f[1], set()).add(f[2])
        elif p == 'near':
            t = types.get(f[1])
            if t == 'lamplighter':
                pos[f[1]] = f[2]
            elif t == 'match':
                match_at[f[1]] = f[2]
            elif t == 'lantern':
                lantern_at.setdefault(f[1], set()).add(f[2])
            else:
                pos.setdefault(f[1], f[2])
        elif p == 'grasps':
            grasps.setdefault(f[1], set()).add(f[2])
        elif p == 'unstruck':
            unstruck.add(f[1])
        elif p == 'dark':
            dark.add(f[1])
    adj = {k: sorted(v) for k, v in adj.items()}
    for l in lamplighters:
        grasps.setdefault(l, set())

    goal_lit = set(g[1] for g in goal if g[0] == 'lit')
    goal_near = {}
    keep_match = set()
    goal_grasps = []
    keep_unstruck = set()
    for g in goal:
        if g[0] == 'near':
            if types.get(g[1]) == 'match':
                keep_match.add(g[1])
            else:
                goal_near[g[1]] = g[2]
        elif g[0] == 'grasps':
            goal_grasps.append((g[1], g[2]))
        elif g[0] == 'unstruck':
            keep_unstruck.add(g[1])
    goal_grasps.sort()
    reserved_for_grasp = set(m for _, m in goal_grasps)

    todo = set(l for l in goal_lit if l in dark)
    todo_at = {}
    for l in todo:
        for c in lantern_at.get(l, ()):
            todo_at.setdefault(c, set()).add(l)

    free_at = {}
    for m, c in match_at.items():
        if m in unstruck and m not in keep_match:
            free_at.setdefault(c, set()).add(m)

    def bfs(src):
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
        return dist, parent

    def walk(l, dst, parent):
        src = pos[l]
        path = []
        x = dst
        while x != src:
            path.append(x)
            x = parent[x]
        path.reverse()
        cur = src
        for nxt in path:
            plan.append('(amble %s %s %s)' % (cur, nxt, l))
            cur = nxt
        pos[l] = dst

    def go(l, dst):
        if pos.get(l) == dst:
            return True
        dist, parent = bfs(pos[l])
        if dst not in dist:
            return False
        walk(l, dst, parent)
        return True

    def hand(l):
        return sorted(m for m in grasps[l] if m in unstruck and m not in keep_unstruck)

    def grab(l, m):
        c = pos[l]
        plan.append('(grab_match %s %s %s)' % (c, m, l))
        grasps[l].add(m)
        if c in free_at:
            free_at[c].discard(m)
        match_at.pop(m, None)

    def act_here(l):
        c = pos[l]
        need = len(todo)
        h = hand(l)
        if len(h) < need and free_at.get(c):
            avail = sorted(free_at[c] - reserved_for_grasp) + sorted(free_at[c] & reserved_for_grasp)
            for m in avail:
                if len(h) >= need:
                    break
                grab(l, m)
                h = hand(l)
        h = hand(l)
        for lan in sorted(todo_at.get(c, ())):
            if not h:
                break
            m = h.pop(0)
            plan.append('(light_lantern %s %s %s %s)' % (c, m, l, lan))
            unstruck.discard(m)
            dark.discard(lan)
            todo.discard(lan)
            for cc in lantern_at.get(lan, ()):
                if cc in todo_at:
                    todo_at[cc].discard(lan)

    def safe(c, nhand):
        dist, _ = bfs(c)
        lan_corners = set(cc for cc, ls in todo_at.items() if ls)
        for cc in lan_corners:
            if cc not in dist:
                return False
        reach_matches = sum(len(ms) for cc, ms in free_at.items() if cc in dist)
        return nhand + reach_matches >= len(todo)

    def run(l):
        if l not in pos:
            return
        guard = 0
        while todo and guard < 100000:
            guard += 1
            act_here(l)
            if not todo:
                break
            nh = len(hand(l))
            dist, parent = bfs(pos[l])
            cands = set()
            if nh > 0:
                for cc, ls in todo_at.items():
                    if ls and cc in dist and cc != pos[l]:
                        cands.add(cc)
            if nh < len(todo):
                for cc, ms in free_at.items():
                    if ms and cc in dist and cc != pos[l]:
                        cands.add(cc)
            if not cands:
                break
            ordered = sorted(cands, key=lambda cc: (dist[cc], cc))
            choice = None
            for cc in ordered[:25]:
                if safe(cc, nh):
                    choice = cc
                    break
            if choice is None:
                choice = ordered[0]
            walk(l, choice, parent)

    for _ in range(len(lamplighters) + 2):
        before = len(plan)
        for l in lamplighters:
            run(l)
        if not todo or len(plan) == before:
            break

    # grasps goals
    for l, m in goal_grasps:
        if m in grasps.get(l, ()):
            continue
        if m in match_at and l in pos:
            c = match_at[m]
            if go(l, c):
                grab(l, m)

    # final positions
    for l in sorted(goal_near):
        if l in pos and pos[l] != goal_near[l]:
            go(l, goal_near[l])

    return plan
