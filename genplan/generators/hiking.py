"""Instance generator for hiking (Silver et al.'s trail domain, "Forest" in the PG3 paper).

Kind of task (as in the reference benchmark, all from llm-genplan's hiking generator): a grid of cells
``r<row>_c<col>`` with 4-neighbour ``adjacent`` facts in both directions; a trail, i.e. a simple path of
adjacent cells given as ``onTrail from to`` facts, from the hiker's start cell to the goal cell; a few
hills on the trail (never the start); and water on a random share of the cells off the trail. The goal
is only ``at`` the trail's last cell.

Solvable by construction: follow the trail. Each step goes to an adjacent cell, from a cell that is not
water (no trail cell is), and uses ``climb`` when the next cell is a hill and ``walk`` otherwise.

The trail is a random stretch of a random Hamiltonian path of the grid: start from a serpentine path
and apply "backbite" moves (link an end to one of its grid neighbours and reverse the part of the path
after that neighbour), which keep a Hamiltonian path and mix it well. A stretch of any length up to
rows * cols - 1 steps therefore always exists, which random self-avoiding walks cannot promise on large
grids, and it meanders like the reference trails.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from itertools import pairwise
from math import isqrt

from genplan.generators import GeneratorError
from genplan.generators.domains import builtin_domain
from genplan.pddl.model import Fact, Task

DOMAIN = "hiking"

#: Backbite moves per grid cell: enough for the serpentine start to be forgotten.
MOVES_PER_CELL = 20

Cell = tuple[int, int]


@dataclass(frozen=True)
class Params:
    """Size of a hiking task: the grid, the trail's number of steps, hills on it, water off it."""

    rows: int = 10
    cols: int = 10
    trail_length: int = 25
    hills: int = 1
    #: Probability that a cell off the trail is water (a trap).
    water: float = 0.4
    #: Each task's trail has ``trail_length`` give or take up to this many steps (0: exactly).
    trail_spread: int = 0
    #: Each task has ``hills`` give or take up to this many hills (0: exactly).
    hill_spread: int = 0
    #: Each task's water probability is ``water`` give or take up to this many percentage points.
    water_spread_percent: int = 0

    def check(self) -> None:
        for key in ("rows", "cols", "trail_length", "hills", "trail_spread", "hill_spread", "water_spread_percent"):
            value = getattr(self, key)
            if not isinstance(value, int) or isinstance(value, bool):
                raise GeneratorError(f"The {DOMAIN} parameter {key} must be an integer, not {value!r}.")
        if self.rows < 1 or self.cols < 1 or self.rows * self.cols < 2:
            raise GeneratorError(
                f"A hiking grid needs at least 2 cells, not {self.rows} x {self.cols}.",
                hint="Pass rows >= 1 and cols >= 1 with rows * cols >= 2.",
            )
        cells = self.rows * self.cols
        if not 1 <= self.trail_length <= cells - 1:
            raise GeneratorError(
                f"A trail on a {self.rows} x {self.cols} grid has between 1 and {cells - 1} steps "
                f"(it visits each cell at most once), not trail_length = {self.trail_length}.",
                hint="Lower trail_length or enlarge the grid.",
            )
        if not 0 <= self.hills <= self.trail_length:
            raise GeneratorError(
                f"Hills lie on the trail's cells after the start, so between 0 and trail_length = "
                f"{self.trail_length} of them fit, not hills = {self.hills}.",
                hint="Lower hills or raise trail_length.",
            )
        for key in ("trail_spread", "hill_spread", "water_spread_percent"):
            if getattr(self, key) < 0:
                raise GeneratorError(
                    f"The hiking parameter {key} is how far a task may stray from the given value, so it cannot "
                    f"be {getattr(self, key)}.",
                    hint=f"Pass {key} >= 0 (0: exactly the given value).",
                )
        if not isinstance(self.water, int | float) or isinstance(self.water, bool) or not 0 <= self.water <= 1:
            raise GeneratorError(
                f"The hiking parameter water is a probability between 0 and 1, not {self.water!r}.",
                hint="Pass e.g. water=0.4.",
            )


def params_for_size(size: int) -> Params:
    """About ``size`` cells in a near-square grid; the trail has 2 steps to 60% of the cells (30% give or
    take all but 2 steps), 0 to 2 hills, and 35% to 65% of the cells off the trail are water.

    The reference grids are 8 x 10 to 11 x 11 with trails of 2 to 55 steps, 0 to 2 hills, and water on 23%
    to 52% of all cells.
    """
    if not isinstance(size, int) or isinstance(size, bool) or size < 1:
        raise GeneratorError(f"A task size must be a positive integer, not {size!r}.")
    rows = max(1, isqrt(size))
    cols = max(2, round(size / rows))
    trail = max(1, min(rows * cols - 1, round(0.3 * rows * cols)))
    return Params(
        rows=rows, cols=cols, trail_length=trail, hills=min(1, trail), water=0.5,
        trail_spread=max(0, trail - 2), hill_spread=1, water_spread_percent=15,
    )  # fmt: skip


def generate(params: Params, seed: int, name: str | None = None) -> Task:
    """A solvable hiking task; the same for the same ``(params, seed)``."""
    params.check()
    rng = random.Random(seed)
    rows, cols = params.rows, params.cols
    length, n_hills, water = params.trail_length, params.hills, params.water
    if params.trail_spread:  # drawn only when asked, so tasks of exact parameters stay as they were
        length = min(rows * cols - 1, max(1, length + rng.randint(-params.trail_spread, params.trail_spread)))
    if params.hill_spread:
        n_hills = min(length, max(0, n_hills + rng.randint(-params.hill_spread, params.hill_spread)))
    if params.water_spread_percent:
        spread = params.water_spread_percent / 100
        water = min(1.0, max(0.0, water + rng.uniform(-spread, spread)))
    path = _random_hamiltonian_path(rows, cols, rng)
    start = rng.randrange(len(path) - length)
    trail = path[start : start + length + 1]
    if rng.random() < 0.5:
        trail.reverse()
    on_trail = set(trail)
    hills = rng.sample(trail[1:], n_hills)

    def loc(cell: Cell) -> str:
        return f"r{cell[0]}_c{cell[1]}"

    init: set[Fact] = {("at", loc(trail[0]))}
    init.update(("ishill", loc(c)) for c in hills)
    init.update(("ontrail", loc(a), loc(b)) for a, b in pairwise(trail))
    for r in range(rows):
        for c in range(cols):
            for nb in _neighbours((r, c), rows, cols):
                init.add(("adjacent", loc((r, c)), loc(nb)))
            # One draw per cell, trail or not, so the water pattern does not depend on the trail's cells.
            wet = rng.random() < water
            if wet and (r, c) not in on_trail:
                init.add(("iswater", loc((r, c))))

    objects = tuple(sorted((loc((r, c)), "loc") for r in range(rows) for c in range(cols)))
    default_name = f"hiking-{rows}x{cols}-t{length}-h{n_hills}-w{round(100 * water)}-s{seed}"
    return Task(
        name=name or default_name,
        domain=builtin_domain(DOMAIN),
        objects=objects,
        init=frozenset(init),
        goal=frozenset({("at", loc(trail[-1]))}),
    )


def _neighbours(cell: Cell, rows: int, cols: int) -> list[Cell]:
    r, c = cell
    around = ((r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1))
    return [(r2, c2) for r2, c2 in around if 0 <= r2 < rows and 0 <= c2 < cols]


def _random_hamiltonian_path(rows: int, cols: int, rng: random.Random) -> list[Cell]:
    """A path through every cell of the grid, randomised by backbite moves from a serpentine one."""
    path = [(r, c if r % 2 == 0 else cols - 1 - c) for r in range(rows) for c in range(cols)]
    for _ in range(MOVES_PER_CELL * len(path)):
        if rng.random() < 0.5:
            path.reverse()  # work on the other end (list.reverse is cheap next to the index search)
        end = path[-1]
        nb = rng.choice(_neighbours(end, rows, cols))
        if len(path) > 1 and nb == path[-2]:
            continue
        i = path.index(nb)
        path[i + 1 :] = path[:i:-1]
    return path
