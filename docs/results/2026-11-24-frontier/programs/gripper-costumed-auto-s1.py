def generate_solution(objects, init, goal):
    plan = []
    tentacles = sorted(f[1] for f in init if f[0] == 'tentacle')
    lurks = sorted(f[1] for f in init if f[0] == 'octopus-lurks')
    st = {'pos': lurks[0] if lurks else None}
    loc = {}
    hold = {}
    for f in init:
        if f[0] == 'shell-lies':
            loc[f[1]] = f[2]
        elif f[0] == 'clasped-by':
            hold[f[2]] = f[1]
    goal_loc = {}
    goal_clasp = {}
    goal_pos = None
    for g in goal:
        if g[0] == 'shell-lies':
            goal_loc[g[1]] = g[2]
        elif g[0] == 'clasped-by':
            goal_clasp[g[1]] = g[2]
        elif g[0] == 'octopus-lurks':
            goal_pos = g[1] if goal_pos is None else min(goal_pos, g[1])

    def swim(g):
        if g != st['pos']:
            plan.append('(swim %s %s)' % (st['pos'], g))
            st['pos'] = g

    def clasp(s, t):
        plan.append('(clasp %s %s %s)' % (s, st['pos'], t))
        del loc[s]
        hold[t] = s

    def unclasp(t):
        s = hold.pop(t)
        plan.append('(unclasp %s %s %s)' % (s, st['pos'], t))
        loc[s] = st['pos']

    # phase 0: decide what to do with shells held at the start
    for t in tentacles:
        if t in hold:
            s = hold[t]
            if goal_clasp.get(s) == t:
                continue
            if s in goal_loc:
                continue
            unclasp(t)
    reserved = set(t for t in hold if goal_clasp.get(hold[t]) == t)

    pending = set(s for s in goal_loc if s in loc and loc[s] != goal_loc[s])
    if pending and not [t for t in tentacles if t not in reserved]:
        for t in sorted(reserved):
            unclasp(t)
        reserved = set()

    while True:
        carried = [t for t in tentacles if t in hold and t not in reserved]
        free = [t for t in tentacles if t not in hold]
        if not carried and not pending:
            break
        if not carried and not free:
            break
        # pick up a batch
        if free and pending:
            k = len(free)
            pos = st['pos']
            chosen = sorted(s for s in pending if loc[s] == pos)[:k]
            if len(chosen) < k:
                bygrotto = {}
                for s in pending:
                    if loc[s] != pos:
                        bygrotto.setdefault(loc[s], []).append(s)
                order = sorted(bygrotto, key=lambda g: (-len(bygrotto[g]), g))
                for g in order:
                    if len(chosen) >= k:
                        break
                    chosen.extend(sorted(bygrotto[g])[:k - len(chosen)])
            groups = []
            gidx = {}
            for s in chosen:
                g = loc[s]
                if g not in gidx:
                    gidx[g] = len(groups)
                    groups.append((g, []))
                groups[gidx[g]][1].append(s)
            fi = 0
            for g, ss in groups:
                swim(g)
                for s in ss:
                    clasp(s, free[fi])
                    fi += 1
                    pending.discard(s)
        # deliver the batch
        carried = [t for t in tentacles if t in hold and t not in reserved]
        dests = {}
        for t in carried:
            dests.setdefault(goal_loc[hold[t]], []).append(t)
        order = sorted(dests, key=lambda g: (g != st['pos'], g))
        for g in order:
            swim(g)
            for t in dests[g]:
                unclasp(t)

    # shells that must end up clasped by a given tentacle
    for s in sorted(goal_clasp):
        t = goal_clasp[s]
        if hold.get(t) == s:
            continue
        if t in hold:
            unclasp(t)
        if s not in loc:
            for t2 in tentacles:
                if hold.get(t2) == s:
                    unclasp(t2)
                    break
        if s in loc:
            swim(loc[s])
            clasp(s, t)

    if goal_pos is not None:
        swim(goal_pos)

    return plan
