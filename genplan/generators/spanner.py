"""Instance generator for spanner.

Kind of task (as in the reference benchmark: llm-genplan's spannerlearning tasks): one man ``bob``
standing in the ``shed``; a one-way corridor ``shed -> location1 -> ... -> locationK -> gate`` given by
``link`` facts; every spanner ``spanner1 ..`` useable and lying on a random corridor location (never in
the shed or at the gate); every nut ``nut1 ..`` loose at the gate; at least as many spanners as nuts. The
goal tightens every nut.

Solvable by construction: walk the corridor from the shed to the gate, picking up every spanner on each
location passed; at the gate the man carries all spanners, each still useable, and there are at least
as many as nuts, so each nut is tightened with a spanner of its own. (The links are one-way, so a plan
that leaves a needed spanner behind is a dead end: this is what makes the domain interesting, not a
risk to solvability.)
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from itertools import pairwise

from genplan.generators import GeneratorError, check_integers, check_size
from genplan.generators.domains import builtin_domain
from genplan.pddl.model import Fact, Task

DOMAIN = "spanner"
MAN = "bob"
SHED = "shed"
GATE = "gate"


@dataclass(frozen=True)
class Params:
    """Size of a spanner task: ``locations`` corridor cells between the shed and the gate."""

    locations: int = 5
    nuts: int = 3
    spanners: int = 4

    def check(self) -> None:
        check_integers(self, DOMAIN)
        if self.locations < 1:
            raise GeneratorError(
                f"A spanner task needs at least 1 corridor location between shed and gate (where the "
                f"spanners lie), not {self.locations}.",
                hint="Pass locations >= 1.",
            )
        if self.nuts < 1:
            raise GeneratorError(f"A spanner task needs at least 1 nut, not {self.nuts}.", hint="Pass nuts >= 1.")
        if self.spanners < self.nuts:
            raise GeneratorError(
                f"A spanner task with {self.nuts} nuts and only {self.spanners} spanners has no solution: "
                "every spanner tightens a single nut and then breaks.",
                hint=f"Pass spanners >= nuts (here >= {self.nuts}).",
            )


def params_for_size(size: int) -> Params:
    """About ``size`` objects: the man, shed and gate, then 45% corridor, 24% nuts and the rest spanners.

    The reference tasks range from 12 objects (3 corridor locations, 3 nuts, 3 spanners) to 64 (27
    corridor locations, 14 nuts, 20 spanners). Sizes below 6 give the smallest task (1 location, 1 nut,
    1 spanner).
    """
    check_size(size)
    rest = max(3, size - 3)
    locations = max(1, round(0.45 * rest))
    nuts = max(1, round(0.24 * rest))
    spanners = max(nuts, rest - locations - nuts)
    return Params(locations=locations, nuts=nuts, spanners=spanners)


def generate(params: Params, seed: int, name: str | None = None) -> Task:
    """A solvable spanner task; the same for the same ``(params, seed)``."""
    params.check()
    rng = random.Random(seed)
    corridor = [f"location{i}" for i in range(1, params.locations + 1)]
    nuts = [f"nut{i}" for i in range(1, params.nuts + 1)]
    spanners = [f"spanner{i}" for i in range(1, params.spanners + 1)]

    path = [SHED, *corridor, GATE]
    init: set[Fact] = {("at", MAN, SHED)}
    init.update(("link", a, b) for a, b in pairwise(path))
    for spanner in spanners:
        init.add(("at", spanner, rng.choice(corridor)))
        init.add(("useable", spanner))
    for nut in nuts:
        init.add(("at", nut, GATE))
        init.add(("loose", nut))

    objects = [(MAN, "man")]
    objects += [(loc, "location") for loc in path]
    objects += [(nut, "nut") for nut in nuts]
    objects += [(spanner, "spanner") for spanner in spanners]
    return Task(
        name=name or f"spanner-l{params.locations}-n{params.nuts}-s{params.spanners}-seed{seed}",
        domain=builtin_domain(DOMAIN),
        objects=tuple(sorted(objects)),
        init=frozenset(init),
        goal=frozenset(("tightened", nut) for nut in nuts),
    )
