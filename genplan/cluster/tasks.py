"""What a Dask worker runs: genplan's CPU work as pure functions of plain, picklable inputs.

Each function takes the driver's fingerprint first and refuses to work for another genplan
(:mod:`genplan.cluster.version`). Then it computes, and returns plain data: JSON-shaped dicts, with the
worker's address and process id so the driver can say where its work ran. Nothing here reads or writes
a cache, a run folder or any other file of the user's: every cache lives in the driver, which stores
what comes back. That is what makes the functions safe to run twice, which is what Dask does with the
tasks of a worker that died: the second run computes the same answer and nothing else changes.

Each worker thread keeps one warm :class:`~genplan.execute.pool.Executor` (the sandbox's fork servers),
used through a :class:`~genplan.execute.backend.LocalBackend`, for the life of the worker process, so a
worker pays the sandbox's start-up once, not per task. A worker thread runs one program or one planner at
a time: a worker's ``--nthreads`` is its parallelism.
"""

from __future__ import annotations

import os
import threading
from collections.abc import Sequence
from typing import Any

from genplan.cluster.version import check_driver, fingerprint

_local = threading.local()
#: Every executor this process started (one per worker thread that ran a program).
_EXECUTORS: list[Any] = []
_lock = threading.Lock()


def _executor() -> Any:
    """This worker thread's warm executor (started on first use, closed when the process exits)."""
    from genplan.execute.pool import Executor

    executor = getattr(_local, "executor", None)
    if executor is None:
        executor = Executor(jobs=1)
        _local.executor = executor
        with _lock:
            _EXECUTORS.append(executor)
    return executor


def worker_address() -> str:
    """This worker's address, or ``pid N`` outside a Dask worker (a function called directly, in tests)."""
    try:
        from distributed import get_worker

        return str(get_worker().address)
    except (ImportError, ValueError):
        return f"pid {os.getpid()}"


def _answer(result: Any) -> dict[str, Any]:
    return {"worker": worker_address(), "pid": os.getpid(), "result": result}


def evaluate_batch(
    driver: dict[str, str],
    source: str,
    tasks: Sequence[tuple[str, Any]],
    orderings: int,
    seed: int,
    timeout: float,
    memory_mb: int,
    mode: str,
) -> dict[str, Any]:
    """Run ``source`` on a batch of ``(task id, Task)`` in every ordering, validate every plan, and return
    each task's :class:`~genplan.execute.results.TaskOutcome` as JSON (with every run, as the cache keeps
    them). The same engine as a local evaluation (:class:`~genplan.execute.backend.LocalBackend`), in this
    worker's sandbox, with no cache."""
    from genplan.execute.backend import LocalBackend
    from genplan.execute.outcome import Limits

    check_driver(driver, worker_address())
    found: dict[str, Any] = {}

    def keep(outcome: Any) -> bool:
        found[outcome.task_id] = outcome
        return True

    LocalBackend(executor=_executor()).evaluate_tasks(
        source, list(tasks), orderings=orderings, seed=seed, limits=Limits(timeout=timeout, memory=memory_mb * 2**20),
        mode=mode, on_result=keep,
    )  # fmt: skip
    return _answer([found[task_id].to_json(full=True) for task_id, _ in tasks if task_id in found])


def plan_limits(driver: dict[str, str], request: Any) -> dict[str, Any]:
    """Run Fast Downward for a :class:`~genplan.planners.solve.PlanRequest` under its time limits, smallest
    first, without the plan cache; returns ``[[limit, PlannerResult JSON, cached], ...]``."""
    from genplan.planners.solve import plan_limits as run

    check_driver(driver, worker_address())
    results = run(request)
    return _answer([[limit, r.to_json(), r.cached] for limit, r in results.items()])


def identify() -> dict[str, Any]:
    """This worker's genplan, address and process id, and the tokens that mark its sandbox processes (the
    driver asks every worker when it connects; tests use the tokens to find what a worker left behind)."""
    with _lock:
        tokens = [e.token for e in _EXECUTORS]
    return {"fingerprint": fingerprint(), "worker": worker_address(), "pid": os.getpid(), "tokens": tokens}


def sandbox_processes() -> dict[str, list[int]]:
    """This worker's fork servers, and any other live process its sandboxes started (there should be none
    once every task has finished: a program's process never outlives its run)."""
    from genplan.execute.pool import stray_processes

    found: dict[str, list[int]] = {"servers": [], "others": []}
    with _lock:
        executors = list(_EXECUTORS)
    for executor in executors:
        servers = set(executor.server_pids())
        found["servers"].extend(sorted(servers))
        found["others"].extend(sorted(set(stray_processes(executor.token)) - servers))
    return found
