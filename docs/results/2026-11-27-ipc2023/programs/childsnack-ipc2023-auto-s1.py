def generate_solution(objects, init, goal):
    KITCHEN = 'kitchen'
    trays = set()
    for obj in objects:
        if isinstance(obj, tuple) and len(obj) == 2 and obj[1] == 'tray':
            trays.add(obj[0])

    bread = set()
    content = set()
    gf_bread = set()
    gf_content = set()
    kitchen_sandw = set()
    ontray = {}            # sandwich -> tray
    gf_sandw = set()
    notexist = set()
    allergic = set()
    not_allergic = set()
    served = set()
    waiting = {}           # child -> list of places
    tray_at = {}

    for f in init:
        if not f:
            continue
        p = f[0]
        if p == 'at_kitchen_bread':
            bread.add(f[1])
        elif p == 'at_kitchen_content':
            content.add(f[1])
        elif p == 'no_gluten_bread':
            gf_bread.add(f[1])
        elif p == 'no_gluten_content':
            gf_content.add(f[1])
        elif p == 'at_kitchen_sandwich':
            kitchen_sandw.add(f[1])
        elif p == 'ontray':
            ontray[f[1]] = f[2]
        elif p == 'no_gluten_sandwich':
            gf_sandw.add(f[1])
        elif p == 'notexist':
            notexist.add(f[1])
        elif p == 'allergic_gluten':
            allergic.add(f[1])
        elif p == 'not_allergic_gluten':
            not_allergic.add(f[1])
        elif p == 'served':
            served.add(f[1])
        elif p == 'waiting':
            waiting.setdefault(f[1], []).append(f[2])
        elif p == 'at':
            tray_at[f[1]] = f[2]
            trays.add(f[1])

    goal_served = sorted(set(f[1] for f in goal if f and f[0] == 'served'))
    goal_tray_at = {}
    for f in goal:
        if f and f[0] == 'at' and len(f) == 3:
            goal_tray_at[f[1]] = f[2]

    todo = [c for c in goal_served if c not in served and c in waiting]
    place_of = {c: sorted(waiting[c])[0] for c in todo}
    todo_allergic = [c for c in todo if c in allergic]
    todo_normal = [c for c in todo if c not in allergic and c in not_allergic]

    # available existing sandwiches
    avail_tray = set(ontray)          # existing sandwiches on trays
    avail_kitchen = set(kitchen_sandw)

    assign = {}   # child -> sandwich

    def pick_existing(child, need_gf, only_gf_flag):
        # only_gf_flag: None -> any, True -> only gf, False -> only non-gf
        place = place_of[child]

        def good(s):
            if need_gf and s not in gf_sandw:
                return False
            if only_gf_flag is True and s not in gf_sandw:
                return False
            if only_gf_flag is False and s in gf_sandw:
                return False
            return True
        # 1. on a tray already at the child's place
        cands = sorted(s for s in avail_tray
                       if good(s) and tray_at.get(ontray[s]) == place)
        if cands:
            avail_tray.discard(cands[0])
            return cands[0]
        # 2. in the kitchen
        cands = sorted(s for s in avail_kitchen if good(s))
        if cands:
            avail_kitchen.discard(cands[0])
            return cands[0]
        # 3. on some other tray
        cands = sorted(s for s in avail_tray
                       if good(s) and ontray[s] in tray_at)
        if cands:
            avail_tray.discard(cands[0])
            return cands[0]
        return None

    # --- allergic children: existing gf sandwiches
    need_make_gf = []
    for c in todo_allergic:
        s = pick_existing(c, True, None)
        if s is None:
            need_make_gf.append(c)
        else:
            assign[c] = s
    # --- normal children: existing non-gf, then leftover gf
    need_make = []
    for c in todo_normal:
        s = pick_existing(c, False, False)
        if s is None:
            need_make.append(c)
        else:
            assign[c] = s
    still = []
    for c in need_make:
        s = pick_existing(c, False, True)
        if s is None:
            still.append(c)
        else:
            assign[c] = s
    need_make = still

    # --- make new sandwiches
    free_names = sorted(notexist)
    make_actions = []
    made = []     # sandwiches that will be in the kitchen
    gf_b = sorted(b for b in bread if b in gf_bread)
    gf_c = sorted(x for x in content if x in gf_content)
    used_b = set()
    used_c = set()
    ni = 0
    gi = 0
    for c in need_make_gf:
        if gi >= len(gf_b) or gi >= len(gf_c) or ni >= len(free_names):
            break
        s = free_names[ni]; ni += 1
        b = gf_b[gi]; x = gf_c[gi]; gi += 1
        used_b.add(b); used_c.add(x)
        make_actions.append('(make_sandwich_no_gluten %s %s %s)' % (s, b, x))
        assign[c] = s
        made.append(s)
    rest_b = sorted((b for b in bread if b not in used_b),
                    key=lambda b: (b in gf_bread, b))
    rest_c = sorted((x for x in content if x not in used_c),
                    key=lambda x: (x in gf_content, x))
    ri = 0
    for c in need_make:
        if ri >= len(rest_b) or ri >= len(rest_c) or ni >= len(free_names):
            break
        s = free_names[ni]; ni += 1
        b = rest_b[ri]; x = rest_c[ri]; ri += 1
        make_actions.append('(make_sandwich %s %s %s)' % (s, b, x))
        assign[c] = s
        made.append(s)

    # sandwiches that must be loaded in the kitchen
    to_load = sorted(s for c, s in assign.items() if s in kitchen_sandw) + made

    plan = []
    sandw_tray = dict(ontray)   # sandwich -> tray (for assigned ones)

    # trays that must travel because they carry assigned sandwiches
    busy_trays = set(ontray[s] for c, s in assign.items() if s in ontray)

    if to_load:
        at_k = sorted(t for t in tray_at if tray_at[t] == KITCHEN)
        if at_k:
            kt = at_k[0]
        else:
            busy = sorted(t for t in busy_trays if t in tray_at)
            if busy:
                kt = busy[0]
            else:
                kt = sorted(tray_at)[0] if tray_at else None
            if kt is not None:
                plan.append('(move_tray %s %s %s)' % (kt, tray_at[kt], KITCHEN))
                tray_at[kt] = KITCHEN
        plan.extend(make_actions)
        if kt is not None:
            for s in to_load:
                plan.append('(put_on_tray %s %s)' % (s, kt))
                sandw_tray[s] = kt
            busy_trays.add(kt)
    else:
        plan.extend(make_actions)

    # --- delivery
    for t in sorted(busy_trays):
        jobs = {}   # place -> list of (child, sandwich)
        for c in sorted(assign):
            s = assign[c]
            if sandw_tray.get(s) == t:
                jobs.setdefault(place_of[c], []).append((c, s))
        if not jobs:
            continue
        places = sorted(jobs)
        cur = tray_at[t]
        if cur in jobs:
            places.remove(cur)
            places.insert(0, cur)
        for p in places:
            if tray_at[t] != p:
                plan.append('(move_tray %s %s %s)' % (t, tray_at[t], p))
                tray_at[t] = p
            for c, s in jobs[p]:
                if c in allergic:
                    plan.append('(serve_sandwich_no_gluten %s %s %s %s)'
                                % (s, c, t, p))
                else:
                    plan.append('(serve_sandwich %s %s %s %s)' % (s, c, t, p))

    # --- final tray positions
    for t in sorted(goal_tray_at):
        p = goal_tray_at[t]
        if t in tray_at and tray_at[t] != p:
            plan.append('(move_tray %s %s %s)' % (t, tray_at[t], p))
            tray_at[t] = p
    return plan
