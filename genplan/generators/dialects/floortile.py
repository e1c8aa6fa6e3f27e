"""Floortile as the IPC 2023 Learning Track writes it: the same types, predicates and actions as genplan's
own formulation (``generators/pddl/floortile.pddl``), plus a predicate ``free-color`` that no action
uses. A generated task is word for word a task of that domain, so it is only rebuilt over it."""

from __future__ import annotations

from genplan.generators.dialects import Dialect, has_signature, retyped
from genplan.pddl.model import Domain, Task

_PREDICATES = {
    "robot-at": 2, "up": 2, "down": 2, "right": 2, "left": 2, "clear": 1, "painted": 2, "robot-has": 2,
    "available-color": 1, "free-color": 1,
}  # fmt: skip
_ACTIONS = ("change_color", "paint_up", "paint_down", "move_up", "move_down", "move_right", "move_left")
_TYPES = frozenset({"robot", "tile", "color"})


def _recognize(domain: Domain) -> bool:
    return (
        domain.typed and {name for name, _ in domain.types} >= _TYPES and has_signature(domain, _PREDICATES, _ACTIONS)
    )


def _convert(task: Task, domain: Domain) -> Task:
    return retyped(task, domain, type_of=lambda _name, old: old, init=task.init, goal=task.goal)


DIALECTS = (Dialect("ipc2023-floortile", "floortile", _recognize, _convert),)
