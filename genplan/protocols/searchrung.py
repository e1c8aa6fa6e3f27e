"""The search rung in a run: when ``auto`` climbs to it, and how it is run (also alone, preset ``search``).

When: only if no program passed (every debugging task and the generalization check) after the direct and
repair rungs, **and** the programs' failures say search is what is missing: at least half of the failed
results of those programs (debugging tasks and counterexamples alike) are timeouts
(:func:`needs_search`), or the model said so by starting a program with ``# needs search`` (the program
rules offer that line to a model convinced that no program without search solves every task in time; the
mark alone never makes a passing program climb). A program that crashes or writes a wrong plan is a bug a
repair or a strategy can fix; a program that runs out of time on a solvable task is what a domain with no
polynomial plan looks like (on the Learning Track's sokoban, 21 of the 25 held-out failures of the first
program were timeouts). The signal reads only the executor's categories and the programs' first lines, so
it costs no call and a test can set it exactly.

Where: after repair, before strategy. The search rung costs 1 + ``search_rounds`` calls (4 by default);
the strategy rung costs up to about 90 (F5-3 with the check). On a domain where programs time out, a
strategy rung would write programs under the same rule (no search inside) and time out again, so trying
the cheap rung that addresses the failure first is both cheaper and likelier to pass; when it passes,
the strategy rung is skipped. When it does not, the strategy rung still runs, and selection never mixes
the two kinds (:func:`genplan.protocols.conclude.conclude`).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Sequence
from types import SimpleNamespace
from typing import Any

from genplan.core.errors import GenplanError
from genplan.execute.outcome import TIMEOUT
from genplan.pddl.model import Task
from genplan.pddl.pyform import PyTask, python_inputs
from genplan.protocols.artifacts import save_search
from genplan.protocols.context import Context, reference_plan
from genplan.search.compose import compose_search
from genplan.stages.codegen import ProgramVersion, TaskResult
from genplan.stages.direct import DirectExample
from genplan.stages.search import PROBE_FEEDBACK, LargeSample, SearchVersion, search_prompt, write_search

#: The share of failed results that must be timeouts for ``auto`` to climb to the search rung.
TIMEOUT_SHARE = 0.5


#: The comment a program starts with when the model that wrote it says the domain needs search
#: (``templates/_program_rules.j2`` offers it); compared case-insensitively, spacing ignored.
SEARCH_MARK = "# needs search"


def declares_search(source: str | None) -> bool:
    """Whether a program's first non-blank line is :data:`SEARCH_MARK`: the model's own word that no
    program without search solves every task of this domain in time."""
    for line in (source or "").splitlines():
        if line.strip():
            return " ".join(line.lower().split()) == SEARCH_MARK
    return False


def needs_search(versions: Sequence[ProgramVersion]) -> bool:
    """Whether the programs failed in a way search addresses: their failures are mostly timeouts, or the
    model marked one of them as needing search (see the module docstring). Nothing failed: no climb."""
    failed = [r for v in versions for r in v.results if not r.solved]
    if not failed:
        return False
    if any(declares_search(v.source) for v in versions):
        return True
    timeouts = sum(r.category == TIMEOUT for r in failed)
    return timeouts >= TIMEOUT_SHARE * len(failed)


def run_search_rung(ctx: Context, task_ids: Sequence[str]) -> list[SearchVersion]:
    """Ask for a heuristic, check and repair it (``config.search_rounds`` times at most), saving each
    version as it is judged; ``task_ids`` are the debugging tasks it is run on (with ``auto``, the
    counterexamples the programs failed included)."""
    suite, config = ctx.suite, ctx.config
    ctx.progress("stage", {"name": "search", "rounds": config.search_rounds})
    prompt_ids = list(suite.split.prompt_tasks(config.seed))
    examples = [DirectExample(t, ctx.code_task(t).py, tuple(reference_plan(suite, t, ctx.cache_dir)))
                for t in prompt_ids]  # fmt: skip
    domain_pddl = suite.domain_path.read_text()
    sample = large_sample(_generator(ctx), ctx.max_objects, config.seed)

    def prompt(k: int) -> str:
        return search_prompt(suite.domain.name, domain_pddl, examples, typed=suite.domain.typed,
                             timeout=config.timeout, max_objects=ctx.max_objects, reasoning=config.reasoning,
                             draft=k, drafts=config.search_drafts, seed=config.seed, sample=sample)  # fmt: skip

    prompts = [prompt(k) for k in range(1, config.search_drafts + 1)]

    def record(version: SearchVersion) -> None:
        save_search(ctx.run, version)
        ctx.progress("search", {"label": version.label, "solved": version.solved, "of": len(version.results),
                                "direct": version.direct,
                                "macro": bool(version.check and version.check.get("macro"))})  # fmt: skip

    def compose(source: str, strategy: str) -> str:
        return compose_search(source, suite.domain, strategy)

    probing = prober(ctx, compose) if config.search_drafts > 1 else None
    probe, probe_task = probing if probing is not None else (None, None)
    return write_search(ctx.llm, prompts, {t: ctx.code_task(t).py for t in task_ids}, ctx.evaluator,
                        checker(ctx), compose, rounds=config.search_rounds, record=record,
                        reasoning=config.reasoning, generalize=generalizer(ctx, compose),
                        probe=probe, further=prompt if probe is not None else None,
                        static=suite.domain.static_predicates, probe_task=probe_task)  # fmt: skip


#: The probe's sizes, as shares of the largest size the run asks for, and its tasks of each size (see
#: :func:`probe_tasks`).
PROBE_SHARES = (0.5, 0.75)
PROBE_PER_SIZE = 2
#: A probe task has at least this share of the size it is drawn for.
PROBE_NEAR = 0.8


def prober(
    ctx: Context, compose: Callable[[str, str], str]
) -> tuple[Callable[[SearchVersion], dict], Callable[[str], PyTask]] | None:
    """Ranks the search rung's drafts (``search_drafts`` > 1): a draft's composed search on generated tasks
    of half and three quarters of the largest size the run asks programs to handle (the prompt's "up to N
    objects"; :func:`probe_tasks`; training-side tasks, never held-out ones), in one ordering, under the
    run's limits. Solved tasks and CPU seconds (a failed task counts its full time) are what tell drafts
    apart: the debugging tasks are small enough that most drafts solve them all. The record keeps what
    happened on each failed task, and the second function gives a probe task's inputs: a reach repair
    shows the model one (:func:`genplan.stages.search.write_search`). None without a generator (the drafts
    are then ranked by the debugging tasks alone)."""
    from genplan.core.paths import cache_root
    from genplan.execute.evaluate import evaluate_program

    config = ctx.config
    generator = _generator(ctx)
    if generator is None:
        return None
    tasks = probe_tasks(generator, ctx.max_objects, config.seed)
    if not tasks:
        return None
    objects = round(sum(t.size for _, t in tasks) / len(tasks))

    def probe(version: SearchVersion) -> dict:
        assert version.source is not None
        with ctx.cpu_gate or _null():
            report = evaluate_program(compose(version.source, version.strategy), tasks, orderings=1, seed=config.seed,
                                      timeout=config.timeout, memory_mb=config.memory_mb, jobs=ctx.jobs, mode="debug",
                                      cache_dir=cache_root(ctx.cache_dir), cluster=ctx.cluster)  # fmt: skip
        solved = sum(r.solved for r in report.results)
        ctx.progress("probe", {"label": version.label, "solved": solved, "of": len(tasks)})
        return {"solved": solved, "of": len(tasks), "objects": objects,
                "cpu_s": round(sum(r.runtime for r in report.results), 3),
                "tasks": {r.task_id: r.solved for r in report.results},
                PROBE_FEEDBACK: {r.task_id: {"feedback": r.feedback, "category": r.category}
                                 for r in report.results if not r.solved}}  # fmt: skip

    by_id = dict(tasks)

    def task(task_id: str) -> PyTask:
        return python_inputs(by_id[task_id])

    return probe, task


def probe_tasks(generator: Any, size: int, seed: int) -> list[tuple[str, Task]]:
    """The probe's tasks: for each of :data:`PROBE_SHARES` of ``size``, the first :data:`PROBE_PER_SIZE` of
    twice as many generated that have at least :data:`PROBE_NEAR` of that share.

    Why below the largest size: on the Learning Track's sokoban, generated tasks are harder than the test
    tasks of their size (the best heuristic so far solves test tasks of 4,000 objects in 7 to 13 s, and
    none of 3 generated ones in 45 s). At the largest size, four heuristics failed all 10 probe runs
    made; at half and three quarters of it, the three strongest (64 to 72 of the 90 test tasks) solved 2
    to 4 of the 4, the three weakest (59 or fewer) at most 1 (README, *Drafts*). Why not simply the first
    tasks drawn: the generators' perturbed parameters (one task in three, variety for the generalization
    check) can make a much smaller task (for 4,240 objects, a 32 x 32 sokoban map of 1,094 objects)."""
    tasks: list[tuple[str, Task]] = []
    for share in PROBE_SHARES:
        drawn = _near_size(generator, max(1, round(share * size)), seed)
        tasks.extend((task_id.replace("gen-", "probe-", 1), task) for task_id, task in drawn[:PROBE_PER_SIZE])
    return tasks


def _near_size(generator: Any, target: int, seed: int) -> list[tuple[str, Task]]:
    """Of twice :data:`PROBE_PER_SIZE` tasks generated for ``target`` objects, those with at least
    :data:`PROBE_NEAR` of it; none when the target is below the generator's smallest task."""
    from genplan.generalize.generated import generated_batches

    try:
        return [(c.task_id, c.task)
                for batch in generated_batches(generator, [target], per_size=2 * PROBE_PER_SIZE, seed=seed,
                                               max_objects=target)
                for c in batch if c.task.size >= PROBE_NEAR * target]  # fmt: skip
    except GenplanError:
        return []


def large_sample(generator: Any, size: int, seed: int) -> LargeSample | None:
    """A generated task of about ``size`` objects (the size the request states), drawn as a map for the
    request (:class:`genplan.stages.search.LargeSample`): the first of a few drawn with at least
    :data:`PROBE_NEAR` of the size (a perturbed parameter can make a much smaller one). None without a
    generator, when none is near the size, or when the domain is not a grid (or the grid is too large to
    draw): the request then says only how many objects tasks may have."""
    from genplan.pddl.gridmap import draw_map

    if generator is None or size < 1:
        return None
    drawn = _near_size(generator, size, seed)
    if not drawn:
        return None
    task_id, task = drawn[0]
    static = task.static_facts
    drawing = draw_map(sorted(task.all_objects.items()), static, task.init - static, task.goal)
    if drawing is None:
        return None
    per_type = Counter(task.all_objects.values())
    return LargeSample(task_id, task.size, tuple(sorted(per_type.items())), drawing)


def generalizer(
    ctx: Context, compose: Callable[[str, str], str]
) -> Callable[[SearchVersion], tuple[str, PyTask, TaskResult] | None] | None:
    """The generalization check for search versions (when the run has one): the composed search, with the
    strategy its checks chose, run on new tasks as a program is, larger ones above all (the suite's other
    training tasks first, then generated ones up to several times the debugging tasks' size). That is
    where a search meets what the small checked states cannot show: a heuristic too slow for large tasks,
    or a cache that grows with every state met until the memory limit."""
    if ctx.search is None:
        return None
    find = ctx.search.for_program()

    def check(version: SearchVersion) -> tuple[str, PyTask, TaskResult] | None:
        assert version.source is not None
        found = find(SimpleNamespace(source=compose(version.source, version.strategy), label=version.label))
        if found is None:
            return None
        code_task, result = found
        return code_task.task_id, code_task.py, result

    return check


def checker(ctx: Context) -> Callable[[str], object]:
    """The exact checks on states of training tasks: the debugging tasks, the suite's given ones, their
    variants and small generated tasks (never held-out tasks)."""
    from genplan.core.paths import cache_root
    from genplan.search.check import check_search, check_tasks

    suite, config = ctx.suite, ctx.config
    generator = _generator(ctx)
    tasks = check_tasks([(t, suite.task(t)) for t in suite.split.debug],
                        [(t, suite.task(t)) for t in suite.extra.get("given", ())], generator, seed=config.seed,
                        max_objects=min(60, ctx.max_objects))  # fmt: skip

    def check(source: str) -> object:
        with ctx.cpu_gate or _null():
            return check_search(source, tasks, seed=config.seed, timeout=config.timeout, memory_mb=config.memory_mb,
                                cache_dir=cache_root(ctx.cache_dir))  # fmt: skip

    return check


def _generator(ctx: Context) -> Any:
    """The suite's task generator (ours, renamed or in the suite's dialect), or None: what the checks and
    the probe generate tasks with."""
    from genplan.generalize.naming import find_generator, registered_renaming

    suite = ctx.suite
    return find_generator(suite.domain, hint=suite.domain_name, renaming=registered_renaming(suite.root, ctx.cache_dir))


def _null():
    from contextlib import nullcontext

    return nullcontext()
