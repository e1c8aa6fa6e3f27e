def generate_solution(objects, init, goal):
    rooms = set(); balls = set(); grippers = set()
    robot = None
    ball_at = {}
    holding = {}   # gripper -> ball
    free = set()
    for f in init:
        if f[0] == 'predicate_1' and len(f) == 2: rooms.add(f[1])
        elif f[0] == 'predicate_2' and len(f) == 2: balls.add(f[1])
        elif f[0] == 'predicate_3' and len(f) == 2: grippers.add(f[1])
    for f in init:
        if f[0] == 'predicate_4' and len(f) == 2: robot = f[1]
        elif f[0] == 'predicate_5' and len(f) == 3: ball_at[f[1]] = f[2]
        elif f[0] == 'predicate_6' and len(f) == 2: free.add(f[1])
        elif f[0] == 'predicate_7' and len(f) == 3: holding[f[2]] = f[1]

    goal_room = {}; goal_hold = {}; goal_robot = None
    for f in goal:
        if f[0] == 'predicate_5' and len(f) == 3: goal_room[f[1]] = f[2]
        elif f[0] == 'predicate_7' and len(f) == 3: goal_hold[f[1]] = f[2]
        elif f[0] == 'predicate_4' and len(f) == 2: goal_robot = f[1]

    plan = []
    st = {'robot': robot}

    def move(to):
        if st['robot'] == to or to is None:
            return
        plan.append('(action_1 %s %s)' % (st['robot'], to))
        st['robot'] = to

    def pick(b, g):
        r = st['robot']
        plan.append('(action_2 %s %s %s)' % (b, r, g))
        ball_at.pop(b, None)
        holding[g] = b
        free.discard(g)

    def drop(g):
        b = holding.pop(g)
        r = st['robot']
        plan.append('(action_3 %s %s %s)' % (b, r, g))
        ball_at[b] = r
        free.add(g)

    held_ball = {b: g for g, b in holding.items()}
    pending = sorted(b for b in goal_room
                     if b not in held_ball and ball_at.get(b) != goal_room[b] and b in ball_at)

    # drop held balls that have no goal and are not required to be held, if grippers are needed
    if pending:
        for g in sorted(holding):
            b = holding[g]
            if b not in goal_room and goal_hold.get(b) != g:
                drop(g)

    carrying = sorted((g, b) for g, b in holding.items() if b in goal_room)

    pending_set = set(pending)
    first = True
    while pending_set or (first and carrying):
        free_list = sorted(free)
        batch = []   # (ball, gripper)
        if first:
            batch_carry = list(carrying)
        else:
            batch_carry = []
        first = False
        if not free_list and not batch_carry:
            break
        # choose balls to pick
        chosen = []
        cap = len(free_list)
        if cap > 0 and pending_set:
            here = sorted((goal_room[b], b) for b in pending_set if ball_at.get(b) == st['robot'])
            chosen.extend(b for _, b in here[:cap])
            if len(chosen) < cap:
                by_room = {}
                for b in pending_set:
                    if b in chosen:
                        continue
                    by_room.setdefault(ball_at[b], []).append(b)
                order = sorted(by_room, key=lambda r: (-len(by_room[r]), r))
                for r in order:
                    for b in sorted(by_room[r], key=lambda x: (goal_room[x], x)):
                        if len(chosen) >= cap:
                            break
                        chosen.append(b)
                    if len(chosen) >= cap:
                        break
        # pick up: current room first, then others
        src = {}
        for b in chosen:
            src.setdefault(ball_at[b], []).append(b)
        src_order = sorted(src)
        if st['robot'] in src:
            src_order.remove(st['robot'])
            src_order.insert(0, st['robot'])
        gi = 0
        assigned = []
        for r in src_order:
            move(r)
            for b in sorted(src[r]):
                g = free_list[gi]; gi += 1
                pick(b, g)
                assigned.append((g, b))
                pending_set.discard(b)
        # deliver
        all_carry = batch_carry + assigned
        dst = {}
        for g, b in all_carry:
            dst.setdefault(goal_room[b], []).append(g)
        dst_order = sorted(dst)
        if st['robot'] in dst:
            dst_order.remove(st['robot'])
            dst_order.insert(0, st['robot'])
        for r in dst_order:
            move(r)
            for g in sorted(dst[r]):
                drop(g)
        if not chosen and not batch_carry:
            break

    # goals requiring a gripper to hold a ball
    for b in sorted(goal_hold):
        g = goal_hold[b]
        if holding.get(g) == b:
            continue
        # if b is held by another gripper, drop it here first
        for g2 in sorted(holding):
            if holding[g2] == b:
                drop(g2)
                break
        if g in holding:
            drop(g)
        if b in ball_at:
            move(ball_at[b])
            pick(b, g)

    if goal_robot is not None:
        move(goal_robot)

    return plan
