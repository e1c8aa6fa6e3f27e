def generate_solution(objects, init, goal):
    robots = sorted(n for (n, t) in objects if t == 'robot')
    robot_at = {}
    obj_at = {}
    grips = {r: set() for r in robots}
    carry = {}   # (robot, gripper) -> object or None
    for f in init:
        p = f[0]
        if p == 'at-robby' and len(f) == 3:
            robot_at[f[1]] = f[2]
        elif p == 'at' and len(f) == 3:
            obj_at[f[1]] = f[2]
        elif p == 'free' and len(f) == 3:
            grips.setdefault(f[1], set()).add(f[2])
            carry.setdefault((f[1], f[2]), None)
        elif p == 'carry' and len(f) == 4:
            grips.setdefault(f[1], set()).add(f[3])
            carry[(f[1], f[3])] = f[2]
    robots = sorted(set(robots) | set(grips) | set(robot_at))
    gl = {r: sorted(grips.get(r, ())) for r in robots}

    goal_room = {}
    goal_carry = {}   # obj -> (robot, gripper)
    goal_robot = {}
    for f in goal:
        if f[0] == 'at' and len(f) == 3:
            goal_room[f[1]] = f[2]
        elif f[0] == 'carry' and len(f) == 4:
            goal_carry[f[2]] = (f[1], f[3])
        elif f[0] == 'at-robby' and len(f) == 3:
            goal_robot[f[1]] = f[2]

    plan = []

    def move(r, to):
        cur = robot_at.get(r)
        if cur != to:
            plan.append('(move %s %s %s)' % (r, cur, to))
            robot_at[r] = to

    def drop(r, g):
        o = carry[(r, g)]
        room = robot_at[r]
        plan.append('(drop %s %s %s %s)' % (r, o, room, g))
        carry[(r, g)] = None
        obj_at[o] = room

    def pick(r, o, g):
        room = robot_at[r]
        plan.append('(pick %s %s %s %s)' % (r, o, room, g))
        carry[(r, g)] = o
        obj_at.pop(o, None)

    # pending objects on the floor, per room
    pending_rooms = {}
    for o in sorted(goal_room):
        room = obj_at.get(o)
        if room is not None and room != goal_room[o]:
            pending_rooms.setdefault(room, []).append(o)

    capable = [r for r in robots if gl[r] and r in robot_at]
    assign = {r: {} for r in robots}
    if capable:
        most = sorted(capable, key=lambda r: (-len(gl[r]), r))[0]
        for room in sorted(pending_rooms):
            here = [r for r in capable if robot_at[r] == room]
            r = here[0] if here else most
            assign[r][room] = list(pending_rooms[room])

    for r in robots:
        if r not in robot_at or not gl[r]:
            continue
        pending = assign[r]
        reserved = set()
        for g in gl[r]:
            o = carry.get((r, g))
            if o is not None and o not in goal_room:
                if goal_carry.get(o) == (r, g):
                    reserved.add(g)
                else:
                    drop(r, g)
        while True:
            cur = robot_at[r]
            for g in gl[r]:
                o = carry.get((r, g))
                if o is not None and goal_room.get(o) == cur:
                    drop(r, g)
            if cur in pending:
                lst = pending[cur]
                while lst:
                    fg = [g for g in gl[r] if carry.get((r, g)) is None]
                    if not fg:
                        break
                    pick(r, lst.pop(0), fg[0])
                if not lst:
                    del pending[cur]
            deliveries = {}
            for g in gl[r]:
                o = carry.get((r, g))
                if o is not None and o in goal_room:
                    deliveries[goal_room[o]] = deliveries.get(goal_room[o], 0) + 1
            if not deliveries and not pending:
                break
            nfree = len([g for g in gl[r] if carry.get((r, g)) is None])
            best = None
            best_score = 0
            for room in sorted(set(deliveries) | set(pending)):
                if room == cur:
                    continue
                d = deliveries.get(room, 0)
                score = d + min(len(pending.get(room, ())), nfree + d)
                if score > best_score:
                    best_score = score
                    best = room
            if best is None:
                if reserved:
                    for g in sorted(reserved):
                        if carry.get((r, g)) is not None:
                            drop(r, g)
                    reserved.clear()
                    continue
                break
            move(r, best)

    # carry goals
    for o in sorted(goal_carry):
        r, g = goal_carry[o]
        if carry.get((r, g)) == o:
            continue
        for key in sorted(k for k in carry if carry[k] == o):
            drop(key[0], key[1])
        if (r, g) not in carry or r not in robot_at:
            continue
        if carry[(r, g)] is not None:
            drop(r, g)
        room = obj_at.get(o)
        if room is None:
            continue
        move(r, room)
        pick(r, o, g)

    for r in sorted(goal_robot):
        if r in robot_at:
            move(r, goal_robot[r])

    return plan
