import heapq

from collections import deque

TABLE = ('<table>',)

def generate_solution(objects, init, goal):
    blocks = sorted(objects)
    pos = {}
    above = {}
    held = None
    for f in init:
        if f[0] == 'on' and len(f) == 3:
            pos[f[1]] = f[2]
            above[f[2]] = f[1]
        elif f[0] == 'ontable' and len(f) == 2:
            pos[f[1]] = TABLE
        elif f[0] == 'holding' and len(f) == 2:
            held = f[1]
    for b in blocks:
        if b not in pos and b != held:
            pos[b] = TABLE

    goal_on = {}
    goal_under = {}
    goal_table = set()
    goal_clear = set()
    goal_hold = []
    for f in goal:
        if f[0] == 'on' and len(f) == 3:
            goal_on[f[1]] = f[2]
            goal_under[f[2]] = f[1]
        elif f[0] == 'ontable' and len(f) == 2:
            goal_table.add(f[1])
        elif f[0] == 'clear' and len(f) == 2:
            goal_clear.add(f[1])
        elif f[0] == 'holding' and len(f) == 2:
            goal_hold.append(f[1])
            goal_clear.add(f[1])
    goal_hold.sort()

    plan = []

    def ok_on(x, y):
        # may x stay on block y (locally)?
        if x in goal_on:
            return goal_on[x] == y
        if x in goal_table:
            return False
        g = goal_under.get(y)
        if g is not None and g != x:
            return False
        if y in goal_clear:
            return False
        return True

    def compute_wp(x):
        p = pos[x]
        if p is TABLE:
            return x not in goal_on
        return ok_on(x, p) and wp.get(p, False)

    # well-placedness, computed bottom-up tower by tower
    wp = {}
    for b in blocks:
        if b == held or pos.get(b) is not TABLE:
            continue
        x = b
        seen = set()
        while x is not None and x not in seen:
            seen.add(x)
            wp[x] = compute_wp(x)
            x = above.get(x)
    for b in blocks:
        if b != held and b not in wp:
            # blocks not reachable from the table (malformed input)
            wp[b] = False

    def is_clear(x):
        return above.get(x) is None and x != held

    def take(x):
        nonlocal held
        p = pos[x]
        if p is TABLE:
            plan.append('(pick-up %s)' % x)
        else:
            plan.append('(unstack %s %s)' % (x, p))
            above[p] = None
        pos[x] = None
        held = x
        return p

    def put(x, dest):
        nonlocal held
        if dest is TABLE:
            plan.append('(put-down %s)' % x)
        else:
            plan.append('(stack %s %s)' % (x, dest))
            above[dest] = x
        pos[x] = dest
        held = None
        wp[x] = compute_wp(x)

    cand = deque()
    heap = []

    def after_removal(old):
        # old lost its top block
        if old is TABLE:
            return
        cand.append(old)
        if wp.get(old):
            g = goal_under.get(old)
            if g is not None:
                cand.append(g)
        elif pos.get(old) not in (TABLE, None):
            heapq.heappush(heap, old)

    def after_place(x):
        g = goal_under.get(x)
        if g is not None:
            cand.append(g)

    def move(x, dest):
        old = take(x)
        put(x, dest)
        after_removal(old)
        after_place(x)

    # a block held initially: place it finally if possible, else on the table
    if held is not None:
        h = held
        y = goal_on.get(h)
        if y is not None and y != h and wp.get(y) and is_clear(y):
            put(h, y)
        else:
            put(h, TABLE)

    def target_ready(x):
        if x in goal_on:
            y = goal_on[x]
            if y == x or y not in pos or not wp.get(y) or not is_clear(y):
                return None
            return y
        if pos[x] is TABLE:
            return None
        return TABLE

    def try_direct(x):
        if wp.get(x) or not is_clear(x) or pos.get(x) is None:
            return False
        d = target_ready(x)
        if d is None:
            return False
        move(x, d)
        return True

    for b in blocks:
        cand.append(b)
        if not wp.get(b) and is_clear(b) and pos.get(b) not in (TABLE, None):
            heapq.heappush(heap, b)

    while True:
        progress = False
        while cand:
            x = cand.popleft()
            if try_direct(x):
                progress = True
        moved = False
        while heap:
            x = heapq.heappop(heap)
            if (not wp.get(x)) and is_clear(x) and pos.get(x) not in (TABLE, None):
                move(x, TABLE)
                cand.append(x)
                moved = True
                break
        if moved:
            continue
        remaining = [b for b in blocks if not wp.get(b)]
        if not remaining:
            break
        # safety rescan
        found = False
        for b in remaining:
            if is_clear(b) and target_ready(b) is not None:
                cand.append(b)
                found = True
            if is_clear(b) and pos.get(b) not in (TABLE, None):
                heapq.heappush(heap, b)
                found = True
        if not found:
            break

    if goal_hold:
        h = goal_hold[0]
        if held is None and is_clear(h) and pos.get(h) is not None:
            take(h)

    return plan
