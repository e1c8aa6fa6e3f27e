"""Instance generator for visitall.

Kind of task (as in the reference benchmark: IPC-2011/2014 square grids, AutoPlanBench's and the
pddl-generators ``grid-N`` rectangular grids with holes): places ``loc-xX-yY`` of a ``width`` x ``height``
grid minus ``holes`` random cells; ``connected`` both ways between every two remaining cells that are
horizontal or vertical neighbours; the robot on a random place, which is the only one visited. The goal
asks to visit the start place and ``goal_places - 1`` other random places (all of them when
``goal_places`` is 0). Holes may cut cells off from the start (the reference has such tasks too), but
goal places are only drawn from the cells the start reaches.

Two parameters make each task draw its own shape, so one size gives a mix (:func:`params_for_size` sets
both): with ``reshape=1`` the grid keeps its number of places (``width * height - holes``) but takes a
random shape, a third of the time a full rectangle of random proportions (as IPC's and AutoPlanBench's
grids), otherwise a random rectangle with a quarter more cells or less, the surplus as holes (as the
pddl-generators grids); with ``min_goal_percent`` below 100 and ``goal_places=0``, a third of the tasks
ask to visit every reachable place and the others a random share of them, at least ``min_goal_percent``
percent (as in about two thirds of the reference tasks).

Solvable by construction: every goal place lies in the start's connected component, and ``connected``
is symmetric, so a depth-first walk from the start (going out along the tree edges and back) visits
every place of the component, the goal places included.
"""

from __future__ import annotations

import random
from collections import deque
from dataclasses import dataclass
from math import isqrt

from genplan.generators import GeneratorError, check_integers, check_size
from genplan.generators.domains import builtin_domain
from genplan.pddl.model import Fact, Task

DOMAIN = "visitall"

#: Redraws of holes and start before giving up on reaching ``goal_places`` places from the start.
MAX_DRAWS = 100


@dataclass(frozen=True)
class Params:
    """Size of a visitall task; ``goal_places=0`` means every place reachable from the start."""

    width: int = 4
    height: int = 4
    holes: int = 0
    goal_places: int = 0
    reshape: int = 0
    min_goal_percent: int = 100

    def check(self) -> None:
        check_integers(self, DOMAIN)
        if self.width < 1 or self.height < 1:
            raise GeneratorError(
                f"A visitall grid needs width and height >= 1, not {self.width} x {self.height}.",
                hint="Pass width >= 1 and height >= 1.",
            )
        cells = self.width * self.height
        if not 0 <= self.holes <= cells - 2:
            raise GeneratorError(
                f"A {self.width} x {self.height} grid with {self.holes} holes leaves {cells - self.holes} places, "
                "but a visitall task needs at least 2 (the start and a place to visit) and holes cannot be "
                "negative.",
                hint=f"Pass 0 <= holes <= {max(0, cells - 2)} (or a larger grid).",
            )
        if self.reshape not in (0, 1):
            raise GeneratorError(
                f"reshape must be 0 (the grid as given) or 1 (a random shape per task), not {self.reshape}.",
                hint="Pass reshape=0 or reshape=1.",
            )
        if not 0 <= self.min_goal_percent <= 100:
            raise GeneratorError(
                f"min_goal_percent is a percentage of the reachable places, so it cannot be {self.min_goal_percent}.",
                hint="Pass 0 <= min_goal_percent <= 100 (100: every reachable place).",
            )
        if self.goal_places != 0 and not 2 <= self.goal_places <= cells - self.holes:
            raise GeneratorError(
                f"goal_places must be 0 (every reachable place) or between 2 and the {cells - self.holes} "
                f"places of the grid, not {self.goal_places}.",
                hint="Lower goal_places, or enlarge the grid.",
            )


def params_for_size(size: int) -> Params:
    """About ``size`` places: a near-square grid of at least ``size`` cells with the surplus as holes,
    reshaped at random for each task, and every reachable place or a random share of at least 5% to visit.

    The reference tasks range from 1 to 324 places (an 18 x 18 grid). Sizes below 2 give a 2 x 1 grid.
    """
    check_size(size)
    size = max(2, size)
    width = isqrt(size - 1) + 1  # the ceiling of the square root, in integers
    height = -(-size // width)
    return Params(width=width, height=height, holes=width * height - size, goal_places=0, reshape=1, min_goal_percent=5)


def _shape(places: int, rng: random.Random) -> tuple[int, int, int]:
    """A random grid ``(width, height, holes)`` with ``places`` cells left: a third of the time a full
    rectangle (the last row may be short), otherwise up to a quarter more cells, the surplus as holes."""
    cells = places if rng.random() < 1 / 3 else places + rng.randint(1, max(1, places // 4))
    side = max(1.0, cells**0.5)
    width = max(1, min(cells, round(side * rng.uniform(0.4, 2.5))))
    height = -(-cells // width)
    return width, height, width * height - places


def generate(params: Params, seed: int, name: str | None = None) -> Task:
    """A solvable visitall task; the same for the same ``(params, seed)``."""
    params.check()
    rng = random.Random(seed)
    width, height, n_holes = params.width, params.height, params.holes
    if params.reshape:
        width, height, n_holes = _shape(width * height - n_holes, rng)
    cells = [(x, y) for x in range(width) for y in range(height)]
    wanted = params.goal_places
    for _ in range(MAX_DRAWS):
        holes = set(rng.sample(cells, n_holes))
        places = [c for c in cells if c not in holes]
        start = rng.choice(places)
        reachable = _component(start, set(places))
        if len(reachable) >= max(2, wanted):
            break
    else:
        raise GeneratorError(
            f"With {n_holes} holes in a {width} x {height} grid, {MAX_DRAWS} random draws "
            f"never left {max(2, wanted)} places reachable from the start (seed {seed}).",
            hint="Use fewer holes or fewer goal_places.",
        )

    def name_of(cell: tuple[int, int]) -> str:
        return f"loc-x{cell[0]}-y{cell[1]}"

    present = set(places)
    init: set[Fact] = {("at-robot", name_of(start)), ("visited", name_of(start))}
    for x, y in places:
        for nb in ((x + 1, y), (x - 1, y), (x, y + 1), (x, y - 1)):
            if nb in present:
                init.add(("connected", name_of((x, y)), name_of(nb)))
    others = sorted(reachable - {start})
    if wanted == 0 and params.min_goal_percent < 100 and rng.random() >= 1 / 3:
        share = rng.uniform(params.min_goal_percent / 100, 1)
        wanted = min(len(reachable), max(2, round(share * len(reachable))))
    chosen = others if wanted == 0 else rng.sample(others, wanted - 1)
    goal = frozenset(("visited", name_of(c)) for c in [start, *chosen])

    return Task(
        name=name or f"visitall-{width}x{height}-h{n_holes}-g{params.goal_places}-s{seed}",
        domain=builtin_domain(DOMAIN),
        objects=tuple(sorted((name_of(c), "place") for c in places)),
        init=frozenset(init),
        goal=goal,
    )


def _component(start: tuple[int, int], places: set[tuple[int, int]]) -> set[tuple[int, int]]:
    """The cells reachable from ``start`` through 4-neighbours in ``places`` (breadth-first)."""
    seen = {start}
    queue = deque([start])
    while queue:
        x, y = queue.popleft()
        for nb in ((x + 1, y), (x - 1, y), (x, y + 1), (x, y - 1)):
            if nb in places and nb not in seen:
                seen.add(nb)
                queue.append(nb)
    return seen
