def generate_solution(objects, init, goal):
    ZERO = 'n00'
    NONEP = 'nonep'
    NONER = 'noner'
    INF = float('inf')

    class Fail(Exception):
        pass

    racks = sorted(n for n, t in objects if t == 'rack' and n != NONER)
    btrucks = sorted(n for n, t in objects if t == 'beluga-truck')
    ftrucks = sorted(n for n, t in objects if t == 'fab-truck')
    tb = btrucks[0] if btrucks else None
    tf = ftrucks[0] if ftrucks else None

    size = {}
    FIT = set()
    addm = {}
    subm = {}
    level = {}
    members = {r: set() for r in racks}
    rsucc_pairs = set()
    ready = []
    nextunload = {}
    plnext = {}
    plsucc = {}
    needed = NONEP
    processed = set()
    carried = {}
    for f in init:
        if not f:
            continue
        pr = f[0]
        if pr == 'size':
            size[f[1]] = f[2]
        elif pr == 'fit-n-sum':
            a, b, c = f[1], f[2], f[3]
            FIT.add((a, b, c))
            addm[(a, b)] = c
            subm[(c, b)] = a
        elif pr == 'level':
            level[f[1]] = f[2]
        elif pr == 'on-rack':
            if f[1] != NONER:
                members.setdefault(f[1], set()).add(f[2])
        elif pr == 'rack-succ':
            rsucc_pairs.add((f[1], f[2]))
        elif pr == 'ready-to-unload':
            if f[1] != NONEP:
                ready.append(f[1])
        elif pr == 'next-to-unload':
            nextunload[f[1]] = f[2]
        elif pr == 'p-line-next':
            plnext[f[1]] = f[2]
        elif pr == 'p-line-succ':
            plsucc[f[1]] = f[2]
        elif pr == 'needed-next':
            if f[1] != NONEP:
                needed = f[1]
        elif pr == 'processed':
            processed.add(f[1])
        elif pr == 'on-truck':
            carried[f[2]] = f[1]

    for r in racks:
        level.setdefault(r, ZERO)

    # rack contents, Beluga end first
    content = {}
    rack_of = {}
    for r in racks:
        mem = members.get(r, set())
        if not mem:
            content[r] = []
            continue
        preds = set(b for (a, b) in rsucc_pairs if a in mem and b in mem)
        firsts = sorted(mem - preds)
        lst = []
        seen = set()
        cur = firsts[0] if firsts else sorted(mem)[0]
        while cur is not None and cur not in seen:
            lst.append(cur)
            seen.add(cur)
            nxts = sorted(b for (a, b) in rsucc_pairs if a == cur and b in mem and b not in seen)
            cur = nxts[0] if nxts else None
        for p in sorted(mem - seen):   # safety: should not happen
            lst.append(p)
        content[r] = lst
        for p in lst:
            rack_of[p] = r

    # unloading queue
    U = []
    seenu = set()
    cur = sorted(ready)[0] if ready else None
    while cur is not None and cur != NONEP and cur not in seenu:
        U.append(cur)
        seenu.add(cur)
        cur = nextunload.get(cur)
    uptr = [0]

    # production lines
    seq = {}
    pos = {}
    line_of = {}
    idx = {}
    for pl in sorted(plnext):
        s = []
        h = plnext[pl]
        seen = set()
        while h is not None and h != NONEP and h not in seen:
            s.append(h)
            seen.add(h)
            h = plsucc.get(h)
        seq[pl] = s
        pos[pl] = 0
        for i, x in enumerate(s):
            if x not in line_of:
                line_of[x] = pl
                idx[x] = i

    goal_parts = set(f[1] for f in goal if f and f[0] == 'processed')
    keep_unused = set(f[1] for f in goal if f and f[0] == 'unused')

    state = {'needed': needed}
    plan = []

    def rank(x):
        pl = line_of.get(x)
        if pl is None:
            return INF
        return idx[x] - pos[pl]

    # ---------- primitive moves ----------
    def beluga_place(t, q, r):
        S = size[q]
        if not content[r]:
            plan.append('(put-on-rack-first-beluga %s %s %s %s)' % (t, q, r, S))
            level[r] = S
            content[r] = [q]
        else:
            f = content[r][0]
            L = level[r]
            N = addm.get((L, S))
            if N is None:
                raise Fail()
            plan.append('(put-on-rack-beluga %s %s %s %s %s %s %s)' % (t, q, r, f, S, L, N))
            level[r] = N
            content[r].insert(0, q)
        rack_of[q] = r
        carried[t] = None

    def fab_take(r, t=None):
        if t is None:
            t = tf
        p = content[r][-1]
        S = size[p]
        if len(content[r]) == 1:
            plan.append('(put-on-truck-fab-last %s %s %s %s %s %s)' % (t, r, p, S, level[r], ZERO))
            level[r] = ZERO
        else:
            b = content[r][-2]
            L = level[r]
            M = subm.get((L, S))
            if M is None:
                raise Fail()
            plan.append('(put-on-truck-fab %s %s %s %s %s %s %s)' % (t, r, p, b, S, L, M))
            level[r] = M
        content[r].pop()
        del rack_of[p]
        carried[t] = p
        return p

    def fab_place(q, r, t=None):
        if t is None:
            t = tf
        S = size[q]
        if not content[r]:
            plan.append('(put-on-rack-fab-last %s %s %s %s %s %s)' % (t, r, q, S, ZERO, S))
            level[r] = S
            content[r] = [q]
        else:
            b = content[r][-1]
            L = level[r]
            N = addm.get((L, S))
            if N is None:
                raise Fail()
            plan.append('(put-on-rack-fab %s %s %s %s %s %s %s)' % (t, r, q, b, S, N, L))
            level[r] = N
            content[r].append(q)
        rack_of[q] = r
        carried[t] = None

    def deliver(p, t=None):
        if t is None:
            t = tf
        plan.append('(to-fab %s %s)' % (t, p))
        carried[t] = None
        processed.add(p)
        state['needed'] = NONEP

    # ---------- choosing racks ----------
    def choose_beluga_rack(q):
        S = size[q]

        def room(r):
            if not content[r]:
                return (ZERO, S, S) in FIT
            return (level[r], S) in addm

        C = [r for r in racks if r not in keep_unused and room(r)]
        if not C:
            C = [r for r in racks if room(r)]
        if not C:
            return None
        rq = rank(q)
        if rq == 0:
            return min(C, key=lambda r: (len(content[r]), r))
        A = [r for r in C if content[r] and all(rank(x) < rq for x in content[r])]
        if A:
            return min(A, key=lambda r: (-rank(content[r][0]), r))
        E = [r for r in C if not content[r]]
        if E:
            return min(E)
        return min(C, key=lambda r: (sum(1 for x in content[r] if rank(x) > rq), r))

    def choose_fab_rack(b, forbidden, cont, lev):
        S = size[b]
        C = [r for r in racks if r != forbidden and (not cont[r] or (lev[r], S) in addm)]
        if not C:
            return None
        rb = rank(b)
        A = [r for r in C if cont[r] and all(rank(x) > rb for x in cont[r])]
        if A:
            return min(A, key=lambda r: (rank(cont[r][-1]), r))
        E = [r for r in C if not cont[r]]
        if E:
            return min(E)
        return min(C, key=lambda r: (sum(1 for x in cont[r] if rank(x) < rb), r))

    def blockers(p):
        lst = content[rack_of[p]]
        i = lst.index(p)
        return lst[i + 1:]

    def dig_feasible(p):
        bl = blockers(p)
        if not bl:
            return True
        r = rack_of[p]
        c2 = {rr: list(v) for rr, v in content.items()}
        l2 = dict(level)
        for b in reversed(bl):
            r2 = choose_fab_rack(b, r, c2, l2)
            if r2 is None:
                return False
            if not c2[r2]:
                l2[r2] = size[b]
            else:
                l2[r2] = addm[(l2[r2], size[b])]
            c2[r2].append(b)
        return True

    def fetch(p):
        r = rack_of[p]
        while content[r][-1] != p:
            b = fab_take(r)
            r2 = choose_fab_rack(b, r, content, level)
            if r2 is None:
                raise Fail()
            fab_place(b, r2)
        fab_take(r)
        deliver(p)

    def unload_one():
        q = U[uptr[0]]
        uptr[0] += 1
        np_ = nextunload.get(q, NONEP)
        plan.append('(unload-from-beluga %s %s %s)' % (q, np_, tb))
        carried[tb] = q
        r = choose_beluga_rack(q)
        if r is None:
            raise Fail()
        beluga_place(tb, q, r)

    try:
        # initial clean-up: parts already on trucks
        for t in btrucks:
            q = carried.get(t)
            if q is not None:
                r = choose_beluga_rack(q)
                if r is None:
                    raise Fail()
                beluga_place(t, q, r)
        for t in ftrucks:
            q = carried.get(t)
            if q is not None:
                if q == state['needed']:
                    deliver(q, t)
                else:
                    r = choose_fab_rack(q, None, content, level)
                    if r is None:
                        raise Fail()
                    fab_place(q, r, t)

        if tf is None:
            return plan

        guard = 0
        limit = 20 * (len(size) + len(U) + 10) ** 2
        while any(p not in processed for p in goal_parts):
            guard += 1
            if guard > limit:
                break
            if state['needed'] != NONEP:
                p = state['needed']
                if p in rack_of:
                    fetch(p)
                elif tb is not None and uptr[0] < len(U):
                    unload_one()
                else:
                    break
                continue
            cands = []
            for pl in sorted(seq):
                if pos[pl] < len(seq[pl]):
                    h = seq[pl][pos[pl]]
                    if h in rack_of and dig_feasible(h):
                        cands.append((len(blockers(h)), pl, h))
            if cands:
                cands.sort()
                _, pl, h = cands[0]
                plan.append('(set-next %s %s %s)' % (pl, h, plsucc.get(h, NONEP)))
                state['needed'] = h
                pos[pl] += 1
                fetch(h)
            elif tb is not None and uptr[0] < len(U):
                unload_one()
            else:
                break
    except Fail:
        return plan
    return plan
