def generate_solution(objects, init, goal):
    packages, trucks, planes, airports, cities = set(), set(), set(), set(), set()
    city_of = {}
    pos = {}
    inside = {}
    for f in init:
        if not f:
            continue
        p = f[0]
        if len(f) == 2:
            if p == 'obj':
                packages.add(f[1])
            elif p == 'truck':
                trucks.add(f[1])
            elif p == 'airplane':
                planes.add(f[1])
            elif p == 'airport':
                airports.add(f[1])
            elif p == 'city':
                cities.add(f[1])
        elif len(f) == 3:
            if p == 'in-city':
                city_of[f[1]] = f[2]
                cities.add(f[2])
            elif p == 'at':
                pos[f[1]] = f[2]
            elif p == 'in':
                inside[f[1]] = f[2]

    goal_loc = {}
    for f in goal:
        if f and f[0] == 'at' and len(f) == 3:
            goal_loc[f[1]] = f[2]

    airport_of = {}
    for a in sorted(airports):
        c = city_of.get(a)
        if c is not None and c not in airport_of:
            airport_of[c] = a
    truck_of = {}
    for t in sorted(trucks):
        l = pos.get(t)
        c = city_of.get(l)
        if c is not None and c not in truck_of:
            truck_of[c] = t

    cargo = {}
    for pk, v in inside.items():
        cargo.setdefault(v, set()).add(pk)

    plan = []

    def drive(t, to):
        if pos[t] != to:
            plan.append('(drive-truck %s %s %s %s)' % (t, pos[t], to, city_of[to]))
            pos[t] = to

    def fly(a, to):
        if pos[a] != to:
            plan.append('(fly-airplane %s %s %s)' % (a, pos[a], to))
            pos[a] = to

    def load(pk, v):
        kind = 'truck' if v in trucks else 'airplane'
        plan.append('(load-%s %s %s %s)' % (kind, pk, v, pos[v]))
        del pos[pk]
        inside[pk] = v
        cargo.setdefault(v, set()).add(pk)

    def unload(pk, v):
        kind = 'truck' if v in trucks else 'airplane'
        plan.append('(unload-%s %s %s %s)' % (kind, pk, v, pos[v]))
        del inside[pk]
        cargo[v].discard(pk)
        pos[pk] = pos[v]

    # 0) packages that start inside a vehicle: unload where the vehicle stands
    for pk in sorted(inside):
        v = inside[pk]
        if v in pos:
            unload(pk, v)

    def needs_move(pk):
        return pk in goal_loc and pk in pos and pos[pk] != goal_loc[pk]

    def leg_target(pk):
        c = city_of.get(pos[pk])
        g = goal_loc[pk]
        if city_of.get(g) == c:
            return g
        return airport_of.get(c)

    def truck_tour(c, todo, target):
        if not todo:
            return
        t = truck_of.get(c)
        if t is None:
            return
        by_loc = {}
        for pk in todo:
            by_loc.setdefault(pos[pk], []).append(pk)
        for l in by_loc:
            by_loc[l].sort()
        pickups = set(by_loc)
        order = ([pos[t]] if pos[t] in pickups else []) + sorted(pickups - {pos[t]})
        load_here = cargo.setdefault(t, set())
        for l in order:
            drive(t, l)
            for pk in sorted(x for x in load_here if target.get(x) == l):
                unload(pk, t)
            for pk in by_loc[l]:
                load(pk, t)
        while True:
            mine = [x for x in cargo[t] if x in target]
            if not mine:
                break
            drops = set(target[x] for x in mine)
            l = pos[t] if pos[t] in drops else min(drops)
            drive(t, l)
            for pk in sorted(x for x in mine if target[x] == l):
                unload(pk, t)

    # A) first truck leg in every city
    for c in sorted(cities):
        todo = []
        target = {}
        for pk in packages:
            if needs_move(pk) and city_of.get(pos[pk]) == c:
                tg = leg_target(pk)
                if tg is not None and tg != pos[pk]:
                    todo.append(pk)
                    target[pk] = tg
        truck_tour(c, todo, target)

    # B) one airplane tour for all inter-city packages
    fly_set = []
    dest_airport = {}
    for pk in packages:
        if not needs_move(pk):
            continue
        g = goal_loc[pk]
        if city_of.get(g) == city_of.get(pos[pk]):
            continue
        if pos[pk] not in airports:
            continue
        d = g if g in airports else airport_of.get(city_of.get(g))
        if d is None:
            continue
        fly_set.append(pk)
        dest_airport[pk] = d
    if fly_set and planes:
        sources = set(pos[pk] for pk in fly_set)
        at_source = sorted(a for a in planes if pos.get(a) in sources)
        a = at_source[0] if at_source else min(a for a in planes if a in pos)
        by_src = {}
        for pk in fly_set:
            by_src.setdefault(pos[pk], []).append(pk)
        for s in by_src:
            by_src[s].sort()
        order = ([pos[a]] if pos[a] in sources else []) + sorted(sources - {pos[a]})
        cargo.setdefault(a, set())
        for s in order:
            fly(a, s)
            for pk in sorted(x for x in cargo[a] if dest_airport.get(x) == s):
                unload(pk, a)
            for pk in by_src[s]:
                load(pk, a)
        while True:
            mine = [x for x in cargo[a] if x in dest_airport]
            if not mine:
                break
            dests = set(dest_airport[x] for x in mine)
            d = pos[a] if pos[a] in dests else min(dests)
            fly(a, d)
            for pk in sorted(x for x in mine if dest_airport[x] == d):
                unload(pk, a)

    # C) last truck leg: from the airport to the goal location
    for c in sorted(cities):
        todo = []
        target = {}
        for pk in packages:
            if needs_move(pk) and city_of.get(pos[pk]) == c and city_of.get(goal_loc[pk]) == c:
                todo.append(pk)
                target[pk] = goal_loc[pk]
        truck_tour(c, todo, target)

    return plan
