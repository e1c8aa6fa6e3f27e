"""Stage 2: write a strategy, then debug it with plans the LLM writes by following it.

A pseudocode strategy cannot be run, so it is tested indirectly: for every debugging task a fresh
conversation asks the LLM to write a plan by following the strategy, and the validator (never the LLM)
judges the plan. While some task fails and rounds remain, the LLM reflects on one failure (which part of
the strategy, and why; no fix yet) and then revises the strategy; every version is re-assessed on all
debugging tasks. The version that solved most tasks wins; ties go to the later version.

The plans for one version do not depend on each other, so they are asked for at once
(:func:`genplan.stages.conversation.run_all`) and judged in task order afterwards.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field, replace

from genplan.core.prompts import render
from genplan.pddl.model import Task
from genplan.stages.conversation import Answer, ChatClient, Message, ask, run_all, user
from genplan.stages.extract import extract_plan, extract_pseudocode


@dataclass(frozen=True)
class Judgement:
    """The validator's word on one plan: valid or not, the feedback message, the verdict as JSON."""

    valid: bool
    feedback: str
    verdict: dict = field(default_factory=dict)


#: Judges a plan for a task (our validator, with VAL confirming accepted plans).
Judge = Callable[[Task, Sequence[str]], Judgement]


@dataclass(frozen=True)
class DebugTask:
    """A debugging task as the strategy stage needs it."""

    task_id: str
    task: Task
    pddl: str
    description: str


@dataclass(frozen=True)
class PlanAttempt:
    """One plan written by following a strategy version, and its verdict."""

    task_id: str
    answer: str
    plan: tuple[str, ...] | None
    valid: bool
    feedback: str
    verdict: dict
    messages: tuple[Message, ...]
    reminders: int = 0


@dataclass(frozen=True)
class StrategyVersion:
    index: int
    text: str
    #: The answer the strategy was extracted from (reasoning included).
    answer: str
    attempts: tuple[PlanAttempt, ...] = ()
    #: The task whose failure was reflected on, the reflection, and the revision answer that followed.
    reflected_task: str | None = None
    reflection: str | None = None

    @property
    def solved(self) -> int:
        return sum(a.valid for a in self.attempts)

    @property
    def assessed(self) -> bool:
        return bool(self.attempts)


@dataclass(frozen=True)
class StrategyResult:
    versions: tuple[StrategyVersion, ...]
    selected: int
    style: str

    @property
    def best(self) -> StrategyVersion:
        return self.versions[self.selected]

    def valid_example(self) -> tuple[str, tuple[str, ...]] | None:
        """A debugging task with a valid LLM plan, preferring the selected version, then later ones."""
        order = [self.selected, *sorted((v.index for v in self.versions if v.index != self.selected), reverse=True)]
        for idx in order:
            for attempt in self.versions[idx].attempts:
                if attempt.valid and attempt.plan:
                    return attempt.task_id, attempt.plan
        return None


def write_strategy(
    llm: ChatClient,
    domain_description: str,
    examples: Sequence[DebugTask],
    *,
    style: str = "pseudocode",
    domain_pddl: str = "",
    typed: bool = False,
    earlier: Sequence[dict] = (),
    reasoning: bool = False,
) -> StrategyVersion:
    """Version 0: pseudocode (or, for the baseline, a prose strategy) from the domain and two examples.

    ``earlier``: programs that failed before any strategy was written (the auto protocol's first rungs),
    shown as notes to learn from (see ``strategy.j2``)."""
    if style == "pseudocode":
        prompt = render(
            "strategy.j2",
            domain_description=domain_description,
            examples=[{"name": e.task_id, "description": e.description} for e in examples],
            typed=typed,
            earlier=list(earlier),
            reasoning=reasoning,
        )
    else:
        prompt = render(
            "baseline_strategy.j2",
            domain_pddl=domain_pddl,
            examples=[{"name": e.task_id, "pddl": e.pddl} for e in examples],
            typed=typed,
            reasoning=reasoning,
        )
    extract = extract_pseudocode if style == "pseudocode" else _prose
    answer = ask(llm, [user(prompt)], purpose="strategy.write", extract=extract, want="pseudocode")
    return StrategyVersion(index=0, text=answer.value or answer.text.strip(), answer=answer.text)


def _prose(text: str) -> str | None:
    return text.strip() or None


def attempt_plan(
    llm: ChatClient,
    judge: Judge,
    domain_description: str,
    strategy: str,
    task: DebugTask,
    *,
    reasoning: bool = False,
) -> PlanAttempt:
    """A fresh conversation: write a plan for ``task`` by following ``strategy``; the validator judges it."""
    return judged_attempt(judge, task, ask_plan(llm, domain_description, strategy, task, reasoning=reasoning))


def ask_plan(llm: ChatClient, domain_description: str, strategy: str, task: DebugTask, *, reasoning: bool) -> Answer:
    """The LLM's answer (a plan, read from it) for ``task`` written by following ``strategy``."""
    prompt = render(
        "strategy_plan.j2",
        domain_description=domain_description,
        pseudocode=strategy,
        task_description=task.description,
        # A counterexample found by the generalization check has no description: it is shown as PDDL.
        task_pddl=task.pddl,
        task_name=task.task_id,
        reasoning=reasoning,
    )
    names = frozenset(a.name for a in task.task.domain.actions)
    return ask(llm, [user(prompt)], purpose="strategy.plan", extract=lambda t: extract_plan(t, names), want="plan")


def judged_attempt(judge: Judge, task: DebugTask, answer: Answer) -> PlanAttempt:
    """The validator's verdict on the plan in ``answer``."""
    plan = tuple(answer.value) if answer.value else None
    if plan is None:
        judgement = Judgement(
            False,
            "No plan could be read from your answer: it should list the actions, one per line, "
            "each written as (action-name arg1 arg2 ...).",
            {"valid": False, "kind": "no_plan"},
        )
    else:
        judgement = judge(task.task, plan)
    return PlanAttempt(
        task_id=task.task_id,
        answer=answer.text,
        plan=plan,
        valid=judgement.valid,
        feedback=judgement.feedback,
        verdict=judgement.verdict,
        messages=answer.messages,
        reminders=answer.reminders,
    )


def assess(
    llm: ChatClient,
    judge: Judge,
    domain_description: str,
    version: StrategyVersion,
    tasks: Sequence[DebugTask],
    *,
    reasoning: bool = False,
) -> StrategyVersion:
    """Plans for every task by following ``version``: asked for at once, then judged in task order."""
    answers = run_all(llm, [lambda t=t: ask_plan(llm, domain_description, version.text, t, reasoning=reasoning)
                            for t in tasks])  # fmt: skip
    attempts = tuple(judged_attempt(judge, t, a) for t, a in zip(tasks, answers, strict=True))
    return StrategyVersion(index=version.index, text=version.text, answer=version.answer, attempts=attempts)


def revise(llm: ChatClient, failed: PlanAttempt, index: int, *, reasoning: bool = False) -> tuple[str, StrategyVersion]:
    """Reflect on one failed plan in its own conversation, then ask for the revised strategy."""
    convo = [*failed.messages, user(render("strategy_reflect.j2", feedback=failed.feedback, reasoning=reasoning))]
    reflection = ask(llm, convo, purpose="strategy.reflect")
    convo = [*reflection.messages, user(render("strategy_revise.j2", reasoning=reasoning))]
    revised = ask(llm, convo, purpose="strategy.revise", extract=extract_pseudocode, want="pseudocode")
    text = revised.value or revised.text.strip()
    return reflection.text, StrategyVersion(index=index, text=text, answer=revised.text)


def pick_failed(version: StrategyVersion, previous_task: str | None) -> PlanAttempt:
    """The same task as last round if it still fails, else the first failing one."""
    failing = [a for a in version.attempts if not a.valid]
    for a in failing:
        if a.task_id == previous_task:
            return a
    return failing[0]


def select_version(versions: Sequence[StrategyVersion]) -> int:
    """Most debugging tasks solved; ties go to the later version."""
    return max(range(len(versions)), key=lambda i: (versions[i].solved, i))


#: Looks for a task a strategy version fails (the generalization check): the new debugging task and the
#: failed attempt at it, or None.
CounterexampleFinder = Callable[["StrategyVersion"], "tuple[DebugTask, PlanAttempt] | None"]


def debug_strategy(
    llm: ChatClient,
    judge: Judge,
    domain_description: str,
    first: StrategyVersion,
    tasks: Sequence[DebugTask],
    rounds: int,
    *,
    reasoning: bool = False,
    on_version: Callable[[StrategyVersion], None] | None = None,
    find_counterexample: CounterexampleFinder | None = None,
    max_counterexamples: int = 0,
) -> StrategyResult:
    """Assess, reflect and revise up to ``rounds`` times; with 0 rounds the strategy is used as written.

    ``on_version`` sees each version as soon as it is complete, so the run can save it right away.
    With ``find_counterexample``, a version that solves every task is checked further (while rounds and
    ``max_counterexamples`` remain): a task it fails joins the debugging tasks, and the version is
    revised on it like on any failed task.
    """
    if rounds == 0:
        if on_version:
            on_version(first)
        return StrategyResult(versions=(first,), selected=0, style="unassessed")
    tasks = list(tasks)
    versions: list[StrategyVersion] = []
    current = first
    previous_task: str | None = None
    found = 0
    for index in range(rounds + 1):
        current = assess(llm, judge, domain_description, current, tasks, reasoning=reasoning)
        if current.solved == len(tasks) and find_counterexample and found < max_counterexamples and index < rounds:
            hit = find_counterexample(current)
            if hit is not None:
                task, attempt = hit
                tasks.append(task)
                found += 1
                current = replace(current, attempts=(*current.attempts, attempt))
        if current.solved == len(tasks) or index == rounds:
            versions.append(current)
            if on_version:
                on_version(current)
            break
        failed = pick_failed(current, previous_task)
        previous_task = failed.task_id
        reflection, nxt = revise(llm, failed, index + 1, reasoning=reasoning)
        done = replace(current, reflected_task=failed.task_id, reflection=reflection)
        versions.append(done)
        if on_version:
            on_version(done)
        current = nxt
    return StrategyResult(versions=tuple(versions), selected=select_version(versions), style="debugged")
