"""Sweeps: every (domain, configuration, seed) of an experiment, run with bounded concurrency.

A sweep is a list of ordinary synthesis runs; each writes its usual run directory, so everything
`genplan inspect` and `genplan report` do with one run works on a sweep's runs. Why this module exists
rather than a shell loop:

- **Resumable at two levels.** A run whose ``run.json`` says it finished (with its held-out evaluation
  when one was asked for) is not started again; an unfinished one is continued, replaying its paid
  calls from the LLM cache.
- **Bounded concurrency.** LLM calls are slow and CPU is scarce: ``parallel`` runs are in flight at
  once (so at most that many LLM requests are pending), while a shared semaphore lets only
  ``parallel_evals`` program evaluations use the CPU at the same time.
- **One failure is one failed run.** A provider outage or a budget cap ends that run with its reason
  and the sweep goes on; errors that would fail every run (a missing API key, an unknown model) stop
  the sweep at once. Ctrl-C stops every run at its next call or stage, keeping all that finished.

A manifest (``<cache>/sweeps/<sweep-id>.json``) lists the runs and their outcomes, for reports.
"""

from __future__ import annotations

import hashlib
import json
import threading
import time
from collections.abc import Callable, Sequence
from concurrent.futures import FIRST_COMPLETED, Future, ThreadPoolExecutor, wait
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import TYPE_CHECKING, Any

from genplan.core.errors import GenplanError
from genplan.core.files import atomic_write
from genplan.core.paths import cache_root
from genplan.protocols.config import Config, load_config, make_run_id
from genplan.runs import runs_root

if TYPE_CHECKING:
    from genplan.execute.backend import Backend


def fatal_for_sweep(exc: BaseException) -> bool:
    """Errors that would fail every run of the sweep the same way: stop instead of repeating them."""
    from genplan.benchmarks.suites import SuiteError
    from genplan.llm.errors import ApiBaseError, AuthenticationError, UnknownModel
    from genplan.protocols.config import ConfigError

    return isinstance(exc, (AuthenticationError, UnknownModel, ApiBaseError, ConfigError, SuiteError))


#: Builds the LLM client of one run (tests pass a scripted one); ``log`` is the run's call log path.
LLMFactory = Callable[[Config, Path], Any]


class SweepError(GenplanError):
    """A sweep that cannot start (no domains, an unknown preset) or that had to stop."""


@dataclass(frozen=True)
class SweepItem:
    """One run of a sweep."""

    domain: str
    preset: str
    seed: int

    @property
    def label(self) -> str:
        return f"{self.domain} {self.preset} seed {self.seed}"


@dataclass(frozen=True)
class SweepResult:
    """How one run of the sweep ended; ``status`` is the run's (done, no-program, stopped, crashed), or
    ``failed`` when it raised a user-facing error, or ``not started``."""

    item: SweepItem
    status: str
    run_dir: str | None = None
    reused: bool = False
    coverage: float | None = None
    heldout_solved: int | None = None
    heldout_total: int | None = None
    debug_solved: int | None = None
    debug_total: int | None = None
    paid_calls: int = 0
    cost: float | None = 0.0
    wall_time: float = 0.0
    message: str = ""

    def to_json(self) -> dict[str, Any]:
        return {
            "domain": self.item.domain,
            "preset": self.item.preset,
            "seed": self.item.seed,
            "status": self.status,
            "run_dir": self.run_dir,
            "reused": self.reused,
            "coverage": self.coverage,
            "heldout_solved": self.heldout_solved,
            "heldout_total": self.heldout_total,
            "debug_solved": self.debug_solved,
            "debug_total": self.debug_total,
            "paid_calls": self.paid_calls,
            "cost": self.cost,
            "wall_time_s": round(self.wall_time, 3),
            "message": self.message,
        }


@dataclass(frozen=True)
class SweepSpec:
    """What to run and how; every run's configuration is its preset plus these shared overrides."""

    domains: tuple[str, ...]
    presets: tuple[str, ...]
    seeds: tuple[int, ...]
    suite: str | None = None
    config_file: str | None = None
    overrides: dict[str, Any] = field(default_factory=dict)
    heldout: bool = True

    def items(self) -> list[SweepItem]:
        """Domain-major order, so a partial sweep already fills whole rows of the report."""
        return [SweepItem(d, p, s) for d in self.domains for p in self.presets for s in self.seeds]

    def config(self, item: SweepItem) -> Config:
        return load_config(item.preset, self.config_file, **{**self.overrides, "seed": item.seed})

    @property
    def sweep_id(self) -> str:
        payload = {
            "domains": self.domains,
            "presets": self.presets,
            "seeds": self.seeds,
            "suite": self.suite,
            "config_file": self.config_file,
            # How many calls go out at once changes no run, so it is not part of the sweep's identity.
            "overrides": {k: v for k, v in sorted(self.overrides.items()) if v is not None and k != "llm_concurrency"},
            "heldout": self.heldout,
        }
        digest = hashlib.sha256(json.dumps(payload, sort_keys=True, default=str).encode()).hexdigest()[:10]
        return f"sweep-{digest}"


def finished(run_dir: Path, heldout: bool) -> dict[str, Any] | None:
    """The run's ``run.json`` if the run is complete (held-out evaluation included when asked for)."""
    try:
        info = json.loads((run_dir / "run.json").read_text())
    except (FileNotFoundError, json.JSONDecodeError):
        return None
    if info.get("status") == "no-program":
        return info
    if info.get("status") != "done":
        return None
    if heldout and not (run_dir / "5-heldout.json").exists():
        return None
    return info


def _usage_totals(run_dir: Path) -> tuple[int, float | None]:
    try:
        total = json.loads((run_dir / "usage.json").read_text()).get("total") or {}
    except (FileNotFoundError, json.JSONDecodeError):
        return 0, 0.0
    return int(total.get("paid_calls", 0)), total.get("cost")


def _from_info(item: SweepItem, run_dir: Path, info: dict[str, Any], *, reused: bool, wall: float) -> SweepResult:
    paid, cost = _usage_totals(run_dir)
    return SweepResult(
        item=item,
        status=info.get("status", "unknown"),
        run_dir=str(run_dir),
        reused=reused,
        coverage=info.get("coverage"),
        heldout_solved=info.get("heldout_solved"),
        heldout_total=info.get("heldout_total"),
        debug_solved=info.get("debug_solved"),
        debug_total=info.get("debug_total"),
        paid_calls=paid,
        cost=cost,
        wall_time=wall,
        message=info.get("message", ""),
    )


class _Stop(KeyboardInterrupt):
    """Raised inside a run's thread once the sweep was interrupted."""


class _StoppableClient:
    """Wraps a run's LLM client so that an interrupted sweep stops each run before its next call."""

    def __init__(self, inner: Any, stop: threading.Event) -> None:
        self._inner = inner
        self._stop = stop

    def chat(self, *args: Any, **kwargs: Any) -> Any:
        if self._stop.is_set():
            raise _Stop()
        return self._inner.chat(*args, **kwargs)

    def __getattr__(self, name: str) -> Any:
        return getattr(self._inner, name)


def default_llm_factory(cache_dir: str | Path | None) -> LLMFactory:
    from genplan.llm import client_from_config

    return lambda cfg, log: client_from_config(cfg, cache_dir=cache_dir, log_path=log)


def run_sweep(
    spec: SweepSpec,
    *,
    cache_dir: str | Path | None = None,
    parallel: int = 2,
    parallel_evals: int = 1,
    jobs: int | None = None,
    make_llm: LLMFactory | None = None,
    on_result: Callable[[SweepResult], None] | None = None,
    on_start: Callable[[SweepItem], None] | None = None,
    cluster: Backend | None = None,
) -> list[SweepResult]:
    """Run every item of ``spec`` (finished ones are reused), ``parallel`` at a time.

    Returns one result per item, in the spec's order; writes the manifest after every run. With a Dask
    ``cluster``, every run's program evaluations and checks run on its workers (``parallel_evals`` then
    bounds how many are sent at once; the LLM calls, caches and run folders stay here).
    """
    from genplan.benchmarks.registry import resolve_suite
    from genplan.protocols.synthesize import synthesize

    if parallel < 1 or parallel_evals < 1:
        raise SweepError("--parallel and --parallel-evals must be at least 1.")
    items = spec.items()
    if not items:
        raise SweepError("The sweep is empty: give at least one domain, configuration and seed.")
    # Resolve everything up front: a typo in a preset or a missing suite fails before any call is paid.
    configs = {item: spec.config(item) for item in items}
    suites = {d: resolve_suite(d, spec.suite, cache_dir) for d in spec.domains}
    make_llm = make_llm or default_llm_factory(cache_dir)
    gate = threading.BoundedSemaphore(parallel_evals)
    stop = threading.Event()
    fatal: list[BaseException] = []
    results: dict[SweepItem, SweepResult] = {}
    lock = threading.Lock()
    manifest = cache_root(cache_dir) / "sweeps" / f"{spec.sweep_id}.json"

    from genplan.execute.provenance import provenance

    # Each run's limits (time, memory, orderings) are its preset's, recorded per run in its folder; the manifest
    # records them too, per preset, with the versions that ran the sweep.
    made_by = provenance(limits={p: {"timeout_s": c.timeout, "memory_mb": c.memory_mb, "orderings": c.orderings}
                                for p, c in sorted({i.preset: configs[i] for i in items}.items())})  # fmt: skip

    def save() -> None:
        doc = {
            "provenance": made_by,
            "sweep_id": spec.sweep_id,
            "domains": list(spec.domains),
            "presets": list(spec.presets),
            "seeds": list(spec.seeds),
            "suite": spec.suite,
            "overrides": {k: v for k, v in sorted(spec.overrides.items()) if v is not None},
            "runs": [results[i].to_json() if i in results else {**_pending(i)} for i in items],
        }
        atomic_write(manifest, json.dumps(doc, indent=2) + "\n")

    def one(item: SweepItem) -> SweepResult:
        cfg, suite = configs[item], suites[item.domain]
        run_dir = runs_root(cache_dir) / suite.domain_name / make_run_id(cfg, suite.name)
        started = time.monotonic()
        info = finished(run_dir, spec.heldout)
        if info is not None:
            return _from_info(item, run_dir, info, reused=True, wall=0.0)
        if stop.is_set():
            return SweepResult(item, "not started", message="the sweep was stopped first")
        if on_start:
            on_start(item)
        llm = _StoppableClient(make_llm(cfg, run_dir / "calls.jsonl"), stop)

        def progress(_event: str, _info: dict[str, Any]) -> None:
            if stop.is_set():
                raise _Stop()

        try:
            outcome = synthesize(
                suite,
                cfg,
                llm,
                cache_dir=cache_dir,
                jobs=jobs,
                progress=progress,
                heldout=spec.heldout,
                cpu_gate=gate,
                cluster=cluster,
            )
        except KeyboardInterrupt:
            return SweepResult(item, "stopped", str(run_dir), message="interrupted; rerun the sweep to continue")
        except GenplanError as exc:
            if fatal_for_sweep(exc):
                fatal.append(exc)
                stop.set()
            paid, cost = _usage_totals(run_dir)
            wall = time.monotonic() - started
            return SweepResult(item, "failed", str(run_dir), paid_calls=paid, cost=cost, wall_time=wall,
                               message=exc.render())  # fmt: skip
        info = json.loads((run_dir / "run.json").read_text())
        return _from_info(item, outcome.run.root, info, reused=False, wall=time.monotonic() - started)

    def record(item: SweepItem, result: SweepResult) -> None:
        with lock:
            results[item] = result
            save()
        if on_result:
            on_result(result)

    pool = ThreadPoolExecutor(max_workers=parallel, thread_name_prefix="sweep")
    futures: dict[Future, SweepItem] = {pool.submit(one, item): item for item in items}
    pending = set(futures)
    try:
        while pending:
            done, pending = wait(pending, timeout=0.5, return_when=FIRST_COMPLETED)
            for fut in done:
                record(futures[fut], fut.result())
    except KeyboardInterrupt:
        stop.set()
        for fut in pending:
            fut.cancel()
        for fut in pending:
            if not fut.cancelled():
                record(futures[fut], fut.result())
        raise
    finally:
        pool.shutdown(wait=True, cancel_futures=True)
        with lock:
            save()
    if fatal:
        raise fatal[0]
    return [results[i] for i in items]


def _pending(item: SweepItem) -> dict[str, Any]:
    return {"domain": item.domain, "preset": item.preset, "seed": item.seed, "status": "pending"}


def manifest_path(sweep_id: str, cache_dir: str | Path | None = None) -> Path:
    return cache_root(cache_dir) / "sweeps" / f"{sweep_id}.json"


def load_manifest(path: str | Path) -> dict[str, Any]:
    """A sweep manifest, with a clear error when it is missing or corrupt."""
    p = Path(path)
    try:
        return json.loads(p.read_text())
    except FileNotFoundError:
        raise SweepError(f"No sweep manifest at {p}.", hint="List them in <cache>/sweeps/.") from None
    except json.JSONDecodeError as exc:
        raise SweepError(f"The sweep manifest {p} is not valid JSON ({exc.msg}).") from None


def plan_summary(spec: SweepSpec, cache_dir: str | Path | None = None) -> list[dict[str, Any]]:
    """For ``--dry-run``: each item's run directory, whether it is finished, and its most LLM calls."""
    from genplan.benchmarks.registry import resolve_suite

    rows = []
    suites = {d: resolve_suite(d, spec.suite, cache_dir) for d in spec.domains}
    for item in spec.items():
        cfg, suite = spec.config(item), suites[item.domain]
        run_dir = runs_root(cache_dir) / suite.domain_name / make_run_id(cfg, suite.name)
        rows.append(
            {
                "item": item,
                "run_dir": run_dir,
                "finished": finished(run_dir, spec.heldout) is not None,
                "max_calls": cfg.max_llm_calls(len(suite.split.debug)),
            }
        )
    return rows


def with_domains(spec: SweepSpec, domains: Sequence[str]) -> SweepSpec:
    return replace(spec, domains=tuple(domains))
