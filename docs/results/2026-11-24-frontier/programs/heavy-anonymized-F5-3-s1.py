import heapq

import re

from collections import deque

def _key(name):
    return tuple((0, int(t), '') if t.isdigit() else (1, 0, t) for t in re.split(r'(\d+)', name))

def generate_solution(objects, init, goal):
    plan = []

    nodes = set(objects)
    succ = {}
    free = set()
    visited = set()
    cur = None
    started = ('predicate_5',) not in init
    for f in init:
        if f[0] == 'predicate_1' and len(f) == 3:
            succ.setdefault(f[1], set()).add(f[2])
            nodes.add(f[1])
            nodes.add(f[2])
        elif f[0] == 'predicate_3' and len(f) == 2:
            free.add(f[1])
            nodes.add(f[1])
        elif f[0] == 'predicate_2' and len(f) == 2:
            visited.add(f[1])
            nodes.add(f[1])
        elif f[0] == 'predicate_4' and len(f) == 2:
            cur = f[1]
            nodes.add(f[1])

    goal_nodes = set()
    for f in goal:
        if f[0] == 'predicate_2' and len(f) == 2:
            goal_nodes.add(f[1])
            nodes.add(f[1])

    for x in nodes:
        succ.setdefault(x, set())

    # 1. topological rank (Kahn), ties: most outgoing edges, then name
    indeg = {x: 0 for x in nodes}
    for x in nodes:
        for y in succ[x]:
            indeg[y] += 1
    heap = [(-len(succ[x]), _key(x), x) for x in nodes if indeg[x] == 0]
    heapq.heapify(heap)
    rank = {}
    while heap:
        _, _, x = heapq.heappop(heap)
        if x in rank:
            continue
        rank[x] = len(rank)
        for y in succ[x]:
            indeg[y] -= 1
            if indeg[y] == 0:
                heapq.heappush(heap, (-len(succ[y]), _key(y), y))
    rest = sorted([x for x in nodes if x not in rank], key=lambda x: (-len(succ[x]), _key(x)))
    for x in rest:
        rank[x] = len(rank)

    succ_sorted = {x: sorted(succ[x], key=lambda y: rank[y]) for x in nodes}

    # 2. required nodes in rank order
    need = sorted([x for x in goal_nodes if x not in visited], key=lambda x: rank[x])
    if not need:
        return plan

    # 3. start
    if not started or cur is None:
        if started and cur is None:
            # walk started but walker position unknown: cannot act
            return plan
    if not started:
        s = need[0]
        plan.append('(action_1 %s)' % s)
        visited.add(s)
        free.discard(s)
        cur = s
        need = need[1:]

    def bfs_path(a, b):
        parent = {a: None}
        dq = deque([a])
        while dq:
            x = dq.popleft()
            for y in succ_sorted[x]:
                if y in parent or y not in free:
                    continue
                parent[y] = x
                if y == b:
                    path = [b]
                    p = x
                    while p != a:
                        path.append(p)
                        p = parent[p]
                    path.reverse()
                    return path
                dq.append(y)
        return None

    # 4. visit remaining required nodes in order
    for t in need:
        if t in visited:
            continue
        if t in succ[cur] and t in free:
            path = [t]
        else:
            path = bfs_path(cur, t)
            if path is None:
                continue
        for y in path:
            plan.append('(action_2 %s %s)' % (cur, y))
            visited.add(y)
            free.discard(y)
            cur = y

    return plan
