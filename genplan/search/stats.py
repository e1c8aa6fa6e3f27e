"""What a composed search reports about itself: the ``genplan-search:`` line the engine writes on stderr
(:func:`genplan.search.runtime.gp_report`).

The line comes from the sandbox, where the model's code runs too, so it is shown and recorded, never used
for a verdict.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Any

_LINE = re.compile(r"^genplan-search: .*\bexpansions=(\d+)\b", re.MULTILINE)


def expansions(stderr: str | None) -> int | None:
    """The expansions on the last ``genplan-search:`` line, if any."""
    found = _LINE.findall(stderr or "")
    return int(found[-1]) if found else None


def expansions_by_task(results: Sequence[Any]) -> dict[str, int | None]:
    """Per task of an evaluation (:class:`genplan.execute.results.TaskOutcome`), the most expansions over
    its orderings; None when no run reported any (a timeout ends a run before its report line)."""
    out: dict[str, int | None] = {}
    for r in results:
        counts = [n for n in (expansions(run.outcome.stderr) for run in r.runs) if n is not None]
        out[r.task_id] = max(counts) if counts else None
    return out
