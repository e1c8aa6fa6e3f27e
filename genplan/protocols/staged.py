"""The paper's staged protocol: describe, write and debug a strategy, write and debug program variants.

The presets F5-3, F3-6, the baseline and the ablations are values of :class:`~genplan.protocols.config.Config`
that this one function reads; selection and the held-out score are :func:`genplan.protocols.conclude.conclude`.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from genplan.pddl.writer import write_problem
from genplan.protocols.artifacts import save_descriptions, save_strategy
from genplan.protocols.context import Context, choose_example, context_tokens
from genplan.stages.codegen import ProgramVersion, generate_programs
from genplan.stages.describe import TaskText, describe
from genplan.stages.strategy import DebugTask, StrategyVersion, debug_strategy, write_strategy


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
    save_descriptions(run, descriptions)

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
        save_strategy(run, v)
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
        max_objects=ctx.max_objects,
        typed=suite.domain.typed,
        on_version=ctx.record_program,
        find_counterexample=search.for_program() if search else None,
        max_counterexamples=config.generalize_rounds,
        eager=config.eager_variants,
    )
    return StagedResult(strategy.versions, codegen.versions, tuple(t.task_id for t in codegen.tasks))
