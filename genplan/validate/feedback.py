"""Turn a verdict into the English message an LLM reads (``templates/feedback.j2``).

The wording lives in the template; this module prepares its context: the unmet literals split into
fixed facts and facts of the current state, the list of the domain's actions, and the plan's numbered
steps, shortened around the failing step when the plan is long (an LLM needs the neighbourhood of the
error, not 500 lines it wrote itself).
"""

from __future__ import annotations

import dataclasses
import json
from collections.abc import Sequence
from dataclasses import dataclass

from genplan.core.prompts import render
from genplan.validate.verdict import GOAL, MALFORMED, Literal, Verdict

#: Plans up to this many steps are shown whole.
SHOW_WHOLE = 20
#: For longer plans: the first steps, the steps before the failing one, and after it.
HEAD, BEFORE, AFTER = 3, 10, 2
#: At most this many unmet goal facts are listed.
MAX_LISTED = 20
#: When the goal is not reached: at most this many further steps that involve an object of the first goal
#: fact that does not hold are shown (the part of a long plan that matters; the rest is elided).
FOCUS_STEPS = 12
#: A step longer than this is cut in the listing (a runaway program can emit huge strings).
MAX_STEP_CHARS = 200


@dataclass(frozen=True)
class PlanLine:
    """One line of the plan listing: a numbered step, or an elision (``number`` 0)."""

    number: int
    text: str
    failing: bool = False


@dataclass(frozen=True)
class _Shown:
    """An unmet precondition as the template shows it."""

    text: str
    negated: bool
    equality: bool = False
    left: str = "-"
    right: str = "-"


def feedback(verdict: Verdict, plan: Sequence[object]) -> str:
    """The message for ``verdict`` on ``plan`` (the same plan that was validated)."""
    steps = list(plan)
    # The object of the first goal fact that does not hold that the fewest steps involve (a tile rather
    # than its color): the steps that touch it are the ones to see.
    focus: tuple[str, ...] = ()
    untouched = False
    if verdict.kind == GOAL and verdict.unmet_goals and verdict.unmet_goals[0][1:]:
        words = [set(_short(step).strip("()").split()[1:]) for step in steps]
        counts = {o: sum(o in w for w in words) for o in verdict.unmet_goals[0][1:]}
        rarest = min(counts, key=lambda o: counts[o])
        focus, untouched = (rarest,), counts[rarest] == 0 and bool(steps)
    context = {
        "valid": verdict.valid,
        "n_steps": len(steps),
        "kind": verdict.kind or "valid",
        "step": verdict.step or 0,
        "action": _shown_action(verdict, steps),
        # Names taken from the step are cut too: a runaway program can emit a 10,000-character "object".
        "v": dataclasses.replace(verdict, argument=_cut(verdict.argument), action_name=_cut(verdict.action_name)),
        "actions": list(verdict.known_actions),
        "static": [_shown(x) for x in verdict.unmet_static],
        "dynamic": [_shown(x) for x in verdict.unmet_dynamic],
        "goals": ["(" + " ".join(g) + ")" for g in verdict.unmet_goals[:MAX_LISTED]],
        "more_goals": max(0, len(verdict.unmet_goals) - MAX_LISTED),
        "lines": [] if verdict.valid else plan_listing(steps, verdict.step if verdict.kind != GOAL else None, focus),
        "focus": list(focus),
        "untouched": untouched,
    }
    return render("feedback.j2", **context)


def plan_listing(plan: Sequence[object], failing: int | None, focus: Sequence[str] = ()) -> list[PlanLine]:
    """The numbered steps to show, with elisions for long plans.

    With a failing step: the first :data:`HEAD` steps, the :data:`BEFORE` steps before the failing one,
    the failing one (marked), :data:`AFTER` steps after it. Without one (the goal is not reached): the
    first steps, the last ``BEFORE + AFTER + 1`` steps, and the last :data:`FOCUS_STEPS` steps that
    involve an object of ``focus`` (the first goal fact that does not hold).
    """
    n = len(plan)
    if n <= SHOW_WHOLE:
        shown = set(range(1, n + 1))
    elif failing is None:
        shown = {*range(1, HEAD + 1), *range(max(1, n - BEFORE - AFTER), n + 1)}
        wanted = set(focus)
        if wanted:
            touching = [i for i in range(1, n + 1) if wanted & set(_short(plan[i - 1]).strip("()").split()[1:])]
            shown.update(touching[-FOCUS_STEPS:])
    else:
        shown = {*range(1, HEAD + 1), *range(max(1, failing - BEFORE), min(n, failing + AFTER) + 1)}
    lines: list[PlanLine] = []
    last = 0
    for i in sorted(shown):
        if i > last + 1:
            lines.append(PlanLine(0, f"... ({i - last - 1} steps not shown)"))
        lines.append(PlanLine(i, _short(plan[i - 1]), failing == i))
        last = i
    if last < n:
        lines.append(PlanLine(0, f"... ({n - last} more steps)"))
    return lines


def _shown_action(verdict: Verdict, steps: Sequence[object]) -> str:
    """The failing step as the message names it; a malformed string is quoted, so that its (missing or
    extra) parentheses are visible."""
    if verdict.step is None or verdict.action is None:
        return ""
    if verdict.kind == MALFORMED and 0 < verdict.step <= len(steps) and isinstance(steps[verdict.step - 1], str):
        return json.dumps(_cut(str(steps[verdict.step - 1]).strip()), ensure_ascii=False)
    return _short(verdict.action)


def _cut(name: str | None) -> str | None:
    if name is None or len(name) <= MAX_STEP_CHARS:
        return name
    return name[:MAX_STEP_CHARS] + f"... [{len(name) - MAX_STEP_CHARS} more characters]"


def _short(step: object) -> str:
    text = step.strip() if isinstance(step, str) else repr(step)
    return _cut(text) if text else repr(step)


def _shown(lit: Literal) -> _Shown:
    if lit.fact[0] == "=":
        return _Shown(str(lit), not lit.positive, equality=True, left=lit.fact[1], right=lit.fact[2])
    return _Shown("(" + " ".join(lit.fact) + ")", not lit.positive)
