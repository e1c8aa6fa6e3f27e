"""Instance generator for miconic (the many-buildings variant of Silver et al.).

Kind of task (as in the reference benchmark, all from llm-genplan's manymiconic generator): one or more
buildings ``b0 ..``, each with the same number of floors ``f<i>_b<k>`` and passengers ``p<j>_b<k>``;
``above f<i>_b<k> f<j>_b<k>`` for every pair of floors of a building with i < j (floor j is higher);
one lift per building at a random floor; every passenger waits at a random floor of their building and
wants to go to a different random floor of the same building. The goal is that everyone is served.

Solvable by construction: in each building, for each passenger, move the lift to their origin (``up``
or ``down``: the floors of a building are totally ordered by ``above``), board, move to their
destination and depart. Buildings share nothing, so they are served one after the other.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from math import sqrt

from genplan.generators import GeneratorError
from genplan.generators.domains import builtin_domain
from genplan.pddl.model import Fact, Task

DOMAIN = "miconic"


@dataclass(frozen=True)
class Params:
    """Size of a miconic task; ``floors`` and ``passengers`` are per building."""

    buildings: int = 1
    floors: int = 5
    passengers: int = 3

    def check(self) -> None:
        for key, value in vars(self).items():
            if not isinstance(value, int) or isinstance(value, bool):
                raise GeneratorError(f"The {DOMAIN} parameter {key} must be an integer, not {value!r}.")
        if self.buildings < 1:
            raise GeneratorError(
                f"A miconic task needs at least 1 building, not {self.buildings}.", hint="Pass buildings >= 1."
            )
        if self.floors < 2:
            raise GeneratorError(
                f"Passengers travel between two different floors, so a building needs at least 2 floors, "
                f"not {self.floors}.",
                hint="Pass floors >= 2.",
            )
        if self.passengers < 1:
            raise GeneratorError(
                f"A building needs at least 1 passenger, not {self.passengers}.", hint="Pass passengers >= 1."
            )


def params_for_size(size: int) -> Params:
    """About ``size`` objects: sqrt(size / 6) buildings, each with 70% floors and 30% passengers.

    The reference tasks hold 1 to 5 buildings of 5 to 20 floors and 1 to 10 passengers each (e.g. 4
    buildings of 20 floors and 6 passengers for 104 objects). Sizes below 3 give 2 floors and 1 passenger.
    """
    if not isinstance(size, int) or isinstance(size, bool) or size < 1:
        raise GeneratorError(f"A task size must be a positive integer, not {size!r}.")
    buildings = max(1, round(sqrt(size / 6)))
    per_building = size / buildings
    floors = max(2, round(0.7 * per_building))
    passengers = max(1, round(per_building) - floors)
    return Params(buildings=buildings, floors=floors, passengers=passengers)


def generate(params: Params, seed: int, name: str | None = None) -> Task:
    """A solvable miconic task; the same for the same ``(params, seed)``."""
    params.check()
    rng = random.Random(seed)
    objects: list[tuple[str, str]] = []
    init: set[Fact] = set()
    goal: set[Fact] = set()
    for b in range(params.buildings):
        floors = [f"f{i}_b{b}" for i in range(params.floors)]
        objects += [(f, "floor") for f in floors]
        init.update(("above", low, high) for i, low in enumerate(floors) for high in floors[i + 1 :])
        init.add(("lift-at", rng.choice(floors)))
        for j in range(params.passengers):
            person = f"p{j}_b{b}"
            objects.append((person, "passenger"))
            origin, destin = rng.sample(floors, 2)
            init.add(("origin", person, origin))
            init.add(("destin", person, destin))
            goal.add(("served", person))
    default_name = f"miconic-b{params.buildings}-f{params.floors}-p{params.passengers}-s{seed}"
    return Task(
        name=name or default_name,
        domain=builtin_domain(DOMAIN),
        objects=tuple(sorted(objects)),
        init=frozenset(init),
        goal=frozenset(goal),
    )
