"""Helpers shared by the generator tests: reading facts, and the constructive plans of all 17 domains.

Each ``plan_<domain>`` builds the plan that the generator module's docstring describes when it argues
that its tasks are solvable by construction; the tests check those plans with genplan's validator, on
generated tasks of any size and on the reference tasks. (Not a test module: pytest collects nothing here.)
"""

from __future__ import annotations

from collections import Counter, defaultdict, deque
from collections.abc import Callable, Iterable
from itertools import pairwise
from pathlib import Path

from genplan.generators import generator_module
from genplan.generators.domains import builtin_domain
from genplan.pddl import Task, load_task, parse_problem


# ------------------------------------------------------------------------------------------------ helpers
def generate(domain: str, size: int, seed: int) -> Task:
    module = generator_module(domain)
    return module.generate(module.params_for_size(size), seed)


def facts(pool: Task | Iterable[tuple[str, ...]], predicate: str) -> set[tuple[str, ...]]:
    """The arguments of the initial facts (or of the given facts) of ``predicate``."""
    source = pool.init if isinstance(pool, Task) else pool
    return {f[1:] for f in source if f[0] == predicate}


def objects_of(task: Task, kind: str) -> list[str]:
    """Objects of a type (typed domains) or marked by a unary ``kind`` fact (untyped domains)."""
    if task.domain.typed:
        return sorted(o for o, t in task.objects if t == kind)
    return sorted(x for (x,) in facts(task, kind))


def reference_task(root: Path, domain: str, k: int, ours: bool = False) -> Task:
    problem = root / domain / "problems" / f"instance-{k}.pddl"
    if ours:
        return parse_problem(problem, builtin_domain(domain))
    return load_task(root / domain / "domain.pddl", problem)


def assert_valid(task: Task, steps: Iterable[str]) -> None:
    from genplan.validate import validate

    verdict = validate(task, list(steps))
    assert verdict.valid, (task.name, verdict)


def bfs_path(start: str, goals: set[str], neighbours: Callable[[str], Iterable[str]]) -> list[str] | None:
    """A shortest path ``[start, ..., goal]`` to one of ``goals`` (first neighbours first), or ``None``."""
    parent: dict[str, str | None] = {start: None}
    queue = deque([start])
    while queue:
        here = queue.popleft()
        if here in goals:
            path = [here]
            while parent[path[-1]] is not None:
                path.append(parent[path[-1]])  # type: ignore[arg-type]
            return path[::-1]
        for there in neighbours(here):
            if there not in parent:
                parent[there] = here
                queue.append(there)
    return None


def chain(first: str, successor: dict[str, str], end: str) -> list[str]:
    out = [first]
    while successor[out[-1]] != end:
        out.append(successor[out[-1]])
    return out


def adjacency(pairs: Iterable[tuple[str, ...]]) -> dict[str, list[str]]:
    out: dict[str, list[str]] = defaultdict(list)
    for a, b in sorted(pairs):
        out[a].append(b)
    return out


def connected(nodes: Iterable[str], pairs: Iterable[tuple[str, ...]]) -> bool:
    nodes = sorted(nodes)
    return len(reach(nodes[0], adjacency(pairs))) == len(nodes)


def reach(start: str, links: dict[str, list[str]]) -> set[str]:
    seen, stack = {start}, [start]
    while stack:
        for n in links[stack.pop()]:
            if n not in seen:
                seen.add(n)
                stack.append(n)
    return seen


# ------------------------------------------------------------------ constructive plans (the docstrings' argument)
def plan_delivery(task: Task) -> list[str]:
    (home,) = (x for (x,) in facts(task, "ishomebase"))
    papers = sorted(x for (x,) in facts(task, "unpacked"))
    wanting = sorted(x for (x,) in facts(task, "wantspaper"))
    steps = [f"(pick-up {p} {home})" for p in papers[: len(wanting)]]
    here = home
    for loc, paper in zip(wanting, papers, strict=False):
        steps += [f"(move {here} {loc})", f"(deliver {paper} {loc})"]
        here = loc
    return steps


def plan_ferry(task: Task) -> list[str]:
    (ferry,) = (x for (x,) in facts(task, "at-ferry"))
    at = dict(facts(task, "at"))
    steps = []
    for _, car, goal in sorted(task.goal):
        if at[car] == goal:
            continue
        if ferry != at[car]:
            steps.append(f"(sail {ferry} {at[car]})")
        steps += [f"(board {car} {at[car]})", f"(sail {at[car]} {goal})", f"(debark {car} {goal})"]
        ferry = goal
    return steps


def plan_gripper(task: Task) -> list[str]:
    (robot,) = (x for (x,) in facts(task, "at-robby"))
    hand = objects_of(task, "gripper")[0]
    at = dict(facts(task, "at"))
    steps = []
    for _, ball, goal in sorted(task.goal):
        if at[ball] == goal:
            continue
        if robot != at[ball]:
            steps.append(f"(move {robot} {at[ball]})")
        steps += [f"(pick {ball} {at[ball]} {hand})", f"(move {at[ball]} {goal})", f"(drop {ball} {goal} {hand})"]
        robot = goal
    return steps


def plan_heavy(task: Task) -> list[str]:
    lighter_than = Counter(a for a, _ in facts(task, "heavier"))
    order = sorted(objects_of(task, "unpacked"), key=lambda item: -lighter_than[item])
    return [f"(pack-first {order[0]})"] + [f"(stack {a} {b})" for a, b in pairwise(order)]


def trail_of(task: Task) -> list[str]:
    (start,) = (x for (x,) in facts(task, "at"))
    nxt = dict(facts(task, "ontrail"))
    trail = [start]
    while trail[-1] in nxt and len(trail) <= len(nxt):
        trail.append(nxt[trail[-1]])
    return trail


def plan_hiking(task: Task) -> list[str]:
    hills = {x for (x,) in facts(task, "ishill")}
    trail = trail_of(task)
    return [f"({'climb' if b in hills else 'walk'} {a} {b})" for a, b in pairwise(trail)]


def plan_miconic(task: Task) -> list[str]:
    lift = {f.rsplit("_", 1)[1]: f for (f,) in facts(task, "lift-at")}
    origin, destin = dict(facts(task, "origin")), dict(facts(task, "destin"))
    steps = []

    def go(building: str, floor: str) -> None:
        here = lift[building]
        if here != floor:
            up = int(floor.split("_")[0][1:]) > int(here.split("_")[0][1:])
            steps.append(f"({'up' if up else 'down'} {here} {floor})")
            lift[building] = floor

    for person in sorted(origin):
        building = person.rsplit("_", 1)[1]
        go(building, origin[person])
        steps.append(f"(board {origin[person]} {person})")
        go(building, destin[person])
        steps.append(f"(depart {destin[person]} {person})")
    return steps


def plan_spanner(task: Task) -> list[str]:
    (man,) = objects_of(task, "man")
    link = dict(facts(task, "link"))
    at = defaultdict(list)
    for obj, loc in sorted(facts(task, "at")):
        at[loc].append(obj)
    spanners = set(objects_of(task, "spanner"))
    (here,) = (loc for obj, loc in facts(task, "at") if obj == man)
    steps, carried = [], []
    while True:
        for spanner in at[here]:
            if spanner in spanners:
                steps.append(f"(pickup_spanner {here} {spanner} {man})")
                carried.append(spanner)
        if here not in link:
            break
        steps.append(f"(walk {here} {link[here]} {man})")
        here = link[here]
    for nut, spanner in zip(sorted(objects_of(task, "nut")), carried, strict=False):
        steps.append(f"(tighten_nut {here} {spanner} {man} {nut})")
    return steps


def plan_blocksworld(task: Task) -> list[str]:
    below = dict(facts(task, "on"))
    steps = []
    for (top,) in sorted(facts(task, "clear")):  # take every tower apart, top down
        block = top
        while block in below:
            steps += [f"(unstack {block} {below[block]})", f"(put-down {block})"]
            block = below[block]
    goal_below = dict(facts(task.goal, "on"))
    goal_above = {lower: upper for upper, lower in goal_below.items()}
    for bottom in sorted(set(goal_above) - set(goal_below)):  # build every goal tower bottom up
        block = bottom
        while block in goal_above:
            steps += [f"(pick-up {goal_above[block]})", f"(stack {goal_above[block]} {block})"]
            block = goal_above[block]
    return steps


def plan_grippers(task: Task) -> list[str]:
    robot = objects_of(task, "robot")[0]
    (here,) = (room for r, room in facts(task, "at-robby") if r == robot)
    hand = sorted(g for r, g in facts(task, "free") if r == robot)[0]
    at = dict(facts(task, "at"))
    steps = []
    for _, ball, goal in sorted(task.goal):
        if at[ball] == goal:
            continue
        if here != at[ball]:
            steps.append(f"(move {robot} {here} {at[ball]})")
        steps += [
            f"(pick {robot} {ball} {at[ball]} {hand})",
            f"(move {robot} {at[ball]} {goal})",
            f"(drop {robot} {ball} {goal} {hand})",
        ]
        here = goal
    return steps


def plan_logistics(task: Task) -> list[str]:
    city_of = dict(facts(task, "in-city"))
    airports = {city_of[a]: a for (a,) in facts(task, "airport")}
    at = dict(facts(task, "at"))
    truck_of = {city_of[at[t]]: t for t in sorted(objects_of(task, "truck"), reverse=True)}
    plane = objects_of(task, "airplane")[0]
    steps: list[str] = []

    def drive(truck: str, to: str) -> None:
        if at[truck] != to:
            steps.append(f"(drive-truck {truck} {at[truck]} {to} {city_of[to]})")
            at[truck] = to

    def by_truck(package: str, frm: str, to: str) -> None:
        if frm != to:
            truck = truck_of[city_of[frm]]
            drive(truck, frm)
            steps.append(f"(load-truck {package} {truck} {frm})")
            drive(truck, to)
            steps.append(f"(unload-truck {package} {truck} {to})")

    for _, package, goal in sorted(task.goal):
        here = at[package]
        if city_of[here] == city_of[goal]:
            by_truck(package, here, goal)
            continue
        origin, destination = airports[city_of[here]], airports[city_of[goal]]
        by_truck(package, here, origin)
        if at[plane] != origin:
            steps.append(f"(fly-airplane {plane} {at[plane]} {origin})")
        steps += [
            f"(load-airplane {package} {plane} {origin})",
            f"(fly-airplane {plane} {origin} {destination})",
            f"(unload-airplane {package} {plane} {destination})",
        ]
        at[plane] = destination
        by_truck(package, destination, goal)
    return steps


def plan_satellite(task: Task) -> list[str]:
    on_board = dict(facts(task, "on_board"))
    pointing = dict(facts(task, "pointing"))
    supports = sorted(facts(task, "supports"))
    calibration = {}
    for instrument, direction in sorted(facts(task, "calibration_target")):
        calibration.setdefault(instrument, direction)
    powered: dict[str, str] = {}
    steps: list[str] = []

    def turn(sat: str, to: str) -> None:
        if pointing[sat] != to:
            steps.append(f"(turn_to {sat} {to} {pointing[sat]})")
            pointing[sat] = to

    for _, direction, mode in sorted(f for f in task.goal if f[0] == "have_image"):
        instrument = next(i for i, m in supports if m == mode)
        sat = on_board[instrument]
        if powered.get(sat) != instrument:
            if sat in powered:
                steps.append(f"(switch_off {powered[sat]} {sat})")
            steps.append(f"(switch_on {instrument} {sat})")
            turn(sat, calibration[instrument])
            steps.append(f"(calibrate {sat} {instrument} {calibration[instrument]})")
            powered[sat] = instrument
        turn(sat, direction)
        steps.append(f"(take_image {sat} {direction} {instrument} {mode})")
    for _, sat, direction in sorted(f for f in task.goal if f[0] == "pointing"):
        turn(sat, direction)
    return steps


def plan_visitall(task: Task) -> list[str]:
    """A depth-first walk over the start's component, returning along the tree edges."""
    neighbours = defaultdict(list)
    for a, b in sorted(facts(task, "connected")):
        neighbours[a].append(b)
    (start,) = (x for (x,) in facts(task, "at-robot"))
    steps, seen = [], {start}

    stack = [(start, iter(neighbours[start]))]
    while stack:
        place, rest = stack[-1]
        nxt = next((n for n in rest if n not in seen), None)
        if nxt is None:
            stack.pop()
            if stack:
                steps.append(f"(move {place} {stack[-1][0]})")
            continue
        seen.add(nxt)
        steps.append(f"(move {place} {nxt})")
        stack.append((nxt, iter(neighbours[nxt])))
    return steps


def beluga_orders(task: Task) -> tuple[list[str], list[str], dict[str, int], list[str]]:
    (first,) = (p for (p,) in facts(task, "ready-to-unload"))
    unload = chain(first, dict(facts(task, "next-to-unload")), "nonep")
    (start,) = (p for _, p in facts(task, "p-line-next"))
    production = chain(start, dict(facts(task, "p-line-succ")), "nonep")
    sizes = {p: int(n[1:]) for p, n in facts(task, "size")}
    return unload, production, sizes, objects_of(task, "rack")


def plan_beluga(task: Task) -> list[str]:
    """The generator's strategy, on the task's lines and the parts its racks hold at the start."""
    from genplan.generators.beluga import strategy_plan
    from genplan.generators.features import beluga_state

    state = beluga_state(task)
    (unload,) = state["flights"]
    racks = sorted(state["racks"], key=lambda r: (len(r), r))  # rack2 before rack10, as generated
    steps = strategy_plan(unload, state["lines"], state["sizes"], racks, state["capacity"], state["racks"])
    assert steps is not None, task.name
    return steps


def plan_goldminer(task: Task) -> list[str]:
    """Laser a way to the gold's neighbour, leave the laser there, fetch a bomb, blast the gold free."""
    links = adjacency(facts(task, "connected"))
    clear = {c for (c,) in facts(task, "clear")}
    (robot,) = (c for (c,) in facts(task, "robot-at"))
    (supply,) = (c for (c,) in facts(task, "bomb-at"))
    (gold,) = (c for (c,) in facts(task, "gold-at"))
    assert (supply,) in facts(task, "laser-at")
    steps: list[str] = []

    def walk(path: list[str]) -> None:
        steps.extend(f"(move {a} {b})" for a, b in pairwise(path))

    walk(bfs_path(robot, {supply}, lambda c: (n for n in links[c] if n in clear)) or [])
    near_gold = set(links[gold])
    way = bfs_path(supply, near_gold, lambda c: (n for n in links[c] if n in clear and n != gold))
    if way is None:  # laser a way through the rock
        way = bfs_path(supply, near_gold, lambda c: (n for n in links[c] if n != gold))
        assert way is not None
        steps.append(f"(pickup-laser {supply})")
        for a, b in pairwise(way):
            if b not in clear:
                steps.append(f"(fire-laser {a} {b})")
            steps.append(f"(move {a} {b})")
        steps.append(f"(putdown-laser {way[-1]})")
        walk(way[::-1])
    steps.append(f"(pickup-bomb {supply})")
    walk(way)
    steps += [f"(detonate-bomb {way[-1]} {gold})", f"(move {way[-1]} {gold})", f"(pick-gold {gold})"]
    return steps


def plan_minigrid(task: Task) -> list[str]:
    """Open, one at a time, a locked door next to the reachable region whose key lies in it; then go."""
    links = adjacency(facts(task, "conn"))
    is_open = {p for (p,) in facts(task, "open")}
    lock_shape = dict(facts(task, "lock-shape"))
    key_shape = dict(facts(task, "key-shape"))
    key_at = dict(facts(task, "at"))
    (here,) = (p for (p,) in facts(task, "at-robot"))
    ((_, goal),) = task.goal
    held: str | None = None
    steps: list[str] = []

    def go(to: set[str]) -> str:
        nonlocal here
        path = bfs_path(here, to, lambda p: (n for n in links[p] if n in is_open))
        assert path is not None
        steps.extend(f"(move {a} {b})" for a, b in pairwise(path))
        here = path[-1]
        return here

    while True:
        region = reach(here, {p: [n for n in links[p] if n in is_open] for p in links})
        if goal in region:
            go({goal})
            return steps
        door, key = next(
            (d, k)
            for d in sorted(lock_shape)
            if d not in is_open and any(n in region for n in links[d])
            for k in sorted(key_shape)
            if key_shape[k] == lock_shape[d] and (k == held or key_at.get(k) in region)
        )
        if key != held:
            go({key_at[key]})
            if held is None:
                steps.append(f"(pickup {here} {key})")
            else:
                steps.append(f"(pickup-and-loose {here} {key} {held})")
                key_at[held] = here
            del key_at[key]
            held = key
        go({n for n in links[door] if n in region})
        steps.append(f"(unlock {here} {door} {key} {lock_shape[door]})")
        is_open.add(door)


def plan_rovers(task: Task) -> list[str]:
    """Reach each goal on its own with a rover able to: drive, sample or calibrate and shoot, communicate."""
    ((lander, lander_at),) = facts(task, "at_lander")
    visible = adjacency(facts(task, "visible"))
    at = dict(facts(task, "at"))
    store = {r: s for s, r in facts(task, "store_of")}
    full: set[str] = set()
    equipped = {
        kind: {r for (r,) in facts(task, f"equipped_for_{kind}")}
        for kind in ("soil_analysis", "rock_analysis", "imaging")
    }
    traverse: dict[str, dict[str, list[str]]] = defaultdict(lambda: defaultdict(list))
    for r, a, b in sorted(facts(task, "can_traverse")):
        if b in visible[a]:
            traverse[r][a].append(b)
    cameras = sorted(facts(task, "on_board"))
    supports = facts(task, "supports")
    target = dict(facts(task, "calibration_target"))
    seen_from: dict[str, set[str]] = defaultdict(set)
    for o, w in facts(task, "visible_from"):
        seen_from[o].add(w)
    talk_from = {w for w in visible if lander_at in visible[w]}
    steps: list[str] = []

    def route(r: str, to: set[str]) -> list[str] | None:
        return bfs_path(at[r], to, lambda w: traverse[r][w])

    def drive(r: str, path: list[str]) -> None:
        steps.extend(f"(navigate {r} {a} {b})" for a, b in pairwise(path))
        at[r] = path[-1]

    def can_talk(r: str, via: set[str]) -> bool:
        return any(route(r, {w}) and bfs_path(w, talk_from, lambda x: traverse[r][x]) for w in sorted(via))

    for goal in sorted(task.goal):
        if goal[0] in ("communicated_soil_data", "communicated_rock_data"):
            kind = goal[0].split("_")[1]
            w = goal[1]
            r = next(r for r in sorted(equipped[f"{kind}_analysis"]) if can_talk(r, {w}))
            drive(r, route(r, {w}))  # type: ignore[arg-type]
            if store[r] in full:
                steps.append(f"(drop {r} {store[r]})")
            steps.append(f"(sample_{kind} {r} {store[r]} {w})")
            full.add(store[r])
            drive(r, route(r, talk_from))  # type: ignore[arg-type]
            steps.append(f"(communicate_{kind}_data {r} {lander} {w} {at[r]} {lander_at})")
        else:
            _, o, m = goal
            r, camera = next(
                (r, c)
                for c, r in cameras
                if r in equipped["imaging"]
                and (c, m) in supports
                and can_talk(r, seen_from[o])
                and any(route(r, {w}) for w in sorted(seen_from[target[c]]))
            )
            drive(r, route(r, seen_from[target[camera]]))  # type: ignore[arg-type]
            steps.append(f"(calibrate {r} {camera} {target[camera]} {at[r]})")
            drive(r, route(r, seen_from[o]))  # type: ignore[arg-type]
            steps.append(f"(take_image {r} {at[r]} {o} {camera} {m})")
            drive(r, route(r, talk_from))  # type: ignore[arg-type]
            steps.append(f"(communicate_image_data {r} {lander} {o} {m} {at[r]} {lander_at})")
    return steps


def plan_transport(task: Task) -> list[str]:
    """One truck carries the packages one at a time."""
    roads = adjacency(facts(task, "road"))
    truck = objects_of(task, "vehicle")[0]
    at = dict(facts(task, "at"))
    free = dict(facts(task, "capacity"))[truck]
    one_less = {b: a for a, b in facts(task, "capacity-predecessor")}
    steps: list[str] = []

    def drive(to: str) -> None:
        path = bfs_path(at[truck], {to}, lambda loc: roads[loc])
        assert path is not None
        steps.extend(f"(drive {truck} {a} {b})" for a, b in pairwise(path))
        at[truck] = to

    for _, package, goal in sorted(task.goal):
        if at[package] == goal:
            continue
        drive(at[package])
        steps.append(f"(pick-up {truck} {at[package]} {package} {one_less[free]} {free})")
        drive(goal)
        steps.append(f"(drop {truck} {goal} {package} {one_less[free]} {free})")
    return steps


#: The constructive plan of every domain, by name.
CONSTRUCTIVE = {
    "delivery": plan_delivery,
    "ferry": plan_ferry,
    "gripper": plan_gripper,
    "heavy": plan_heavy,
    "hiking": plan_hiking,
    "miconic": plan_miconic,
    "spanner": plan_spanner,
    "beluga": plan_beluga,
    "blocksworld": plan_blocksworld,
    "goldminer": plan_goldminer,
    "grippers": plan_grippers,
    "logistics": plan_logistics,
    "minigrid": plan_minigrid,
    "rovers": plan_rovers,
    "satellite": plan_satellite,
    "transport": plan_transport,
    "visitall": plan_visitall,
}
