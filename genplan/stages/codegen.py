"""Stage 3: write N program variants from the strategy and debug each against the debugging tasks.

The variants' prompts differ only in the order in which the example task's objects and goal facts are
listed (a seeded shuffle), which is enough to send the LLM down different paths at temperature 0. Each
program runs on every debugging task in every input ordering; while one fails and rounds remain, the
LLM sees one failure (as Python literals, with the validator's or the executor's feedback), and the
solved tasks with their outputs as positive feedback; it reflects on where and why the code went wrong,
then writes the fixed program. The stage stops at the first program that solves every debugging task.

A repair round's conversation holds the original request, the latest program and the feedback, not
every earlier round: older versions are superseded, and resending them would only cost tokens and
context window (a failure mode of the published system).

The paper writes variant k+1 only after variant k's repairs failed, so the variants' requests depend on
each other's outcome. With ``eager`` all N initial programs are written first; their requests are then
independent and go out at once (:func:`genplan.stages.conversation.run_all`), at the price of the
variants a lazy run would not have needed.
"""

from __future__ import annotations

import hashlib
import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from typing import Any

from genplan.core.prompts import render
from genplan.pddl.pyform import PyTask, render_set
from genplan.stages.conversation import Answer, ChatClient, Message, ask, run_all, user
from genplan.stages.extract import extract_program


@dataclass(frozen=True)
class TaskResult:
    """How a program did on one debugging task over all its input orderings."""

    task_id: str
    solved: bool
    #: The program's plan (on the first ordering) when solved.
    plan: tuple[str, ...] | None = None
    #: For a failure: what the LLM is told (exception, timeout with stack, invalid plan, ...).
    feedback: str | None = None
    #: For a failure: its category (Python exception, timeout, invalid action, goal not satisfied, ...).
    category: str | None = None


#: Runs a program's source on the debugging tasks: one result per task, in task order.
Evaluator = Callable[[str, Sequence[str]], list[TaskResult]]


@dataclass(frozen=True)
class ProgramVersion:
    """One program: the variant it belongs to (1..N), its repair round (0 = initial), its results."""

    variant: int
    round: int
    answer: str
    source: str | None
    results: tuple[TaskResult, ...]
    #: The reflection that preceded this version's fix (None for initial versions or without reflection).
    reflection: str | None = None
    reminders: int = 0
    #: The generalization check's verdict: True when it found nothing, False when it found a task this
    #: version fails, None when it was not checked (no check configured, or a debugging task failed).
    generalizes: bool | None = None
    #: The model's diagnoses (reflections) of the earlier versions of this variant, oldest first: a repair
    #: conversation keeps only the request and the newest program, so they are shown again explicitly.
    diagnoses: tuple[str, ...] = ()

    @property
    def solved(self) -> int:
        return sum(r.solved for r in self.results)

    @property
    def label(self) -> str:
        return f"p{self.variant}.v{self.round}"


@dataclass(frozen=True)
class Example:
    """The one task shown with a plan in the program prompt."""

    task_id: str
    py: PyTask
    plan: tuple[str, ...]
    #: "llm" (a valid plan the LLM wrote while debugging the strategy) or "planner" (optimal, Fast Downward).
    source: str


@dataclass(frozen=True)
class CodeTask:
    """A debugging task in the form the code prompts show (canonical Python literals)."""

    task_id: str
    py: PyTask


def shuffled_example(example: Example | Any, seed: int, variant: int, attempt: int = 0, stage: str = "codegen") -> str:
    """The example's Python literals with objects and goal facts in a seeded order for ``variant`` (of
    ``stage``: the search rung's drafts draw their own orders). ``example``: anything with ``task_id``
    and ``py``."""
    tag = f"{stage}|{seed}|{variant}|{example.task_id}" + (f"|{attempt}" if attempt else "")
    digest = hashlib.sha256(tag.encode()).digest()
    rng = random.Random(int.from_bytes(digest[:8], "big"))
    objects = list(example.py.objects)
    goal = list(example.py.goal)
    rng.shuffle(objects)
    rng.shuffle(goal)
    return "\n".join(
        (f"objects = {render_set(objects)}", f"init = {render_set(example.py.init)}", f"goal = {render_set(goal)}")
    )


def example_variants(example: Example, seed: int, n: int, tries: int = 50) -> list[tuple[str, int]]:
    """For variants 1..n: the example's shuffled literals and the sample index to ask with.

    A small example has few orderings, so two variants can draw the same one; their prompts would then
    be identical, and the second program would be the first one again (from the reply cache, or from a
    deterministic model). Each variant therefore redraws until its ordering is new; when the task has
    too few orderings for that, the repeated prompt is sent as a further sample (index 1, 2, ...).
    """
    seen: dict[str, int] = {}
    out = []
    for variant in range(1, n + 1):
        text = shuffled_example(example, seed, variant)
        for attempt in range(1, tries):
            if text not in seen:
                break
            text = shuffled_example(example, seed, variant, attempt)
        out.append((text, seen.get(text, 0)))
        seen[text] = seen.get(text, 0) + 1
    return out


def _python_literals(py: PyTask) -> str:
    from genplan.pddl.pyform import render_python_task

    return render_python_task(py)


#: The earlier diagnoses a repair prompt shows (the newest ones), and at most this many characters of each.
DIAGNOSES_SHOWN, DIAGNOSIS_CHARS = 3, 1500


def _feedback_context(version: ProgramVersion, tasks: dict[str, CodeTask], positive: bool) -> dict:
    failed = next(r for r in version.results if not r.solved)
    # Plans of solved tasks only in the first repair round: later rounds name the tasks (a model reading
    # the same plans every round found them noise, not news).
    first = version.round == 0
    solved = [{"name": r.task_id, "plan": list(r.plan or ()) if first else None}
              for r in version.results if r.solved and positive]  # fmt: skip
    earlier = [d if len(d) <= DIAGNOSIS_CHARS else d[:DIAGNOSIS_CHARS] + " [...]"
               for d in version.diagnoses[-DIAGNOSES_SHOWN:]]  # fmt: skip
    return {
        "n_tasks": len(version.results),
        "solved": solved,
        "plans_shown_before": not first,
        "earlier": earlier,
        "failed": {
            "name": failed.task_id,
            "python": _python_literals(tasks[failed.task_id].py),
            "feedback": failed.feedback or "The program did not produce a valid plan.",
        },
    }


def write_program(
    llm: ChatClient,
    strategy: str,
    domain_description: str,
    example: Example,
    seed: int,
    variant: int,
    evaluate: Evaluator,
    task_ids: Sequence[str],
    *,
    reasoning: bool = False,
    strategy_style: str = "pseudocode",
    timeout: float = 45.0,
    max_objects: int | None = None,
    typed: bool = False,
) -> tuple[ProgramVersion, tuple[Message, ...]]:
    answer = ask_program(llm, strategy, domain_description, example, seed, variant, reasoning=reasoning,
                         strategy_style=strategy_style, timeout=timeout, max_objects=max_objects,
                         typed=typed)  # fmt: skip
    return evaluated_answer(evaluate, task_ids, variant, answer)


def evaluated_answer(
    evaluate: Evaluator, task_ids: Sequence[str], variant: int, answer: Answer
) -> tuple[ProgramVersion, tuple[Message, ...]]:
    """An initial program's version (evaluated) and the conversation its repairs continue."""
    version = _evaluated(evaluate, task_ids, variant, 0, answer.text, answer.value, None, answer.reminders)
    return version, answer.messages[:1] + answer.messages[-1:]


def ask_program(
    llm: ChatClient,
    strategy: str,
    domain_description: str,
    example: Example,
    seed: int,
    variant: int,
    *,
    reasoning: bool = False,
    strategy_style: str = "pseudocode",
    timeout: float = 45.0,
    max_objects: int | None = None,
    typed: bool = False,
) -> Answer:
    """The answer to variant ``variant``'s request (its example's objects and goal in their own order)."""
    literals, sample = example_variants(example, seed, variant)[variant - 1]
    prompt = render(
        "codegen.j2",
        strategy=strategy,
        strategy_style=strategy_style,
        domain_description=domain_description,
        example={
            "name": example.task_id,
            "python": literals,
            "plan": list(example.plan),
        },
        timeout=timeout,
        max_objects=max_objects,
        typed=typed,
        reasoning=reasoning,
    )
    return ask(llm, [user(prompt)], purpose="code.write", extract=extract_program, want="program", sample=sample)


def _evaluated(
    evaluate: Evaluator,
    task_ids: Sequence[str],
    variant: int,
    round_: int,
    answer: str,
    source: str | None,
    reflection: str | None,
    reminders: int,
) -> ProgramVersion:
    if source is None:
        results = tuple(TaskResult(t, False, feedback=NO_PROGRAM, category="no program") for t in task_ids)
    else:
        results = tuple(evaluate(source, task_ids))
    return ProgramVersion(variant, round_, answer, source, results, reflection, reminders)


NO_PROGRAM = (
    "No Python program could be read from your answer. Write the complete program in one ```python block "
    "that defines generate_solution(objects, init, goal)."
)


def repair(
    llm: ChatClient,
    messages: tuple[Message, ...],
    version: ProgramVersion,
    tasks: dict[str, CodeTask],
    evaluate: Evaluator,
    *,
    reflection: bool = True,
    positive: bool = True,
    reasoning: bool = False,
    stage: str = "code",
) -> tuple[ProgramVersion, tuple[Message, ...]]:
    """One repair round: (reflect, then fix) or fix directly; the new version is evaluated.

    ``stage`` names the calls for accounting (``code.reflect``, or ``repair.reflect`` in the auto
    protocol's repair rung); it does not change the requests."""
    context = _feedback_context(version, tasks, positive)
    thought: str | None = None
    if reflection:
        request = user(render("code_reflect.j2", reasoning=reasoning, **context))
        reflected = ask(llm, [*messages, request], purpose=f"{stage}.reflect")
        thought = reflected.text
        convo = [*reflected.messages, user(render("code_fix.j2", reasoning=reasoning))]
    else:
        convo = [*messages, user(render("code_fix_direct.j2", reasoning=reasoning, **context))]
    fixed = ask(llm, convo, purpose=f"{stage}.fix", extract=extract_program, want="program")
    new = _evaluated(
        evaluate,
        [r.task_id for r in version.results],
        version.variant,
        version.round + 1,
        fixed.text,
        fixed.value,
        thought,
        fixed.reminders,
    )
    new = replace(new, diagnoses=(*version.diagnoses, thought) if thought else version.diagnoses)
    # Keep the request and the newest program only (see the module docstring); the diagnoses go along.
    return new, (messages[0], fixed.messages[-1])


@dataclass(frozen=True)
class CodegenResult:
    versions: tuple[ProgramVersion, ...]
    example: Example
    #: The debugging tasks at the end: the given ones, then any counterexamples added.
    tasks: tuple[CodeTask, ...] = ()


#: Looks for a task a program that passed every debugging task fails (the generalization check): the
#: new debugging task and the program's failed result on it, or None.
CounterexampleFinder = Callable[[ProgramVersion], "tuple[CodeTask, TaskResult] | None"]


def solves_all(version: ProgramVersion, task_ids: Sequence[str]) -> bool:
    """Every result valid, and every one of ``task_ids`` among them (a repair is evaluated on its parent's
    tasks, which may include a counterexample past the limit)."""
    return all(r.solved for r in version.results) and set(task_ids) <= {r.task_id for r in version.results}


class TaskList:
    """The debugging tasks of a code stage, which grow when the generalization check finds a counterexample.

    ``check`` applies the check to every version that solves every task so far. A task it fails joins the
    list (up to ``limit`` of them in all) and the version's results get the failed result appended. Past
    the limit the check still runs: a version it catches is not perfect, and its counterexample is
    available to repair it, without joining the list every later version is evaluated on. So no version
    is declared perfect (and no rung passes) without a check that found nothing.
    """

    def __init__(self, tasks: Sequence[CodeTask], find: CounterexampleFinder | None = None, limit: int = 0) -> None:
        self.by_id = {t.task_id: t for t in tasks}
        self.ids = [t.task_id for t in tasks]
        self.find = find
        self.limit = limit
        self.found = 0

    def solves_all(self, version: ProgramVersion) -> bool:
        return solves_all(version, self.ids)

    def perfect(self, version: ProgramVersion) -> bool:
        """Every debugging task solved and, with a check, the check passed."""
        return self.solves_all(version) and (self.find is None or version.generalizes is True)

    def check(self, version: ProgramVersion) -> ProgramVersion:
        if self.find is None or not self.solves_all(version):
            return version
        hit = self.find(version)
        if hit is None:
            return replace(version, generalizes=True)
        task, result = hit
        self.by_id[task.task_id] = task
        if self.found < self.limit:
            self.ids.append(task.task_id)
        self.found += 1
        return replace(version, results=(*version.results, result), generalizes=False)

    def tasks(self) -> tuple[CodeTask, ...]:
        return tuple(self.by_id[i] for i in self.ids)


def debug_variant(
    llm: ChatClient,
    version: ProgramVersion,
    messages: tuple[Message, ...],
    tasks: TaskList,
    evaluate: Evaluator,
    rounds: int,
    record: Callable[[ProgramVersion], None],
    *,
    reflection: bool = True,
    positive: bool = True,
    reasoning: bool = False,
    stage: str = "code",
) -> ProgramVersion:
    """Repair ``version`` (already recorded) up to ``rounds`` times while it fails a task; each new
    version is checked and handed to ``record``. Returns the last version."""
    for _ in range(rounds):
        if tasks.perfect(version):
            break
        version, messages = repair(llm, messages, version, tasks.by_id, evaluate, reflection=reflection,
                                   positive=positive, reasoning=reasoning, stage=stage)  # fmt: skip
        version = tasks.check(version)
        record(version)
    return version


def generate_programs(
    llm: ChatClient,
    strategy: str,
    domain_description: str,
    example: Example,
    tasks: Sequence[CodeTask],
    evaluate: Evaluator,
    *,
    n_programs: int,
    rounds: int,
    seed: int,
    reflection: bool = True,
    positive: bool = True,
    reasoning: bool = False,
    strategy_style: str = "pseudocode",
    timeout: float = 45.0,
    max_objects: int | None = None,
    typed: bool = False,
    on_version: Callable[[ProgramVersion], None] | None = None,
    find_counterexample: CounterexampleFinder | None = None,
    max_counterexamples: int = 0,
    eager: bool = False,
) -> CodegenResult:
    """Up to ``n_programs`` variants, each repaired up to ``rounds`` times; stops at a perfect program.

    With ``find_counterexample``, a program that solves every debugging task is checked further (up to
    ``max_counterexamples`` times in all): a task it fails joins the debugging tasks of every later
    version, and the program is repaired on it like on any failed task. "Perfect" then means: every
    debugging task, and no counterexample found.

    With ``eager``, all initial programs are written first (their requests go out at once), evaluated
    and checked in variant order; repairs follow, variant by variant, only if none of them is perfect.
    """
    task_list = TaskList(tasks, find_counterexample, max_counterexamples)
    versions: list[ProgramVersion] = []

    def record(version: ProgramVersion) -> None:
        versions.append(version)
        if on_version:
            on_version(version)

    def ask_variant(variant: int) -> Answer:
        return ask_program(llm, strategy, domain_description, example, seed, variant, reasoning=reasoning,
                           strategy_style=strategy_style, timeout=timeout, max_objects=max_objects,
                           typed=typed)  # fmt: skip

    def improve(version: ProgramVersion, messages: tuple[Message, ...]) -> ProgramVersion:
        return debug_variant(llm, version, messages, task_list, evaluate, rounds, record, reflection=reflection,
                             positive=positive, reasoning=reasoning)  # fmt: skip

    if eager:
        answers = run_all(llm, [lambda k=k: ask_variant(k) for k in range(1, n_programs + 1)])
        initial = []
        done = False
        for variant, answer in enumerate(answers, start=1):
            version, messages = evaluated_answer(evaluate, task_list.ids, variant, answer)
            if not done:  # once a program passed everything, the others are only scored
                version = task_list.check(version)
                done = task_list.perfect(version)
            record(version)
            initial.append((version, messages))
        if not done:
            for version, messages in initial:
                if task_list.perfect(improve(version, messages)):
                    break
    else:
        for variant in range(1, n_programs + 1):
            version, messages = evaluated_answer(evaluate, task_list.ids, variant, ask_variant(variant))
            version = task_list.check(version)
            record(version)
            if task_list.perfect(improve(version, messages)):
                break
    return CodegenResult(versions=tuple(versions), example=example, tasks=task_list.tasks())
