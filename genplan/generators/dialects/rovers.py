"""Rovers as the IPC 2023 Learning Track writes it: our domain without ``available`` and
``channel_free``; types, every other predicate and the actions' names are ours.

Those two predicates only guard actions in our domain: ``navigate`` and the ``communicate_*`` actions ask
for them, and the ``communicate_*`` actions delete and add them again in one step (the add wins), so no
action ever makes them false. Our generator makes every rover available and the lander's channel free,
so they hold in every reachable state and asking for them restricts nothing: left out, every other fact
and every action's effect on it are the same in both domains, and a task has the same plans in both (for
a task where some were false, the Learning Track's domain would only allow more). Ours are solvable by
construction, so the converted tasks are too. The Learning Track needs no fact ours lack; the conversion
drops the two predicates' facts and keeps every other one.
"""

from __future__ import annotations

from genplan.generators.dialects import Dialect, has_signature, renamed, retyped
from genplan.pddl.model import Domain, Task

_PREDICATES = {
    "at": 2,
    "at_lander": 2,
    "can_traverse": 3,
    "equipped_for_soil_analysis": 1,
    "equipped_for_rock_analysis": 1,
    "equipped_for_imaging": 1,
    "empty": 1,
    "have_rock_analysis": 2,
    "have_soil_analysis": 2,
    "full": 1,
    "calibrated": 2,
    "supports": 2,
    "visible": 2,
    "have_image": 3,
    "communicated_soil_data": 1,
    "communicated_rock_data": 1,
    "communicated_image_data": 2,
    "at_soil_sample": 1,
    "at_rock_sample": 1,
    "visible_from": 2,
    "store_of": 2,
    "calibration_target": 2,
    "on_board": 2,
}
_ACTIONS = (
    "navigate",
    "sample_soil",
    "sample_rock",
    "drop",
    "calibrate",
    "take_image",
    "communicate_soil_data",
    "communicate_rock_data",
    "communicate_image_data",
)
_TYPES = frozenset({"rover", "waypoint", "store", "camera", "mode", "lander", "objective"})
#: Our facts that only guard actions and always hold (see the module docstring).
_DROPPED = ("available", "channel_free")


def _recognize(domain: Domain) -> bool:
    return domain.typed and domain.type_names >= _TYPES and has_signature(domain, _PREDICATES, _ACTIONS)


def _convert(task: Task, domain: Domain) -> Task:
    return retyped(
        task,
        domain,
        type_of=lambda _name, old: old,
        init=renamed(task.init, {}, drop=_DROPPED),
        goal=renamed(task.goal, {}, drop=_DROPPED),
    )


DIALECTS = (Dialect("ipc2023-rovers", "rovers", _recognize, _convert),)
