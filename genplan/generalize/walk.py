"""Random walks through a task's state space: new initial states and goals that are reachable by construction.

The generalization check makes new tasks from the debugging tasks without knowing anything about the
domain (no generator needed). A state reached by applying random applicable actions is a legitimate
state of the task, so it can serve as a new initial state; the facts of a state reached from a start
state are a goal that is solvable from there by construction (the walk is a plan).

Grounding is done lazily, per state, by joining positive preconditions against the state's facts
(:func:`applicable`), so it stays cheap on large tasks too: the check's own counterexamples become
debugging tasks, and on the Learning Track's sokoban those have thousands of objects.
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

    The join takes next the precondition with the most arguments already bound and reads its candidate
    facts from an index by predicate, position and object, so that a bound argument narrows them at once.
    Matching the preconditions in a fixed order instead (fewest facts first) went through every `clear`
    cell for every box on a sokoban task of 4,144 objects, and a generalization check whose debugging
    tasks had come to include such a task spent over 40 minutes in its random walks. The bindings are
    still listed in the order that fixed order gives (by the position of each precondition's fact among
    the state's sorted facts of its predicate, then the free parameters' objects), so walks and the
    variants made from them are what they were.
    """
    typed = _objects_of_type(task)
    by_pred = _index(state)
    rank = {fact: i for facts in by_pred.values() for i, fact in enumerate(facts)}
    by_arg: dict[tuple[str, int, str], list[Fact]] = defaultdict(list)
    for pred, facts in by_pred.items():
        for fact in facts:
            for position, value in enumerate(fact[1:]):
                by_arg[(pred, position, value)].append(fact)
    type_rank = {t: {o: i for i, o in enumerate(objs)} for t, objs in typed.items()}
    all_objects = task.all_objects
    for schema in task.domain.actions:
        params = [p.name for p in schema.parameters]
        ptype = {p.name: p.type for p in schema.parameters}
        # The order the bindings are listed in: most selective preconditions first.
        atoms = sorted(schema.pre_pos, key=lambda a: len(by_pred.get(a.predicate, ())))
        found: list[tuple[tuple[int, ...], dict[str, str]]] = []
        for binding in _join(atoms, {}, by_pred, by_arg):
            free = [p for p in params if p not in binding]
            for full in _fill(free, binding, typed, ptype):
                key = tuple(rank[a.ground(full)] for a in atoms)
                key += tuple(type_rank.get(ptype[p], {}).get(full[p], -1) for p in free)
                found.append((key, full))
        found.sort(key=lambda item: item[0])
        for _, binding in found:
            if not all(binding[p] in all_objects and task.domain.is_subtype(all_objects[binding[p]], ptype[p])
                       for p in params):  # fmt: skip
                continue
            if not _holds(schema, binding, state):
                continue
            yield Step(schema, tuple(binding[p] for p in params))


def _join(atoms, binding, by_pred, by_arg) -> Iterator[dict[str, str]]:
    """Every binding of the atoms' variables under which each atom is one of the state's facts."""
    if not atoms:
        yield binding
        return

    def bound(atom) -> list[tuple[int, str]]:
        return [(i, binding.get(arg, arg)) for i, arg in enumerate(atom.args)
                if not arg.startswith("?") or arg in binding]  # fmt: skip

    best = max(range(len(atoms)), key=lambda i: (len(bound(atoms[i])), -i))
    atom, rest = atoms[best], atoms[:best] + atoms[best + 1 :]
    known = bound(atom)
    candidates = by_pred.get(atom.predicate, ())
    for position, value in known:
        narrowed = by_arg.get((atom.predicate, position, value), ())
        if len(narrowed) < len(candidates):
            candidates = narrowed
    for fact in candidates:
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
            yield from _join(rest, new, by_pred, by_arg)


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
