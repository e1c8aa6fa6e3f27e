"""Features of a task that say what kind of task it is, so generated tasks can be compared with others.

A program written from a few debugging tasks may fail on held-out tasks of a kind the debugging tasks
(and the generator behind ``genplan scale``) never show: a beluga task whose parts must be rearranged on
the racks, a spanner that cannot be used, a car already on the ferry. Object counts alone do not show
that. :func:`task_features` gives, for one task, a plain dict ``name -> number``:

- generic features of every domain: objects in all and per type, goal facts in all and per predicate,
  initial facts per predicate;
- per-domain features (one function per domain, :data:`DOMAIN_FEATURES`): the structure that makes a
  task easy or hard, and objects that do not start in the standard position.

A feature that does not apply to a task (e.g. a check that only makes sense with empty racks) is left out
of its dict rather than given a made-up value. Every function reads only the task, never a file, and is
deterministic. ``scripts/generator_coverage.py`` compares these features between a suite's held-out tasks
and generated tasks of the same sizes.
"""

from __future__ import annotations

import re
from collections import Counter, defaultdict, deque
from collections.abc import Callable, Iterable

from genplan.pddl.model import Fact, Task

Features = dict[str, float]


# ------------------------------------------------------------------------------------------------ helpers
def _args(task: Task | Iterable[Fact], predicate: str) -> list[tuple[str, ...]]:
    """The arguments of the initial facts (or of the given facts) of ``predicate``, sorted."""
    pool = task.init if isinstance(task, Task) else task
    return sorted(f[1:] for f in pool if f[0] == predicate)


def _of_type(task: Task, kind: str) -> list[str]:
    """Objects of a type (typed domains, subtypes included) or marked by a unary ``kind`` fact (untyped)."""
    if task.domain.typed:
        return sorted(o for o, t in task.all_objects.items() if task.domain.is_subtype(t, kind))
    return sorted(x for (x,) in _args(task, kind))


def _chain(first: str, successor: dict[str, str], end: str) -> list[str]:
    """``first`` and its successors up to (without) ``end``; stops on a cycle or a missing link."""
    out: list[str] = []
    seen: set[str] = set()
    here = first
    while here != end and here not in seen:
        out.append(here)
        seen.add(here)
        if here not in successor:
            break
        here = successor[here]
    return out


def _number(name: str) -> int | None:
    """The number a name like ``n07`` or ``capacity-3`` stands for (its last digits), if any."""
    m = re.search(r"(\d+)$", name)
    return int(m.group(1)) if m else None


def _components(nodes: Iterable[str], edges: Iterable[tuple[str, ...]]) -> list[set[str]]:
    """Connected components of an undirected graph (edges taken both ways)."""
    links: dict[str, set[str]] = defaultdict(set)
    for a, b in edges:
        links[a].add(b)
        links[b].add(a)
    seen: set[str] = set()
    out = []
    for node in sorted(nodes):
        if node in seen:
            continue
        part, queue = {node}, deque([node])
        while queue:
            for nxt in sorted(links[queue.popleft()]):
                if nxt not in part:
                    part.add(nxt)
                    queue.append(nxt)
        seen |= part
        out.append(part)
    return out


def _reachable(start: str, edges: Iterable[tuple[str, ...]]) -> set[str]:
    """Places reachable from ``start`` along directed edges."""
    links: dict[str, list[str]] = defaultdict(list)
    for a, b in edges:
        links[a].append(b)
    seen, queue = {start}, deque([start])
    while queue:
        for nxt in links[queue.popleft()]:
            if nxt not in seen:
                seen.add(nxt)
                queue.append(nxt)
    return seen


def _goals_true(task: Task, predicate: str) -> int:
    """Goal facts of ``predicate`` that already hold initially."""
    return sum(1 for f in task.goal if f[0] == predicate and f in task.init)


# ------------------------------------------------------------------------------------------------ generic
def generic_features(task: Task) -> Features:
    """Objects in all and per type, goal facts in all and per predicate, initial facts per predicate."""
    out: Features = {"objects": task.size, "goal facts": len(task.goal)}
    if task.domain.typed:
        for kind, n in sorted(Counter(t for _, t in task.objects).items()):
            out[f"type:{kind}"] = n
    for predicate, n in sorted(Counter(f[0] for f in task.goal).items()):
        out[f"goal:{predicate}"] = n
    for predicate, n in sorted(Counter(f[0] for f in task.init).items()):
        out[f"init:{predicate}"] = n
    return out


# ------------------------------------------------------------------------------------------------- beluga
def beluga_state(task: Task) -> dict:
    """The beluga task read as orders and rack contents (the input of :func:`beluga_needs_rearrangement`).

    ``flights``: the unloading chains (one per ``ready-to-unload`` part); ``lines``: line -> its production
    chain (from ``p-line-next``, without ``nonep``); ``racks``: rack -> its parts from the factory end to the
    beluga end; ``sizes``; ``capacity`` (the largest level a ``fit-n-sum`` fact reaches).
    """
    none_part = "nonep"
    sizes = {p: n for p, s in _args(task, "size") if (n := _number(s)) is not None}
    capacity = max((_number(c) or 0 for _, _, c in _args(task, "fit-n-sum")), default=0)
    unload_next = dict(_args(task, "next-to-unload"))
    flights = [_chain(p, unload_next, none_part) for (p,) in _args(task, "ready-to-unload") if p != none_part]
    succ = {a: b for a, b in _args(task, "p-line-succ") if a != none_part}
    processed = {p for (p,) in _args(task, "processed")}
    lines = {line: _chain(p, succ, none_part) for line, p in _args(task, "p-line-next") if p != none_part}
    needed = [p for (p,) in _args(task, "needed-next") if p != none_part and p not in processed]
    if needed:  # the part a line already waits for comes first (in its own line when there are several)
        if len(lines) == 1:
            (only,) = lines
            lines[only] = [needed[0], *lines[only]]
        else:
            lines[f"{needed[0]} (needed)"] = [needed[0]]
    on_rack = defaultdict(set)
    for rack, part in _args(task, "on-rack"):
        if rack != "noner":
            on_rack[rack].add(part)
    towards_factory = dict(_args(task, "rack-succ"))  # (rack-succ a b): b is next to a on the factory side
    beluga_ends = {p for (p,) in _args(task, "no-rack-pre")}
    racks = {}
    for rack in _of_type(task, "rack"):
        if rack == "noner":
            continue
        parts = on_rack.get(rack, set())
        heads = [p for p in sorted(parts) if p in beluga_ends]
        row = _chain(heads[0], towards_factory, "") if heads else sorted(parts)
        racks[rack] = row[::-1]  # factory end first
    return {"flights": flights, "lines": lines, "racks": racks, "sizes": sizes, "capacity": capacity}


def beluga_needs_rearrangement(state: dict, budget: int = 200_000) -> int | None:
    """1 when no plan moves every part straight from the Beluga over one rack to the factory, else 0;
    ``None`` when that is not decided within ``budget`` search nodes or the task is not of the kind
    this check understands (several flights, parts on trucks).

    Without rearrangement a rack is a queue: parts enter at the beluga end in unloading order (after the
    parts stored there at the start) and leave at the factory end when their line needs them. Delivering a
    part as soon as it is needed and at the front never hurts, so the only choice is the rack each arriving
    part goes to. A depth-first search over
    those choices (empty racks are interchangeable; failed states are remembered) decides it.
    """
    if len(state["flights"]) > 1:
        return None
    unload = state["flights"][0] if state["flights"] else []
    start = [list(row) for row in state["racks"].values()]
    sizes, capacity = state["sizes"], state["capacity"]
    stored = [p for row in start for p in row]
    line_of = {p: k for k, line in enumerate(state["lines"].values()) for p in line}
    rank = {p: i for line in state["lines"].values() for i, p in enumerate(line)}
    if set(line_of) != {*unload, *stored} or any(p not in sizes for p in line_of):
        return None
    racks = len(start)
    failed: set[tuple] = set()
    nodes = 0

    def deliver(rows: list[list[str]], heads: list[int]) -> None:
        moved = True
        while moved:
            moved = False
            for row in rows:
                while row and rank[row[0]] == heads[line_of[row[0]]]:
                    heads[line_of[row[0]]] += 1
                    row.pop(0)
                    moved = True

    def search(i: int, rows: list[list[str]], heads: list[int]) -> bool:
        nonlocal nodes
        nodes += 1
        if nodes > budget:
            raise TimeoutError
        if i == len(unload):
            return not any(rows)
        key = (i, tuple(sorted(tuple(r) for r in rows)))
        if key in failed:
            return False
        part = unload[i]
        tried_empty = False
        for k in range(racks):
            row = rows[k]
            if not row:
                if tried_empty:
                    continue
                tried_empty = True
            if sum(sizes[p] for p in row) + sizes[part] > capacity:
                continue
            if any(line_of[p] == line_of[part] and rank[p] > rank[part] for p in row):
                continue  # a part needed later would stand in front of it
            new_rows = [list(r) for r in rows]
            new_rows[k].append(part)
            new_heads = list(heads)
            deliver(new_rows, new_heads)
            if search(i + 1, new_rows, new_heads):
                return True
        failed.add(key)
        return False

    for row in start:  # a part stored in front of a part of its line needed earlier blocks it for good
        if any(line_of[a] == line_of[b] and rank[a] > rank[b] for i, a in enumerate(row) for b in row[i + 1 :]):
            return 1
    heads = [0] * len(state["lines"])
    deliver(start, heads)
    try:
        return 0 if search(0, start, heads) else 1
    except TimeoutError:
        return None


def _before(b: str, a: str, rank: dict[str, tuple[int, int]]) -> bool:
    """``b`` is needed before ``a`` by the same line."""
    return b in rank and rank[b][0] == rank[a][0] and rank[b][1] < rank[a][1]


def beluga(task: Task) -> Features:
    """Orders and racks: how far the production order is from the unloading order, how full the racks get,
    and whether parts must be rearranged on the racks (the kind of task a simple strategy fails on)."""
    state = beluga_state(task)
    sizes, capacity, racks = state["sizes"], state["capacity"], state["racks"]
    parts = _of_type(task, "part")
    lines = _of_type(task, "production-line")
    out: Features = {
        "parts": len([p for p in parts if p != "nonep"]),
        "racks": len(racks),
        "production lines": len(lines),
        "flights": len(state["flights"]),
        "parts per flight (max)": max((len(f) for f in state["flights"]), default=0),
        "rack capacity": capacity,
        "part sizes": len(set(sizes.values())),
        "parts on racks": sum(len(r) for r in racks.values()),
        "parts on trucks": len(_args(task, "on-truck")),
    }
    smallest = min(sizes.values(), default=0)
    out["racks full"] = sum(1 for r in racks.values() if capacity - sum(sizes.get(p, 0) for p in r) < smallest)
    if racks and capacity:
        out["size / total capacity"] = round(sum(sizes.values()) / (len(racks) * capacity), 3)
    rank = {p: (k, i) for k, line in enumerate(state["lines"].values()) for i, p in enumerate(line)}
    # Parts on racks with a part of the same line needed earlier on their beluga side: the rack must be
    # rearranged before that part can reach the factory.
    blocked = 0
    racks_out_of_order = 0
    for row in racks.values():
        bad = [a for i, a in enumerate(row) if a in rank and any(_before(b, a, rank) for b in row[i + 1 :])]
        blocked += len(bad)
        racks_out_of_order += bool(bad)
    out["parts out of order on racks"] = blocked
    out["racks out of order"] = racks_out_of_order
    # Pairs unloaded in one order and needed in the other (same line): 0 when the line takes the parts as
    # they arrive, about half the pairs for a random order.
    arrival = {p: (k, i) for k, f in enumerate(state["flights"]) for i, p in enumerate(f)}
    same_line = [(a, b) for a in rank for b in rank if rank[a][0] == rank[b][0] and rank[a][1] < rank[b][1]]
    comparable = [(a, b) for a, b in same_line if a in arrival and b in arrival and arrival[a][0] == arrival[b][0]]
    inversions = sum(1 for a, b in comparable if arrival[a] > arrival[b])
    out["order inversions"] = inversions
    if comparable:
        out["order inversions / pairs"] = round(inversions / len(comparable), 3)
    # The part sizes waiting on racks when every part leaves as soon as its line needs it: a lower bound on
    # the load the racks must hold at once.
    if len(state["flights"]) == 1 and not any(racks.values()) and racks and capacity and set(rank) == set(arrival):
        heads = [0] * len(state["lines"])
        waiting: set[str] = set()
        peak = 0
        for p in state["flights"][0]:
            waiting.add(p)
            peak = max(peak, sum(sizes.get(q, 0) for q in waiting))
            moved = True
            while moved:
                moved = False
                for k, line in enumerate(state["lines"].values()):
                    if heads[k] < len(line) and line[heads[k]] in waiting:
                        waiting.discard(line[heads[k]])
                        heads[k] += 1
                        moved = True
        out["peak load / total capacity"] = round(peak / (len(racks) * capacity), 3)
    needs = beluga_needs_rearrangement(state)
    if needs is not None:
        out["needs rearrangement"] = needs
    return out


# ------------------------------------------------------------------------------------- the other domains
def delivery(task: Task) -> Features:
    home = {x for (x,) in _args(task, "ishomebase")}
    truck = {x for (x,) in _args(task, "at")}
    papers, wanting = len(_of_type(task, "paper")), len(_args(task, "wantspaper"))
    return {
        "locations": len(_of_type(task, "loc")),
        "papers": papers,
        "wanting": wanting,
        "spare papers": papers - wanting,
        "papers carried": len(_args(task, "carrying")),
        "truck away from home": int(not truck <= home),
        "satisfied initially": len(_args(task, "satisfied")),
    }


def ferry(task: Task) -> Features:
    return {
        "cars": len(_of_type(task, "car")),
        "locations": len(_of_type(task, "location")),
        "cars on the ferry": len(_args(task, "on")),
        "ferry empty": len(_args(task, "empty-ferry")),
        "goal cars": len([f for f in task.goal if f[0] == "at"]),
        "goal cars already there": _goals_true(task, "at"),
    }


def gripper(task: Task) -> Features:
    return {
        "rooms": len(_of_type(task, "room")),
        "balls": len(_of_type(task, "ball")),
        "grippers": len(_of_type(task, "gripper")),
        "balls held": len(_args(task, "carry")),
        "goal balls": len([f for f in task.goal if f[0] == "at"]),
        "goal balls already there": _goals_true(task, "at"),
    }


def heavy(task: Task) -> Features:
    items = {x for f in task.init for x in f[1:]} | {x for f in task.goal for x in f[1:]}
    n = len(items)
    pairs = n * (n - 1) // 2
    heavier = _args(task, "heavier")
    return {
        "items": n,
        "packed initially": len(_args(task, "packed")),
        "heavier facts / pairs": round(len(heavier) / pairs, 3) if pairs else 0,
        "box empty": len(_args(task, "box-empty")),
    }


def hiking(task: Task) -> Features:
    locs = _of_type(task, "loc")
    trail = _args(task, "ontrail")
    return {
        "cells": len(locs),
        "water / cells": round(len(_args(task, "iswater")) / len(locs), 3) if locs else 0,
        "hills": len(_args(task, "ishill")),
        "trail length": len(trail),
        "goal already reached": sum(1 for f in task.goal if f in task.init),
    }


def miconic(task: Task) -> Features:
    lifts = {x for (x,) in _args(task, "lift-at")}
    floors = _of_type(task, "floor")
    passengers = _of_type(task, "passenger")
    origin = dict(_args(task, "origin"))
    buildings = _components(floors, _args(task, "above"))
    return {
        "buildings": len(buildings),
        "floors per building (max)": max((len(b) for b in buildings), default=0),
        "lifts": len(lifts),
        "passengers": len(passengers),
        "boarded": len(_args(task, "boarded")),
        "served": len(_args(task, "served")),
        "waiting at a lift": sum(1 for p in passengers if origin.get(p) in lifts),
    }


def spanner(task: Task) -> Features:
    locations = _of_type(task, "location")
    links = _args(task, "link")
    heads = {b for _, b in links}
    sheds = [loc for loc in locations if loc not in heads]
    at = dict(_args(task, "at"))
    men = _of_type(task, "man")
    spanners = _of_type(task, "spanner")
    usable = {x for (x,) in _args(task, "useable")}
    carried = {s for _, s in _args(task, "carrying")}
    loose = _args(task, "loose")
    ahead: set[str] = set()
    for man in men:
        if man in at:
            ahead |= _reachable(at[man], links)
    usable_reachable = {s for s in usable if s in carried or at.get(s) in ahead}
    return {
        "locations": len(locations),
        "nuts": len(_of_type(task, "nut")),
        "spanners": len(spanners),
        "men": len(men),
        "spanners not usable": len([s for s in spanners if s not in usable]),
        "spanners carried": len(carried),
        "usable spanners behind the man": len(usable - usable_reachable),
        "spare spanners": len(usable_reachable) - len(loose),
        "man not at the start": int(any(at.get(m) not in sheds for m in men)),
        "nuts tightened initially": len(_args(task, "tightened")),
    }


def blocksworld(task: Task) -> Features:
    on = dict(_args(task, "on"))
    goal_on = dict(_args(task.goal, "on"))

    def height(block: str, below: dict[str, str]) -> int:
        h = 1
        seen = {block}
        while block in below and below[block] not in seen:
            block = below[block]
            seen.add(block)
            h += 1
        return h

    blocks = {x for f in task.init | task.goal for x in f[1:]}
    return {
        "blocks": len(blocks),
        "blocks not on the table": len(on),
        "towers": len(_args(task, "ontable")),
        "tallest tower": max((height(b, on) for b in blocks), default=0),
        "block held": len(_args(task, "holding")),
        "goal on facts": len(goal_on),
        "tallest goal tower": max((height(b, goal_on) for b in goal_on), default=0),
        "goal facts already true": sum(1 for f in task.goal if f in task.init),
    }


def goldminer(task: Task) -> Features:
    return {
        "cells": len(_of_type(task, "loc")),
        "hard rock": len(_args(task, "hard-rock-at")),
        "soft rock": len(_args(task, "soft-rock-at")),
        "holds something": len(_args(task, "holds-bomb")) + len(_args(task, "holds-laser")),
        "arm empty": len(_args(task, "arm-empty")),
        "lasers": len(_args(task, "laser-at")),
        "bombs": len(_args(task, "bomb-at")),
    }


def grippers(task: Task) -> Features:
    robots = _of_type(task, "robot")
    rooms = _of_type(task, "room")
    balls = {f[1] for f in task.goal if f[0] == "at"}
    return {
        "robots": len(robots),
        "rooms": len(rooms),
        "balls": len(balls),
        "balls held": len(_args(task, "carry")),
        "goal balls already there": _goals_true(task, "at"),
        "rooms with a robot": len({r for _, r in _args(task, "at-robby")}),
    }


def logistics(task: Task) -> Features:
    in_city = dict(_args(task, "in-city"))
    at = dict(_args(task, "at"))
    cities = _of_type(task, "city")
    trucks = _of_type(task, "truck")
    per_city = Counter(in_city.get(at.get(t, ""), "") for t in trucks)
    goal_city = {f[1]: in_city.get(f[2]) for f in task.goal if f[0] == "at"}
    return {
        "cities": len(cities),
        "locations": len(_of_type(task, "location")),
        "airports": len(_of_type(task, "airport")),
        "trucks": len(trucks),
        "airplanes": len(_of_type(task, "airplane")),
        "trucks per city (max)": max((per_city[c] for c in cities), default=0),
        "trucks per city (min)": min((per_city[c] for c in cities), default=0),
        "packages": len(_of_type(task, "obj")),
        "packages in vehicles": len(_args(task, "in")),
        "packages changing city": sum(1 for p, c in goal_city.items() if p in at and in_city.get(at[p]) != c),
        "goal packages already there": _goals_true(task, "at"),
    }


def minigrid(task: Task) -> Features:
    return {
        "places": len(_of_type(task, "place")),
        "keys": len(_of_type(task, "key")),
        "shapes": len(_of_type(task, "shape")),
        "locked doors": len(_args(task, "locked")),
        "open places": len(_args(task, "open")),
        "key held": len(_args(task, "holding")),
    }


def rovers(task: Task) -> Features:
    rovers_ = _of_type(task, "rover")
    equipped = Counter(r for p in ("soil", "rock", "imaging") for (r,) in _args(task, f"equipped_for_{p}_analysis"))
    equipped.update(r for (r,) in _args(task, "equipped_for_imaging"))
    return {
        "rovers": len(rovers_),
        "waypoints": len(_of_type(task, "waypoint")),
        "cameras": len(_of_type(task, "camera")),
        "objectives": len(_of_type(task, "objective")),
        "full stores": len(_args(task, "full")),
        "calibrated cameras": len(_args(task, "calibrated")),
        "data held initially": sum(
            len(_args(task, p)) for p in ("have_rock_analysis", "have_soil_analysis", "have_image")
        ),
        "rovers with every equipment": sum(1 for r in rovers_ if equipped[r] == 3),
    }


def satellite(task: Task) -> Features:
    return {
        "satellites": len(_of_type(task, "satellite")),
        "instruments": len(_of_type(task, "instrument")),
        "modes": len(_of_type(task, "mode")),
        "directions": len(_of_type(task, "direction")),
        "instruments on": len(_args(task, "power_on")),
        "instruments calibrated": len(_args(task, "calibrated")),
        "images held initially": len(_args(task, "have_image")),
        "pointing goals": len([f for f in task.goal if f[0] == "pointing"]),
    }


def transport(task: Task) -> Features:
    vehicles = _of_type(task, "vehicle")
    locations = _of_type(task, "location")
    capacities = [n for _, c in _args(task, "capacity") if (n := _number(c)) is not None]
    roads = _args(task, "road")
    at = dict(_args(task, "at"))
    return {
        "vehicles": len(vehicles),
        "locations": len(locations),
        "packages": len(_of_type(task, "package")),
        "road networks": len(_components(locations, roads)),
        "capacity (min)": min(capacities, default=0),
        "capacity (max)": max(capacities, default=0),
        "packages in vehicles": len(_args(task, "in")),
        "vehicles sharing a location": len(vehicles) - len({at.get(v) for v in vehicles if v in at}),
        "goal packages already there": _goals_true(task, "at"),
    }


_CELL = re.compile(r"x(\d+)-y(\d+)$")


def visitall(task: Task) -> Features:
    places = _of_type(task, "place")
    cells = {p: (int(m.group(1)), int(m.group(2))) for p in places if (m := _CELL.search(p))}
    out: Features = {
        "places": len(places),
        "visited initially": len(_args(task, "visited")),
        "goal / places": round(len(task.goal) / len(places), 3) if places else 0,
    }
    starts = [p for (p,) in _args(task, "at-robot")]
    if starts:
        reach = _reachable(starts[0], _args(task, "connected"))
        out["places not reachable"] = len(places) - len(reach & set(places))
    if cells and len(cells) == len(places):
        xs, ys = [x for x, _ in cells.values()], [y for _, y in cells.values()]
        box = (max(xs) - min(xs) + 1) * (max(ys) - min(ys) + 1)
        out["holes in the bounding box"] = box - len(cells)
        out["width"], out["height"] = max(xs) - min(xs) + 1, max(ys) - min(ys) + 1
        if starts and starts[0] in cells:
            x, y = cells[starts[0]]
            border = (x in (min(xs), max(xs))) + (y in (min(ys), max(ys)))
            out["start at a corner"] = int(border == 2)
            out["start inside"] = int(border == 0)
    return out


#: Domain -> its own feature function (added to the generic features by :func:`task_features`).
DOMAIN_FEATURES: dict[str, Callable[[Task], Features]] = {
    "delivery": delivery,
    "ferry": ferry,
    "gripper": gripper,
    "heavy": heavy,
    "hiking": hiking,
    "miconic": miconic,
    "spanner": spanner,
    "beluga": beluga,
    "blocksworld": blocksworld,
    "goldminer": goldminer,
    "grippers": grippers,
    "logistics": logistics,
    "minigrid": minigrid,
    "rovers": rovers,
    "satellite": satellite,
    "transport": transport,
    "visitall": visitall,
}


def task_features(domain: str, task: Task) -> Features:
    """Generic features of ``task`` plus those of its domain (when the domain has a feature function)."""
    out = generic_features(task)
    own = DOMAIN_FEATURES.get(domain)
    if own is not None:
        out.update(own(task))
    return out
