"""Instance generator for floortile (genplan's own formulation, ``generators/pddl/floortile.pddl``).

Kind of task (as in the IPC 2023 Learning Track's floortile): a grid of ``rows + 1`` rows by
``columns`` columns of tiles ``tile_<row>_<column>`` (rows from 0, columns from 1) linked by ``up``,
``down``, ``left`` and ``right`` facts; the robots ``robot1 ..`` stand on distinct tiles drawn at
random from the whole grid (row 0 included), each holding white or black at random; both colors are
available; every tile without a robot is clear and none is painted. The goal paints every tile of rows
1 to ``rows`` as a checkerboard: white where row + column is even, black elsewhere. Row 0 is never
painted, so a robot always has somewhere to end up. A painted tile can be neither walked on nor painted
again, and a robot paints only the tile just above or below it: the order of painting decides whether
the robots wall themselves in.

At most as many robots as columns: in a goal state, rows 1 and up are painted and robots stand on
unpainted tiles, so they all stand in row 0, one per column. More robots make an unsolvable task, which
``check`` rejects.

Solvable by construction, with this plan. (1) Bring the robots to the ``k`` leftmost tiles of row 0.
Nothing is painted yet, so robots only block each other, and robots are interchangeable (any robot can
switch to any color): while some target tile ``t`` is empty, take a robot off the targets and a
shortest grid path from it to ``t``; the robot on the path closest to ``t`` walks to ``t``, the one
before it on the path walks to where that one stood, and so on back to the path's first robot. The path's tiles
between two consecutive robots on it are free, so every step is legal, and afterwards the occupied
tiles are the same but for the path's start, now free, and ``t``, now taken: one more target is filled
each time. (2) The robot in column ``j`` (``j <= k``) climbs its column to row ``rows - 1`` and paints
it from the top down: from row ``r - 1`` it paints row ``r`` above it (switching color first if
needed), then steps down, ending in row 0 after painting row 1. The columns are disjoint and clear, so
the robots never meet. Then the robot of column ``k`` walks right along row 0, which holds no other
robot there, and paints columns ``k + 1 .. columns`` the same way, one after another.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from math import isqrt

from genplan.generators import GeneratorError, check_integers, check_size
from genplan.generators.domains import builtin_domain
from genplan.pddl.model import Fact, Task

DOMAIN = "floortile"
#: The two colors of every Learning Track task; the goal is a checkerboard of them.
COLORS = ("white", "black")
#: Robots per painted tile that ``params_for_size`` aims at, beyond the first robot. The Learning
#: Track's tasks range from 1 robot on 3x3 (training) through 4 on 10x10 and 8 to 15 on 13x16 to 13x19
#: (medium test) up to 34 robots on 28x34 (the largest test task); 1 + 0.035 per painted tile follows
#: that, capped at one robot per column.
ROBOTS_PER_TILE = 0.035


@dataclass(frozen=True)
class Params:
    """Size of a floortile task: ``rows`` rows to paint above the unpainted row 0, by ``columns``."""

    rows: int = 3
    columns: int = 3
    robots: int = 1

    def check(self) -> None:
        check_integers(self, DOMAIN)
        if self.rows < 1:
            raise GeneratorError(
                f"A floortile task needs at least 1 row of tiles to paint (above row 0), not {self.rows}.",
                hint="Pass rows >= 1.",
            )
        if self.columns < 1:
            raise GeneratorError(
                f"A floortile task needs at least 1 column of tiles, not {self.columns}.", hint="Pass columns >= 1."
            )
        if self.robots < 1:
            raise GeneratorError(
                f"A floortile task needs at least 1 robot, not {self.robots}.", hint="Pass robots >= 1."
            )
        if self.robots > self.columns:
            raise GeneratorError(
                f"A floortile task with {self.robots} robots and {self.columns} columns has no solution: once "
                "every row above row 0 is painted, the robots can only stand in row 0, one per column.",
                hint=f"Pass robots <= columns (here <= {self.columns}).",
            )

    @property
    def objects(self) -> int:
        """Objects of a task with these parameters: tiles, robots and the two colors."""
        return (self.rows + 1) * self.columns + self.robots + len(COLORS)


def robots_for(rows: int, columns: int) -> int:
    """The number of robots ``params_for_size`` puts on a grid (see :data:`ROBOTS_PER_TILE`)."""
    return max(1, min(columns, round(1 + ROBOTS_PER_TILE * rows * columns)))


def params_for_size(size: int) -> Params:
    """About ``size`` objects (within 5%, or 1; not above ``size`` where that is possible) on the
    squarest grid, with :func:`robots_for` robots.

    The Learning Track's tasks range from 5 objects (training: 2 tiles, 1 robot, 2 colors) to about
    1,020 (test: 29 x 34 tiles, 34 robots). Sizes below 5 give the smallest task.
    """
    check_size(size)
    slack = max(1, round(0.05 * size))
    best: tuple[tuple[int, bool, int, int], Params] | None = None
    for columns in range(1, isqrt(max(1, size)) + 3):
        # rows + 1 tile rows of ``columns`` tiles and about a robot per 1/ROBOTS_PER_TILE tiles.
        approx = max(1, round((size - len(COLORS) - 1) / (columns * (1 + ROBOTS_PER_TILE)) - 1))
        for rows in sorted({max(1, approx - 1), approx, approx + 1}):
            params = Params(rows=rows, columns=columns, robots=robots_for(rows, columns))
            miss = abs(params.objects - size)
            # Within the slack, no more than ``size`` (the check drops tasks above its largest size), then
            # the squarest grid (the Learning Track's are near square); outside it, the closest.
            score = (max(0, miss - slack), params.objects > size, abs(rows + 1 - columns), miss)
            if best is None or score < best[0]:
                best = (score, params)
    assert best is not None
    return best[1]


def tile(row: int, column: int) -> str:
    return f"tile_{row}_{column}"


def goal_color(row: int, column: int) -> str:
    """The checkerboard: white where ``row + column`` is even."""
    return COLORS[(row + column) % 2]


def generate(params: Params, seed: int, name: str | None = None) -> Task:
    """A solvable floortile task; the same for the same ``(params, seed)``."""
    params.check()
    rng = random.Random(seed)
    rows, columns = params.rows, params.columns
    tiles = [tile(r, c) for r in range(rows + 1) for c in range(1, columns + 1)]
    robots = [f"robot{i}" for i in range(1, params.robots + 1)]

    init: set[Fact] = {("available-color", color) for color in COLORS}
    for r in range(rows + 1):
        for c in range(1, columns + 1):
            if r < rows:
                init.add(("up", tile(r + 1, c), tile(r, c)))
                init.add(("down", tile(r, c), tile(r + 1, c)))
            if c < columns:
                init.add(("right", tile(r, c + 1), tile(r, c)))
                init.add(("left", tile(r, c), tile(r, c + 1)))
    occupied = rng.sample(tiles, len(robots))  # ``tiles`` is a list in a fixed order
    for robot, here in zip(robots, occupied, strict=True):
        init.add(("robot-at", robot, here))
        init.add(("robot-has", robot, rng.choice(COLORS)))
    taken = set(occupied)
    init.update(("clear", t) for t in tiles if t not in taken)
    goal = frozenset(
        ("painted", tile(r, c), goal_color(r, c)) for r in range(1, rows + 1) for c in range(1, columns + 1)
    )

    objects = [(t, "tile") for t in tiles] + [(r, "robot") for r in robots] + [(c, "color") for c in COLORS]
    return Task(
        name=name or f"floortile-r{rows}-c{columns}-k{params.robots}-s{seed}",
        domain=builtin_domain(DOMAIN),
        objects=tuple(sorted(objects)),
        init=frozenset(init),
        goal=goal,
    )
