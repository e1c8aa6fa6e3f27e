"""What a run's coverage cost: the calls and tokens it needed, and coverage per call and per 1,000 tokens.

Users pay per call and per token, so every report shows what the coverage cost beside the coverage
(``synthesize``, ``inspect`` and ``report``). The measures are per *run*, not per session:

- **calls**: the calls the run needed, answered by the provider or from the cache. A resumed session
  replays every earlier call from the cache, so the largest session holds all of them;
- **tokens**: the prompt and completion tokens of those calls (a reply from the cache counts with the
  tokens it had when it was first paid for), so a run replayed from the cache, or one that shared replies
  with another run, costs what it would have cost alone;
- **cost**: the dollars actually paid over all sessions, ``None`` when some paid call had no known price.

Coverage per call and per 1,000 tokens are in percentage points (100% coverage in 20 calls: 5 points a
call), so presets can be compared on the same domains: more coverage for fewer calls is better.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from genplan.llm.accounting import Totals


@dataclass(frozen=True)
class RunCost:
    """The calls, tokens and cost of one run (see the module docstring); ``None`` where not recorded."""

    calls: int | None
    tokens: int | None
    prompt_tokens: int | None = None
    completion_tokens: int | None = None
    cost: float | None = None

    def per_call(self, coverage: float | None) -> float | None:
        """Coverage points per call (``coverage`` a share, 0..1)."""
        if coverage is None or not self.calls:
            return None
        return 100 * coverage / self.calls

    def per_kilotoken(self, coverage: float | None) -> float | None:
        """Coverage points per 1,000 tokens."""
        if coverage is None or not self.tokens:
            return None
        return 100 * coverage / (self.tokens / 1000)


def session_cost(totals: dict[str, Any] | None) -> RunCost:
    """One session's calls and tokens (an :class:`~genplan.llm.accounting.Accounting` total's JSON)."""
    if not totals:
        return RunCost(None, None)
    t = Totals.from_json(totals)
    return RunCost(
        calls=t.calls,
        tokens=t.needed_tokens,
        prompt_tokens=t.prompt_tokens + t.cached_prompt_tokens,
        completion_tokens=t.completion_tokens + t.cached_completion_tokens,
        cost=t.cost,
    )


def run_cost(usage: dict[str, Any] | None) -> RunCost:
    """A run's cost from its ``usage.json``: calls and tokens of its largest session, dollars of all.

    A ``usage.json`` written before cached tokens were recorded counts only what its sessions paid."""
    if not usage or not usage.get("total"):
        return RunCost(None, None)
    sessions = [s.get("total") or {} for s in usage.get("sessions") or [usage]]
    largest = session_cost(max(sessions, key=lambda s: (int(s.get("calls", 0)), Totals.from_json(s).needed_tokens)))
    if not any("cached_prompt_tokens" in s for s in sessions):
        paid = Totals.from_json(usage["total"])
        largest = RunCost(largest.calls, paid.prompt_tokens + paid.completion_tokens, paid.prompt_tokens,
                          paid.completion_tokens)  # fmt: skip
    return RunCost(largest.calls, largest.tokens, largest.prompt_tokens, largest.completion_tokens,
                   Totals.from_json(usage["total"]).cost)  # fmt: skip


def fmt_points(value: float | None) -> str:
    """Coverage points, with enough digits to tell small values apart."""
    if value is None:
        return "-"
    return f"{value:.1f}" if value >= 10 else f"{value:.2f}" if value >= 0.1 else f"{value:.3f}"


def efficiency_text(coverage: float | None, cost: RunCost) -> str:
    """``"6.67 points per LLM call, 2.51 per 1,000 tokens"`` (empty when nothing is known)."""
    call, tok = cost.per_call(coverage), cost.per_kilotoken(coverage)
    parts = []
    if call is not None:
        parts.append(f"{fmt_points(call)} points per LLM call")
    if tok is not None:
        parts.append(f"{fmt_points(tok)} per 1,000 tokens")
    return ", ".join(parts)
