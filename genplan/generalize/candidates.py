"""A task the generalization check may try, with where it came from and why it is solvable."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from genplan.pddl.model import Task

#: The three sources of new tasks, in the order the check uses them within each wave.
SOURCES = ("generator", "variant", "user")


@dataclass(frozen=True)
class Candidate:
    """One new task for the check.

    ``solvable`` is True when the task is solvable by construction (a generator's task, a goal reached
    by a random walk, a subset of a solvable goal); otherwise it must be proved solvable (a plan from
    the program itself or from Fast Downward) before a failure on it counts against the program.
    """

    task_id: str
    task: Task
    #: One of :data:`SOURCES`.
    source: str
    #: The kind of task within its source ("size 40", "walk-init", "rename-digits", a file name, ...).
    family: str
    #: One line for people: what the task is and how it was made.
    origin: str
    solvable: bool
    #: Seed of the input orderings, when the task is a reordering of a known one; None: the check's seed.
    ordering_seed: int | None = None
    #: JSON-able details (generator parameters and seed, the base debugging task, the walk length, ...).
    details: dict[str, Any] = field(default_factory=dict, compare=False)

    def to_json(self) -> dict[str, Any]:
        return {
            "task_id": self.task_id,
            "source": self.source,
            "family": self.family,
            "origin": self.origin,
            "objects": self.task.size,
            "solvable_by_construction": self.solvable,
            "ordering_seed": self.ordering_seed,
            "details": self.details,
        }
