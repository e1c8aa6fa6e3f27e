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

This module is the evaluation's front: it checks the arguments, answers what it can from the cache
(with ``cache_dir``, each task's result is stored by content: program, task, orderings, seed, limits, so
a resumed pipeline does not wait for timeouts again), and hands the rest to a
:class:`~genplan.execute.backend.Backend`: this machine's sandboxes by default, a Dask cluster when the
caller passes one (:mod:`genplan.cluster`). Every backend judges runs with the same functions
(:mod:`genplan.execute.results`), and only this process reads and writes the cache, so the results do
not depend on where the programs ran.
"""

from __future__ import annotations

import hashlib
import json
import os
import queue
import tempfile
import threading
import time
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from itertools import islice
from pathlib import Path
from typing import TYPE_CHECKING, Any, Literal

from genplan.core.errors import GenplanError
from genplan.execute.backend import Backend, LocalBackend
from genplan.execute.orderings import task_fingerprint, task_orderings
from genplan.execute.outcome import Limits
from genplan.execute.results import NOT_RUN, Evaluation, RunRecord, TaskOutcome, summarize
from genplan.pddl.model import Task
from genplan.pddl.pyform import PyTask, python_inputs

if TYPE_CHECKING:
    from genplan.execute.pool import Executor

__all__ = [
    "MODES",
    "NOT_RUN",
    "Evaluation",
    "Mode",
    "RunRecord",
    "TaskOutcome",
    "evaluate",
    "evaluate_program",
    "evaluate_with_progress",
]

Mode = Literal["heldout", "debug", "first_failure"]
MODES: tuple[str, ...] = ("heldout", "debug", "first_failure")
#: Bump when what is cached changes meaning; old entries are then not found.
CACHE_FORMAT = 2  # 2: the time limit is CPU time (was wall-clock time); runs record both


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


class _Ahead:
    """Tasks prepared in a thread, in order, while programs run: a lazily parsed suite's tasks are parsed
    (and their orderings shuffled) while the sandboxes work, not between their runs. At most ``depth``
    prepared tasks wait, so memory holds only those being run and the next few. The main thread reads
    them by iterating; an error in the thread (a malformed problem file) is raised there, in order."""

    def __init__(self, items: Sequence[tuple[str, Task]], prepare: Callable[[str, Task], Any], depth: int) -> None:
        self._queue: queue.Queue[tuple[str, Any]] = queue.Queue(maxsize=max(1, depth))
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._work, args=(items, prepare), name="genplan-prepare", daemon=True)
        self._thread.start()

    def _work(self, items: Sequence[tuple[str, Task]], prepare: Callable[[str, Task], Any]) -> None:
        try:
            for index in range(len(items)):
                if self._stop.is_set():
                    return
                self._put(("item", prepare(*items[index])))
        except BaseException as e:  # handed to the main thread, which raises it
            self._put(("error", e))
            return
        self._put(("end", None))

    def _put(self, entry: tuple[str, Any]) -> None:
        while not self._stop.is_set():
            try:
                self._queue.put(entry, timeout=0.1)
                return
            except queue.Full:
                continue

    def __iter__(self) -> Iterator[Any]:
        while True:
            kind, value = self._queue.get()
            if kind == "end":
                return
            if kind == "error":
                raise value
            yield value

    def close(self) -> None:
        """Stop preparing (an evaluation stopped early, or failed) and wait for the thread."""
        self._stop.set()
        self._thread.join()


def _renamed(result: TaskOutcome, task_id: str) -> TaskOutcome:
    if result.task_id == task_id:
        return result
    from dataclasses import replace

    return replace(result, task_id=task_id)


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
    cluster: Backend | None = None,
    deadline: float | None = None,
) -> Evaluation:
    """Run ``source`` on every task in ``orderings`` orderings and judge every returned plan.

    ``deadline`` (a ``time.monotonic()`` value): once past it, the evaluation stops at the next finished
    task (the runs in flight are cancelled; tasks not run are ``not run``), so that a caller with a time
    budget overruns it by at most one run's time limit.

    ``tasks`` maps task ids to tasks (or is a sequence of ``(id, task)`` pairs; order is kept).
    ``on_run`` is called after each judged run (progress bars), ``on_result`` when a task is complete.
    Pass an ``executor`` to reuse its warm workers across calls; otherwise one is started and closed
    here. With ``cache_dir``, results are cached per task (see the module docstring); ``None`` caches
    nothing. With a ``cluster`` (any :class:`~genplan.execute.backend.Backend`, a Dask cluster say), the
    runs happen there (``jobs`` and ``executor`` do not apply).
    """
    if cluster is not None and executor is not None:
        raise ValueError("evaluate() runs on an executor or on a cluster, not both")
    if mode not in MODES:
        raise GenplanError(f"Unknown evaluation mode {mode!r}.", hint=f"Use one of: {', '.join(MODES)}.")
    if orderings < 1:
        raise GenplanError(f"The number of orderings must be at least 1, not {orderings}.", hint="The paper uses 4.")
    started = time.monotonic()
    # A sequence that parses its tasks on access (a suite's ``lazy``) is read as the runs go (see _Ahead), so
    # that only the tasks being run or prepared are in memory; anything else is taken as it is.
    lazy = isinstance(tasks, Sequence) and hasattr(tasks, "ids")
    items: Sequence[tuple[str, Task]] = (
        tasks if lazy else (list(tasks.items()) if isinstance(tasks, Mapping) else list(tasks))  # type: ignore[arg-type]
    )
    order = list(tasks.ids) if lazy else [task_id for task_id, _ in items]  # type: ignore[union-attr]
    limits = Limits(timeout=timeout, memory=memory_mb * 2**20)
    cache = _Cache(cache_dir) if cache_dir is not None else None
    results: dict[str, TaskOutcome] = {}
    keys: dict[str, str | None] = {}

    def finished(stopped: bool) -> Evaluation:
        return Evaluation(
            mode=mode,
            orderings=orderings,
            seed=seed,
            limits=limits,
            results=tuple(results[task_id] for task_id in order),
            wall_time=time.monotonic() - started,
            stopped_early=stopped,
        )

    def arrived(result: TaskOutcome) -> bool:
        results[result.task_id] = result
        # Final: every ordering ran, or one failed (the others may have been skipped: the task cannot be
        # solved). One stopped early with no failure yet is neither cached nor reported.
        if len(result.runs) == orderings or (not result.solved and result.status != NOT_RUN):
            key = keys[result.task_id]
            if cache is not None and key is not None:
                cache.put(key, result)
            if on_result is not None:
                on_result(result)
        if deadline is not None and time.monotonic() > deadline:
            return False
        return not (mode == "first_failure" and not result.solved)

    runner = cluster or LocalBackend(jobs=jobs, executor=executor)
    local = isinstance(runner, LocalBackend)
    ordered: dict[str, Sequence[PyTask]] = {}

    def prepare(task_id: str, task: Task) -> tuple[str, Task, str | None, TaskOutcome | None]:
        # In the preparing thread: the Python form, the cache's answer and, for a task to run here, its
        # orderings (a large task's shuffles take a tenth of a second).
        py = python_inputs(task)
        key = _Cache.key(source, task, py, orderings, seed, limits) if cache else None
        hit = cache.get(key, task_id) if cache and key else None
        if hit is not None and mode == "first_failure" and not hit.solved:
            hit = None  # a quick check runs a failing task again, to stop at its failure
        if hit is None and local:
            ordered[task_id] = task_orderings(py, orderings, seed)
        return task_id, task, key, hit

    ahead = _Ahead(items, prepare, depth=2 * runner.threads())
    halted = stopped = False

    def stream() -> Iterator[tuple[str, Task]]:
        for task_id, task, key, hit in ahead:
            if hit is not None:
                results[task_id] = hit
                if on_result is not None:
                    on_result(hit)
                continue
            keys[task_id] = key
            yield task_id, task

    def arrived_or_halt(result: TaskOutcome) -> bool:
        nonlocal halted
        going = arrived(result)
        halted = halted or not going
        return going

    try:
        todo = stream()
        if local:
            # One stream: each task is taken when a sandbox is about to be free for it, while the thread
            # prepares the next ones; only those being run or prepared are in memory.
            stopped = runner.evaluate_tasks(
                source, todo, orderings=orderings, seed=seed, limits=limits, mode=mode,
                on_result=arrived_or_halt, on_run=on_run, inputs=ordered,
            )  # fmt: skip
        else:
            # A cluster takes a batch of tasks at a time (a window, for a lazily parsed suite).
            window = max(8, 4 * runner.threads()) if lazy else max(1, len(items))
            while not halted:
                batch = list(islice(todo, window))
                if not batch:
                    break
                stopped = runner.evaluate_tasks(
                    source, batch, orderings=orderings, seed=seed, limits=limits, mode=mode,
                    on_result=arrived_or_halt, on_run=on_run,
                )  # fmt: skip
                if stopped:
                    break
    finally:
        ahead.close()
        if cluster is None:
            runner.close()
    # Stopped early: runs were cut short, or tasks never started (the stream was left unread).
    stopped = stopped or any(task_id not in results for task_id in order)
    for task_id in order:
        if task_id not in results:  # stopped early: never run
            results[task_id] = summarize(task_id, [], [], orderings)
    return finished(stopped)


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
    """:func:`evaluate` with a rich progress bar over all runs (for ``genplan evaluate``): done/total, the
    time elapsed and an estimate of the time left, so that a long evaluation says when it will end.

    The bar goes to ``console`` (``genplan evaluate`` passes stderr, so the JSON and the printed results
    stay clean) and only when that console is a terminal: piped or captured output (a log file, a test)
    gets no bar frames.
    """
    from rich.progress import (
        BarColumn,
        MofNCompleteColumn,
        Progress,
        TextColumn,
        TimeElapsedColumn,
        TimeRemainingColumn,
    )

    items = (
        tasks if isinstance(tasks, Sequence) else (list(tasks.items()) if isinstance(tasks, Mapping) else list(tasks))
    )
    orderings = int(kwargs.get("orderings", 4))
    total = len(items) * orderings
    user_on_run = kwargs.pop("on_run", None)
    user_on_result = kwargs.pop("on_result", None)
    columns = (TextColumn("{task.description}", markup=False), BarColumn(), MofNCompleteColumn(),
               TimeElapsedColumn(), TextColumn("ETA"), TimeRemainingColumn())  # fmt: skip
    shown = console is not None and console.is_terminal
    runs_seen: dict[str, int] = {}
    with Progress(*columns, console=console, transient=True, disable=not shown) as progress:
        bar = progress.add_task(description, total=total)

        def on_run(task_id: str, record: RunRecord) -> None:
            runs_seen[task_id] = runs_seen.get(task_id, 0) + 1
            progress.advance(bar)
            if user_on_run is not None:
                user_on_run(task_id, record)

        def on_result(result: TaskOutcome) -> None:
            # A cached task, or one whose other orderings were skipped after a failure, ran fewer runs than
            # ``orderings``: count the rest as done, so that the estimate does not wait for runs that never come.
            progress.advance(bar, max(0, orderings - runs_seen.get(result.task_id, 0)))
            if user_on_result is not None:
                user_on_result(result)

        return evaluate(source, items, on_run=on_run, on_result=on_result, **kwargs)
