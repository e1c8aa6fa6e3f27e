"""Plain data of LLM access: messages, sampling parameters, requests, replies and call records.

A :class:`Request` is exactly what decides a reply (model, messages, sampling parameters); its
:meth:`Request.canonical` form is what the cache key hashes. Everything else about a call (its purpose,
the API base, the timeout) is bookkeeping kept in the :class:`CallRecord`.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import asdict, dataclass, field
from typing import Any

ROLES = ("system", "user", "assistant")


@dataclass(frozen=True)
class Message:
    """One chat message; ``role`` is ``system``, ``user`` or ``assistant``."""

    role: str
    content: str

    def __post_init__(self) -> None:
        if self.role not in ROLES:
            raise ValueError(f"message role must be one of {ROLES}, not {self.role!r}")
        if not isinstance(self.content, str):
            raise TypeError(f"message content must be a string, not {type(self.content).__name__}")

    def to_json(self) -> dict[str, str]:
        return {"role": self.role, "content": self.content}


def system(content: str) -> Message:
    return Message("system", content)


def user(content: str) -> Message:
    return Message("user", content)


def assistant(content: str) -> Message:
    return Message("assistant", content)


MessageLike = Message | Mapping[str, str]


def as_messages(messages: Iterable[MessageLike]) -> tuple[Message, ...]:
    """Accept :class:`Message` objects or ``{"role": ..., "content": ...}`` dicts."""
    out = []
    for m in messages:
        out.append(m if isinstance(m, Message) else Message(str(m["role"]), m["content"]))
    if not out:
        raise ValueError("a chat request needs at least one message")
    return tuple(out)


@dataclass(frozen=True)
class SamplingParams:
    """Sampling parameters sent with a request; ``None`` means "the provider's default" and is not sent.

    ``seed`` is the base seed: sample ``k`` of a request is sent with ``seed + k`` so that N stochastic
    samples of one prompt differ even on providers that honour the seed.
    """

    temperature: float | None = 0.0
    top_p: float | None = None
    max_tokens: int | None = None
    seed: int | None = None

    def canonical(self) -> dict[str, Any]:
        """Set fields only, normalised (``0`` and ``0.0`` are the same temperature)."""
        out: dict[str, Any] = {}
        if self.temperature is not None:
            out["temperature"] = float(self.temperature)
        if self.top_p is not None:
            out["top_p"] = float(self.top_p)
        if self.max_tokens is not None:
            out["max_tokens"] = int(self.max_tokens)
        if self.seed is not None:
            out["seed"] = int(self.seed)
        return out

    def for_sample(self, sample: int) -> SamplingParams:
        """The parameters actually sent for sample index ``sample``."""
        if self.seed is None or sample == 0:
            return self
        return SamplingParams(self.temperature, self.top_p, self.max_tokens, self.seed + sample)


@dataclass(frozen=True)
class Request:
    """What is sent: the model string, the messages, the sampling parameters."""

    model: str
    messages: tuple[Message, ...]
    sampling: SamplingParams = field(default_factory=SamplingParams)

    def canonical(self) -> dict[str, Any]:
        return {
            "model": self.model,
            "messages": [m.to_json() for m in self.messages],
            "sampling": self.sampling.canonical(),
        }


@dataclass(frozen=True)
class Usage:
    """Token counts as reported by the provider (``None`` when it did not report them)."""

    prompt_tokens: int | None = None
    completion_tokens: int | None = None
    #: Part of ``completion_tokens`` spent on hidden reasoning, when the provider says so.
    reasoning_tokens: int | None = None

    @property
    def total_tokens(self) -> int | None:
        if self.prompt_tokens is None and self.completion_tokens is None:
            return None
        return (self.prompt_tokens or 0) + (self.completion_tokens or 0)

    def to_json(self) -> dict[str, int | None]:
        return asdict(self)

    @staticmethod
    def from_json(data: Mapping[str, Any] | None) -> Usage:
        data = data or {}
        return Usage(data.get("prompt_tokens"), data.get("completion_tokens"), data.get("reasoning_tokens"))


@dataclass(frozen=True)
class RawReply:
    """What a backend returns for one successful attempt."""

    text: str
    usage: Usage = field(default_factory=Usage)
    #: Dollars for this call from litellm's price table; ``None`` when unknown (never guessed as 0).
    cost: float | None = None
    #: Reasoning content returned separately by reasoning models (DeepSeek-R1, ...), if any.
    reasoning: str | None = None
    finish_reason: str | None = None
    #: The model name the provider says served the request.
    served_model: str | None = None
    #: The provider's full response as JSON, for the call log.
    raw: dict[str, Any] | None = None


@dataclass(frozen=True)
class Reply:
    """What :meth:`genplan.llm.LLMClient.chat` returns to a stage."""

    text: str
    usage: Usage
    #: What this call cost: ``0.0`` for a cached reply, ``None`` when the price is unknown.
    cost: float | None
    cached: bool
    #: Seconds spent in this call (including retries); a cache hit takes about none.
    latency: float
    purpose: str
    sample: int
    model: str
    reasoning: str | None = None
    finish_reason: str | None = None
    #: What the reply cost when it was first paid for (``None``: unknown).
    original_cost: float | None = None
    #: The cache key (hex), which also identifies the call in the log.
    key: str = ""

    @property
    def truncated(self) -> bool:
        """The model stopped because it hit ``max_tokens``."""
        return self.finish_reason == "length"

    def as_message(self) -> Message:
        """The reply as an assistant message, to continue the conversation (reasoning is not sent back)."""
        return Message("assistant", self.text)


@dataclass(frozen=True)
class CallRecord:
    """One call for accounting: who asked, what it used, what it cost, whether it was paid."""

    purpose: str
    model: str
    sample: int
    cached: bool
    usage: Usage
    cost: float | None
    latency: float
    #: Attempts made (1 without retries; 0 for a cache hit or a call refused before sending).
    attempts: int = 1
    #: The error class name when the call failed.
    error: str | None = None

    @property
    def stage(self) -> str:
        """The purpose's first component: ``"strategy"`` for ``"strategy.reflect"``."""
        return self.purpose.split(".", 1)[0]

    @property
    def paid(self) -> bool:
        """A request reached the provider and was answered (whether or not the price is known)."""
        return not self.cached and self.error is None and self.attempts > 0
