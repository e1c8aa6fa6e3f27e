"""What a suite is: a domain, its tasks by id, and their split (plain data; the loaders are in
:mod:`genplan.benchmarks.suites` and :mod:`genplan.benchmarks.learning`)."""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass, field
from functools import cached_property
from pathlib import Path
from typing import overload

from genplan.core.errors import GenplanError
from genplan.pddl.cache import parse_problem_cached
from genplan.pddl.model import Domain, Task
from genplan.pddl.parser import parse_domain, parse_problem

#: Seeds of the paper's protocol; each picks 2 of the 6 debugging tasks as prompt examples.
PAPER_SEEDS = (1, 2, 3)


class SuiteError(GenplanError):
    """A suite that is missing, incomplete or inconsistent."""


class LazyTasks(Sequence[tuple[str, Task]]):
    """A suite's tasks by id, parsed on access (see :meth:`Suite.lazy`)."""

    def __init__(self, suite: Suite, ids: tuple[str, ...]) -> None:
        self.suite = suite
        self.ids = ids

    def __len__(self) -> int:
        return len(self.ids)

    @overload
    def __getitem__(self, index: int) -> tuple[str, Task]: ...
    @overload
    def __getitem__(self, index: slice) -> list[tuple[str, Task]]: ...
    def __getitem__(self, index: int | slice) -> tuple[str, Task] | list[tuple[str, Task]]:
        if isinstance(index, slice):
            return [(t, self.suite.load(t)) for t in self.ids[index]]
        task_id = self.ids[index]
        return task_id, self.suite.load(task_id)


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
    #: Where parsed tasks are cached by content (a cache root; see :mod:`genplan.pddl.cache`), if anywhere.
    parse_cache: Path | None = field(default=None, compare=False, hash=False)

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
        """The parsed task ``task_id`` (parsed once per suite object, and kept)."""
        if task_id not in self._tasks:
            self._tasks[task_id] = self.load(task_id)
        return self._tasks[task_id]

    def load(self, task_id: str) -> Task:
        """The parsed task ``task_id``, not kept (or the one kept by :meth:`task`)."""
        if task_id in self._tasks:
            return self._tasks[task_id]
        if task_id not in self.problem_path:
            raise SuiteError(f"The suite {self.name!r} has no task {task_id!r}.")
        if self.parse_cache is not None:
            return parse_problem_cached(self.problem_path[task_id], self.domain, self.parse_cache)
        return parse_problem(self.problem_path[task_id], self.domain)

    def lazy(self, ids: Sequence[str]) -> LazyTasks:
        """``(id, task)`` pairs of ``ids``, each parsed when it is read and not kept: what an evaluation of
        large tasks takes, so that only the tasks being run are in memory (150 MB of PDDL for rovers)."""
        unknown = [t for t in ids if t not in self.problem_path]
        if unknown:
            raise SuiteError(f"The suite {self.name!r} has no task {unknown[0]!r}.")
        return LazyTasks(self, tuple(ids))

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
