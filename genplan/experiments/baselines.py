"""Symbolic baselines: Fast Downward on a suite's held-out tasks, the paper's planner columns.

One result file per (suite, domain, planner, time limit), at
``<cache root>/baselines/<suite>/<domain>/<planner>-<limit>s.json`` (format ``genplan-baseline/1``),
holding per task the planner's status, time, plan length and peak memory. The report reads these files
with :func:`load_baselines`.

Why it is built this way:

- **Resumable for free.** Every planner result except ``"error"`` is already cached by
  :func:`genplan.planners.plan`, keyed by the task's text, the configuration and the limits. A rerun
  (after Ctrl-C, or to add a domain) reads those entries back and only runs what is missing; the result
  file of a (domain, planner, limit) is written once all its tasks are known.
- **A larger limit reuses a smaller one's answer.** The searches are deterministic and do not depend on
  their time limit, so a task solved (or proved unsolvable, or out of memory) within 45 s has the same
  outcome within 1800 s. Limits are run in increasing order, and only the tasks that timed out under the
  smaller limit are run again; the reuse is recorded per task (``reused_from_limit``).
- **One path, any backend.** The cache is read here; each (domain, planner, task) the cache cannot answer
  becomes one planner request that runs its limits in increasing order on a
  :class:`~genplan.execute.backend.Backend`, and what comes back is cached here. Locally that is ``jobs``
  planner processes at most, each under the memory limit (with ``jobs=1``, the default, times are
  measured on an otherwise idle core, as the paper's were); on a Dask cluster (``cluster``), one Dask
  task per request. The result files are the same.
"""

from __future__ import annotations

import contextlib
import json
import os
import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

from genplan.benchmarks.suites import Suite
from genplan.core.errors import GenplanError
from genplan.core.options import positive_numbers, split_list
from genplan.core.paths import cache_root
from genplan.planners import LIMIT_INDEPENDENT, PLANNERS, PlannerResult

if TYPE_CHECKING:
    from genplan.execute.backend import Backend
    from genplan.pddl.model import Task

FORMAT = "genplan-baseline/1"
#: Which of a suite's tasks a baseline runs on.
SPLITS = ("heldout", "debug", "all")
#: The paper's memory limit for its baselines (8 GB).
DEFAULT_MEMORY_MB = 8192


# ------------------------------------------------------------------------------------------------ data
@dataclass(frozen=True)
class BaselineTask:
    """One task's outcome under one planner and time limit."""

    task_id: str
    status: str
    time_s: float
    plan_length: int | None
    peak_memory_kb: int | None
    objects: int
    #: The smaller time limit whose result was reused (``None``: run under this limit, or read from the cache).
    reused_from_limit: float | None = None
    #: Why, for an error (empty otherwise).
    message: str = ""

    @property
    def solved(self) -> bool:
        return self.status == "solved"

    def to_json(self) -> dict[str, Any]:
        data: dict[str, Any] = {
            "task_id": self.task_id,
            "status": self.status,
            "time_s": self.time_s,
            "plan_length": self.plan_length,
            "peak_memory_kb": self.peak_memory_kb,
            "objects": self.objects,
        }
        if self.reused_from_limit is not None:
            data["reused_from_limit"] = self.reused_from_limit
        if self.message:
            data["message"] = self.message
        return data

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> BaselineTask:
        reused = data.get("reused_from_limit")
        return cls(
            task_id=str(data["task_id"]),
            status=str(data["status"]),
            time_s=float(data["time_s"]),
            plan_length=None if data.get("plan_length") is None else int(data["plan_length"]),
            peak_memory_kb=None if data.get("peak_memory_kb") is None else int(data["peak_memory_kb"]),
            objects=int(data.get("objects", 0)),
            reused_from_limit=None if reused is None else float(reused),
            message=str(data.get("message", "")),
        )


@dataclass(frozen=True)
class BaselineSet:
    """A planner under one time limit on one domain's tasks of a suite: the content of one result file."""

    domain: str
    suite: str
    planner: str
    time_limit: float
    memory_limit_mb: int
    split: str
    tasks: tuple[BaselineTask, ...]
    fd_version: str = ""
    #: Where the set was read from or written to.
    path: Path | None = field(default=None, compare=False)

    @property
    def solved(self) -> int:
        return sum(t.solved for t in self.tasks)

    @property
    def total(self) -> int:
        return len(self.tasks)

    @property
    def coverage(self) -> float:
        return self.solved / self.total if self.total else 0.0

    @property
    def label(self) -> str:
        """``ff 45s``: how tables name the column."""
        return f"{self.planner} {self.time_limit:g}s"

    def by_task(self) -> dict[str, BaselineTask]:
        return {t.task_id: t for t in self.tasks}

    def to_json(self) -> dict[str, Any]:
        return {
            "format": FORMAT,
            "domain": self.domain,
            "suite": self.suite,
            "planner": self.planner,
            "time_limit": self.time_limit,
            "memory_limit_mb": self.memory_limit_mb,
            "split": self.split,
            "fd_version": self.fd_version,
            "tasks": [t.to_json() for t in self.tasks],
            "solved": self.solved,
            "total": self.total,
        }

    @classmethod
    def from_json(cls, data: dict[str, Any], path: Path | None = None) -> BaselineSet:
        if data.get("format") != FORMAT:
            raise ValueError(f"not a {FORMAT} file (format {data.get('format')!r})")
        return cls(
            domain=str(data["domain"]),
            suite=str(data["suite"]),
            planner=str(data["planner"]),
            time_limit=float(data["time_limit"]),
            memory_limit_mb=int(data["memory_limit_mb"]),
            split=str(data.get("split", "heldout")),
            tasks=tuple(BaselineTask.from_json(t) for t in data["tasks"]),
            fd_version=str(data.get("fd_version", "")),
            path=path,
        )


# ------------------------------------------------------------------------------------- arguments
def parse_planners(text: str | Sequence[str]) -> tuple[str, ...]:
    """``"lmcut,ff"`` -> ``("lmcut", "ff")``, each a known configuration, no repeats."""
    names = split_list(text)
    if not names:
        raise GenplanError("No planner given.", hint=f"Pass e.g. --planners lmcut,ff (known: {', '.join(PLANNERS)}).")
    unknown = [n for n in names if n not in PLANNERS]
    if unknown:
        raise GenplanError(
            f"Unknown planner(s): {', '.join(repr(n) for n in unknown)}.",
            hint=f"Choose from: {', '.join(PLANNERS)} (lmcut is optimal, the others satisficing).",
        )
    return tuple(dict.fromkeys(names))


def parse_time_limits(text: str | Sequence[str | float]) -> tuple[float, ...]:
    """``"45,1800"`` (or ``"45s"``) -> ``(45.0, 1800.0)``: positive seconds, sorted, no repeats."""
    return positive_numbers(
        text, lambda item: float(item.removesuffix("s")), "time limit", "a positive number of seconds",
        "--planner-time-limit 45,1800",
    )  # fmt: skip


def suite_label(suite: str | Path | None, cache_dir: str | Path | None = None) -> str:
    """The name result files are filed under: ``builtin``, a registered suite's name, or a folder's name.

    A folder that is one domain's suite is filed under its parent's name (``.../genplan17/ferry`` ->
    ``genplan17``), so one dataset gets one label whichever way it is passed.
    """
    if suite is None or str(suite) == "builtin":
        return "builtin"
    from genplan.benchmarks.registry import load_registry
    from genplan.benchmarks.suites import is_suite_dir

    with contextlib.suppress(GenplanError):
        if str(suite) in load_registry(cache_dir):
            return _safe(str(suite))
    path = Path(suite).expanduser()
    if path.is_dir():
        path = path.resolve()
        if is_suite_dir(path) and path.parent.name:
            return _safe(path.parent.name)
        return _safe(path.name)
    return _safe(str(suite))


def _safe(name: str) -> str:
    """A file-system-safe label (a registered name may hold any character)."""
    return re.sub(r"[^A-Za-z0-9._+-]+", "-", name).strip("-") or "suite"


def suite_domains(suite: str | Path | None = None, cache_dir: str | Path | None = None) -> list[str]:
    """Every domain of a suite (``--domains all``), sorted."""
    from genplan.benchmarks.registry import builtin_domains, load_registry
    from genplan.benchmarks.suites import is_suite_dir

    if suite is None or str(suite) == "builtin":
        return builtin_domains()
    registry = load_registry(cache_dir)
    if str(suite) in registry:
        return sorted(registry[str(suite)].domains)
    path = Path(suite).expanduser()
    if is_suite_dir(path):
        return [path.resolve().name]
    if path.is_dir():
        return sorted(p.name for p in path.iterdir() if is_suite_dir(p))
    from genplan.benchmarks.registry import resolve_suite

    resolve_suite("-", suite, cache_dir)  # raises the registry's helpful "unknown suite" error
    return []


def task_ids(suite: Suite, split: str) -> tuple[str, ...]:
    """The suite's task ids of ``split``, in natural order (instance-2 before instance-10)."""
    if split == "heldout":
        ids = suite.split.heldout
    elif split == "debug":
        ids = suite.split.debug
    elif split == "all":
        ids = tuple(t for t, _ in suite.problems)
    else:
        raise GenplanError(f"Unknown split {split!r}.", hint=f"Use one of: {', '.join(SPLITS)}.")
    return tuple(sorted(ids, key=natural_key))


def natural_key(task_id: str) -> tuple:
    """Sort key putting instance-2 before instance-10."""
    return tuple((0, int(p), "") if p.isdigit() else (1, 0, p) for p in re.split(r"(\d+)", task_id))


# ------------------------------------------------------------------------------------------- files
def baselines_root(cache_dir: str | Path | None = None) -> Path:
    return cache_root(cache_dir) / "baselines"


def baseline_path(
    suite: str,
    domain: str,
    planner: str,
    time_limit: float,
    cache_dir: str | Path | None = None,
    split: str = "heldout",
) -> Path:
    """``<cache>/baselines/<suite>/<domain>/<planner>-<limit>s.json`` (other splits get a ``-<split>`` suffix)."""
    suffix = "" if split == "heldout" else f"-{split}"
    return baselines_root(cache_dir) / suite / domain / f"{planner}-{time_limit:g}s{suffix}.json"


def write_baseline(result: BaselineSet, cache_dir: str | Path | None = None) -> Path:
    """Write one set's file atomically; returns its path."""
    from genplan.core.files import atomic_write
    from genplan.execute.provenance import provenance

    path = baseline_path(result.suite, result.domain, result.planner, result.time_limit, cache_dir, result.split)
    record = provenance(limits={"planner": result.planner, "time_limit_s": result.time_limit,
                                "memory_mb": result.memory_limit_mb, "split": result.split})  # fmt: skip
    if result.fd_version:  # the planner that computed the results, which a cache hit may predate
        record["versions"]["fast_downward"] = result.fd_version
    atomic_write(path, json.dumps({"provenance": record} | result.to_json(), indent=1) + "\n")
    return path


def load_baselines(
    cache_dir: str | Path | None = None, suite: str | Path | None = None, split: str | None = "heldout"
) -> list[BaselineSet]:
    """Every stored baseline set (of ``suite`` when given, as a label or as ``--suite`` takes it).

    Sorted by suite, domain, planner and time limit. Files that are not baseline results (or are
    corrupt) are skipped: a report should not fail on one stray file. ``split=None`` loads every split.
    """
    root = baselines_root(cache_dir)
    if not root.is_dir():
        return []
    wanted = None
    if suite is not None:
        wanted = {str(suite), suite_label(suite, cache_dir)}
    sets = []
    for path in sorted(root.glob("*/*/*.json")):
        try:
            data = json.loads(path.read_text())
            found = BaselineSet.from_json(data, path)
        except (OSError, ValueError, KeyError, TypeError):
            continue
        if wanted is not None and found.suite not in wanted:
            continue
        if split is not None and found.split != split:
            continue
        sets.append(found)
    return sorted(sets, key=lambda s: (s.suite, s.domain, PLANNER_ORDER.get(s.planner, 99), s.planner, s.time_limit))


PLANNER_ORDER = {name: i for i, name in enumerate(PLANNERS)}


# --------------------------------------------------------------------------------------------- run
#: Called after each (domain, planner, limit, task) outcome is known; ``cached`` when no planner ran.
OnTask = Callable[[str, str, float, BaselineTask, bool], object]


def run_baselines(
    domains: Sequence[str],
    planners: Sequence[str],
    time_limits: Sequence[float],
    *,
    suite: str | Path | None = None,
    split: str = "heldout",
    memory_limit_mb: int = DEFAULT_MEMORY_MB,
    jobs: int = 1,
    cache_dir: str | Path | None = None,
    on_task: OnTask | None = None,
    on_set: Callable[[BaselineSet], object] | None = None,
    cluster: Backend | None = None,
) -> list[BaselineSet]:
    """Run every planner under every time limit on every domain's tasks; write and return the sets.

    Every argument is checked (planners, limits, split, suites) before the first planner starts. The
    sets come back in the order domain, planner, time limit; each file is written as soon as its last
    task is known (``on_set`` is then called). With a ``cluster`` the planners run on its workers
    (``jobs`` does not apply).
    """
    from genplan.benchmarks.registry import resolve_suite

    planners = parse_planners(list(planners))
    limits = parse_time_limits(list(time_limits))
    if split not in SPLITS:
        raise GenplanError(f"Unknown split {split!r}.", hint=f"Use one of: {', '.join(SPLITS)}.")
    if not isinstance(jobs, int) or jobs < 1:
        raise GenplanError(f"--jobs must be a positive integer, not {jobs!r}.", hint="Pass e.g. --jobs 2.")
    if not memory_limit_mb > 0:
        raise GenplanError(f"The memory limit must be positive, not {memory_limit_mb} MiB.", hint="Pass e.g. 8192.")
    if not domains:
        raise GenplanError("No domain given.", hint="Pass --domains all or a list like --domains ferry,gripper.")
    label = suite_label(suite, cache_dir)
    suites = {d: resolve_suite(d, suite, cache_dir) for d in dict.fromkeys(domains)}
    ids = {d: task_ids(s, split) for d, s in suites.items()}

    from genplan.planners.downward import locate

    fd_version = locate().version
    # One work item per (domain, planner, task): its limits run in increasing order, so the larger ones
    # can reuse the smaller ones' limit-independent outcomes.
    items = [(d, p, t) for d in suites for p in planners for t in ids[d]]
    outcomes: dict[tuple[str, str, float], dict[str, BaselineTask]] = {
        (d, p, lim): {} for d in suites for p in planners for lim in limits
    }
    done: list[BaselineSet] = []
    written: set[tuple[str, str, float]] = set()

    def finish(domain: str, planner: str, limit: float) -> None:
        by_id = outcomes[(domain, planner, limit)]
        result = BaselineSet(
            domain=domain, suite=label, planner=planner, time_limit=limit, memory_limit_mb=int(memory_limit_mb),
            split=split, tasks=tuple(by_id[t] for t in ids[domain]), fd_version=fd_version,
        )  # fmt: skip
        result = _with_path(result, write_baseline(result, cache_dir))
        done.append(result)
        if on_set is not None:
            on_set(result)

    def record(domain: str, planner: str, results: list[tuple[float, BaselineTask, bool]]) -> None:
        for limit, task_result, cached in results:
            outcomes[(domain, planner, limit)][task_result.task_id] = task_result
            if on_task is not None:
                on_task(domain, planner, limit, task_result, cached)
        for limit in limits:
            key = (domain, planner, limit)
            if key not in written and len(outcomes[key]) == len(ids[domain]):
                written.add(key)
                finish(*key)

    # Domains without tasks in the split still get (empty) files, so a report shows them.
    for d in suites:
        if not ids[d]:
            for p in planners:
                for lim in limits:
                    finish(d, p, lim)

    from genplan.execute.backend import LocalBackend

    backend = cluster or LocalBackend(jobs=jobs)
    _run_on_backend(items, suites, limits, int(memory_limit_mb), cache_dir, record, backend)
    order = {(d, p, lim): i for i, (d, p, lim) in enumerate(outcomes)}
    return sorted(done, key=lambda s: order[(s.domain, s.planner, s.time_limit)])


def _with_path(result: BaselineSet, path: Path) -> BaselineSet:
    from dataclasses import replace

    return replace(result, path=path)


def _chain(
    task_id: str,
    objects: int,
    limits: Sequence[float],
    result_for: Callable[[float], PlannerResult],
) -> list[tuple[float, BaselineTask, bool]]:
    """A task's outcome under each limit, smallest first: ``result_for(limit)`` gives a limit's result, except
    after a limit-independent outcome, which every larger limit reuses."""
    out: list[tuple[float, BaselineTask, bool]] = []
    previous: tuple[float, PlannerResult] | None = None
    for limit in limits:
        if previous is not None and previous[1].status in LIMIT_INDEPENDENT:
            out.append((limit, _task_result(task_id, objects, previous[1], reused=previous[0]), True))
            continue
        result = result_for(limit)
        out.append((limit, _task_result(task_id, objects, result), result.cached))
        previous = (limit, result)
    return out


class _NotCached(Exception):
    """A limit whose result the cache does not hold (it must run on a worker)."""


def _run_on_backend(
    items: Sequence[tuple[str, str, str]],
    suites: dict[str, Suite],
    limits: Sequence[float],
    memory_limit_mb: int,
    cache_dir: str | Path | None,
    record: Callable[[str, str, list[tuple[float, BaselineTask, bool]]], None],
    backend: Backend,
) -> None:
    """Every item whose limits the cache answers is recorded at once; the others run on the backend, one
    request per item (its limits in increasing order, given the cached ones), and are cached here."""
    from genplan.planners import lookup_plan, store_plan
    from genplan.planners.solve import PlanRequest

    requests: list[PlanRequest] = []
    pending: list[tuple[str, str, str, Task]] = []
    for domain, planner, task_id in items:
        task = suites[domain].task(task_id)
        known = {}
        for limit in limits:
            hit = lookup_plan(task, planner, time_limit=limit, memory_limit_mb=memory_limit_mb, cache_dir=cache_dir)
            if hit is not None:
                known[limit] = hit

        def cached(limit: float, known: dict[float, PlannerResult] = known) -> PlannerResult:
            if limit not in known:
                raise _NotCached
            return known[limit]

        try:
            record(domain, planner, _chain(task_id, task.size, limits, cached))
        except _NotCached:
            requests.append(PlanRequest(task, planner, tuple(limits), memory_limit_mb, tuple(known.items())))
            pending.append((domain, planner, task_id, task))

    def finished(index: int, results: dict[float, PlannerResult]) -> None:
        domain, planner, task_id, task = pending[index]
        for result in results.values():
            if not result.cached:
                store_plan(task, result, cache_dir=cache_dir)
        record(domain, planner, _chain(task_id, task.size, limits, results.__getitem__))

    backend.run_planners(requests, on_result=finished)


def _task_result(task_id: str, objects: int, result: PlannerResult, reused: float | None = None) -> BaselineTask:
    return BaselineTask(
        task_id=task_id,
        status=result.status,
        time_s=round(float(result.time_s), 3),
        plan_length=result.plan_length,
        peak_memory_kb=result.peak_memory_kb,
        objects=objects,
        reused_from_limit=reused,
        message=result.message.splitlines()[0] if result.status == "error" and result.message else "",
    )


def memory_warning(jobs: int, memory_limit_mb: int) -> str | None:
    """A warning when ``jobs`` planners at their memory limit could exhaust this machine's memory."""
    try:
        total_mb = os.sysconf("SC_PAGE_SIZE") * os.sysconf("SC_PHYS_PAGES") // 2**20
    except (ValueError, OSError, AttributeError):
        return None
    if jobs * memory_limit_mb <= total_mb:
        return None
    return (
        f"{jobs} planners with {memory_limit_mb} MiB each may need more than this machine's {total_mb} MiB; "
        "a planner killed by the system counts as an error, not as a memory-out. Lower --jobs or --memory."
    )


# ----------------------------------------------------------------------------------------- display
def summary_table(sets: Sequence[BaselineSet], title: str = "Baseline coverage") -> Any:
    """A rich table: one row per domain, one column per planner and limit, ``solved/total``, and total rows.

    Too wide for the terminal (many planners and limits), it splits into one table per group of planners,
    each repeating the domain column, rather than squeezing its cells.
    """
    from rich.table import Table

    from genplan.core.terminal import FitColumns

    columns = sorted({(s.planner, s.time_limit) for s in sets}, key=lambda c: (PLANNER_ORDER.get(c[0], 99), c))
    domains = sorted({s.domain for s in sets})
    cell = {(s.domain, s.planner, s.time_limit): s for s in sets}
    table = Table(title=title, title_justify="left")
    table.add_column("domain")
    for planner, limit in columns:
        table.add_column(f"{planner} {limit:g}s", justify="right")
    totals = {c: [0, 0] for c in columns}
    for d in domains:
        row = [d]
        for c in columns:
            s = cell.get((d, *c))
            if s is None:
                row.append("-")
                continue
            totals[c][0] += s.solved
            totals[c][1] += s.total
            row.append(f"{s.solved}/{s.total}")
        table.add_row(*row)
    if len(domains) > 1:
        table.add_row("total", *(f"{n}/{of}" for n, of in (totals[c] for c in columns)), style="bold")
        table.add_row("coverage", *(f"{100 * n / max(1, of):.1f}%" for n, of in (totals[c] for c in columns)),
                      style="bold")  # fmt: skip
    planners = [p for p, _ in columns]
    return FitColumns(table, keep=1, groups=[planners.count(p) for p in dict.fromkeys(planners)])


def run_with_progress(
    domains: Sequence[str],
    planners: Sequence[str],
    time_limits: Sequence[float],
    *,
    console: Any = None,
    suite: str | Path | None = None,
    split: str = "heldout",
    cache_dir: str | Path | None = None,
    **kwargs: Any,
) -> list[BaselineSet]:
    """:func:`run_baselines` with a rich progress bar over every (domain, planner, limit, task)."""
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn

    from genplan.benchmarks.registry import resolve_suite

    planners = parse_planners(list(planners))
    limits = parse_time_limits(list(time_limits))
    total = (
        sum(len(task_ids(resolve_suite(d, suite, cache_dir), split)) for d in dict.fromkeys(domains))
        * len(planners)
        * len(limits)
    )
    columns = (TextColumn("{task.description}"), BarColumn(), MofNCompleteColumn(), TimeElapsedColumn())
    counts = {"cached": 0, "run": 0}
    with Progress(*columns, console=console, transient=True) as progress:
        bar = progress.add_task("baselines", total=total)

        def on_task(domain: str, planner: str, limit: float, result: BaselineTask, cached: bool) -> None:
            counts["cached" if cached else "run"] += 1
            progress.update(
                bar, advance=1,
                description=f"{domain} {planner} {limit:g}s ({counts['run']} run, {counts['cached']} from cache)",
            )  # fmt: skip

        return run_baselines(
            domains, planners, limits, suite=suite, split=split, cache_dir=cache_dir, on_task=on_task, **kwargs
        )
