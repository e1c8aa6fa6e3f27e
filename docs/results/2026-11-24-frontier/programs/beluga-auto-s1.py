import time

def generate_solution(objects, init, goal):
    t_start = time.time()
    INF = 10 ** 9
    objs = sorted(objects)
    racks = sorted(n for n, t in objs if t == 'rack' and n != 'noner')
    btrucks = sorted(n for n, t in objs if t == 'beluga-truck')
    ftrucks = sorted(n for n, t in objs if t == 'fab-truck')
    plines = sorted(n for n, t in objs if t == 'production-line')

    fit, sub, size, level = {}, {}, {}, {}
    on_rack, rsucc, truck_load, nextu = {}, {}, {}, {}
    ready, needed_next = [], []
    pnext, psucc = {}, {}
    processed = set()
    for f in sorted(init):
        k = f[0]
        if k == 'fit-n-sum' and len(f) == 4:
            fit[(f[1], f[2])] = f[3]
            sub[(f[3], f[2])] = f[1]
        elif k == 'size':
            size[f[1]] = f[2]
        elif k == 'level':
            level[f[1]] = f[2]
        elif k == 'on-rack':
            if f[1] != 'noner':
                on_rack[f[2]] = f[1]
        elif k == 'rack-succ':
            rsucc[f[1]] = f[2]
        elif k == 'on-truck':
            truck_load[f[2]] = f[1]
        elif k == 'next-to-unload':
            nextu[f[1]] = f[2]
        elif k == 'ready-to-unload':
            if f[1] != 'nonep':
                ready.append(f[1])
        elif k == 'p-line-next':
            pnext[f[1]] = f[2]
        elif k == 'p-line-succ':
            psucc[f[1]] = f[2]
        elif k == 'needed-next':
            needed_next.append(f[1])
        elif k == 'processed':
            processed.add(f[1])

    racks = sorted(set(racks) | set(on_rack.values()))

    # ---- rack contents (front = beluga side, back = factory side)
    content = {}
    rack_of = {}
    members = {}
    for p in sorted(on_rack):
        members.setdefault(on_rack[p], []).append(p)
    for r in racks:
        ms = members.get(r, [])
        mset = set(ms)
        behind = set(rsucc[p] for p in ms if p in rsucc and rsucc[p] in mset)
        fronts = [p for p in ms if p not in behind]
        order, seen = [], set()
        for f0 in fronts:
            p = f0
            while p is not None and p in mset and p not in seen:
                order.append(p)
                seen.add(p)
                p = rsucc.get(p)
        for p in ms:
            if p not in seen:
                order.append(p)
        content[r] = order
        for p in order:
            rack_of[p] = r
        if r not in level:
            level[r] = 'n00'

    # ---- unloading sequences
    queues = []
    for p0 in sorted(ready):
        q, seen, p = [], set(), p0
        while p is not None and p != 'nonep' and p not in seen:
            q.append(p)
            seen.add(p)
            p = nextu.get(p)
        queues.append(q)
    qpos = [0] * len(queues)
    inq, qidx = {}, {}
    for qi, q in enumerate(queues):
        for k, p in enumerate(q):
            if p not in inq and p not in rack_of:
                inq[p] = qi
                qidx[p] = k

    # ---- production lines and goals
    G = set(f[1] for f in goal if f[0] == 'processed' and len(f) == 2) - processed
    need = {}
    for pl in plines:
        L, seen, p = [], set(), pnext.get(pl)
        while p is not None and p != 'nonep' and p not in seen:
            L.append(p)
            seen.add(p)
            p = psucc.get(p)
        last = -1
        for i, p in enumerate(L):
            if p in G:
                last = i
        need[pl] = L[:last + 1]
    pending = None
    for x in sorted(needed_next):
        if x != 'nonep':
            pending = x
            break
    if pending is not None and not (pending in G or any(need[pl] for pl in plines)):
        pending = None

    on_truck_parts = set(truck_load.values())

    def avail(p):
        if p in rack_of or p in on_truck_parts:
            return 0
        if p in inq:
            return qidx[p] + 1
        return INF // 2

    D = []
    if pending is not None:
        D.append(pending)
    ptr = {pl: 0 for pl in plines}
    run = {pl: -1 for pl in plines}
    while True:
        best = None
        for pl in plines:
            if ptr[pl] < len(need[pl]):
                p = need[pl][ptr[pl]]
                key = (max(run[pl], avail(p)), pl)
                if best is None or key < best[0]:
                    best = (key, pl, p)
        if best is None:
            break
        key, pl, p = best
        run[pl] = key[0]
        D.append(p)
        ptr[pl] += 1
    idx = {}
    for i, p in enumerate(D):
        if p not in idx:
            idx[p] = i

    def I(p):
        return idx.get(p, INF)

    lp = {pl: 0 for pl in plines}
    plan = []
    st = {'pend': pending, 'bh': None, 'fh': None, 'progress': 0}

    def head_map():
        if st['pend'] is not None:
            return {st['pend']: None}
        hm = {}
        for pl in plines:
            if lp[pl] < len(need[pl]):
                hm[need[pl][lp[pl]]] = pl
        return hm

    # ---- primitive operations
    def can_push(r, p, side):
        s = size.get(p)
        if s is None:
            return False
        if not content[r]:
            if level.get(r) != 'n00':
                return False
            if side == 'b':
                return fit.get(('n00', s)) == s
            return True
        return (level[r], s) in fit

    def can_pop(r, side):
        c = content[r]
        if not c:
            return False
        p = c[0] if side == 'b' else c[-1]
        s = size.get(p)
        if len(c) == 1:
            if level.get(r) != s:
                return False
            if side == 'b':
                return fit.get(('n00', s)) == s
            return True
        return (level[r], s) in sub

    def fits_after_pop(r, side, p, push_side):
        c = content[r]
        if not c or not can_pop(r, side):
            return False
        z = c[0] if side == 'b' else c[-1]
        s = size.get(p)
        if s is None:
            return False
        if len(c) == 1:
            if push_side == 'b':
                return fit.get(('n00', s)) == s
            return True
        newl = sub.get((level[r], size[z]))
        return newl is not None and (newl, s) in fit

    def beluga_push(t, p, r):
        s = size[p]
        c = content[r]
        if not c:
            plan.append('(put-on-rack-first-beluga %s %s %s %s)' % (t, p, r, s))
            level[r] = s
        else:
            L = level[r]
            N = fit[(L, s)]
            plan.append('(put-on-rack-beluga %s %s %s %s %s %s %s)' % (t, p, r, c[0], s, L, N))
            level[r] = N
        c.insert(0, p)
        rack_of[p] = r

    def beluga_pop(t, r):
        c = content[r]
        p = c[0]
        s = size[p]
        if len(c) == 1:
            plan.append('(put-on-truck-first-beluga %s %s %s %s)' % (t, p, r, s))
            level[r] = 'n00'
        else:
            L = level[r]
            R = sub[(L, s)]
            plan.append('(put-on-truck-beluga %s %s %s %s %s %s %s)' % (t, p, r, c[1], s, R, L))
            level[r] = R
        c.pop(0)
        rack_of.pop(p, None)
        return p

    def fab_pop(t, r):
        c = content[r]
        p = c[-1]
        s = size[p]
        if len(c) == 1:
            plan.append('(put-on-truck-fab-last %s %s %s %s n00 n00)' % (t, r, p, s))
            level[r] = 'n00'
        else:
            L = level[r]
            N = sub[(L, s)]
            plan.append('(put-on-truck-fab %s %s %s %s %s %s %s)' % (t, r, p, c[-2], s, L, N))
            level[r] = N
        c.pop()
        rack_of.pop(p, None)
        return p

    def fab_push(t, p, r):
        s = size[p]
        c = content[r]
        if not c:
            plan.append('(put-on-rack-fab-last %s %s %s %s n00 n00)' % (t, r, p, s))
            level[r] = s
        else:
            L = level[r]
            N = fit[(L, s)]
            plan.append('(put-on-rack-fab %s %s %s %s %s %s %s)' % (t, r, p, c[-1], s, N, L))
            level[r] = N
        c.append(p)
        rack_of[p] = r

    # ---- choosing racks
    def choose_front(x, excl, prefer_empty):
        ix = I(x)
        best, bestkey, empties = None, None, []
        for r in racks:
            if r in excl or not can_push(r, x, 'b'):
                continue
            c = content[r]
            if not c:
                empties.append(r)
                key = (1, 0, 0, r)
            else:
                cost = 0
                for z in c:
                    if I(z) > ix:
                        cost += 1
                if cost == 0:
                    key = (0, -I(c[0]), 0, r)
                else:
                    key = (2, cost, len(c), r)
            if bestkey is None or key < bestkey:
                bestkey, best = key, r
        if prefer_empty and empties:
            return empties[0]
        return best

    def choose_back(y, excl):
        iy = I(y)
        best, bestkey = None, None
        for r in racks:
            if r in excl or not can_push(r, y, 'f'):
                continue
            c = content[r]
            if not c:
                key = (1, 0, 0, r)
            else:
                cost = 0
                for z in c:
                    if I(z) < iy:
                        cost += 1
                if cost == 0:
                    key = (0, I(c[-1]), 0, r)
                else:
                    key = (2, cost, len(c), r)
            if bestkey is None or key < bestkey:
                bestkey, best = key, r
        return best

    def snapshot():
        return ({r: list(c) for r, c in content.items()}, dict(level), dict(rack_of), len(plan))

    def restore(sn):
        c, l, ro, n = sn
        for r in content:
            content[r][:] = c[r]
        level.clear()
        level.update(l)
        rack_of.clear()
        rack_of.update(ro)
        del plan[n:]

    bt = btrucks[0] if btrucks else None
    ft = ftrucks[0] if ftrucks else None

    def try_clear(r2, p, excl_dest, side):
        moves = 0
        limit = len(content[r2])
        while not can_push(r2, p, side):
            if not content[r2] or moves >= limit:
                return None
            if not can_pop(r2, 'b'):
                return None
            z = content[r2][0]
            d = choose_front(z, excl_dest | {r2}, False)
            if d is None:
                return None
            beluga_pop(bt, r2)
            beluga_push(bt, z, d)
            moves += 1
        return moves

    def make_room(p, excl_target, excl_dest, side):
        if bt is None or st['bh'] is not None:
            return None
        best = None
        for r2 in racks:
            if r2 in excl_target or not content[r2]:
                continue
            sn = snapshot()
            m = try_clear(r2, p, excl_dest, side)
            restore(sn)
            if m is not None and (best is None or m < best[0]):
                best = (m, r2)
        if best is None:
            return None
        if try_clear(best[1], p, excl_dest, side) is None:
            return None
        return best[1]

    # ---- deliveries
    def set_next(p, pl):
        if pl is not None:
            plan.append('(set-next %s %s %s)' % (pl, p, psucc.get(p, 'nonep')))
            lp[pl] += 1
        else:
            st['pend'] = None

    def deliver_from_fab(p, pl):
        set_next(p, pl)
        plan.append('(to-fab %s %s)' % (ft, p))
        st['fh'] = None
        st['progress'] += 1

    def deliver_from_rack(p, pl, r):
        set_next(p, pl)
        fab_pop(ft, r)
        plan.append('(to-fab %s %s)' % (ft, p))
        st['progress'] += 1

    # ---- using the trucks as extra storage
    def park_choice(y, no_back, hm):
        iy = I(y)
        best = None
        for r2 in racks:
            if r2 in no_back or not content[r2]:
                continue
            z = content[r2][0]
            if z in hm:
                continue
            if not fits_after_pop(r2, 'b', y, 'f'):
                continue
            cost = 0
            for w in content[r2][1:]:
                if I(w) < iy:
                    cost += 1
            key = (0 if I(z) >= INF else 1, cost, -I(z), r2)
            if best is None or key < best[0]:
                best = (key, r2)
        return None if best is None else best[1]

    def hold_choice(x, excl, hm, prefer_short):
        best = None
        for r2 in racks:
            if r2 in excl or not content[r2]:
                continue
            if not fits_after_pop(r2, 'f', x, 'b'):
                continue
            y = content[r2][-1]
            key = (len(content[r2]) if prefer_short else 0,
                   0 if y in hm else 1, I(y), r2)
            if best is None or key < best[0]:
                best = (key, r2)
        return None if best is None else best[1]

    def drop_parked(no_front):
        z = st['bh']
        if z is None:
            return True
        d = choose_front(z, no_front, z in head_map())
        if d is None:
            return False
        beluga_push(bt, z, d)
        st['bh'] = None
        return True

    def park_front_of(r2, no_front):
        z = beluga_pop(bt, r2)
        d = choose_front(z, no_front | {r2}, z in head_map())
        if d is not None:
            beluga_push(bt, z, d)
        else:
            st['bh'] = z

    def ensure_fab_free(no_back, no_front):
        y = st['fh']
        if y is None:
            return True
        if ft is None:
            return False
        hm = head_map()
        if y in hm:
            deliver_from_fab(y, hm[y])
            return True
        d = choose_back(y, no_back)
        if d is None and st['bh'] is not None:
            drop_parked(no_front)
            d = choose_back(y, no_back)
        if d is not None:
            fab_push(ft, y, d)
            st['fh'] = None
            return True
        if st['bh'] is None and bt is not None:
            r2 = park_choice(y, no_back, hm)
            if r2 is not None:
                park_front_of(r2, no_front)
                fab_push(ft, y, r2)
                st['fh'] = None
                return True
        return False

    def ensure_beluga_free(excl):
        z = st['bh']
        if z is None:
            return True
        if bt is None:
            return False
        hm = head_map()
        d = choose_front(z, excl, z in hm)
        if d is not None:
            beluga_push(bt, z, d)
            st['bh'] = None
            return True
        if st['fh'] is None and ft is not None:
            r2 = hold_choice(z, excl, hm, False)
            if r2 is not None:
                st['fh'] = fab_pop(ft, r2)
                beluga_push(bt, z, r2)
                st['bh'] = None
                return True
        return False

    def place_parked_head():
        z = st['bh']
        hm = head_map()
        d = choose_front(z, set(), True)
        if d is not None:
            beluga_push(bt, z, d)
            st['bh'] = None
            return True
        if st['fh'] is not None:
            return ensure_fab_free(set(), set())
        if ft is None:
            return False
        r2 = hold_choice(z, set(), hm, True)
        if r2 is None:
            return False
        st['fh'] = fab_pop(ft, r2)
        beluga_push(bt, z, r2)
        st['bh'] = None
        return True

    # ---- parts initially on secondary trucks
    for t in ftrucks[1:]:
        q = truck_load.get(t)
        if q is None:
            continue
        if q == st['pend']:
            plan.append('(to-fab %s %s)' % (t, q))
            st['pend'] = None
            continue
        hm0 = head_map()
        if q in hm0 and hm0[q] is not None:
            plan.append('(set-next %s %s %s)' % (hm0[q], q, psucc.get(q, 'nonep')))
            lp[hm0[q]] += 1
            plan.append('(to-fab %s %s)' % (t, q))
            continue
        d = choose_back(q, set())
        if d is not None:
            fab_push(t, q, d)
    for t in btrucks[1:]:
        q = truck_load.get(t)
        if q is None:
            continue
        d = choose_front(q, set(), q in head_map())
        if d is not None:
            beluga_push(t, q, d)
    if bt is not None:
        st['bh'] = truck_load.get(bt)
    if ft is not None:
        st['fh'] = truck_load.get(ft)

    # ---- move the back part (blocker) of rack r elsewhere; r holds the target
    def move_blocker(r):
        hm = head_map()
        y = content[r][-1]
        d = choose_back(y, {r})
        if d is None and st['bh'] is not None:
            drop_parked(set())
            d = choose_back(y, {r})
        if d is None and st['bh'] is None:
            d = make_room(y, {r}, set(), 'f')
        if d is None and st['bh'] is None and bt is not None:
            r2 = park_choice(y, {r}, hm)
            if r2 is not None:
                park_front_of(r2, set())
                d = r2
        if d is not None:
            if content[r] and content[r][-1] == y and can_pop(r, 'f') and can_push(d, y, 'f'):
                fab_pop(ft, r)
                fab_push(ft, y, d)
                return True
            return False
        z0 = st['bh']
        if z0 is None or bt is None:
            return False
        if not fits_after_pop(r, 'f', z0, 'b'):
            return False
        best = None
        for r2 in racks:
            if r2 == r or not content[r2]:
                continue
            if not fits_after_pop(r2, 'b', y, 'f'):
                continue
            z = content[r2][0]
            cost = 0
            for w in content[r2][1:]:
                if I(w) < I(y):
                    cost += 1
            key = (1 if z in hm else 0, 0 if I(z) >= INF else 1, cost, -I(z), r2)
            if best is None or key < best[0]:
                best = (key, r2)
        if best is None:
            return False
        r2 = best[1]
        fab_pop(ft, r)
        beluga_push(bt, z0, r)
        st['bh'] = None
        park_front_of(r2, set())
        fab_push(ft, y, r2)
        return True

    # ---- last resort: take p out of the middle of its own rack.
    # put-on-rack-fab keeps (no-rack-succ ?pBefore), so after "pop the successor and
    # push it straight back" a part keeps no-rack-succ and more parts can be hung
    # behind it (a hub); the factory truck can then take any leaf hanging under a hub.
    def extract_in_place(r, p):
        if ft is None or st['fh'] is not None:
            return False
        c = content[r]
        if p not in c:
            return False
        i0 = c.index(p)
        k = len(c)
        if i0 < 1 or i0 >= k - 1:
            return False
        L = level[r]
        for q in c[i0:]:
            s = size.get(q)
            m = sub.get((L, s))
            if m is None or fit.get((m, s)) != L:
                return False
        hm = head_map()
        if p not in hm:
            return False
        # make c[k-2], ..., c[i0-1] hubs (each keeps a stale no-rack-succ)
        for j in range(k - 2, i0 - 2, -1):
            child = c[j + 1]
            parent = c[j]
            s = size[child]
            m = sub[(L, s)]
            plan.append('(put-on-truck-fab %s %s %s %s %s %s %s)' % (ft, r, child, parent, s, L, m))
            plan.append('(put-on-rack-fab %s %s %s %s %s %s %s)' % (ft, r, child, parent, s, L, m))
        # hang the part behind p (with everything behind it) under the part in front of p
        a = c[i0 + 1]
        s = size[a]
        m = sub[(L, s)]
        plan.append('(put-on-truck-fab %s %s %s %s %s %s %s)' % (ft, r, a, p, s, L, m))
        plan.append('(put-on-rack-fab %s %s %s %s %s %s %s)' % (ft, r, a, c[i0 - 1], s, L, m))
        # p is now a leaf under c[i0-1]: deliver it
        set_next(p, hm[p])
        s = size[p]
        m = sub[(L, s)]
        plan.append('(put-on-truck-fab %s %s %s %s %s %s %s)' % (ft, r, p, c[i0 - 1], s, L, m))
        plan.append('(to-fab %s %s)' % (ft, p))
        c.pop(i0)
        level[r] = m
        rack_of.pop(p, None)
        st['progress'] += 1
        return True

    def give_ancestor(r):
        # put some part in front of the front part of rack r
        if bt is None:
            return False
        z = st['bh']
        if z is not None:
            if can_push(r, z, 'b'):
                beluga_push(bt, z, r)
                st['bh'] = None
                return True
            return False
        for qi in range(len(queues)):
            q = queues[qi]
            if qpos[qi] < len(q):
                x = q[qpos[qi]]
                if can_push(r, x, 'b'):
                    plan.append('(unload-from-beluga %s %s %s)' % (x, nextu.get(x, 'nonep'), bt))
                    qpos[qi] += 1
                    inq.pop(x, None)
                    beluga_push(bt, x, r)
                    st['progress'] += 1
                    return True
        best = None
        for r2 in racks:
            if r2 == r or not content[r2] or not can_pop(r2, 'b'):
                continue
            z = content[r2][0]
            if not can_push(r, z, 'b'):
                continue
            key = (0 if I(z) >= INF else 1, -I(z), r2)
            if best is None or key < best[0]:
                best = (key, r2)
        if best is None:
            return False
        r2 = best[1]
        z = beluga_pop(bt, r2)
        beluga_push(bt, z, r)
        return True

    def dig_in_place(p, r):
        if ft is None or st['fh'] is not None:
            return False
        c = content[r]
        i0 = c.index(p)
        if i0 == 0:
            if not give_ancestor(r):
                return False
            extract_in_place(r, p)
            return True
        return extract_in_place(r, p)

    # ---- one step towards a head part p
    def step_for(p):
        hm = head_map()
        if st['bh'] is not None and p == st['bh']:
            return place_parked_head()
        if p in inq:
            if bt is None:
                return False
            if not ensure_beluga_free(set()):
                return False
            qi = inq[p]
            q = queues[qi]
            if qpos[qi] >= len(q):
                return False
            x = q[qpos[qi]]
            hm = head_map()
            d = choose_front(x, set(), x in hm)
            if d is None:
                d = make_room(x, set(), set(), 'b')
            if d is None and st['fh'] is None and ft is not None:
                r2 = hold_choice(x, set(), hm, False)
                if r2 is not None:
                    st['fh'] = fab_pop(ft, r2)
                    d = r2
            if d is None:
                return False
            plan.append('(unload-from-beluga %s %s %s)' % (x, nextu.get(x, 'nonep'), bt))
            qpos[qi] += 1
            inq.pop(x, None)
            beluga_push(bt, x, d)
            st['progress'] += 1
            return True
        r = rack_of.get(p)
        if r is None:
            return False
        c = content[r]
        i = c.index(p)
        nf = i
        nb = len(c) - 1 - i
        if nb == 0:
            if st['fh'] is not None:
                return ensure_fab_free({r}, set())
            return False
        e = None
        for r2 in racks:
            if r2 != r and not content[r2] and can_push(r2, p, 'b'):
                e = r2
                break
        if e is not None and bt is not None and nf + 1 < nb:
            if ensure_beluga_free({r, e}) and not content[e]:
                c = content[r]
                if c[0] == p:
                    if can_pop(r, 'b'):
                        beluga_pop(bt, r)
                        beluga_push(bt, p, e)
                        return True
                else:
                    z = c[0]
                    if can_pop(r, 'b'):
                        d = choose_front(z, {r, e}, False)
                        if d is None:
                            d = make_room(z, {r, e}, {r, e}, 'b')
                        if d is not None and content[r] and content[r][0] == z and can_pop(r, 'b'):
                            beluga_pop(bt, r)
                            beluga_push(bt, z, d)
                            return True
        if ft is None:
            return False
        if st['fh'] is not None:
            return ensure_fab_free({r}, set())
        if not can_pop(r, 'f'):
            return False
        if move_blocker(r):
            return True
        return dig_in_place(p, r)

    # ---- main loop
    iters = 0
    last_prog = -1
    last_prog_iter = 0
    stall_limit = 50 * (len(size) + 5) + 500
    while True:
        iters += 1
        if st['progress'] != last_prog:
            last_prog = st['progress']
            last_prog_iter = iters
        if iters - last_prog_iter > stall_limit or time.time() - t_start > 35:
            break
        hm = head_map()
        if not hm:
            break
        fh = st['fh']
        if ft is not None and fh is not None and fh in hm:
            deliver_from_fab(fh, hm[fh])
            continue
        acc = []
        if ft is not None:
            for p in hm:
                r = rack_of.get(p)
                if r is not None and content[r] and content[r][-1] == p and can_pop(r, 'f'):
                    acc.append((I(p), p, r))
        acc.sort()
        acted = False
        for _, p, r in acc:
            if st['fh'] is not None:
                if ensure_fab_free({r}, set()):
                    acted = True
                    break
                continue
            deliver_from_rack(p, hm[p], r)
            acted = True
            break
        if acted:
            continue
        if st['bh'] is not None and st['bh'] in hm:
            if place_parked_head():
                continue
        ok = False
        for p in sorted(hm, key=lambda h: (I(h), h)):
            if step_for(p):
                ok = True
                break
        if not ok:
            break
    return plan
