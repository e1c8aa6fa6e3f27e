"""Asking the LLM within a conversation, with one format reminder when the answer is unusable."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, Protocol, TypeVar

from genplan.core.prompts import render

T = TypeVar("T")

#: One chat message, as the OpenAI protocol has it: ``{"role": "user", "content": "..."}``.
Message = dict[str, str]


class ChatClient(Protocol):
    """What the stages need of an LLM client (see :mod:`genplan.llm`). A client may also offer
    ``run_all(jobs)`` to send independent calls at once (:func:`run_all` uses it when it is there)."""

    def chat(self, messages: list[Message], *, purpose: str, sample: int = 0) -> Any: ...


def run_all(llm: ChatClient, jobs: Sequence[Callable[[], T]]) -> list[T]:
    """Run jobs whose requests do not depend on each other; their results in job order.

    With :class:`genplan.llm.LLMClient` they go out at once (up to its ``concurrency``) and the call log
    still reads as a sequential run's; with any other client, one after another.
    """
    runner = getattr(llm, "run_all", None)
    if callable(runner):
        return runner(list(jobs))
    return [job() for job in jobs]


def user(text: str) -> Message:
    return {"role": "user", "content": text}


def assistant(text: str) -> Message:
    return {"role": "assistant", "content": text}


@dataclass(frozen=True)
class Answer:
    """An LLM answer, what was extracted from it, and the conversation including it."""

    text: str
    value: Any
    messages: tuple[Message, ...]
    #: Format reminders sent to get a usable answer (0 or 1).
    reminders: int = 0


def ask(
    llm: ChatClient,
    messages: list[Message],
    purpose: str,
    extract: Callable[[str], T | None] | None = None,
    want: str = "",
    sample: int = 0,
) -> Answer:
    """Send ``messages``; if ``extract`` finds nothing usable, re-ask once with a short format reminder.

    ``want`` names what was expected ("plan", "program", "pseudocode") for the reminder. The returned
    conversation ends with the answer that was used, so callers can continue it.
    """
    reply = llm.chat(list(messages), purpose=purpose, sample=sample)
    text = reply.text
    convo = [*messages, assistant(text)]
    if extract is None:
        return Answer(text, text, tuple(convo))
    value = extract(text)
    if value is not None:
        return Answer(text, value, tuple(convo))
    convo.append(user(render("format_reminder.j2", expected=want)))
    reply = llm.chat(list(convo), purpose=f"{purpose}.reminder", sample=sample)
    text = reply.text
    convo.append(assistant(text))
    return Answer(text, extract(text), tuple(convo), reminders=1)
