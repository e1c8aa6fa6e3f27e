from collections import deque

def generate_solution(objects, init, goal):
    plan = []
    firm = {f[1] for f in init if f[0] == 'firm-ground'}
    barns = sorted(f[1] for f in init if f[0] == 'is-barn')
    at = {f[1] for f in init if f[0] == 'gardener-beside'}
    stored = {f[1] for f in init if f[0] == 'stored'}
    pocketed = {f[1] for f in init if f[0] == 'pocketed'}
    sown = {f[1] for f in init if f[0] == 'sown'}

    targets = sorted({g[1] for g in goal if g[0] == 'sown'} - sown)
    keep_pocket = {g[1] for g in goal if g[0] == 'pocketed'}
    keep_stored = {g[1] for g in goal if g[0] == 'stored'}
    goal_locs = sorted(g[1] for g in goal if g[0] == 'gardener-beside')
    goal_loc = goal_locs[0] if goal_locs else None

    hand = deque(sorted(pocketed - keep_pocket))
    remaining = list(targets)

    def move_to(p):
        if p in at:
            return True
        cands = sorted(h for h in at if h in firm)
        if not cands:
            return False
        h = cands[0]
        plan.append('(stroll %s %s)' % (h, p))
        at.discard(h)
        at.add(p)
        return True

    def sow(p):
        if not hand:
            return False
        s = hand.popleft()
        plan.append('(sow %s %s)' % (s, p))
        return True

    def grab_at(b, count):
        # grab seeds that must end pocketed, plus `count` seeds for sowing
        for s in sorted(stored & keep_pocket):
            plan.append('(grab-seed %s %s)' % (s, b))
            stored.discard(s)
        free = sorted(stored - keep_pocket - keep_stored)
        for s in free[:max(0, count)]:
            plan.append('(grab-seed %s %s)' % (s, b))
            stored.discard(s)
            hand.append(s)

    # 1. sow targets where the gardener already stands
    for p in sorted(remaining):
        if p in at and hand:
            sow(p)
            remaining.remove(p)

    def visit_order(rem):
        firm_t = sorted(p for p in rem if p in firm and p != goal_loc)
        if goal_loc in rem and goal_loc in firm:
            firm_t.append(goal_loc)
        nonfirm_t = sorted(p for p in rem if p not in firm and p != goal_loc)
        if goal_loc in rem and goal_loc not in firm:
            nonfirm_t.append(goal_loc)
        return firm_t + nonfirm_t

    need = len(remaining) - len(hand)
    must_grab_keep = bool(stored & keep_pocket)

    if (need > 0 or must_grab_keep) and barns:
        here = sorted(b for b in at if b in barns)
        firm_barns = [b for b in barns if b in firm]
        if here and (here[0] in firm or not firm_barns or not (at & firm)):
            b = here[0]
            grab_at(b, need)
        elif firm_barns and (at & firm):
            b = firm_barns[0]
            move_to(b)
            grab_at(b, need)
        else:
            # only barns without firm ground: use pocketed seeds first, end at barn
            b = here[0] if here else barns[0]
            for p in visit_order([q for q in remaining if q != b and q in firm]):
                if not hand:
                    break
                if move_to(p) and sow(p):
                    remaining.remove(p)
            if move_to(b):
                grab_at(b, len(remaining) - len(hand))
                if b in remaining and b in at and hand:
                    sow(b)
                    remaining.remove(b)
            return plan

    # 3./4. visit the remaining targets
    for p in visit_order(remaining):
        if not hand:
            break
        if move_to(p):
            sow(p)

    # 5. final position of the gardener
    if goal_loc is not None and goal_loc not in at:
        move_to(goal_loc)

    return plan
