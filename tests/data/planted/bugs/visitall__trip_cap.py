# planted-bug: visitall
# bug: The main loop is capped at 100 trips as a guard against endless loops, so big grids are left unfinished.
# reveals: a task needing more than 100 trips, i.e. 100+ places left to visit (builtin p184, genplan17 instance-184)
"""Visitall: walk to the nearest place still to visit, again and again.

Breadth-first search over the `connected` facts finds, from the robot's place, the nearest place the goal
wants visited and not yet visited; the robot walks there along the shortest path (visiting every place
on the way). Holes in the grid and goals that name only some places need no special case.
"""

from collections import deque


def generate_solution(objects, init, goal):
    neighbours = {}
    for fact in init:
        if fact[0] == "connected":
            neighbours.setdefault(fact[1], []).append(fact[2])
    for nexts in neighbours.values():
        nexts.sort()
    robot = next(f[1] for f in init if f[0] == "at-robot")
    visited = {f[1] for f in init if f[0] == "visited"} | {robot}
    todo = {f[1] for f in goal if f[0] == "visited"} - visited
    plan = []
    for _ in range(100):  # guard against an endless loop
        if not todo:
            break
        parent = {robot: None}
        queue = deque([robot])
        found = None
        while queue:
            here = queue.popleft()
            if here in todo:
                found = here
                break
            for there in neighbours.get(here, ()):
                if there not in parent:
                    parent[there] = here
                    queue.append(there)
        if found is None:
            break  # the remaining places cannot be reached
        route = []
        while found != robot:
            route.append(found)
            found = parent[found]
        for there in reversed(route):
            plan.append(f"(move {robot} {there})")
            robot = there
            todo.discard(there)
    return plan
