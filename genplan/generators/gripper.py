"""Instance generator for gripper (the many-rooms variant).

Kind of task (as in the reference benchmark: llm-genplan's manygripper tasks and the IPC-1998 gripper
tasks, which are the special case of two rooms with every ball going from one to the other): rooms
``room0 ..``, balls ``ball0 ..`` and grippers ``gripper0 ..`` (two, as in every reference task), typed by
the unary facts ``room``, ``ball`` and ``gripper``; the robot in ``room0`` with all grippers free; every
ball in a random room; the goal puts a random subset of the balls into random rooms (possibly where a
ball already is, but never all of them). Goals only mention ``at`` of balls.

Solvable by construction: for each goal ball, move to its room, pick it with a free gripper, move to the
goal room and drop it. Any room is one ``move`` away from any other, and the gripper is free again after
each drop.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from genplan.generators import GeneratorError, check_integers, check_size
from genplan.generators.domains import builtin_domain
from genplan.pddl.model import ROOT_TYPE, Fact, Task

DOMAIN = "gripper"


@dataclass(frozen=True)
class Params:
    """Size of a gripper task; ``goal_balls`` of the ``balls`` have a goal room."""

    rooms: int = 10
    balls: int = 6
    goal_balls: int = 4
    grippers: int = 2

    def check(self) -> None:
        check_integers(self, DOMAIN)
        if self.rooms < 2:
            raise GeneratorError(
                f"A gripper task needs at least 2 rooms, so that some ball has to move, not {self.rooms}.",
                hint="Pass rooms >= 2.",
            )
        for key in ("balls", "grippers"):
            if getattr(self, key) < 1:
                raise GeneratorError(
                    f"A gripper task needs at least one {key[:-1]}, not {getattr(self, key)} {key}.",
                    hint=f"Pass {key} >= 1.",
                )
        if not 1 <= self.goal_balls <= self.balls:
            raise GeneratorError(
                f"Between 1 and balls = {self.balls} balls can have a goal, not goal_balls = {self.goal_balls}.",
                hint="Lower goal_balls or raise balls.",
            )


def params_for_size(size: int) -> Params:
    """About ``size`` objects: two grippers, then 62% rooms and 38% balls, 60% of the balls with a goal.

    The proportions follow the reference many-rooms tasks (e.g. 45 rooms, 26 balls, 20 goals). Sizes
    below 5 give the smallest task (2 rooms, 1 ball, 2 grippers).
    """
    check_size(size)
    rest = max(2, size - 2)
    rooms = max(2, round(0.62 * rest))
    balls = max(1, rest - rooms)
    return Params(rooms=rooms, balls=balls, goal_balls=max(1, round(0.6 * balls)), grippers=2)


def generate(params: Params, seed: int, name: str | None = None) -> Task:
    """A solvable gripper task; the same for the same ``(params, seed)``."""
    params.check()
    rng = random.Random(seed)
    rooms = [f"room{i}" for i in range(params.rooms)]
    balls = [f"ball{i}" for i in range(params.balls)]
    grippers = [f"gripper{i}" for i in range(params.grippers)]

    init: set[Fact] = {("at-robby", rooms[0])}
    init.update(("room", r) for r in rooms)
    init.update(("ball", b) for b in balls)
    init.update(("gripper", g) for g in grippers)
    init.update(("free", g) for g in grippers)
    start = {b: rng.choice(rooms) for b in balls}
    target = {b: rng.choice(rooms) for b in sorted(rng.sample(balls, params.goal_balls))}
    if all(target[b] == start[b] for b in target):  # as in every reference task, some ball has to move
        b = rng.choice(sorted(target))
        target[b] = rng.choice([r for r in rooms if r != start[b]])
    init.update(("at", b, r) for b, r in start.items())
    goal = frozenset(("at", b, r) for b, r in target.items())

    default_name = f"gripper-r{params.rooms}-b{params.balls}-g{params.goal_balls}-s{seed}"
    if params.grippers != 2:
        default_name = f"gripper-r{params.rooms}-b{params.balls}-g{params.goal_balls}-h{params.grippers}-s{seed}"
    return Task(
        name=name or default_name,
        domain=builtin_domain(DOMAIN),
        objects=tuple(sorted((obj, ROOT_TYPE) for obj in rooms + balls + grippers)),
        init=frozenset(init),
        goal=goal,
    )
