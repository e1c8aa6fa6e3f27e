"""Stage 4 (first half): choose the program to score on held-out tasks.

The program that solved most debugging tasks wins; ties go to the one generated later, which has seen
the most feedback (the paper's rule, applied the same way to strategy versions).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from genplan.stages.codegen import ProgramVersion


@dataclass(frozen=True)
class Selection:
    index: int
    label: str
    solved: int
    of: int
    reason: str


def select_program(versions: Sequence[ProgramVersion]) -> Selection | None:
    """The best program with code; None when no version produced a program at all."""
    candidates = [i for i, v in enumerate(versions) if v.source is not None]
    if not candidates:
        return None
    best = max(candidates, key=lambda i: (versions[i].solved, i))
    v = versions[best]
    ties = [i for i in candidates if versions[i].solved == v.solved]
    reason = f"solved {v.solved}/{len(v.results)} debugging tasks"
    if len(ties) > 1:
        reason += f"; latest of {len(ties)} programs with that score"
    return Selection(index=best, label=v.label, solved=v.solved, of=len(v.results), reason=reason)
