from collections import deque

def generate_solution(objects, init, goal):
    lower = set()
    queues = {}
    heading_of = {}
    riding = set()
    arrived = set()
    docked = set()
    stations = {name for (name, typ) in objects if typ == 'station'}

    for f in init:
        p = f[0]
        if p == 'lower-than' and len(f) == 3:
            lower.add((f[1], f[2]))
            stations.add(f[1])
            stations.add(f[2])
        elif p == 'queues' and len(f) == 3:
            queues.setdefault(f[1], set()).add(f[2])
            stations.add(f[2])
        elif p == 'heading' and len(f) == 3:
            heading_of[f[1]] = f[2]
            stations.add(f[2])
        elif p == 'riding' and len(f) == 2:
            riding.add(f[1])
        elif p == 'arrived' and len(f) == 2:
            arrived.add(f[1])
        elif p == 'gondola-docked' and len(f) == 2:
            docked.add(f[1])
            stations.add(f[1])

    # height rank inside a block
    rank = {st: 0 for st in stations}
    for (a, b) in lower:
        rank[b] = rank.get(b, 0) + 1

    def key(st):
        return (rank.get(st, 0), st)

    # undirected station graph and blocks (connected components)
    adj = {st: set() for st in stations}
    for (a, b) in lower:
        adj[a].add(b)
        adj[b].add(a)
    comp = {}
    cid = 0
    for st in sorted(stations):
        if st in comp:
            continue
        comp[st] = cid
        dq = deque([st])
        while dq:
            x = dq.popleft()
            for y in adj[x]:
                if y not in comp:
                    comp[y] = cid
                    dq.append(y)
        cid += 1

    # one gondola per block (if several in a block, use the lowest one)
    gpos = {}
    for st in sorted(docked, key=key):
        c = comp[st]
        if c not in gpos:
            gpos[c] = st

    # queue station of each skier (prefer one in a block with a gondola)
    queue_of = {}
    for sk, sts in queues.items():
        good = [s for s in sts if comp.get(s) in gpos]
        pool = good if good else list(sts)
        queue_of[sk] = min(pool, key=key)

    need = sorted(f[1] for f in goal
                  if f[0] == 'arrived' and len(f) == 2 and f[1] not in arrived)

    plan = []

    def move(c, target):
        cur = gpos[c]
        if cur == target:
            return
        if (cur, target) in lower:
            plan.append('(ascend %s %s)' % (cur, target))
        elif (target, cur) in lower:
            plan.append('(descend %s %s)' % (cur, target))
        else:
            # shortest path over the station graph (not expected with a total order)
            par = {cur: None}
            dq = deque([cur])
            while dq:
                x = dq.popleft()
                if x == target:
                    break
                for y in sorted(adj[x]):
                    if y not in par:
                        par[y] = x
                        dq.append(y)
            if target not in par:
                return
            path = []
            p = target
            while p is not None:
                path.append(p)
                p = par[p]
            path.reverse()
            for i in range(len(path) - 1):
                x, y = path[i], path[i + 1]
                if (x, y) in lower:
                    plan.append('(ascend %s %s)' % (x, y))
                else:
                    plan.append('(descend %s %s)' % (x, y))
        gpos[c] = target

    def alight(st, sk):
        plan.append('(alight %s %s)' % (st, sk))
        riding.discard(sk)
        arrived.add(sk)

    for c in sorted(gpos.keys(), key=lambda cc: key(gpos[cc])):
        to_pick = [sk for sk in need
                   if sk not in arrived and sk not in riding
                   and sk in queue_of and comp.get(queue_of[sk]) == c]
        pick_set = set(to_pick)
        cand = [sk for sk in need
                if sk not in arrived and sk in heading_of
                and comp.get(heading_of[sk]) == c
                and (sk in riding or sk in pick_set)]
        if not to_pick and not cand:
            continue
        relevant = {queue_of[sk] for sk in to_pick} | {heading_of[sk] for sk in cand}
        order = sorted(relevant, key=key)

        # upward sweep
        for st in order:
            move(c, st)
            for sk in to_pick:
                if queue_of[sk] == st and sk not in riding and sk not in arrived:
                    plan.append('(embark %s %s)' % (st, sk))
                    riding.add(sk)
            for sk in cand:
                if sk in riding and heading_of[sk] == st:
                    alight(st, sk)

        # downward sweep
        for st in reversed(order):
            droppers = [sk for sk in cand if sk in riding and heading_of[sk] == st]
            if not droppers:
                continue
            move(c, st)
            for sk in droppers:
                alight(st, sk)

    # safety net: riders whose destination is in another block
    for sk in need:
        if sk in riding and sk not in arrived and sk in heading_of:
            h = heading_of[sk]
            c = comp.get(h)
            if c in gpos:
                move(c, h)
                if gpos[c] == h:
                    alight(h, sk)

    return plan
