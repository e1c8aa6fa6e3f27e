"""Instance generator for visitall.

Kind of task (as in the reference benchmark: IPC-2011/2014 square grids, AutoPlanBench's and the
pddl-generators ``grid-N`` rectangular grids with holes): places ``loc-xX-yY`` of a ``width`` x ``height``
grid minus ``holes`` random cells; ``connected`` both ways between every two remaining cells that are
horizontal or vertical neighbours; the robot on a random place, which is the only one visited. The goal
asks to visit the start place and ``goal_places - 1`` other random places (all of them when
``goal_places`` is 0). Holes may cut cells off from the start (the reference has such tasks too), but
goal places are only drawn from the cells the start reaches.

Solvable by construction: every goal place lies in the start's connected component, and ``connected``
is symmetric, so a depth-first walk from the start (going out along the tree edges and back) visits
every place of the component, the goal places included.
"""

from __future__ import annotations

import random
from collections import deque
from dataclasses import dataclass
from math import isqrt

from genplan.benchmarks.domains import builtin_domain
from genplan.generators import GeneratorError, check_integers, check_size
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
        if self.goal_places != 0 and not 2 <= self.goal_places <= cells - self.holes:
            raise GeneratorError(
                f"goal_places must be 0 (every reachable place) or between 2 and the {cells - self.holes} "
                f"places of the grid, not {self.goal_places}.",
                hint="Lower goal_places, or enlarge the grid.",
            )


def params_for_size(size: int) -> Params:
    """About ``size`` places: a near-square grid of at least ``size`` cells with the surplus as holes,
    and every reachable place to visit.

    The reference tasks range from 1 to 324 places (an 18 x 18 grid). Sizes below 2 give a 2 x 1 grid.
    """
    check_size(size)
    size = max(2, size)
    width = isqrt(size - 1) + 1  # the ceiling of the square root, in integers
    height = -(-size // width)
    return Params(width=width, height=height, holes=width * height - size, goal_places=0)


def generate(params: Params, seed: int, name: str | None = None) -> Task:
    """A solvable visitall task; the same for the same ``(params, seed)``."""
    params.check()
    rng = random.Random(seed)
    cells = [(x, y) for x in range(params.width) for y in range(params.height)]
    wanted = params.goal_places
    for _ in range(MAX_DRAWS):
        holes = set(rng.sample(cells, params.holes))
        places = [c for c in cells if c not in holes]
        start = rng.choice(places)
        reachable = _component(start, set(places))
        if len(reachable) >= max(2, wanted):
            break
    else:
        raise GeneratorError(
            f"With {params.holes} holes in a {params.width} x {params.height} grid, {MAX_DRAWS} random draws "
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
    chosen = others if wanted == 0 else rng.sample(others, wanted - 1)
    goal = frozenset(("visited", name_of(c)) for c in [start, *chosen])

    return Task(
        name=name or f"visitall-{params.width}x{params.height}-h{params.holes}-g{params.goal_places}-s{seed}",
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
