# planted-bug: transport
# bug: Finds shortest routes by a depth-first search over all simple paths, exponential in the road map.
# reveals: road maps of about 35+ locations time out (builtin p054, genplan17 instance-55)
"""Transport: deliver the packages one at a time, each with the nearest vehicle that has room.

Routes are the shortest of all simple paths, found depth-first. A vehicle's free capacity is a capacity
number; picking a package up moves it one step down the capacity-predecessor chain and dropping it moves
it back up, so a vehicle has room exactly when its capacity number has a predecessor. A package that
starts inside a vehicle is driven to its goal by that vehicle.
"""


def generate_solution(objects, init, goal):
    kind = dict(objects)
    vehicles = sorted(name for name, t in kind.items() if t == "vehicle")
    roads = {}
    for fact in init:
        if fact[0] == "road":
            roads.setdefault(fact[1], []).append(fact[2])
    for nexts in roads.values():
        nexts.sort()
    pos = {f[1]: f[2] for f in init if f[0] == "at"}
    inside = {f[1]: f[2] for f in init if f[0] == "in"}
    capacity = {f[1]: f[2] for f in init if f[0] == "capacity"}
    smaller = {f[2]: f[1] for f in init if f[0] == "capacity-predecessor"}
    larger = {f[1]: f[2] for f in init if f[0] == "capacity-predecessor"}
    targets = {f[1]: f[2] for f in goal if f[0] == "at" and kind.get(f[1]) == "package"}
    plan = []

    def shortest_route(start, end):
        best = None

        def explore(route):
            nonlocal best
            if best is not None and len(route) >= len(best):
                return
            if route[-1] == end:
                best = list(route)
                return
            for there in roads.get(route[-1], ()):
                if there not in route:
                    route.append(there)
                    explore(route)
                    route.pop()

        explore([start])
        return best

    def drive(vehicle, to):
        for there in shortest_route(pos[vehicle], to)[1:]:
            plan.append(f"(drive {vehicle} {pos[vehicle]} {there})")
            pos[vehicle] = there

    def pick_up(vehicle, package):
        free = capacity[vehicle]
        plan.append(f"(pick-up {vehicle} {pos[vehicle]} {package} {smaller[free]} {free})")
        capacity[vehicle] = smaller[free]
        del pos[package]

    def drop(vehicle, package):
        free = capacity[vehicle]
        plan.append(f"(drop {vehicle} {pos[vehicle]} {package} {free} {larger[free]})")
        capacity[vehicle] = larger[free]
        pos[package] = pos[vehicle]

    for package in sorted(inside):
        vehicle = inside[package]
        if package in targets:
            drive(vehicle, targets[package])
            drop(vehicle, package)

    for package in sorted(targets):
        target = targets[package]
        if pos.get(package) == target:
            continue
        start = pos[package]
        if shortest_route(start, target) is None:
            continue
        best = None
        for vehicle in vehicles:
            if capacity[vehicle] not in smaller:
                continue
            route = shortest_route(pos[vehicle], start)
            if route is None:
                continue
            if best is None or len(route) < best[0]:
                best = (len(route), vehicle)
        vehicle = best[1]
        drive(vehicle, start)
        pick_up(vehicle, package)
        drive(vehicle, target)
        drop(vehicle, package)
    return plan
