"""Instance generator for minigrid (Bonet's mini-grid floorplans of rooms, doors and keys).

Kind of task (as in the reference benchmark, whose 80 tasks are mini-grid's examples: floorplans such
as ``room4``, ``2Hroom3``, ``4room2`` or ``9room3`` with 3 shapes): the floorplan is a grid of
``room_rows`` x ``room_cols`` square rooms of ``room_size`` x ``room_size`` cells, separated by walls one
cell thick that are not places at all. Adjacent rooms are joined by doors, single places in the wall
between them: enough doors to connect all rooms (a random spanning tree) plus ``extra_doors`` more.
Places ``p0 ..`` are numbered row by row; ``conn`` joins 4-neighbouring places both ways. Every door is
locked, with a lock of a random one of ``shapes`` shapes; there is one key per shape (``keyI`` has shape
``shapeI``), whether or not a lock has it. The robot starts with an empty arm on a random open place, and
the goal is to stand on another random open place. Types are unary facts ``place``, ``key``, ``shape``.

Keys are placed to keep the task solvable, in the manner of the mini-grid generator: take a path ``P``
from the robot to the goal (a breadth-first path through all places, doors included). Going along
``P``, at the first door of each shape, put that shape's key on a random place reachable from the robot
through the doors of ``P`` met so far (the only doors opened so far). Keys of shapes not met on ``P`` lie
on random places anywhere.

Solvable by construction: the robot repeatedly looks at the region it can reach; while the goal is not
in it, it opens a locked door next to the region whose key lies in the region (or is in its hand):
fetch the key (``pickup``, or ``pickup-and-loose`` to swap it for the held key, which stays in the
region), step next to the door and ``unlock`` it. Such a door always exists: take the first locked door
``L`` on ``P``. The doors of ``P`` before it are open, so ``L`` is next to the region; the key of its shape
was put where the doors of ``P`` before the first door of that shape (all open) lead, or the robot has
since moved it, always within the region. Each round opens a door, so the robot reaches the goal.
"""

from __future__ import annotations

import random
from collections import deque
from collections.abc import Callable
from dataclasses import dataclass

from genplan.generators import GeneratorError
from genplan.generators.domains import builtin_domain
from genplan.pddl.model import Fact, Task

DOMAIN = "minigrid"

Cell = tuple[int, int]  # (x, y): column and row of the floorplan


@dataclass(frozen=True)
class Params:
    """Size of a mini-grid task: a ``room_rows`` x ``room_cols`` grid of square rooms with locked doors."""

    room_rows: int = 2
    room_cols: int = 2
    room_size: int = 2
    #: Doors beyond the ``room_rows * room_cols - 1`` that connect all rooms.
    extra_doors: int = 0
    shapes: int = 3

    def check(self) -> None:
        for key, value in vars(self).items():
            if not isinstance(value, int) or isinstance(value, bool):
                raise GeneratorError(f"The {DOMAIN} parameter {key} must be an integer, not {value!r}.")
        for key in ("room_rows", "room_cols", "room_size", "shapes"):
            if getattr(self, key) < 1:
                raise GeneratorError(
                    f"A mini-grid task needs {key} >= 1, not {getattr(self, key)}.", hint=f"Pass {key} >= 1."
                )
        if self.room_rows * self.room_cols == 1 and self.room_size == 1:
            raise GeneratorError(
                "A single room of a single place leaves the robot nowhere to go: the goal must be another place.",
                hint="Pass room_size >= 2 or more rooms.",
            )
        spare = _adjacent_room_pairs(self.room_rows, self.room_cols) - (self.room_rows * self.room_cols - 1)
        if not 0 <= self.extra_doors <= spare:
            raise GeneratorError(
                f"A {self.room_rows} x {self.room_cols} grid of rooms has room for 0 to {spare} doors beyond the "
                f"{self.room_rows * self.room_cols - 1} that connect its rooms, not extra_doors={self.extra_doors}.",
                hint=f"Pass 0 <= extra_doors <= {spare}.",
            )


def params_for_size(size: int) -> Params:
    """About ``size`` objects: ``2 * shapes`` keys and shapes (3 each) and the rest places.

    Rooms grow with the task (about 2 x 2 places up to 30 places, 3 x 3 up to 300, then 4 x 4 and 5 x 5,
    one size more or less when that fits better) and are laid out in the grid (at most twice as wide as
    high) whose place count comes closest, with a quarter of the spare pairs of adjacent rooms given an
    extra door. The reference tasks have 10 to 96 objects (4 to 90 places, 0 to 9 doors, always 3 shapes).
    """
    if not isinstance(size, int) or isinstance(size, bool) or size < 1:
        raise GeneratorError(f"A task size must be a positive integer, not {size!r}.")
    shapes = 3
    cells = max(4, size - 2 * shapes)
    preferred = 2 if cells < 30 else 3 if cells < 300 else 4 if cells < 1500 else 5

    def places(rows: int, cols: int, k: int) -> int:
        spare = _adjacent_room_pairs(rows, cols) - (rows * cols - 1)
        return rows * cols * k * k + rows * cols - 1 + spare // 4

    layouts = [
        (rows, cols, k)
        for k in range(max(2, preferred - 1), preferred + 2)
        for rows in range(1, int((cells / (k * k + 1)) ** 0.5) + 2)
        for cols in range(rows, 2 * rows + 1)
    ]
    rows, cols, k = min(layouts, key=lambda rck: (abs(places(*rck) - cells), abs(rck[2] - preferred), rck[1] - rck[0]))
    spare = _adjacent_room_pairs(rows, cols) - (rows * cols - 1)
    return Params(rows, cols, k, extra_doors=spare // 4, shapes=shapes)


def generate(params: Params, seed: int, name: str | None = None) -> Task:
    """A solvable mini-grid task; the same for the same ``(params, seed)``."""
    params.check()
    rng = random.Random(seed)
    cells, doors = _floorplan(params, rng)
    index = {c: i for i, c in enumerate(sorted(cells, key=lambda c: (c[1], c[0])))}
    place = [f"p{i}" for i in range(len(index))]
    neighbours = {c: [n for n in _around(c) if n in index] for c in index}
    door_shape = {d: rng.randrange(params.shapes) for d in sorted(doors, key=index.__getitem__)}

    open_cells = sorted((c for c in index if c not in doors), key=index.__getitem__)
    robot, goal = rng.sample(open_cells, 2)
    path = _random_path(robot, goal, neighbours, rng)

    key_at: dict[int, Cell] = {}
    passable: set[Cell] = set()  # the doors of the path met so far
    for c in path:
        if c in doors:
            shape = door_shape[c]
            if shape not in key_at:
                region = _reachable(robot, neighbours, lambda n: n not in doors or n in passable)
                key_at[shape] = rng.choice(sorted(region, key=index.__getitem__))
            passable.add(c)
    all_cells = sorted(index, key=index.__getitem__)
    for shape in range(params.shapes):
        if shape not in key_at:
            key_at[shape] = rng.choice(all_cells)

    def p(c: Cell) -> str:
        return place[index[c]]

    init: set[Fact] = {("arm-empty",), ("at-robot", p(robot))}
    for c in index:
        init.add(("place", p(c)))
        init.add(("locked", p(c)) if c in doors else ("open", p(c)))
        init.update(("conn", p(c), p(n)) for n in neighbours[c])
    for d, shape in door_shape.items():
        init.add(("lock-shape", p(d), f"shape{shape}"))
    for shape in range(params.shapes):
        init |= {("shape", f"shape{shape}"), ("key", f"key{shape}"), ("key-shape", f"key{shape}", f"shape{shape}")}
        init.add(("at", f"key{shape}", p(key_at[shape])))

    objects = [*place, *(f"shape{s}" for s in range(params.shapes)), *(f"key{s}" for s in range(params.shapes))]
    return Task(
        name=name
        or f"minigrid-{params.room_rows}x{params.room_cols}room{params.room_size}-s{params.shapes}-seed{seed}",
        domain=builtin_domain(DOMAIN),
        objects=tuple(sorted((o, "object") for o in objects)),
        init=frozenset(init),
        goal=frozenset({("at-robot", p(goal))}),
    )


def _adjacent_room_pairs(rows: int, cols: int) -> int:
    return rows * (cols - 1) + cols * (rows - 1)


def _around(c: Cell) -> tuple[Cell, ...]:
    x, y = c
    return ((x - 1, y), (x + 1, y), (x, y - 1), (x, y + 1))


def _floorplan(params: Params, rng: random.Random) -> tuple[set[Cell], set[Cell]]:
    """The places and, among them, the doors of a grid of rooms.

    Room ``(i, j)`` covers columns ``j * (k + 1) ..`` and rows ``i * (k + 1) ..`` (``k`` places each); the
    column and row after it are wall. A door sits in the wall between two adjacent rooms, at a random
    offset along it, so doors are never next to each other.
    """
    k = params.room_size
    cells = {
        (j * (k + 1) + dx, i * (k + 1) + dy)
        for i in range(params.room_rows)
        for j in range(params.room_cols)
        for dx in range(k)
        for dy in range(k)
    }
    pairs = [((i, j), (i, j + 1)) for i in range(params.room_rows) for j in range(params.room_cols - 1)]
    pairs += [((i, j), (i + 1, j)) for i in range(params.room_rows - 1) for j in range(params.room_cols)]
    rng.shuffle(pairs)
    # A random spanning tree (Kruskal over the shuffled pairs), then extra doors among the rest.
    parent = {(i, j): (i, j) for i in range(params.room_rows) for j in range(params.room_cols)}

    def root(r: tuple[int, int]) -> tuple[int, int]:
        while parent[r] != r:
            parent[r] = parent[parent[r]]
            r = parent[r]
        return r

    tree, rest = [], []
    for a, b in pairs:
        ra, rb = root(a), root(b)
        if ra != rb:
            parent[ra] = rb
            tree.append((a, b))
        else:
            rest.append((a, b))
    doors = set()
    for (i, j), (i2, _) in tree + rest[: params.extra_doors]:
        offset = rng.randrange(k)
        if i2 == i:  # side by side: a door in the wall column between them
            doors.add(((j + 1) * (k + 1) - 1, i * (k + 1) + offset))
        else:  # one above the other: a door in the wall row between them
            doors.add((j * (k + 1) + offset, (i + 1) * (k + 1) - 1))
    return cells | doors, doors


def _random_path(start: Cell, goal: Cell, neighbours: dict[Cell, list[Cell]], rng: random.Random) -> list[Cell]:
    """A shortest path through all places (doors included), ties broken at random."""
    parent: dict[Cell, Cell | None] = {start: None}
    queue = deque([start])
    while queue:
        c = queue.popleft()
        if c == goal:
            break
        for n in rng.sample(neighbours[c], len(neighbours[c])):
            if n not in parent:
                parent[n] = c
                queue.append(n)
    path = [goal]
    while parent[path[-1]] is not None:
        path.append(parent[path[-1]])  # type: ignore[arg-type]
    return path[::-1]


def _reachable(start: Cell, neighbours: dict[Cell, list[Cell]], passable: Callable[[Cell], bool]) -> set[Cell]:
    seen = {start}
    queue = deque([start])
    while queue:
        c = queue.popleft()
        for n in neighbours[c]:
            if n not in seen and passable(n):
                seen.add(n)
                queue.append(n)
    return seen
