"""Asking the model for a task generator, for a domain without a builtin one (and repairing it once).

The check (:mod:`genplan.generalize.check`) reaches the sizes where programs break through a generator.
A domain without one gets one from the model: a single request (``templates/generator.j2``) with the
domain PDDL and the debugging tasks, never a held-out task; the module in the answer is judged in the
sandbox (:func:`genplan.generalize.modelgen.assess`), and a rejected one is sent back once with the
reason (``templates/generator_fix.j2``). Calls go through the run's LLM client, so they are cached,
costed and logged like every other stage's.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from genplan.core.prompts import render
from genplan.generalize.modelgen import Verdict
from genplan.pddl.model import Task
from genplan.pddl.pyform import python_inputs, render_python_task
from genplan.stages.conversation import ChatClient, ask, user
from genplan.stages.extract import fenced_blocks, parse_python

if TYPE_CHECKING:
    from genplan.execute.pool import Executor
    from genplan.generalize.check import CheckSettings
    from genplan.generalize.naming import GeneratorNames
    from genplan.pddl.model import Domain

#: The call log's purposes (the stage is ``generator``).
WRITE, REPAIR = "generator.write", "generator.repair"
#: Debugging tasks shown as examples, smallest first (a prompt of the largest ones would be long).
MAX_EXAMPLES = 3


@dataclass(frozen=True)
class Attempt:
    """One generator the model wrote, and what genplan made of it."""

    purpose: str
    source: str | None
    verdict: Verdict

    def to_json(self) -> dict[str, Any]:
        return {"purpose": self.purpose, "source": self.source, **self.verdict.to_json()}


@dataclass(frozen=True)
class GeneratorAnswer:
    """The model's generator: the accepted source (``None`` when none was), and every attempt."""

    source: str | None
    attempts: tuple[Attempt, ...] = field(default=())

    @property
    def accepted(self) -> bool:
        return self.source is not None

    @property
    def reason(self) -> str:
        """Why the last attempt was accepted or rejected."""
        return self.attempts[-1].verdict.reason if self.attempts else "not asked"

    def to_json(self) -> dict[str, Any]:
        return {"accepted": self.accepted, "reason": self.reason, "attempts": [a.to_json() for a in self.attempts]}


def extract_generator(text: str) -> str | None:
    """The fenced Python block that defines ``generate`` and ``params_for_size`` (the last such one), or
    the whole answer when it has no fence and parses; ``None`` otherwise."""
    import ast

    blocks = [body for lang, body in fenced_blocks(text) if lang in {"", "python", "py", "python3"}] or [text]
    for body in reversed(blocks):
        try:
            module = parse_python(body)
        except SyntaxError:
            continue
        names = {n.name for n in module.body if isinstance(n, ast.FunctionDef)}
        if {"generate", "params_for_size"} <= names:
            return body.strip() + "\n"
    return None


def generator_prompt(
    domain_name: str,
    domain_pddl: str,
    debug: Sequence[tuple[str, Task]],
    *,
    typed: bool,
    smallest: int,
    largest: int,
    reasoning: bool = False,
) -> str:
    """The request: the domain and a few debugging tasks (the smallest), in the programs' input form."""
    shown = sorted(debug, key=lambda it: (it[1].size, it[0]))[:MAX_EXAMPLES]
    examples = [{"name": tid, "python": render_python_task(python_inputs(task))} for tid, task in shown]
    return render("generator.j2", domain_name=domain_name, domain_pddl=domain_pddl.strip(), typed=typed,
                  examples=examples, smallest=smallest, largest=largest, reasoning=reasoning)  # fmt: skip


def write_generator(
    llm: ChatClient,
    prompt: str,
    judge: Callable[[str], Verdict],
    *,
    reasoning: bool = False,
) -> GeneratorAnswer:
    """Ask for a generator, judge it, and send a rejected one back once with its reason."""
    attempts: list[Attempt] = []
    answer = ask(llm, [user(prompt)], purpose=WRITE, extract=extract_generator, want="generator")
    for purpose in (WRITE, REPAIR):
        source = answer.value
        verdict = judge(source) if source is not None else Verdict(False, "the answer holds no generator module")
        attempts.append(Attempt(purpose, source, verdict))
        if verdict.accepted:
            return GeneratorAnswer(source, tuple(attempts))
        if purpose == REPAIR:
            break
        fix = render("generator_fix.j2", reason=verdict.reason.rstrip("."), reasoning=reasoning)
        answer = ask(llm, [*answer.messages, user(fix)], purpose=REPAIR, extract=extract_generator, want="generator")
    return GeneratorAnswer(None, tuple(attempts))


def ask_model_generator(
    llm: ChatClient,
    domain: Domain,
    domain_name: str,
    domain_pddl: str,
    debug: Sequence[tuple[str, Task]],
    *,
    executor: Executor,
    decide: Callable[[Task], bool | None],
    settings: CheckSettings,
    reasoning: bool = False,
) -> tuple[GeneratorNames | None, GeneratorAnswer]:
    """The check's generator written by the model: judged at small sizes, repaired once; ``(None, answer)``
    when no attempt was accepted. Only ``debug`` tasks reach the prompt, never a held-out one. ``decide``
    is :func:`genplan.generalize.solvable.planner_decision`."""
    from genplan.generalize.modelgen import ModelGenerator, assess, assessment_sizes
    from genplan.generalize.naming import model_generator

    tasks = [t for _, t in debug]
    smallest = min((t.size for t in tasks), default=5)
    largest = settings.reach(tasks)
    prompt = generator_prompt(domain_name, domain_pddl, debug, typed=domain.typed, smallest=smallest,
                              largest=largest, reasoning=reasoning)  # fmt: skip
    sizes = assessment_sizes(tasks, settings.max_objects)

    def judge(source: str) -> Verdict:
        return assess(ModelGenerator(source, domain, executor), sizes, decide)

    answer = write_generator(llm, prompt, judge, reasoning=reasoning)
    if answer.source is None:
        return None, answer
    return model_generator(domain, ModelGenerator(answer.source, domain, executor)), answer


def generator_calls(llm: ChatClient) -> dict[str, Any]:
    """What the ``generator.*`` calls of ``llm`` cost (an :class:`genplan.llm.Totals` as JSON), when the
    client keeps accounts (a scripted or plain client may not: then ``{}``)."""
    from genplan.llm.accounting import Totals

    records = getattr(getattr(llm, "accounting", None), "records", None)
    if records is None:
        return {}
    return Totals.of([r for r in records if r.stage == "generator"]).to_json()


def generator_files(answer: GeneratorAnswer, calls: dict[str, Any] | None = None) -> dict[str, str]:
    """The readable files a run or a check keeps of the model's generator: ``generator.py`` (the accepted
    module, else the last one rejected, headed by the verdict) and ``generator.json`` (every attempt, its
    verdict and sample tasks, and the calls it cost)."""
    import json

    last = next((a for a in reversed(answer.attempts) if a.source is not None), None)
    verdict = "accepted" if answer.accepted else "rejected"
    files = {"generator.json": json.dumps(answer.to_json() | {"calls": calls or {}}, indent=2) + "\n"}
    if last is not None:
        header = f"# Task generator written by the model ({verdict}: {answer.reason}).\n"
        files["generator.py"] = header + (answer.source or last.source or "")
    return files
