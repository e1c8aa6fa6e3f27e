"""Counting what LLM calls used and cost, per stage and per run, and enforcing budget caps.

An unknown price stays unknown: a call whose cost litellm cannot price is counted in
``unknown_cost_calls`` and never adds a silent 0 to the total; :attr:`Totals.cost` is then ``None``
and :attr:`Totals.known_cost` is a lower bound.

Caps are checked before a request is sent: ``max_calls`` refuses the call that would be one too many,
``max_cost`` refuses any further paid call once the known spending reached it (a single call cannot be
priced before it is made, so the call that crosses the line completes and is kept). Cached replies are
free and always allowed.
"""

from __future__ import annotations

import logging
import threading
from collections.abc import Iterable
from dataclasses import astuple, dataclass
from typing import Any

from .errors import BudgetExceeded
from .types import CallRecord

log = logging.getLogger(__name__)


@dataclass(frozen=True)
class Budget:
    """Caps for one run; ``None`` means no cap."""

    max_calls: int | None = None
    max_cost: float | None = None


@dataclass(frozen=True)
class Totals:
    """Sums over a set of calls."""

    calls: int = 0
    #: Calls answered from the cache (free).
    cached_calls: int = 0
    #: Calls that sent a request and got a reply.
    paid_calls: int = 0
    #: Calls that sent at least one request and ended in an error.
    failed_calls: int = 0
    prompt_tokens: int = 0
    completion_tokens: int = 0
    reasoning_tokens: int = 0
    #: Dollars of the paid calls whose price is known.
    known_cost: float = 0.0
    #: Paid calls litellm could not price.
    unknown_cost_calls: int = 0
    #: What the cached replies cost when they were first paid for (known prices only).
    saved_cost: float = 0.0
    #: Seconds spent in non-cached calls.
    latency: float = 0.0
    #: Tokens of the calls answered from the cache (as they were when first paid for): with the paid
    #: tokens, what the calls of a session needed, whoever paid for them.
    cached_prompt_tokens: int = 0
    cached_completion_tokens: int = 0

    @property
    def cost(self) -> float | None:
        """The total cost, or ``None`` when any paid call has an unknown price."""
        return None if self.unknown_cost_calls else self.known_cost

    @property
    def needed_tokens(self) -> int:
        """Prompt and completion tokens of every call, paid or answered from the cache."""
        return self.prompt_tokens + self.completion_tokens + self.cached_prompt_tokens + self.cached_completion_tokens

    @property
    def sent_calls(self) -> int:
        """Calls that reached the provider (what ``max_calls`` counts)."""
        return self.paid_calls + self.failed_calls

    def to_json(self) -> dict[str, Any]:
        return {
            "calls": self.calls,
            "cached_calls": self.cached_calls,
            "paid_calls": self.paid_calls,
            "failed_calls": self.failed_calls,
            "prompt_tokens": self.prompt_tokens,
            "completion_tokens": self.completion_tokens,
            "reasoning_tokens": self.reasoning_tokens,
            "cost": self.cost,
            "known_cost": round(self.known_cost, 10),
            "unknown_cost_calls": self.unknown_cost_calls,
            "saved_cost": round(self.saved_cost, 10),
            "latency": round(self.latency, 6),
            "cached_prompt_tokens": self.cached_prompt_tokens,
            "cached_completion_tokens": self.cached_completion_tokens,
        }

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Totals:
        """The inverse of :meth:`to_json` (an unknown cost is kept unknown through ``unknown_cost_calls``)."""
        return cls(
            calls=int(data.get("calls", 0)),
            cached_calls=int(data.get("cached_calls", 0)),
            paid_calls=int(data.get("paid_calls", 0)),
            failed_calls=int(data.get("failed_calls", 0)),
            prompt_tokens=int(data.get("prompt_tokens", 0)),
            completion_tokens=int(data.get("completion_tokens", 0)),
            reasoning_tokens=int(data.get("reasoning_tokens", 0)),
            known_cost=float(data.get("known_cost", 0.0)),
            unknown_cost_calls=int(data.get("unknown_cost_calls", 0)),
            saved_cost=float(data.get("saved_cost", 0.0)),
            latency=float(data.get("latency", 0.0)),
            cached_prompt_tokens=int(data.get("cached_prompt_tokens", 0)),
            cached_completion_tokens=int(data.get("cached_completion_tokens", 0)),
        )

    def __add__(self, other: Totals) -> Totals:
        """Field-wise sum: what two sessions of the same run used together."""
        return Totals(*(a + b for a, b in zip(astuple(self), astuple(other), strict=True)))

    @staticmethod
    def of(records: Iterable[CallRecord], saved: Iterable[float | None] = ()) -> Totals:
        calls = cached = paid = failed = pt = ct = rt = unknown = cpt = cct = 0
        known = lat = 0.0
        for r in records:
            calls += 1
            if r.cached:
                cached += 1
                cpt += r.usage.prompt_tokens or 0
                cct += r.usage.completion_tokens or 0
                continue
            lat += r.latency
            if r.error is not None:
                failed += 1 if r.attempts > 0 else 0
                continue
            paid += 1
            pt += r.usage.prompt_tokens or 0
            ct += r.usage.completion_tokens or 0
            rt += r.usage.reasoning_tokens or 0
            if r.cost is None:
                unknown += 1
            else:
                known += r.cost
        saved_total = sum(s for s in saved if s is not None)
        return Totals(calls, cached, paid, failed, pt, ct, rt, known, unknown, saved_total, lat, cpt, cct)


class Accounting:
    """The call records of one client (one run), with budget checks. Thread-safe."""

    def __init__(self, budget: Budget | None = None) -> None:
        self.budget = budget or Budget()
        self._records: list[CallRecord] = []
        self._saved: list[float | None] = []
        self._lock = threading.Lock()
        self._warned_unknown = False
        self._in_flight = 0

    @property
    def records(self) -> tuple[CallRecord, ...]:
        with self._lock:
            return tuple(self._records)

    def record(self, rec: CallRecord, *, original_cost: float | None = None) -> None:
        """Add one call; for a cache hit ``original_cost`` is what it had cost."""
        with self._lock:
            self._records.append(rec)
            self._saved.append(original_cost if rec.cached else None)
            warn = (
                self.budget.max_cost is not None
                and not rec.cached
                and rec.error is None
                and rec.cost is None
                and not self._warned_unknown
            )
            if warn:
                self._warned_unknown = True
        if warn:
            log.warning(
                "The price of model %s is unknown, so --max-cost cannot limit its calls; use --max-calls.",
                rec.model,
            )

    def reserve(self, purpose: str) -> None:
        """Claim one paid call under the caps, or raise :class:`BudgetExceeded` without sending anything.

        Calls in flight count against ``max_calls``, so threads sharing a client cannot overshoot it.
        Every successful ``reserve`` must be followed by :meth:`release` once the call is recorded.
        """
        with self._lock:
            t = Totals.of(self._records, self._saved)
            b = self.budget
            made = t.sent_calls + self._in_flight
            if b.max_calls is not None and made >= b.max_calls:
                raise BudgetExceeded(
                    f"The call budget is used up: {made} LLM calls were made and --max-calls is "
                    f"{b.max_calls}, so the {purpose!r} call was not sent.",
                    hint="Everything so far is cached; rerun with a higher --max-calls to continue where "
                    "this run stopped, without paying again.",
                )
            if b.max_cost is not None and t.known_cost >= b.max_cost:
                raise BudgetExceeded(
                    f"The cost budget is used up: the calls so far cost ${t.known_cost:.4f} and --max-cost "
                    f"is ${b.max_cost:.4f}, so the {purpose!r} call was not sent.",
                    hint="Everything so far is cached; rerun with a higher --max-cost to continue where "
                    "this run stopped, without paying again.",
                )
            self._in_flight += 1

    def release(self) -> None:
        with self._lock:
            self._in_flight -= 1

    def totals(self) -> Totals:
        with self._lock:
            return Totals.of(self._records, self._saved)

    def by_stage(self) -> dict[str, Totals]:
        """Totals per stage (the purpose's first component), in sorted stage order."""
        return self._grouped(lambda r: r.stage)

    def by_purpose(self) -> dict[str, Totals]:
        return self._grouped(lambda r: r.purpose)

    def _grouped(self, key: Any) -> dict[str, Totals]:
        with self._lock:
            pairs = list(zip(self._records, self._saved, strict=True))
        groups: dict[str, list[tuple[CallRecord, float | None]]] = {}
        for rec, saved in pairs:
            groups.setdefault(key(rec), []).append((rec, saved))
        return {name: Totals.of([r for r, _ in items], [s for _, s in items]) for name, items in sorted(groups.items())}

    def to_json(self) -> dict[str, Any]:
        """Run and per-stage totals, for the run's artifacts."""
        return {
            "total": self.totals().to_json(),
            "by_stage": {k: v.to_json() for k, v in self.by_stage().items()},
            "budget": {"max_calls": self.budget.max_calls, "max_cost": self.budget.max_cost},
            "reminders": sum(1 for r in self.records if r.purpose.endswith(".reminder")),
        }


def accumulate_usage(previous: dict[str, Any] | None, current: dict[str, Any], *, status: str) -> dict[str, Any]:
    """A run's usage over all its sessions (the first try, then each resume or rerun).

    Every session's :meth:`Accounting.to_json` is kept under ``sessions``; ``total`` and ``by_stage``
    are their field-wise sums, so tokens and cost paid before a crash stay counted after the resume,
    and calls replayed from the cache show up as ``cached_calls``, never as paid ones.
    """
    sessions = list((previous or {}).get("sessions") or [])
    if previous and not sessions and "total" in previous:
        sessions.append({"status": "unknown", **previous})  # a usage.json written before sessions existed
    sessions.append({"status": status, **current})
    total = Totals()
    stages: dict[str, Totals] = {}
    for s in sessions:
        total = total + Totals.from_json(s.get("total") or {})
        for name, t in (s.get("by_stage") or {}).items():
            stages[name] = stages.get(name, Totals()) + Totals.from_json(t)
    return {
        "total": total.to_json(),
        "by_stage": {k: stages[k].to_json() for k in sorted(stages)},
        "reminders": sum(int(s.get("reminders", 0)) for s in sessions),
        "budget": current.get("budget"),
        "sessions": sessions,
    }
