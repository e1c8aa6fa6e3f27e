"""Instance generator for rovers (IPC-2002 STRIPS version).

Kind of task (as in the reference benchmark, whose tasks were made with the IPC-2002 generator
``rovgen``): one lander ``general`` on a random waypoint with a free channel; the modes ``colour``,
``high_res`` and ``low_res``; waypoints ``waypoint0 ..`` with symmetric ``visible`` facts forming a
connected graph; rovers ``rover0 ..``, each available on a random waypoint with its own empty store
``roverIstore`` and a random set of equipment (soil, rock, imaging); each rover may traverse, both ways,
the visible links of a random connected part of the map around its start. Cameras ``camera0 ..`` sit on
board imaging rovers (every imaging rover has one), each supporting 1 to 3 random modes with a random
objective as calibration target. Objectives ``objective0 ..`` are visible from random waypoints; soil
and rock samples lie on random waypoints. Goals ask for soil and rock data of sample waypoints and for
images of objectives in modes: ``goals`` of them (fewer when fewer are possible), each of a random kind.

Solvable by construction, since goals are only drawn among achievable ones:
- every rover's traversable part is connected and contains a waypoint from which the lander's waypoint
  is visible (it is extended along a visible path towards the lander when needed), so each rover can
  drive anywhere in its part, and from there to a waypoint where it can communicate;
- a soil (rock) goal names a waypoint with a sample in the part of a rover equipped for soil (rock)
  analysis: the rover drives there, drops its store's content if it is full, samples, drives to a
  communication waypoint and communicates. Samples are only used up by their own goal;
- an image goal ``(o, m)`` is drawn only for an imaging rover with a camera supporting ``m`` whose part
  contains a waypoint seeing ``o`` and one seeing the camera's calibration target (every camera's target
  is made visible from the part of its rover): calibrate there, drive to the first, take the image,
  communicate. A calibration is used up by one image, so the rover calibrates anew for each.
Communication leaves the rover available and the channel free, so the goals can be reached one by one.
"""

from __future__ import annotations

import random
from collections import deque
from dataclasses import dataclass

from genplan.generators import GeneratorError
from genplan.generators.domains import builtin_domain
from genplan.pddl.model import Fact, Task

DOMAIN = "rovers"
LANDER = "general"
MODES = ("colour", "high_res", "low_res")
#: Chance that a rover may traverse a visible link when its traversable part grows over it (rovgen: 0.7).
TRAVERSE = 0.7
#: Most waypoints an objective is visible from.
MAX_VISIBLE_FROM = 4


@dataclass(frozen=True)
class Params:
    """Size of a rovers task."""

    rovers: int = 2
    waypoints: int = 4
    cameras: int = 2
    objectives: int = 2
    goals: int = 3
    #: Extra visible links per waypoint, beyond a spanning tree of the map.
    extra_links: int = 2

    def check(self) -> None:
        for key, value in vars(self).items():
            if not isinstance(value, int) or isinstance(value, bool):
                raise GeneratorError(f"The {DOMAIN} parameter {key} must be an integer, not {value!r}.")
        for key in ("rovers", "objectives", "goals"):
            if getattr(self, key) < 1:
                raise GeneratorError(
                    f"A rovers task needs {key} >= 1, not {getattr(self, key)}.", hint=f"Pass {key} >= 1."
                )
        if self.waypoints < 2:
            raise GeneratorError(
                f"A rovers task needs at least 2 waypoints, not {self.waypoints}: a rover communicates from a "
                "waypoint other than the lander's, one from which the lander is visible.",
                hint="Pass waypoints >= 2.",
            )
        if self.cameras < 0 or self.extra_links < 0:
            raise GeneratorError(
                f"cameras and extra_links cannot be negative (got {self.cameras} and {self.extra_links}).",
                hint="Pass cameras >= 0 and extra_links >= 0.",
            )


def params_for_size(size: int) -> Params:
    """About ``size`` objects: the lander and 3 modes, then a sixth each rovers (each with its store),
    cameras and objectives, and a third waypoints; a goal for every 4 objects.

    The reference tasks have 11 to 28 objects (1 to 4 rovers, 3 to 8 waypoints, 1 to 5 cameras, 1 to 4
    objectives, 2 to 10 goals).
    """
    if not isinstance(size, int) or isinstance(size, bool) or size < 1:
        raise GeneratorError(f"A task size must be a positive integer, not {size!r}.")
    rest = max(7, size - 4)
    rovers = max(1, round(rest / 6))
    waypoints = max(3, round(rest / 3))
    cameras = max(1, round(rest / 6))
    objectives = max(1, rest - 2 * rovers - waypoints - cameras)
    return Params(rovers, waypoints, cameras, objectives, goals=max(2, round(rest / 4)))


def generate(params: Params, seed: int, name: str | None = None) -> Task:
    """A solvable rovers task; the same for the same ``(params, seed)``."""
    params.check()
    rng = random.Random(seed)
    n = params.waypoints
    wp = [f"waypoint{i}" for i in range(n)]
    links = _visible_graph(n, params.extra_links, rng)
    lander_at = rng.randrange(n)

    rovers = list(range(params.rovers))
    start = {r: rng.randrange(n) for r in rovers}
    equipment = {r: {kind for kind in ("soil", "rock", "imaging") if rng.random() < 0.5} for r in rovers}
    traverse = {r: _traversable(start[r], links, lander_at, rng) for r in rovers}
    part = {r: sorted({a for a, _ in traverse[r]} | {start[r]}) for r in rovers}

    camera_on = [rng.choice(rovers) for _ in range(params.cameras)]
    for r in camera_on:
        equipment[r].add("imaging")
    camera_on += [r for r in rovers if "imaging" in equipment[r] and r not in camera_on]
    supports = [sorted(rng.sample(MODES, rng.randint(1, 3))) for _ in camera_on]
    target = [rng.randrange(params.objectives) for _ in camera_on]

    visible_from = [
        set(rng.sample(range(n), rng.randint(1, min(n, MAX_VISIBLE_FROM)))) for _ in range(params.objectives)
    ]
    for c, r in enumerate(camera_on):  # every camera can be calibrated somewhere its rover can go
        if not visible_from[target[c]] & set(part[r]):
            visible_from[target[c]].add(rng.choice(part[r]))
    soil = {w for w in range(n) if rng.random() < 0.5}
    rock = {w for w in range(n) if rng.random() < 0.5}

    soil_sites = sorted(w for w in soil if any("soil" in equipment[r] and w in part[r] for r in rovers))
    rock_sites = sorted(w for w in rock if any("rock" in equipment[r] and w in part[r] for r in rovers))
    images = sorted(
        {
            (o, m)
            for c, r in enumerate(camera_on)
            for o in range(params.objectives)
            if visible_from[o] & set(part[r])
            for m in supports[c]
        }
    )
    if not (soil_sites or rock_sites or images):  # make one goal possible: a soil sample under rover 0
        equipment[0].add("soil")
        soil.add(start[0])
        soil_sites = [start[0]]

    pools = {"soil": soil_sites, "rock": rock_sites, "image": images}
    goal: set[Fact] = set()
    for _ in range(params.goals):  # each goal of a random kind that still has candidates
        kinds = [kind for kind in ("soil", "rock", "image") if pools[kind]]
        if not kinds:
            break
        kind = rng.choice(kinds)
        item = pools[kind].pop(rng.randrange(len(pools[kind])))
        if kind == "image":
            goal.add(("communicated_image_data", f"objective{item[0]}", item[1]))
        else:
            goal.add((f"communicated_{kind}_data", wp[item]))

    init: set[Fact] = {("at_lander", LANDER, wp[lander_at]), ("channel_free", LANDER)}
    for a, b in links:
        init |= {("visible", wp[a], wp[b]), ("visible", wp[b], wp[a])}
    init.update(("at_soil_sample", wp[w]) for w in soil)
    init.update(("at_rock_sample", wp[w]) for w in rock)
    for r in rovers:
        rover, store = f"rover{r}", f"rover{r}store"
        init |= {("at", rover, wp[start[r]]), ("available", rover), ("store_of", store, rover), ("empty", store)}
        for kind in sorted(equipment[r]):
            init.add((f"equipped_for_{kind}_analysis" if kind != "imaging" else "equipped_for_imaging", rover))
        init.update(("can_traverse", rover, wp[a], wp[b]) for a, b in traverse[r])
    for c, r in enumerate(camera_on):
        init.add(("on_board", f"camera{c}", f"rover{r}"))
        init.add(("calibration_target", f"camera{c}", f"objective{target[c]}"))
        init.update(("supports", f"camera{c}", m) for m in supports[c])
    for o, seen in enumerate(visible_from):
        init.update(("visible_from", f"objective{o}", wp[w]) for w in seen)

    objects = [(LANDER, "lander"), *((m, "mode") for m in MODES), *((w, "waypoint") for w in wp)]
    objects += [(f"rover{r}", "rover") for r in rovers] + [(f"rover{r}store", "store") for r in rovers]
    objects += [(f"camera{c}", "camera") for c in range(len(camera_on))]
    objects += [(f"objective{o}", "objective") for o in range(params.objectives)]
    return Task(
        name=name or f"rovers-r{params.rovers}-w{n}-c{len(camera_on)}-o{params.objectives}-seed{seed}",
        domain=builtin_domain(DOMAIN),
        objects=tuple(sorted(objects)),
        init=frozenset(init),
        goal=frozenset(goal),
    )


def _visible_graph(n: int, extra: int, rng: random.Random) -> set[tuple[int, int]]:
    """A connected map: a random spanning tree plus ``extra`` random links per waypoint, as pairs ``a < b``."""
    order = rng.sample(range(n), n)
    links = {tuple(sorted((order[i], order[rng.randrange(i)]))) for i in range(1, n)}
    for a in range(n):
        for _ in range(extra):
            b = rng.randrange(n)
            if a != b:
                links.add((min(a, b), max(a, b)))
    return links  # type: ignore[return-value]


def _traversable(start: int, links: set[tuple[int, int]], lander_at: int, rng: random.Random) -> set[tuple[int, int]]:
    """The directed links a rover may traverse: a random connected part of the map around ``start``.

    The part grows breadth-first; each newly seen waypoint joins over the link it was seen by with
    probability :data:`TRAVERSE` (always for the first). Then, if no waypoint of the part sees the lander's
    waypoint, the part grows along a shortest visible path to a waypoint that does.
    """
    neighbours: dict[int, list[int]] = {}
    for a, b in sorted(links):
        neighbours.setdefault(a, []).append(b)
        neighbours.setdefault(b, []).append(a)
    edges: set[tuple[int, int]] = set()
    reached = {start}
    queue = deque([start])
    while queue:
        a = queue.popleft()
        for b in neighbours.get(a, []):
            if b not in reached and (not edges or rng.random() < TRAVERSE):
                reached.add(b)
                queue.append(b)
                edges |= {(a, b), (b, a)}
    sees_lander = set(neighbours.get(lander_at, []))
    if not reached & sees_lander:
        parent: dict[int, int | None] = dict.fromkeys(sorted(reached))
        queue = deque(sorted(reached))
        while queue:
            a = queue.popleft()
            if a in sees_lander:
                while parent[a] is not None:
                    edges |= {(parent[a], a), (a, parent[a])}  # type: ignore[arg-type]
                    a = parent[a]  # type: ignore[assignment]
                break
            for b in neighbours[a]:
                if b not in parent:
                    parent[b] = a
                    queue.append(b)
    return edges
