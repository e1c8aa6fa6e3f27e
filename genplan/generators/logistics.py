"""Instance generator for logistics (IPC-1998 STRIPS version).

Kind of task (as in the reference benchmark, most of whose tasks come from the pddl-generators
``logistics`` generator, ``logistics-cC-sS-pP-aA``, the rest from IPC-1998/2000 and AutoPlanBench, all of
the same shape): cities ``c0 ..``; each city has ``city_size`` locations ``lI-0 .. lI-(S-1)``, the first of
which is its airport; trucks ``t0 ..``, the first one in each city and the others in random cities,
each at a random location of its city; airplanes ``a0 ..`` at random airports; packages ``p0 ..`` at
random locations, none inside a vehicle. Types are the unary facts ``city``, ``location``, ``airport``,
``truck``, ``airplane`` and ``obj``. The goal puts *every* package at a random location (possibly where
it already is, but never all of them). Goals only mention ``at`` of packages.

Solvable by construction, one package at a time: every city has a truck and one airport, and there is an
airplane. A package that must leave its city is driven by that city's truck to the airport (the truck
drives between any two locations of its city), flown there by an airplane (which flies between any two
airports), and driven by the goal city's truck from the airport to the goal location; a package that
stays in its city only needs the truck. Vehicles have no capacity limit and are empty between packages.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from genplan.generators import GeneratorError, check_integers, check_size
from genplan.generators.domains import builtin_domain
from genplan.pddl.model import ROOT_TYPE, Fact, Task

DOMAIN = "logistics"


@dataclass(frozen=True)
class Params:
    """Size of a logistics task: every city gets one truck, plus ``extra_trucks`` in random cities."""

    cities: int = 3
    city_size: int = 2
    packages: int = 4
    airplanes: int = 1
    extra_trucks: int = 0

    def check(self) -> None:
        check_integers(self, DOMAIN)
        for key in ("cities", "city_size", "packages", "airplanes"):
            if getattr(self, key) < 1:
                raise GeneratorError(
                    f"A logistics task needs {key} >= 1, not {getattr(self, key)}.", hint=f"Pass {key} >= 1."
                )
        if self.cities * self.city_size < 2:
            raise GeneratorError(
                "A logistics task with a single location has nothing to deliver.",
                hint="Pass cities >= 2 or city_size >= 2.",
            )
        if self.extra_trucks < 0:
            raise GeneratorError(
                f"extra_trucks counts trucks beyond the one every city has, so it cannot be {self.extra_trucks}.",
                hint="Pass extra_trucks >= 0.",
            )


def params_for_size(size: int) -> Params:
    """About ``size`` objects: 8% cities with 3 locations and one truck each, 20% extra trucks (so cities
    have several trucks, as in many reference tasks), 3% airplanes, the rest (about 30%) packages.

    The reference tasks range from 9 objects (2 cities of 1 location, 2 trucks, 1 airplane, 2 packages)
    to 438 (27 cities of 13 locations, 29 trucks, 13 airplanes, 18 packages). Sizes below 12 give 2
    cities of one location each (an airport) with 2 trucks, 1 airplane and at least 1 package.
    """
    check_size(size)
    if size < 12:
        return Params(cities=2, city_size=1, packages=max(1, size - 7), airplanes=1)
    cities = max(2, round(0.08 * size))
    airplanes = max(1, round(0.03 * size))
    extra_trucks = min(round(0.2 * size), max(0, size - 5 * cities - airplanes - 1))
    packages = max(1, size - 5 * cities - airplanes - extra_trucks)
    return Params(cities=cities, city_size=3, packages=packages, airplanes=airplanes, extra_trucks=extra_trucks)


def generate(params: Params, seed: int, name: str | None = None) -> Task:
    """A solvable logistics task; the same for the same ``(params, seed)``."""
    params.check()
    rng = random.Random(seed)
    cities = [f"c{i}" for i in range(params.cities)]
    locations = {c: [f"l{i}-{j}" for j in range(params.city_size)] for i, c in enumerate(cities)}
    airports = [locs[0] for locs in locations.values()]
    all_locations = [loc for locs in locations.values() for loc in locs]
    trucks = [f"t{i}" for i in range(params.cities + params.extra_trucks)]
    airplanes = [f"a{i}" for i in range(params.airplanes)]
    packages = [f"p{i}" for i in range(params.packages)]

    init: set[Fact] = set()
    init.update(("city", c) for c in cities)
    for city, locs in locations.items():
        init.update(("location", loc) for loc in locs)
        init.update(("in-city", loc, city) for loc in locs)
    init.update(("airport", loc) for loc in airports)
    init.update(("truck", t) for t in trucks)
    init.update(("airplane", a) for a in airplanes)
    init.update(("obj", p) for p in packages)
    for i, truck in enumerate(trucks):
        city = cities[i] if i < len(cities) else rng.choice(cities)
        init.add(("at", truck, rng.choice(locations[city])))
    init.update(("at", a, rng.choice(airports)) for a in airplanes)
    start = {p: rng.choice(all_locations) for p in packages}
    target = {p: rng.choice(all_locations) for p in packages}
    if target == start:  # as in the generated reference tasks, some package has to move
        package = rng.choice(packages)
        target[package] = rng.choice([loc for loc in all_locations if loc != start[package]])
    init.update(("at", p, loc) for p, loc in start.items())

    objects = cities + all_locations + trucks + airplanes + packages
    default = f"logistics-c{params.cities}-s{params.city_size}-p{params.packages}-a{params.airplanes}"
    return Task(
        name=name or f"{default}-t{len(trucks)}-seed{seed}",
        domain=builtin_domain(DOMAIN),
        objects=tuple(sorted((obj, ROOT_TYPE) for obj in objects)),
        init=frozenset(init),
        goal=frozenset(("at", p, loc) for p, loc in target.items()),
    )
