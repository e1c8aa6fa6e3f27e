"""Instance generator for transport (IPC 2008-2014 STRIPS version without costs).

Kind of task (as in the reference benchmark, whose tasks are the IPC ``city-``, ``two-cities-`` and
``three-cities-sequential`` tasks): one, two or three cities of ``nodes`` locations each, named
``city-loc-I`` (one city) or ``city-C-loc-I``. Within a city the locations are random points of a square,
each linked by roads (both ways) to its ``degree`` nearest neighbours, plus the shortest links that join
the city into one piece; every two cities are linked by a road between their closest locations. Trucks
``truck-1 ..`` stand on random locations with a random capacity between ``min_capacity`` and
``max_capacity`` (capacity numbers ``capacity-0 .. capacity-<max_capacity>``, chained by
``capacity-predecessor``). Packages ``package-1 ..`` lie on random locations; the goal puts every
package on another random location. Trucks have no goals.

Solvable by construction: the road network is connected and symmetric, so any truck (every truck has a
capacity of at least 1) can deliver the packages one at a time: drive to the package, pick it up, drive
to its goal location and drop it, which gives the unit of capacity back.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from itertools import pairwise

from genplan.generators import GeneratorError
from genplan.generators.domains import builtin_domain
from genplan.pddl.model import Fact, Task

DOMAIN = "transport"
#: Side of the square the locations of a city are drawn in (the IPC generator's ``1000size``).
AREA = 1000


@dataclass(frozen=True)
class Params:
    """Size of a transport task: ``cities`` cities of ``nodes`` locations each."""

    cities: int = 1
    nodes: int = 5
    degree: int = 3
    trucks: int = 2
    packages: int = 3
    min_capacity: int = 2
    max_capacity: int = 4

    def check(self) -> None:
        for key, value in vars(self).items():
            if not isinstance(value, int) or isinstance(value, bool):
                raise GeneratorError(f"The {DOMAIN} parameter {key} must be an integer, not {value!r}.")
        for key in ("cities", "nodes", "trucks", "packages"):
            if getattr(self, key) < 1:
                raise GeneratorError(
                    f"A transport task needs {key} >= 1, not {getattr(self, key)}.", hint=f"Pass {key} >= 1."
                )
        if self.cities * self.nodes < 2:
            raise GeneratorError(
                "A transport task with a single location has no package to move: every goal puts a package "
                "on a location other than its start.",
                hint="Pass nodes >= 2 or cities >= 2.",
            )
        if self.degree < 1:
            raise GeneratorError(f"The road degree must be at least 1, not {self.degree}.", hint="Pass degree >= 1.")
        if not 1 <= self.min_capacity <= self.max_capacity:
            raise GeneratorError(
                f"Truck capacities need 1 <= min_capacity <= max_capacity, not min_capacity={self.min_capacity}, "
                f"max_capacity={self.max_capacity}: a truck of capacity 0 cannot carry anything.",
                hint="Pass e.g. min_capacity=2, max_capacity=4.",
            )


def params_for_size(size: int) -> Params:
    """About ``size`` objects: 5 capacity numbers, then 20% packages, 6% trucks (at least 2 of each) and
    the rest locations; one city up to 15 objects, two up to 25, then three.

    The reference tasks have 12 to 75 objects (1 to 3 cities of 1 to 30 locations, 2 or 3 trucks, 2 to 11
    packages); sizes below 12 give the smallest task (3 locations, 2 trucks, 2 packages).
    """
    if not isinstance(size, int) or isinstance(size, bool) or size < 1:
        raise GeneratorError(f"A task size must be a positive integer, not {size!r}.")
    rest = max(7, size - 5)
    cities = 1 if size <= 15 else 2 if size <= 25 else 3
    packages = max(2, round(0.2 * rest))
    trucks = max(2, round(0.06 * rest))
    nodes = max(1, round((rest - packages - trucks) / cities))
    return Params(cities=cities, nodes=nodes, degree=3 if nodes < 15 else 4, trucks=trucks, packages=packages)


def generate(params: Params, seed: int, name: str | None = None) -> Task:
    """A solvable transport task; the same for the same ``(params, seed)``."""
    params.check()
    rng = random.Random(seed)
    cities: list[list[str]] = []
    points: list[list[tuple[int, int]]] = []
    roads: set[tuple[str, str]] = set()
    for c in range(1, params.cities + 1):
        stem = "city" if params.cities == 1 else f"city-{c}"
        names = [f"{stem}-loc-{i}" for i in range(1, params.nodes + 1)]
        spots = [(rng.randrange(AREA), rng.randrange(AREA)) for _ in names]
        for a, b in _city_roads(spots, params.degree):
            roads.add((names[a], names[b]))
        cities.append(names)
        points.append(spots)
    for c1 in range(params.cities):  # one road between the closest locations of every two cities
        for c2 in range(c1 + 1, params.cities):
            # Cities lie side by side: city c's points are shifted by c * AREA along the x axis.
            a, b = min(
                ((i, j) for i in range(params.nodes) for j in range(params.nodes)),
                key=lambda ij: (
                    _dist2(points[c1][ij[0]], (points[c2][ij[1]][0] + (c2 - c1) * AREA, points[c2][ij[1]][1])),
                    ij,
                ),
            )
            roads.add((cities[c1][a], cities[c2][b]))
    locations = [loc for names in cities for loc in names]

    capacities = [f"capacity-{k}" for k in range(params.max_capacity + 1)]
    trucks = [f"truck-{i}" for i in range(1, params.trucks + 1)]
    packages = [f"package-{i}" for i in range(1, params.packages + 1)]
    init: set[Fact] = set()
    init.update(("capacity-predecessor", a, b) for a, b in pairwise(capacities))
    for a, b in roads:
        init |= {("road", a, b), ("road", b, a)}
    for truck in trucks:
        init.add(("at", truck, rng.choice(locations)))
        init.add(("capacity", truck, capacities[rng.randint(params.min_capacity, params.max_capacity)]))
    goal: set[Fact] = set()
    for package in packages:
        start, end = rng.sample(locations, 2)
        init.add(("at", package, start))
        goal.add(("at", package, end))

    objects = [(loc, "location") for loc in locations] + [(t, "vehicle") for t in trucks]
    objects += [(p, "package") for p in packages] + [(c, "capacity-number") for c in capacities]
    kind = {1: "city", 2: "two-cities", 3: "three-cities"}.get(params.cities, f"{params.cities}-cities")
    return Task(
        name=name or f"transport-{kind}-{params.nodes}nodes-{params.trucks}trucks-{params.packages}packages-seed{seed}",
        domain=builtin_domain(DOMAIN),
        objects=tuple(sorted(objects)),
        init=frozenset(init),
        goal=frozenset(goal),
    )


def _dist2(p: tuple[int, int], q: tuple[int, int]) -> int:
    return (p[0] - q[0]) ** 2 + (p[1] - q[1]) ** 2


def _city_roads(spots: list[tuple[int, int]], degree: int) -> set[tuple[int, int]]:
    """Roads of one city as index pairs ``a < b``: each location to its ``degree`` nearest, then joined up.

    Joining repeatedly links the component of location 0 to the closest location outside it, so the
    city ends up connected.
    """
    n = len(spots)
    roads: set[tuple[int, int]] = set()
    for a in range(n):
        nearest = sorted((i for i in range(n) if i != a), key=lambda i: (_dist2(spots[a], spots[i]), i))
        roads.update((min(a, b), max(a, b)) for b in nearest[:degree])
    neighbours: dict[int, set[int]] = {i: set() for i in range(n)}
    for a, b in roads:
        neighbours[a].add(b)
        neighbours[b].add(a)
    while True:
        seen, stack = {0}, [0]
        while stack:
            for b in neighbours[stack.pop()]:
                if b not in seen:
                    seen.add(b)
                    stack.append(b)
        if len(seen) == n:
            return roads
        a, b = min(
            ((i, j) for i in sorted(seen) for j in range(n) if j not in seen),
            key=lambda ij: (_dist2(spots[ij[0]], spots[ij[1]]), ij),
        )
        roads.add((min(a, b), max(a, b)))
        neighbours[a].add(b)
        neighbours[b].add(a)
