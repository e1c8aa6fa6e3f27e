"""Spanner as the IPC 2023 Learning Track writes it: our domain with ``usable`` for our ``useable``.

Types and actions are ours, so a task is ours with that one predicate renamed.
"""

from __future__ import annotations

from genplan.generators.dialects import Dialect, has_signature, renamed, retyped
from genplan.pddl.model import Domain, Task

_PREDICATES = {"at": 2, "carrying": 2, "usable": 1, "link": 2, "tightened": 1, "loose": 1}
_ACTIONS = ("walk", "pickup_spanner", "tighten_nut")
_TYPES = frozenset({"location", "locatable", "man", "nut", "spanner"})
_NAMES = {"useable": "usable"}


def _recognize(domain: Domain) -> bool:
    return domain.typed and domain.type_names >= _TYPES and has_signature(domain, _PREDICATES, _ACTIONS)


def _convert(task: Task, domain: Domain) -> Task:
    return retyped(
        task,
        domain,
        type_of=lambda _name, old: old,
        init=renamed(task.init, _NAMES),
        goal=renamed(task.goal, _NAMES),
    )


DIALECTS = (Dialect("ipc2023-spanner", "spanner", _recognize, _convert),)
