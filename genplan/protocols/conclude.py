"""How every protocol ends: select the artifact and score it on the held-out tasks.

Selection is the paper's rule (most debugging tasks solved, ties to the later version), over the final
task set: with counterexamples of the generalization check, versions written before one was found are
scored again on them first.

Selection never mixes kinds: the selected artifact is a program or a search (a heuristic the model wrote,
searched by genplan), recorded as ``kind``. A search is selected only when the search rung passed (the
checks found nothing and it solved every debugging task it was run on) and no program passed (every
debugging task and, with the check, the check), or when there is no program at all; otherwise the program
is, as without a search rung. A program is the cheaper artifact to run, and its coverage must never be
credited to a search or the reverse.
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
from genplan.stages.search import PROGRAM, SEARCH, SearchVersion
from genplan.stages.select import Selection, select_program
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
    annotate: Callable[[ProgramVersion | SearchVersion], dict[str, Any]] | None = None,
    searches: Sequence[SearchVersion] = (),
) -> RunOutcome:
    """Select the artifact (see the module docstring) and score it on the held-out tasks. With
    counterexamples, every program version is first scored on the final task set. ``annotate`` adds to
    ``4-selection.json`` what a protocol knows about the chosen version; ``searches`` are the search rung's
    versions."""
    run, suite, config, search = ctx.run, ctx.suite, ctx.config, ctx.search
    versions = tuple(versions)
    if search and search.found:
        # Selection counts every counterexample: versions written before one was found are scored again
        # on the final task set (evaluations are cached, so only the new tasks run).
        versions = _rescored(versions, list(task_ids), ctx.evaluator)
        _save_counterexamples(run, search, strategies, versions, searches)
    selection = select_program(versions)
    search_pick = select_search(searches)
    program_passed = any(
        v.source is not None and all(r.solved for r in v.results) and (search is None or v.generalizes is True)
        for v in versions
    )
    use_search = search_pick is not None and (
        selection is None or (searches[search_pick.index].passed and not program_passed)
    )
    outcome = RunOutcome(run=run, status="done")
    if selection is None and search_pick is None:
        what = "no version produced a program or a heuristic" if searches else "no version produced a program"
        run.write_json("4-selection.json", {"selected": None, "reason": what})
        outcome.status = "no-program"
        outcome.message = "The LLM never produced a usable program." if not searches else (
            "The LLM never produced a usable program or heuristic.")  # fmt: skip
        return outcome
    chosen: ProgramVersion | SearchVersion
    if use_search:
        assert search_pick is not None
        selection, chosen, kind = search_pick, searches[search_pick.index], SEARCH
    else:
        assert selection is not None
        chosen, kind = versions[selection.index], PROGRAM
    assert chosen.source is not None
    extra = {"kind": kind} | ({"strategy": chosen.strategy} if isinstance(chosen, SearchVersion) else {})
    run.write_json("4-selection.json", to_jsonable(selection) | extra | (annotate(chosen) if annotate else {}))
    # A search's own code goes into program.py: `genplan solve --run` and `evaluate` compose it as they
    # compose any search artifact (they recognise it by its h).
    outcome.program_path = run.write_text("program.py", chosen.source)
    outcome.program_label = selection.label
    outcome.kind = kind
    outcome.debug_solved, outcome.debug_total = selection.solved, selection.of
    if heldout and suite.split.heldout:
        ctx.progress("stage", {"name": "held-out", "tasks": len(suite.split.heldout)})
        runnable = chosen.source
        if isinstance(chosen, SearchVersion):
            from genplan.search.compose import compose_search

            runnable = compose_search(chosen.source, suite.domain, chosen.strategy)  # type: ignore[arg-type]
        with ctx.cpu_gate or nullcontext():
            report = heldout_evaluation(runnable, suite, config, ctx.cache_dir, ctx.jobs, ctx.progress,
                                         ctx.cluster)  # fmt: skip
        reference = suite.extra.get("reference_costs") or {}
        quality = ipc_quality(report.results, reference) if reference else None
        doc = {"kind": kind} | report.to_json() | ({"quality": quality.to_json()} if quality else {})
        if kind == SEARCH:
            from genplan.search.stats import expansions_by_task

            doc["expansions"] = expansions_by_task(report.results)
        run.write_json("5-heldout.json", doc)
        outcome.quality = quality.score if quality else None
        outcome.heldout_solved = sum(r.solved for r in report.results)
        outcome.heldout_total = len(report.results)
        outcome.coverage = outcome.heldout_solved / outcome.heldout_total if outcome.heldout_total else None
    return outcome


def select_search(searches: Sequence[SearchVersion]) -> Selection | None:
    """The best heuristic with code: one that passed if any, else most debugging tasks solved; ties to the
    later one (the paper's rule, within the search rung). A version set aside (a passing one a further draft
    replaced, see :func:`genplan.stages.search.write_search`) is never selected."""
    candidates = [i for i, v in enumerate(searches) if v.source is not None and not v.set_aside]
    if not candidates:
        return None
    best = max(candidates, key=lambda i: (searches[i].passed, searches[i].solved, i))
    v = searches[best]
    reason = f"solved {v.solved}/{len(v.results)} debugging tasks by search ({v.strategy})"
    reason += "; the checks found nothing" if v.direct else "; the checks found counterexamples"
    return Selection(index=best, label=v.label, solved=v.solved, of=len(v.results), reason=reason)


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
    run: RunDir,
    search: Any,
    strategies: Sequence[StrategyVersion],
    programs: Sequence[ProgramVersion],
    searches: Sequence[SearchVersion] = (),
) -> None:
    """``generalize/summary.json``: each counterexample, where it came from, and which version solved it
    first (a strategy, a program, a search rung's heuristic)."""
    rows = []
    for cex in search.found:
        first = None
        for v in strategies:
            if any(a.task_id == cex.task_id and a.valid for a in v.attempts):
                first = f"strategy v{v.index}"
                break
        first_program = next((v.label for v in programs if any(r.task_id == cex.task_id and r.solved
                                                                  for r in v.results)), None)  # fmt: skip
        first_search = next((v.label for v in searches if any(r.task_id == cex.task_id and r.solved
                                                               for r in v.results)), None)  # fmt: skip
        rows.append(cex.to_json() | {"first_solved_by_strategy": first, "first_solved_by_program": first_program,
                                     "first_solved_by_search": first_search})  # fmt: skip
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
