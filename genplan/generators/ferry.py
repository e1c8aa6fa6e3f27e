"""Instance generator for ferry.

Kind of task (as in the reference benchmark: llm-genplan's manyferry tasks, AutoPlanBench's and the
pddl-generators ferry generator's): locations ``l0 ..`` and cars ``c0 ..``, typed by the unary facts
``location`` and ``car``; ``not-eq`` for every ordered pair of distinct locations; the ferry empty at a
random location; every car on land at a random location (none starts aboard); and the goal places
every car at a random location (possibly where it already is, but never all cars). Goals only mention ``at`` of cars.

Solvable by construction: for each car not yet at its goal, sail to it if the ferry is elsewhere, board,
sail to the goal location if different, and debark. The ferry is empty between cars, and any two
distinct locations are joined by a ``not-eq`` fact, so every sail is applicable.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from genplan.generators import GeneratorError, check_integers, check_size
from genplan.generators.domains import builtin_domain
from genplan.pddl.model import ROOT_TYPE, Fact, Task

DOMAIN = "ferry"


@dataclass(frozen=True)
class Params:
    """Size of a ferry task."""

    locations: int = 3
    cars: int = 5

    def check(self) -> None:
        check_integers(self, DOMAIN)
        if self.locations < 2:
            raise GeneratorError(
                f"A ferry task needs at least 2 locations to sail between, not {self.locations}.",
                hint="Pass locations >= 2.",
            )
        if self.cars < 1:
            raise GeneratorError(f"A ferry task needs at least 1 car, not {self.cars}.", hint="Pass cars >= 1.")


def params_for_size(size: int) -> Params:
    """About ``size`` objects: 35% locations (at least 2), the rest cars (at least 1).

    The reference tasks range from 2 locations with 3 cars to 39 locations with 79 cars.
    """
    check_size(size)
    locations = max(2, round(0.35 * size))
    return Params(locations=locations, cars=max(1, size - locations))


def generate(params: Params, seed: int, name: str | None = None) -> Task:
    """A solvable ferry task; the same for the same ``(params, seed)``."""
    params.check()
    rng = random.Random(seed)
    locs = [f"l{i}" for i in range(params.locations)]
    cars = [f"c{i}" for i in range(params.cars)]

    init: set[Fact] = {("empty-ferry",), ("at-ferry", rng.choice(locs))}
    init.update(("location", loc) for loc in locs)
    init.update(("car", car) for car in cars)
    init.update(("not-eq", a, b) for a in locs for b in locs if a != b)
    start = {car: rng.choice(locs) for car in cars}
    target = {car: rng.choice(locs) for car in cars}
    if target == start:  # as in every reference task, at least one car has to cross
        car = rng.choice(cars)
        target[car] = rng.choice([loc for loc in locs if loc != start[car]])
    init.update(("at", car, loc) for car, loc in start.items())
    goal = frozenset(("at", car, loc) for car, loc in target.items())

    return Task(
        name=name or f"ferry-l{params.locations}-c{params.cars}-s{seed}",
        domain=builtin_domain(DOMAIN),
        objects=tuple(sorted((obj, ROOT_TYPE) for obj in locs + cars)),
        init=frozenset(init),
        goal=goal,
    )
