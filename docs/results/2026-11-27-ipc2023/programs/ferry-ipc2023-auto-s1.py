def generate_solution(objects, init, goal):
    ferry = None
    pos = {}
    on_ferry = set()
    for fact in init:
        if fact[0] == 'at-ferry':
            ferry = fact[1]
        elif fact[0] == 'at':
            pos[fact[1]] = fact[2]
        elif fact[0] == 'on':
            on_ferry.add(fact[1])

    goal_at = {}
    goal_on = []
    goal_ferry = None
    for fact in goal:
        if fact[0] == 'at':
            goal_at[fact[1]] = fact[2]
        elif fact[0] == 'on':
            goal_on.append(fact[1])
        elif fact[0] == 'at-ferry':
            goal_ferry = fact[1]
    goal_on.sort()

    plan = []
    state = {'ferry': ferry}

    def sail(to):
        if state['ferry'] != to:
            plan.append('(sail %s %s)' % (state['ferry'], to))
            state['ferry'] = to

    # 1. Unload any car that starts on the ferry.
    for c in sorted(on_ferry):
        dest = goal_at.get(c, state['ferry'])
        sail(dest)
        plan.append('(debark %s %s)' % (c, dest))
        pos[c] = dest

    # 2. Move every misplaced car to its goal location.
    pending = set(c for c in goal_at if pos.get(c) != goal_at[c] and c in pos)
    while pending:
        here = sorted(c for c in pending if pos[c] == state['ferry'])
        if here:
            c = here[0]
        else:
            c = min(pending)
        pending.discard(c)
        src = pos[c]
        dst = goal_at[c]
        sail(src)
        plan.append('(board %s %s)' % (c, src))
        sail(dst)
        plan.append('(debark %s %s)' % (c, dst))
        pos[c] = dst

    # 3. Goals asking for a car to be on the ferry (at most one can hold).
    for c in goal_on[:1]:
        if c in pos:
            loc = pos[c]
            sail(loc)
            plan.append('(board %s %s)' % (c, loc))
            del pos[c]

    # 4. Goal location of the ferry.
    if goal_ferry is not None:
        sail(goal_ferry)

    return plan
