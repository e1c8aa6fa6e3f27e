"""Sokoban as the IPC 2023 Learning Track writes it.

genplan's own formulation (``genplan/generators/pddl/sokoban.pddl``) says the same as the Learning
Track's, fact for fact: the same types, direction constants, predicates and actions with the same
preconditions and effects. Only parameter names and comments differ, but those make the two domains
unequal to :func:`~genplan.generalize.naming.find_generator`'s structural comparison, so the Learning
Track's domain is recognized here by its signature, and a generated task is rebuilt over it unchanged.
"""

from __future__ import annotations

from genplan.generators.dialects import Dialect, has_signature, retyped
from genplan.pddl.model import Domain, Task

_PREDICATES = {"at-robot": 1, "at": 2, "adjacent": 3, "clear": 1}
_ACTIONS = ("move", "push")
_DIRECTIONS = {("down", "direction"), ("up", "direction"), ("left", "direction"), ("right", "direction")}


def _recognize(domain: Domain) -> bool:
    return (
        domain.typed
        and has_signature(domain, _PREDICATES, _ACTIONS)
        and set(domain.constants) == _DIRECTIONS
        and {t for t, _ in domain.types} == {"location", "direction", "box"}
    )


def _convert(task: Task, domain: Domain) -> Task:
    return retyped(task, domain, type_of=lambda _name, old: old, init=task.init, goal=task.goal)


DIALECTS = (Dialect("ipc2023-sokoban", "sokoban", _recognize, _convert),)
