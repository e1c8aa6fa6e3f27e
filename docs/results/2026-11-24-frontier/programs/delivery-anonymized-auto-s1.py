def generate_solution(objects, init, goal):
    P1 = set(); P2 = set(); P3 = set(); P5 = set(); P6 = set(); P7 = set()
    for f in init:
        if len(f) != 2:
            continue
        p, x = f
        if p == 'predicate_1': P1.add(x)
        elif p == 'predicate_2': P2.add(x)
        elif p == 'predicate_3': P3.add(x)
        elif p == 'predicate_5': P5.add(x)
        elif p == 'predicate_6': P6.add(x)
        elif p == 'predicate_7': P7.add(x)

    goal_p3 = set(); goal_p1 = set(); goal_p6 = set(); goal_p7 = set()
    for f in goal:
        if len(f) != 2:
            continue
        p, x = f
        if p == 'predicate_3': goal_p3.add(x)
        elif p == 'predicate_1': goal_p1.add(x)
        elif p == 'predicate_6': goal_p6.add(x)
        elif p == 'predicate_7': goal_p7.add(x)

    plan = []
    at = set(P1)

    need = sorted(x for x in goal_p3 if x not in P3)
    loaded = sorted(i for i in P7 if i not in goal_p7)
    avail = sorted(i for i in P6 if i not in goal_p6 and i not in goal_p7)
    must_load = sorted(i for i in goal_p7 if i not in P7 and i in P6)

    def serve(loc):
        item = loaded.pop(0)
        plan.append('(action_3 %s %s)' % (item, loc))
        P3.add(loc)

    # serve goal locations where the agent already stands, with already loaded items
    remaining = []
    for g in need:
        if g in at and loaded:
            serve(g)
        else:
            remaining.append(g)

    k = max(0, len(remaining) - len(loaded))
    need_loading = k > 0 or len(must_load) > 0

    # choose the mover
    mover = None
    if need_loading:
        depots_here = sorted(x for x in at if x in P2)
        if depots_here:
            dp5 = [x for x in depots_here if x in P5]
            mover = dp5[0] if dp5 else depots_here[0]
    if mover is None:
        here_goal = sorted(x for x in at if x in remaining)
        with_p5 = sorted(x for x in at if x in P5)
        if not need_loading and here_goal:
            hp5 = [x for x in here_goal if x in P5]
            mover = hp5[0] if hp5 else here_goal[0]
        elif with_p5:
            mover = with_p5[0]
        elif at:
            mover = sorted(at)[0]

    if mover is None:
        return plan

    cur = [mover]

    def move(to):
        if cur[0] == to:
            return
        plan.append('(action_2 %s %s)' % (cur[0], to))
        at.discard(cur[0])
        at.add(to)
        cur[0] = to

    if need_loading:
        if cur[0] not in P2:
            depots = sorted(P2)
            dp5 = [d for d in depots if d in P5]
            if dp5:
                move(dp5[0])
            elif depots:
                move(depots[0])
        if cur[0] in P2:
            for i in must_load:
                plan.append('(action_1 %s %s)' % (i, cur[0]))
            for i in avail[:k]:
                plan.append('(action_1 %s %s)' % (i, cur[0]))
                loaded.append(i)
            loaded.sort()

    # serve remaining goal locations
    todo = [g for g in remaining if g not in P3]
    if cur[0] in todo and loaded:
        serve(cur[0])
        todo.remove(cur[0])
    # also serve any location that currently has predicate_1 (other agents' positions)
    for g in list(todo):
        if g in at and loaded:
            serve(g)
            todo.remove(g)
    final_targets = sorted(x for x in goal_p1 if x not in at)
    order = sorted(g for g in todo if g in P5) + sorted(g for g in todo if g not in P5)
    for g in order:
        if not loaded:
            break
        move(g)
        serve(g)
    for t in final_targets:
        move(t)

    return plan
