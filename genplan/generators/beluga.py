"""Instance generator for beluga (the classical Beluga model of the bughive/ASNets benchmark).

Kind of task (as in the reference benchmark, whose 67 tasks are ``problem_P_R_S`` of Eisenhut et al.):
one beluga truck ``t1`` and one factory truck ``t2``, both empty; racks ``rack1 ..``; parts ``part1 ..``
(zero-padded from 10 parts on), each of a random size between 3 and 7; production lines ``pla ..``
(``plA`` in the reference files: names are lower case here). The Beluga unloads its parts in a random
order (``next-to-unload`` chain ending in ``nonep``), and each line needs its parts in another random
order (``p-line-succ`` chain ending in ``nonep``, plus ``p-line-succ nonep nonep``). Rack levels are
number objects ``nNN``: every sum of part sizes up to the rack capacity 15, linked by the ``fit-n-sum``
facts ``a + s = c`` for every level ``a`` (``n00`` included) and every size ``s`` of a part with
``c <= 15``. The goal: every part processed.

In the reference tasks every part starts in the Beluga, the racks are empty and there is one line. Each
generated task draws its number of racks (``racks`` give or take ``rack_spread``), ``1 .. max_lines``
lines (each part goes to a random line, every line gets one) and ``0 .. max_stored`` parts that start on
the racks, at the beluga end of a random rack where they fit (half the time one already in use, so racks
start full and parts stand in each other's way); at least one part is always in the Beluga.
``max_lines=1, max_stored=0, rack_spread=0`` gives exactly the reference's kind.

Solvable by construction. The sizes, the stored parts and the unloading order are drawn at random, then
a random production order of all parts (each line's order is its parts in that order); a task is kept
when the strategy :func:`strategy_plan` completes it, whose plan is the witness. Otherwise the order is
drawn again: uniformly for ``ATTEMPTS // 2`` attempts, then ever closer to the *base order* (the stored
parts rack by rack from the factory end, then the unloading order), the last attempt being the base order
itself (see :func:`_production_order`). The strategy, while a line needs parts: pick the line whose next
part is nearest the factory truck (a part on a rack, fewest parts in front of it; else the part to be
unloaded soonest), then for that part:
1. while the part is still in the Beluga, unload the next part and put it at the beluga end of a rack
   where it fits, preferring a rack whose beluga-end part is needed earlier, then an empty rack (this
   keeps the racks in delivery order seen from the factory side, as far as it goes); stuck if none fits;
2. while other parts are in front of it (on the factory side of its rack), the factory truck moves the
   front one to the factory end of another rack where it fits. If none has room, the beluga truck first
   takes the beluga-end part of another rack, making room there, and after the move puts it at the
   beluga end of the first rack (behind the needed part); stuck if that does not fit either;
3. set the line's next part, take the part onto the factory truck and deliver it.
With the base order the strategy never gets stuck. While stored parts remain, the first of them in the
base order is at the factory end of its rack (the parts before it on its rack come before it in the base
order and are delivered) and next in its line, so some line's next part is always at a rack's factory end
and is delivered without moving anything. Then every rack is empty, and each part in the Beluga is the
next of its line when it is unloaded: it goes onto an empty rack and is delivered at once (no part is
larger than a rack). So every task is solvable, even with a single rack.

The reference tasks' orders look uniformly random; the strategy completes 63 of the 67, so the first,
uniform attempts keep the kind of the reference tasks, only slightly biased towards the solvable ones the
strategy can see are solvable. About a quarter of the reference's held-out tasks (16 of 61) cannot be
solved without rearranging parts on the racks (taking a part off a rack other than to deliver it, see
:func:`genplan.generators.features.beluga_needs_rearrangement`); with two parts per rack give or take a
rack (:func:`params_for_size`) about 40% of the generated tasks of the reference's sizes need it.
"""

from __future__ import annotations

import random
from collections import deque
from dataclasses import dataclass
from itertools import pairwise

from genplan.generators import GeneratorError
from genplan.generators.domains import builtin_domain
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
    Each task draws how many production lines it has (``1 .. max_lines``) and how many parts already stand
    on the racks at the start (``0 .. max_stored``; the others are in the Beluga), so the defaults give a
    mix: the reference's kind (one line, empty racks) and tasks that start with parts on the racks or feed
    several lines. ``max_lines=1, max_stored=0`` gives only the reference's kind. The number of racks is
    drawn from ``racks - rack_spread .. racks + rack_spread`` (never below 2 unless ``racks`` is 1), so a
    size gives tight tasks (few racks, parts to rearrange) and roomy ones.
    """

    parts: int = 5
    racks: int = 3
    min_size: int = 3
    max_size: int = 7
    rack_capacity: int = 15
    max_lines: int = 2
    max_stored: int = 2
    rack_spread: int = 1
    #: 1: keep the first uniformly drawn production order without checking it (see ``unproven`` in
    #: :mod:`genplan.generators`): tight tasks the strategy below cannot finish, possibly unsolvable.
    unproven: int = 0

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
        if self.max_lines < 1:
            raise GeneratorError(
                f"A beluga task needs at least 1 production line, not max_lines={self.max_lines}.",
                hint="Pass max_lines >= 1 (1: always a single line, as in the reference tasks).",
            )
        if self.rack_spread < 0:
            raise GeneratorError(
                f"rack_spread={self.rack_spread} cannot be negative: tasks have racks - rack_spread .. "
                "racks + rack_spread racks.",
                hint="Pass rack_spread >= 0 (0: always exactly `racks` racks).",
            )
        if self.max_stored < 0:
            raise GeneratorError(
                f"max_stored={self.max_stored} cannot be negative: it is the most parts on the racks at the start.",
                hint="Pass max_stored >= 0 (0: every part starts in the Beluga, as in the reference tasks).",
            )
        if self.unproven not in (0, 1):
            raise GeneratorError(f"unproven must be 0 or 1, not {self.unproven}.", hint="Pass unproven=1 or 0.")


#: About how many level numbers ``parts`` parts of random sizes 3 .. 7 give (measured; 12.5 from 9 parts on).
_EXPECTED_LEVELS = (0, 3, 6.6, 9, 10.4, 11.3, 11.8, 12.2, 12.4)


def _expected_objects(parts: int) -> float:
    levels = _EXPECTED_LEVELS[parts] if parts < len(_EXPECTED_LEVELS) else 12.5
    return 6 + parts + _racks_for(parts) + levels


def _racks_for(parts: int) -> int:
    return max(2, parts // 2)


def params_for_size(size: int) -> Params:
    """About ``size`` objects: 6 fixed ones (the trucks, the line and the constants ``nonep``, ``noner``,
    ``n00``), the level numbers (3 to 13, more with more parts), and one rack for every two parts (at least
    2 racks and 2 parts): the most parts that keep the expected object count near ``size``.

    The reference tasks have 13 to 34 objects (2 to 11 parts, 2 to 6 racks, up to 13 level numbers); two
    parts per rack is their middle, and with fewer racks than that parts often have to be rearranged.
    Up to half the parts may start on the racks (``max_stored``), and up to 2 production lines.
    """
    if not isinstance(size, int) or isinstance(size, bool) or size < 1:
        raise GeneratorError(f"A task size must be a positive integer, not {size!r}.")
    parts = 2
    while _expected_objects(parts + 1) <= size + 0.5:
        parts += 1
    return Params(parts=parts, racks=_racks_for(parts), max_stored=parts // 2)


def generate(params: Params, seed: int, name: str | None = None) -> Task:
    """A solvable beluga task (with ``unproven=1``: maybe not); the same for the same ``(params, seed)``."""
    params.check()
    rng = random.Random(seed)
    width = 2 if params.parts >= 10 else 1
    parts = [f"part{i:0{width}d}" for i in range(1, params.parts + 1)]
    n_racks = params.racks
    if params.rack_spread:
        fewest = max(min(2, params.racks), params.racks - params.rack_spread)
        n_racks = rng.randint(fewest, params.racks + params.rack_spread)
    racks = [f"rack{i}" for i in range(1, n_racks + 1)]
    capacity = params.rack_capacity
    sizes = {p: rng.randint(params.min_size, params.max_size) for p in parts}
    arrivals = rng.sample(parts, len(parts))
    n_lines = rng.randint(1, min(params.max_lines, len(parts)))
    n_stored = rng.randint(0, min(params.max_stored, len(parts) - 1))
    # The first drawn parts start on random racks (at the beluga end, as if unloaded earlier); one that
    # fits nowhere stays in the Beluga. At least one part is always still in the Beluga.
    initial: dict[str, list[str]] = {r: [] for r in racks}  # factory end first
    unload: list[str] = []
    for part in arrivals[:n_stored]:
        fitting = [r for r in racks if sum(sizes[q] for q in initial[r]) + sizes[part] <= capacity]
        used = [r for r in fitting if initial[r]]
        if fitting:  # half the time onto a rack already in use: full racks, parts in each other's way
            initial[rng.choice(used if used and rng.random() < 0.5 else fitting)].append(part)
        else:
            unload.append(part)
    unload += arrivals[n_stored:]
    line_names = [_line_name(k) for k in range(n_lines)]
    spread = rng.sample(parts, len(parts))
    line_of = {p: line_names[k] if k < n_lines else rng.choice(line_names) for k, p in enumerate(spread)}
    # The order that is always solvable: the stored parts rack by rack from the factory end, then the
    # unloading order (see the module docstring).
    base = [p for r in racks for p in initial[r]] + unload
    for attempt in range(ATTEMPTS + 1):
        merged = _production_order(base, attempt, rng)
        lines = {name: [p for p in merged if line_of[p] == name] for name in line_names}
        if params.unproven or strategy_plan(unload, lines, sizes, racks, capacity, initial) is not None:
            break

    levels = _levels(sorted(set(sizes.values())), capacity)
    init: set[Fact] = {("empty", BELUGA_TRUCK), ("empty", FAB_TRUCK), ("needed-next", NO_PART)}
    for a in (0, *levels):
        for s in sorted(set(sizes.values())):
            if a + s <= capacity:
                init.add(("fit-n-sum", _num(a), _num(s), _num(a + s)))
    for part in unload:
        init |= {("on-rack", NO_RACK, part), ("no-rack-succ", part), ("no-rack-pre", part)}
    for part in parts:
        init.add(("size", part, _num(sizes[part])))
    init.add(("ready-to-unload", unload[0]))
    init.update(("next-to-unload", a, b) for a, b in zip(unload, [*unload[1:], NO_PART], strict=True))
    for rack in racks:
        row = initial[rack]
        init.add(("level", rack, _num(sum(sizes[p] for p in row))))
        if not row:
            init.add(("unused", rack))
            continue
        init |= {("on-rack", rack, p) for p in row}
        init |= {("no-rack-succ", row[0]), ("no-rack-pre", row[-1])}
        init.update(("rack-succ", b, a) for a, b in pairwise(row))  # b: a's beluga side
    for line, order in lines.items():
        init.add(("p-line-next", line, order[0]))
        init.update(("p-line-succ", a, b) for a, b in zip(order, [*order[1:], NO_PART], strict=True))
    init.add(("p-line-succ", NO_PART, NO_PART))

    objects = [(BELUGA_TRUCK, "beluga-truck"), (FAB_TRUCK, "fab-truck")]
    objects += [(line, "production-line") for line in line_names]
    objects += [(r, "rack") for r in racks] + [(p, "part") for p in parts]
    objects += [(_num(n), "num") for n in levels]
    return Task(
        name=name or f"beluga-p{params.parts}-r{n_racks}-seed{seed}",
        domain=builtin_domain(DOMAIN),
        objects=tuple(sorted(objects)),
        init=frozenset(init),
        goal=frozenset(("processed", p) for p in parts),
    )


def _line_name(k: int) -> str:
    """``pla``, ``plb``, ...: the reference's only line is ``plA`` (names are lower case here)."""
    return "pl" + "abcdefghijklmnopqrstuvwxyz"[k] if k < 26 else f"pl{k}"


def _production_order(base: list[str], attempt: int, rng: random.Random) -> list[str]:
    """A random order of all parts; later attempts stay ever closer to ``base`` (which is solvable).

    The first half of the attempts are uniform permutations. After that, each part may move only
    within a window that shrinks to nothing, so the last attempt is ``base`` itself.
    """
    n = len(base)
    if attempt < ATTEMPTS // 2:
        return rng.sample(base, n)
    window = n * (ATTEMPTS - attempt) / (ATTEMPTS - ATTEMPTS // 2 + 1)
    keys = [(i + rng.uniform(0, window), i) for i in range(n)]
    return [base[i] for _, i in sorted(keys)]


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
    unload: list[str],
    production: list[str] | dict[str, list[str]],
    sizes: dict[str, int],
    racks: list[str],
    capacity: int,
    initial: dict[str, list[str]] | None = None,
) -> list[str] | None:
    """The plan of the module docstring's strategy, or ``None`` when it gets stuck (no rack has room).

    ``production`` is the order of the single line ``pla``, or a dict line -> its order; ``initial`` the
    parts on each rack at the start, from the factory end. A rack is held as a deque from its factory end
    (index 0) to its beluga end (index -1).
    """
    lines = {LINE: list(production)} if isinstance(production, list | tuple) else dict(production)
    # Where a part stands in its line, as a fraction: the order of one line, and a guess of how lines
    # interleave when there are several.
    rank = {p: (i + 0.5) / len(order) for order in lines.values() for i, p in enumerate(order)}
    start = initial or {}
    content: dict[str, deque[str]] = {r: deque(start.get(r, ())) for r in racks}
    level = {r: sum(sizes[p] for p in content[r]) for r in racks}
    where: dict[str, str] = {p: r for r in racks for p in content[r]}
    steps: list[str] = []
    arrivals = deque(unload)
    heads = dict.fromkeys(lines, 0)

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

    def cost(line: str) -> tuple[int, int, str]:
        """How far the next part of ``line`` is from the factory truck: parts in front of it on its rack, or
        (after every part on a rack) parts to unload before it."""
        part = lines[line][heads[line]]
        if part in where:
            return (0, content[where[part]].index(part), line)
        return (1, arrivals.index(part), line)

    while True:
        waiting = sorted(line for line in lines if heads[line] < len(lines[line]))
        if not waiting:
            break
        line = min(waiting, key=cost)
        needed = lines[line][heads[line]]
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
        heads[line] += 1
        follower = lines[line][heads[line]] if heads[line] < len(lines[line]) else NO_PART
        steps.append(f"(set-next {line} {needed} {follower})")
        fab_take(rack)
        steps.append(f"(to-fab {FAB_TRUCK} {needed})")
    return steps
