from collections import deque

def generate_solution(objects, init, goal):
    types = {name: typ for (name, typ) in objects}
    lamplighters = sorted(n for n, t in objects if t == 'lamplighter')

    street = {}
    rstreet = {}
    pos = {}
    lantern_at = {}
    loose_at = {}
    unstruck = set()
    held = {}
    dark = set()

    for f in init:
        p = f[0]
        if p == 'street' and len(f) == 3:
            street.setdefault(f[1], set()).add(f[2])
            rstreet.setdefault(f[2], set()).add(f[1])
        elif p == 'near' and len(f) == 3:
            t = types.get(f[1])
            if t == 'lamplighter':
                pos[f[1]] = f[2]
            elif t == 'lantern':
                lantern_at[f[1]] = f[2]
            elif t == 'match':
                loose_at.setdefault(f[2], set()).add(f[1])
        elif p == 'unstruck' and len(f) == 2:
            unstruck.add(f[1])
        elif p == 'grasps' and len(f) == 3:
            held.setdefault(f[1], set()).add(f[2])
        elif p == 'dark' and len(f) == 2:
            dark.add(f[1])

    for f in init:
        if f[0] == 'near' and len(f) == 3 and f[1] not in types:
            pass  # unknown thing: ignore

    for L in lamplighters:
        held.setdefault(L, set())

    todo = {f[1] for f in goal if f[0] == 'lit' and len(f) == 2 and f[1] in dark}

    plan = []

    def bfs(src):
        dist = {src: 0}
        par = {src: None}
        dq = deque([src])
        while dq:
            x = dq.popleft()
            for y in sorted(street.get(x, ())):
                if y not in dist:
                    dist[y] = dist[x] + 1
                    par[y] = x
                    dq.append(y)
        return dist, par

    def can_reach(targets):
        seen = set(targets)
        dq = deque(sorted(targets))
        while dq:
            x = dq.popleft()
            for y in rstreet.get(x, ()):
                if y not in seen:
                    seen.add(y)
                    dq.append(y)
        return seen

    def rebuild(par, target):
        path = []
        p = target
        while p is not None:
            path.append(p)
            p = par[p]
        path.reverse()
        return path

    def grab_all(L):
        c = pos[L]
        ms = loose_at.get(c)
        if not ms:
            return
        for m in sorted(ms):
            plan.append('(grab_match %s %s %s)' % (c, m, L))
            held[L].add(m)
        loose_at[c] = set()

    def light_here(L):
        c = pos[L]
        for n in sorted(todo):
            if lantern_at.get(n) != c:
                continue
            usable = sorted(m for m in held[L] if m in unstruck)
            if not usable:
                break
            m = usable[0]
            plan.append('(light_lantern %s %s %s %s)' % (c, m, L, n))
            unstruck.discard(m)
            todo.discard(n)
            dark.discard(n)

    def walk(L, path):
        for i in range(1, len(path)):
            plan.append('(amble %s %s %s)' % (path[i - 1], path[i], L))
            pos[L] = path[i]
            grab_all(L)
            light_here(L)

    for L in lamplighters:
        if L not in pos:
            continue
        grab_all(L)
        light_here(L)
        while todo:
            dist, par = bfs(pos[L])
            reach_todo = [n for n in todo if lantern_at.get(n) in dist]
            lantern_corners = {lantern_at[n] for n in reach_todo}
            if not lantern_corners:
                break
            n_usable = sum(1 for m in held[L] if m in unstruck)
            target = None
            if n_usable < len(reach_todo):
                ok = can_reach(lantern_corners)
                cands = [c for c in dist if loose_at.get(c) and c in ok and c != pos[L]]
                if cands:
                    target = min(cands, key=lambda c: (dist[c], c))
            if target is None:
                if n_usable == 0:
                    break
                others = [c for c in lantern_corners if c != pos[L]]
                if not others:
                    break
                target = min(others, key=lambda c: (dist[c], c))
            walk(L, rebuild(par, target))

    # optional goal positions of lamplighters
    for f in sorted(goal):
        if f[0] == 'near' and len(f) == 3 and f[1] in pos and types.get(f[1]) == 'lamplighter':
            L, c = f[1], f[2]
            if pos[L] != c:
                dist, par = bfs(pos[L])
                if c in dist:
                    walk(L, rebuild(par, c))

    return plan
