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
import re
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


@dataclass(frozen=True)
class Quote:
    """A task as a prompt quotes it within a size limit (:func:`quote_python_task`).

    ``compact``: objects and one-argument facts are written as comprehensions over lists of names;
    ``omitted``: the static predicates whose facts were left out, with how many facts each had."""

    text: str
    compact: bool = False
    omitted: tuple[tuple[str, int], ...] = ()


def _natural(name: str) -> list[str | int]:
    """A name's sort key with its runs of digits as numbers (``loc_2_10`` after ``loc_2_9``); the items
    alternate text, number, text, so keys always compare."""
    return [int(part) if i % 2 else part for i, part in enumerate(re.split(r"(\d+)", name))]


def _names(items: list[str]) -> str:
    """A list of names in natural order, as Python: a model reading a grid's cells by eye found them
    hard to follow in text order (``loc_10_1`` before ``loc_2_1``)."""
    return repr(" ".join(sorted(items, key=_natural))) + ".split()"


def _compact_objects(objects: tuple[PyObject, ...]) -> str:
    if not objects:
        return "set()"
    if isinstance(objects[0], str):
        return "set(" + _names([str(o) for o in objects]) + ")"
    by_type: dict[str, list[str]] = {}
    for name, type_ in objects:  # type: ignore[misc]
        by_type.setdefault(type_, []).append(name)
    return " | ".join("{(n, " + repr(t) + ") for n in " + _names(ns) + "}" for t, ns in sorted(by_type.items()))


def _fact_groups(facts: tuple[Fact, ...]) -> dict[str, list[Fact]]:
    groups: dict[str, list[Fact]] = {}
    for fact in facts:
        groups.setdefault(fact[0], []).append(fact)
    return groups


def _compact_group(predicate: str, facts: list[Fact]) -> str:
    if len(facts) > 2 and all(len(f) == 2 for f in facts):
        return "{(" + repr(predicate) + ", x) for x in " + _names([f[1] for f in facts]) + "}"
    return render_set(facts)


def quote_facts(facts: Iterable[Fact], limit: int) -> str:
    """A set of facts as a Python expression: the plain literal when it fits in ``limit`` characters, else
    its one-argument facts as comprehensions over name lists (lossless, as in :func:`quote_python_task`).
    Why: a counterexample state of a large training task holds about 1,500 ``clear`` facts."""
    facts = sorted(facts)
    plain = render_set(facts)
    if len(plain) <= limit:
        return plain
    groups = _fact_groups(tuple(facts))
    return " | ".join(_compact_group(p, fs) for p, fs in sorted(groups.items()))


def quote_python_task(py: PyTask, limit: int, static: Iterable[str] = ()) -> Quote:
    """``py`` as the three assignment lines of :func:`render_python_task` when they fit in ``limit``
    characters; else still valid Python, in fewer characters, for a prompt a model can read whole.

    Why: a task the generalization check makes for a search can have thousands of objects, and its plain
    literal (330,000 characters for a sokoban task of 2,059 objects, 5,018 of them ``adjacent`` facts) costs
    a repair call about 90,000 tokens and exceeds many models' context windows. First the objects and
    one-argument facts become comprehensions over name lists (nothing is lost); if that is still too long,
    the facts of the largest ``static`` predicates are left out, largest first, until it fits. The changing
    facts and the goal are always shown whole: they are the state the search failed from."""
    full = render_python_task(py)
    if len(full) <= limit:
        return Quote(full)
    groups = _fact_groups(py.init)
    parts = {p: _compact_group(p, fs) for p, fs in groups.items()}
    static = set(static)
    head = f"objects = {_compact_objects(py.objects)}\n"
    tail = f"\ngoal = {render_set(py.goal)}"

    def text(left_out: set[str]) -> str:
        shown = [parts[p] for p in sorted(parts) if p not in left_out]
        return head + "init = " + (" | ".join(shown) if shown else "set()") + tail

    omitted: list[tuple[str, int]] = []
    left_out: set[str] = set()
    current = text(left_out)
    # Largest first; ties by name, so that the quote does not depend on dictionary order.
    for predicate in sorted((p for p in parts if p in static), key=lambda p: (-len(parts[p]), p)):
        if len(current) <= limit:
            break
        left_out.add(predicate)
        omitted.append((predicate, len(groups[predicate])))
        current = text(left_out)
    return Quote(current, compact=True, omitted=tuple(omitted))
