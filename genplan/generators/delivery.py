"""Instance generator for delivery (Silver et al.'s "trap newspapers").

Kind of task (as in the reference benchmark, all from llm-genplan's trapnewspapers generator): locations
``loc-0 .. loc-(n-1)`` with ``loc-0`` the home base where the courier starts and all papers lie unpacked;
a random set of other locations wants a paper, at least as many papers exist as locations want one, and
the goal is that every such location is satisfied. The safe locations are exactly the home base and the
locations that want a paper; every other location is a trap (nothing can be done after moving there).

Solvable by construction: at the home base pick up one paper per wanting location (there are enough
papers), then for each wanting location move there and deliver. Every move starts at the home base or at
a wanting location, and both are safe, so the courier never steps onto a trap.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from genplan.generators import GeneratorError, check_integers, check_size
from genplan.generators.domains import builtin_domain
from genplan.pddl.model import Fact, Task

DOMAIN = "delivery"


@dataclass(frozen=True)
class Params:
    """Size of a delivery task: ``locations`` includes the home base; ``wanting`` locations want a paper."""

    locations: int = 10
    papers: int = 6
    wanting: int = 5
    #: Each task has ``wanting`` give or take up to this many wanting locations (0: exactly), never more
    #: than the papers: some tasks have papers to spare, others exactly enough.
    wanting_spread: int = 0

    def check(self) -> None:
        check_integers(self, DOMAIN)
        if self.locations < 2:
            raise GeneratorError(
                f"A delivery task needs at least 2 locations (the home base and one customer), not {self.locations}.",
                hint="Pass locations >= 2.",
            )
        if not 1 <= self.wanting <= self.locations - 1:
            raise GeneratorError(
                f"Between 1 and locations - 1 = {self.locations - 1} locations can want a paper "
                f"(the home base never does), not {self.wanting}.",
                hint="Lower wanting or raise locations.",
            )
        if self.wanting_spread < 0:
            raise GeneratorError(
                f"wanting_spread is how far a task may stray from wanting, so it cannot be {self.wanting_spread}.",
                hint="Pass wanting_spread >= 0 (0: exactly `wanting` locations want a paper).",
            )
        if self.papers < self.wanting:
            raise GeneratorError(
                f"{self.wanting} locations want a paper but there are only {self.papers} papers, "
                "so the task would be unsolvable.",
                hint="Pass papers >= wanting.",
            )


def params_for_size(size: int) -> Params:
    """About ``size`` objects: 55% locations, the rest papers; 70% of the other locations want a paper,
    give or take 15% of them per task (so some tasks have exactly as many papers as wanting locations).

    The proportions follow the reference tasks (e.g. 33 locations, 25 papers, 22 wanting). Sizes below 3
    give the smallest task (2 locations, 1 paper).
    """
    check_size(size)
    locations = max(2, round(0.55 * size))
    papers = max(1, size - locations)
    wanting = max(1, min(papers, locations - 1, round(0.7 * (locations - 1))))
    spread = round(0.15 * (locations - 1))
    return Params(locations=locations, papers=papers, wanting=wanting, wanting_spread=spread)


def generate(params: Params, seed: int, name: str | None = None) -> Task:
    """A solvable delivery task; the same for the same ``(params, seed)``."""
    params.check()
    rng = random.Random(seed)
    locs = [f"loc-{i}" for i in range(params.locations)]
    papers = [f"paper-{i}" for i in range(params.papers)]
    home = locs[0]
    n_wanting = params.wanting
    if params.wanting_spread:  # drawn only when asked, so tasks of exact parameters stay as they were
        n_wanting += rng.randint(-params.wanting_spread, params.wanting_spread)
        n_wanting = max(1, min(n_wanting, params.papers, params.locations - 1))
    wanting = rng.sample(locs[1:], n_wanting)

    init: set[Fact] = {("at", home), ("ishomebase", home), ("safe", home)}
    init.update(("unpacked", p) for p in papers)
    for loc in wanting:
        init.add(("wantspaper", loc))
        init.add(("safe", loc))
    goal = frozenset(("satisfied", loc) for loc in wanting)

    objects = [(loc, "loc") for loc in locs] + [(p, "paper") for p in papers]
    default_name = f"delivery-l{params.locations}-p{params.papers}-w{n_wanting}-s{seed}"
    return Task(
        name=name or default_name,
        domain=builtin_domain(DOMAIN),
        objects=tuple(sorted(objects)),
        init=frozenset(init),
        goal=goal,
    )
