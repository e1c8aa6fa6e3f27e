"""``genplan synthesize``: run the configured protocol on a suite and keep everything in a run folder.

The staged protocol (:mod:`genplan.protocols.staged`) is the paper's; ``auto``
(:mod:`genplan.protocols.ladder`) puts a direct program and its repairs before it (and, when those time
out, a search rung); ``search`` runs the search rung alone (:mod:`genplan.protocols.searchrung`). Both end with
:func:`genplan.protocols.conclude.conclude`.

Resuming is replay: prompts are deterministic, every LLM reply is cached before it is used, and every
program evaluation is cached by content, so running the same command again after a crash or Ctrl-C
redoes nothing that was paid for and quickly reaches the point where it stopped.
"""

from __future__ import annotations

import time
from contextlib import AbstractContextManager
from pathlib import Path
from typing import TYPE_CHECKING, Any

from genplan.benchmarks.suites import Suite
from genplan.core.errors import GenplanError
from genplan.protocols.conclude import conclude
from genplan.protocols.config import Config, make_run_id
from genplan.protocols.context import Progress, RunOutcome, build_context, quiet
from genplan.protocols.ladder import record_usage, run_ladder
from genplan.protocols.searchrung import run_search_rung
from genplan.protocols.staged import run_staged
from genplan.runs import RunDir, open_run, runs_root
from genplan.runs.summary import summary_markdown

if TYPE_CHECKING:
    from genplan.execute.backend import Backend


def synthesize(
    suite: Suite,
    config: Config,
    llm: Any,
    *,
    cache_dir: str | Path | None = None,
    jobs: int | None = None,
    progress: Progress = quiet,
    heldout: bool = True,
    cpu_gate: AbstractContextManager | None = None,
    cluster: Backend | None = None,
) -> RunOutcome:
    """Run the configured protocol on ``suite`` and save everything under the run directory.

    ``cpu_gate``, when given, is entered around every program evaluation (a sweep shares one semaphore
    between its concurrent runs so that LLM calls overlap while CPU work stays bounded). With a Dask
    ``cluster``, program evaluations and generalization checks run on its workers; the LLM, its cache
    and the run directory stay in this process."""
    started = time.monotonic()
    run_id = make_run_id(config, suite.name)
    if not (runs_root(cache_dir) / suite.domain_name / run_id / "run.json").exists():
        _preflight(llm)
    run = open_run(suite.domain_name, run_id, cache_dir)
    run.write_json("config.json", {"config": config.to_json(), "suite": suite.name, "suite_root": str(suite.root)})
    run.write_json("run.json", {"status": "running", "run_id": run.run_id, "domain": suite.domain_name})
    progress("run", {"run_id": run.run_id, "path": str(run.root)})
    try:
        ctx = build_context(run, suite, config, llm, cache_dir, jobs, progress, cpu_gate, cluster)
        if config.protocol == "auto":
            outcome = run_ladder(ctx, heldout=heldout)
        elif config.protocol == "search":
            outcome = conclude(ctx, (), [], heldout=heldout, searches=run_search_rung(ctx, ctx.suite.split.debug))
        else:
            staged = run_staged(ctx)
            outcome = conclude(ctx, staged.programs, staged.task_ids, staged.strategy, heldout=heldout)
    except BaseException as exc:
        status = "stopped" if isinstance(exc, (KeyboardInterrupt, GenplanError)) else "crashed"
        reason = exc.render() if isinstance(exc, GenplanError) else type(exc).__name__
        _finish(run, llm, status, started, reason)
        raise
    outcome.wall_time = time.monotonic() - started
    outcome.usage = _usage(llm)
    _finish(run, llm, outcome.status, started, outcome.message, outcome)
    return outcome


def _preflight(llm: Any) -> None:
    """Check the model name, the API key and the api-base before a new run creates its folder, so that a
    failed start leaves nothing behind.

    A run that exists already skips this: resuming or rerunning it replays its calls from the cache, which
    needs no key and no server, and the same check still runs before its first call that is not cached.
    """
    preflight = getattr(llm, "preflight", None)
    if callable(preflight):
        preflight()


def _usage(llm: Any) -> dict[str, Any]:
    accounting = getattr(llm, "accounting", None)
    if accounting is None:
        return {}
    return accounting.to_json() if hasattr(accounting, "to_json") else dict(accounting)


def _finish(
    run: RunDir, llm: Any, status: str, started: float, message: str, outcome: RunOutcome | None = None
) -> None:
    from genplan.llm.accounting import accumulate_usage

    run.write_json("usage.json", accumulate_usage(run.read_json("usage.json"), _usage(llm), status=status))
    if run.exists("ladder.json"):
        record_usage(run)
    info = {
        "status": status,
        "run_id": run.run_id,
        "domain": run.domain,
        "message": message,
        "wall_time_s": round(time.monotonic() - started, 3),
    }
    if outcome is not None:
        info |= {
            "program": outcome.program_label,
            "kind": outcome.kind,
            "debug_solved": outcome.debug_solved,
            "debug_total": outcome.debug_total,
            "heldout_solved": outcome.heldout_solved,
            "heldout_total": outcome.heldout_total,
            "coverage": outcome.coverage,
            "quality": outcome.quality,
        }
    run.write_json("run.json", info)
    run.write_text("summary.md", summary_markdown(run))
