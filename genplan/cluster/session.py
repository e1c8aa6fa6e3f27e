"""The driver's end of a Dask cluster: connect or start one, check its workers, hand it work, read back.

:func:`open_cluster` turns :class:`~genplan.cluster.options.ClusterOptions` into a :class:`Cluster` (or
``None`` for the local executor) and closes what it started. A :class:`Cluster` runs genplan's CPU work
as Dask tasks (:mod:`genplan.cluster.tasks`): :meth:`Cluster.evaluate_tasks` (program runs with their
validation, a batch of tasks per Dask task) and :meth:`Cluster.run_planners` (Fast Downward). The
callers keep every cache: they send only what their cache does not know, and store what comes back.

Faults, and why they are handled where they are:

- **A worker dies** (killed, out of memory, its node gone): Dask runs its unfinished tasks again on
  other workers. The task functions are pure, so nothing is lost and nothing is counted twice.
- **A worker runs another genplan**: its tasks refuse to run (:mod:`genplan.cluster.version`) and the
  command stops with a :class:`~genplan.cluster.options.ClusterError` naming the worker and both versions.
  Workers present at the start are asked before any work is sent.
- **The scheduler is lost**: the command stops with a :class:`ClusterLost` error. Everything finished
  before is in the driver's caches, so running the same command again continues from there.
"""

from __future__ import annotations

import contextlib
import logging
import math
import threading
import uuid
from collections import Counter
from collections.abc import Callable, Iterator, Sequence
from typing import TYPE_CHECKING, Any

from genplan.cluster import tasks as worker_tasks
from genplan.cluster.options import LOCAL, ClusterError, ClusterOptions
from genplan.cluster.version import VersionMismatch, describe, differences, fingerprint
from genplan.execute.backend import Backend, LocalBackend, OnOutcome, OnRun
from genplan.execute.outcome import Limits
from genplan.execute.results import TaskOutcome
from genplan.planners.result import PlannerResult

if TYPE_CHECKING:
    from collections.abc import MutableMapping

    from genplan.pddl.model import Task
    from genplan.pddl.pyform import PyTask
    from genplan.planners.solve import PlanRequest

#: Seconds to reach a running scheduler before giving up.
CONNECT_TIMEOUT = 30.0
#: Seconds for a started local cluster's workers to come up.
START_TIMEOUT = 120.0
#: Evaluation batches: about this many per worker thread (so a slow batch does not hold up the end), and
#: at most this many tasks in one (each task runs in every ordering). Every batch costs a round trip
#: through the scheduler and a start on the worker, so small tasks go in larger batches (see
#: :func:`batches`).
BATCHES_PER_THREAD = 3
MAX_BATCH = 64
#: Dask settings for a local cluster. A genplan task spends its time waiting for a subprocess (a sandboxed
#: program, Fast Downward), so Dask's sampling profiler (every 10 ms) and its frequent system and memory
#: probes only take CPU from the planners on the same cores: without them a 2-worker cluster's idle CPU
#: drops by a third. The profiler stays on when the dashboard is asked for. A worker saturation of 1.0
#: hands a worker thread its next task only when it is free, so that no task of seconds waits queued on
#: a busy worker while another worker idles at the end.
LOCAL_CLUSTER_SETTINGS = {
    "distributed.worker.profile.enabled": False,
    "distributed.admin.system-monitor.interval": "2s",
    "distributed.worker.memory.monitor-interval": "1s",
    "distributed.scheduler.worker-saturation": 1.0,
}


def batches(items: Sequence[tuple[str, Task]], threads: int) -> list[list[tuple[str, Task]]]:
    """``items`` cut, in order, into about :data:`BATCHES_PER_THREAD` batches per worker thread of about
    equal work, at most :data:`MAX_BATCH` tasks each.

    A task's work is guessed from its size (objects and facts): a program's runtime grows with it. So a
    batch holds many small tasks (the Dask round trip a batch costs is spread over them) or a few large
    ones (a batch of the largest tasks does not hold up the end of the evaluation).
    """
    if not items:
        return []
    weights = [1 + len(task.objects) + len(task.init) + len(task.goal) for _, task in items]
    share = sum(weights) / max(1, BATCHES_PER_THREAD * threads)
    out: list[list[tuple[str, Task]]] = [[]]
    load = 0.0
    for item, weight in zip(items, weights, strict=True):
        if out[-1] and (load + weight / 2 > share or len(out[-1]) >= MAX_BATCH):
            out.append([])
            load = 0.0
        out[-1].append(item)
        load += weight
    return out


class ClusterLost(ClusterError):
    """The scheduler went away during a command."""


class Cluster(Backend):
    """A connection to a Dask cluster for genplan's CPU work: the Dask :class:`~genplan.execute.backend.Backend`,
    made by :func:`open_cluster`.

    Thread-safe: a sweep's runs evaluate their programs from several threads at once.
    """

    def __init__(self, client: Any, *, kind: str, owned: Any = None, threads: int | None = None) -> None:
        self.client = client
        #: ``"scheduler"`` (a running cluster), ``"local"`` or a batch system.
        self.kind = kind
        self.address = str(client.scheduler.address)
        self.fingerprint = fingerprint()
        #: Dask tasks finished per worker address, and the worker processes that ran them.
        self.ran_on: Counter[str] = Counter()
        self.pids: dict[str, set[int]] = {}
        self._owned = owned
        self._threads = threads
        self._lock = threading.Lock()

    # -- facts
    @property
    def dashboard(self) -> str | None:
        """The dashboard's address, or ``None`` when the scheduler serves none."""
        try:
            services = self.client.scheduler_info().get("services", {})
        except Exception:
            return None
        if "dashboard" not in services:
            return None
        with contextlib.suppress(Exception):
            return str(self.client.dashboard_link)
        return None

    def threads(self) -> int:
        """Worker threads now (a batch-system cluster's planned ones while its jobs wait in the queue)."""
        try:
            now = sum(self.client.nthreads().values())
        except Exception:
            now = 0
        return max(1, now or (self._threads or 0))

    def workers(self) -> dict[str, dict[str, Any]]:
        """Every worker now, by address: its genplan, process id and sandbox tokens (or the error it gave)."""
        answers = self.client.run(worker_tasks.identify, on_error="return")
        return {addr: ({"error": a} if isinstance(a, BaseException) else a) for addr, a in answers.items()}

    def check_workers(self) -> int:
        """Refuse workers that run another genplan; returns how many workers there are."""
        found = self.workers()
        bad = []
        for addr, info in sorted(found.items()):
            if "error" in info:
                error = info["error"]
                bad.append(f"{addr} cannot run genplan's tasks ({type(error).__name__}: {error})")
            elif differences(info["fingerprint"], self.fingerprint):
                bad.append(f"{addr} runs {describe(info['fingerprint'])}")
        if bad:
            raise _mismatch(bad, self.fingerprint)
        return len(found)

    def summary(self) -> str:
        """``42 Dask tasks ran on 2 workers``, for the end of a command."""
        with self._lock:
            done, workers = sum(self.ran_on.values()), len(self.ran_on)
        return f"{done} Dask task{'s' if done != 1 else ''} ran on {workers} worker{'s' if workers != 1 else ''}"

    # -- work
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
        """Evaluate ``source`` on ``items`` on the workers, a batch of tasks per Dask task.

        ``on_result`` sees every task's outcome in this process as its batch finishes; returning False
        stops the evaluation (batches not finished are cancelled). Returns whether it was stopped so.
        ``inputs`` is not sent: the workers compute the Python forms from the tasks they receive.
        """
        timeout, memory_mb = limits.timeout, limits.memory // 2**20
        calls = [(source, batch, orderings, seed, timeout, memory_mb, mode) for batch in batches(items, self.threads())]

        def done(_index: int, results: list[dict[str, Any]]) -> bool:
            going = True
            for data in results:
                outcome = TaskOutcome.from_json(data)
                if on_run is not None:
                    for record in outcome.runs:
                        on_run(outcome.task_id, record)
                going = on_result(outcome) is not False and going
            return going

        return self._map(worker_tasks.evaluate_batch, calls, "evaluate", done)

    def run_planners(
        self, requests: Sequence[PlanRequest], *, on_result: Callable[[int, dict[float, PlannerResult]], object]
    ) -> None:
        """Run each request on a worker (:func:`genplan.planners.solve.plan_limits`, no cache there);
        ``on_result(index, results by limit)`` is called in this process as each finishes."""

        def done(index: int, results: list[list[Any]]) -> None:
            on_result(index, {float(limit): PlannerResult.from_json(data, cached=bool(cached))
                              for limit, data, cached in results})  # fmt: skip

        # Largest tasks first: a run's length grows with its task, and a long run started last leaves the other
        # workers idle at the end of the sweep (longest-processing-time-first scheduling).
        priorities = [r.task.size for r in requests]
        self._map(worker_tasks.plan_limits, [(r,) for r in requests], "plan", done, priorities=priorities)

    def _map(
        self,
        fn: Callable[..., Any],
        calls: Sequence[tuple],
        name: str,
        on_result: Callable,
        priorities: Sequence[int] | None = None,
    ) -> bool:
        """``fn(fingerprint, *call)`` for every call as Dask tasks; ``on_result(index, result)`` here as each
        finishes. Returns True when ``on_result`` returned False (the rest is cancelled). A higher priority
        starts earlier (Dask's own order otherwise: submission order)."""
        if not calls:
            return False
        from distributed import as_completed

        token = uuid.uuid4().hex[:12]
        futures: list[Any] = []
        try:
            for i, call in enumerate(calls):
                key = f"genplan-{name}-{token}-{i}"
                priority = priorities[i] if priorities is not None else 0
                futures.append(self.client.submit(fn, self.fingerprint, *call, key=key, pure=False, priority=priority))
            index = {f.key: i for i, f in enumerate(futures)}
            for future in as_completed(futures, loop=self.client.loop):
                answer = self._answer(future)
                with self._lock:
                    self.ran_on[answer["worker"]] += 1
                    self.pids.setdefault(answer["worker"], set()).add(int(answer["pid"]))
                if on_result(index[future.key], answer["result"]) is False:
                    return True
            return False
        except ClusterError:
            raise
        except Exception as exc:
            if self.lost():
                raise self._lost(exc) from None
            raise
        finally:
            pending = [f for f in futures if not f.done()]
            if pending and not self.lost():
                with contextlib.suppress(Exception):
                    self.client.cancel(pending)

    def _answer(self, future: Any) -> dict[str, Any]:
        from distributed.client import FutureCancelledError
        from distributed.scheduler import KilledWorker

        try:
            return future.result()
        except VersionMismatch as exc:
            raise _mismatch([f"{exc.worker} runs {describe(exc.found)}"], exc.expected) from None
        except KilledWorker as exc:
            raise ClusterError(
                f"A genplan task killed every Dask worker that ran it ({exc}); Dask gave up on it.",
                hint="Look at the workers' logs: a worker's memory limit below what a planner or program may use "
                "(--memory) is the usual cause.",
            ) from None
        except (FutureCancelledError, TimeoutError, OSError) as exc:
            if self.lost():
                raise self._lost(exc) from None
            raise
        except ImportError as exc:
            raise ClusterError(
                f"A Dask worker cannot load genplan's task code ({type(exc).__name__}: {exc}).",
                hint="Every worker needs the same genplan as this machine: install it where the workers run, or start "
                "them from the same environment.",
            ) from None

    def lost(self) -> bool:
        """True once the connection to the scheduler is gone."""
        return self.client.status not in {"running", "newly-created"}

    def _lost(self, exc: BaseException) -> ClusterLost:
        said = " ".join(str(exc).split())
        why = "" if "scheduler-connection-lost" in said else f" ({type(exc).__name__}: {said[:200]})"
        return ClusterLost(
            f"Lost the connection to the Dask scheduler at {self.address}{why}, so the command stopped.",
            hint="Everything that finished before is in genplan's caches: once the scheduler runs again, run the same "
            "command and it continues from there.",
        )

    # -- lifecycle
    def close(self) -> None:
        """Close the client, and the cluster if this process started it (its workers and jobs end)."""
        lost = self.lost()
        with _quiet(logging.CRITICAL):
            with contextlib.suppress(Exception):
                self.client.close(timeout=2 if lost else 10)
            if self._owned is not None:
                with contextlib.suppress(Exception):
                    self._owned.close(timeout=10)


def _mismatch(lines: Sequence[str], driver: dict[str, str]) -> ClusterError:
    return ClusterError(
        f"Refusing Dask workers that run another genplan than this machine, which runs {describe(driver)}: "
        f"{'; '.join(lines)}.",
        hint="Their results would be filed under this version's cache keys. Install this genplan where the workers run "
        "(or start them from this environment), restart them, and run the command again.",
    )


@contextlib.contextmanager
def _quiet(level: int) -> Iterator[None]:
    """Dask's own log lines below ``level`` are not printed while a command runs (its client logs every
    reconnection attempt with a traceback: genplan reports a lost scheduler itself, in one paragraph)."""
    names = ["distributed", *(n for n in list(logging.root.manager.loggerDict) if n.startswith("distributed."))]
    saved = {name: logging.getLogger(name).level for name in names}
    for name in names:
        floor = logging.CRITICAL if name.startswith("distributed.client") else level
        logging.getLogger(name).setLevel(max(floor, saved[name]))
    try:
        yield
    finally:
        for name, before in saved.items():
            logging.getLogger(name).setLevel(before)


@contextlib.contextmanager
def open_cluster(options: ClusterOptions, *, notify: Callable[[str], object] | None = None) -> Iterator[Cluster | None]:
    """The cluster ``options`` ask for, for the duration of a command; ``None`` for the local executor.

    ``notify`` receives one-line notes for the user (what was started, where the dashboard is). What was
    started here is stopped on the way out, whatever happened.
    """
    options = options.check()
    if not options.enabled:
        yield None
        return
    say = notify or (lambda _text: None)
    with _quiet(logging.ERROR):
        cluster = _connect(options, say)
        try:
            if options.dashboard:
                link = cluster.dashboard
                say(f"dashboard: {link}" if link else f"dashboard: the scheduler at {cluster.address} serves none")
            yield cluster
        finally:
            cluster.close()


@contextlib.contextmanager
def open_backend(
    options: ClusterOptions, *, jobs: int | None = None, notify: Callable[[str], object] | None = None
) -> Iterator[Backend]:
    """The factory of backends: the Dask cluster ``options`` ask for, else this machine's
    :class:`~genplan.execute.backend.LocalBackend` with ``jobs`` at a time. Callers get a
    :class:`~genplan.execute.backend.Backend` and never import an implementation; what was started here
    is stopped on the way out."""
    with open_cluster(options, notify=notify) as cluster:
        if cluster is not None:
            yield cluster
            return
        with LocalBackend(jobs=jobs) as local:
            yield local


def _connect(options: ClusterOptions, say: Callable[[str], object]) -> Cluster:
    if options.dashboard and options.kind is not None:
        _need_bokeh()
    if options.scheduler is not None:
        return _existing(options.scheduler, say)
    if options.kind == LOCAL:
        return _local(options.workers, options.dashboard, say)
    return _batch(options, say)


def _need_bokeh() -> None:
    import importlib.util

    if importlib.util.find_spec("bokeh") is None:
        raise ClusterError(
            "--dashboard needs bokeh, which serves Dask's dashboard, and it is not installed here.",
            hint="Install genplan's cluster extra: pip install 'genplan[cluster]', or drop --dashboard.",
        )


def _refused(address: str) -> OSError | None:
    """The error of a plain TCP connection to ``address`` when it is refused at once (nothing listens there),
    so that a wrong port is reported now rather than after Dask's connection timeout."""
    import socket
    from urllib.parse import urlsplit

    parts = urlsplit(address)
    if parts.scheme not in {"tcp", "tls"} or parts.hostname is None or parts.port is None:
        return None
    try:
        with socket.create_connection((parts.hostname, parts.port), timeout=5):
            return None
    except (ConnectionRefusedError, socket.gaierror) as exc:
        return exc
    except OSError:
        return None  # slow or filtered: let Dask try, with its own timeout


def _existing(address: str, say: Callable[[str], object]) -> Cluster:
    from distributed import Client

    refused = _refused(address)
    if refused is not None:
        raise ClusterError(
            f"No Dask scheduler answers at {address} ({refused.strerror or refused}).",
            hint=f"Start one with `dask scheduler` and workers with `dask worker {address}`, or check the address.",
        )
    try:
        client = Client(address, timeout=CONNECT_TIMEOUT, set_as_default=False)
    except (OSError, TimeoutError) as exc:
        raise ClusterError(
            f"No Dask scheduler answers at {address} ({type(exc).__name__}: {exc}).",
            hint=f"Start one with `dask scheduler` and workers with `dask worker {address}`, or check the address.",
        ) from None
    cluster = Cluster(client, kind="scheduler")
    try:
        workers = cluster.check_workers()
    except BaseException:
        cluster.close()
        raise
    if workers:
        threads = cluster.threads()
        say(f"cluster: the scheduler at {address} with {workers} worker{'s' if workers != 1 else ''} "
            f"({threads} thread{'s' if threads != 1 else ''})")  # fmt: skip
    else:
        say(f"cluster: the scheduler at {address} has no workers yet; tasks wait until one joins "
            f"(dask worker {address})")  # fmt: skip
    return cluster


def _local(workers: int | None, dashboard: bool, say: Callable[[str], object]) -> Cluster:
    import dask
    from distributed import Client, LocalCluster

    from genplan.execute.pool import default_jobs

    n = workers or default_jobs()
    # The scheduler's web server always runs (health, metrics): on this machine only, on a free port.
    address = "127.0.0.1:0"
    quiet = {k: v for k, v in LOCAL_CLUSTER_SETTINGS.items() if not (dashboard and "profile" in k)}
    try:
        with dask.config.set(quiet):
            local = LocalCluster(
                n_workers=n, threads_per_worker=1, processes=True, host="127.0.0.1", silence_logs=logging.ERROR,
                dashboard_address=address if dashboard else None, scheduler_kwargs={"dashboard_address": address},
            )  # fmt: skip
    except Exception as exc:
        raise ClusterError(f"The local Dask cluster did not start ({type(exc).__name__}: {exc}).") from None
    client = Client(local, set_as_default=False)
    cluster = Cluster(client, kind=LOCAL, owned=local, threads=n)
    try:
        client.wait_for_workers(n, timeout=START_TIMEOUT)
        cluster.check_workers()
    except BaseException:
        cluster.close()
        raise
    say(f"cluster: {n} local worker process{'es' if n != 1 else ''} (scheduler {cluster.address})")
    return cluster


def _batch(options: ClusterOptions, say: Callable[[str], object]) -> Cluster:
    from distributed import Client

    from genplan.cluster.jobqueue import job_settings, jobqueue_class, start_jobqueue

    kind = str(options.kind)
    jobqueue_class(kind)  # a missing dask-jobqueue is named before the settings are read
    settings = job_settings(kind, options.config_file)
    started = start_jobqueue(kind, settings, dashboard=options.dashboard)
    workers = int(options.workers or 1)
    try:
        started.scale(n=workers)
        client = Client(started, set_as_default=False)
    except BaseException:
        with contextlib.suppress(Exception):
            started.close()
        raise
    # dask-jobqueue picks the worker processes per job when the settings do not say (about sqrt(cores)).
    job = getattr(started, "_dummy_job", None)
    processes = int(getattr(job, "worker_processes", 0) or settings.get("processes") or 1)
    threads = workers * max(1, int(settings["cores"]) // processes)
    cluster = Cluster(client, kind=kind, owned=started, threads=threads)
    jobs = math.ceil(workers / processes)
    say(f"cluster: {workers} {kind} worker{'s' if workers != 1 else ''} in {jobs} job{'s' if jobs != 1 else ''} "
        f"(scheduler {cluster.address}); tasks start as the jobs do")  # fmt: skip
    return cluster
