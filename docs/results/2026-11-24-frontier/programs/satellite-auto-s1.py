def generate_solution(objects, init, goal):
    plan = []

    sats = set(n for n, t in objects if t == 'satellite')
    for f in init:
        if f[0] in ('pointing', 'power_avail'):
            sats.add(f[1])
        elif f[0] == 'on_board':
            sats.add(f[2])
    sats = sorted(sats)

    inst_sats = {}
    for f in init:
        if f[0] == 'on_board':
            inst_sats.setdefault(f[1], set()).add(f[2])
    inst_sat = {i: sorted(s)[0] for i, s in inst_sats.items()}

    supports = {}
    for f in init:
        if f[0] == 'supports':
            supports.setdefault(f[1], set()).add(f[2])
    ctargets = {}
    for f in init:
        if f[0] == 'calibration_target':
            ctargets.setdefault(f[1], set()).add(f[2])
    ctargets = {i: sorted(t) for i, t in ctargets.items()}

    pointing = {}
    for f in sorted(x for x in init if x[0] == 'pointing'):
        pointing.setdefault(f[1], f[2])
    power_avail = set(f[1] for f in init if f[0] == 'power_avail')
    power_on = set(f[1] for f in init if f[0] == 'power_on')
    calibrated = set(f[1] for f in init if f[0] == 'calibrated')
    have = set((f[1], f[2]) for f in init if f[0] == 'have_image')

    def on_instruments(s):
        return sorted(i for i in power_on if inst_sat.get(i) == s)

    def turn(s, d):
        if pointing.get(s) != d:
            plan.append('(turn_to %s %s %s)' % (s, d, pointing[s]))
            pointing[s] = d

    def ensure_on(i):
        s = inst_sat[i]
        if i in power_on:
            return True
        if s not in power_avail:
            ons = on_instruments(s)
            if not ons:
                return False
            j = ons[0]
            plan.append('(switch_off %s %s)' % (j, s))
            power_on.discard(j)
            power_avail.add(s)
        plan.append('(switch_on %s %s)' % (i, s))
        power_on.add(i)
        calibrated.discard(i)
        power_avail.discard(s)
        return True

    def ensure_calibrated(i):
        s = inst_sat[i]
        if i in calibrated:
            return True
        targets = ctargets.get(i, [])
        if not targets or s not in pointing:
            return False
        t = pointing[s] if pointing[s] in targets else targets[0]
        turn(s, t)
        plan.append('(calibrate %s %s %s)' % (s, i, t))
        calibrated.add(i)
        return True

    def usable(i):
        s = inst_sat.get(i)
        if s is None or s not in pointing:
            return False
        if i in power_on:
            return i in calibrated or bool(ctargets.get(i))
        if not ctargets.get(i):
            return False
        return s in power_avail or bool(on_instruments(s))

    # ---- image goals and instrument assignment (greedy set cover) ----
    remaining = set()
    for g in goal:
        if g[0] == 'have_image' and (g[1], g[2]) not in have:
            remaining.add((g[1], g[2]))

    instruments = sorted(i for i in inst_sat if usable(i))
    assign = {}
    while remaining:
        best = None
        for i in instruments:
            if i in assign:
                continue
            cov = [g for g in remaining if g[1] in supports.get(i, ())]
            if not cov:
                continue
            if i in power_on and i in calibrated:
                pref = 0
            elif i in power_on:
                pref = 1
            else:
                pref = 2
            key = (-len(cov), pref, i)
            if best is None or key < best[0]:
                best = (key, i, cov)
        if best is None:
            break
        _, i, cov = best
        assign[i] = sorted(cov)
        for g in cov:
            remaining.discard(g)

    # ---- execute per satellite ----
    for s in sats:
        insts = [i for i in assign if inst_sat[i] == s]
        insts.sort(key=lambda i: (0 if i in power_on else 1, i))
        for i in insts:
            if not ensure_on(i):
                continue
            if not ensure_calibrated(i):
                continue
            todo = list(assign[i])
            while todo:
                pick = None
                for g in todo:
                    if g[0] == pointing[s]:
                        pick = g
                        break
                if pick is None:
                    pick = todo[0]
                todo.remove(pick)
                d, m = pick
                if (d, m) in have:
                    continue
                turn(s, d)
                plan.append('(take_image %s %s %s %s)' % (s, d, i, m))
                have.add((d, m))

    # ---- remaining goal types ----
    for g in sorted(goal):
        if g[0] == 'power_on' and g[1] in inst_sat:
            ensure_on(g[1])
    for g in sorted(goal):
        if g[0] == 'calibrated' and g[1] in inst_sat:
            if ensure_on(g[1]):
                ensure_calibrated(g[1])
    for g in sorted(goal):
        if g[0] == 'power_avail':
            s = g[1]
            for j in on_instruments(s):
                if ('power_on', j) in goal:
                    continue
                plan.append('(switch_off %s %s)' % (j, s))
                power_on.discard(j)
                power_avail.add(s)
    for g in sorted(goal):
        if g[0] == 'pointing' and g[1] in pointing:
            turn(g[1], g[2])

    return plan
