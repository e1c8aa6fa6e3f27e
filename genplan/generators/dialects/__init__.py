"""Dialects: the same domain written another way, and how a generated task is said in it.

A builtin generator makes tasks of genplan's own formulation of a domain. A suite may hold another
formulation of the same domain: the IPC 2023 Learning Track's ferry is typed and has no ``not-eq``, its
blocksworld names its actions differently. Renaming (:mod:`genplan.benchmarks.rename`) cannot bridge
that: the facts themselves differ. A :class:`Dialect` can. It recognizes the other formulation by its
signature (predicate names and arities, action names) and converts a generated task into it, fact by
fact, so that the generalization check reaches a suite's test distribution through our generators.

One module per domain (``dialects/<domain>.py``, listed in :data:`DIALECT_MODULES`), each with a tuple
``DIALECTS``. A dialect is written from the domain's semantics, never by copying a benchmark's files;
its test converts generated tasks and proves them valid tasks of the suite's domain that a correct
program (or Fast Downward) solves.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from functools import cache

from genplan.pddl.model import Domain, Fact, Task

__all__ = ["DIALECT_MODULES", "Dialect", "dialects", "has_signature", "recognize", "renamed", "retyped"]

#: The modules under ``genplan.generators.dialects`` that define dialects.
DIALECT_MODULES: tuple[str, ...] = (
    "ferry",
    "blocksworld",
    "miconic",
    "rovers",
    "satellite",
    "spanner",
    "transport",
    "sokoban",
    "floortile",
    "childsnack",
)


@dataclass(frozen=True)
class Dialect:
    """Another formulation of a builtin generator's domain."""

    #: A name for messages and records, e.g. ``ipc2023-ferry``.
    name: str
    #: The generator module whose tasks are converted (``genplan.generators.<generator>``).
    generator: str
    #: Whether a suite's domain is this formulation.
    recognize: Callable[[Domain], bool]
    #: A generated task (over the generator's builtin domain) as a task of ``domain`` (this formulation).
    convert: Callable[[Task, Domain], Task]


@cache
def dialects() -> tuple[Dialect, ...]:
    """Every dialect of every module in :data:`DIALECT_MODULES`."""
    out: list[Dialect] = []
    for name in DIALECT_MODULES:
        out.extend(importlib.import_module(f"genplan.generators.dialects.{name}").DIALECTS)
    return tuple(out)


def recognize(domain: Domain) -> Dialect | None:
    """The dialect ``domain`` is written in, if any."""
    return next((d for d in dialects() if d.recognize(domain)), None)


def has_signature(domain: Domain, predicates: dict[str, int], actions: Iterable[str]) -> bool:
    """``domain`` declares exactly these predicates (name: arity) and these actions."""
    return {p.name: p.arity for p in domain.predicates} == predicates and {a.name for a in domain.actions} == set(
        actions
    )


def renamed(facts: Iterable[Fact], names: dict[str, str], *, drop: Iterable[str] = ()) -> set[Fact]:
    """``facts`` without those of the predicates in ``drop``, each other predicate renamed by ``names``."""
    dropped = frozenset(drop)
    return {(names.get(f[0], f[0]), *f[1:]) for f in facts if f[0] not in dropped}


def retyped(
    task: Task,
    domain: Domain,
    *,
    type_of: Callable[[str, str], str],
    init: Iterable[Fact],
    goal: Iterable[Fact],
) -> Task:
    """``task`` over ``domain``: every object kept, typed ``type_of(name, old type)``, with the given facts.

    Objects that are the target domain's constants are left out of the objects (they are declared there).
    """
    constants = {c for c, _ in domain.constants}
    objects = tuple(sorted((o, type_of(o, t)) for o, t in task.objects if o not in constants))
    return Task(name=task.name, domain=domain, objects=objects, init=frozenset(init), goal=frozenset(goal))
