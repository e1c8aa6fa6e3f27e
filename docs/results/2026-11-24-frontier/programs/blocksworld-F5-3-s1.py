import heapq

def generate_solution(objects, init, goal):
    TABLE = ('<table>',)  # sentinel that can never equal a block name

    blocks = set(objects)
    below = {}
    holding = None
    for f in init:
        if not f:
            continue
        if f[0] == 'on' and len(f) == 3:
            below[f[1]] = f[2]
            blocks.add(f[1])
            blocks.add(f[2])
        elif f[0] == 'ontable' and len(f) == 2:
            below[f[1]] = TABLE
            blocks.add(f[1])
        elif f[0] == 'holding' and len(f) == 2:
            holding = f[1]
            blocks.add(f[1])

    goal_below = {}
    goal_above = {}
    for f in goal:
        if not f:
            continue
        if f[0] == 'on' and len(f) == 3:
            goal_below[f[1]] = f[2]
        elif f[0] == 'ontable' and len(f) == 2:
            goal_below[f[1]] = TABLE
    for x, y in goal_below.items():
        if y is not TABLE:
            goal_above[y] = x

    if holding is not None and holding in below:
        del below[holding]
    for b in blocks:
        if b != holding and b not in below:
            below[b] = TABLE  # defensive: a block with no position is treated as on the table

    above = {}
    for x, y in below.items():
        if y is not TABLE:
            above[y] = x

    def goal_ok_on_table(x):
        g = goal_below.get(x)
        return g is None or g is TABLE

    def compute_wp():
        wp = {b: False for b in blocks}
        for b in blocks:
            if b == holding or below.get(b) is not TABLE:
                continue
            ok = goal_ok_on_table(b)
            wp[b] = ok
            cur = b
            while ok and cur in above:
                nxt = above[cur]
                g = goal_below.get(nxt)
                if g == cur:
                    ok = True
                elif g is None:
                    ga = goal_above.get(cur)
                    ok = ga is None or ga == nxt
                else:
                    ok = False
                wp[nxt] = ok
                cur = nxt
        return wp

    plan = []
    wp = compute_wp()  # the held block (if any) is not in any tower, so it is not well placed

    # If something is held at the start, get rid of it.
    if holding is not None:
        h = holding
        holding = None
        g = goal_below.get(h)
        if (g is not None and g is not TABLE and g != h and g in wp
                and wp[g] and g not in above):
            plan.append('(stack %s %s)' % (h, g))
            below[h] = g
            above[g] = h
            wp[h] = True
        else:
            plan.append('(put-down %s)' % h)
            below[h] = TABLE
            wp[h] = goal_ok_on_table(h)

    def target_ready(x):
        g = goal_below.get(x)
        if g is None:
            return False
        if g is TABLE:
            return True
        return g != x and wp.get(g, False) and g not in above

    ready = []
    off = []

    def consider(z):
        if z is None or z not in wp:
            return
        if wp[z] or z in above:
            return
        if target_ready(z):
            heapq.heappush(ready, z)
        if below[z] is not TABLE:
            heapq.heappush(off, z)

    state = {'nonwp': sum(1 for b in blocks if not wp[b])}

    def move(x, dest):
        b0 = below[x]
        if b0 is TABLE:
            plan.append('(pick-up %s)' % x)
        else:
            plan.append('(unstack %s %s)' % (x, b0))
            del above[b0]
        if dest is TABLE:
            plan.append('(put-down %s)' % x)
            below[x] = TABLE
            new_wp = goal_ok_on_table(x)
        else:
            plan.append('(stack %s %s)' % (x, dest))
            below[x] = dest
            above[dest] = x
            new_wp = (goal_below.get(x) == dest) and wp.get(dest, False)
        if new_wp and not wp[x]:
            wp[x] = True
            state['nonwp'] -= 1
        # events that may make other blocks valid choices
        if b0 is not TABLE:
            consider(b0)                   # b0 became clear
            consider(goal_above.get(b0))   # the block that must go onto b0
        if wp[x]:
            consider(goal_above.get(x))    # x is now a well-placed, clear target
        else:
            consider(x)

    for b in blocks:
        consider(b)

    while state['nonwp'] > 0:
        x = None
        # 1) a block that can go directly to its final place
        while ready:
            c = heapq.heappop(ready)
            if not wp[c] and c not in above and target_ready(c):
                x = c
                break
        if x is not None:
            move(x, goal_below[x])
            continue
        # 2) a misplaced clear block sitting on another block goes to the table
        while off:
            c = heapq.heappop(off)
            if not wp[c] and c not in above and below[c] is not TABLE:
                x = c
                break
        if x is not None:
            move(x, TABLE)
            continue
        # safety net: rescan everything; if still nothing can be done, stop
        for b in blocks:
            consider(b)
        if not ready and not off:
            break

    return plan
