from collections import deque, defaultdict

def generate_solution(objects, init, goal):
    types = {}
    for o in objects:
        if isinstance(o, tuple) and len(o) >= 2:
            types[o[0]] = o[1]
    men = sorted(n for n, t in types.items() if t == 'man')
    spanners = set(n for n, t in types.items() if t == 'spanner')
    nuts = set(n for n, t in types.items() if t == 'nut')

    loc_of = {}
    links = defaultdict(list)
    useable = set()
    carrying = defaultdict(set)
    tightened = set()
    for f in init:
        p = f[0]
        if p == 'at' and len(f) == 3:
            loc_of[f[1]] = f[2]
        elif p == 'link' and len(f) == 3:
            links[f[1]].append(f[2])
        elif p == 'useable' and len(f) == 2:
            useable.add(f[1])
        elif p == 'carrying' and len(f) == 3:
            carrying[f[1]].add(f[2])
        elif p == 'tightened' and len(f) == 2:
            tightened.add(f[1])
    for l in links:
        links[l].sort()

    if not men:
        # fall back: any object that is 'at' somewhere and carries, else nothing to do
        return []
    man = men[0]
    cur = loc_of.get(man)

    # spanners per location (useable, lying on the ground)
    spanners_at = defaultdict(list)
    for s in spanners:
        if s in loc_of and s in useable:
            spanners_at[loc_of[s]].append(s)
    for l in spanners_at:
        spanners_at[l].sort()

    carried = sorted(s for s in carrying[man] if s in useable)
    todo = set()
    for f in goal:
        if f[0] == 'tightened' and len(f) == 2 and f[1] not in tightened:
            todo.add(f[1])

    plan = []

    def bfs_path(start, targets):
        if start in targets:
            return [start]
        parent = {start: None}
        q = deque([start])
        while q:
            l = q.popleft()
            for l2 in links.get(l, ()):
                if l2 not in parent:
                    parent[l2] = l
                    if l2 in targets:
                        path = [l2]
                        while parent[path[-1]] is not None:
                            path.append(parent[path[-1]])
                        path.reverse()
                        return path
                    q.append(l2)
        return None

    def pick_here(l):
        lst = spanners_at.get(l)
        while lst and len(carried) < len(todo):
            s = lst.pop(0)
            plan.append('(pickup_spanner %s %s %s)' % (l, s, man))
            carried.append(s)

    while todo:
        nut_locs = set(loc_of[n] for n in todo if n in loc_of)
        if not nut_locs or cur is None:
            break
        path = bfs_path(cur, nut_locs)
        if path is None:
            break
        pick_here(path[0])
        for i in range(1, len(path)):
            plan.append('(walk %s %s %s)' % (path[i - 1], path[i], man))
            cur = path[i]
            pick_here(cur)
        here = sorted(n for n in todo if loc_of.get(n) == cur)
        progress = False
        for n in here:
            if not carried:
                break
            s = carried.pop(0)
            plan.append('(tighten_nut %s %s %s %s)' % (cur, s, man, n))
            todo.discard(n)
            progress = True
        if not progress:
            break
    return plan
