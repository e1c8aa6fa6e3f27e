"""A scripted test double of the LLM backend.

It implements the same backend seam as the litellm backend, so the client's caching, accounting,
budget, retry and logging code runs unchanged in tests. Replies come from a list (used in order) or
from a function of the call; an item may also be an exception to raise, e.g. a
:class:`~genplan.llm.errors.TransientFailure` to exercise retries. Every request seen is recorded.

Usage is reported (whitespace-separated words as tokens, deterministic) so that token accounting works;
the cost is unknown (``None``) unless ``cost_per_call`` is given, like a model missing from the price
table.
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Iterable
from dataclasses import dataclass

from .types import RawReply, Request, Usage


@dataclass(frozen=True)
class ScriptedReply:
    """A reply with optional reasoning content, finish reason and explicit token counts."""

    text: str
    reasoning: str | None = None
    finish_reason: str = "stop"
    prompt_tokens: int | None = None
    completion_tokens: int | None = None


@dataclass(frozen=True)
class ScriptedCall:
    """What a responder function receives."""

    request: Request
    purpose: str
    #: 0 for the first request this backend received, 1 for the next, ...
    index: int

    @property
    def last_user(self) -> str:
        """The content of the last user message (what the stage just asked)."""
        users = [m.content for m in self.request.messages if m.role == "user"]
        return users[-1] if users else ""


Scripted = str | ScriptedReply | BaseException
Responder = Callable[[ScriptedCall], Scripted]


class ScriptExhausted(AssertionError):
    """The test scripted fewer replies than the code under test asked for."""


def count_tokens(text: str) -> int:
    """A deterministic stand-in for a tokenizer: whitespace-separated words."""
    return len(text.split())


class ScriptedBackend:
    """Answers from a script: a list of items used in order, or a responder function."""

    name = "scripted"

    def __init__(self, script: Iterable[Scripted] | Responder, *, cost_per_call: float | None = None) -> None:
        if callable(script):
            self._responder: Responder | None = script
            self._queue: list[Scripted] = []
        else:
            self._responder = None
            self._queue = list(script)
        self.cost_per_call = cost_per_call
        #: Every request received, in order, with its purpose.
        self.calls: list[ScriptedCall] = []
        self._lock = threading.Lock()

    @property
    def requests(self) -> list[Request]:
        return [c.request for c in self.calls]

    def check(self, model: str) -> None:
        """Any model string is fine for the double."""

    def complete(self, request: Request, *, timeout: float, purpose: str = "") -> RawReply:
        with self._lock:
            call = ScriptedCall(request, purpose, len(self.calls))
            self.calls.append(call)
            if self._responder is None:
                if not self._queue:
                    raise ScriptExhausted(
                        f"the scripted LLM has no reply left for call {call.index} ({purpose or 'no purpose'}); "
                        f"last user message starts: {call.last_user[:200]!r}"
                    )
                item = self._queue.pop(0)
        if self._responder is not None:
            item = self._responder(call)
        if isinstance(item, BaseException):
            raise item
        reply = item if isinstance(item, ScriptedReply) else ScriptedReply(str(item))
        prompt_text = " ".join(m.content for m in request.messages)
        usage = Usage(
            prompt_tokens=reply.prompt_tokens if reply.prompt_tokens is not None else count_tokens(prompt_text),
            completion_tokens=(
                reply.completion_tokens if reply.completion_tokens is not None else count_tokens(reply.text)
            ),
        )
        return RawReply(
            text=reply.text,
            usage=usage,
            cost=self.cost_per_call,
            reasoning=reply.reasoning,
            finish_reason=reply.finish_reason,
            served_model=request.model,
        )

    @property
    def remaining(self) -> int:
        """Scripted items not used yet (0 for a responder function)."""
        return len(self._queue)
