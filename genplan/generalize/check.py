"""Does a program generalize? Hunt for the smallest task it fails on.

The check runs a program in the sandbox on a stream of new tasks, in waves. Each wave takes a batch
from each source in turn: (a) the domain's generator at the next size of a geometric ladder, (b)
variants of the debugging tasks, (c) tasks the user gave. It stops at the first wave in which the
program fails on a task (an invalid plan, a crash or a timeout in any input ordering) that is solvable,
shrinks that task to the smallest one it can find that fails the same way, and returns it with the
program's plan and the validator's feedback. When the budget runs out first, it says what it tried.

It is given the domain and the debugging tasks only, never a suite: held-out tasks cannot reach it.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field
from itertools import zip_longest
from pathlib import Path
from typing import TYPE_CHECKING, Any

from genplan.core.errors import GenplanError
from genplan.execute.evaluate import TaskOutcome
from genplan.execute.results import NOT_RUN, summarize
from genplan.generalize.candidates import Candidate
from genplan.generalize.generated import check_seed, generated_batches, size_ladder
from genplan.generalize.naming import GeneratorNames
from genplan.generalize.regenerate import regenerate_smaller
from genplan.generalize.shrink import shrink
from genplan.generalize.variants import variant_batches
from genplan.pddl.model import Domain, Task
from genplan.pddl.pyform import PyTask

if TYPE_CHECKING:
    from genplan.execute.backend import Backend

#: Share of the shrinking budget that making the failure smaller through its generator may use first.
REGENERATE_SHARE = 0.6

#: Progress events ``(event, info)``: "wave" (a batch starts), "tried" (a task judged), "found", "regenerate", "shrink".
Progress = Callable[[str, dict[str, Any]], object]


#: Without --max-objects, later rounds of the check may go this many times beyond the default largest size.
EXTEND = 4


@dataclass(frozen=True)
class CheckSettings:
    """How hard to look. The defaults aim at about a minute on 2 cores."""

    #: Seconds for the search (generating and running tasks). Shrinking has its own budget.
    budget_s: float = 60.0
    #: Largest generated task, in objects; None: 10x the largest debugging task and at least 500 in the
    #: first round, further out in later rounds while the budget lasts (up to ``EXTEND`` times that).
    max_objects: int | None = None
    seed: int = 1
    #: Input orderings per task; the task fails if any ordering fails.
    orderings: int = 4
    #: Seconds and MiB per program run.
    timeout: float = 45.0
    memory_mb: int = 4096
    #: Generated tasks per size.
    per_size: int = 4
    #: Seconds for shrinking a counterexample: through its generator first (smaller tasks of the same
    #: kind), then by delta debugging.
    shrink_budget_s: float = 60.0
    #: Seconds Fast Downward may take to prove a task solvable.
    proof_time_limit: float = 10.0
    #: Sizes grow by this factor from the smallest debugging task.
    growth: float = 1.6
    #: Passes over all sources, each with fresh seeds, while the budget lasts.
    rounds: int = 20
    #: Also rename objects with numbers drawn at random (a name then says nothing about an object's place
    #: or value). Strict: the pipeline leaves it out, because no benchmark task does that and a repair
    #: round spent on it is a round not spent on what the held-out tasks need.
    shuffled_names: bool = True
    jobs: int | None = None

    def resolved_max_objects(self, debug: Sequence[Task]) -> int:
        if self.max_objects is not None:
            return self.max_objects
        largest = max((t.size for t in debug), default=0)
        return max(500, 10 * largest)

    def reach(self, debug: Sequence[Task], given: Sequence[Task] = ()) -> int:
        """The largest task (in objects) the check may try: ``max_objects`` when set, else what later
        rounds extend to (``EXTEND`` times the first round's), or a larger given task. Prompts state it as
        the size programs must handle, so it never depends on a held-out task."""
        if self.max_objects is not None:
            return self.max_objects
        return max([EXTEND * self.resolved_max_objects(debug), *(t.size for t in given)])

    def check(self) -> CheckSettings:
        if self.budget_s <= 0 or self.shrink_budget_s < 0:
            raise GenplanError("The check's budget must be positive.", hint="Pass e.g. --budget 60.")
        if self.max_objects is not None and self.max_objects < 1:
            raise GenplanError(f"--max-objects must be at least 1, not {self.max_objects}.")
        if self.orderings < 1 or self.per_size < 1:
            raise GenplanError("The check needs at least 1 ordering and 1 task per size.")
        return self


@dataclass(frozen=True)
class Tried:
    """One task the program was run on."""

    task_id: str
    source: str
    family: str
    objects: int
    solved: bool
    status: str


@dataclass(frozen=True)
class Counterexample:
    """The smallest failing task found, with what the program did on it."""

    task_id: str
    task: Task
    source: str
    family: str
    origin: str
    #: The paper's error category and the precise status (verdict kind or executor status).
    category: str
    status: str
    #: What the validator or the executor says (what an LLM is shown).
    feedback: str
    #: The program's plan on the failing ordering (None if it returned none).
    plan: tuple[str, ...] | None
    #: The inputs exactly as the failing run received them.
    inputs: PyTask | None
    #: "construction" or "planner": why the task is known to be solvable.
    solvable: str
    #: Size of the task as first found, and the shrinking steps kept.
    found_objects: int
    shrink_steps: int
    shrink_cut_short: bool
    #: Steps down the generator's parameters before delta debugging (see :mod:`genplan.generalize.regenerate`).
    regenerate_steps: int = 0

    def to_json(self) -> dict[str, Any]:
        from genplan.pddl.writer import write_problem

        return {
            "task_id": self.task_id,
            "source": self.source,
            "family": self.family,
            "origin": self.origin,
            "category": self.category,
            "status": self.status,
            "feedback": self.feedback,
            "plan": list(self.plan) if self.plan is not None else None,
            "objects": self.task.size,
            "found_objects": self.found_objects,
            "shrink_steps": self.shrink_steps,
            "shrink_cut_short": self.shrink_cut_short,
            "regenerate_steps": self.regenerate_steps,
            "solvable": self.solvable,
            "problem_pddl": write_problem(self.task),
        }


@dataclass(frozen=True)
class CheckResult:
    counterexample: Counterexample | None
    tried: tuple[Tried, ...]
    elapsed_s: float
    settings: CheckSettings
    #: True when every round of every source ran before the budget did.
    exhausted: bool
    #: How generated tasks were made ("the ferry generator"), or None when there is no generator.
    generator: str | None
    #: Failing tasks set aside because they could not be proved solvable.
    unproved: tuple[str, ...] = ()
    notes: tuple[str, ...] = field(default=())

    @property
    def found(self) -> bool:
        return self.counterexample is not None

    def tried_summary(self) -> list[str]:
        """One line per source: how many tasks of which sizes."""
        lines = []
        for source in ("generator", "variant", "user"):
            rows = [t for t in self.tried if t.source == source]
            if rows:
                sizes = sorted({t.objects for t in rows})
                span = f"{sizes[0]}" if len(sizes) == 1 else f"{sizes[0]}-{sizes[-1]}"
                label = {"generator": "generated", "variant": "variants of debugging", "user": "given"}[source]
                lines.append(f"{len(rows)} {label} tasks ({span} objects)")
        return lines

    def to_json(self) -> dict[str, Any]:
        from dataclasses import asdict

        return {
            "found": self.found,
            "counterexample": self.counterexample.to_json() if self.counterexample else None,
            "elapsed_s": round(self.elapsed_s, 3),
            "settings": asdict(self.settings),
            "exhausted": self.exhausted,
            "generator": self.generator,
            "unproved": list(self.unproved),
            "notes": list(self.notes),
            "tried_summary": self.tried_summary(),
            "tried": [t.__dict__ for t in self.tried],
        }


def _waves(*sources: Iterator[list[Candidate]]) -> Iterator[list[Candidate]]:
    """Round robin over the sources: a batch of each in turn, in the order given."""
    for batches in zip_longest(*sources):
        for batch in batches:
            if batch:
                yield batch


def _chunks(items: Sequence[tuple[str, Task]], size: int = 8) -> Iterator[list[Candidate]]:
    for start in range(0, len(items), size):
        yield [
            Candidate(tid, task, "user", "given", f"task {tid} given to the check", False)
            for tid, task in items[start : start + size]
        ]


def check_program(
    source: str,
    domain: Domain,
    debug: Sequence[tuple[str, Task]],
    *,
    settings: CheckSettings | None = None,
    generator: GeneratorNames | None = None,
    user_tasks: Sequence[tuple[str, Task]] = (),
    cache_dir: str | Path | None = None,
    executor: Any = None,
    progress: Progress | None = None,
    prove: Callable[[Task], bool] | None = None,
    cluster: Backend | None = None,
) -> CheckResult:
    """Run ``source`` on new tasks until one fails or the budget is spent; shrink a failure found.

    ``debug`` are the debugging tasks (the only tasks of the suite the check sees); ``generator``
    says how to generate tasks in the suite's names (see :mod:`genplan.generalize.naming`);
    ``user_tasks`` are extra tasks to try (they must be proved solvable like any other). With a Dask
    ``cluster``, each wave's tasks and the proofs of solvability run on its workers; tasks are made, and
    failures judged and shrunk, here.
    """
    from genplan.execute.evaluate import evaluate
    from genplan.execute.outcome import Limits
    from genplan.execute.pool import Executor
    from genplan.generalize.solvable import planner_proof

    settings = (settings or CheckSettings()).check()
    if not debug and not user_tasks and generator is None:
        raise GenplanError("The check has no task to start from.", hint="Give debugging tasks or --tasks.")
    notify = progress or (lambda _e, _i: None)
    started = time.monotonic()
    deadline = started + settings.budget_s
    prove = prove or planner_proof(settings.proof_time_limit, cache_dir, cluster)
    debug_tasks = [t for _, t in debug]
    max_objects = settings.resolved_max_objects(debug_tasks)
    notes: list[str] = []

    if generator is None:
        notes.append("no generator for this domain: only variants of the debugging tasks (and given tasks) were used")

    # How far out generated tasks go: max_objects in the first round; later rounds double it while the
    # budget lasts, up to EXTEND times max_objects, unless --max-objects was given (then it is the cap).
    reach = [max_objects]
    extend_to = max_objects if settings.max_objects is not None else EXTEND * max_objects

    def stream() -> Iterator[list[Candidate]]:
        """Round after round of waves, each round with fresh seeds, until the budget or ``rounds`` ends.

        Given tasks are tried first, in the first round only (they do not change with the seed)."""
        for r in range(settings.rounds):
            seed = settings.seed if r == 0 else check_seed("round", settings.seed, r)
            sources: list[Iterator[list[Candidate]]] = []
            if generator is not None:
                smallest = min((t.size for t in debug_tasks), default=5)
                largest = max((t.size for t in debug_tasks), default=5)
                if r == 0:
                    sizes = size_ladder(smallest, max_objects, settings.growth)
                elif r % 2 == 1 and reach[0] < extend_to:
                    # Budget left after the sizes so far: go further out, doubling the reach (test
                    # distributions, the Learning Track's above all, can be far larger than the debugging
                    # tasks: 34 floortile robots where training had 3). --max-objects is a hard cap.
                    sizes = size_ladder(reach[0], min(extend_to, 2 * reach[0]), settings.growth)
                    reach[0] = min(extend_to, 2 * reach[0])
                else:
                    # The first round reached the large sizes. Later ones sample densely among small
                    # tasks (cheap to run, easy to read as counterexamples), from a shifted start so
                    # that their sizes fall between those tried before.
                    start = max(1, round(smallest * random.Random(seed).uniform(0.7, 1.3)))
                    sizes = size_ladder(start, min(max_objects, max(start, 4 * largest)), 1.25)
                sources.append(generated_batches(generator, sizes, per_size=settings.per_size, seed=seed,
                                                 max_objects=reach[0], round_=r,
                                                 max_unproven=2 * largest))  # fmt: skip
            reorder_seed = check_seed("reorder", seed) % 1_000_000
            sources.append(
                variant_batches(
                    debug,
                    seed=seed,
                    reorder_seed=reorder_seed,
                    round_=r,
                    skip=() if settings.shuffled_names else ("rename-shuffled",),
                )
            )
            if r == 0:
                # Given tasks (--tasks, or a suite's other training tasks) first: someone chose them.
                yield from _chunks(list(user_tasks))
            yield from _waves(*sources)

    limits = Limits(timeout=settings.timeout, memory=settings.memory_mb * 2**20)
    own = executor is None and cluster is None
    runner = executor if executor is not None or cluster is not None else Executor(jobs=settings.jobs, limits=limits)

    def run(cands: Sequence[Candidate], until: float | None = None) -> list[TaskOutcome]:
        """Every candidate in every ordering; grouped by ordering seed (one evaluation each).

        With ``until`` (the search's deadline) a task's later orderings are skipped once one failed, later
        ordering groups once a task failed, and everything once past the deadline, so that the search ends
        within its budget plus one run's time limit whatever the program does; candidates not run come back
        ``not run``. Which tasks run does not depend on timing (only the deadline's cut does), so the
        counterexample is the same on every executor.
        """
        out: dict[str, TaskOutcome] = {}
        groups: dict[int, list[Candidate]] = {}
        for c in cands:
            groups.setdefault(c.ordering_seed if c.ordering_seed is not None else settings.seed, []).append(c)
        for seed, group in groups.items():
            if until is not None and (time.monotonic() > until or any(not r.solved for r in out.values())):
                out.update((c.task_id, summarize(c.task_id, [], [], settings.orderings)) for c in group)
                continue
            ev = evaluate(
                source, [(c.task_id, c.task) for c in group], orderings=settings.orderings, seed=seed,
                timeout=settings.timeout, memory_mb=settings.memory_mb,
                mode="debug" if until is None else "heldout", executor=runner, cluster=cluster, deadline=until,
            )  # fmt: skip
            out.update((r.task_id, r) for r in ev.results)
        return [out[c.task_id] for c in cands]

    tried: list[Tried] = []
    unproved: list[str] = []
    exhausted = True
    try:
        for batch in stream():
            if time.monotonic() > deadline:
                exhausted = False
                break
            notify("wave", {"source": batch[0].source, "family": batch[0].family, "tasks": len(batch),
                            "objects": max(c.task.size for c in batch)})  # fmt: skip
            results = run(batch, until=deadline)
            failing: list[tuple[Candidate, TaskOutcome]] = []
            for cand, result in zip(batch, results, strict=True):
                if result.status == NOT_RUN:  # the wave stopped at a failure or at the deadline first
                    continue
                tried.append(Tried(cand.task_id, cand.source, cand.family, cand.task.size, result.solved,
                                   result.status))  # fmt: skip
                notify("tried", {"task": cand.task_id, "solved": result.solved, "status": result.status})
                if not result.solved:
                    failing.append((cand, result))
            failing.sort(key=lambda cr: (not cr[0].solvable, cr[0].task.size))
            for cand, result in failing:
                how = "construction" if cand.solvable else ("planner" if prove(cand.task) else None)
                if how is None:
                    unproved.append(cand.task_id)
                    continue
                notify("found", {"task": cand.task_id, "objects": cand.task.size, "category": result.category})
                cex = _shrunk(cand, result, how, run, prove, debug_tasks, settings, notify, generator)
                return CheckResult(cex, tuple(tried), time.monotonic() - started, settings, False,
                                   generator.how if generator else None, tuple(unproved), tuple(notes))  # fmt: skip
    finally:
        if own:
            runner.close()
    return CheckResult(None, tuple(tried), time.monotonic() - started, settings, exhausted,
                       generator.how if generator else None, tuple(unproved), tuple(notes))  # fmt: skip


def _shrunk(
    cand: Candidate,
    result: TaskOutcome,
    how: str,
    run: Callable[[Sequence[Candidate]], list[TaskOutcome]],
    prove: Callable[[Task], bool],
    references: Sequence[Task],
    settings: CheckSettings,
    notify: Progress,
    generator: GeneratorNames | None = None,
) -> Counterexample:
    """The failure made as small as the budget allows: first through its generator (a smaller task of
    the same kind, see :mod:`genplan.generalize.regenerate`), then by delta debugging its goal and objects."""
    from dataclasses import replace

    found_objects = cand.task.size
    regenerated_steps = 0
    shrinkable = result.status != "timeout" and settings.shrink_budget_s > 0
    start = time.monotonic()
    if shrinkable and generator is not None and cand.source == "generator":
        notify("regenerate", {"task": cand.task_id, "objects": cand.task.size})
        largest = max((t.size for t in references), default=5)
        smaller = regenerate_smaller(cand, result, generator, run, prove, max_unproven=2 * largest,
                                     deadline=start + settings.shrink_budget_s * REGENERATE_SHARE)  # fmt: skip
        if smaller.steps:
            how = "construction" if smaller.candidate.solvable else "planner"
            cand, result, regenerated_steps = smaller.candidate, smaller.outcome, smaller.steps

    def fails(task: Task) -> TaskOutcome | None:
        outcome = run([replace(cand, task=task)])[0]
        if outcome.solved or outcome.category != result.category:
            return None
        return outcome

    if shrinkable:
        notify("shrink", {"task": cand.task_id, "objects": cand.task.size})
        done = shrink(cand.task, result, fails, prove, references, deadline=start + settings.shrink_budget_s)
        task, final, steps, cut = done.task, done.failure, done.steps, done.cut_short
        if task.objects != cand.task.objects or task.init != cand.task.init:
            how = "planner"  # objects were removed: the shrinker proved the result solvable
    else:
        task, final, steps, cut = cand.task, result, 0, False
    assert isinstance(final, TaskOutcome)
    return Counterexample(
        task_id=cand.task_id,
        task=task,
        source=cand.source,
        family=cand.family,
        origin=cand.origin,
        category=final.category or final.status,
        status=final.status,
        feedback=final.feedback or "",
        plan=_failing_plan(final),
        inputs=final.failed_inputs,
        solvable=how,
        found_objects=found_objects,
        shrink_steps=steps,
        shrink_cut_short=cut,
        regenerate_steps=regenerated_steps,
    )


def _failing_plan(outcome: TaskOutcome) -> tuple[str, ...] | None:
    """The plan the failing ordering returned (not ordering 0's, which may have been valid)."""
    for run in outcome.runs:
        if not run.valid:
            plan = run.outcome.plan
            return tuple(plan) if plan is not None else None
    return outcome.plan
