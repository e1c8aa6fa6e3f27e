"""genplan's validator ("our VAL"): in-process plan validation, feedback messages, and cross-checks.

>>> plan = ["(board c0 l0)", "(sail l0 l1)"]
>>> verdict = validate(task, plan)                    # doctest: +SKIP
>>> verdict.valid, verdict.kind, verdict.step         # doctest: +SKIP
(False, 'goal', None)
>>> print(feedback(verdict, plan))                    # doctest: +SKIP
The plan is invalid: all 2 steps can be executed, but after the last step these goal facts do not hold:
- (at c0 l1)
...

:mod:`genplan.validate.val` runs the reference validator VAL, and :mod:`genplan.validate.up_check`
unified-planning's validator, on the same plans; the test suite and ``scripts/bench_validator.py`` use
them to show that ours agrees with VAL and is much faster.
"""

from genplan.validate.feedback import feedback, plan_listing
from genplan.validate.plantext import normalize_action, parse_plan_lines, parse_plan_text
from genplan.validate.validator import is_valid, validate
from genplan.validate.verdict import (
    ERROR_KINDS,
    GOAL,
    GOAL_NOT_SATISFIED,
    INVALID_ACTION,
    MALFORMED,
    PRECONDITION,
    SYNTAX_KINDS,
    UNKNOWN_ACTION,
    UNKNOWN_OBJECT,
    WRONG_ARITY,
    WRONG_TYPE,
    Literal,
    Verdict,
    error_category,
)

__all__ = [
    "ERROR_KINDS",
    "GOAL",
    "GOAL_NOT_SATISFIED",
    "INVALID_ACTION",
    "MALFORMED",
    "PRECONDITION",
    "SYNTAX_KINDS",
    "UNKNOWN_ACTION",
    "UNKNOWN_OBJECT",
    "WRONG_ARITY",
    "WRONG_TYPE",
    "Literal",
    "Verdict",
    "error_category",
    "feedback",
    "is_valid",
    "normalize_action",
    "parse_plan_lines",
    "parse_plan_text",
    "plan_listing",
    "validate",
]
