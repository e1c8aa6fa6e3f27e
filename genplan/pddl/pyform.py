"""The Python form of a task: what generated programs receive and what prompts show.

``generate_solution(objects, init, goal)`` gets

- ``objects``: object names, or ``(name, type)`` tuples in a typed domain (constants included; the type
  is the object's most specific declared type name, never a rendering like ``'beluga-truck - truck'``);
- ``init`` and ``goal``: sets of lower-case tuples ``('pred', 'arg', ...)``.

Here they are produced as *sorted lists*, a canonical order; the executor builds the sets a program sees
(in a chosen ordering) from them, and prompts render them as valid, sorted Python literals.
"""

from __future__ import annotations

import hashlib
from collections.abc import Iterable
from dataclasses import dataclass
from functools import cached_property

from genplan.pddl.model import Domain, Fact, Task

PyObject = str | tuple[str, str]


@dataclass(frozen=True)
class PyTask:
    """A task's inputs for ``generate_solution`` in canonical (sorted) order."""

    objects: tuple[PyObject, ...]
    init: tuple[Fact, ...]
    goal: tuple[Fact, ...]

    @classmethod
    def canonical(
        cls,
        objects: tuple[PyObject, ...],
        init: tuple[Fact, ...],
        goal: tuple[Fact, ...],
        *,
        fingerprint: str | None = None,
    ) -> PyTask:
        """A task whose parts the caller knows to be sorted (and, if given, its :attr:`fingerprint`), so that
        neither is computed again: a large task has 300,000 facts. What is known is kept beside the fields,
        not in them, so that ``dataclasses.replace`` does not carry it over to a changed copy."""
        py = cls(objects, init, goal)
        py.__dict__["_sorted"] = True  # the class is frozen; this is what it reads in sorted()
        if fingerprint is not None:
            py.__dict__["fingerprint"] = fingerprint  # the cached property's value
        return py

    def sorted(self) -> PyTask:
        """This task with each part sorted: itself when it is known to be (:meth:`canonical`)."""
        if self.__dict__.get("_sorted"):
            return self
        return PyTask.canonical(tuple(sorted(self.objects)), tuple(sorted(self.init)), tuple(sorted(self.goal)))

    @cached_property
    def fingerprint(self) -> str:
        """SHA-256 (hex) of ``repr((objects, init, goal))``, each sorted: what orderings and cached results
        are keyed by. Computed once per object, since a large task's text is tens of megabytes."""
        canonical = self.sorted()
        return fingerprint_of(repr(canonical.objects), repr(canonical.init), repr(canonical.goal))


def fingerprint_of(objects: str, init: str, goal: str) -> str:
    """:attr:`PyTask.fingerprint` from the ``repr`` of each sorted part (which the parser can write for
    the initial facts much faster than ``repr``): the digest of ``repr`` of the tuple of the three."""
    digest = hashlib.sha256()
    for piece in ("(", objects, ", ", init, ", ", goal, ")"):
        digest.update(piece.encode("utf-8"))
    return digest.hexdigest()


def python_objects(domain: Domain, objects: Iterable[tuple[str, str]]) -> tuple[PyObject, ...]:
    """The ``objects`` input of a task of ``domain`` with these objects: the constants and the objects,
    sorted; with their types in a typed domain."""
    everything = dict(domain.constants)
    everything.update(objects)
    if domain.typed:
        return tuple(sorted(everything.items()))
    return tuple(sorted(everything))


def python_inputs(task: Task) -> PyTask:
    """The canonical Python form of ``task``: sorted objects, init facts and goal facts (the facts as the
    task keeps them sorted, see :attr:`~genplan.pddl.model.Task.sorted_init`)."""
    return PyTask.canonical(
        python_objects(task.domain, task.objects),
        task.sorted_init,
        task.sorted_goal,
        fingerprint=task.python_fingerprint,
    )


def render_set(items: tuple | list) -> str:
    """A valid Python set literal of ``items`` in the given order (``set()`` when empty)."""
    if not items:
        return "set()"
    return "{" + ", ".join(repr(i) for i in items) + "}"


def render_python_task(py: PyTask) -> str:
    """The three assignment lines shown in prompts; each right-hand side is a valid Python literal."""
    return "\n".join(
        (
            f"objects = {render_set(py.objects)}",
            f"init = {render_set(py.init)}",
            f"goal = {render_set(py.goal)}",
        )
    )
