from collections import deque

class _Stuck(Exception):
    pass

def generate_solution(objects, init, goal):
    INF = float('inf')
    NONEP, NONER, N00 = 'nonep', 'noner', 'n00'

    parts = sorted(n for n, t in objects if t == 'part' and n != NONEP)
    racks = sorted(n for n, t in objects if t == 'rack' and n != NONER)
    bts = sorted(n for n, t in objects if t == 'beluga-truck')
    fts = sorted(n for n, t in objects if t == 'fab-truck')
    lines = sorted(n for n, t in objects if t == 'production-line')
    btset, ftset = set(bts), set(fts)

    # ---------------- read facts ----------------
    size = {}
    level = {}
    fit_add = {}
    fit_sub = {}
    on_rack = {}
    rack_succ = {}
    holder = {}
    load = {t: None for t in bts + fts}
    next_unload = {}
    ready_list = []
    pline_next = {}
    pline_succ = {}
    needed_list = []
    processed = set()
    sflag = set()          # parts for which (no-rack-succ p) currently holds

    for f in init:
        pred = f[0]
        if pred == 'size':
            size[f[1]] = f[2]
        elif pred == 'level':
            level[f[1]] = f[2]
        elif pred == 'fit-n-sum':
            a, b, c = f[1], f[2], f[3]
            fit_add[(a, b)] = c
            fit_sub[(c, b)] = a
        elif pred == 'on-rack':
            if f[1] != NONER:
                on_rack[f[2]] = f[1]
        elif pred == 'rack-succ':
            rack_succ.setdefault(f[1], set()).add(f[2])
        elif pred == 'on-truck':
            holder[f[1]] = f[2]
            load[f[2]] = f[1]
        elif pred == 'next-to-unload':
            next_unload[f[1]] = f[2]
        elif pred == 'ready-to-unload':
            ready_list.append(f[1])
        elif pred == 'p-line-next':
            pline_next[f[1]] = f[2]
        elif pred == 'p-line-succ':
            pline_succ[f[1]] = f[2]
        elif pred == 'needed-next':
            needed_list.append(f[1])
        elif pred == 'processed':
            processed.add(f[1])
        elif pred == 'no-rack-succ':
            sflag.add(f[1])

    for r in racks:
        if r not in level:
            level[r] = N00

    # ---------------- rack contents (index 0 = fab end) ----------------
    content = {r: [] for r in racks}
    rack_parts = {r: set() for r in racks}
    for p, r in on_rack.items():
        if r in rack_parts:
            rack_parts[r].add(p)
    rackof = {}
    for r in racks:
        P = rack_parts[r]
        if not P:
            continue
        has_pred = set()
        for x in P:
            for y in rack_succ.get(x, ()):
                if y in P and y != x:
                    has_pred.add(y)
        starts = sorted(p for p in P if p not in has_pred)
        start = starts[0] if starts else sorted(P)[0]
        chain = [start]
        seen = {start}
        while True:
            nxt = sorted(y for y in rack_succ.get(chain[-1], ()) if y in P and y not in seen)
            if not nxt:
                break
            chain.append(nxt[0])
            seen.add(nxt[0])
        for p in sorted(P - seen):
            chain.insert(0, p)
        content[r] = chain[::-1]
        for p in chain:
            rackof[p] = r

    # ---------------- unloading queue ----------------
    ready = None
    real_ready = sorted(p for p in ready_list if p != NONEP)
    if real_ready:
        ready = real_ready[0]
    queue = []
    seen = set()
    x = ready
    while x is not None and x != NONEP and x not in seen:
        queue.append(x)
        seen.add(x)
        x = next_unload.get(x)
    qpos = {p: i for i, p in enumerate(queue)}
    inqueue = set(queue)
    state = {'head': 0, 'demanded': NONEP}

    # ---------------- production lines ----------------
    rem = {}
    for L in lines:
        seq = []
        seen = set()
        x = pline_next.get(L)
        while x is not None and x != NONEP and x not in seen:
            seq.append(x)
            seen.add(x)
            x = pline_succ.get(x)
        rem[L] = deque(seq)

    real_needed = sorted(p for p in needed_list if p != NONEP)
    state['demanded'] = real_needed[0] if real_needed else NONEP

    goalparts = set(f[1] for f in goal if f and f[0] == 'processed')

    # ---------------- priority keys ----------------
    key = {}
    for L in lines:
        m = -1
        for i, p in enumerate(rem[L]):
            m = max(m, qpos.get(p, -1))
            key[p] = (m, i)

    def kf(p):
        return key.get(p, (INF, INF))

    plan = []

    def emit(*args):
        plan.append('(' + ' '.join(args) + ')')

    # ---------------- action helpers (update simulated state) ----------------
    def beluga_put(t, p, r):
        s = size[p]
        if not content[r]:
            emit('put-on-rack-first-beluga', t, p, r, s)
            level[r] = s
        else:
            f = content[r][-1]
            cur = level[r]
            new = fit_add.get((cur, s))
            if new is None:
                raise _Stuck()
            emit('put-on-rack-beluga', t, p, r, f, s, cur, new)
            level[r] = new
            sflag.discard(p)
        content[r].append(p)
        rackof[p] = r
        holder.pop(p, None)
        load[t] = None

    def beluga_take(t, r):
        # empty beluga truck t lifts the beluga-end part of rack r
        p = content[r][-1]
        s = size[p]
        if len(content[r]) == 1:
            emit('put-on-truck-first-beluga', t, p, r, s)
            level[r] = N00
        else:
            pf = content[r][-2]
            cur = level[r]
            new = fit_sub.get((cur, s))
            if new is None:
                raise _Stuck()
            emit('put-on-truck-beluga', t, p, r, pf, s, new, cur)
            level[r] = new
            sflag.add(p)
        content[r].pop()
        rackof.pop(p, None)
        holder[p] = t
        load[t] = p
        return p

    def fab_put(t, p, r):
        s = size[p]
        if not content[r]:
            emit('put-on-rack-fab-last', t, r, p, s, N00, N00)
            level[r] = s
        else:
            b = content[r][0]
            cur = level[r]
            new = fit_add.get((cur, s))
            if new is None:
                raise _Stuck()
            emit('put-on-rack-fab', t, r, p, b, s, new, cur)
            level[r] = new
        content[r].insert(0, p)
        rackof[p] = r
        holder.pop(p, None)
        load[t] = None

    def fab_take(t, r):
        p = content[r][0]
        s = size[p]
        if len(content[r]) == 1:
            emit('put-on-truck-fab-last', t, r, p, s, N00, N00)
            level[r] = N00
        else:
            b = content[r][1]
            cur = level[r]
            new = fit_sub.get((cur, s))
            if new is None:
                raise _Stuck()
            emit('put-on-truck-fab', t, r, p, b, s, cur, new)
            level[r] = new
            sflag.add(b)
        content[r].pop(0)
        rackof.pop(p, None)
        holder[p] = t
        load[t] = p
        return p

    def unload(t):
        h = state['head']
        if h >= len(queue):
            raise _Stuck()
        p = queue[h]
        state['head'] = h + 1
        inqueue.discard(p)
        np_ = next_unload.get(p, NONEP)
        emit('unload-from-beluga', p, np_, t)
        holder[p] = t
        load[t] = p
        return p

    # ---------------- rack choice ----------------
    def beluga_fits(r, p):
        s = size[p]
        if content[r]:
            return (level[r], s) in fit_add
        return (N00, s) in fit_add

    def choose_beluga_rack(p, pending, exclude=None):
        kp = kf(p)
        n_empty = sum(1 for r in racks if not content[r])
        best, best_score = None, None
        for r in racks:
            if r == exclude:
                continue
            if not beluga_fits(r, p):
                continue
            c = content[r]
            if c:
                harm = sum(1 for q in c if kf(q) > kp)
                mk = max(kf(q) for q in c)
                tight = (0, -mk[0], -mk[1])
            else:
                harm = 1 if (pending and n_empty == 1) else 0
                tight = (1, 0, 0)
            score = (harm, tight, r)
            if best_score is None or score < best_score:
                best, best_score = r, score
        return best

    def choose_fab_rack(p, exclude):
        s = size[p]
        kp = kf(p)
        best, best_score = None, None
        for r in racks:
            if r == exclude:
                continue
            c = content[r]
            if c:
                if (level[r], s) not in fit_add:
                    continue
                harm = sum(1 for q in c if kf(q) < kp)
                mk = min(kf(q) for q in c)
                tight = (0, mk[0], mk[1])
            else:
                harm = 0
                tight = (1, 0, 0)
            score = (harm, tight, r)
            if best_score is None or score < best_score:
                best, best_score = r, score
        return best

    # ---------------- truck parking ----------------
    def fits_after_fab_removal(r, x):
        c = content[r]
        y = c[0]
        if len(c) == 1:
            return (N00, size[x]) in fit_add
        new = fit_sub.get((level[r], size[y]))
        return new is not None and (new, size[x]) in fit_add

    def park_on_fab_for(x):
        # the fab truck takes a fab-end part so that x fits on that rack afterwards
        ft = fts[0] if fts else None
        if ft is None:
            return None
        y = load.get(ft)
        if y is not None:
            r0 = choose_fab_rack(y, None)
            if r0 is None:
                return None
            fab_put(ft, y, r0)
        best, best_score = None, None
        for r in racks:
            c = content[r]
            if not c:
                continue
            if not fits_after_fab_removal(r, x):
                continue
            score = (0 if len(c) == 1 else 1, len(c), kf(c[0]), r)
            if best_score is None or score < best_score:
                best, best_score = r, score
        if best is None:
            return None
        fab_take(ft, best)
        return best

    def liftable(r):
        c = content[r]
        if not c:
            return False
        z = c[-1]
        if len(c) == 1:
            return (N00, size[z]) in fit_add and level[r] == size[z]
        return (level[r], size[z]) in fit_sub

    def fits_after_beluga_removal(r, y):
        c = content[r]
        z = c[-1]
        if len(c) == 1:
            return (N00, size[z]) in fit_add and level[r] == size[z]
        new = fit_sub.get((level[r], size[z]))
        return new is not None and (new, size[y]) in fit_add

    def put_down_beluga(prefer, avoid):
        # the beluga truck puts the part it holds on a rack (not on `avoid`),
        # preferably on `prefer` (the demanded part's rack: there it blocks nothing)
        bt = bts[0] if bts else None
        if bt is None:
            return False
        z = load.get(bt)
        if z is None:
            return True
        if prefer is not None and prefer != avoid and prefer in content and content[prefer] \
                and beluga_fits(prefer, z):
            r = prefer
        else:
            r = choose_beluga_rack(z, state['demanded'] in inqueue, exclude=avoid)
        if r is None:
            return False
        beluga_put(bt, z, r)
        return True

    def park_on_beluga_for(y, exclude):
        # the beluga truck lifts a beluga-end part so that y fits on that rack afterwards
        bt = bts[0] if bts else None
        if bt is None:
            return None
        if load.get(bt) is not None:
            if not put_down_beluga(exclude, None):
                return None
            r0 = choose_fab_rack(y, exclude)
            if r0 is not None:
                return r0
        best, best_score = None, None
        for r in racks:
            if r == exclude:
                continue
            c = content[r]
            if not c:
                continue
            z = c[-1]
            if z == state['demanded']:
                continue
            if not fits_after_beluga_removal(r, y):
                continue
            kz = kf(z)
            score = (0 if len(c) == 1 else 1, (-kz[0], -kz[1]), r)
            if best_score is None or score < best_score:
                best, best_score = r, score
        if best is None:
            return None
        beluga_take(bt, best)
        return best

    def place_from_beluga(t, x, pending):
        r = choose_beluga_rack(x, pending)
        if r is None:
            r = park_on_fab_for(x)
            if r is None:
                raise _Stuck()
        beluga_put(t, x, r)

    def try_place_from_fab(t, y, exclude):
        r = choose_fab_rack(y, exclude)
        if r is not None:
            fab_put(t, y, r)
            return True
        r = park_on_beluga_for(y, exclude)
        if r is None:
            return False
        fab_put(t, y, r)
        # put the lifted part down again at once (not on r), preferably behind the demanded part
        put_down_beluga(exclude, r)
        return True

    def place_from_fab(t, y, exclude):
        if not try_place_from_fab(t, y, exclude):
            raise _Stuck()

    def place_demanded_from_beluga(t, d):
        s = size[d]
        empties = [r for r in racks if not content[r] and (N00, s) in fit_add]
        if empties:
            r = empties[0]
        else:
            cands = [r for r in racks if content[r] and (level[r], s) in fit_add]
            if cands:
                r = min(cands, key=lambda rr: (len(content[rr]), rr))
            else:
                r = park_on_fab_for(d)
                if r is None:
                    raise _Stuck()
        beluga_put(t, d, r)

    # ---------------- same-rack extraction (uses the put-on-rack-fab quirk) ----------------
    def refresh(t, r, i):
        # take content[r][i] (pBefore = content[r][i+1]) and put it straight back:
        # afterwards content[r][i+1] holds no-rack-succ
        c = content[r]
        p, q = c[i], c[i + 1]
        if p not in sflag:
            raise _Stuck()
        s = size[p]
        cur = level[r]
        new = fit_sub.get((cur, s))
        if new is None:
            raise _Stuck()
        emit('put-on-truck-fab', t, r, p, q, s, cur, new)
        emit('put-on-rack-fab', t, r, p, q, s, cur, new)
        sflag.add(q)

    def same_rack_extract(t, d, r):
        # d is on rack r with k >= 1 parts on its fab side; fab truck t is empty.
        # Result: t holds d; the order of the other parts on r is unchanged.
        c = content[r]
        k = c.index(d)
        if k == 0:
            fab_take(t, r)
            return
        # 1. the fab-side neighbour b = c[k-1] and d itself need no-rack-succ
        if c[k - 1] not in sflag:
            js = [i for i in range(k) if c[i] in sflag]
            if not js:
                raise _Stuck()
            j = max(js)
            for i in range(j, k - 1):
                refresh(t, r, i)
        if d not in sflag:
            refresh(t, r, k - 1)
        # 2. some part W must sit directly behind d (beluga side)
        if k == len(c) - 1:
            bt = bts[0] if bts else None
            if bt is None:
                raise _Stuck()
            w = load.get(bt)
            if w is None:
                if state['head'] < len(queue):
                    w = unload(bt)
                else:
                    others = [r2 for r2 in racks if r2 != r and liftable(r2)
                              and content[r2][-1] != d]
                    if not others:
                        raise _Stuck()
                    w = beluga_take(bt, others[0])
            if (level[r], size[w]) not in fit_add:
                raise _Stuck()
            beluga_put(bt, w, r)
        c = content[r]
        W = c[k + 1]
        b = c[k - 1]
        sd, sb = size[d], size[b]
        cur = level[r]
        n1 = fit_sub.get((cur, sd))
        n2 = fit_sub.get((cur, sb))
        if n1 is None or n2 is None:
            raise _Stuck()
        emit('put-on-truck-fab', t, r, d, W, sd, cur, n1)   # pull d from the middle
        sflag.add(W)
        emit('put-on-rack-fab', t, r, d, W, sd, cur, n1)    # d back, now hanging on W
        emit('put-on-truck-fab', t, r, b, d, sb, cur, n2)   # take b (hangs on d)
        sflag.add(d)
        emit('put-on-rack-fab', t, r, b, W, sb, cur, n2)    # hang b on W
        emit('put-on-truck-fab', t, r, d, W, sd, cur, n1)   # take d for good
        level[r] = n1
        c.pop(k)
        rackof.pop(d, None)
        holder[d] = t
        load[t] = d

    # ---------------- deliver the demanded part ----------------
    def deliver(d):
        ft = fts[0] if fts else None
        bt = bts[0] if bts else None
        if holder.get(d) in ftset:
            t = holder[d]
            emit('to-fab', t, d)
            holder.pop(d, None)
            load[t] = None
            processed.add(d)
            return
        if ft is None:
            raise _Stuck()
        # free the fab truck
        x = load.get(ft)
        if x is not None and x != d:
            place_from_fab(ft, x, rackof.get(d))
        # still in the aircraft: unload up to and including d
        if d in inqueue:
            if bt is None:
                raise _Stuck()
            y = load.get(bt)
            if y is not None:
                place_from_beluga(bt, y, True)
            while queue[state['head']] != d:
                x = unload(bt)
                place_from_beluga(bt, x, True)
            unload(bt)
        # on a beluga truck: put it on a rack
        if holder.get(d) in btset:
            place_demanded_from_beluga(holder[d], d)
        r = rackof.get(d)
        if r is None:
            raise _Stuck()
        # the fab truck may hold a parked part: put it away (if impossible, in front of d)
        y = load.get(ft)
        if y is not None and y != d:
            if not try_place_from_fab(ft, y, r):
                fab_put(ft, y, r)
        # dig d out from the fab side
        got = False
        while content[r][0] != d:
            b = fab_take(ft, r)
            if not try_place_from_fab(ft, b, r):
                fab_put(ft, b, r)               # nowhere else: put it back
                same_rack_extract(ft, d, r)     # pull d out of the same rack
                got = True
                break
        if not got:
            fab_take(ft, r)
        emit('to-fab', ft, d)
        holder.pop(d, None)
        load[ft] = None
        processed.add(d)

    # ---------------- main ----------------
    try:
        for t in bts:
            p = load.get(t)
            if p is not None:
                place_from_beluga(t, p, False)
        for t in fts:
            p = load.get(t)
            if p is not None:
                if p == state['demanded']:
                    emit('to-fab', t, p)
                    holder.pop(p, None)
                    load[t] = None
                    processed.add(p)
                    state['demanded'] = NONEP
                else:
                    place_from_fab(t, p, None)

        guard = 0
        limit = 10 * (len(parts) + 10)
        while True:
            guard += 1
            if guard > limit:
                break
            if all(p in processed for p in goalparts):
                break
            if state['demanded'] == NONEP:
                best, best_score = None, None
                for L in lines:
                    if not rem[L]:
                        continue
                    if not any((q in goalparts and q not in processed) for q in rem[L]):
                        continue
                    c = rem[L][0]
                    if holder.get(c) in ftset:
                        cost = (0, 0)
                    elif c in rackof:
                        cost = (1, content[rackof[c]].index(c))
                    elif holder.get(c) in btset:
                        cost = (2, 0)
                    elif c in inqueue:
                        cost = (3, qpos[c])
                    else:
                        cost = (4, 0)
                    score = (cost, kf(c), c, L)
                    if best_score is None or score < best_score:
                        best, best_score = L, score
                if best is None:
                    break
                L = best
                c = rem[L].popleft()
                emit('set-next', L, c, pline_succ.get(c, NONEP))
                state['demanded'] = c
            deliver(state['demanded'])
            state['demanded'] = NONEP
    except (_Stuck, KeyError, IndexError):
        pass
    return plan
