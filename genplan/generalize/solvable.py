"""Proving a new task solvable before a failure on it counts against a program.

A program that fails on an unsolvable task has done nothing wrong, so the check never reports such a
task. Most candidates are solvable by construction; the others (a random walk may enter a dead end)
are proved with Fast Downward under a small limit. When the planner cannot decide in time, the task is
set aside as unproved, never reported.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING

from genplan.pddl.model import Task

if TYPE_CHECKING:
    from genplan.execute.backend import Backend

#: Satisficing and quick: a proof needs any plan, not a good one.
PROOF_PLANNER = "lama-first"


def planner_proof(
    time_limit: float = 10.0, cache_dir: str | Path | None = None, cluster: Backend | None = None
) -> Callable[[Task], bool]:
    """A function telling whether Fast Downward finds a plan for a task within ``time_limit`` seconds.

    Results are cached (the planner cache), so re-running a check proves nothing twice. The planner runs
    on ``cluster`` (any :class:`~genplan.execute.backend.Backend`; this machine by default), the cache stays here.
    """
    decide = planner_decision(time_limit, cache_dir, cluster)
    return lambda task: decide(task) is True


def planner_decision(
    time_limit: float = 10.0, cache_dir: str | Path | None = None, cluster: Backend | None = None
) -> Callable[[Task], bool | None]:
    """Like :func:`planner_proof`, but telling a proof of unsolvability (False) from no decision within the
    limit (None): a generator the model wrote is rejected for the first, not for the second (a planner
    cannot decide floortile tasks of 30 objects in seconds, solvable as they are)."""
    from genplan.execute.backend import LocalBackend
    from genplan.execute.planning import plan_tasks

    backend = cluster or LocalBackend(jobs=1)

    memo: dict[Task, bool | None] = {}

    def decide(task: Task) -> bool | None:
        if task not in memo:
            [result] = plan_tasks([task], PROOF_PLANNER, time_limit=time_limit, memory_limit_mb=2048,
                                  cache_dir=cache_dir, backend=backend)  # fmt: skip
            memo[task] = True if result.status == "solved" else (False if result.status == "unsolvable" else None)
        return memo[task]

    return decide
