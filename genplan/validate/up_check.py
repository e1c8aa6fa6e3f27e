"""unified-planning's sequential plan validator, run on the same PDDL files and plans as ours.

A second independent judge next to VAL: where the two disagree, PDDL's semantics decide (the test suite
notes each such case). unified-planning is imported lazily: it is slow to import and only the tests and
the benchmark need it.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

VALID = "valid"
PRECONDITION = "precondition"
GOAL = "goal"
#: The plan could not even be read as actions of the problem (unknown name, arity, type, ...).
BAD_PLAN = "bad_plan"
#: unified-planning raised an error while validating.
ERROR = "error"


@dataclass(frozen=True)
class UpResult:
    """unified-planning's answer on one plan, comparable with :class:`genplan.validate.Verdict`."""

    status: str
    #: 1-based failing step for ``precondition``; else ``None``.
    step: int | None
    message: str = ""

    @property
    def valid(self) -> bool:
        return self.status == VALID


def _up() -> Any:
    import unified_planning.shortcuts as shortcuts

    shortcuts.get_environment().credits_stream = None
    return shortcuts


class UpChecker:
    """A parsed problem and a validator, reused across plans (parsing a problem costs far more than
    checking one plan, so the benchmark and the tests parse each problem once)."""

    def __init__(self, domain: str | Path, problem: str | Path) -> None:
        shortcuts = _up()
        from unified_planning.io import PDDLReader

        self.reader = PDDLReader(environment=shortcuts.get_environment())
        self.problem = self.reader.parse_problem(str(domain), str(problem))
        self.validator = shortcuts.PlanValidator(problem_kind=self.problem.kind, name="sequential_plan_validator")

    def check(self, plan: Sequence[object]) -> UpResult:
        from unified_planning.engines.results import FailedValidationReason, ValidationResultStatus

        text = "".join(" ".join(str(s).split()) + "\n" for s in plan)
        try:
            up_plan = self.reader.parse_plan_string(self.problem, text)
        except Exception as exc:  # unknown action or object, wrong arity, wrong type, bad syntax
            return UpResult(BAD_PLAN, None, f"{type(exc).__name__}: {exc}")
        if len(up_plan.actions) != len(plan):
            return UpResult(BAD_PLAN, None, f"read {len(up_plan.actions)} actions from {len(plan)} steps")
        try:
            result = self.validator.validate(self.problem, up_plan)
        except Exception as exc:
            return UpResult(ERROR, None, f"{type(exc).__name__}: {exc}")
        message = "; ".join(m.message for m in result.log_messages or [])
        if result.status == ValidationResultStatus.VALID:
            return UpResult(VALID, None, message)
        if result.reason == FailedValidationReason.INAPPLICABLE_ACTION:
            step = len(result.trace) if result.trace is not None else None
            return UpResult(PRECONDITION, step, message)
        if result.reason == FailedValidationReason.UNSATISFIED_GOALS:
            return UpResult(GOAL, None, message)
        return UpResult(ERROR, None, message or str(result))


def up_validate(domain: str | Path, problem: str | Path, plan: Sequence[object]) -> UpResult:
    """Validate one plan with unified-planning (parses the files each time; use :class:`UpChecker` to
    check many plans of one problem)."""
    return UpChecker(domain, problem).check(plan)
