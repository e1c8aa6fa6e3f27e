"""What every protocol shares: the run's context, how plans are judged and programs are evaluated.

A protocol (:mod:`genplan.protocols.staged`, :mod:`genplan.protocols.ladder`) is an ordered use of the
stages in :mod:`genplan.stages`. What they all need is built once per run into a :class:`Context`: the
run folder, the suite, the configuration, the LLM, the judge (our validator, confirmed by VAL), the
debugging-task evaluator (cached by content) and the generalization check.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from contextlib import AbstractContextManager, nullcontext
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

from genplan.benchmarks.suites import Suite
from genplan.core.errors import GenplanError
from genplan.core.paths import cache_root
from genplan.pddl.model import Task
from genplan.pddl.pyform import python_inputs
from genplan.pddl.writer import write_problem
from genplan.protocols.artifacts import save_program
from genplan.protocols.config import Config
from genplan.runs import RunDir
from genplan.stages.codegen import CodeTask, Example, ProgramVersion, TaskResult
from genplan.stages.conversation import ChatClient
from genplan.stages.strategy import Judgement, StrategyVersion

if TYPE_CHECKING:
    from genplan.execute.backend import Backend

#: Receives progress events: ``(event, info)``, e.g. ``("stage", {"name": "strategy"})``.
Progress = Callable[[str, dict[str, Any]], None]


def quiet(_event: str, _info: dict[str, Any]) -> None:
    return None


@dataclass
class RunOutcome:
    """What ``genplan synthesize`` reports at the end."""

    run: RunDir
    status: str
    program_path: Path | None = None
    program_label: str | None = None
    #: What the selected artifact is: "program" or "search" (a heuristic searched by genplan).
    kind: str | None = None
    debug_solved: int | None = None
    debug_total: int | None = None
    coverage: float | None = None
    heldout_solved: int | None = None
    heldout_total: int | None = None
    #: The IPC quality score on the held-out tasks, when the suite has reference costs.
    quality: float | None = None
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
    cluster: Backend | None = None,
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

    @property
    def max_objects(self) -> int:
        """The largest task the programs must handle, as the prompts state it: the user's ``max_objects``,
        else the largest size the generalization check tries (from the debugging tasks and the suite's
        given training tasks; never a held-out task)."""
        return check_settings(self.config).reach(
            [self.suite.task(t) for t in self.suite.split.debug],
            [self.suite.task(t) for t in self.suite.extra.get("given", ())],
        )

    def record_program(self, version: ProgramVersion) -> None:
        """Save a program version as soon as it is evaluated, and say so."""
        save_program(self.run, version)
        self.progress("program", {"label": version.label, "solved": version.solved, "of": len(version.results)})


def build_context(
    run: RunDir, suite: Suite, config: Config, llm: ChatClient, cache_dir: str | Path | None, jobs: int | None,
    progress: Progress, cpu_gate: AbstractContextManager | None, cluster: Backend | None = None,
) -> Context:  # fmt: skip
    search = counterexample_search(run, suite, config, cache_dir, progress, cluster, llm) if config.generalize else None
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


def check_settings(config: Config) -> Any:
    """The generalization check's settings for a run of ``config`` (a :class:`~genplan.generalize.CheckSettings`)."""
    from genplan.generalize import CheckSettings

    return CheckSettings(
        budget_s=config.generalize_budget_s, seed=config.seed, orderings=config.orderings, timeout=config.timeout,
        memory_mb=config.memory_mb, shuffled_names=False, max_objects=config.max_objects,
    )  # fmt: skip


def counterexample_search(
    run: RunDir,
    suite: Suite,
    config: Config,
    cache_dir: str | Path | None,
    progress: Progress,
    cluster: Backend | None = None,
    llm: ChatClient | None = None,
) -> Any:
    """The generalization check of this run: debugging tasks, and the suite's other training tasks where it
    has them (the Learning Track's); held-out tasks never reach it. A domain without a builtin generator
    gets one written by the model (``generalize_generator``), asked once per run and cached."""
    from genplan.generalize.naming import find_generator, registered_renaming
    from genplan.stages.counterexamples import CounterexampleSearch

    settings = check_settings(config)
    renaming = registered_renaming(suite.root, cache_dir)
    choice = config.generalize_generator
    generator = find_generator(suite.domain, hint=suite.domain_name, renaming=renaming) if choice in (
        "auto", "builtin") else None  # fmt: skip
    if generator is None and choice in ("auto", "model") and llm is not None:
        generator = _model_generator(run, suite, config, settings, cache_dir, progress, cluster, llm)

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
        on_checked=passed, cluster=cluster, given=[(t, suite.task(t)) for t in suite.extra.get("given", ())],
    )  # fmt: skip


def _model_generator(
    run: RunDir, suite: Suite, config: Config, settings: Any, cache_dir: str | Path | None, progress: Progress,
    cluster: Backend | None, llm: ChatClient,
) -> Any:  # fmt: skip
    """The task generator the model writes for the check (:mod:`genplan.stages.generator`), kept in the run
    as ``generalize/generator.py`` and ``generalize/generator.json``; ``None`` when it was rejected."""
    from genplan.execute.pool import Executor
    from genplan.generalize.modelgen import GENERATOR_LIMITS
    from genplan.generalize.solvable import planner_decision
    from genplan.stages.generator import ask_model_generator, generator_calls, generator_files

    executor = Executor(jobs=1, limits=GENERATOR_LIMITS)  # lives as long as the run's check (closed at exit)
    decide = planner_decision(settings.proof_time_limit, cache_root(cache_dir), cluster)
    debug = [(t, suite.task(t)) for t in suite.split.debug]
    generator, answer = ask_model_generator(
        llm, suite.domain, suite.domain_name, suite.domain_path.read_text(), debug, executor=executor, decide=decide,
        settings=settings, reasoning=config.reasoning,
    )  # fmt: skip
    for name, text in generator_files(answer, generator_calls(llm)).items():
        run.write_text(f"generalize/{name}", text)
    progress("generator", {"accepted": answer.accepted, "reason": answer.reason, "attempts": len(answer.attempts)})
    if generator is None:
        executor.close()
    return generator
