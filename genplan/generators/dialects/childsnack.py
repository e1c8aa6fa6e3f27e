"""Childsnack as the IPC 2023 Learning Track writes it: the same types, constant, predicates and actions
as genplan's own formulation (``generators/pddl/childsnack.pddl``), so a generated task is said in it
fact for fact; converting only rebuilds the task over the Learning Track's domain file."""

from __future__ import annotations

from genplan.generators.dialects import Dialect, has_signature, retyped
from genplan.pddl.model import Domain, Task

_PREDICATES = {
    "at_kitchen_bread": 1, "at_kitchen_content": 1, "at_kitchen_sandwich": 1, "no_gluten_bread": 1,
    "no_gluten_content": 1, "ontray": 2, "no_gluten_sandwich": 1, "allergic_gluten": 1,
    "not_allergic_gluten": 1, "served": 1, "waiting": 2, "at": 2, "notexist": 1,
}  # fmt: skip
_ACTIONS = (
    "make_sandwich_no_gluten", "make_sandwich", "put_on_tray", "serve_sandwich_no_gluten", "serve_sandwich",
    "move_tray",
)  # fmt: skip
#: The types our generator gives its objects, which the other formulation must declare too.
_TYPES = frozenset({"child", "bread-portion", "content-portion", "sandwich", "tray", "place"})


def _recognize(domain: Domain) -> bool:
    return (
        domain.typed
        and has_signature(domain, _PREDICATES, _ACTIONS)
        and {name for name, _ in domain.types} >= _TYPES
        and ("kitchen", "place") in domain.constants
    )


def _convert(task: Task, domain: Domain) -> Task:
    return retyped(task, domain, type_of=lambda _name, old: old, init=task.init, goal=task.goal)


DIALECTS = (Dialect("ipc2023-childsnack", "childsnack", _recognize, _convert),)
