"""What a suite is: a domain, its tasks by id, and their split (plain data; the loaders are in
:mod:`genplan.benchmarks.suites` and :mod:`genplan.benchmarks.learning`)."""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from functools import cached_property
from pathlib import Path

from genplan.core.errors import GenplanError
from genplan.pddl.model import Domain, Task
from genplan.pddl.parser import parse_domain, parse_problem

#: Seeds of the paper's protocol; each picks 2 of the 6 debugging tasks as prompt examples.
PAPER_SEEDS = (1, 2, 3)


class SuiteError(GenplanError):
    """A suite that is missing, incomplete or inconsistent."""


@dataclass(frozen=True)
class Split:
    """Which tasks debug a program, which are shown as examples (per seed), which score it."""

    debug: tuple[str, ...]
    #: ``(seed, (task, task))`` pairs: the two debugging tasks shown as examples for that seed.
    prompt: tuple[tuple[int, tuple[str, ...]], ...]
    heldout: tuple[str, ...]

    def prompt_tasks(self, seed: int) -> tuple[str, ...]:
        """The prompt examples of ``seed``; seeds beyond the listed ones cycle through them."""
        if not self.prompt:
            return self.debug[:2]
        by_seed = dict(self.prompt)
        if seed in by_seed:
            return by_seed[seed]
        keys = sorted(by_seed)
        return by_seed[keys[(seed - 1) % len(keys)]]

    def to_json(self) -> dict:
        return {
            "debug": list(self.debug),
            "prompt": {str(s): list(t) for s, t in self.prompt},
            "heldout": list(self.heldout),
        }


@dataclass(frozen=True)
class Suite:
    """A domain with its tasks (by id, the problem file's stem) and their split."""

    name: str
    domain_name: str
    root: Path
    domain_path: Path
    problems: tuple[tuple[str, Path], ...]
    split: Split
    layout: str  # "genplan" or "paper"
    #: Optimal plans of debugging tasks shipped with the suite (task id -> plan file).
    plans: tuple[tuple[str, Path], ...] = ()
    extra: dict = field(default_factory=dict, compare=False, hash=False)

    @cached_property
    def domain(self) -> Domain:
        return parse_domain(self.domain_path)

    @cached_property
    def problem_path(self) -> dict[str, Path]:
        return dict(self.problems)

    @cached_property
    def _tasks(self) -> dict[str, Task]:
        return {}

    def task(self, task_id: str) -> Task:
        """The parsed task ``task_id`` (parsed once per suite object)."""
        if task_id not in self._tasks:
            if task_id not in self.problem_path:
                raise SuiteError(f"The suite {self.name!r} has no task {task_id!r}.")
            self._tasks[task_id] = parse_problem(self.problem_path[task_id], self.domain)
        return self._tasks[task_id]

    def tasks(self, ids: tuple[str, ...] | list[str]) -> list[Task]:
        return [self.task(i) for i in ids]

    def shipped_plan(self, task_id: str) -> list[str] | None:
        """The optimal plan shipped for a debugging task, if the suite has one."""
        path = dict(self.plans).get(task_id)
        if path is None:
            return None
        from genplan.validate.plantext import parse_plan_text

        return parse_plan_text(path.read_text())


def task_sort_key(task_id: str) -> tuple:
    """Natural order: instance-2 before instance-10."""
    return tuple(int(p) if p.isdigit() else p for p in re.split(r"(\d+)", task_id))
