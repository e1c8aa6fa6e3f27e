import heapq

def generate_solution(objects, init, goal):
    plan = []

    cur = None
    lies = {}
    holder = {}
    idle = set()
    for fact in init:
        if not fact:
            continue
        p = fact[0]
        if p == 'octopus-lurks' and len(fact) == 2:
            cur = fact[1]
        elif p == 'shell-lies' and len(fact) == 3:
            lies[fact[1]] = fact[2]
        elif p == 'clasped-by' and len(fact) == 3:
            holder[fact[1]] = fact[2]
        elif p == 'idle' and len(fact) == 2:
            idle.add(fact[1])

    target = {}
    final_spot = None
    for fact in goal:
        if not fact:
            continue
        if fact[0] == 'shell-lies' and len(fact) == 3:
            target[fact[1]] = fact[2]
        elif fact[0] == 'octopus-lurks' and len(fact) == 2:
            final_spot = fact[1]

    st = {'cur': cur}

    def swim_to(g):
        if g != st['cur']:
            plan.append('(swim %s %s)' % (st['cur'], g))
            st['cur'] = g

    def unclasp(s):
        t = holder.pop(s)
        plan.append('(unclasp %s %s %s)' % (s, st['cur'], t))
        lies[s] = st['cur']
        idle.add(t)

    def clasp(s):
        t = min(idle)
        idle.discard(t)
        plan.append('(clasp %s %s %s)' % (s, st['cur'], t))
        del lies[s]
        holder[s] = t

    # 0. drop goal-less shells held at the start
    for s in sorted(holder):
        if s not in target:
            unclasp(s)

    # misplaced shells lying somewhere, grouped by grotto
    waiting = {}
    for s, g in target.items():
        if s in lies and lies[s] != g:
            waiting.setdefault(lies[s], set()).add(s)
    heap = [(-len(v), g) for g, v in waiting.items()]
    heapq.heapify(heap)

    def best_waiting_grotto():
        while heap:
            negc, g = heap[0]
            cnt = len(waiting.get(g, ()))
            if cnt == 0:
                heapq.heappop(heap)
                continue
            if cnt != -negc:
                heapq.heapreplace(heap, (-cnt, g))
                continue
            return g
        return None

    while True:
        c = st['cur']
        # a. deliver held shells that belong here
        for s in sorted(s for s in holder if target.get(s) == c):
            unclasp(s)
        # b. pick up misplaced shells lying here
        if c in waiting and idle:
            for s in sorted(waiting[c]):
                if not idle:
                    break
                clasp(s)
                waiting[c].discard(s)
            if not waiting[c]:
                del waiting[c]
        # c. next grotto
        if holder:
            counts = {}
            for s in holder:
                g = target[s]
                counts[g] = counts.get(g, 0) + 1
            g = min(counts, key=lambda x: (-counts[x], x))
            swim_to(g)
            continue
        if not idle:
            break  # no tentacle available at all
        g = best_waiting_grotto()
        if g is None:
            break
        swim_to(g)

    if final_spot is not None:
        swim_to(final_spot)

    return plan
