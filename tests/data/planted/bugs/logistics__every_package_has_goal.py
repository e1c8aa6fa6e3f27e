# planted-bug: logistics
# bug: Loops over every package and looks up its goal location, crashing (KeyError) on a package without one.
# reveals: a package that the goal does not mention (only genplan17's IPC-style tasks have one)
"""Logistics: deliver the packages one at a time.

A package whose goal is in its own city goes by truck. Any other package goes by truck to an airport of
its city (unless it is already at one), by airplane to the goal city's airport (or straight to the goal
when that is an airport), then by truck to its goal. Trucks never leave their city, so the trucks of a
city are known from their initial positions; the vehicle already standing where it is needed is
preferred. A package that starts inside a vehicle is first unloaded where that vehicle stands.
"""


def generate_solution(objects, init, goal):
    trucks = sorted(f[1] for f in init if f[0] == "truck")
    airplanes = sorted(f[1] for f in init if f[0] == "airplane")
    airports = {f[1] for f in init if f[0] == "airport"}
    city_of = {f[1]: f[2] for f in init if f[0] == "in-city"}
    pos = {f[1]: f[2] for f in init if f[0] == "at"}
    inside = {f[1]: f[2] for f in init if f[0] == "in"}
    targets = {f[1]: f[2] for f in goal if f[0] == "at"}
    airport_of = {}
    for airport in sorted(airports):
        airport_of.setdefault(city_of[airport], airport)
    plan = []

    def pick(vehicles, where, city=None):
        here = [v for v in vehicles if pos[v] == where]
        if here:
            return here[0]
        return next(v for v in vehicles if city is None or city_of[pos[v]] == city)

    def move(vehicle, to):
        if pos[vehicle] == to:
            return
        if vehicle in airplanes:
            plan.append(f"(fly-airplane {vehicle} {pos[vehicle]} {to})")
        else:
            plan.append(f"(drive-truck {vehicle} {pos[vehicle]} {to} {city_of[to]})")
        pos[vehicle] = to

    def carry(package, vehicle, to):
        kind = "airplane" if vehicle in airplanes else "truck"
        move(vehicle, pos[package])
        plan.append(f"(load-{kind} {package} {vehicle} {pos[package]})")
        move(vehicle, to)
        plan.append(f"(unload-{kind} {package} {vehicle} {to})")
        pos[package] = to

    for package in sorted(inside):
        vehicle = inside[package]
        kind = "airplane" if vehicle in airplanes else "truck"
        plan.append(f"(unload-{kind} {package} {vehicle} {pos[vehicle]})")
        pos[package] = pos[vehicle]

    packages = sorted(f[1] for f in init if f[0] == "obj")
    for package in packages:
        target = targets[package]
        if pos[package] == target:
            continue
        home, away = city_of[pos[package]], city_of[target]
        if home == away:
            carry(package, pick(trucks, pos[package], home), target)
            continue
        if pos[package] not in airports:
            carry(package, pick(trucks, pos[package], home), airport_of[home])
        landing = target if target in airports else airport_of[away]
        carry(package, pick(airplanes, pos[package]), landing)
        if landing != target:
            carry(package, pick(trucks, landing, away), target)
    return plan
