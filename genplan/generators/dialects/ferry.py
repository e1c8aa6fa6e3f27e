"""Ferry as the IPC 2023 Learning Track writes it: typed (``car``, ``location``), with no ``not-eq``,
``car`` or ``location`` facts (``sail`` asks ``(not (at-ferry ?to))`` instead of ``not-eq``)."""

from __future__ import annotations

from genplan.generators.dialects import Dialect, has_signature, retyped
from genplan.pddl.model import Domain, Task

_PREDICATES = {"at-ferry": 1, "at": 2, "empty-ferry": 0, "on": 1}
_ACTIONS = ("sail", "board", "debark")
#: Our facts that say what an object is (the types say it there) or that the other formulation drops.
_DROPPED = frozenset({"not-eq", "car", "location"})


def _recognize(domain: Domain) -> bool:
    return domain.typed and has_signature(domain, _PREDICATES, _ACTIONS)


def _convert(task: Task, domain: Domain) -> Task:
    cars = {f[1] for f in task.init if f[0] == "car"}
    return retyped(
        task,
        domain,
        type_of=lambda name, _old: "car" if name in cars else "location",
        init=(f for f in task.init if f[0] not in _DROPPED),
        goal=(f for f in task.goal if f[0] not in _DROPPED),
    )


DIALECTS = (Dialect("ipc2023-ferry", "ferry", _recognize, _convert),)
