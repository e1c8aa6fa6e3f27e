import re

def _key(name):
    # natural, deterministic ordering key (only used as a tie-break)
    return [(0, int(t), '') if t.isdigit() else (1, 0, t) for t in re.split(r'(\d+)', name)]

def generate_solution(objects, init, goal):
    plan = []

    cur = None
    for f in init:
        if f[0] == 'predicate_1' and len(f) == 2:
            if cur is None or _key(f[1]) < _key(cur):
                cur = f[1]
    if cur is None:
        return plan

    p5 = {f[1] for f in init if f[0] == 'predicate_5' and len(f) == 2}
    depots = {f[1] for f in init if f[0] == 'predicate_2' and len(f) == 2}

    # 1. targets: goal locations not yet served
    targets = [f[1] for f in goal
               if f[0] == 'predicate_3' and len(f) == 2 and f not in init]
    targets = sorted(set(targets), key=_key)
    if not targets:
        return plan

    # 2. items
    carried = sorted({f[1] for f in init if f[0] == 'predicate_7' and len(f) == 2}, key=_key)
    available = sorted({f[1] for f in init if f[0] == 'predicate_6' and len(f) == 2}, key=_key)

    need = len(targets) - len(carried)
    if need > 0 and available:
        if cur not in depots and depots:
            good = sorted([d for d in depots if d in p5], key=_key)
            if good:
                d = good[0]
            else:
                d = sorted(depots, key=_key)[0]
            plan.append('(action_2 %s %s)' % (cur, d))
            cur = d
        for p in available[:need]:
            plan.append('(action_1 %s %s)' % (p, cur))
            carried.append(p)

    # order targets: the one the agent stands on first, those lacking predicate_5 last
    start = cur
    targets.sort(key=lambda t: (t != start, t not in p5, _key(t)))

    # 3. deliver one item per target
    for t in targets:
        if not carried:
            break
        if cur != t:
            plan.append('(action_2 %s %s)' % (cur, t))
            cur = t
        p = carried.pop(0)
        plan.append('(action_3 %s %s)' % (p, t))

    return plan
