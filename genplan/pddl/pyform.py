"""The Python form of a task: what generated programs receive and what prompts show.

``generate_solution(objects, init, goal)`` gets

- ``objects``: object names, or ``(name, type)`` tuples in a typed domain (constants included; the type
  is the object's most specific declared type name, never a rendering like ``'beluga-truck - truck'``);
- ``init`` and ``goal``: sets of lower-case tuples ``('pred', 'arg', ...)``.

Here they are produced as *sorted lists*, a canonical order; the executor builds the sets a program sees
(in a chosen ordering) from them, and prompts render them as valid, sorted Python literals.
"""

from __future__ import annotations

from dataclasses import dataclass

from genplan.pddl.model import Fact, Task

PyObject = str | tuple[str, str]


@dataclass(frozen=True)
class PyTask:
    """A task's inputs for ``generate_solution`` in canonical (sorted) order."""

    objects: tuple[PyObject, ...]
    init: tuple[Fact, ...]
    goal: tuple[Fact, ...]


def python_inputs(task: Task) -> PyTask:
    """The canonical Python form of ``task``: sorted objects, init facts and goal facts."""
    if task.domain.typed:
        objects: tuple[PyObject, ...] = tuple(sorted(task.all_objects.items()))
    else:
        objects = tuple(sorted(task.all_objects))
    return PyTask(objects=objects, init=tuple(sorted(task.init)), goal=tuple(sorted(task.goal)))


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
