"""Read plans written as text, and normalise single action strings.

A plan file in the usual format (Fast Downward's ``sas_plan``, VAL's input, IPC plan files) holds one
action per line: ``(pick ball1 rooma left)``. Around the actions there may be ``; comments`` (including
the ``; cost = 7 (unit cost)`` line), blank lines, upper case, irregular spaces, a step number or time
stamp in front (``0: (pick ...)``, ``0.000: (pick ...)``) and a duration behind (``[1.000]``). All of
that is accepted and removed here.

What is *not* repaired: a line without parentheses (``pick ball1 rooma left``) stays a step as it is,
so that the validator reports it as a malformed step with its number. The program contract says each
action is ``'(name arg ...)'``; guessing what a non-conforming line meant would make a plan "valid" that
a strict judge such as VAL rejects. (Pulling a plan out of an LLM's free-text answer -- numbered lists,
code fences, prose -- is a different job that belongs to the pipeline.)
"""

from __future__ import annotations

import re
from collections.abc import Iterable

# A step number or time stamp in front of the action: "0:", "12 :", "0.000:".
_STEP_PREFIX = re.compile(r"^\d+(?:\.\d+)?\s*:\s*")
# A duration behind the action, as in temporal plan files: "[1.000]".
_DURATION = re.compile(r"\s*\[[^\]]*\]$")
_SPACE_IN_PARENS = re.compile(r"\(\s+|\s+\)")


def normalize_action(step: str) -> str:
    """Lower-case an action string and normalise its spacing: ``" ( Pick  A b ) "`` -> ``"(pick a b)"``.

    Only spacing and case change (PDDL names are case-insensitive); a malformed string stays malformed.
    """
    text = " ".join(step.lower().split())
    return _SPACE_IN_PARENS.sub(lambda m: m.group(0).strip(), text)


def parse_plan_lines(lines: Iterable[str]) -> list[str]:
    """The steps of a plan given as lines of text (see the module docstring for what is accepted)."""
    steps: list[str] = []
    for line in lines:
        cut = line.find(";")
        if cut >= 0:
            line = line[:cut]
        line = line.strip()
        if not line:
            continue
        line = _STEP_PREFIX.sub("", line)
        line = _DURATION.sub("", line)
        if line:
            steps.append(normalize_action(line))
    return steps


def parse_plan_text(text: str) -> list[str]:
    """The steps of a plan file's text, normalised: ``"(pick ball1 rooma left)"``, one per action.

    >>> parse_plan_text("; a plan\\n0: (Pick Ball1  roomA left)\\n(move rooma roomb)\\n; cost = 2\\n")
    ['(pick ball1 rooma left)', '(move rooma roomb)']
    """
    return parse_plan_lines(text.splitlines())


def plan_file_text(steps: Iterable[str], *, comment: str | None = None) -> str:
    """A plan in Fast Downward's plan file format (``sas_plan``): one ``(action args)`` a line, then
    ``; cost = N (unit cost)``, which VAL and the IPC tools read; ``comment`` adds a ``;`` line after it.
    genplan reads every domain with unit costs (action costs are dropped), so the cost is the length."""
    lines = list(steps)
    lines.append(f"; cost = {len(lines)} (unit cost)")
    if comment:
        lines.append(f"; {comment}")
    return "\n".join(lines) + "\n"
