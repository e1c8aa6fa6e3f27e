# planted-bug: visitall
# bug: Builds the grid from the goal's places only, so paths through places the goal does not name are never found.
# reveals: a goal naming only some places, when the robot must cross or start on an unnamed one (genplan17 only)
"""Visitall: walk to the nearest place still to visit, again and again.

Breadth-first search over the `connected` facts finds, from the robot's place, the nearest place the goal
wants visited and not yet visited; the robot walks there along the shortest path (visiting every place
on the way). The places of the grid are the places of the goal.
"""

from collections import deque


def generate_solution(objects, init, goal):
    places = {f[1] for f in goal if f[0] == "visited"}
    neighbours = {}
    for fact in init:
        if fact[0] == "connected" and fact[1] in places and fact[2] in places:
            neighbours.setdefault(fact[1], []).append(fact[2])
    for nexts in neighbours.values():
        nexts.sort()
    robot = next(f[1] for f in init if f[0] == "at-robot")
    visited = {f[1] for f in init if f[0] == "visited"} | {robot}
    todo = {f[1] for f in goal if f[0] == "visited"} - visited
    plan = []
    while todo:
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
