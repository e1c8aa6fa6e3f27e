"""Instance generator for beluga (the classical Beluga model of the bughive/ASNets benchmark).

Kind of task (as in the reference benchmark, whose 67 tasks are ``problem_P_R_S`` of Eisenhut et al.):
one beluga truck ``t1`` and one factory truck ``t2``, both empty; racks ``rack1 ..``, all empty and
unused; parts ``part1 ..`` (zero-padded from 10 parts on), none on a rack, each of a random size between
3 and 7; one production line ``pla`` (``plA`` in the reference files: names are lower case here). The
Beluga unloads the parts in a random order (``next-to-unload`` chain ending in ``nonep``), and the line
needs them in another random order (``p-line-succ`` chain ending in ``nonep``, plus ``p-line-succ nonep
nonep``). Rack levels are number objects ``nNN``: every sum of part sizes up to the rack capacity 15,
linked by the ``fit-n-sum`` facts ``a + s = c`` for every level ``a`` (``n00`` included) and every size
``s`` of a part with ``c <= 15``. The goal: every part processed.

Solvable by construction. The sizes and the unloading order are drawn at random, then a random
production order; a task is kept only when the strategy :func:`strategy_plan` completes it, whose plan is
the witness. Otherwise the production order is drawn again: uniformly for ``ATTEMPTS // 2`` attempts, then
ever closer to the unloading order, the last attempt being the unloading order itself (see
:func:`_production_order`). The strategy, for each part in production order:
1. while the part is still in the Beluga, unload the next part and put it at the beluga end of a rack
   where it fits, preferring a rack whose beluga-end part is needed earlier, then an empty rack (this
   keeps the racks in delivery order seen from the factory side, as far as it goes); stuck if none fits;
2. while other parts are in front of it (on the factory side of its rack), the factory truck moves the
   front one to the factory end of another rack where it fits. If none has room, the beluga truck first
   takes the beluga-end part of another rack, making room there, and after the move puts it at the
   beluga end of the first rack (behind the needed part); stuck if that does not fit either;
3. set the line's next part, take the part onto the factory truck and deliver it.
With the production order equal to the unloading order the strategy never gets stuck: every part goes
onto an empty rack and is delivered at once (no part is larger than a rack). So every task is solvable,
even with a single rack.

The reference tasks' orders look uniformly random; the strategy completes 63 of the 67, so the first,
uniform attempts keep the kind of the reference tasks, only slightly biased towards the solvable ones the
strategy can see are solvable.
"""

from __future__ import annotations

import random
from collections import deque
from dataclasses import dataclass

from genplan.benchmarks.domains import builtin_domain
from genplan.generators import GeneratorError
from genplan.pddl.model import Fact, Task

DOMAIN = "beluga"
BELUGA_TRUCK = "t1"
FAB_TRUCK = "t2"
LINE = "pla"  # "plA" in the reference files; names are lower case here
NO_PART = "nonep"
NO_RACK = "noner"
ZERO = "n00"
#: Random orders tried before falling back to delivering in unloading order.
ATTEMPTS = 50


@dataclass(frozen=True)
class Params:
    """Size of a beluga task: ``parts`` to pass through ``racks`` of ``rack_capacity`` size units.

    Part sizes are drawn uniformly from ``min_size .. max_size`` (the reference tasks: 3 .. 7, capacity 15).
    """

    parts: int = 5
    racks: int = 3
    min_size: int = 3
    max_size: int = 7
    rack_capacity: int = 15

    def check(self) -> None:
        for key, value in vars(self).items():
            if not isinstance(value, int) or isinstance(value, bool):
                raise GeneratorError(f"The {DOMAIN} parameter {key} must be an integer, not {value!r}.")
        if self.parts < 1:
            raise GeneratorError(f"A beluga task needs at least 1 part, not {self.parts}.", hint="Pass parts >= 1.")
        if self.racks < 1:
            raise GeneratorError(
                f"A beluga task needs at least 1 rack, not {self.racks}: parts can only reach the factory "
                "truck by way of a rack.",
                hint="Pass racks >= 1.",
            )
        if not 1 <= self.min_size <= self.max_size:
            raise GeneratorError(
                f"Part sizes must satisfy 1 <= min_size <= max_size, not min_size={self.min_size}, "
                f"max_size={self.max_size}.",
                hint="Pass e.g. min_size=3, max_size=7.",
            )
        if self.max_size > self.rack_capacity:
            raise GeneratorError(
                f"A part of size max_size={self.max_size} does not fit on a rack of capacity "
                f"{self.rack_capacity}, so it could never reach the production line.",
                hint="Pass max_size <= rack_capacity.",
            )


def params_for_size(size: int) -> Params:
    """About ``size`` objects: 6 fixed ones (the trucks, the line and the constants ``nonep``, ``noner``,
    ``n00``) and about 12 level numbers, then 62% parts and 38% racks.

    The reference tasks have 13 to 34 objects (2 to 11 parts, 2 to 6 racks, up to 13 level numbers).
    """
    if not isinstance(size, int) or isinstance(size, bool) or size < 1:
        raise GeneratorError(f"A task size must be a positive integer, not {size!r}.")
    rest = max(4, size - 6 - 12)
    parts = max(2, round(0.62 * rest))
    racks = max(2, rest - parts)
    return Params(parts=parts, racks=racks)


def generate(params: Params, seed: int, name: str | None = None) -> Task:
    """A solvable beluga task; the same for the same ``(params, seed)``."""
    params.check()
    rng = random.Random(seed)
    width = 2 if params.parts >= 10 else 1
    parts = [f"part{i:0{width}d}" for i in range(1, params.parts + 1)]
    racks = [f"rack{i}" for i in range(1, params.racks + 1)]
    sizes = {p: rng.randint(params.min_size, params.max_size) for p in parts}
    unload = rng.sample(parts, len(parts))
    for attempt in range(ATTEMPTS + 1):
        production = _production_order(unload, attempt, rng)
        if strategy_plan(unload, production, sizes, racks, params.rack_capacity) is not None:
            break

    levels = _levels(sorted(set(sizes.values())), params.rack_capacity)
    init: set[Fact] = {("empty", BELUGA_TRUCK), ("empty", FAB_TRUCK), ("needed-next", NO_PART)}
    for a in (0, *levels):
        for s in sorted(set(sizes.values())):
            if a + s <= params.rack_capacity:
                init.add(("fit-n-sum", _num(a), _num(s), _num(a + s)))
    for part in parts:
        init |= {("on-rack", NO_RACK, part), ("no-rack-succ", part), ("no-rack-pre", part)}
        init.add(("size", part, _num(sizes[part])))
    init.add(("ready-to-unload", unload[0]))
    init.update(("next-to-unload", a, b) for a, b in zip(unload, [*unload[1:], NO_PART], strict=True))
    for rack in racks:
        init |= {("level", rack, ZERO), ("unused", rack)}
    init.add(("p-line-next", LINE, production[0]))
    init.update(("p-line-succ", a, b) for a, b in zip(production, [*production[1:], NO_PART], strict=True))
    init.add(("p-line-succ", NO_PART, NO_PART))

    objects = [(BELUGA_TRUCK, "beluga-truck"), (FAB_TRUCK, "fab-truck"), (LINE, "production-line")]
    objects += [(r, "rack") for r in racks] + [(p, "part") for p in parts]
    objects += [(_num(n), "num") for n in levels]
    return Task(
        name=name or f"beluga-p{params.parts}-r{params.racks}-seed{seed}",
        domain=builtin_domain(DOMAIN),
        objects=tuple(sorted(objects)),
        init=frozenset(init),
        goal=frozenset(("processed", p) for p in parts),
    )


def _production_order(unload: list[str], attempt: int, rng: random.Random) -> list[str]:
    """A random production order; later attempts stay ever closer to the unloading order.

    The first half of the attempts are uniform permutations. After that, each part may move only
    within a window that shrinks to nothing, so the last attempt is the unloading order itself.
    """
    n = len(unload)
    if attempt < ATTEMPTS // 2:
        return rng.sample(unload, n)
    window = n * (ATTEMPTS - attempt) / (ATTEMPTS - ATTEMPTS // 2 + 1)
    keys = [(i + rng.uniform(0, window), i) for i in range(n)]
    return [unload[i] for _, i in sorted(keys)]


def _num(n: int) -> str:
    return f"n{n:02d}"


def _levels(sizes: list[int], capacity: int) -> list[int]:
    """Every positive sum of (repeated) part sizes up to ``capacity``: the levels a rack can have."""
    reachable = [False] * (capacity + 1)
    reachable[0] = True
    for total in range(1, capacity + 1):
        reachable[total] = any(s <= total and reachable[total - s] for s in sizes)
    return [n for n in range(1, capacity + 1) if reachable[n]]


def strategy_plan(
    unload: list[str], production: list[str], sizes: dict[str, int], racks: list[str], capacity: int
) -> list[str] | None:
    """The plan of the module docstring's strategy, or ``None`` when it gets stuck (no rack has room).

    A rack is held as a deque from its factory end (index 0) to its beluga end (index -1).
    """
    rank = {p: i for i, p in enumerate(production)}
    content: dict[str, deque[str]] = {r: deque() for r in racks}
    level = dict.fromkeys(racks, 0)
    where: dict[str, str] = {}
    steps: list[str] = []
    arrivals = deque(unload)

    def fab_take(rack: str) -> str:
        row = content[rack]
        part = row.popleft()
        old = level[rack]
        level[rack] -= sizes[part]
        if row:
            steps.append(
                f"(put-on-truck-fab {FAB_TRUCK} {rack} {part} {row[0]} {_num(sizes[part])} {_num(old)} "
                f"{_num(level[rack])})"
            )
        else:
            steps.append(f"(put-on-truck-fab-last {FAB_TRUCK} {rack} {part} {_num(sizes[part])} {ZERO} {ZERO})")
        del where[part]
        return part

    def fab_put(rack: str, part: str) -> None:
        row = content[rack]
        old = level[rack]
        level[rack] += sizes[part]
        if row:
            steps.append(
                f"(put-on-rack-fab {FAB_TRUCK} {rack} {part} {row[0]} {_num(sizes[part])} {_num(level[rack])} "
                f"{_num(old)})"
            )
        else:
            steps.append(f"(put-on-rack-fab-last {FAB_TRUCK} {rack} {part} {_num(sizes[part])} {ZERO} {ZERO})")
        row.appendleft(part)
        where[part] = rack

    def beluga_put(rack: str, part: str) -> None:
        row = content[rack]
        old = level[rack]
        level[rack] += sizes[part]
        if row:
            steps.append(
                f"(put-on-rack-beluga {BELUGA_TRUCK} {part} {rack} {row[-1]} {_num(sizes[part])} {_num(old)} "
                f"{_num(level[rack])})"
            )
        else:
            steps.append(f"(put-on-rack-first-beluga {BELUGA_TRUCK} {part} {rack} {_num(sizes[part])})")
        row.append(part)
        where[part] = rack

    def beluga_take(rack: str) -> str:
        row = content[rack]
        part = row.pop()
        old = level[rack]
        level[rack] -= sizes[part]
        if row:
            steps.append(
                f"(put-on-truck-beluga {BELUGA_TRUCK} {part} {rack} {row[-1]} {_num(sizes[part])} "
                f"{_num(level[rack])} {_num(old)})"
            )
        else:
            steps.append(f"(put-on-truck-first-beluga {BELUGA_TRUCK} {part} {rack} {_num(sizes[part])})")
        del where[part]
        return part

    def _swap(rack: str, blocker: str) -> bool:
        """Move ``blocker`` to the factory end of another rack made roomy by parking its beluga end."""
        room = capacity - level[rack] + sizes[blocker]
        for other in racks:
            if other == rack or not content[other]:
                continue
            last = content[other][-1]
            if level[other] - sizes[last] + sizes[blocker] <= capacity and sizes[last] <= room:
                beluga_take(other)
                fab_put(other, fab_take(rack))
                beluga_put(rack, last)
                return True
        return False

    for index, needed in enumerate(production):
        while needed not in where:  # still in the Beluga: unload and store the next part
            part = arrivals.popleft()
            fitting = [r for r in racks if level[r] + sizes[part] <= capacity]
            if not fitting:
                return None
            empty = [r for r in fitting if not content[r]]
            if part == needed and empty:
                target = empty[0]
            else:
                behind = [r for r in fitting if content[r] and rank[content[r][-1]] < rank[part]]
                if behind:
                    target = max(behind, key=lambda r: (rank[content[r][-1]], -racks.index(r)))
                elif empty:
                    target = empty[0]
                else:
                    target = fitting[0]
            follower = arrivals[0] if arrivals else NO_PART
            steps.append(f"(unload-from-beluga {part} {follower} {BELUGA_TRUCK})")
            beluga_put(target, part)
        rack = where[needed]
        while content[rack][0] != needed:  # dig it out from the factory side
            blocker = content[rack][0]
            fitting = [r for r in racks if r != rack and level[r] + sizes[blocker] <= capacity]
            if not fitting:  # swap: park the beluga end of another rack on the beluga truck meanwhile
                if not _swap(rack, blocker):
                    return None
                continue
            before = [r for r in fitting if content[r] and rank[content[r][0]] > rank[blocker]]
            empty = [r for r in fitting if not content[r]]
            if before:
                target = min(before, key=lambda r: (rank[content[r][0]], racks.index(r)))
            elif empty:
                target = empty[0]
            else:
                target = fitting[0]
            fab_take(rack)
            fab_put(target, blocker)
        follower = production[index + 1] if index + 1 < len(production) else NO_PART
        steps.append(f"(set-next {LINE} {needed} {follower})")
        fab_take(rack)
        steps.append(f"(to-fab {FAB_TRUCK} {needed})")
    return steps
