"""Blocksworld as the IPC 2023 Learning Track writes it: untyped, the same four operators named
``pickup``/``putdown``/``stack``/``unstack``, with ``on-table`` and ``arm-empty`` for our ``ontable`` and
``handempty``.

The actions are ours up to those names, so the initial state is ours renamed. The goals differ in kind:
our generator states a goal arrangement by its ``on`` facts alone, while every Learning Track goal is a
complete arrangement, listing for every block what it stands on (``on`` or ``on-table``) and each tower's
top (``clear``). The conversion completes our goal the same way: a block that stands on no block in the
goal stands on the table, a block that no block stands on is clear. Our ``on`` goals are those of one
arrangement of all the blocks (chains: every block under at most one and on at most one, no cycle), so the
completed goal is that very arrangement, reachable by unstacking every tower onto the table and building
the goal towers bottom-up; it only narrows our goal (its plans solve ours), so the task stays solvable.
"""

from __future__ import annotations

from genplan.generators import GeneratorError
from genplan.generators.dialects import Dialect, has_signature, renamed, retyped
from genplan.pddl.model import Domain, Fact, Task

_PREDICATES = {"clear": 1, "on-table": 1, "arm-empty": 0, "holding": 1, "on": 2}
_ACTIONS = ("pickup", "putdown", "stack", "unstack")
#: Our predicate names -> theirs.
_NAMES = {"ontable": "on-table", "handempty": "arm-empty"}


def _recognize(domain: Domain) -> bool:
    return not domain.typed and has_signature(domain, _PREDICATES, _ACTIONS)


def complete_goal(blocks: list[str], on_goals: set[Fact]) -> set[Fact]:
    """The whole arrangement that ``on_goals`` state: theirs plus ``on-table`` and ``clear`` facts.

    Raises :class:`GeneratorError` when the ``on`` facts are not those of one arrangement (a block on two
    blocks or under two, or a cycle): then no completion exists.
    """
    below = {f[1]: f[2] for f in on_goals}
    above = {f[2]: f[1] for f in on_goals}
    if len(below) != len(on_goals) or len(above) != len(on_goals):
        raise GeneratorError(f"The blocksworld goal {sorted(on_goals)} puts a block on or under two blocks.")
    for block in below:  # every chain downwards must end on the table
        seen = {block}
        while block in below:
            block = below[block]
            if block in seen:
                raise GeneratorError(f"The blocksworld goal {sorted(on_goals)} stacks blocks in a cycle.")
            seen.add(block)
    goal = set(on_goals)
    goal.update(("on-table", b) for b in blocks if b not in below)
    goal.update(("clear", b) for b in blocks if b not in above)
    return goal


def _convert(task: Task, domain: Domain) -> Task:
    blocks = sorted(o for o, _ in task.objects)
    return retyped(
        task,
        domain,
        type_of=lambda _name, old: old,
        init=renamed(task.init, _NAMES),
        goal=complete_goal(blocks, renamed(task.goal, _NAMES)),
    )


DIALECTS = (Dialect("ipc2023-blocksworld", "blocksworld", _recognize, _convert),)
