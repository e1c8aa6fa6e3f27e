"""Fast Downward on many tasks at once, on a :class:`~genplan.execute.backend.Backend`, with the plan cache
kept in this process (hits are read here, only misses go to the backend, what comes back is stored here)."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from pathlib import Path

from genplan.execute.backend import Backend
from genplan.pddl.model import Task
from genplan.planners.result import PlannerResult
from genplan.planners.solve import PlanRequest, lookup_plan, planner_config, store_plan


def plan_tasks(
    tasks: Sequence[Task],
    planner: str,
    *,
    time_limit: float,
    memory_limit_mb: int = 8192,
    cache_dir: str | Path | None = None,
    backend: Backend,
    on_result: Callable[[int, PlannerResult], object] | None = None,
) -> list[PlannerResult]:
    """:func:`~genplan.planners.plan` for each task (results in order), all at once on ``backend``.

    The cache stays in this process: hits are read here, only the misses are sent to the workers, and
    what comes back is stored here. ``on_result(index, result)`` sees each result as it is known.
    """
    planner_config(planner)
    results: list[PlannerResult | None] = [None] * len(tasks)

    def known(index: int, result: PlannerResult) -> None:
        results[index] = result
        if on_result is not None:
            on_result(index, result)

    misses: list[int] = []
    for i, task in enumerate(tasks):
        hit = lookup_plan(task, planner, time_limit=time_limit, memory_limit_mb=memory_limit_mb, cache_dir=cache_dir)
        if hit is None:
            misses.append(i)
        else:
            known(i, hit)
    requests = [PlanRequest(tasks[i], planner, (float(time_limit),), int(memory_limit_mb)) for i in misses]

    def computed(position: int, by_limit: dict[float, PlannerResult]) -> None:
        index = misses[position]
        result = by_limit[float(time_limit)]
        store_plan(tasks[index], result, cache_dir=cache_dir)
        known(index, result)

    backend.run_planners(requests, on_result=computed)
    return _complete(results)


def _complete(results: list[PlannerResult | None]) -> list[PlannerResult]:
    done = [r for r in results if r is not None]
    assert len(done) == len(results), "a planner result is missing"
    return done
