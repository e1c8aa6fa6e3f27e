import heapq

def generate_solution(objects, init, goal):
    plan = []

    W = set()
    succ = {}
    plated = set()
    unplated = set()
    top = None
    bare = False
    for fact in init:
        if not fact:
            continue
        p = fact[0]
        if p == 'wider' and len(fact) == 3:
            W.add((fact[1], fact[2]))
            succ.setdefault(fact[1], set()).add(fact[2])
        elif p == 'plated' and len(fact) == 2:
            plated.add(fact[1])
        elif p == 'unplated' and len(fact) == 2:
            unplated.add(fact[1])
        elif p == 'topmost' and len(fact) == 2:
            top = fact[1]
        elif p == 'plate-bare':
            bare = True

    needed = set()
    for fact in goal:
        if fact and fact[0] == 'plated' and len(fact) == 2 and fact[1] not in plated:
            needed.add(fact[1])
    if not needed:
        return plan

    # 1. topological order (widest first) restricted to needed tiers
    indeg = {t: 0 for t in needed}
    outdeg = {t: 0 for t in needed}
    for a in needed:
        for b in succ.get(a, ()):
            if b in needed and b != a:
                indeg[b] += 1
                outdeg[a] += 1
    heap = [(-outdeg[t], t) for t in needed if indeg[t] == 0]
    heapq.heapify(heap)
    order = []
    done = set()
    while len(order) < len(needed):
        if not heap:
            # cycle or inconsistency: take the remaining tier with the fewest wider tiers
            rest = [t for t in needed if t not in done]
            t = min(rest, key=lambda x: (indeg[x], -outdeg[x], x))
        else:
            _, t = heapq.heappop(heap)
            if t in done:
                continue
        done.add(t)
        order.append(t)
        for b in succ.get(t, ()):
            if b in needed and b not in done and b != t:
                indeg[b] -= 1
                if indeg[b] == 0:
                    heapq.heappush(heap, (-outdeg[b], b))

    # 2. place the tiers
    order_set = set(order)
    for t in order:
        if bare and top is None:
            plan.append('(lay-base %s)' % t)
            bare = False
        else:
            if top is not None and (top, t) not in W:
                bridges = [b for b in succ.get(top, ())
                           if b in unplated and b not in order_set and b not in plated
                           and (b, t) in W]
                if bridges:
                    b = min(bridges)
                    plan.append('(add-tier %s %s)' % (top, b))
                    unplated.discard(b)
                    plated.add(b)
                    top = b
            plan.append('(add-tier %s %s)' % (top, t))
        unplated.discard(t)
        plated.add(t)
        top = t

    return plan
