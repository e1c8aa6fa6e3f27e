# planted-bug: transport
# bug: Pairs the packages with the vehicles one to one (zip), so packages beyond the number of vehicles stay put.
# reveals: more packages to deliver than vehicles (every task beyond the 2-package debugging tasks)
"""Transport: each package is delivered by its own vehicle.

Routes are shortest paths: a breadth-first search backwards along the roads from a destination gives,
for every place that can reach it, the next place on a shortest route and the distance. A vehicle's free
capacity is a capacity number; picking a package up moves it one step down the capacity-predecessor
chain and dropping it moves it back up, so a vehicle has room exactly when its capacity number has a
predecessor. A package that starts inside a vehicle is driven to its goal by that vehicle.
"""

from collections import deque


def generate_solution(objects, init, goal):
    kind = dict(objects)
    vehicles = sorted(name for name, t in kind.items() if t == "vehicle")
    back = {}  # place -> the places with a road to it
    for fact in init:
        if fact[0] == "road":
            back.setdefault(fact[2], []).append(fact[1])
    for sources in back.values():
        sources.sort()
    pos = {f[1]: f[2] for f in init if f[0] == "at"}
    inside = {f[1]: f[2] for f in init if f[0] == "in"}
    capacity = {f[1]: f[2] for f in init if f[0] == "capacity"}
    smaller = {f[2]: f[1] for f in init if f[0] == "capacity-predecessor"}
    larger = {f[1]: f[2] for f in init if f[0] == "capacity-predecessor"}
    targets = {f[1]: f[2] for f in goal if f[0] == "at" and kind.get(f[1]) == "package"}
    plan = []

    def toward(end):
        step, dist = {end: None}, {end: 0}
        queue = deque([end])
        while queue:
            here = queue.popleft()
            for there in back.get(here, ()):
                if there not in step:
                    step[there], dist[there] = here, dist[here] + 1
                    queue.append(there)
        return step, dist

    def drive(vehicle, end, step):
        while pos[vehicle] != end:
            there = step[pos[vehicle]]
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
            drive(vehicle, targets[package], toward(targets[package])[0])
            drop(vehicle, package)

    for package, vehicle in zip(sorted(targets), vehicles, strict=False):
        target = targets[package]
        if pos.get(package) == target:
            continue
        drive(vehicle, pos[package], toward(pos[package])[0])
        pick_up(vehicle, package)
        drive(vehicle, target, toward(target)[0])
        drop(vehicle, package)
    return plan
