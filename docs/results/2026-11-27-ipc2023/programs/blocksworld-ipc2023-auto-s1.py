import heapq

def generate_solution(objects, init, goal):
    blocks = set(objects)
    pos = {}          # block -> block below or 'table'
    held = None
    for f in init:
        if not f:
            continue
        if f[0] == 'on' and len(f) == 3:
            pos[f[1]] = f[2]
            blocks.add(f[1]); blocks.add(f[2])
        elif f[0] == 'on-table' and len(f) == 2:
            pos[f[1]] = 'table'
            blocks.add(f[1])
        elif f[0] == 'holding' and len(f) == 2:
            held = f[1]
            blocks.add(f[1])

    goal_pos = {}
    goal_above = {}
    goal_clear = set()
    goal_hold = None
    for f in goal:
        if not f:
            continue
        if f[0] == 'on' and len(f) == 3:
            goal_pos[f[1]] = f[2]
            goal_above[f[2]] = f[1]
            blocks.add(f[1]); blocks.add(f[2])
        elif f[0] == 'on-table' and len(f) == 2:
            goal_pos[f[1]] = 'table'
            blocks.add(f[1])
        elif f[0] == 'clear' and len(f) == 2:
            goal_clear.add(f[1])
            blocks.add(f[1])
        elif f[0] == 'holding' and len(f) == 2:
            goal_hold = f[1]
            blocks.add(f[1])
    if goal_hold is not None:
        # keep it on the table and clear, pick it up at the very end
        goal_pos[goal_hold] = 'table'
        goal_clear.add(goal_hold)

    for b in blocks:
        if b not in pos and b != held:
            pos[b] = 'table'

    above = {b: None for b in blocks}
    for x, y in pos.items():
        if y != 'table':
            above[y] = x

    def ok_on(x, y):
        g = goal_pos.get(x)
        if g == y:
            return True
        if g is None and goal_above.get(y) is None and y not in goal_clear:
            return True
        return False

    # ---- compute well-placed blocks (bottom-up along towers)
    well = set()
    for b in sorted(blocks):
        if b == held or pos.get(b) != 'table':
            continue
        if goal_pos.get(b) in (None, 'table'):
            well.add(b)
            cur = b
            while above[cur] is not None and ok_on(above[cur], cur):
                cur = above[cur]
                well.add(cur)

    plan = []

    # ---- block in hand at the start
    if held is not None:
        g = goal_pos.get(held)
        if (g is not None and g != 'table' and g in well
                and above.get(g) is None and held != goal_hold):
            plan.append('(stack %s %s)' % (held, g))
            pos[held] = g
            above[g] = held
            well.add(held)
        else:
            plan.append('(putdown %s)' % held)
            pos[held] = 'table'
            if g in (None, 'table'):
                well.add(held)

    nonwell = set(b for b in blocks if b not in well)

    ready = []      # heap: blocks to check for a direct final move
    totable = []    # heap: clear non-well blocks sitting on a block (lazy)
    for b in nonwell:
        if above[b] is None:
            ready.append(b)
            if pos[b] != 'table':
                totable.append(b)
    heapq.heapify(ready)
    heapq.heapify(totable)

    def became_clear(y):
        # y just lost the block on top of it
        if y in nonwell:
            heapq.heappush(ready, y)
            if pos[y] != 'table':
                heapq.heappush(totable, y)
        else:
            z = goal_above.get(y)
            if z is not None and z in nonwell:
                heapq.heappush(ready, z)

    def became_well(x):
        well.add(x)
        nonwell.discard(x)
        z = goal_above.get(x)
        if z is not None and z in nonwell:
            heapq.heappush(ready, z)

    def move_to_table(x):
        y = pos[x]
        plan.append('(unstack %s %s)' % (x, y))
        plan.append('(putdown %s)' % x)
        above[y] = None
        pos[x] = 'table'
        became_clear(y)
        if goal_pos.get(x) in (None, 'table'):
            became_well(x)

    def move_onto(x, g):
        y = pos[x]
        if y == 'table':
            plan.append('(pickup %s)' % x)
        else:
            plan.append('(unstack %s %s)' % (x, y))
            above[y] = None
        plan.append('(stack %s %s)' % (x, g))
        pos[x] = g
        above[g] = x
        if y != 'table':
            became_clear(y)
        became_well(x)

    while nonwell:
        while ready:
            x = heapq.heappop(ready)
            if x not in nonwell or above[x] is not None:
                continue
            g = goal_pos.get(x)
            if g is None or g == 'table':
                if pos[x] == 'table':
                    became_well(x)
                else:
                    move_to_table(x)
            elif g in well and above.get(g) is None and g != x:
                move_onto(x, g)
        if not nonwell:
            break
        moved = False
        while totable:
            x = heapq.heappop(totable)
            if x in nonwell and above[x] is None and pos[x] != 'table':
                move_to_table(x)
                moved = True
                break
        if not moved:
            break   # only possible for inconsistent goals

    if goal_hold is not None and above.get(goal_hold) is None:
        y = pos.get(goal_hold)
        if y == 'table':
            plan.append('(pickup %s)' % goal_hold)
        elif y is not None:
            plan.append('(unstack %s %s)' % (goal_hold, y))
    return plan
