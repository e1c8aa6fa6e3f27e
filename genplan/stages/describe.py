"""Stage 1: natural-language descriptions of the domain and of the debugging tasks the protocol reads.

The domain description is one call. The model may work through the PDDL first, but only the text after
its "FINAL DESCRIPTION" line is kept for later prompts (the whole answer when the line is missing), so
its notes to itself are not pasted into every later request; both are kept in the run directory.

The task descriptions continue the domain conversation (the LLM reads the tasks in the light of its own
account of the domain). Sending that conversation once per task resends the domain prompt and answer
every time, so the tasks are described together, in as few calls as the model's context allows (one for
the small debugging tasks); ``each`` restores one call per task. The answer is split at ``TASK <name>``
lines; a task missing from it is asked for once more. Each answer also says what the tasks show about the
domain that its description got wrong or left out (a description said "a single lift" where the tasks
had two), and those notes are carried into the domain description every later prompt shows: the fix of
a wrong description that costs no extra call.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass

from genplan.core.prompts import render
from genplan.stages.conversation import ChatClient, Message, ask, assistant, run_all, user

#: Used when neither the configuration nor the backend knows the model's context window.
DEFAULT_CONTEXT_TOKENS = 32768
#: Share of the context a grouped request may plan to fill (the estimate below is rough).
CONTEXT_SHARE = 0.6

_FINAL = re.compile(r"^[\s#*_>`-]*final\s+description[\s*_`]*:?[\s*_`]*$", re.I | re.M)
_NOTES = re.compile(r"^[\s#*_>`-]*domain\s+notes[\s*_`]*:?[\s*_`]*$", re.I | re.M)
_NOTHING = re.compile(r"^\W*(none|nothing|no (?:notes|corrections|additions))\b", re.I)


@dataclass(frozen=True)
class TaskText:
    """A debugging task as the LLM is shown it: its id and its PDDL problem text."""

    task_id: str
    pddl: str


@dataclass(frozen=True)
class TaskAnswer:
    """One task-description request: the tasks it asked about and the model's whole answer."""

    task_ids: tuple[str, ...]
    answer: str
    reminders: int = 0


@dataclass(frozen=True)
class Descriptions:
    #: The domain as every later prompt shows it: the final description and what the tasks added.
    domain: str
    #: ``(task id, description)`` in the order of the debugging tasks (only those the protocol reads).
    tasks: tuple[tuple[str, str], ...]
    #: The conversation that produced the domain description (the history of every task description).
    domain_messages: tuple[Message, ...]
    #: The model's whole answer to the domain prompt, and the final description extracted from it.
    domain_answer: str = ""
    domain_final: str = ""
    #: What the task descriptions say the domain description got wrong or left out ("" for nothing).
    notes: str = ""
    task_answers: tuple[TaskAnswer, ...] = ()

    def task(self, task_id: str) -> str:
        """A task's description; "" for a task that was not described (it is then shown as PDDL)."""
        return dict(self.tasks).get(task_id, "")


# ------------------------------------------------------------------------------------------ extraction
def final_description(answer: str) -> str:
    """The text after the last "FINAL DESCRIPTION" line, or the whole answer when there is none (or
    nothing follows it)."""
    marks = list(_FINAL.finditer(answer))
    if marks:
        rest = answer[marks[-1].end() :].strip()
        if rest:
            return rest
    return answer.strip()


def split_task_answer(answer: str, names: Sequence[str]) -> tuple[dict[str, str], str]:
    """``({task name: description}, notes)`` from an answer in the form the prompt asks for.

    A section starts at a line ``TASK <name>`` (quotes, markdown emphasis and a colon are tolerated) and
    runs to the next such line or to ``DOMAIN NOTES``. Notes that say there is nothing ("none") are "".
    A one-task answer without any marker is that task's description (the fallback to the whole reply).
    """
    alternatives = "|".join(re.escape(n) for n in sorted(names, key=len, reverse=True))
    heading = re.compile(rf"^[\s#*_>`-]*task[\s*_`:\"']*({alternatives})[\s*_`:\"']*$", re.I | re.M)
    cuts = [(m.start(), m.end(), m.group(1)) for m in heading.finditer(answer)]
    notes_at = [(m.start(), m.end(), None) for m in _NOTES.finditer(answer)]
    marks = sorted(cuts + notes_at[-1:])
    found: dict[str, str] = {}
    notes = ""
    for i, (_, end, name) in enumerate(marks):
        stop = marks[i + 1][0] if i + 1 < len(marks) else len(answer)
        text = answer[end:stop].strip()
        if name is None:
            notes = "" if _NOTHING.match(text) and len(text) < 120 else text
        elif text:
            by_lower = {n.lower(): n for n in names}
            found[by_lower[name.lower()]] = text
    if not marks and len(names) == 1 and answer.strip():
        found[names[0]] = answer.strip()
    return found, notes


#: Above the task-level notes. The description was written from the PDDL alone and is not revised (one
#: call saved); a real model read "a single lift" above notes showing two and could not tell which to
#: trust, so the heading says: where they disagree, the notes are right. But the notes generalise from a
#: few small tasks ("every part starts in the aircraft"), and a model read them as laws that the
#: counterexamples then broke, so the heading also says that other tasks may differ.
NOTES_HEADING = (
    "What the debugging tasks show beyond this description (seen in these few tasks: where it contradicts "
    "the description above, trust it; other tasks of the domain may differ from both):"
)


def shown_domain(final: str, notes: Sequence[str]) -> str:
    """The domain description later prompts show: the final description, then what the tasks added."""
    kept = [n.strip() for n in notes if n.strip()]
    if not kept:
        return final
    return final + f"\n\n{NOTES_HEADING}\n" + "\n".join(kept)


# ------------------------------------------------------------------------------------------ grouping
def estimate_tokens(text: str) -> int:
    """A deliberately high estimate (3 characters a token; PDDL is dense in short tokens): grouping
    must never build a request the model cannot take, and one more call is the cost of being wrong."""
    return len(text) // 3 + 1


def group_tasks(
    tasks: Sequence[TaskText],
    history_tokens: int,
    *,
    mode: str,
    context_tokens: int,
    max_tokens: int | None,
) -> list[list[TaskText]]:
    """Tasks in request order, packed into as few requests as fit (``mode="together"``), or one each.

    A request holds the domain conversation (``history_tokens``), the tasks' PDDL and the instructions,
    and its answer takes about as many tokens as the tasks' PDDL again; both must fit within
    :data:`CONTEXT_SHARE` of the context, and the answer within the completion limit ``max_tokens``.
    """
    if mode == "each":
        return [[t] for t in tasks]
    budget = CONTEXT_SHARE * context_tokens
    out_budget = CONTEXT_SHARE * max_tokens if max_tokens else float("inf")
    groups: list[list[TaskText]] = []
    used_in = used_out = 0.0
    for task in tasks:
        size = estimate_tokens(task.pddl)
        need_in, need_out = size + 40, size + 150
        fits = used_in + need_in + used_out + need_out + history_tokens + 400 <= budget
        if groups and fits and used_out + need_out <= out_budget:
            groups[-1].append(task)
            used_in += need_in
            used_out += need_out
        else:
            groups.append([task])
            used_in, used_out = need_in, need_out
    return groups


# ------------------------------------------------------------------------------------------ calls
def describe_domain(
    llm: ChatClient, domain_name: str, domain_pddl: str, *, reasoning: bool = False
) -> tuple[str, str, tuple[Message, ...]]:
    """One call: the domain in plain words. Returns the final description, the whole answer, and the
    conversation as later requests continue it (ending with the final description, not the notes)."""
    prompt = render("describe_domain.j2", domain_name=domain_name, domain_pddl=domain_pddl, reasoning=reasoning)
    answer = ask(llm, [user(prompt)], purpose="describe.domain")
    final = final_description(answer.text)
    return final, answer.text, (user(prompt), assistant(final))


def _describe_group(
    llm: ChatClient, domain_messages: tuple[Message, ...], group: Sequence[TaskText], reasoning: bool
) -> tuple[dict[str, str], str, TaskAnswer]:
    names = [t.task_id for t in group]
    prompt = render("describe_tasks.j2", tasks=[{"name": t.task_id, "pddl": t.pddl} for t in group],
                    reasoning=reasoning)  # fmt: skip
    convo = [*domain_messages, user(prompt)]
    reply = ask(llm, convo, purpose="describe.tasks")
    found, notes = split_task_answer(reply.text, names)
    missing = [n for n in names if n not in found]
    if not missing:
        return found, notes, TaskAnswer(tuple(names), reply.text)
    # Once more for what is missing, in the same conversation; then the whole answer stands in for it.
    reminder = render("format_reminder.j2", expected="task descriptions", missing=missing)
    again = llm.chat([*reply.messages, user(reminder)], purpose="describe.tasks.reminder")
    more, more_notes = split_task_answer(again.text, missing)
    for name in missing:
        found[name] = more.get(name) or reply.text.strip()
    combined = "\n".join(n for n in (notes, more_notes) if n)
    return found, combined, TaskAnswer(tuple(names), reply.text + "\n\n" + again.text, reminders=1)


def describe_tasks(
    llm: ChatClient,
    domain_messages: tuple[Message, ...],
    tasks: Sequence[TaskText],
    *,
    mode: str = "together",
    context_tokens: int = DEFAULT_CONTEXT_TOKENS,
    max_tokens: int | None = None,
    reasoning: bool = False,
) -> tuple[tuple[tuple[str, str], ...], tuple[str, ...], tuple[TaskAnswer, ...]]:
    """The tasks' descriptions (in task order), the domain notes of each request, and each request's
    answer. Requests are independent of each other and go out at once (see :func:`run_all`)."""
    if not tasks:
        return (), (), ()
    history = sum(estimate_tokens(m["content"]) for m in domain_messages)
    groups = group_tasks(tasks, history, mode=mode, context_tokens=context_tokens, max_tokens=max_tokens)
    results = run_all(llm, [lambda g=g: _describe_group(llm, domain_messages, g, reasoning) for g in groups])
    found: dict[str, str] = {}
    for descriptions, _, _ in results:
        found.update(descriptions)
    described = tuple((t.task_id, found[t.task_id]) for t in tasks)
    return described, tuple(notes for _, notes, _ in results), tuple(a for _, _, a in results)


def describe(
    llm: ChatClient,
    domain_name: str,
    domain_pddl: str,
    tasks: Sequence[TaskText],
    *,
    mode: str = "together",
    context_tokens: int = DEFAULT_CONTEXT_TOKENS,
    max_tokens: int | None = None,
    reasoning: bool = False,
) -> Descriptions:
    """The domain, then ``tasks`` (which may be none: a protocol asks only for what it reads)."""
    final, raw, messages = describe_domain(llm, domain_name, domain_pddl, reasoning=reasoning)
    described, notes, answers = describe_tasks(llm, messages, tasks, mode=mode, context_tokens=context_tokens,
                                               max_tokens=max_tokens, reasoning=reasoning)  # fmt: skip
    unique = list(dict.fromkeys(n for n in notes if n))
    return Descriptions(
        domain=shown_domain(final, unique),
        tasks=described,
        domain_messages=messages,
        domain_answer=raw,
        domain_final=final,
        notes="\n".join(unique),
        task_answers=answers,
    )
