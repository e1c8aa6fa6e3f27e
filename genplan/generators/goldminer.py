"""Instance generator for goldminer (the typed Gold Miner domain of the IPC-2008 learning track).

Kind of task (as in the reference benchmark, whose tasks come from the IPC-2008 generator,
``typed-bomberman-rowsR-colsC``): a grid of cells ``fI-Jf`` (row ``I``, column ``J``) with ``connected``
facts both ways between 4-neighbours. Column 0 holds no rock: the robot stands on a random cell of it,
and the bomb supply and the laser share another. Every other cell holds soft or hard rock at random,
except for a winding channel of soft rock that leads from the gold, on a random cell of the last
column (soft rock on it too), to column 1. With a single column there is no rock but the gold cell's,
which lies beyond the robot and the bomb supply (never between them). The goal is ``(holds-gold)``.

Solvable by construction, with ``C >= 2`` columns. Let ``g`` be the gold cell and ``n`` its left
neighbour. The robot walks along column 0 (no rock) to the laser, picks it up and walks to ``n``, firing
the laser at each cell before stepping onto it: a fired-at cell is clear whatever rock it held, and no
cell on the way is ``g``. It puts the laser down on ``n``, walks back to the bomb supply along the cleared
way, picks up a bomb, returns to ``n`` and detonates it at ``g`` (soft rock), steps onto ``g`` with its
arm empty again and picks up the gold. With one column the robot walks to the bomb supply and on to the
neighbour of the gold on its side (the gold is not between them), and does the same.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from genplan.generators import GeneratorError
from genplan.generators.domains import builtin_domain
from genplan.pddl.model import Fact, Task

DOMAIN = "goldminer"
#: Chance that a cell off the channel holds hard rock (the IPC generator: a fair coin).
HARD_ROCK = 0.5


@dataclass(frozen=True)
class Params:
    """Size of a gold miner task: a ``rows`` x ``cols`` grid."""

    rows: int = 3
    cols: int = 3

    def check(self) -> None:
        for key, value in vars(self).items():
            if not isinstance(value, int) or isinstance(value, bool):
                raise GeneratorError(f"The {DOMAIN} parameter {key} must be an integer, not {value!r}.")
        if self.rows < 2:
            raise GeneratorError(
                f"A gold miner grid needs at least 2 rows, not {self.rows}: the robot and the bomb supply "
                "start on different cells of the first column.",
                hint="Pass rows >= 2.",
            )
        if self.cols < 1:
            raise GeneratorError(f"A gold miner grid needs at least 1 column, not {self.cols}.", hint="Pass cols >= 1.")
        if self.cols == 1 and self.rows < 3:
            raise GeneratorError(
                f"A gold miner grid of a single column needs at least 3 rows, not {self.rows}: the robot, the "
                "bomb supply and the gold each need a cell of it.",
                hint="Pass rows >= 3 or cols >= 2.",
            )


def params_for_size(size: int) -> Params:
    """About ``size`` cells (every object is a cell): a near-square grid, at least 2 x 2.

    The reference tasks have 4 to 49 cells (2 to 7 rows, 1 to 7 columns).
    """
    if not isinstance(size, int) or isinstance(size, bool) or size < 1:
        raise GeneratorError(f"A task size must be a positive integer, not {size!r}.")
    rows = max(2, round(size**0.5))
    cols = max(2, round(size / rows))
    return Params(rows=rows, cols=cols)


def cell(row: int, col: int) -> str:
    return f"f{row}-{col}f"


def generate(params: Params, seed: int, name: str | None = None) -> Task:
    """A solvable gold miner task; the same for the same ``(params, seed)``."""
    params.check()
    rng = random.Random(seed)
    rows, cols = params.rows, params.cols
    init: set[Fact] = {("arm-empty",)}
    for r in range(rows):
        for c in range(cols):
            if c + 1 < cols:
                init |= {("connected", cell(r, c), cell(r, c + 1)), ("connected", cell(r, c + 1), cell(r, c))}
            if r + 1 < rows:
                init |= {("connected", cell(r, c), cell(r + 1, c)), ("connected", cell(r + 1, c), cell(r, c))}

    if cols == 1:
        low, mid, high = sorted(rng.sample(range(rows), 3))
        gold_row, robot_row, supply_row = (low, mid, high) if rng.random() < 0.5 else (high, mid, low)
        if rng.random() < 0.5:
            robot_row, supply_row = supply_row, robot_row
    else:
        robot_row, supply_row = rng.sample(range(rows), 2)
        gold_row = rng.randrange(rows)
    gold = (gold_row, cols - 1)

    soft = {(r, c) for r in range(rows) for c in range(1, cols) if rng.random() >= HARD_ROCK}
    soft |= _channel(gold, rows, rng)
    soft.add(gold)
    for r in range(rows):
        for c in range(cols):
            if c == 0 and (r, c) != gold:
                init.add(("clear", cell(r, c)))
            elif (r, c) in soft:
                init.add(("soft-rock-at", cell(r, c)))
            else:
                init.add(("hard-rock-at", cell(r, c)))
    init |= {
        ("robot-at", cell(robot_row, 0)),
        ("bomb-at", cell(supply_row, 0)),
        ("laser-at", cell(supply_row, 0)),
        ("gold-at", cell(*gold)),
    }
    return Task(
        name=name or f"goldminer-rows{rows}-cols{cols}-seed{seed}",
        domain=builtin_domain(DOMAIN),
        objects=tuple(sorted((cell(r, c), "loc") for r in range(rows) for c in range(cols))),
        init=frozenset(init),
        goal=frozenset({("holds-gold",)}),
    )


def _channel(gold: tuple[int, int], rows: int, rng: random.Random) -> set[tuple[int, int]]:
    """A random path of cells from the gold leftwards to column 1: runs up or down, then steps left.

    As in the IPC generator it never turns straight back: after a run up the next run is up or left.
    """
    row, col = gold
    path: set[tuple[int, int]] = set()
    last = None
    while col > 1:
        moves = [m for m in ("up", "down", "left") if {m, last} != {"up", "down"}]
        move = rng.choice(moves)
        if move == "left":
            for _ in range(2):
                if col > 1:
                    col -= 1
                    path.add((row, col))
        else:
            step = -1 if move == "up" else 1
            for _ in range(rng.randint(1, rows)):
                if 0 <= row + step < rows:
                    row += step
                    path.add((row, col))
        last = move
    return path
