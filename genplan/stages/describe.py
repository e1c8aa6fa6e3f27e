"""Stage 1: natural-language descriptions of the domain and of each debugging task.

The domain description is one call; each task description continues the domain conversation (so the
LLM reads the task in the light of its own account of the domain), one call per debugging task.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from genplan.prompts import render
from genplan.stages.conversation import ChatClient, Message, ask, user


@dataclass(frozen=True)
class TaskText:
    """A debugging task as the LLM is shown it: its id and its PDDL problem text."""

    task_id: str
    pddl: str


@dataclass(frozen=True)
class Descriptions:
    domain: str
    #: ``(task id, description)`` in the order of the debugging tasks.
    tasks: tuple[tuple[str, str], ...]
    #: The conversation that produced the domain description (the history of every task description).
    domain_messages: tuple[Message, ...]

    def task(self, task_id: str) -> str:
        return dict(self.tasks)[task_id]


def describe_domain(
    llm: ChatClient, domain_name: str, domain_pddl: str, *, reasoning: bool = False
) -> tuple[str, tuple[Message, ...]]:
    """One call: the domain in plain words (objects, predicates, what each action needs and does)."""
    prompt = render("describe_domain.j2", domain_name=domain_name, domain_pddl=domain_pddl, reasoning=reasoning)
    answer = ask(llm, [user(prompt)], purpose="describe.domain")
    return answer.text, answer.messages


def describe_tasks(
    llm: ChatClient,
    domain_messages: tuple[Message, ...],
    tasks: Sequence[TaskText],
    *,
    reasoning: bool = False,
) -> tuple[tuple[str, str], ...]:
    """One call per task, each continuing the domain conversation."""
    out = []
    for task in tasks:
        prompt = render("describe_task.j2", task_name=task.task_id, task_pddl=task.pddl)
        answer = ask(llm, [*domain_messages, user(prompt)], purpose="describe.task")
        out.append((task.task_id, answer.text))
    return tuple(out)


def describe(
    llm: ChatClient,
    domain_name: str,
    domain_pddl: str,
    tasks: Sequence[TaskText],
    *,
    reasoning: bool = False,
) -> Descriptions:
    text, messages = describe_domain(llm, domain_name, domain_pddl, reasoning=reasoning)
    described = describe_tasks(llm, messages, tasks, reasoning=reasoning)
    return Descriptions(domain=text, tasks=described, domain_messages=messages)
