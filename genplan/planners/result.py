"""What one planner run tells us: a status that never overstates, the plan, and what it cost.

The status vocabulary is deliberately small and honest. In particular only a *proof* (Fast Downward's
exit codes 10 and 11: the translator or a complete search showed that no plan exists) becomes
``"unsolvable"``; running out of time is ``"timeout"`` and running out of memory is ``"memory"``, even
when the search was "almost done". Everything else (a crash, an input the planner rejects, a plan our
validator refuses) is ``"error"`` with a message saying which.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass, fields
from typing import Any

#: A plan was found and our validator accepted it.
SOLVED = "solved"
#: The time limit was reached (FD's own limit or our wall-clock backstop).
TIMEOUT = "timeout"
#: The memory limit was reached (in the translator or in the search).
MEMORY = "memory"
#: Proved to have no plan (relaxed reachability in the translator, or an exhausted complete search).
UNSOLVABLE = "unsolvable"
#: Anything else: a crash, rejected input, an incomplete search giving up, an invalid plan.
ERROR = "error"

STATUSES = (SOLVED, TIMEOUT, MEMORY, UNSOLVABLE, ERROR)
#: Statuses that do not depend on the time limit once reached below it: the searches are deterministic, so
#: a task solved (or proved unsolvable, or out of memory) within 45 s has the same outcome within 1800 s.
LIMIT_INDEPENDENT = frozenset({SOLVED, UNSOLVABLE, MEMORY})


@dataclass(frozen=True)
class PlannerResult:
    """The outcome of running one planner configuration on one task under given limits."""

    status: str
    #: The validated plan, one ``"(action arg ...)"`` string per step; ``None`` unless solved.
    plan: tuple[str, ...] | None
    #: The configuration name (a key of :data:`genplan.planners.PLANNERS`).
    planner: str
    #: Wall-clock seconds of the planner process (of the original run when the result comes from the cache).
    time_s: float
    time_limit: float
    memory_limit_mb: int
    #: Peak memory of the search component as Fast Downward reports it, when it got that far.
    peak_memory_kb: int | None = None
    #: Cost as written by Fast Downward (genplan writes unit-cost tasks, so it equals the length).
    plan_cost: int | None = None
    #: Expanded states of the search, when reported.
    expansions: int | None = None
    #: The driver's exit code (negative: killed by that signal; ``None``: killed by our backstop).
    exit_code: int | None = None
    #: Why, in a sentence, for anything but a plain success.
    message: str = ""
    #: Fast Downward version the result was computed with.
    fd_version: str = ""
    #: True when this result was read from the plan cache rather than computed now.
    cached: bool = False

    def __post_init__(self) -> None:
        if self.status not in STATUSES:
            raise ValueError(f"unknown planner status {self.status!r}; expected one of {STATUSES}")
        if (self.status == SOLVED) != (self.plan is not None):
            raise ValueError("a plan is present exactly when the status is 'solved'")

    @property
    def solved(self) -> bool:
        return self.status == SOLVED

    @property
    def plan_length(self) -> int | None:
        return None if self.plan is None else len(self.plan)

    def to_json(self) -> dict[str, Any]:
        """A plain JSON-able dict (the plan as a list); ``cached`` is not stored, it describes a read."""
        data = asdict(self)
        data["plan"] = None if self.plan is None else list(self.plan)
        data.pop("cached")
        return data

    @classmethod
    def from_json(cls, data: dict[str, Any], *, cached: bool = False) -> PlannerResult:
        """Inverse of :meth:`to_json`; unknown keys are ignored so old cache files stay readable."""
        known = {f.name for f in fields(cls)} - {"cached"}
        kwargs = {k: v for k, v in data.items() if k in known}
        if kwargs.get("plan") is not None:
            kwargs["plan"] = tuple(str(s) for s in kwargs["plan"])
        return cls(**kwargs, cached=cached)
