"""Satellite as the IPC 2023 Learning Track writes it: our domain with one more precondition, ``turn_to``
asks ``(not (pointing ?s ?d_new))``.

Its predicates, types and actions are ours otherwise, so a task is the same set of facts. Turning a
satellite to where it already points changes nothing in our domain, so leaving those steps out of a plan
of ours gives a plan under the Learning Track's domain: the tasks have the same solutions, and ours are
solvable by construction.
"""

from __future__ import annotations

from genplan.generators.dialects import Dialect, has_signature, retyped
from genplan.pddl.model import Domain, Task

_PREDICATES = {
    "on_board": 2,
    "supports": 2,
    "pointing": 2,
    "power_avail": 1,
    "power_on": 1,
    "calibrated": 1,
    "have_image": 2,
    "calibration_target": 2,
}
_ACTIONS = ("turn_to", "switch_on", "switch_off", "calibrate", "take_image")
_TYPES = frozenset({"satellite", "direction", "instrument", "mode"})


def _recognize(domain: Domain) -> bool:
    return domain.typed and domain.type_names >= _TYPES and has_signature(domain, _PREDICATES, _ACTIONS)


def _convert(task: Task, domain: Domain) -> Task:
    return retyped(task, domain, type_of=lambda _name, old: old, init=task.init, goal=task.goal)


DIALECTS = (Dialect("ipc2023-satellite", "satellite", _recognize, _convert),)
