"""A search artifact with its own states: push-level sokoban (an example, and the fixture of the tests).

A state is ``(robot cell, sorted (box, cell) pairs)`` instead of a frozenset of thousands of facts; a step
walks the robot to a box (a breadth-first search over the cells that hold no box) and pushes it once, the
pushes towards a box's goal listed first (``successors`` takes the goal as a fourth parameter). h is the
sum of each box's push distance to its goal cell, ignoring the other boxes (``inf`` where a box can no
longer reach its goal). The walk is spelled out only for the steps of the plan found (``spell``).

    genplan check docs/examples/sokoban_own_states.py sokoban
    genplan evaluate docs/examples/sokoban_own_states.py sokoban --suite ipc2023-learning --orderings 1

It assumes what the sokoban generators give: ``adjacent`` links floor cells only. It is a weak heuristic
(boxes block each other), written to show the interface, not to score.
"""

from collections import deque

_TABLES = {}
_ADJ = {}


def _tables(static, goal):
    key = (static, goal)
    t = _TABLES.get(key)
    if t is None:
        adj = _adjacency(static)
        dist = {}
        for f in goal:
            if f[0] == "at":
                target = f[2]
                d = {target: 0}
                queue = deque([target])
                while queue:
                    c = queue.popleft()
                    for way, n in adj.get(c, {}).items():
                        # a box at n pushed towards c, the robot behind it at adj[n][way]
                        if n not in d and adj.get(n, {}).get(way) is not None:
                            d[n] = d[c] + 1
                            queue.append(n)
                dist[f[1]] = d
        t = _TABLES[key] = dist
    return t


def encode(state, static, objects):
    robot = next(f[1] for f in state if f[0] == "at-robot")
    boxes = tuple(sorted((f[1], f[2]) for f in state if f[0] == "at"))
    return (robot, boxes)


def h(state, goal, static, objects):
    dist = _tables(static, goal)
    total = 0
    for box, cell in state[1]:
        d = dist.get(box)
        if d is None:
            continue
        v = d.get(cell)
        if v is None:
            return float("inf")
        total += v
    return total


def successors(state, static, objects, goal):
    """Every push the robot can reach, the pushes that bring their box closer to its goal first: the search
    evaluates the steps in this order only until one has a lower h, so a good order saves calls of h
    (which is why this function takes ``goal``, as a fourth parameter)."""
    adj = _adjacency(static)
    dist = _tables(static, goal)
    robot, boxes = state
    where = {cell: i for i, (_b, cell) in enumerate(boxes)}
    parent = {robot: None}
    queue = deque([robot])
    out = []
    while queue:
        c = queue.popleft()
        for way, n in adj.get(c, {}).items():
            if n in parent:
                continue
            if n in where:
                beyond = adj.get(n, {}).get(way)
                if beyond is not None and beyond not in where:
                    i = where[n]
                    moved = list(boxes)
                    moved[i] = (boxes[i][0], beyond)
                    out.append((_steps(adj, state, c, n, beyond, way, boxes[i][0]), (n, tuple(moved))))
                continue
            parent[n] = (c, way)
            queue.append(n)
    out.sort(key=lambda step: _gain(dist, boxes, step[1][1]))
    return out


def _gain(dist, before, after):
    """How much a push changes the pushed box's distance to its goal (negative: closer)."""
    for (box, old), (_same, new) in zip(before, after, strict=True):
        if old != new:
            d = dist.get(box)
            if d is None:
                return 0
            return d.get(new, len(d)) - d.get(old, len(d))
    return 0


def _adjacency(static):
    """cell -> {direction: neighbour}, built once per task (the same ``static`` object is passed on every call)."""
    adj = _ADJ.get(static)
    if adj is None:
        adj = _ADJ[static] = {}
        for f in static:
            if f[0] == "adjacent":
                adj.setdefault(f[1], {})[f[3]] = f[2]
    return adj


def _steps(adj, state, c, n, beyond, way, box):
    """The step's actions, spelled out only when the plan is built. The search keeps it for every state it
    meets, so it refers to the state (shared with the search), the task's adjacency (one per task) and a
    few names, not to this call's walk table: the walk is found again, for the plan's steps only."""

    def spell():
        robot, boxes = state
        blocked = {cell for _b, cell in boxes}
        parent = {robot: None}
        queue = deque([robot])
        while queue and c not in parent:
            cell = queue.popleft()
            for w, nxt in adj.get(cell, {}).items():
                if nxt not in parent and nxt not in blocked:
                    parent[nxt] = (cell, w)
                    queue.append(nxt)
        moves = []
        cell = c
        while parent[cell] is not None:
            prev, w = parent[cell]
            moves.append(f"(move {prev} {cell} {w})")
            cell = prev
        moves.reverse()
        return [*moves, f"(push {c} {n} {beyond} {way} {box})"]

    return spell
