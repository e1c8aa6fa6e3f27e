"""Instance generator for grippers (several robots with two grippers each).

Kind of task (as in the reference benchmark: the pddl-generators ``grippers`` generator's
``gripper-R-N-B`` tasks and AutoPlanBench's): robots ``robot1 ..``, each with its own two grippers
``lgripperI`` and ``rgripperI``, all free; rooms ``room1 ..`` (at least 2); balls ``ball1 ..`` declared as
plain ``object``; every robot and every ball in a random room; the goal puts *every* ball into a random
room, possibly where it already is but never all of them. Goals only mention ``at`` of balls.

Solvable by construction: robot1 alone can do it. For each ball not yet in its goal room, it moves to
the ball's room, picks the ball with its left gripper, moves to the goal room and drops it; ``move``
joins any two rooms, and the gripper is free again after each drop.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from genplan.generators import GeneratorError, check_integers, check_size
from genplan.generators.domains import builtin_domain
from genplan.pddl.model import ROOT_TYPE, Fact, Task

DOMAIN = "grippers"


@dataclass(frozen=True)
class Params:
    """Size of a grippers task (each robot brings two grippers)."""

    robots: int = 2
    rooms: int = 4
    balls: int = 6

    def check(self) -> None:
        check_integers(self, DOMAIN)
        if self.robots < 1:
            raise GeneratorError(
                f"A grippers task needs at least 1 robot, not {self.robots}.", hint="Pass robots >= 1."
            )
        if self.rooms < 2:
            raise GeneratorError(
                f"A grippers task needs at least 2 rooms, so that some ball has to move, not {self.rooms}.",
                hint="Pass rooms >= 2.",
            )
        if self.balls < 1:
            raise GeneratorError(f"A grippers task needs at least 1 ball, not {self.balls}.", hint="Pass balls >= 1.")


def params_for_size(size: int) -> Params:
    """About ``size`` objects: 1 to 4 robots (3 objects each, with their grippers), then 30% rooms, the
    rest balls.

    The reference tasks range from 9 objects (1 robot, 3 rooms, 3 balls) to 144 (4 robots, 44 rooms,
    88 balls) and never have more than 4 robots. Sizes below 6 give the smallest task (1 robot, 2 rooms,
    1 ball).
    """
    check_size(size)
    robots = min(4, max(1, round(size / 30)))
    rest = max(3, size - 3 * robots)
    rooms = max(2, round(0.3 * rest))
    return Params(robots=robots, rooms=rooms, balls=max(1, rest - rooms))


def generate(params: Params, seed: int, name: str | None = None) -> Task:
    """A solvable grippers task; the same for the same ``(params, seed)``."""
    params.check()
    rng = random.Random(seed)
    robots = [f"robot{i}" for i in range(1, params.robots + 1)]
    rooms = [f"room{i}" for i in range(1, params.rooms + 1)]
    balls = [f"ball{i}" for i in range(1, params.balls + 1)]

    objects = [(r, "robot") for r in robots] + [(r, "room") for r in rooms] + [(b, ROOT_TYPE) for b in balls]
    init: set[Fact] = set()
    for i, robot in enumerate(robots, start=1):
        init.add(("at-robby", robot, rng.choice(rooms)))
        for side in "lr":
            objects.append((f"{side}gripper{i}", "gripper"))
            init.add(("free", robot, f"{side}gripper{i}"))
    start = {b: rng.choice(rooms) for b in balls}
    target = {b: rng.choice(rooms) for b in balls}
    if target == start:  # as in every reference task, some ball has to move
        ball = rng.choice(balls)
        target[ball] = rng.choice([r for r in rooms if r != start[ball]])
    init.update(("at", b, r) for b, r in start.items())

    return Task(
        name=name or f"grippers-{params.robots}-{params.rooms}-{params.balls}-s{seed}",
        domain=builtin_domain(DOMAIN),
        objects=tuple(sorted(objects)),
        init=frozenset(init),
        goal=frozenset(("at", b, r) for b, r in target.items()),
    )
