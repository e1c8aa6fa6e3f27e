"""Where genplan's CPU work runs: one interface, two implementations.

A :class:`Backend` runs programs on tasks (every ordering, each returned plan judged by genplan's
validator) and runs Fast Downward. The callers above it (evaluation with its cache, the planners'
cache, baselines, the generalization check) never care where:

- :class:`LocalBackend`: this machine, with a warm pool of sandboxes (:class:`~genplan.execute.pool.Executor`)
  and a thread per planner run; the default everywhere;
- the Dask cluster of :mod:`genplan.cluster`, which builds on this module (never the reverse).

The caller that knows the user's wish (the command line, a sweep) chooses one and passes it down, as
unified-planning's factory hands out engines: :func:`genplan.cluster.open_backend`. A backend reads and
writes no cache: the caller answers what its cache knows and stores what comes back.
"""

from __future__ import annotations

import contextlib
import os
import signal
import threading
from abc import ABC, abstractmethod
from collections.abc import Callable, Iterable, MutableMapping, Sequence
from concurrent.futures import FIRST_COMPLETED, Future, ThreadPoolExecutor, wait
from itertools import islice
from pathlib import Path
from typing import TYPE_CHECKING

from genplan.execute.orderings import hash_seed, task_orderings
from genplan.execute.outcome import Limits, Outcome
from genplan.execute.results import RunRecord, TaskOutcome, judge_run, summarize
from genplan.pddl.model import Task
from genplan.pddl.pyform import PyTask, python_inputs

if TYPE_CHECKING:
    from genplan.execute.pool import Executor
    from genplan.planners.result import PlannerResult
    from genplan.planners.solve import PlanRequest

#: ``on_result(outcome)`` sees each task as it is known; returning False stops the evaluation.
OnOutcome = Callable[[TaskOutcome], "bool | None"]
#: ``on_run(task id, record)`` sees each judged run (progress bars).
OnRun = Callable[[str, RunRecord], object]
#: ``on_result(index, results by time limit)`` sees each planner request as it finishes.
OnPlanned = Callable[[int, "dict[float, PlannerResult]"], object]


class Backend(ABC):
    """Runs programs and planners somewhere; thread-safe (a sweep's runs share one)."""

    #: ``"local"``, ``"scheduler"`` (a running Dask cluster), ``"local-dask"`` or a batch system.
    kind: str = "local"

    @abstractmethod
    def evaluate_tasks(
        self,
        source: str,
        items: Sequence[tuple[str, Task]],
        *,
        orderings: int,
        seed: int,
        limits: Limits,
        mode: str,
        on_result: OnOutcome,
        on_run: OnRun | None = None,
        inputs: MutableMapping[str, Sequence[PyTask]] | None = None,
    ) -> bool:
        """Run ``source`` on every ``(task id, task)`` in ``orderings`` orderings and judge every run.

        ``on_result`` receives each task's :class:`~genplan.execute.results.TaskOutcome` in this process;
        a task with fewer runs than ``orderings`` was stopped early (``mode="first_failure"``, or
        ``on_result`` returned False). Returns whether the evaluation was stopped early. ``inputs`` holds
        tasks' orderings (:func:`~genplan.execute.orderings.task_orderings`) that the caller prepared
        already; a backend takes (pops) each as its task starts, and one that runs elsewhere may ignore them.
        """

    @abstractmethod
    def run_planners(self, requests: Sequence[PlanRequest], *, on_result: OnPlanned) -> None:
        """Run each :class:`~genplan.planners.solve.PlanRequest` (no cache is read or written here);
        ``on_result(index, results by limit)`` is called in this process as each finishes."""

    def threads(self) -> int:
        """How many programs or planners run at once."""
        return 1

    def summary(self) -> str:
        """One line for the end of a command (where the work ran), or ``""``."""
        return ""

    def close(self) -> None:  # noqa: B027 (optional: a backend that starts nothing has nothing to release)
        """Release what the backend started (sandboxes, workers)."""

    def __enter__(self) -> Backend:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


class LocalBackend(Backend):
    """This machine: ``jobs`` sandboxed programs at once (a warm :class:`~genplan.execute.pool.Executor`,
    started on first use) and ``jobs`` Fast Downward processes at once."""

    kind = "local"

    def __init__(self, jobs: int | None = None, *, executor: Executor | None = None) -> None:
        from genplan.core.errors import GenplanError
        from genplan.execute.pool import default_jobs

        if jobs is not None and jobs < 1:
            raise GenplanError(f"--jobs must be at least 1, not {jobs}.")
        self.jobs = int(jobs or (executor.jobs if executor is not None else default_jobs()))
        self._executor = executor
        self._owned: Executor | None = None
        self._lock = threading.Lock()

    def threads(self) -> int:
        return self.jobs

    def _pool(self, limits: Limits) -> Executor:
        if self._executor is not None:
            return self._executor
        with self._lock:
            if self._owned is None:
                from genplan.execute.pool import Executor

                self._owned = Executor(jobs=self.jobs, limits=limits)
            return self._owned

    def close(self) -> None:
        with self._lock:
            owned, self._owned = self._owned, None
        if owned is not None:
            owned.close()

    # -- programs
    def evaluate_tasks(
        self,
        source: str,
        items: Iterable[tuple[str, Task]],
        *,
        orderings: int,
        seed: int,
        limits: Limits,
        mode: str,
        on_result: OnOutcome,
        on_run: OnRun | None = None,
        inputs: MutableMapping[str, Sequence[PyTask]] | None = None,
    ) -> bool:
        """See :meth:`Backend.evaluate_tasks`. ``items`` is read as the runs go (a stream: a task is taken
        when a sandbox is about to be free for it, so a caller that parses lazily parses while programs run),
        and a task's inputs are let go once it is reported."""
        from genplan.execute.pool import RunRequest

        stream = iter(items)
        tasks: dict[str, Task] = {}
        ordered: dict[str, Sequence[PyTask]] = {}
        records: dict[str, list[RunRecord]] = {}
        skipped: dict[str, int] = {}
        failed: set[str] = set()
        reported: set[str] = set()
        halt = False
        total_skipped = 0

        def more() -> list[RunRequest]:
            # In groups of twice as many tasks as run at once, ordering-major: a group's first orderings
            # before its second ones, so that a task that fails is known to fail before its other orderings
            # start. In a held-out evaluation they are then skipped (the task cannot be solved any more); a
            # debugging evaluation runs them all, for their feedback.
            batch = list(islice(stream, 2 * self.jobs))
            for task_id, task in batch:
                given = inputs.pop(task_id, None) if inputs is not None else None
                tasks[task_id] = task
                ordered[task_id] = given if given is not None else task_orderings(python_inputs(task), orderings, seed)
                records[task_id] = []
                skipped[task_id] = 0
            return [
                RunRequest(ordered[t][i], hash_seed(i, seed), task=t, ordering=i)
                for i in range(orderings)
                for t, _ in batch
            ]

        def complete(task_id: str) -> None:
            nonlocal halt
            if task_id not in reported and len(records[task_id]) + skipped[task_id] == orderings:
                reported.add(task_id)
                outcome = summarize(task_id, records.pop(task_id), ordered.pop(task_id), orderings)
                del tasks[task_id], skipped[task_id]
                if on_result(outcome) is False:
                    halt = True

        def judged(_index: int, outcome: Outcome) -> bool:
            task_id = outcome.task
            assert task_id is not None and outcome.ordering is not None
            record = judge_run(tasks[task_id], outcome.ordering, outcome)
            records[task_id].append(record)
            if not record.valid:
                failed.add(task_id)
            if on_run is not None:
                on_run(task_id, record)
            complete(task_id)
            return not (halt or (mode == "first_failure" and not record.valid))

        def skip(request: RunRequest) -> bool:
            nonlocal total_skipped
            if mode != "heldout" or request.task not in failed:
                return False
            skipped[request.task] += 1
            total_skipped += 1
            complete(request.task)
            return True

        outcomes = self._pool(limits).run_many(source, more(), limits=limits, on_result=judged, skip=skip, more=more)
        stopped = sum(o is None for o in outcomes) > total_skipped
        for task_id in list(tasks):
            if records[task_id]:  # stopped early: what ran so far
                on_result(summarize(task_id, records[task_id], ordered[task_id], orderings))
        return stopped

    # -- planners
    def run_planners(self, requests: Sequence[PlanRequest], *, on_result: OnPlanned) -> None:
        """``jobs`` planner requests at a time, results reported in this thread as they finish.

        Planner processes run in sessions of their own, so Ctrl-C reaches only this process: on an
        interrupt the threads are told to stop and the planner processes this process started are
        killed (until every thread has returned), so nothing keeps searching in the background.
        """
        from genplan.planners.solve import plan_limits

        if not requests:
            return
        if self.jobs == 1:
            for index, request in enumerate(requests):
                on_result(index, plan_limits(request))
            return
        pool = ThreadPoolExecutor(max_workers=self.jobs, thread_name_prefix="genplan-planner")
        pending: dict[Future, int] = {}
        queue = list(reversed(range(len(requests))))
        try:
            while queue or pending:
                while queue and len(pending) < self.jobs:
                    index = queue.pop()
                    pending[pool.submit(plan_limits, requests[index])] = index
                finished, _ = wait(pending, return_when=FIRST_COMPLETED)
                for future in sorted(finished, key=pending.__getitem__):
                    on_result(pending.pop(future), future.result())
        except BaseException:
            running = [f for f in pending if not f.cancel()]
            while running:
                kill_planner_children()
                _, still = wait(running, timeout=0.2)
                running = list(still)
            pool.shutdown(wait=True, cancel_futures=True)
            raise
        pool.shutdown(wait=True)


def kill_planner_children() -> None:
    """Kill the process groups of the Fast Downward drivers this process started (each leads its session).

    Only children running the FD driver are touched: other children (a sandbox's fork servers, say) are
    not this module's to end.
    """
    from genplan.planners.downward import locate

    me = os.getpid()
    driver = str(locate().driver).encode()
    proc = Path("/proc")
    if not proc.is_dir():
        return
    for entry in proc.iterdir():
        if not entry.name.isdigit():
            continue
        try:
            stat = (entry / "stat").read_text()
            # Fields after the parenthesised command: state ppid pgrp session ...
            fields = stat.rsplit(")", 1)[-1].split()
            if len(fields) < 4 or int(fields[1]) != me or int(fields[3]) != int(entry.name):
                continue
            if driver not in (entry / "cmdline").read_bytes():
                continue
        except (OSError, ValueError):
            continue
        with contextlib.suppress(ProcessLookupError, PermissionError):
            os.killpg(int(entry.name), signal.SIGKILL)
