def generate_solution(objects, init, goal):
    robots = set()
    for o in objects:
        if isinstance(o, tuple) and len(o) >= 2 and o[1] == 'robot':
            robots.add(o[0])

    ball_at = {}
    robot_at = {}
    free = {}
    carried = {}
    for f in init:
        if not f:
            continue
        if f[0] == 'at' and len(f) == 3:
            ball_at[f[1]] = f[2]
        elif f[0] == 'at-robby' and len(f) == 3:
            robot_at[f[1]] = f[2]
            robots.add(f[1])
        elif f[0] == 'free' and len(f) == 3:
            free.setdefault(f[1], set()).add(f[2])
            robots.add(f[1])
        elif f[0] == 'carry' and len(f) == 4:
            carried.setdefault(f[1], {})[f[3]] = f[2]
            robots.add(f[1])
    for r in robots:
        free.setdefault(r, set())
        carried.setdefault(r, {})

    goal_room = {}
    goal_robot = {}
    for f in goal:
        if not f:
            continue
        if f[0] == 'at' and len(f) == 3:
            goal_room[f[1]] = f[2]
        elif f[0] == 'at-robby' and len(f) == 3:
            goal_robot[f[1]] = f[2]

    misplaced = {}
    for o, x in ball_at.items():
        if o in goal_room and goal_room[o] != x:
            misplaced.setdefault(x, set()).add(o)

    plan = []

    def move(r, to):
        if robot_at.get(r) != to:
            plan.append('(move %s %s %s)' % (r, robot_at[r], to))
            robot_at[r] = to

    def pick(r, o, g):
        room = robot_at[r]
        plan.append('(pick %s %s %s %s)' % (r, o, room, g))
        free[r].discard(g)
        carried[r][g] = o
        del ball_at[o]
        s = misplaced.get(room)
        if s is not None:
            s.discard(o)
            if not s:
                del misplaced[room]

    def drop(r, g):
        room = robot_at[r]
        o = carried[r].pop(g)
        plan.append('(drop %s %s %s %s)' % (r, o, room, g))
        free[r].add(g)
        ball_at[o] = room
        if o in goal_room and goal_room[o] != room:
            misplaced.setdefault(room, set()).add(o)

    def deliver(r):
        for g in sorted(carried[r]):
            if carried[r][g] not in goal_room:
                drop(r, g)
        while carried[r]:
            counts = {}
            for g, o in carried[r].items():
                d = goal_room[o]
                counts[d] = counts.get(d, 0) + 1
            D = min(counts, key=lambda d: (-counts[d], d))
            move(r, D)
            for g in sorted(carried[r]):
                if goal_room[carried[r][g]] == D:
                    drop(r, g)

    # 0) balls held at the start
    for r in sorted(robots):
        if carried[r] and r in robot_at:
            deliver(r)

    # 1) main loop, one trip per iteration
    usable = sorted(r for r in robots if r in robot_at)
    while misplaced:
        r0 = [r for r in usable if robot_at[r] in misplaced and free[r]]
        if r0:
            r = r0[0]
            S = robot_at[r]
        else:
            cands = [r for r in usable if free[r]]
            if not cands:
                break
            r = cands[0]
            S = min(misplaced, key=lambda x: (-len(misplaced[x]), x))
            move(r, S)

        M = misplaced[S]
        groups = {}
        for o in M:
            groups.setdefault(goal_room[o], []).append(o)
        order = sorted(groups, key=lambda d: (-len(groups[d]), d))
        seq = []
        for d in order:
            seq.extend(sorted(groups[d]))
        k = len(free[r])
        for o in seq[:k]:
            g = min(free[r])
            pick(r, o, g)

        deliver(r)

    # 2) robot goals
    for r in sorted(goal_robot):
        if r in robot_at:
            move(r, goal_robot[r])

    return plan
