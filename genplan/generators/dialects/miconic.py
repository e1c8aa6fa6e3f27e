"""Miconic as the IPC 2023 Learning Track writes it: the single-elevator IPC-2000 domain, whose ``board``
also deletes ``(origin ?p ?f)`` (so a served passenger cannot board again); names and types are ours.

Our generator makes the many-buildings variant: several buildings, each with its own floors, lift and
passengers, nothing linking them. Every Learning Track task has one building and one lift, and a program
written for them may rightly assume a single ``lift-at`` fact. So the conversion puts the buildings on
top of each other into one building: their floors form one shaft (each building's floors in their own
order, the buildings one above the other, in the order of their lowest floor's name), ``above`` relates
every two floors of the shaft, and the lift of the lowest building is the only lift (the others' facts are
dropped). Passengers, origins, destinations and the goal stay as they are. A task of one building is
only retyped.

Solvable: the floors of the one shaft are totally ordered by ``above``, so the lift reaches every floor
with one ``up`` or ``down``; it serves the passengers one after the other (go to the origin, board, go to
the destination, depart), each origin differing from the destination. Deleting ``origin`` on boarding
takes nothing away from that plan.
"""

from __future__ import annotations

from genplan.generators.dialects import Dialect, has_signature, retyped
from genplan.pddl.model import Domain, Fact, Task

_PREDICATES = {"origin": 2, "destin": 2, "above": 2, "boarded": 1, "served": 1, "lift-at": 1}
_ACTIONS = ("board", "depart", "up", "down")
_TYPES = frozenset({"passenger", "floor"})


def _recognize(domain: Domain) -> bool:
    return domain.typed and domain.type_names >= _TYPES and has_signature(domain, _PREDICATES, _ACTIONS)


def _buildings(floors: list[str], above: set[tuple[str, str]]) -> list[list[str]]:
    """The floors split into buildings (linked by ``above``), each listed bottom to top, the buildings in
    the order of their lowest floor's name."""
    group = {f: f for f in floors}  # union-find over the above links

    def root(f: str) -> str:
        while group[f] != f:
            group[f] = group[group[f]]
            f = group[f]
        return f

    for low, high in sorted(above):
        group[root(low)] = root(high)
    members: dict[str, list[str]] = {}
    for f in floors:
        members.setdefault(root(f), []).append(f)
    below = dict.fromkeys(floors, 0)
    for _low, high in above:
        below[high] += 1
    shafts = [sorted(fs, key=lambda f: (below[f], f)) for fs in members.values()]
    return sorted(shafts, key=lambda fs: fs[0])


def one_building(task: Task) -> set[Fact]:
    """The initial state of ``task`` with its buildings stacked into one (see the module docstring)."""
    floors = sorted(o for o, t in task.objects if t == "floor")
    above = {(f[1], f[2]) for f in task.init if f[0] == "above"}
    shaft = [f for building in _buildings(floors, above) for f in building]
    lifts = {f[1] for f in task.init if f[0] == "lift-at"}
    lift = next((f for f in shaft if f in lifts), None)
    init = {f for f in task.init if f[0] not in ("above", "lift-at")}
    init.update(("above", low, high) for i, low in enumerate(shaft) for high in shaft[i + 1 :])
    if lift is not None:
        init.add(("lift-at", lift))
    return init


def _convert(task: Task, domain: Domain) -> Task:
    return retyped(task, domain, type_of=lambda _name, old: old, init=one_building(task), goal=task.goal)


DIALECTS = (Dialect("ipc2023-miconic", "miconic", _recognize, _convert),)
