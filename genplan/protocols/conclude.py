"""How every protocol ends: select the program and score it on the held-out tasks.

Selection is the paper's rule (most debugging tasks solved, ties to the later version), over the final
task set: with counterexamples of the generalization check, versions written before one was found are
scored again on them first.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from contextlib import nullcontext
from pathlib import Path
from typing import TYPE_CHECKING, Any

from genplan.benchmarks.suites import Suite
from genplan.core.files import to_jsonable
from genplan.core.paths import cache_root
from genplan.execute.quality import ipc_quality
from genplan.protocols.config import Config
from genplan.protocols.context import Context, Progress, RunOutcome
from genplan.runs import RunDir
from genplan.stages.codegen import ProgramVersion, TaskResult
from genplan.stages.select import select_program
from genplan.stages.strategy import StrategyVersion

if TYPE_CHECKING:
    from genplan.execute.backend import Backend


def conclude(
    ctx: Context,
    versions: Sequence[ProgramVersion],
    task_ids: Sequence[str],
    strategies: Sequence[StrategyVersion] = (),
    *,
    heldout: bool = True,
    annotate: Callable[[ProgramVersion], dict[str, Any]] | None = None,
) -> RunOutcome:
    """Select the program (most debugging tasks solved, ties to the later one) and score it on the
    held-out tasks. With counterexamples, every version is first scored on the final task set.
    ``annotate`` adds to ``4-selection.json`` what a protocol knows about the chosen version."""
    run, suite, config, search = ctx.run, ctx.suite, ctx.config, ctx.search
    versions = tuple(versions)
    if search and search.found:
        # Selection counts every counterexample: versions written before one was found are scored again
        # on the final task set (evaluations are cached, so only the new tasks run).
        versions = _rescored(versions, list(task_ids), ctx.evaluator)
        _save_counterexamples(run, search, strategies, versions)
    selection = select_program(versions)
    outcome = RunOutcome(run=run, status="done")
    if selection is None:
        run.write_json("4-selection.json", {"selected": None, "reason": "no version produced a program"})
        outcome.status = "no-program"
        outcome.message = "The LLM never produced a usable program."
        return outcome
    chosen = versions[selection.index]
    assert chosen.source is not None
    run.write_json("4-selection.json", to_jsonable(selection) | (annotate(chosen) if annotate else {}))
    outcome.program_path = run.write_text("program.py", chosen.source)
    outcome.program_label = selection.label
    outcome.debug_solved, outcome.debug_total = selection.solved, selection.of
    if heldout and suite.split.heldout:
        ctx.progress("stage", {"name": "held-out", "tasks": len(suite.split.heldout)})
        with ctx.cpu_gate or nullcontext():
            report = heldout_evaluation(chosen.source, suite, config, ctx.cache_dir, ctx.jobs, ctx.progress,
                                         ctx.cluster)  # fmt: skip
        reference = suite.extra.get("reference_costs") or {}
        quality = ipc_quality(report.results, reference) if reference else None
        run.write_json("5-heldout.json", report.to_json() | ({"quality": quality.to_json()} if quality else {}))
        outcome.quality = quality.score if quality else None
        outcome.heldout_solved = sum(r.solved for r in report.results)
        outcome.heldout_total = len(report.results)
        outcome.coverage = outcome.heldout_solved / outcome.heldout_total if outcome.heldout_total else None
    return outcome


def _rescored(versions: Sequence[ProgramVersion], task_ids: list[str], evaluate: Callable) -> tuple:
    """Every version's results on ``task_ids`` (versions without code fail every task)."""
    from dataclasses import replace

    from genplan.stages.codegen import NO_PROGRAM

    out = []
    for v in versions:
        if v.source is None:
            results = tuple(TaskResult(t, False, feedback=NO_PROGRAM, category="no program") for t in task_ids)
        elif [r.task_id for r in v.results] == task_ids:
            results = v.results
        else:
            results = tuple(evaluate(v.source, task_ids))
        out.append(replace(v, results=results))
    return tuple(out)


def _save_counterexamples(
    run: RunDir, search: Any, strategies: Sequence[StrategyVersion], programs: Sequence[ProgramVersion]
) -> None:
    """``generalize/summary.json``: each counterexample, where it came from, and which version solved it first."""
    rows = []
    for cex in search.found:
        first = None
        for v in strategies:
            if any(a.task_id == cex.task_id and a.valid for a in v.attempts):
                first = f"strategy v{v.index}"
                break
        first_program = next((v.label for v in programs if any(r.task_id == cex.task_id and r.solved
                                                                  for r in v.results)), None)  # fmt: skip
        rows.append(cex.to_json() | {"first_solved_by_strategy": first, "first_solved_by_program": first_program})
    run.write_json("generalize/summary.json", {"counterexamples": rows})


def heldout_evaluation(
    source: str,
    suite: Suite,
    config: Config,
    cache_dir: str | Path | None,
    jobs: int | None,
    progress: Progress,
    cluster: Backend | None = None,
) -> Any:
    from genplan.execute.evaluate import evaluate_program

    return evaluate_program(
        source,
        suite.lazy(suite.split.heldout),
        orderings=config.orderings,
        seed=config.seed,
        timeout=config.timeout,
        memory_mb=config.memory_mb,
        jobs=jobs,
        cache_dir=cache_root(cache_dir),
        on_result=lambda r: progress("heldout", {"task": r.task_id, "solved": r.solved}),
        cluster=cluster,
    )
