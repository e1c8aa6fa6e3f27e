"""Transport as the IPC 2023 Learning Track writes it: our domain with the type ``size`` for our
``capacity-number`` (and without our unused type ``target``).

Predicates and actions are ours, so a task is ours with the capacity numbers typed ``size``.
"""

from __future__ import annotations

from genplan.generators.dialects import Dialect, has_signature, retyped
from genplan.pddl.model import Domain, Task

_PREDICATES = {"road": 2, "at": 2, "in": 2, "capacity": 2, "capacity-predecessor": 2}
_ACTIONS = ("drive", "pick-up", "drop")
_TYPES = frozenset({"size", "location", "locatable", "vehicle", "package"})
#: Our types -> theirs.
_TYPE_NAMES = {"capacity-number": "size"}


def _recognize(domain: Domain) -> bool:
    return domain.typed and domain.type_names >= _TYPES and has_signature(domain, _PREDICATES, _ACTIONS)


def _convert(task: Task, domain: Domain) -> Task:
    return retyped(task, domain, type_of=lambda _name, old: _TYPE_NAMES.get(old, old), init=task.init, goal=task.goal)


DIALECTS = (Dialect("ipc2023-transport", "transport", _recognize, _convert),)
