"""The direct program: one request with the domain PDDL, two example tasks with correct plans and the
program's input form, and no descriptions or strategy; the answer is a program.

On domains a model already knows how to solve, this one call is all that is needed, where the staged
protocol spends a dozen on descriptions and hand-written plans that change nothing. The auto protocol
(:mod:`genplan.protocols.ladder`) tries it first and climbs further only when it fails.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from genplan.core.prompts import render
from genplan.pddl.pyform import PyTask, render_python_task
from genplan.stages.conversation import Answer, ChatClient, ask, user
from genplan.stages.extract import extract_program


@dataclass(frozen=True)
class DirectExample:
    """A prompt example: its id, its inputs as the program receives them, and a correct plan."""

    task_id: str
    py: PyTask
    plan: tuple[str, ...]


def example_context(examples: Sequence[DirectExample]) -> list[dict]:
    """The prompt examples as templates read them: name, canonical sorted Python literals and plan."""
    return [{"name": e.task_id, "python": render_python_task(e.py), "plan": list(e.plan)} for e in examples]


def direct_prompt(
    domain_name: str,
    domain_pddl: str,
    examples: Sequence[DirectExample],
    *,
    typed: bool,
    timeout: float,
    max_objects: int | None = None,
    reasoning: bool = False,
) -> str:
    """The request (examples as canonical, sorted Python literals)."""
    return render(
        "direct.j2",
        domain_name=domain_name,
        domain_pddl=domain_pddl,
        typed=typed,
        examples=example_context(examples),
        timeout=timeout,
        max_objects=max_objects,
        reasoning=reasoning,
    )


def ask_direct(
    llm: ChatClient,
    domain_name: str,
    domain_pddl: str,
    examples: Sequence[DirectExample],
    *,
    typed: bool,
    timeout: float,
    max_objects: int | None = None,
    reasoning: bool = False,
) -> Answer:
    """One call (and one format re-ask if the answer holds no program)."""
    prompt = direct_prompt(domain_name, domain_pddl, examples, typed=typed, timeout=timeout, max_objects=max_objects,
                           reasoning=reasoning)  # fmt: skip
    return ask(llm, [user(prompt)], purpose="direct.write", extract=extract_program, want="program")
