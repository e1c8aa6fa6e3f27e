def generate_solution(objects, init, goal):
    plan = []

    cur = None
    firm = set()
    barns = set()
    stored = set()
    pocketed = set()
    sown = set()
    for fact in init:
        if not fact:
            continue
        pred = fact[0]
        if pred == 'gardener-beside' and len(fact) == 2:
            cur = fact[1]
        elif pred == 'firm-ground' and len(fact) == 2:
            firm.add(fact[1])
        elif pred == 'is-barn' and len(fact) == 2:
            barns.add(fact[1])
        elif pred == 'stored' and len(fact) == 2:
            stored.add(fact[1])
        elif pred == 'pocketed' and len(fact) == 2:
            pocketed.add(fact[1])
        elif pred == 'sown' and len(fact) == 2:
            sown.add(fact[1])

    targets = set()
    final_spot = None
    for fact in goal:
        if not fact:
            continue
        if fact[0] == 'sown' and len(fact) == 2 and fact[1] not in sown:
            targets.add(fact[1])
        elif fact[0] == 'gardener-beside' and len(fact) == 2:
            final_spot = fact[1]

    state = {'cur': cur}

    def go_to(p):
        if state['cur'] != p:
            plan.append('(stroll %s %s)' % (state['cur'], p))
            state['cur'] = p

    # 1. get enough seeds
    needed = len(targets) - len(pocketed)
    if needed > 0 and barns:
        c = state['cur']
        if c in barns:
            barn = c
        else:
            firm_barns = sorted(b for b in barns if b in firm)
            if firm_barns:
                barn = firm_barns[0]
            else:
                barn = sorted(barns)[0]
        go_to(barn)
        for s in sorted(stored)[:needed]:
            plan.append('(grab-seed %s %s)' % (s, barn))
            stored.discard(s)
            pocketed.add(s)

    # 2. sow targets: current plot first, then firm targets, then non-firm targets
    c = state['cur']
    order = []
    if c in targets:
        order.append(c)
    order += sorted(p for p in targets if p in firm and p != c)
    order += sorted(p for p in targets if p not in firm and p != c)

    for p in order:
        if not pocketed:
            break
        go_to(p)
        s = sorted(pocketed)[0]
        plan.append('(sow %s %s)' % (s, p))
        pocketed.discard(s)
        sown.add(p)

    # 3. optional final position
    if final_spot is not None:
        go_to(final_spot)

    return plan
