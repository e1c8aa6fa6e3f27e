"""Score a program on tasks: every task in several input orderings, each returned plan validated.

The paper's protocol: a task counts only if *every* ordering yields a valid plan; coverage is the share
of tasks that count. Three modes share one engine:

- ``"heldout"``: every task, every ordering; the report keeps per task its outcome, the paper's error
  category, runtime and plan length (plans and captured output are left out of the JSON, which stays
  small for large suites);
- ``"debug"``: the same runs, and the report keeps everything: every ordering's plan, verdict and
  feedback (what the repair loop shows the LLM);
- ``"first_failure"``: stops at the first failing run (for quick checks); unfinished tasks are marked
  ``"not run"``.

Runs go through one :class:`~genplan.execute.pool.Executor` in parallel; validation happens in this
process, with :mod:`genplan.validate`, as results arrive. With ``cache_dir``, each task's result is
stored by content (program, task, orderings, seed, limits), so a resumed pipeline does not wait for
timeouts again.

With a ``cluster`` (:class:`genplan.cluster.Cluster`), the tasks the cache does not know go to Dask
workers instead, in batches; each worker runs this same engine in its own sandbox, validation included,
and sends back the tasks' outcomes, which are cached here. Only the cache lookups and stores happen in
this process, so the results are those of a local run.
"""

from __future__ import annotations

import hashlib
import json
import os
import tempfile
import time
from collections import Counter
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any, Literal

from genplan.errors import GenplanError
from genplan.execute.orderings import hash_seed, ordering, task_fingerprint
from genplan.execute.outcome import CATEGORIES, Limits, Outcome, execution_feedback
from genplan.execute.pool import Executor, RunRequest
from genplan.pddl.model import Task
from genplan.pddl.pyform import PyTask, python_inputs

if TYPE_CHECKING:
    from genplan.cluster.session import Cluster

Mode = Literal["heldout", "debug", "first_failure"]
MODES: tuple[str, ...] = ("heldout", "debug", "first_failure")
#: Bump when what is cached changes meaning; old entries are then not found.
CACHE_FORMAT = 1
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
    #: The slowest ordering's runtime (seconds): what the time limit applies to.
    runtime: float = 0.0
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

    def by_status(self) -> dict[str, int]:
        """Tasks per precise status (``solved``, executor statuses, verdict kinds, ``not run``)."""
        return dict(sorted(Counter(r.status for r in self.results).items()))

    def to_json(self) -> dict[str, Any]:
        full = self.mode != "heldout"
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
        return "\n".join(lines)


# --------------------------------------------------------------------------------------------- cache
class _Cache:
    """``<dir>/executions/<key[:2]>/<key>.json``: one task's result per program, task and settings."""

    def __init__(self, directory: str | Path) -> None:
        self.root = Path(directory) / "executions"

    @staticmethod
    def key(source: str, task: Task, py: PyTask, orderings: int, seed: int, limits: Limits) -> str:
        material = {
            "format": CACHE_FORMAT,
            "program": hashlib.sha256(source.encode("utf-8", "surrogatepass")).hexdigest(),
            # Frozen dataclasses of tuples: their repr is deterministic.
            "domain": hashlib.sha256(repr(task.domain).encode()).hexdigest(),
            "task": task_fingerprint(py),
            "orderings": orderings,
            "seed": seed,
            "limits": limits.to_json(),
        }
        return hashlib.sha256(json.dumps(material, sort_keys=True).encode()).hexdigest()

    def get(self, key: str, task_id: str) -> TaskOutcome | None:
        try:
            data = json.loads((self.root / key[:2] / f"{key}.json").read_text())
            if data.get("format") != CACHE_FORMAT:
                return None
            result = TaskOutcome.from_json(data["result"], cached=True)
        except (OSError, ValueError, KeyError, TypeError):
            return None
        return _renamed(result, task_id)

    def put(self, key: str, result: TaskOutcome) -> None:
        path = self.root / key[:2] / f"{key}.json"
        path.parent.mkdir(parents=True, exist_ok=True)
        text = json.dumps({"format": CACHE_FORMAT, "result": result.to_json(full=True)})
        fd, tmp = tempfile.mkstemp(dir=path.parent, suffix=".tmp")
        with os.fdopen(fd, "w") as f:
            f.write(text)
        os.replace(tmp, path)


def _renamed(result: TaskOutcome, task_id: str) -> TaskOutcome:
    if result.task_id == task_id:
        return result
    from dataclasses import replace

    return replace(result, task_id=task_id)


# ------------------------------------------------------------------------------------------ evaluate
def _judge(task: Task, record_ordering: int, outcome: Outcome) -> RunRecord:
    if not outcome.ok:
        return RunRecord(
            ordering=record_ordering,
            outcome=outcome,
            valid=False,
            category=outcome.category,
            kind=outcome.status,
            feedback=execution_feedback(outcome),
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


def _summarize(task_id: str, records: Sequence[RunRecord], inputs: Sequence[PyTask], orderings: int) -> TaskOutcome:
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
        orderings_solved=sum(r.valid for r in records),
        failed_ordering=failed.ordering if failed else None,
        failed_inputs=inputs[failed.ordering] if failed else None,
        mutated=any(r.outcome.mutated for r in records),
        runs=tuple(records),
    )


def evaluate(
    source: str,
    tasks: Mapping[str, Task] | Iterable[tuple[str, Task]],
    *,
    orderings: int = 4,
    seed: int = 1,
    timeout: float = 45.0,
    memory_mb: int = 4096,
    jobs: int | None = None,
    mode: Mode = "heldout",
    executor: Executor | None = None,
    cache_dir: str | Path | None = None,
    on_result: Callable[[TaskOutcome], object] | None = None,
    on_run: Callable[[str, RunRecord], object] | None = None,
    cluster: Cluster | None = None,
) -> Evaluation:
    """Run ``source`` on every task in ``orderings`` orderings and judge every returned plan.

    ``tasks`` maps task ids to tasks (or is a sequence of ``(id, task)`` pairs; order is kept).
    ``on_run`` is called after each judged run (progress bars), ``on_result`` when a task is complete.
    Pass an ``executor`` to reuse its warm workers across calls; otherwise one is started and closed
    here. With ``cache_dir``, results are cached per task (see the module docstring); ``None`` caches
    nothing. With a ``cluster``, the runs happen on its workers (``jobs`` and ``executor`` do not apply).
    """
    if cluster is not None and executor is not None:
        raise ValueError("evaluate() runs on an executor or on a cluster, not both")
    if mode not in MODES:
        raise GenplanError(f"Unknown evaluation mode {mode!r}.", hint=f"Use one of: {', '.join(MODES)}.")
    if orderings < 1:
        raise GenplanError(f"The number of orderings must be at least 1, not {orderings}.", hint="The paper uses 4.")
    started = time.monotonic()
    items = list(tasks.items()) if isinstance(tasks, Mapping) else list(tasks)
    limits = Limits(timeout=timeout, memory=memory_mb * 2**20)
    cache = _Cache(cache_dir) if cache_dir is not None else None

    results: dict[str, TaskOutcome] = {}
    todo: list[tuple[str, Task, PyTask, str | None]] = []
    for task_id, task in items:
        py = python_inputs(task)
        key = _Cache.key(source, task, py, orderings, seed, limits) if cache else None
        hit = cache.get(key, task_id) if cache and key else None
        if hit is not None and (mode != "first_failure" or hit.solved):
            results[task_id] = hit
            if on_result is not None:
                on_result(hit)
        else:
            todo.append((task_id, task, py, key))

    def finished(stopped: bool) -> Evaluation:
        return Evaluation(
            mode=mode,
            orderings=orderings,
            seed=seed,
            limits=limits,
            results=tuple(results[task_id] for task_id, _ in items),
            wall_time=time.monotonic() - started,
            stopped_early=stopped,
        )

    if cluster is not None:
        return finished(
            _on_cluster(cluster, source, todo, orderings, seed, limits, mode, cache, results, on_result, on_run)
        )

    requests: list[RunRequest] = []
    inputs: dict[str, list[PyTask]] = {}
    for task_id, _task, py, _key in todo:
        fingerprint = task_fingerprint(py)
        inputs[task_id] = [ordering(py, i, seed, fingerprint=fingerprint) for i in range(orderings)]
        for i in range(orderings):
            requests.append(RunRequest(inputs[task_id][i], hash_seed(i, seed), task=task_id, ordering=i))

    by_id = {task_id: (task, key) for task_id, task, _py, key in todo}
    records: dict[str, list[RunRecord]] = {task_id: [] for task_id, *_ in todo}

    def judged(_index: int, outcome: Outcome) -> bool:
        task_id = outcome.task
        assert task_id is not None and outcome.ordering is not None
        task, key = by_id[task_id]
        record = _judge(task, outcome.ordering, outcome)
        records[task_id].append(record)
        if on_run is not None:
            on_run(task_id, record)
        if len(records[task_id]) == orderings:
            result = _summarize(task_id, records[task_id], inputs[task_id], orderings)
            results[task_id] = result
            if cache is not None and key is not None:
                cache.put(key, result)
            if on_result is not None:
                on_result(result)
        return not (mode == "first_failure" and not record.valid)

    stopped = False
    if requests:
        own = executor is None
        runner = executor or Executor(jobs=jobs, limits=limits)
        try:
            outcomes = runner.run_many(source, requests, limits=limits, on_result=judged)
        finally:
            if own:
                runner.close()
        stopped = any(o is None for o in outcomes)
    for task_id, *_ in todo:
        if task_id not in results:  # stopped early: what ran so far, marked as not complete
            results[task_id] = _summarize(task_id, records[task_id], inputs[task_id], orderings)
    return finished(stopped)


def _on_cluster(
    cluster: Cluster,
    source: str,
    todo: Sequence[tuple[str, Task, PyTask, str | None]],
    orderings: int,
    seed: int,
    limits: Limits,
    mode: str,
    cache: _Cache | None,
    results: dict[str, TaskOutcome],
    on_result: Callable[[TaskOutcome], object] | None,
    on_run: Callable[[str, RunRecord], object] | None,
) -> bool:
    """The tasks of ``todo`` on the cluster's workers; outcomes cached and reported here as batches finish.

    Returns whether ``first_failure`` stopped it; the tasks it never got to are marked ``not run``.
    """
    keys = {task_id: key for task_id, _task, _py, key in todo}

    def arrived(result: TaskOutcome) -> bool:
        results[result.task_id] = result
        if on_run is not None:
            for record in result.runs:
                on_run(result.task_id, record)
        key = keys[result.task_id]
        if cache is not None and key is not None and len(result.runs) == orderings:
            cache.put(key, result)
        if on_result is not None:
            on_result(result)
        return not (mode == "first_failure" and not result.solved)

    stopped = False
    if todo:
        stopped = cluster.evaluate_tasks(
            source, [(task_id, task) for task_id, task, _py, _key in todo], orderings=orderings, seed=seed,
            timeout=limits.timeout, memory_mb=limits.memory // 2**20, mode=mode, on_result=arrived,
        )  # fmt: skip
    for task_id, *_ in todo:
        if task_id not in results:  # stopped early: never run
            results[task_id] = _summarize(task_id, [], [], orderings)
    return stopped


#: The name the pipeline uses; the same function.
evaluate_program = evaluate


def evaluate_with_progress(
    source: str,
    tasks: Mapping[str, Task] | Iterable[tuple[str, Task]],
    *,
    console: Any = None,
    description: str = "evaluating",
    **kwargs: Any,
) -> Evaluation:
    """:func:`evaluate` with a rich progress bar over all runs (for ``genplan evaluate``)."""
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn

    items = list(tasks.items()) if isinstance(tasks, Mapping) else list(tasks)
    total = len(items) * int(kwargs.get("orderings", 4))
    user_on_run = kwargs.pop("on_run", None)
    columns = (TextColumn("{task.description}"), BarColumn(), MofNCompleteColumn(), TimeElapsedColumn())
    with Progress(*columns, console=console, transient=True) as progress:
        bar = progress.add_task(description, total=total)

        def on_run(task_id: str, record: RunRecord) -> None:
            progress.advance(bar)
            if user_on_run is not None:
                user_on_run(task_id, record)

        return evaluate(source, items, on_run=on_run, **kwargs)


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
