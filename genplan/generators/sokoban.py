"""Instance generator for sokoban (the IPC 2023 Learning Track's kind of task).

Kind of task (as in the Learning Track: square maps from 7 x 7 with 1 box to 99 x 99 with 79 boxes): a
``grid_size`` x ``grid_size`` grid of locations ``loc_R_C`` (row and column from 1), all of them
objects; the outer ring is wall, and inside it walls are scattered at random (``wall_percent`` percent
of the inner squares are drawn as walls, then the construction below opens the ones it walks through),
so the floor is an open room with pillars, pockets and some floor cut off from the rest. Every pair of
neighbouring floor squares is ``adjacent`` both ways with its direction (``down``: next row, ``right``:
next column); every floor square without a box is ``clear`` (the robot's included). Boxes
``box1 ..`` each have their own goal square; the goal asks for every box on its square and says nothing
of the robot.

How the start is made: from the goal state (every box on its goal square, the robot on a random floor
square) the robot *pulls* boxes backward. For each box in turn (the one nearest to the robot next), it
walks next to the box, then pulls it in runs of random length and direction, ``pulls`` times in all
(fewer if the box gets stuck against the outer wall or other boxes; a box that could not move at all
gets a second turn after the others). A walk is a cheapest path in which a floor square costs 1 and a
wall :data:`WALL_COST`: walls on the way are opened (become floor), as are the squares a pull steps
onto; boxes and the outer wall are never crossed. A pull that would shut the robot off from squares it
could reach before is not made, so boxes are rarely left unreachable. What the boxes and the robot reach
when every box is done is the initial state; should no box have left its goal square (only possible on
the tiniest maps), the map is drawn again.

Solvable by construction: every step of the backward walk is the reverse of an action, so the reversed
sequence is a plan from the initial state to the goal, passing through the construction's states in
reverse order (``clear`` holds exactly on the floor squares without a box in each). Walls are only ever
opened, never added, so a square used at some step is floor in the final map, and every fact an action
needs holds in the task:

- the robot walking ``a -> b`` (``b`` floor, no box on it) reverses to ``move b a``, which needs ``a``
  box-free: the robot stood on it, and boxes stand where they stood before the walk;
- a pull (robot on ``q`` next to the box on ``p``, steps on to ``r`` beyond ``q``, dragging the box onto
  ``q``) reverses to ``push r q p``: the robot on ``r``, the box on ``q``, ``p`` box-free (the box just
  left it) and ``r``, ``q``, ``p`` in a line of adjacent floor squares.

Replayed from the start, these steps bring every box back onto its goal square.
:func:`generate_with_plan` returns that plan with the task; the tests check it with genplan's validator.
"""

from __future__ import annotations

import heapq
import random
from collections import deque
from collections.abc import Callable
from dataclasses import dataclass
from itertools import pairwise

from genplan.generators import GeneratorError, check_integers, check_size
from genplan.generators.domains import builtin_domain
from genplan.pddl.model import Fact, Task

DOMAIN = "sokoban"

#: What a wall square costs in the robot's walks (a floor square costs 1): high enough that walks mostly
#: go around the scattered walls, low enough that a walled-in box is still reached.
WALL_COST = 4

#: Fresh tries (same random stream) when no box could be moved off its goal square, which happens only
#: in the tiniest maps (a box in the middle of a 3 x 3 room cannot be pulled anywhere).
MAX_TRIES = 50

#: Squares a search may visit to find a way around a box that a pull would put in the way; when there
#: is none so near, the pull is not made (it might shut the robot in).
DETOUR_SQUARES = 200

#: The smallest map: a box can only be pulled with three inner squares in a line (box, robot, step).
MIN_GRID = 5


@dataclass(frozen=True)
class Params:
    """Size of a sokoban task: a ``grid_size`` x ``grid_size`` map (outer walls included), ``boxes``
    boxes, about ``wall_percent`` percent of the inner squares drawn as walls, and ``pulls`` backward
    pulls per box (how far a box starts from its goal square)."""

    grid_size: int = 9
    boxes: int = 2
    wall_percent: int = 45
    pulls: int = 6

    def check(self) -> None:
        check_integers(self, DOMAIN)
        if self.grid_size < MIN_GRID:
            raise GeneratorError(
                f"A sokoban map of {self.grid_size} x {self.grid_size} (outer walls included) has no room to "
                "move a box: pushing one needs three inner squares in a line.",
                hint=f"Pass grid_size >= {MIN_GRID}.",
            )
        inner = (self.grid_size - 2) ** 2
        if not 1 <= self.boxes <= inner // 4:
            raise GeneratorError(
                f"A {self.grid_size} x {self.grid_size} sokoban map takes 1 to {inner // 4} boxes (a quarter of "
                f"its {inner} inner squares, so that boxes can still be moved), not {self.boxes}.",
                hint="Lower boxes, or enlarge grid_size.",
            )
        if not 0 <= self.wall_percent <= 90:
            raise GeneratorError(
                f"wall_percent is the share of inner squares drawn as walls, 0 to 90, not {self.wall_percent}.",
                hint="Pass e.g. wall_percent=45.",
            )
        if self.pulls < 1:
            raise GeneratorError(
                f"Each box needs at least 1 pull away from its goal square, not {self.pulls}.",
                hint="Pass pulls >= 1.",
            )


def boxes_for_grid(grid_size: int) -> int:
    """Boxes on a ``grid_size`` map, following the Learning Track: 1 box on 7 and 8, 4 on 13 (training and
    easy tests), then ``grid_size - 15`` (medium tests: 20 to 49) and ``grid_size - 20`` (hard tests: 60 to
    99, from 40 boxes on)."""
    if grid_size <= 25:
        return max(1, (grid_size - 5) // 2)
    if grid_size <= 55:
        return grid_size - 15
    return max(40, grid_size - 20)


def params_for_size(size: int) -> Params:
    """About ``size`` objects: the largest square map that leaves room, within ``size`` objects (its
    squares, the boxes and the 4 direction constants), for at least half the Learning Track's number of
    boxes on that map (:func:`boxes_for_grid`), at least 5 x 5; on it that number of boxes, or fewer when
    the map or ``size`` has no room for them (so that the object count of each Learning Track task gives its
    grid size and its number of boxes, but on its 12 x 12 maps with 4 boxes: 3 there; half, because some
    of its small maps have fewer boxes than the rule). Why room for the boxes first: a size just above a
    square map's (4,240 objects: 65 x 65 is 4,225 squares) would otherwise get that map with the few boxes
    left over (11, where the Learning Track's 65 x 65 map has 45), a far easier task than the tests of that
    size; it gets 64 x 64 with 44 boxes instead.

    Walls: 45% of the inner squares drawn on maps below 35 x 35 and 35% from there on, so that about as
    much floor stays, and as few one-square-wide passages, as on the Learning Track's maps of that size
    (from 35 x 35 on they are open rooms, about three quarters floor with an eighth to a sixth of it in
    narrow passages; drawing 45% there left a fifth to a third, which made large generated tasks harder
    than the tests). 0.7 pulls per square of the map's width (a box then starts about half the width from
    its goal square, as there).

    The Learning Track ranges from 7 x 7 with 1 box (54 objects) in training to 99 x 99 with 79 boxes
    (9884 objects) in the hard tests. Sizes below 30 give a 5 x 5 map with 1 box.
    """
    check_size(size)
    n = MIN_GRID
    while (n + 1) ** 2 + _room(n + 1) + 4 <= size:
        n += 1
    return Params(
        grid_size=n,
        boxes=max(1, min(boxes_for_grid(n), (n - 2) ** 2 // 4, size - n * n - 4)),
        wall_percent=45 if n < OPEN_GRID else 35,
        pulls=max(2, round(0.7 * n)),
    )


def _room(grid_size: int) -> int:
    """The boxes a map of ``grid_size`` needs room for in :func:`params_for_size`: half the Learning
    Track's number, or of as many as the map takes when that is fewer."""
    return max(1, min(boxes_for_grid(grid_size), (grid_size - 2) ** 2 // 4) // 2)


#: From this map size on, the Learning Track's maps are open rooms (see :func:`params_for_size`).
OPEN_GRID = 35


def generate(params: Params, seed: int, name: str | None = None) -> Task:
    """A solvable sokoban task; the same for the same ``(params, seed)``."""
    return generate_with_plan(params, seed, name)[0]


def generate_with_plan(params: Params, seed: int, name: str | None = None) -> tuple[Task, list[str]]:
    """The task :func:`generate` makes, with the plan its construction proves it by (see the docstring)."""
    params.check()
    rng = random.Random(seed)
    for _ in range(MAX_TRIES):
        world = _Backward(params, rng)
        world.run()
        if any(world.box_at[k] != world.goals[k] for k in range(params.boxes)):
            break
    else:
        raise GeneratorError(
            f"No box could be moved off its goal square in {MAX_TRIES} tries (seed {seed}).",
            hint="Lower boxes, or enlarge grid_size.",
        )
    task = world.task(
        name or f"sokoban-g{params.grid_size}-b{params.boxes}-w{params.wall_percent}-p{params.pulls}-s{seed}"
    )
    return task, world.forward_plan()


class _Backward:
    """The backward construction on one map: squares are numbered ``row * n + column`` (from 0)."""

    def __init__(self, params: Params, rng: random.Random) -> None:
        self.params, self.rng = params, rng
        n = self.n = params.grid_size
        self.steps = {"up": -n, "down": n, "left": -1, "right": 1}
        self.direction = {v: k for k, v in self.steps.items()}
        inner = [r * n + c for r in range(1, n - 1) for c in range(1, n - 1)]
        self.border = bytearray(1 for _ in range(n * n))
        for i in inner:
            self.border[i] = 0
        share = params.wall_percent / 100
        self.wall = bytearray(1 if self.border[i] or rng.random() < share else 0 for i in range(n * n))
        picked = rng.sample(inner, params.boxes + 1)
        self.goals, self.robot = picked[:-1], picked[-1]
        self.box_at = list(self.goals)
        self.occupied = bytearray(n * n)
        for i in picked:
            self.wall[i] = 0
        for i in self.goals:
            self.occupied[i] = 1
        #: Forward actions, last first (each backward step appends the action it reverses).
        self.undo: list[str] = []

    # ------------------------------------------------------------------------------------------ naming
    def name(self, i: int) -> str:
        r, c = divmod(i, self.n)
        return f"loc_{r + 1}_{c + 1}"

    # ------------------------------------------------------------------------------------ construction
    def run(self) -> None:
        todo = list(range(self.params.boxes))
        stuck: list[int] = []
        retried = False
        while todo:
            rr, rc = divmod(self.robot, self.n)

            def distance(k: int, rr: int = rr, rc: int = rc) -> int:
                br, bc = divmod(self.box_at[k], self.n)
                return abs(br - rr) + abs(bc - rc)

            box = min(todo, key=lambda k: (distance(k), k))
            todo.remove(box)
            if not self.pull_box(box) and not retried:
                stuck.append(box)
            if not todo and stuck:  # boxes that others hemmed in: once more, now that those moved
                todo, stuck, retried = stuck, [], True

    def pull_box(self, box: int) -> bool:
        """Pull ``box`` ``pulls`` times in runs of random direction and length, while it can move; whether
        it moved at all."""
        left, last = self.params.pulls, 0
        longest = max(2, self.n // 3)
        while left > 0:
            here = self.box_at[box]
            options = [s for s in self.steps.values() if self.can_pull(here + s, s)]
            self.rng.shuffle(options)
            options.sort(key=lambda s: s == -last)  # going straight back undoes the last run: try it last
            for s in options:
                path = self.route(self.robot, here + s)
                if path is not None:
                    break
            else:
                break
            self.walk(path)
            run = self.rng.randint(1, min(left, longest))
            done = 0
            while done < run and self.can_pull(self.robot, s):  # the first always can: see options
                self.pull(box, s)
                done += 1
            left -= done
            last = s
        return left < self.params.pulls

    def free(self, i: int) -> bool:
        """An inner square without a box (a wall there can be opened)."""
        return not self.border[i] and not self.occupied[i]

    def can_pull(self, q: int, s: int) -> bool:
        """The robot on ``q`` (a box behind it, on ``p = q - s``) can pull it one step in direction ``s``:
        ``q`` and ``r = q + s`` are inner squares without a box, and the box on ``q`` does not cut the
        robot off from anything it could reach before (see :meth:`keeps_ways`)."""
        return self.free(q) and self.free(q + s) and self.keeps_ways(q, q - s, q + s)

    def keeps_ways(self, q: int, p: int, r: int) -> bool:
        """Whether moving the box from ``p`` to ``q`` keeps every square the robot (on ``r`` after the pull)
        could reach before: the squares around ``q`` that a walk may use (inner, no box; walls count, as
        walks open them) must still reach each other without ``q``. The robot's region then only ever
        grows or loses the square a box moved onto, so a box is never shut off by the pulls (only by
        the starting positions, or when it has no room to be pulled).

        Mostly settled by the ring of 8 squares around ``q``: when the usable squares next to ``q`` lie on
        one unbroken arc of usable ring squares, they reach each other around ``q``. Otherwise a short
        search from ``r`` must find the others (a detour around other boxes)."""
        n, border, occupied = self.n, self.border, self.occupied

        def usable(i: int) -> bool:
            return not border[i] and (not occupied[i] or i == p) and i != q

        ring = [q + d for d in (-n, -n + 1, 1, n + 1, n, n - 1, -1, -n - 1)]  # clockwise from above
        open_ = [usable(i) for i in ring]
        sides = [ring[k] for k in (0, 2, 4, 6) if open_[k]]
        if len(sides) <= 1:
            return True
        # Arcs: maximal runs of usable ring squares (cyclic); count those holding a side of q.
        if all(open_):
            return True
        start = open_.index(False)
        arcs, in_arc, with_side = 0, False, False
        for k in range(start, start + 8):
            if open_[k % 8]:
                if not in_arc:
                    in_arc, with_side = True, False
                with_side = with_side or k % 2 == 0
            elif in_arc:
                in_arc = False
                arcs += with_side
        arcs += in_arc and with_side
        if arcs <= 1:
            return True
        return self.reaches(r, set(sides) - {r}, usable)

    def reaches(self, start: int, targets: set[int], usable: Callable[[int], bool]) -> bool:
        """Whether a breadth-first search from ``start`` over usable squares finds every target within
        :data:`DETOUR_SQUARES` squares (beyond that, the pull is refused: it is only a cheaper route)."""
        seen, queue = {start}, deque([start])
        moves = tuple(self.steps.values())
        left = set(targets)
        while queue and len(seen) < DETOUR_SQUARES:
            i = queue.popleft()
            for s in moves:
                j = i + s
                if j not in seen and usable(j):
                    seen.add(j)
                    left.discard(j)
                    if not left:
                        return True
                    queue.append(j)
        return False

    def walk(self, path: list[int]) -> None:
        for a, b in pairwise(path):
            self.wall[b] = 0
            self.undo.append(f"(move {self.name(b)} {self.name(a)} {self.direction[a - b]})")
        self.robot = path[-1]

    def pull(self, box: int, s: int) -> None:
        """The robot on ``q`` (next to the box, direction ``s``) steps on to ``r``; the box follows onto ``q``."""
        p, q = self.box_at[box], self.robot
        r = q + s
        self.wall[r] = 0
        self.occupied[p], self.occupied[q] = 0, 1
        self.box_at[box], self.robot = q, r
        self.undo.append(f"(push {self.name(r)} {self.name(q)} {self.name(p)} {self.direction[-s]} box{box + 1})")

    def route(self, start: int, target: int) -> list[int] | None:
        """A cheapest walk ``[start, ..., target]`` over inner box-free squares (walls cost :data:`WALL_COST`),
        by A* with the Manhattan distance; ``None`` when boxes shut the target off."""
        if start == target:
            return [start]
        n, wall, border, occupied = self.n, self.wall, self.border, self.occupied
        tr, tc = divmod(target, n)
        best = {start: 0}
        parent = {start: start}
        sr, sc = divmod(start, n)
        heap = [(abs(sr - tr) + abs(sc - tc), 0, start)]
        moves = tuple(self.steps.values())
        while heap:
            _, neg_cost, i = heapq.heappop(heap)
            cost = -neg_cost
            if i == target:
                path = [i]
                while path[-1] != start:
                    path.append(parent[path[-1]])
                return path[::-1]
            if cost > best[i]:
                continue
            for s in moves:
                j = i + s
                if border[j] or occupied[j]:
                    continue
                new = cost + (WALL_COST if wall[j] else 1)
                if new < best.get(j, 1 << 30):
                    best[j], parent[j] = new, i
                    jr, jc = divmod(j, n)
                    # Ties go to the deeper square: fewer squares expanded in open rooms.
                    heapq.heappush(heap, (new + abs(jr - tr) + abs(jc - tc), -new, j))
        return None

    # ------------------------------------------------------------------------------------------ output
    def forward_plan(self) -> list[str]:
        return self.undo[::-1]

    def task(self, name: str) -> Task:
        n, wall = self.n, self.wall
        names = [self.name(i) for i in range(n * n)]
        boxes = [f"box{k + 1}" for k in range(self.params.boxes)]
        init: set[Fact] = {("at-robot", names[self.robot])}
        for k, i in enumerate(self.box_at):
            init.add(("at", boxes[k], names[i]))
        for i in range(n * n):
            if wall[i]:
                continue
            if not self.occupied[i]:
                init.add(("clear", names[i]))
            for direction, s in self.steps.items():
                if not wall[i + s]:
                    init.add(("adjacent", names[i], names[i + s], direction))
        objects = [(x, "location") for x in names] + [(b, "box") for b in boxes]
        return Task(
            name=name,
            domain=builtin_domain(DOMAIN),
            objects=tuple(sorted(objects)),
            init=frozenset(init),
            goal=frozenset(("at", boxes[k], names[i]) for k, i in enumerate(self.goals)),
        )
