def generate_solution(objects, init, goal):
    trucks = sorted(f[1] for f in init if f[0] == 'truck' and len(f) == 2)
    airplanes = sorted(f[1] for f in init if f[0] == 'airplane' and len(f) == 2)
    vehicles = set(trucks) | set(airplanes)
    truck_set = set(trucks)
    airports = set(f[1] for f in init if f[0] == 'airport' and len(f) == 2)
    city_of = {}
    for f in init:
        if f[0] == 'in-city' and len(f) == 3:
            city_of[f[1]] = f[2]

    vpos = {}
    pos = {}
    for f in init:
        if f[0] == 'at' and len(f) == 3:
            if f[1] in vehicles:
                vpos[f[1]] = f[2]
            else:
                pos[f[1]] = ('at', f[2])
    for f in init:
        if f[0] == 'in' and len(f) == 3:
            pos[f[1]] = ('in', f[2])

    airports_in_city = {}
    for a in sorted(airports):
        c = city_of.get(a)
        if c is not None:
            airports_in_city.setdefault(c, []).append(a)
    trucks_in_city = {}
    for t in trucks:
        if t in vpos and vpos[t] in city_of:
            trucks_in_city.setdefault(city_of[vpos[t]], []).append(t)

    at_goal = {}
    in_goal = {}
    veh_goal = {}
    for f in goal:
        if f[0] == 'at' and len(f) == 3:
            if f[1] in vehicles:
                veh_goal[f[1]] = f[2]
            else:
                at_goal[f[1]] = f[2]
        elif f[0] == 'in' and len(f) == 3:
            in_goal[f[1]] = f[2]

    plan = []

    def drive(t, to):
        frm = vpos[t]
        if frm == to:
            return
        plan.append('(drive-truck %s %s %s %s)' % (t, frm, to, city_of[frm]))
        vpos[t] = to

    def fly(a, to):
        frm = vpos[a]
        if frm == to:
            return
        plan.append('(fly-airplane %s %s %s)' % (a, frm, to))
        vpos[a] = to

    def move(v, to):
        if v in truck_set:
            drive(v, to)
        else:
            fly(v, to)

    def load(p, v):
        loc = vpos[v]
        name = 'load-truck' if v in truck_set else 'load-airplane'
        plan.append('(%s %s %s %s)' % (name, p, v, loc))
        pos[p] = ('in', v)

    def unload(p, v):
        loc = vpos[v]
        name = 'unload-truck' if v in truck_set else 'unload-airplane'
        plan.append('(%s %s %s %s)' % (name, p, v, loc))
        pos[p] = ('at', loc)

    def cur_loc(p):
        kind, x = pos[p]
        if kind == 'at':
            return x
        return vpos.get(x)

    # Phase 0: unload goal packages that sit inside vehicles
    for p in sorted(set(at_goal) | set(in_goal)):
        if p not in pos:
            continue
        if pos[p][0] == 'in':
            v = pos[p][1]
            if in_goal.get(p) == v:
                continue
            if v in vpos:
                unload(p, v)

    # Targets
    target = {}
    for p in sorted(at_goal):
        if p in pos:
            target[p] = at_goal[p]
    for p in sorted(in_goal):
        if p in target or p not in pos:
            continue
        v = in_goal[p]
        if pos[p] == ('in', v) or v not in vpos:
            continue
        l = cur_loc(p)
        if v in truck_set:
            cv = city_of.get(vpos[v])
            if city_of.get(l) == cv:
                target[p] = l
            elif airports_in_city.get(cv):
                target[p] = airports_in_city[cv][0]
        else:
            if l in airports:
                target[p] = l
            else:
                c = city_of.get(l)
                if airports_in_city.get(c):
                    target[p] = airports_in_city[c][0]

    # Legs
    legs = {}
    for p in sorted(target):
        T = target[p]
        l = cur_loc(p)
        if l is None or l == T:
            continue
        c = city_of.get(l)
        cT = city_of.get(T)
        if c is None or cT is None:
            continue
        if c == cT:
            if trucks_in_city.get(c):
                legs[p] = [('truck', l, T)]
            elif l in airports and T in airports and airplanes:
                legs[p] = [('air', l, T)]
            continue
        if not airplanes:
            continue
        if l in airports:
            sa = l
        elif airports_in_city.get(c) and trucks_in_city.get(c):
            sa = airports_in_city[c][0]
        else:
            continue
        if T in airports:
            da = T
        elif airports_in_city.get(cT) and trucks_in_city.get(cT):
            da = airports_in_city[cT][0]
        else:
            continue
        route = []
        if l != sa:
            route.append(('truck', l, sa))
        route.append(('air', sa, da))
        if da != T:
            route.append(('truck', da, T))
        legs[p] = route

    idx = {p: 0 for p in legs}

    def tour(v, items):
        # items: list of (p, from, to)
        pick = {}
        drop = {}
        for p, a, b in items:
            pick.setdefault(a, []).append(p)
            drop.setdefault(b, []).append(p)
        locs = sorted(pick)
        if vpos[v] in pick:
            locs.remove(vpos[v])
            locs.insert(0, vpos[v])
        for loc in locs:
            move(v, loc)
            for p in sorted(pick[loc]):
                load(p, v)
        locs = sorted(drop)
        if vpos[v] in drop:
            locs.remove(vpos[v])
            locs.insert(0, vpos[v])
        for loc in locs:
            move(v, loc)
            for p in sorted(drop[loc]):
                unload(p, v)

    for kind in ('truck', 'air', 'truck'):
        items = []
        for p in sorted(legs):
            if idx[p] < len(legs[p]) and legs[p][idx[p]][0] == kind:
                _, a, b = legs[p][idx[p]]
                items.append((p, a, b))
                idx[p] += 1
        if not items:
            continue
        if kind == 'truck':
            by_city = {}
            for it in items:
                by_city.setdefault(city_of[it[1]], []).append(it)
            for c in sorted(by_city):
                its = by_city[c]
                cands = trucks_in_city.get(c, [])
                if not cands:
                    continue
                pick_locs = set(it[1] for it in its)
                chosen = None
                best = -1
                for t in cands:
                    n = sum(1 for it in its if it[1] == vpos[t])
                    if n > best:
                        best = n
                        chosen = t
                tour(chosen, its)
        else:
            chosen = None
            best = -1
            for a in airplanes:
                if a not in vpos:
                    continue
                n = sum(1 for it in items if it[1] == vpos[a])
                if n > best:
                    best = n
                    chosen = a
            if chosen is not None:
                tour(chosen, items)

    # 'in' goals
    for p in sorted(in_goal):
        v = in_goal[p]
        if p not in pos or v not in vpos:
            continue
        if pos[p] == ('in', v):
            continue
        if pos[p][0] == 'in':
            w = pos[p][1]
            if w in vpos:
                unload(p, w)
            else:
                continue
        l = pos[p][1]
        if v in truck_set:
            if city_of.get(l) is not None and city_of.get(l) == city_of.get(vpos[v]):
                drive(v, l)
                load(p, v)
        else:
            if l in airports:
                fly(v, l)
                load(p, v)

    # vehicle goals
    for v in sorted(veh_goal):
        loc = veh_goal[v]
        if v not in vpos or vpos[v] == loc:
            continue
        if v in truck_set:
            if city_of.get(loc) is not None and city_of.get(loc) == city_of.get(vpos[v]):
                drive(v, loc)
        else:
            if loc in airports:
                fly(v, loc)

    return plan
