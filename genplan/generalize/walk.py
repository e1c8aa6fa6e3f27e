"""Random walks through a task's state space: new initial states and goals that are reachable by construction.

The generalization check makes new tasks from the debugging tasks without knowing anything about the
domain (no generator needed). A state reached by applying random applicable actions is a legitimate
state of the task, so it can serve as a new initial state; the facts of a state reached from a start
state are a goal that is solvable from there by construction (the walk is a plan).

Grounding is done lazily, per state, by matching positive preconditions against the state's facts, so
it stays cheap on the small tasks it is meant for (debugging tasks have a handful of objects).
"""

from __future__ import annotations

import random
from collections import defaultdict
from collections.abc import Iterator
from dataclasses import dataclass

from genplan.pddl.model import ActionSchema, Fact, Task


@dataclass(frozen=True)
class Step:
    """One ground action: its schema and the objects bound to its parameters, in order."""

    schema: ActionSchema
    args: tuple[str, ...]

    def text(self) -> str:
        return "(" + " ".join((self.schema.name, *self.args)) + ")"


def _objects_of_type(task: Task) -> dict[str, list[str]]:
    """Every declared type (and ``object``) to the sorted objects that belong to it."""
    out: dict[str, list[str]] = defaultdict(list)
    for name, typ in sorted(task.all_objects.items()):
        for t in task.domain.ancestors(typ):
            out[t].append(name)
    return out


def _index(state: frozenset[Fact]) -> dict[str, list[Fact]]:
    by_pred: dict[str, list[Fact]] = defaultdict(list)
    for fact in sorted(state):
        by_pred[fact[0]].append(fact)
    return by_pred


def applicable(task: Task, state: frozenset[Fact]) -> Iterator[Step]:
    """Every ground action applicable in ``state``, in a deterministic order (schemas, then bindings).

    Parameters that occur in a positive precondition are bound by matching facts of the state; the
    rest range over the objects of their type. Then types, equalities and negative preconditions are
    checked on the full binding.
    """
    typed = _objects_of_type(task)
    by_pred = _index(state)
    all_objects = task.all_objects
    for schema in task.domain.actions:
        params = [p.name for p in schema.parameters]
        ptype = {p.name: p.type for p in schema.parameters}
        # Most selective preconditions first: fewer matching facts means fewer partial bindings.
        atoms = sorted(schema.pre_pos, key=lambda a: len(by_pred.get(a.predicate, ())))

        def bind(i: int, binding: dict[str, str], schema=schema, params=params, ptype=ptype, atoms=atoms):
            if i == len(atoms):
                free = [p for p in params if p not in binding]
                yield from _fill(free, binding, typed, ptype)
                return
            atom = atoms[i]
            for fact in by_pred.get(atom.predicate, ()):
                if len(fact) != len(atom.args) + 1:
                    continue
                new = dict(binding)
                ok = True
                for arg, value in zip(atom.args, fact[1:], strict=True):
                    if arg.startswith("?"):
                        if new.setdefault(arg, value) != value:
                            ok = False
                            break
                    elif arg != value:
                        ok = False
                        break
                if ok:
                    yield from bind(i + 1, new)

        for binding in bind(0, {}):
            if not all(binding[p] in all_objects and task.domain.is_subtype(all_objects[binding[p]], ptype[p])
                       for p in params):  # fmt: skip
                continue
            if not _holds(schema, binding, state):
                continue
            yield Step(schema, tuple(binding[p] for p in params))


def _fill(free: list[str], binding: dict[str, str], typed: dict[str, list[str]], ptype: dict[str, str]):
    if not free:
        yield binding
        return
    head, rest = free[0], free[1:]
    for obj in typed.get(ptype[head], ()):
        yield from _fill(rest, {**binding, head: obj}, typed, ptype)


def _value(term: str, binding: dict[str, str]) -> str:
    return binding.get(term, term)


def _holds(schema: ActionSchema, binding: dict[str, str], state: frozenset[Fact]) -> bool:
    if any(_value(a, binding) != _value(b, binding) for a, b in schema.pre_eq):
        return False
    if any(_value(a, binding) == _value(b, binding) for a, b in schema.pre_neq):
        return False
    return not any(atom.ground(binding) in state for atom in schema.pre_neg)


def apply(step: Step, state: frozenset[Fact]) -> frozenset[Fact]:
    """The successor state: deletes first, then adds (PDDL semantics)."""
    binding = dict(zip((p.name for p in step.schema.parameters), step.args, strict=True))
    deleted = {a.ground(binding) for a in step.schema.delete}
    added = {a.ground(binding) for a in step.schema.add}
    return frozenset((state - deleted) | added)


def random_walk(
    task: Task, start: frozenset[Fact], length: int, rng: random.Random
) -> tuple[frozenset[Fact], list[Step]]:
    """Apply up to ``length`` random applicable actions from ``start``; stops early in a dead end.

    Returns the state reached and the steps taken (a valid plan from ``start`` to that state).
    """
    state = start
    steps: list[Step] = []
    for _ in range(length):
        options = list(applicable(task, state))
        if not options:
            break
        step = options[int(rng.random() * len(options))]
        steps.append(step)
        state = apply(step, state)
    return state, steps
