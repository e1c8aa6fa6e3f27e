def generate_solution(objects, init, goal):
    cur = None
    homebases = set()
    safe = set()
    unpacked = set()
    carrying = set()
    satisfied = set()
    for f in init:
        p = f[0].lower()
        if p == 'at' and len(f) == 2:
            cur = f[1]
        elif p == 'ishomebase' and len(f) == 2:
            homebases.add(f[1])
        elif p == 'safe' and len(f) == 2:
            safe.add(f[1])
        elif p == 'unpacked' and len(f) == 2:
            unpacked.add(f[1])
        elif p == 'carrying' and len(f) == 2:
            carrying.add(f[1])
        elif p == 'satisfied' and len(f) == 2:
            satisfied.add(f[1])

    targets = set()
    final_at = None
    for f in goal:
        p = f[0].lower()
        if p == 'satisfied' and len(f) == 2 and f[1] not in satisfied:
            targets.add(f[1])
        elif p == 'at' and len(f) == 2:
            final_at = f[1]

    homebases = sorted(homebases)
    unpacked = sorted(unpacked)
    carrying = sorted(carrying)
    safe_targets = sorted(t for t in targets if t in safe)
    unsafe_targets = sorted(t for t in targets if t not in safe)

    plan = []
    state = {'cur': cur}

    def move_to(l):
        if l is None or l == state['cur']:
            return True
        if state['cur'] not in safe:
            return False  # trapped: cannot move
        plan.append('(move %s %s)' % (state['cur'], l))
        state['cur'] = l
        return True

    def deliver_here():
        if not carrying:
            return
        c = state['cur']
        if c not in targets:
            return
        p = carrying.pop(0)
        plan.append('(deliver %s %s)' % (p, c))
        targets.discard(c)

    # 1. current location is a target and we already carry a paper
    if state['cur'] in targets and carrying:
        deliver_here()

    # 2. pick up one paper per remaining target
    needed = len(targets) - len(carrying)
    if needed > 0 and unpacked:
        if state['cur'] not in homebases and homebases:
            move_to(homebases[0])
        if state['cur'] in homebases:
            while needed > 0 and unpacked:
                p = unpacked.pop(0)
                plan.append('(pick-up %s %s)' % (p, state['cur']))
                carrying.append(p)
                needed -= 1
            carrying.sort()
            if state['cur'] in targets:
                deliver_here()

    # 3. safe targets
    for l in safe_targets:
        if l in targets and carrying:
            if move_to(l):
                deliver_here()

    # 4. required final position (only if no unsafe target has to be the last stop)
    if final_at is not None and not unsafe_targets:
        move_to(final_at)

    # 5. at most one unsafe target, as the very last stop
    if unsafe_targets and carrying:
        l = unsafe_targets[0]
        if move_to(l):
            deliver_here()

    return plan
