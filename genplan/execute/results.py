"""What an evaluation produces: a judged run (:class:`RunRecord`), a task over its orderings
(:class:`TaskOutcome`), and a program over its tasks (:class:`Evaluation`), with how runs are judged.

Plain frozen data with JSON forms: a Dask worker sends outcomes back as JSON, the evaluation cache
stores them, and reports read them. Every backend (:mod:`genplan.execute.backend`) judges runs the same
way, with :func:`judge_run` and :func:`summarize`, so a verdict never depends on where a program ran.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from genplan.execute.outcome import CATEGORIES, NEAR_LIMIT, Limits, Outcome, execution_feedback
from genplan.pddl.model import Task
from genplan.pddl.pyform import PyTask

NOT_RUN = "not run"


@dataclass(frozen=True)
class RunRecord:
    """One ordering of one task: the executor's outcome and, for a returned plan, the validator's word."""

    ordering: int
    outcome: Outcome
    valid: bool
    #: The paper's category of the failure (``None`` when valid).
    category: str | None
    #: The precise failure: the executor's status, or the validator's error kind for a returned plan.
    kind: str | None
    #: What the LLM would be told (``None`` when valid).
    feedback: str | None
    verdict: dict[str, Any] | None = None

    def to_json(self) -> dict[str, Any]:
        return {
            "ordering": self.ordering,
            "valid": self.valid,
            "category": self.category,
            "kind": self.kind,
            "feedback": self.feedback,
            "verdict": self.verdict,
            "outcome": self.outcome.to_json(),
        }

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> RunRecord:
        return cls(
            ordering=data["ordering"],
            outcome=Outcome.from_json(data["outcome"]),
            valid=data["valid"],
            category=data["category"],
            kind=data["kind"],
            feedback=data["feedback"],
            verdict=data.get("verdict"),
        )


@dataclass(frozen=True)
class TaskOutcome:
    """A task over all its orderings: solved only if every ordering gave a valid plan."""

    task_id: str
    solved: bool
    #: ``"solved"``, the first failing ordering's kind (executor status or verdict kind), or ``"not run"``.
    status: str
    #: The paper's category of the first failing ordering (``None`` when solved or not run).
    category: str | None = None
    #: Feedback of the first failing ordering.
    feedback: str | None = None
    #: The plan of ordering 0 (when it returned one).
    plan: tuple[str, ...] | None = None
    plan_length: int | None = None
    #: The slowest ordering's CPU seconds: what the time limit applies to.
    runtime: float = 0.0
    #: The slowest ordering's wall-clock seconds (more than ``runtime`` on a busy machine).
    wall: float = 0.0
    orderings_solved: int = 0
    failed_ordering: int | None = None
    #: The inputs, in the order the failing run saw them (to reproduce or show the failure).
    failed_inputs: PyTask | None = field(default=None, compare=False)
    #: Whether some run changed its inputs in place (allowed, but worth knowing).
    mutated: bool = False
    runs: tuple[RunRecord, ...] = ()
    cached: bool = field(default=False, compare=False)

    def to_json(self, *, full: bool = True) -> dict[str, Any]:
        out: dict[str, Any] = {
            "task_id": self.task_id,
            "solved": self.solved,
            "status": self.status,
            "category": self.category,
            "runtime": self.runtime,
            "wall": self.wall,
            "plan_length": self.plan_length,
            "orderings_solved": self.orderings_solved,
            "failed_ordering": self.failed_ordering,
            "mutated": self.mutated,
            "feedback": self.feedback,
        }
        if full:
            out["plan"] = list(self.plan) if self.plan is not None else None
            out["failed_inputs"] = _py_json(self.failed_inputs)
            out["runs"] = [r.to_json() for r in self.runs]
        return out

    @classmethod
    def from_json(cls, data: dict[str, Any], *, cached: bool = False) -> TaskOutcome:
        plan = data.get("plan")
        return cls(
            task_id=data["task_id"],
            solved=data["solved"],
            status=data["status"],
            category=data["category"],
            feedback=data["feedback"],
            plan=tuple(plan) if plan is not None else None,
            plan_length=data["plan_length"],
            runtime=data["runtime"],
            wall=data.get("wall", 0.0),
            orderings_solved=data["orderings_solved"],
            failed_ordering=data["failed_ordering"],
            failed_inputs=_py_from_json(data.get("failed_inputs")),
            mutated=data["mutated"],
            runs=tuple(RunRecord.from_json(r) for r in data.get("runs", ())),
            cached=cached,
        )


@dataclass(frozen=True)
class Evaluation:
    """A program's results on a set of tasks."""

    mode: str
    orderings: int
    seed: int
    limits: Limits
    results: tuple[TaskOutcome, ...]
    wall_time: float = 0.0
    #: True when ``first_failure`` mode stopped before every run finished.
    stopped_early: bool = False

    @property
    def solved(self) -> int:
        return sum(r.solved for r in self.results)

    @property
    def total(self) -> int:
        return len(self.results)

    @property
    def coverage(self) -> float:
        return self.solved / self.total if self.total else 0.0

    def by_category(self) -> dict[str, int]:
        """Failed tasks per paper category (every category listed, zeros included)."""
        counts = Counter(r.category for r in self.results if not r.solved and r.category)
        return {c: counts.get(c, 0) for c in CATEGORIES}

    def near_limit(self) -> list[str]:
        """Tasks with a run that ended within :data:`~genplan.execute.outcome.NEAR_LIMIT` of the CPU-time
        limit (time-outs at the limit included): the only verdicts another machine may decide otherwise."""
        return [r.task_id for r in self.results if any(self.limits.near(run.outcome.runtime) for run in r.runs)
                or (not r.runs and self.limits.near(r.runtime))]  # fmt: skip

    def cpu_time(self) -> tuple[float, float]:
        """The programs' CPU seconds and wall-clock seconds over every run."""
        runs = [run.outcome for r in self.results for run in r.runs]
        if not runs:  # a heldout result read back from JSON keeps only each task's slowest run
            return sum(r.runtime for r in self.results), sum(r.wall for r in self.results)
        return sum(o.runtime for o in runs), sum(o.wall for o in runs)

    def by_status(self) -> dict[str, int]:
        """Tasks per precise status (``solved``, executor statuses, verdict kinds, ``not run``)."""
        return dict(sorted(Counter(r.status for r in self.results).items()))

    def to_json(self) -> dict[str, Any]:
        full = self.mode != "heldout"
        cpu, wall = self.cpu_time()
        return {
            "mode": self.mode,
            "orderings": self.orderings,
            "seed": self.seed,
            "limits": self.limits.to_json(),
            "coverage": self.coverage,
            "solved": self.solved,
            "total": self.total,
            "by_category": self.by_category(),
            "by_status": self.by_status(),
            "wall_time": round(self.wall_time, 3),
            "program_cpu_s": round(cpu, 3),
            "program_wall_s": round(wall, 3),
            "near_limit": self.near_limit(),
            "stopped_early": self.stopped_early,
            "tasks": [r.to_json(full=full) for r in self.results],
        }

    def summary(self) -> str:
        """A few lines for a terminal: coverage, then failures by category."""
        lines = [f"coverage: {self.solved}/{self.total} tasks ({100 * self.coverage:.1f}%)"]
        for category, n in self.by_category().items():
            if n:
                lines.append(f"  {category}: {n}")
        not_run = sum(r.status == NOT_RUN for r in self.results)
        if not_run:
            lines.append(f"  not run (stopped at the first failure): {not_run}")
        cpu, wall = self.cpu_time()
        lines.append(f"program time: {cpu:.1f} s CPU ({wall:.1f} s wall), limit {self.limits.timeout:g} s CPU a run")
        near = self.near_limit()
        if near:
            lines.append(
                f"  near the limit (within {100 * NEAR_LIMIT:.0f}%; another machine may decide these otherwise): "
                f"{len(near)}: {', '.join(near[:8])}{', ...' if len(near) > 8 else ''}"
            )
        return "\n".join(lines)


def judge_run(task: Task, record_ordering: int, outcome: Outcome) -> RunRecord:
    """One run judged: the executor's failure, or the validator's verdict on the plan it returned."""
    if not outcome.ok:
        return RunRecord(
            ordering=record_ordering,
            outcome=outcome,
            valid=False,
            category=outcome.category,
            kind=outcome.status,
            feedback=execution_feedback(outcome, task),
        )
    from genplan.validate import feedback, validate  # the validator is only needed once a plan exists

    assert outcome.plan is not None
    plan = list(outcome.plan)
    verdict = validate(task, plan)
    verdict_json = verdict.to_json() if hasattr(verdict, "to_json") else {"valid": verdict.valid}
    if verdict.valid:
        return RunRecord(record_ordering, outcome, True, None, None, None, verdict_json)
    return RunRecord(
        ordering=record_ordering,
        outcome=outcome,
        valid=False,
        category=verdict.category,
        kind=verdict.kind,
        feedback=feedback(verdict, plan),
        verdict=verdict_json,
    )


def summarize(task_id: str, records: Sequence[RunRecord], inputs: Sequence[PyTask], orderings: int) -> TaskOutcome:
    """A task's outcome from its judged runs: solved only when all ``orderings`` ran and each was valid."""
    records = sorted(records, key=lambda r: r.ordering)
    failed = next((r for r in records if not r.valid), None)
    first_plan = records[0].outcome.plan if records and records[0].ordering == 0 else None
    complete = len(records) == orderings
    status = str(failed.kind) if failed is not None else ("solved" if complete else NOT_RUN)
    return TaskOutcome(
        task_id=task_id,
        solved=failed is None and complete,
        status=status,
        category=failed.category if failed else None,
        feedback=failed.feedback if failed else None,
        plan=first_plan,
        plan_length=len(first_plan) if first_plan is not None else None,
        runtime=max((r.outcome.runtime for r in records), default=0.0),
        wall=max((r.outcome.wall for r in records), default=0.0),
        orderings_solved=sum(r.valid for r in records),
        failed_ordering=failed.ordering if failed else None,
        failed_inputs=inputs[failed.ordering] if failed else None,
        mutated=any(r.outcome.mutated for r in records),
        runs=tuple(records),
    )


def _py_json(py: PyTask | None) -> dict[str, Any] | None:
    if py is None:
        return None
    return {"objects": [list(o) if isinstance(o, tuple) else o for o in py.objects],
            "init": [list(f) for f in py.init], "goal": [list(f) for f in py.goal]}  # fmt: skip


def _py_from_json(data: dict[str, Any] | None) -> PyTask | None:
    if data is None:
        return None
    return PyTask(
        objects=tuple(tuple(o) if isinstance(o, list) else o for o in data["objects"]),
        init=tuple(tuple(f) for f in data["init"]),
        goal=tuple(tuple(f) for f in data["goal"]),
    )
