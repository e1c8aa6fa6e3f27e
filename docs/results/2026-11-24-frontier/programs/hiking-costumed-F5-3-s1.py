from collections import deque

def generate_solution(objects, init, goal):
    # 1. Static structure
    start_pads = sorted(f[1] for f in init if f[0] == 'frog-sits' and len(f) == 2)
    logs = {f[1] for f in init if f[0] == 'is-log' and len(f) == 2}
    sticky = {f[1] for f in init if f[0] == 'is-sticky' and len(f) == 2}
    succ = {}
    for f in init:
        if f[0] == 'neighbours' and len(f) == 3:
            succ.setdefault(f[1], set()).add(f[2])

    # 2. Goal pad
    goal_pads = {f[1] for f in goal if f[0] == 'frog-sits' and len(f) == 2}
    if not goal_pads:
        return []
    if len(goal_pads) > 1:
        return []
    target = next(iter(goal_pads))
    if not start_pads:
        return []
    if target in start_pads:
        return []
    start = start_pads[0]

    # 3. Breadth-first search over the pad graph
    parent = {start: None}
    queue = deque([start])
    while queue:
        cur = queue.popleft()
        if cur == target:
            break
        if cur in sticky:
            continue  # the frog cannot leave a sticky pad
        for nxt in sorted(succ.get(cur, ())):
            if nxt not in parent:
                parent[nxt] = cur
                queue.append(nxt)
    if target not in parent:
        return []  # unreachable: no valid plan

    # 4. Rebuild the path
    path = []
    p = target
    while p is not None:
        path.append(p)
        p = parent[p]
    path.reverse()

    # 5. Convert to actions
    plan = []
    for i in range(len(path) - 1):
        here, there = path[i], path[i + 1]
        if there in logs:
            plan.append('(leap %s %s)' % (here, there))
        else:
            plan.append('(hop %s %s)' % (here, there))
    return plan
