"""Plan quality as the IPC scores it: a solved task earns min(1, C*/C), C its plan's cost and C* the best
known cost; a failed task earns 0. The score of a set of tasks is the sum.

C* is the suite's reference cost (the Learning Track's ``solutions/upper_bounds.json``, or a user's file),
lowered to the cheapest plan any compared system found, as the IPC does; without either, a task's own plan
is the best known and earns 1. Costs here are plan lengths: every domain genplan reads has unit costs
(action costs are dropped by the parser; the Learning Track's domains have none).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass

from genplan.execute.results import TaskOutcome


def task_quality(cost: float | None, best: float | None) -> float:
    """min(1, C*/C) for a plan of ``cost`` (``None``: not solved, 0); a zero-cost plan earns 1."""
    if cost is None:
        return 0.0
    if best is None or cost <= 0 or best >= cost:
        return 1.0
    return max(0.0, best) / cost


@dataclass(frozen=True)
class Quality:
    """The IPC quality score of one program on a set of tasks, with what it rests on."""

    score: float
    solved: int
    total: int
    #: Solved tasks scored against a reference cost (the others are scored against their own plan).
    with_reference: int
    #: Solved tasks whose plan was cheaper than the reference (the reference is an upper bound).
    better_than_reference: int

    def to_json(self) -> dict[str, float | int]:
        return {
            "score": round(self.score, 3),
            "solved": self.solved,
            "total": self.total,
            "with_reference": self.with_reference,
            "better_than_reference": self.better_than_reference,
        }


def plan_costs(results: Iterable[TaskOutcome]) -> dict[str, float]:
    """The cost (length) of each solved task's plan."""
    return {r.task_id: float(r.plan_length) for r in results if r.solved and r.plan_length is not None}


def best_known(reference: Mapping[str, float], *systems: Mapping[str, float]) -> dict[str, float]:
    """C* per task: the reference cost, lowered to the cheapest plan any of ``systems`` found."""
    best = dict(reference)
    for costs in systems:
        for task, cost in costs.items():
            if task not in best or cost < best[task]:
                best[task] = cost
    return best


def ipc_quality(results: Iterable[TaskOutcome], reference: Mapping[str, float] | None = None) -> Quality:
    """The score of ``results`` against ``reference`` (C* per task id; lowered by the plans themselves)."""
    results = list(results)
    reference = reference or {}
    score = 0.0
    solved = with_ref = better = 0
    for r in results:
        if not r.solved or r.plan_length is None:
            continue
        solved += 1
        best = reference.get(r.task_id)
        with_ref += best is not None
        better += best is not None and r.plan_length < best
        score += task_quality(float(r.plan_length), best)
    return Quality(score, solved, len(results), with_ref, better)
