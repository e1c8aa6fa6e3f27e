"""States to check a search artifact on: random walks from the initial states of training tasks.

Why random walks: every state a walk reaches is reachable, so it is a state the search can meet, and a
failure on it is a real failure. The tasks walked are the debugging tasks, their variants and generated
tasks (the caller chooses; never held-out tasks). Walks use genplan's own successor generator
(:class:`genplan.search.runtime.GPSuccessors`), in this process: it is genplan's code, not the model's.
Deterministic for a seed, whatever ``PYTHONHASHSEED`` is (successors come sorted by their action text).
"""

from __future__ import annotations

import ast
import random
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from genplan.pddl.model import Fact, Task
from genplan.pddl.pyform import python_inputs
from genplan.search.compose import domain_literal
from genplan.search.runtime import GPSuccessors

__all__ = ["SampledState", "engine", "sample_states"]


@dataclass(frozen=True)
class SampledState:
    """One state of a task, as the search sees it: its fluent facts (the static ones are the task's)."""

    task_id: str
    task: Task
    #: The fluent facts, sorted.
    facts: tuple[Fact, ...]
    #: How it was reached, for feedback: e.g. ``"the initial state of p01 after 6 random actions"``.
    origin: str

    @property
    def state(self) -> frozenset[Fact]:
        return frozenset(self.facts)


def engine(task: Task) -> GPSuccessors:
    """genplan's successor generator for ``task`` (the same engine the sandboxed search runs)."""
    py = python_inputs(task)
    domain: dict[str, Any] = ast.literal_eval(domain_literal(task.domain))
    return GPSuccessors(domain, py.objects, py.init)


def sample_states(
    tasks: Sequence[tuple[str, Task]], *, per_task: int = 12, max_walk: int = 20, seed: int = 1
) -> list[SampledState]:
    """Up to ``per_task`` distinct states per task: its initial state, then the ends of random walks of
    growing length (up to ``max_walk`` steps). A walk that reaches a dead end stops there (the dead end
    is kept: it is where a heuristic's infinity matters)."""
    out: list[SampledState] = []
    for task_id, task in tasks:
        succ = engine(task)
        rng = random.Random(f"{seed}:{task_id}")
        seen: dict[frozenset[Fact], str] = {succ.initial: f"the initial state of {task_id}"}
        for attempt in range(per_task * 3):
            if len(seen) >= per_task:
                break
            length = 1 + (attempt * max_walk) // (per_task * 3)
            state, steps = succ.initial, 0
            for _ in range(length):
                options = succ(state)
                if not options:
                    break
                state = options[rng.randrange(len(options))][1]
                steps += 1
            seen.setdefault(state, f"the initial state of {task_id} after {steps} random action(s)")
        out.extend(SampledState(task_id, task, tuple(sorted(state)), origin) for state, origin in seen.items())
    return out
