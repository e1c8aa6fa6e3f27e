"""The validator's verdict on a plan: valid, or the first error with everything needed to explain it.

A verdict is plain data. It is rendered into English by :mod:`genplan.validate.feedback`, stored as JSON
in run artifacts (:meth:`Verdict.to_json`) and counted in reports (:func:`error_category`). Keeping the
structured reason (which literal, which argument, which type) rather than a sentence lets each of these
consumers say exactly what it needs.
"""

from __future__ import annotations

from collections.abc import Set as AbstractSet
from dataclasses import dataclass, field, fields
from functools import cached_property
from typing import Any

from genplan.pddl.model import Fact

# The error kinds, in the order the validator checks them at each step; "goal" comes after the last step.
#: The step is not a string of the form ``(name arg ...)``.
MALFORMED = "malformed"
#: The domain has no action of that name.
UNKNOWN_ACTION = "unknown_action"
#: The action exists but takes a different number of arguments.
WRONG_ARITY = "wrong_arity"
#: An argument is neither an object of the task nor a constant of the domain.
UNKNOWN_OBJECT = "unknown_object"
#: An argument's type is not a subtype of the parameter's type.
WRONG_TYPE = "wrong_type"
#: The ground action is not applicable in the state reached so far.
PRECONDITION = "precondition"
#: Every step executed, but some goal facts do not hold at the end.
GOAL = "goal"

ERROR_KINDS = (MALFORMED, UNKNOWN_ACTION, WRONG_ARITY, UNKNOWN_OBJECT, WRONG_TYPE, PRECONDITION, GOAL)

#: The kinds at which the plan is not even a well-formed sequence of ground actions of the task.
SYNTAX_KINDS = frozenset({MALFORMED, UNKNOWN_ACTION, WRONG_ARITY, UNKNOWN_OBJECT, WRONG_TYPE})

#: The paper's error categories (its Table 6) for plan errors; the executor adds exceptions and timeouts.
INVALID_ACTION = "invalid action"
GOAL_NOT_SATISFIED = "goal not satisfied"


def error_category(kind: str | None) -> str | None:
    """Map an error kind to the paper's category: ``"invalid action"`` or ``"goal not satisfied"``.

    ``None`` (a valid plan) maps to ``None``. Everything that stops the plan before its end is an invalid
    action, because the paper's judge (VAL) reports all of them as a step that cannot be executed.
    """
    if kind is None:
        return None
    if kind == GOAL:
        return GOAL_NOT_SATISFIED
    if kind in ERROR_KINDS:
        return INVALID_ACTION
    raise ValueError(f"unknown verdict kind {kind!r}; expected one of {ERROR_KINDS}")


@dataclass(frozen=True, order=True)
class Literal:
    """A ground precondition literal: ``fact`` must hold (``positive``) or must not hold.

    Equality preconditions use the pseudo-predicate ``"="``: ``Literal(("=", "l0", "l1"), False)`` says
    that ``l0`` and ``l1`` must be different objects.
    """

    fact: Fact
    positive: bool = True

    def __str__(self) -> str:
        atom = "(" + " ".join(self.fact) + ")"
        return atom if self.positive else f"(not {atom})"


@dataclass(frozen=True, eq=False)
class Verdict:
    """The outcome of validating a plan against a task.

    For an invalid plan ``step`` is the 1-based index of the first step that cannot be executed, or
    ``None`` when every step executed and the goal is not reached (kind ``"goal"``).
    :attr:`final_state` is the state reached: after the last step for valid plans and goal failures,
    just before the failing step otherwise.
    """

    valid: bool
    #: One of :data:`ERROR_KINDS`, or ``None`` when the plan is valid.
    kind: str | None
    #: 1-based index of the failing step; ``None`` when valid or when the goal is not reached.
    step: int | None
    #: The failing step as given (stripped), or its ``repr`` when it is not a string.
    action: str | None
    #: One sentence saying what is wrong (or ``"valid"``), for logs and JSON; messages use the fields.
    details: str
    #: Unmet preconditions on facts no action changes (static predicates, and equalities).
    unmet_static: tuple[Literal, ...] = ()
    #: Unmet preconditions on facts of the current state (predicates some action changes).
    unmet_dynamic: tuple[Literal, ...] = ()
    #: Goal facts that do not hold after the last step (sorted).
    unmet_goals: tuple[Fact, ...] = ()
    plan_length: int = 0
    #: The action name of the failing step (when it could be read).
    action_name: str | None = None
    #: The parameters of the action schema, PDDL style (``"?car - car ?loc - location"``), when known.
    signature: str | None = None
    #: The offending argument (unknown object, wrong type) and its 1-based position.
    argument: str | None = None
    position: int | None = None
    #: For ``wrong_type``: the parameter's name and type, and the object's (most specific) type.
    parameter: str | None = None
    expected_type: str | None = None
    actual_type: str | None = None
    #: For ``wrong_arity``: what the action takes and what the step gives.
    expected_arity: int | None = None
    given_arity: int | None = None
    #: For ``unknown_action``: every action of the domain with its parameters (``"board ?car - car ..."``).
    known_actions: tuple[str, ...] = ()
    #: The state reached, as the validator hands it over (a set nothing else holds). Read it as
    #: :attr:`final_state`: freezing a large state costs more than validating a short plan, and most
    #: verdicts are never asked for their state, so it is frozen on first use.
    reached: AbstractSet[Fact] = field(default=frozenset(), repr=False, compare=False)

    @classmethod
    def valid_plan(cls, plan_length: int, reached: AbstractSet[Fact]) -> Verdict:
        """The verdict of a valid plan; the same as ``Verdict(True, None, None, None, "valid",
        plan_length=plan_length, reached=reached)``, made without the frozen dataclass's per-field
        ``__init__`` (a fifth of the time it takes to validate a short plan)."""
        verdict = object.__new__(cls)
        verdict.__dict__.update(_VALID, plan_length=plan_length, reached=reached)
        return verdict

    @cached_property
    def final_state(self) -> frozenset[Fact]:
        """The state reached: after the last step when every step executed, else before the failing one."""
        return frozenset(self.reached)

    def _key(self) -> tuple[object, ...]:
        return (*(getattr(self, f.name) for f in fields(self) if f.compare), self.final_state)

    # Equality and hashing include the state reached (as a frozenset), not the set object holding it.
    def __eq__(self, other: object) -> bool:
        if other.__class__ is not self.__class__:
            return NotImplemented
        return self._key() == other._key()  # type: ignore[attr-defined]

    def __hash__(self) -> int:
        return hash(self._key())

    @property
    def category(self) -> str | None:
        """The paper's error category (see :func:`error_category`)."""
        return error_category(self.kind)

    def to_json(self) -> dict[str, Any]:
        """A JSON-ready summary (the state reached is left out: it can be large; it is a function of the
        task and the plan anyway)."""
        out: dict[str, Any] = {
            "valid": self.valid,
            "kind": self.kind,
            "category": self.category,
            "step": self.step,
            "action": self.action,
            "details": self.details,
            "plan_length": self.plan_length,
        }
        if self.unmet_static or self.unmet_dynamic:
            out["unmet_static"] = [str(x) for x in self.unmet_static]
            out["unmet_dynamic"] = [str(x) for x in self.unmet_dynamic]
        if self.unmet_goals:
            out["unmet_goals"] = ["(" + " ".join(f) + ")" for f in self.unmet_goals]
        return out

    def __str__(self) -> str:
        if self.valid:
            return f"valid ({self.plan_length} steps)"
        where = f"step {self.step}" if self.step is not None else "end of plan"
        return f"invalid: {self.kind} at {where}: {self.details}"


#: The fields of a valid plan's verdict but its length and state (see :meth:`Verdict.valid_plan`).
_VALID: dict[str, Any] = {
    **{f.name: f.default for f in fields(Verdict)},
    "valid": True,
    "kind": None,
    "step": None,
    "action": None,
    "details": "valid",
}
