def generate_solution(objects, init, goal):
    sats = sorted(n for n, t in objects if t == 'satellite')
    insts = sorted(n for n, t in objects if t == 'instrument')

    sat_of = {}
    supports = set()
    cal_targets = {}
    pointing = {s: set() for s in sats}
    power_on = set()
    power_avail = set()
    calibrated = set()
    have = set()
    for f in init:
        p = f[0]
        if p == 'on_board':
            i, s = f[1], f[2]
            if i not in sat_of or s < sat_of[i]:
                sat_of[i] = s
        elif p == 'supports':
            supports.add((f[1], f[2]))
        elif p == 'calibration_target':
            cal_targets.setdefault(f[1], set()).add(f[2])
        elif p == 'pointing':
            pointing.setdefault(f[1], set()).add(f[2])
        elif p == 'power_on':
            power_on.add(f[1])
        elif p == 'power_avail':
            power_avail.add(f[1])
        elif p == 'calibrated':
            calibrated.add(f[1])
        elif p == 'have_image':
            have.add((f[1], f[2]))

    plan = []
    insts_on = {}
    for i in insts:
        if i in sat_of:
            insts_on.setdefault(sat_of[i], []).append(i)

    def turn(s, d):
        cur = pointing.get(s)
        if not cur:
            return False
        if d in cur:
            return True
        prev = sorted(cur)[0]
        plan.append('(turn_to %s %s %s)' % (s, d, prev))
        cur.discard(prev)
        cur.add(d)
        return True

    def has_power_source(s, i):
        if i in power_on or s in power_avail:
            return True
        return any(j in power_on for j in insts_on.get(s, []))

    def feasible(i):
        s = sat_of.get(i)
        if s is None or not pointing.get(s):
            return False
        if not has_power_source(s, i):
            return False
        if i in power_on and i in calibrated:
            return True
        return bool(cal_targets.get(i))

    def cost(i):
        if i in power_on and i in calibrated:
            return 0
        if i in power_on:
            return 1
        return 2

    # ---- assign image goals to instruments (greedy set cover) ----
    image_goals = sorted((f[1], f[2]) for f in goal
                         if f[0] == 'have_image' and (f[1], f[2]) not in have)
    remaining = set(image_goals)
    feas = [i for i in insts if feasible(i)]
    assignment = {}
    while remaining:
        best = None
        best_key = None
        for i in feas:
            cov = [g for g in remaining if (i, g[1]) in supports]
            if not cov:
                continue
            key = (-len(cov), cost(i), i)
            if best_key is None or key < best_key:
                best_key = key
                best = (i, cov)
        if best is None:
            break  # remaining images are unreachable
        i, cov = best
        assignment.setdefault(i, []).extend(cov)
        for g in cov:
            remaining.discard(g)

    goal_point = {}
    for f in goal:
        if f[0] == 'pointing':
            s, d = f[1], f[2]
            if s not in goal_point or d < goal_point[s]:
                goal_point[s] = d

    def ensure_on(i, s):
        if i in power_on:
            return True
        if s not in power_avail:
            others = sorted(j for j in insts_on.get(s, []) if j in power_on and j != i)
            if not others:
                return False
            j = others[0]
            plan.append('(switch_off %s %s)' % (j, s))
            power_on.discard(j)
            power_avail.add(s)
        plan.append('(switch_on %s %s)' % (i, s))
        power_on.add(i)
        calibrated.discard(i)
        power_avail.discard(s)
        return True

    def ensure_calibrated(i, s):
        if i in calibrated:
            return True
        targets = sorted(cal_targets.get(i, ()))
        if not targets:
            return False
        here = [d for d in targets if d in pointing.get(s, ())]
        d = here[0] if here else targets[0]
        if not turn(s, d):
            return False
        plan.append('(calibrate %s %s %s)' % (s, i, d))
        calibrated.add(i)
        return True

    # ---- take the images, satellite by satellite ----
    for s in sats:
        my = [i for i in insts_on.get(s, []) if i in assignment]
        my.sort(key=lambda i: (cost(i), i))
        for i in my:
            if not ensure_on(i, s):
                continue
            if not ensure_calibrated(i, s):
                continue
            imgs = assignment[i]
            final = goal_point.get(s)
            cur = pointing.get(s, set())

            def order_key(g):
                d, m = g
                if d in cur:
                    grp = 0
                elif d == final:
                    grp = 2
                else:
                    grp = 1
                return (grp, d, m)

            for d, m in sorted(imgs, key=order_key):
                if not turn(s, d):
                    break
                plan.append('(take_image %s %s %s %s)' % (s, d, i, m))
                have.add((d, m))

    # ---- other (unusual) goals, best effort ----
    goal_on = sorted(f[1] for f in goal if f[0] == 'power_on')
    goal_on_set = set(goal_on)
    goal_cal = sorted(f[1] for f in goal if f[0] == 'calibrated')
    goal_avail = sorted(f[1] for f in goal if f[0] == 'power_avail')

    for i in sorted(set(goal_on) | set(goal_cal)):
        s = sat_of.get(i)
        if s is None:
            continue
        if i not in power_on:
            if s not in power_avail:
                others = sorted(j for j in insts_on.get(s, [])
                                if j in power_on and j not in goal_on_set)
                if not others:
                    continue
                j = others[0]
                plan.append('(switch_off %s %s)' % (j, s))
                power_on.discard(j)
                power_avail.add(s)
            plan.append('(switch_on %s %s)' % (i, s))
            power_on.add(i)
            calibrated.discard(i)
            power_avail.discard(s)
        if i in goal_cal:
            ensure_calibrated(i, s)
    for i in goal_cal:
        if i not in goal_on_set and i in calibrated and i in power_on and sat_of.get(i):
            pass
    for s in goal_avail:
        if s not in power_avail:
            for j in sorted(insts_on.get(s, [])):
                if j in power_on and j not in goal_on_set:
                    plan.append('(switch_off %s %s)' % (j, s))
                    power_on.discard(j)
                    power_avail.add(s)
                    break

    # ---- final pointing goals ----
    for f in sorted(f for f in goal if f[0] == 'pointing'):
        turn(f[1], f[2])

    return plan
