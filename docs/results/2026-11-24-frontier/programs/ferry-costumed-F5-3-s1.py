from collections import deque

def generate_solution(objects, init, goal):
    plan = []

    towers = set()
    succ = {}
    cur = None
    at = {}
    held = None
    for fact in init:
        if not fact:
            continue
        p = fact[0]
        if p == 'tower' and len(fact) == 2:
            towers.add(fact[1])
        elif p == 'apart' and len(fact) == 3:
            succ.setdefault(fact[1], set()).add(fact[2])
        elif p == 'pigeon-perched' and len(fact) == 2:
            cur = fact[1]
        elif p == 'scroll-rests' and len(fact) == 3:
            at[fact[1]] = fact[2]
        elif p == 'clutched' and len(fact) == 2:
            held = fact[1]

    succ_sorted = {t: sorted(n for n in ns if n != t) for t, ns in succ.items()}

    target = {}
    final_spot = None
    for fact in goal:
        if not fact:
            continue
        if fact[0] == 'scroll-rests' and len(fact) == 3:
            target[fact[1]] = fact[2]
        elif fact[0] == 'pigeon-perched' and len(fact) == 2:
            final_spot = fact[1]

    bfs_cache = {}

    def bfs(src):
        if src in bfs_cache:
            return bfs_cache[src]
        dist = {src: 0}
        parent = {src: None}
        order = [src]
        dq = deque([src])
        while dq:
            u = dq.popleft()
            for v in succ_sorted.get(u, ()):
                if v not in dist:
                    dist[v] = dist[u] + 1
                    parent[v] = u
                    order.append(v)
                    dq.append(v)
        bfs_cache[src] = (dist, parent, order)
        return bfs_cache[src]

    state = {'cur': cur}

    def fly_to(b):
        a = state['cur']
        if a == b:
            return True
        dist, parent, _ = bfs(a)
        if b not in dist:
            return False
        path = []
        x = b
        while x != a:
            path.append(x)
            x = parent[x]
        path.reverse()
        for t in path:
            plan.append('(flutter %s %s)' % (state['cur'], t))
            state['cur'] = t
        return True

    # 1. a scroll held at the start
    if held is not None:
        if held in target:
            fly_to(target[held])
        plan.append('(release %s %s)' % (held, state['cur']))
        at[held] = state['cur']
        held = None

    # 2. deliver misplaced scrolls
    waiting = {}
    for s, t in target.items():
        if s in at and at[s] != t:
            waiting.setdefault(at[s], set()).add(s)

    while waiting:
        c = state['cur']
        chosen = None
        if c in waiting and waiting[c]:
            chosen = min(waiting[c])
        else:
            dist, _, order = bfs(c)
            best_d = None
            cands = []
            for t in order:
                d = dist[t]
                if best_d is not None and d > best_d:
                    break
                if t in waiting and waiting[t]:
                    best_d = d
                    cands.append(min(waiting[t]))
            if cands:
                chosen = min(cands)
        if chosen is None:
            break  # remaining scrolls unreachable
        src = at[chosen]
        if not fly_to(src):
            break
        plan.append('(snatch %s %s)' % (chosen, src))
        waiting[src].discard(chosen)
        if not waiting[src]:
            del waiting[src]
        if not fly_to(target[chosen]):
            # cannot reach goal; put it back to keep the plan valid
            plan.append('(release %s %s)' % (chosen, state['cur']))
            at[chosen] = state['cur']
            break
        plan.append('(release %s %s)' % (chosen, state['cur']))
        at[chosen] = state['cur']

    # 3. optional final position
    if final_spot is not None:
        fly_to(final_spot)

    return plan
