def generate_solution(objects, init, goal):
    locs = sorted(n for (n, t) in objects if t == 'loc')
    papers = sorted(n for (n, t) in objects if t == 'paper')

    cur = None
    homebases = set()
    safe = set()
    satisfied = set()
    unpacked = set()
    carrying = set()
    for f in init:
        p = f[0]
        if p == 'at':
            cur = f[1]
        elif p == 'ishomebase':
            homebases.add(f[1])
        elif p == 'safe':
            safe.add(f[1])
        elif p == 'satisfied':
            satisfied.add(f[1])
        elif p == 'unpacked':
            unpacked.add(f[1])
        elif p == 'carrying':
            carrying.add(f[1])

    need = sorted(set(f[1] for f in goal if f[0] == 'satisfied') - satisfied)
    goal_at = sorted(f[1] for f in goal if f[0] == 'at')
    goal_at = goal_at[0] if goal_at else None

    plan = []
    carry = sorted(carrying)
    need_set = set(need)
    state = {'cur': cur}

    def move(to):
        c = state['cur']
        if c == to:
            return True
        if c is None or c not in safe:
            return False
        plan.append('(move %s %s)' % (c, to))
        state['cur'] = to
        return True

    def deliver_here():
        c = state['cur']
        if c in need_set and carry:
            p = carry.pop(0)
            plan.append('(deliver %s %s)' % (p, c))
            need_set.discard(c)

    # Deliver at the current location first if possible
    deliver_here()

    # Fetch additional papers if needed
    missing = len(need_set) - len(carry)
    if missing > 0:
        c = state['cur']
        hb = None
        if c in homebases:
            hb = c
        else:
            safe_hbs = sorted(h for h in homebases if h in safe)
            if safe_hbs:
                hb = safe_hbs[0]
            elif homebases:
                hb = sorted(homebases)[0]
        if hb is not None and move(hb):
            avail = sorted(unpacked)
            for p in avail[:missing]:
                plan.append('(pick-up %s %s)' % (p, hb))
                carry.append(p)
            deliver_here()

    # Visit safe locations first, then (at most one) unsafe location last
    safe_targets = [l for l in need if l in need_set and l in safe]
    unsafe_targets = [l for l in need if l in need_set and l not in safe]

    # If the final location must be a specific unsafe place, prefer it last
    if goal_at is not None and goal_at not in safe and goal_at in unsafe_targets:
        unsafe_targets.remove(goal_at)
        unsafe_targets.append(goal_at)

    for l in safe_targets:
        if not carry:
            break
        if move(l):
            deliver_here()

    # Ending location requirement for a safe goal location is handled after unsafe ones
    for l in unsafe_targets:
        if not carry:
            break
        if move(l):
            deliver_here()
        else:
            break

    if goal_at is not None and state['cur'] != goal_at:
        move(goal_at)

    return plan
