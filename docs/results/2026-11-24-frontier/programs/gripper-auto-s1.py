def generate_solution(objects, init, goal):
    rooms = set()
    balls = set()
    grippers = set()
    ball_at = {}
    carry = {}      # gripper -> ball
    robby = None
    for f in init:
        p = f[0]
        if p == 'room':
            rooms.add(f[1])
        elif p == 'ball':
            balls.add(f[1])
        elif p == 'gripper':
            grippers.add(f[1])
        elif p == 'at-robby':
            robby = f[1]
        elif p == 'at' and len(f) == 3:
            ball_at[f[1]] = f[2]
        elif p == 'carry' and len(f) == 3:
            carry[f[2]] = f[1]
    grippers = sorted(grippers)
    for g in grippers:
        carry.setdefault(g, None)

    goal_room = {}
    goal_carry = {}
    goal_robby = None
    for f in goal:
        if f[0] == 'at' and len(f) == 3:
            goal_room[f[1]] = f[2]
        elif f[0] == 'carry' and len(f) == 3:
            goal_carry[f[1]] = f[2]
        elif f[0] == 'at-robby':
            goal_robby = f[1]

    plan = []
    st = {'cur': robby}

    def move(to):
        if st['cur'] != to:
            plan.append('(move %s %s)' % (st['cur'], to))
            st['cur'] = to

    def drop(g):
        b = carry[g]
        plan.append('(drop %s %s %s)' % (b, st['cur'], g))
        carry[g] = None
        ball_at[b] = st['cur']

    def pick(b, g):
        plan.append('(pick %s %s %s)' % (b, st['cur'], g))
        carry[g] = b
        ball_at.pop(b, None)

    # balls on the floor that still must be moved, per room
    pending = {}
    for b in sorted(goal_room):
        r = ball_at.get(b)
        if r is not None and r != goal_room[b]:
            pending.setdefault(r, []).append(b)

    reserved = set()
    # initially carried balls with no room goal
    for g in grippers:
        b = carry[g]
        if b is not None and b not in goal_room:
            if goal_carry.get(b) == g:
                reserved.add(g)
            else:
                drop(g)

    def free_grippers():
        return [g for g in grippers if carry[g] is None]

    def carried_goal_rooms():
        res = {}
        for g in grippers:
            b = carry[g]
            if b is not None and b in goal_room:
                res[goal_room[b]] = res.get(goal_room[b], 0) + 1
        return res

    while True:
        cur = st['cur']
        # deliver here
        for g in grippers:
            b = carry[g]
            if b is not None and goal_room.get(b) == cur:
                drop(g)
        # pick here
        if cur in pending:
            lst = pending[cur]
            while lst:
                fg = free_grippers()
                if not fg:
                    break
                b = lst.pop(0)
                pick(b, fg[0])
            if not lst:
                del pending[cur]
        deliveries = carried_goal_rooms()
        if not deliveries and not pending:
            break
        nfree = len(free_grippers())
        best = None
        best_score = 0
        for r in sorted(set(deliveries) | set(pending)):
            if r == cur:
                continue
            d = deliveries.get(r, 0)
            pk = min(len(pending.get(r, ())), nfree + d)
            score = d + pk
            if score > best_score:
                best_score = score
                best = r
        if best is None:
            # stuck: grippers blocked by reserved balls -> release them
            if reserved:
                for g in sorted(reserved):
                    if carry[g] is not None:
                        drop(g)
                reserved.clear()
                continue
            break
        move(best)

    # carry goals
    for b in sorted(goal_carry):
        g = goal_carry[b]
        if carry.get(g) == b:
            continue
        # if b is in another gripper, drop it here first
        for g2 in grippers:
            if carry[g2] == b:
                drop(g2)
        if carry.get(g) is not None:
            drop(g)
        r = ball_at.get(b)
        if r is None:
            continue
        move(r)
        pick(b, g)

    if goal_robby is not None:
        move(goal_robby)

    return plan
