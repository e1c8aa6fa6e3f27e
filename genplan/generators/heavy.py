"""Instance generator for heavy (Silver et al.'s heavy-pack).

Kind of task (as in the reference benchmark, all from llm-genplan's heavypack generator): items named
``o<number>`` with distinct random numbers, so that name order says nothing about weight; a random
strict weight order given in full (``heavier a b`` for *every* pair with ``a`` heavier than ``b``, so a
task of n items has n(n-1)/2 such facts); all items unpacked, the box empty; the goal packs every item.

Solvable by construction: the weight order is total, so ``pack-first`` the heaviest item and then
``stack`` the remaining items in decreasing weight; each is lighter than the current top of the stack.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from itertools import chain

from genplan.generators import GeneratorError
from genplan.generators.domains import builtin_domain
from genplan.pddl.model import ROOT_TYPE, Fact, Task

DOMAIN = "heavy"


@dataclass(frozen=True)
class Params:
    """Size of a heavy task: the number of items to pack."""

    items: int = 6

    def check(self) -> None:
        if not isinstance(self.items, int) or isinstance(self.items, bool):
            raise GeneratorError(f"The {DOMAIN} parameter items must be an integer, not {self.items!r}.")
        if self.items < 1:
            raise GeneratorError(f"A heavy task needs at least 1 item, not {self.items}.", hint="Pass items >= 1.")


def params_for_size(size: int) -> Params:
    """Exactly ``size`` items (every object is an item; the reference tasks hold 3 to 209)."""
    if not isinstance(size, int) or isinstance(size, bool) or size < 1:
        raise GeneratorError(f"A task size must be a positive integer, not {size!r}.")
    return Params(items=size)


def generate(params: Params, seed: int, name: str | None = None) -> Task:
    """A solvable heavy task; the same for the same ``(params, seed)``."""
    params.check()
    rng = random.Random(seed)
    n = params.items
    # Distinct random numbers, below 1000 as in the reference tasks while that leaves enough room.
    numbers = rng.sample(range(max(1000, 4 * n)), n)
    by_weight = [f"o{k}" for k in numbers]  # heaviest first: the sample is already in random order

    # One frozenset built from a generator: the heavier facts dominate (2 million for 2,000 items).
    init: frozenset[Fact] = frozenset(
        chain(
            [("box-empty",)],
            (("unpacked", item) for item in by_weight),
            (("heavier", heavy, light) for i, heavy in enumerate(by_weight) for light in by_weight[i + 1 :]),
        )
    )
    return Task(
        name=name or f"heavy-n{n}-s{seed}",
        domain=builtin_domain(DOMAIN),
        objects=tuple(sorted((item, ROOT_TYPE) for item in by_weight)),
        init=init,
        goal=frozenset(("packed", item) for item in by_weight),
    )
