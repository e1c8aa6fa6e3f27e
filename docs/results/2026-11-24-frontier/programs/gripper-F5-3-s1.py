def generate_solution(objects, init, goal):
    rooms = set()
    grippers = set()
    robot = None
    loc = {}
    held = {}
    for f in init:
        if f[0] == 'room' and len(f) == 2:
            rooms.add(f[1])
        elif f[0] == 'gripper' and len(f) == 2:
            grippers.add(f[1])
        elif f[0] == 'at-robby' and len(f) == 2:
            robot = f[1]
        elif f[0] == 'at' and len(f) == 3:
            loc[f[1]] = f[2]
        elif f[0] == 'carry' and len(f) == 3:
            held[f[2]] = f[1]
    free = set(g for g in grippers if g not in held)

    target = {}
    robot_goal = None
    carry_goals = []
    free_goals = []
    for f in goal:
        if f[0] == 'at' and len(f) == 3:
            target[f[1]] = f[2]
        elif f[0] == 'at-robby' and len(f) == 2:
            robot_goal = f[1]
        elif f[0] == 'carry' and len(f) == 3:
            carry_goals.append((f[1], f[2]))
        elif f[0] == 'free' and len(f) == 2:
            free_goals.append(f[1])

    plan = []
    state = {'robot': robot}

    # misplaced goal balls lying in rooms, indexed by room
    mis_at = {}
    for b, r in target.items():
        if b in loc and loc[b] != r:
            mis_at.setdefault(loc[b], set()).add(b)

    def do_move(to):
        if to is None or to == state['robot']:
            return
        plan.append('(move %s %s)' % (state['robot'], to))
        state['robot'] = to

    def do_pick(b, g):
        r = state['robot']
        plan.append('(pick %s %s %s)' % (b, r, g))
        del loc[b]
        held[g] = b
        free.discard(g)
        s = mis_at.get(r)
        if s is not None and b in s:
            s.discard(b)
            if not s:
                del mis_at[r]

    def do_drop(g):
        b = held[g]
        r = state['robot']
        plan.append('(drop %s %s %s)' % (b, r, g))
        loc[b] = r
        del held[g]
        free.add(g)
        if b in target and target[b] != r:
            mis_at.setdefault(r, set()).add(b)

    # 0. balls held initially that have no goal room: drop them here
    for g in sorted(held):
        if held[g] not in target:
            do_drop(g)

    # 1. main loop
    if grippers:
        while True:
            robot = state['robot']
            # (a) drop carried balls whose goal room is here
            for g in sorted(held):
                if target.get(held[g]) == robot:
                    do_drop(g)
            # (b) pick misplaced goal balls lying here
            here = sorted(mis_at.get(robot, ()), key=lambda b: (target[b], b))
            for b in here:
                if not free:
                    break
                do_pick(b, min(free))
            # (c) next room
            carried_count = {}
            for g, b in held.items():
                t = target.get(b)
                if t is not None:
                    carried_count[t] = carried_count.get(t, 0) + 1
            pickup_rooms = set(r for r in mis_at if r != robot and mis_at[r])
            if not carried_count and not pickup_rooms:
                break
            if free and pickup_rooms:
                both = pickup_rooms & set(carried_count)
                cands = both if both else pickup_rooms
                nxt = min(cands, key=lambda r: (-len(mis_at[r]), r))
            elif carried_count:
                nxt = min(carried_count,
                          key=lambda r: (-carried_count[r],
                                         0 if r in pickup_rooms else 1, r))
            else:
                break  # cannot happen: free grippers exist whenever nothing is carried
            if nxt == robot:
                break  # safety: no progress possible
            do_move(nxt)

    # 2. goals about grippers (rare)
    for b, g in sorted(carry_goals):
        if held.get(g) == b:
            continue
        if g not in grippers:
            continue
        if g in held:
            do_drop(g)
        for g2 in sorted(held):
            if held[g2] == b:
                do_drop(g2)
                break
        if b in loc:
            do_move(loc[b])
            if g in free:
                do_pick(b, g)
    required = set(g for (b, g) in carry_goals)
    for g in sorted(free_goals):
        if g in held and g not in required:
            do_drop(g)

    # 3. final robot position
    if robot_goal is not None:
        do_move(robot_goal)
    return plan
