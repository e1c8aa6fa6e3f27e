def generate_solution(objects, init, goal):
    plan = []

    satellites = sorted(n for (n, t) in objects if t == 'satellite')
    instruments = sorted(n for (n, t) in objects if t == 'instrument')

    # ---------- static information ----------
    sat_of = {}
    modes_of = {}
    cal_targets = {}
    for f in init:
        if f[0] == 'on_board':
            sat_of[f[1]] = f[2]
        elif f[0] == 'supports':
            modes_of.setdefault(f[1], set()).add(f[2])
        elif f[0] == 'calibration_target':
            cal_targets.setdefault(f[1], set()).add(f[2])
    for i in list(cal_targets):
        cal_targets[i] = sorted(cal_targets[i])
    for i in sat_of:
        if i not in instruments:
            instruments.append(i)
    instruments = sorted(set(instruments))
    for s in sat_of.values():
        if s not in satellites:
            satellites.append(s)

    # ---------- dynamic state ----------
    pointing = {}
    for f in init:
        if f[0] == 'pointing':
            pointing[f[1]] = f[2]
    for s in pointing:
        if s not in satellites:
            satellites.append(s)
    power_avail = set(f[1] for f in init if f[0] == 'power_avail')
    power_on = set(f[1] for f in init if f[0] == 'power_on')
    calibrated = set(f[1] for f in init if f[0] == 'calibrated')

    image_goals = set((g[1], g[2]) for g in goal
                      if g[0] == 'have_image' and g not in init)
    pointing_goals = {}
    for g in goal:
        if g[0] == 'pointing':
            pointing_goals[g[1]] = g[2]
            if g[1] not in satellites:
                satellites.append(g[1])
    satellites = sorted(set(satellites))

    # an instrument is usable if it is on a satellite and can be calibrated
    def usable(i):
        if i not in sat_of:
            return False
        if cal_targets.get(i):
            return True
        return i in power_on and i in calibrated

    # ---------- 1. greedy set cover: assign image goals to instruments ----------
    unassigned = set(image_goals)
    assigned = {i: [] for i in instruments}
    while unassigned:
        best = None
        for i in instruments:
            if not usable(i):
                continue
            ms = modes_of.get(i, set())
            cover = [g for g in unassigned if g[1] in ms]
            key = (-len(cover), 0 if i in power_on else 1, i)
            if best is None or key < best[0]:
                best = (key, i, cover)
        if best is None or len(best[2]) == 0:
            break  # remaining goals cannot be achieved
        _, i, cover = best
        assigned[i].extend(sorted(cover))
        for g in cover:
            unassigned.discard(g)

    # ---------- 2. per satellite ----------
    def turn(s, d):
        cur = pointing.get(s)
        if cur != d:
            plan.append('(turn_to %s %s %s)' % (s, d, cur))
            pointing[s] = d

    for s in satellites:
        used = [i for i in instruments if sat_of.get(i) == s and assigned[i]]
        used.sort(key=lambda i: (0 if i in power_on else 1, i))
        for i in used:
            # a) make i the powered instrument of s
            if i not in power_on:
                for j in instruments:
                    if j != i and sat_of.get(j) == s and j in power_on:
                        plan.append('(switch_off %s %s)' % (j, s))
                        power_on.discard(j)
                        power_avail.add(s)
                plan.append('(switch_on %s %s)' % (i, s))
                power_on.add(i)
                calibrated.discard(i)
                power_avail.discard(s)
            # b) calibrate once
            if i not in calibrated:
                targets = cal_targets.get(i, [])
                if pointing.get(s) in targets:
                    t = pointing.get(s)
                else:
                    t = targets[0]
                turn(s, t)
                plan.append('(calibrate %s %s %s)' % (s, i, t))
                calibrated.add(i)
            # c) take all images of i
            dirs = sorted(set(d for (d, m) in assigned[i]))
            cur = pointing.get(s)
            final = pointing_goals.get(s)
            first = [d for d in dirs if d == cur and d != final]
            middle = [d for d in dirs if d != cur and d != final]
            last = [d for d in dirs if d == final]
            for d in first + middle + last:
                turn(s, d)
                for m in sorted(m for (dd, m) in assigned[i] if dd == d):
                    plan.append('(take_image %s %s %s %s)' % (s, d, i, m))
        # d) final pointing requirement
        if s in pointing_goals:
            turn(s, pointing_goals[s])

    return plan
