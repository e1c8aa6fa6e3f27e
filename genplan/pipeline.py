"""The synthesis protocol: stages in order, every result saved to the run directory as it is made.

``synthesize`` runs the configured protocol and keeps the run directory. The staged protocol is the
paper's (descriptions, strategy and its debugging, program variants and their debugging: :func:`run_staged`;
selection and held-out evaluation: :func:`conclude`), parameterised by a :class:`~genplan.config.Config`;
the presets (F5-3, F3-6, baseline, ablations) are values of it. The stages themselves are plain
functions in :mod:`genplan.stages`, so other protocols combine them differently: the ``auto`` protocol
(:mod:`genplan.ladder`, imported only when a run uses it) puts a direct program and its repairs before
:func:`run_staged` and concludes the same way.

Resuming is replay: prompts are deterministic, every LLM reply is cached before it is used, and every
program evaluation is cached by content, so running the same command again after a crash or Ctrl-C
redoes nothing that was paid for and quickly reaches the point where it stopped.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from contextlib import AbstractContextManager, nullcontext
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

from genplan.benchmarks.suites import Suite
from genplan.config import Config
from genplan.errors import GenplanError
from genplan.paths import cache_root
from genplan.pddl.model import Task
from genplan.pddl.pyform import python_inputs
from genplan.pddl.writer import write_problem
from genplan.runs import RunDir, make_run_id, open_run, runs_root, to_jsonable
from genplan.stages.codegen import CodeTask, Example, ProgramVersion, TaskResult, generate_programs
from genplan.stages.conversation import ChatClient
from genplan.stages.describe import Descriptions, TaskText, describe
from genplan.stages.select import select_program
from genplan.stages.strategy import DebugTask, Judgement, StrategyVersion, debug_strategy, write_strategy

if TYPE_CHECKING:
    from genplan.cluster.session import Cluster

#: Receives progress events: ``(event, info)``, e.g. ``("stage", {"name": "strategy"})``.
Progress = Callable[[str, dict[str, Any]], None]


def _quiet(_event: str, _info: dict[str, Any]) -> None:
    return None


@dataclass
class RunOutcome:
    """What ``genplan synthesize`` reports at the end."""

    run: RunDir
    status: str
    program_path: Path | None = None
    program_label: str | None = None
    debug_solved: int | None = None
    debug_total: int | None = None
    coverage: float | None = None
    heldout_solved: int | None = None
    heldout_total: int | None = None
    usage: dict[str, Any] = field(default_factory=dict)
    wall_time: float = 0.0
    message: str = ""


# ------------------------------------------------------------------------------------------- judge
def make_judge(confirm_with_val: bool = True) -> Callable:
    """Our validator decides; VAL confirms every plan we accept (a disagreement is reported, and the
    plan is not accepted: a sound verdict matters more than one task)."""
    from genplan.validate import feedback, validate

    def judge(task: Any, plan: Sequence[str]) -> Judgement:
        verdict = validate(task, list(plan))
        info = verdict.to_json() if hasattr(verdict, "to_json") else {"valid": verdict.valid}
        if verdict.valid and confirm_with_val:
            from genplan.validate.val import val_available, val_validate

            if val_available():
                val = val_validate(task, list(plan))
                info["val_confirmed"] = val.valid
                if not val.valid:
                    return Judgement(
                        False,
                        "The plan was rejected by the reference validator VAL although genplan's validator "
                        "accepted it; it is not counted.",
                        info,
                    )
        return Judgement(verdict.valid, feedback(verdict, list(plan)), info)

    return judge


# ------------------------------------------------------------------------------------------ evaluate
def make_debug_evaluator(
    suite: Suite,
    config: Config,
    cache_dir: str | Path | None,
    jobs: int | None,
    cpu_gate: AbstractContextManager | None = None,
    extra: dict[str, Task] | None = None,
    cluster: Cluster | None = None,
):
    """Runs a program on debugging tasks in every ordering; results cached by content (program, task,
    settings), so a resumed run does not wait for timeouts again. ``cpu_gate`` (a semaphore shared by
    the runs of a sweep) bounds how many evaluations use the CPU at once. ``extra`` holds tasks that are
    not in the suite (counterexamples of the generalization check), by id; it may grow during the run.
    With a Dask ``cluster`` the runs happen on its workers (the cache stays in this process)."""
    from genplan.execute.evaluate import evaluate_program

    more = extra if extra is not None else {}

    def evaluate(source: str, task_ids: Sequence[str]) -> list[TaskResult]:
        tasks = [(tid, more[tid] if tid in more else suite.task(tid)) for tid in task_ids]
        with cpu_gate or nullcontext():
            report = _evaluate_debug(source, tasks)
        return [
            TaskResult(
                task_id=r.task_id,
                solved=r.solved,
                plan=tuple(r.plan) if r.plan else None,
                feedback=r.feedback,
                category=r.category,
            )
            for r in report.results
        ]

    def _evaluate_debug(source: str, tasks: list) -> Any:
        return evaluate_program(
            source,
            tasks,
            orderings=config.orderings,
            seed=config.seed,
            timeout=config.timeout,
            memory_mb=config.memory_mb,
            jobs=jobs,
            mode="debug",
            cache_dir=cache_root(cache_dir),
            cluster=cluster,
        )

    return evaluate


# ------------------------------------------------------------------------------------------- example
def choose_example(
    suite: Suite,
    strategy_versions: Sequence[StrategyVersion],
    selected: int,
    prompt_ids: Sequence[str],
    cache_dir,
    extra: dict[str, Task] | None = None,
) -> Example:
    """The LLM's own valid plan from strategy debugging if there is one, else an optimal planner plan.

    ``extra`` holds tasks not in the suite (counterexamples) by id."""
    from genplan.stages.strategy import StrategyResult

    result = StrategyResult(versions=tuple(strategy_versions), selected=selected, style="")
    found = result.valid_example()
    if found:
        task_id, plan = found
        task = (extra or {}).get(task_id) or suite.task(task_id)
        return Example(task_id, python_inputs(task), tuple(plan), "llm")
    task_id = prompt_ids[0]
    plan = reference_plan(suite, task_id, cache_dir, "the strategy produced no valid plan and ")
    return Example(task_id, python_inputs(suite.task(task_id)), tuple(plan), "planner")


def reference_plan(suite: Suite, task_id: str, cache_dir: str | Path | None, why: str = "") -> list[str]:
    """A correct plan for a debugging task: the one the suite ships, else an optimal one from Fast
    Downward (cached). ``why`` starts the error message's explanation."""
    plan = suite.shipped_plan(task_id)
    if plan is not None:
        return plan
    from genplan.planners import optimal_plan

    result_fd = optimal_plan(suite.task(task_id), cache_dir=cache_dir)
    # An empty plan is a correct one (the goal holds at the start, as in one of the paper's logistics tasks).
    if result_fd.status != "solved" or result_fd.plan is None:
        raise GenplanError(
            f"No example plan for {task_id}: {why}the optimal planner ended with '{result_fd.status}'.",
            hint="Use a suite whose debugging tasks are small enough to solve optimally.",
        )
    return list(result_fd.plan)


# ------------------------------------------------------------------------------------------ artifacts
def _save_descriptions(run: RunDir, d: Descriptions) -> None:
    """The descriptions as later prompts show them, and the answers they were read from."""
    run.write_text("1-describe/domain.md", d.domain)
    run.write_text("1-describe/answers/domain.md", d.domain_answer)
    for task_id, text in d.tasks:
        run.write_text(f"1-describe/tasks/{task_id}.md", text)
    for k, a in enumerate(d.task_answers, start=1):
        run.write_text(f"1-describe/answers/tasks-{k}.md", a.answer)
    run.write_json(
        "1-describe/descriptions.json",
        {
            "domain": d.domain,
            "tasks": dict(d.tasks),
            "domain_final": d.domain_final,
            "domain_answer": d.domain_answer,
            "notes": d.notes,
            "task_answers": [{"tasks": list(a.task_ids), "answer": a.answer, "reminders": a.reminders}
                             for a in d.task_answers],
        },
    )  # fmt: skip


def _save_strategy(run: RunDir, v: StrategyVersion) -> None:
    base = f"2-strategy/v{v.index}"
    run.write_text(f"{base}/strategy.md", v.text)
    run.write_json(
        f"{base}/version.json",
        {
            "index": v.index,
            "text": v.text,
            "answer": v.answer,
            "solved": v.solved,
            "assessed": v.assessed,
            "attempts": [
                {
                    "task_id": a.task_id,
                    "valid": a.valid,
                    "plan": a.plan,
                    "feedback": a.feedback,
                    "verdict": a.verdict,
                    "answer": a.answer,
                    "reminders": a.reminders,
                }
                for a in v.attempts
            ],
            "reflected_task": v.reflected_task,
            "reflection": v.reflection,
        },
    )


def _save_program(run: RunDir, v: ProgramVersion) -> None:
    base = f"3-programs/p{v.variant}/v{v.round}"
    if v.source is not None:
        run.write_text(f"{base}.py", v.source)
    run.write_json(
        f"{base}.json",
        {
            "label": v.label,
            "variant": v.variant,
            "round": v.round,
            "solved": v.solved,
            "results": v.results,
            "reflection": v.reflection,
            "answer": v.answer,
            "has_source": v.source is not None,
            "reminders": v.reminders,
        },
    )


# ------------------------------------------------------------------------------------------ protocol
def synthesize(
    suite: Suite,
    config: Config,
    llm: Any,
    *,
    cache_dir: str | Path | None = None,
    jobs: int | None = None,
    progress: Progress = _quiet,
    heldout: bool = True,
    cpu_gate: AbstractContextManager | None = None,
    cluster: Cluster | None = None,
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
        ctx = _context(run, suite, config, llm, cache_dir, jobs, progress, cpu_gate, cluster)
        if config.protocol == "auto":
            from genplan.ladder import run_ladder

            outcome = run_ladder(ctx, heldout=heldout)
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


@dataclass
class Context:
    """What every stage of a run shares: where it writes, what it runs on, and how it judges."""

    run: RunDir
    suite: Suite
    config: Config
    llm: ChatClient
    cache_dir: str | Path | None
    jobs: int | None
    progress: Progress
    cpu_gate: AbstractContextManager | None
    judge: Callable
    #: The generalization check of the run (None when it is off); its counterexamples are debugging tasks.
    search: Any
    #: Runs a program on debugging tasks, counterexamples included (see :func:`make_debug_evaluator`).
    evaluator: Callable
    #: The Dask cluster program evaluations and checks run on (None: this machine's executor).
    cluster: Any = None

    @property
    def extra(self) -> dict[str, Task]:
        """The counterexamples found so far, by id."""
        return self.search.extra if self.search else {}

    def code_task(self, task_id: str) -> CodeTask:
        return CodeTask(task_id, python_inputs(self.extra.get(task_id) or self.suite.task(task_id)))

    def record_program(self, version: ProgramVersion) -> None:
        """Save a program version as soon as it is evaluated, and say so."""
        _save_program(self.run, version)
        self.progress("program", {"label": version.label, "solved": version.solved, "of": len(version.results)})


def _context(
    run: RunDir, suite: Suite, config: Config, llm: ChatClient, cache_dir: str | Path | None, jobs: int | None,
    progress: Progress, cpu_gate: AbstractContextManager | None, cluster: Cluster | None = None,
) -> Context:  # fmt: skip
    search = _counterexample_search(run, suite, config, cache_dir, progress, cluster) if config.generalize else None
    extra = search.extra if search else {}
    evaluator = make_debug_evaluator(suite, config, cache_dir, jobs, cpu_gate, extra, cluster)
    return Context(run, suite, config, llm, cache_dir, jobs, progress, cpu_gate, make_judge(), search, evaluator,
                   cluster)  # fmt: skip


def context_tokens(config: Config, llm: Any) -> int:
    """The context window task descriptions are grouped for: the setting, else the backend's figure for
    the model, else :data:`~genplan.stages.describe.DEFAULT_CONTEXT_TOKENS`."""
    from genplan.stages.describe import DEFAULT_CONTEXT_TOKENS

    if config.context_tokens:
        return config.context_tokens
    known = getattr(llm, "context_window", None)
    window = known() if callable(known) else None
    return int(window) if window else DEFAULT_CONTEXT_TOKENS


@dataclass(frozen=True)
class StagedResult:
    """What the staged protocol (descriptions, strategy, programs) produced."""

    strategy: tuple[StrategyVersion, ...]
    programs: tuple[ProgramVersion, ...]
    #: The code stage's debugging tasks at the end (counterexamples included).
    task_ids: tuple[str, ...]


def run_staged(ctx: Context, *, earlier: Sequence[dict] = ()) -> StagedResult:
    """The paper's protocol: describe, write and debug a strategy, write and debug program variants.

    Counterexamples found before it starts (the auto protocol's first rungs) are debugging tasks of its
    strategy and code stages from the start; ``earlier`` (failed programs and why) is shown when the
    strategy is written."""
    run, suite, config, llm = ctx.run, ctx.suite, ctx.config, ctx.llm
    reasoning = config.reasoning
    debug_ids = list(suite.split.debug)
    prompt_ids = list(suite.split.prompt_tasks(config.seed))
    wanted = {"all": debug_ids, "examples": [t for t in debug_ids if t in prompt_ids], "none": []}
    described = wanted[config.described_tasks]

    ctx.progress("stage", {"name": "describe", "tasks": len(described)})
    texts = [TaskText(t, write_problem(suite.task(t))) for t in described]
    descriptions = describe(llm, suite.domain.name, suite.domain_path.read_text(), texts,
                            mode=config.task_descriptions, context_tokens=context_tokens(config, llm),
                            max_tokens=config.max_tokens, reasoning=reasoning)  # fmt: skip
    _save_descriptions(run, descriptions)

    debug_tasks = [DebugTask(t, suite.task(t), write_problem(suite.task(t)), descriptions.task(t)) for t in debug_ids]
    # Counterexamples of earlier rungs have no description: they are shown as PDDL.
    debug_tasks += [DebugTask(t, task, write_problem(task), "") for t, task in ctx.extra.items()]
    examples = [d for d in debug_tasks if d.task_id in prompt_ids]
    search = ctx.search
    ctx.progress("stage", {"name": "strategy", "rounds": config.strategy_rounds})
    first = write_strategy(llm, descriptions.domain, examples, style=config.strategy_style,
                           domain_pddl=suite.domain_path.read_text(), typed=suite.domain.typed, earlier=earlier,
                           reasoning=reasoning)  # fmt: skip

    def strategy_done(v: StrategyVersion) -> None:
        _save_strategy(run, v)
        ctx.progress("strategy", {"version": v.index, "solved": v.solved, "of": len(v.attempts) or len(debug_ids),
                                  "assessed": v.assessed})  # fmt: skip

    strategy = debug_strategy(
        llm,
        ctx.judge,
        descriptions.domain,
        first,
        debug_tasks,
        config.strategy_rounds,
        reasoning=reasoning,
        on_version=strategy_done,
        find_counterexample=search.for_strategy(llm, ctx.judge, descriptions.domain, reasoning=reasoning)
        if search
        else None,
        max_counterexamples=config.generalize_rounds,
    )
    run.write_json(
        "2-strategy/selection.json",
        {"selected": strategy.selected, "solved": strategy.best.solved, "assessed": strategy.best.assessed},
    )

    example = choose_example(suite, strategy.versions, strategy.selected, prompt_ids, ctx.cache_dir, ctx.extra)
    run.write_json(
        "3-programs/example.json", {"task_id": example.task_id, "plan": example.plan, "source": example.source}
    )
    ctx.progress("stage", {"name": "programs", "n": config.n_programs, "rounds": config.code_rounds})
    code_ids = [*debug_ids, *ctx.extra]  # the counterexamples so far are debugging tasks of the code too
    codegen = generate_programs(
        llm,
        strategy.best.text,
        descriptions.domain,
        example,
        [ctx.code_task(t) for t in code_ids],
        ctx.evaluator,
        n_programs=config.n_programs,
        rounds=config.code_rounds,
        seed=config.seed,
        reflection=config.code_reflection,
        positive=config.positive_feedback,
        reasoning=reasoning,
        strategy_style=config.strategy_style,
        timeout=config.timeout,
        typed=suite.domain.typed,
        on_version=ctx.record_program,
        find_counterexample=search.for_program() if search else None,
        max_counterexamples=config.generalize_rounds,
        eager=config.eager_variants,
    )
    return StagedResult(strategy.versions, codegen.versions, tuple(t.task_id for t in codegen.tasks))


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
            report = _heldout_evaluation(chosen.source, suite, config, ctx.cache_dir, ctx.jobs, ctx.progress,
                                         ctx.cluster)  # fmt: skip
        run.write_json("5-heldout.json", report.to_json())
        outcome.heldout_solved = sum(r.solved for r in report.results)
        outcome.heldout_total = len(report.results)
        outcome.coverage = outcome.heldout_solved / outcome.heldout_total if outcome.heldout_total else None
    return outcome


def _counterexample_search(
    run: RunDir, suite: Suite, config: Config, cache_dir: str | Path | None, progress: Progress,
    cluster: Cluster | None = None,
) -> Any:
    """The generalization check of this run: debugging tasks only (held-out tasks never reach it)."""
    from genplan.generalize import CheckSettings
    from genplan.generalize.naming import find_generator, registered_renaming
    from genplan.stages.counterexamples import CounterexampleSearch

    settings = CheckSettings(
        budget_s=config.generalize_budget_s, seed=config.seed, orderings=config.orderings, timeout=config.timeout,
        memory_mb=config.memory_mb, shuffled_names=False,
    )  # fmt: skip
    renaming = registered_renaming(suite.root, cache_dir)
    generator = find_generator(suite.domain, hint=suite.domain_name, renaming=renaming)

    def found(cex: Any) -> None:
        run.write_json(f"generalize/{cex.task_id}.json", cex.to_json())
        run.write_text(f"generalize/{cex.task_id}.pddl", write_problem(cex.task))
        progress("counterexample", {"task": cex.task_id, "stage": cex.stage, "found_by": cex.found_by,
                                    "objects": cex.task.size, "category": cex.category})  # fmt: skip

    def passed(label: str, data: dict) -> None:
        progress("checked", {"label": label, "tasks": len(data.get("tried") or []), "seconds": data.get("elapsed_s")})

    return CounterexampleSearch(
        suite.domain, [(t, suite.task(t)) for t in suite.split.debug], generator, settings=settings,
        strategy_tasks=config.generalize_strategy_tasks, cache_dir=cache_root(cache_dir), on_found=found,
        on_check=lambda checks: run.write_json("generalize/checks.json", {"checks": checks}),
        on_checked=passed, cluster=cluster,
    )  # fmt: skip


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


def _heldout_evaluation(
    source: str, suite: Suite, config: Config, cache_dir: str | Path | None, jobs: int | None, progress: Progress,
    cluster: Cluster | None = None,
) -> Any:
    from genplan.execute.evaluate import evaluate_program

    return evaluate_program(
        source,
        [(t, suite.task(t)) for t in suite.split.heldout],
        orderings=config.orderings,
        seed=config.seed,
        timeout=config.timeout,
        memory_mb=config.memory_mb,
        jobs=jobs,
        cache_dir=cache_root(cache_dir),
        on_result=lambda r: progress("heldout", {"task": r.task_id, "solved": r.solved}),
        cluster=cluster,
    )


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
        from genplan.ladder import record_usage

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
            "debug_solved": outcome.debug_solved,
            "debug_total": outcome.debug_total,
            "heldout_solved": outcome.heldout_solved,
            "heldout_total": outcome.heldout_total,
            "coverage": outcome.coverage,
        }
    run.write_json("run.json", info)
    from genplan.inspection import summary_markdown

    run.write_text("summary.md", summary_markdown(run))
