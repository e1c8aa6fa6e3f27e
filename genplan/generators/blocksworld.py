"""Instance generator for blocksworld (the 4-operator version).

Kind of task (as in the reference benchmark, whose tasks come from the IPC-2000 set, from AutoPlanBench
and from a ``BW-rand`` generator): blocks ``b1 ..`` of an untyped domain, the hand empty, the blocks in a
random arrangement of towers on the table; the goal is a second random arrangement, stated only by its
``on`` facts (which blocks sit on which), so blocks the goal leaves at the bottom of a tower may end up
anywhere on the table. Both arrangements are drawn uniformly from all arrangements of the blocks, as
the ``bwstates`` generator of Slaney and Thiébaux does: the number of towers ``k`` is drawn with
probability proportional to the Lah number ``L(n, k)`` (the number of arrangements of ``n`` labelled
blocks into ``k`` unordered towers), then a random permutation of the blocks is cut at ``k - 1`` random
places. The goal has at least one ``on`` fact and is never already true initially.

Solvable by construction: any goal made of the ``on`` facts of a consistent arrangement can be reached
by unstacking every tower onto the table (always possible: the top block of a tower is clear and the
hand is empty between steps) and then building each goal tower bottom-up with pick-up and stack.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from functools import cache
from itertools import pairwise
from math import comb, factorial

from genplan.generators import GeneratorError, check_integers, check_size
from genplan.generators.domains import builtin_domain
from genplan.pddl.model import ROOT_TYPE, Fact, Task

DOMAIN = "blocksworld"

#: Redraws of the goal arrangement before giving up (only 2 blocks make a redraw likely at all).
MAX_DRAWS = 1000


@dataclass(frozen=True)
class Params:
    """Size of a blocksworld task: the number of blocks."""

    blocks: int = 5

    def check(self) -> None:
        check_integers(self, DOMAIN)
        if self.blocks < 2:
            raise GeneratorError(
                f"A blocksworld task needs at least 2 blocks (with fewer there is no 'on' goal), not {self.blocks}.",
                hint="Pass blocks >= 2.",
            )


def params_for_size(size: int) -> Params:
    """``size`` blocks (at least 2). The reference tasks have 3 to 20 blocks."""
    check_size(size)
    return Params(blocks=max(2, size))


def generate(params: Params, seed: int, name: str | None = None) -> Task:
    """A solvable blocksworld task; the same for the same ``(params, seed)``."""
    params.check()
    rng = random.Random(seed)
    blocks = [f"b{i}" for i in range(1, params.blocks + 1)]

    start = random_towers(blocks, rng)
    init: set[Fact] = {("handempty",), *on_facts(start)}
    init.update(("ontable", tower[0]) for tower in start)
    init.update(("clear", tower[-1]) for tower in start)
    for _ in range(MAX_DRAWS):
        goal = on_facts(random_towers(blocks, rng))
        if goal and not goal <= init:
            break
    else:  # pragma: no cover - the chance is below 2**-1000 for 2 blocks, and smaller for more
        raise GeneratorError(f"Could not draw a blocksworld goal for seed {seed}.", hint="Try another seed.")

    return Task(
        name=name or f"blocksworld-b{params.blocks}-s{seed}",
        domain=builtin_domain(DOMAIN),
        objects=tuple(sorted((b, ROOT_TYPE) for b in blocks)),
        init=frozenset(init),
        goal=frozenset(goal),
    )


def random_towers(blocks: list[str], rng: random.Random) -> list[list[str]]:
    """A uniformly random arrangement of ``blocks`` into towers, each listed bottom to top."""
    n = len(blocks)
    weights = _lah_row(n)
    pick = rng.randrange(sum(weights))
    towers = 1
    for k, weight in enumerate(weights, start=1):
        if pick < weight:
            towers = k
            break
        pick -= weight
    order = blocks[:]
    rng.shuffle(order)
    cuts = sorted(rng.sample(range(1, n), towers - 1))
    bounds = [0, *cuts, n]
    return [order[a:b] for a, b in pairwise(bounds)]


def on_facts(towers: list[list[str]]) -> set[Fact]:
    """The ``on`` facts of an arrangement of towers (each listed bottom to top)."""
    return {("on", upper, lower) for tower in towers for lower, upper in pairwise(tower)}


@cache
def _lah_row(n: int) -> tuple[int, ...]:
    """The Lah numbers ``L(n, k)`` for ``k = 1 .. n``: arrangements of ``n`` blocks into ``k`` towers.

    ``L(n, k) = C(n - 1, k - 1) * n! / k!``. Integers throughout, so the draw above is exact and the
    same on every platform.
    """
    return tuple(comb(n - 1, k - 1) * factorial(n) // factorial(k) for k in range(1, n + 1))
