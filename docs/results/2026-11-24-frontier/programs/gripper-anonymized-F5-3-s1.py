import re

from collections import deque

def _key(name):
    return [(0, int(t), '') if t.isdigit() else (1, 0, t) for t in re.split(r'(\d+)', name)]

def generate_solution(objects, init, goal):
    plan = []

    hands = sorted({f[1] for f in init if f[0] == 'predicate_3' and len(f) == 2}, key=_key)

    robot = None
    for f in init:
        if f[0] == 'predicate_4' and len(f) == 2:
            robot = f[1]
    if robot is None:
        return plan
    st = {'robot': robot}

    at = {}
    held = {}
    for f in init:
        if f[0] == 'predicate_5' and len(f) == 3:
            at[f[1]] = f[2]
        elif f[0] == 'predicate_7' and len(f) == 3:
            held[f[1]] = f[2]

    target = {}
    for f in goal:
        if f[0] == 'predicate_5' and len(f) == 3:
            target[f[1]] = f[2]

    def move(to):
        if st['robot'] != to:
            plan.append('(action_1 %s %s)' % (st['robot'], to))
            st['robot'] = to

    # 0. items already held: put them down (items without a goal first, at the current location)
    def held_key(i):
        if i in target:
            return (1, _key(target[i]), _key(i))
        return (0, [], _key(i))

    for i in sorted(held, key=held_key):
        dest = target[i] if i in target else st['robot']
        move(dest)
        plan.append('(action_3 %s %s %s)' % (i, dest, held[i]))
        at[i] = dest
    held = {}

    if not hands:
        return plan

    # 1. pending items grouped by source location
    by_src = {}
    for i, l in target.items():
        if i in at and at[i] != l:
            by_src.setdefault(at[i], []).append(i)
    for s in by_src:
        by_src[s] = deque(sorted(by_src[s], key=_key))
    sources = sorted(by_src.keys(), key=_key)
    remaining = sum(len(q) for q in by_src.values())
    ptr = 0
    k = len(hands)

    while remaining > 0:
        # choose batch
        batch = []
        q = by_src.get(st['robot'])
        while q and len(batch) < k:
            batch.append(q.popleft())
        while len(batch) < k:
            while ptr < len(sources) and not by_src[sources[ptr]]:
                ptr += 1
            if ptr >= len(sources):
                break
            q = by_src[sources[ptr]]
            while q and len(batch) < k:
                batch.append(q.popleft())
        if not batch:
            break
        remaining -= len(batch)

        # pick-up phase: visit sources in batch order
        hand_of = {}
        free = list(hands)
        src_order = []
        seen = set()
        for i in batch:
            if at[i] not in seen:
                seen.add(at[i])
                src_order.append(at[i])
        for s in src_order:
            move(s)
            for i in batch:
                if at[i] == s and i not in hand_of:
                    h = free.pop(0)
                    plan.append('(action_2 %s %s %s)' % (i, s, h))
                    hand_of[i] = h
        for i in batch:
            del at[i]

        # drop phase: current location first (if a destination), then by name
        cur = st['robot']
        dests = sorted({target[i] for i in batch}, key=lambda d: (d != cur, _key(d)))
        for d in dests:
            move(d)
            for i in batch:
                if target[i] == d:
                    plan.append('(action_3 %s %s %s)' % (i, d, hand_of[i]))
                    at[i] = d

    return plan
