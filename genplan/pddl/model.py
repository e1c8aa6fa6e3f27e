"""Plain, frozen data for PDDL domains and tasks.

Everything downstream (validator, planners, prompts, executor) reads these dataclasses, never PDDL text.
Names are lower case (PDDL is case-insensitive). Facts are plain tuples ``('at', 'c0', 'l1')`` because
that is also the form generated programs receive, so no conversion sits on the validator's hot path.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from functools import cached_property

#: A ground fact: predicate name followed by object names, e.g. ``('at', 'c0', 'l1')``; 0-ary: ``('handempty',)``.
Fact = tuple[str, ...]

#: The root type every object belongs to.
ROOT_TYPE = "object"


@dataclass(frozen=True)
class Parameter:
    """A typed variable of a predicate or action schema; ``name`` keeps its leading ``?``."""

    name: str
    type: str = ROOT_TYPE


@dataclass(frozen=True)
class Atom:
    """A (possibly lifted) atom: arguments are variables (``?x``) or constants."""

    predicate: str
    args: tuple[str, ...] = ()

    def ground(self, binding: dict[str, str]) -> Fact:
        """Substitute variables by objects; constants stay as they are."""
        return (self.predicate, *(binding.get(a, a) for a in self.args))

    def __str__(self) -> str:
        return "(" + " ".join((self.predicate, *self.args)) + ")"


@dataclass(frozen=True)
class Predicate:
    name: str
    parameters: tuple[Parameter, ...] = ()

    @property
    def arity(self) -> int:
        return len(self.parameters)


@dataclass(frozen=True)
class ActionSchema:
    """A STRIPS action schema with negative preconditions and (in)equality.

    Preconditions are split by kind so the validator can report each kind of failure precisely.
    """

    name: str
    parameters: tuple[Parameter, ...] = ()
    pre_pos: tuple[Atom, ...] = ()
    pre_neg: tuple[Atom, ...] = ()
    #: ``(= a b)`` preconditions, as pairs of variables or constants.
    pre_eq: tuple[tuple[str, str], ...] = ()
    #: ``(not (= a b))`` preconditions.
    pre_neq: tuple[tuple[str, str], ...] = ()
    add: tuple[Atom, ...] = ()
    delete: tuple[Atom, ...] = ()

    @property
    def arity(self) -> int:
        return len(self.parameters)


@dataclass(frozen=True)
class Domain:
    name: str
    #: As declared; informational only (files often use requirements they do not declare).
    requirements: tuple[str, ...] = field(default=(), compare=False)
    #: Declared types as ``(name, parent)``, sorted by name; ``object`` is implicit and has no entry.
    types: tuple[tuple[str, str], ...] = ()
    #: Domain constants as ``(name, type)``.
    constants: tuple[tuple[str, str], ...] = ()
    predicates: tuple[Predicate, ...] = ()
    actions: tuple[ActionSchema, ...] = ()
    #: True when the domain declares ``:types`` (objects then carry types in the Python form).
    typed: bool = False
    #: Constructs that were accepted but dropped (e.g. action costs), for the record.
    notes: tuple[str, ...] = field(default=(), compare=False)

    @cached_property
    def type_parent(self) -> dict[str, str]:
        return dict(self.types)

    @cached_property
    def type_names(self) -> frozenset[str]:
        return frozenset({ROOT_TYPE, *(t for t, _ in self.types), *(p for _, p in self.types)})

    def ancestors(self, type_name: str) -> tuple[str, ...]:
        """The type itself and all its supertypes up to ``object`` (cycle-safe)."""
        chain = [type_name]
        seen = {type_name}
        parent = self.type_parent
        while chain[-1] in parent and parent[chain[-1]] not in seen:
            chain.append(parent[chain[-1]])
            seen.add(chain[-1])
        if ROOT_TYPE not in seen:
            chain.append(ROOT_TYPE)
        return tuple(chain)

    def is_subtype(self, sub: str, sup: str) -> bool:
        return sup == ROOT_TYPE or sup in self.ancestors(sub)

    @cached_property
    def action_by_name(self) -> dict[str, ActionSchema]:
        return {a.name: a for a in self.actions}

    @cached_property
    def predicate_by_name(self) -> dict[str, Predicate]:
        return {p.name: p for p in self.predicates}

    @cached_property
    def static_predicates(self) -> frozenset[str]:
        """Predicates no action adds or deletes: their facts never change in any task."""
        changed = {a.predicate for s in self.actions for a in (*s.add, *s.delete)}
        return frozenset(p.name for p in self.predicates if p.name not in changed)


@dataclass(frozen=True)
class Task:
    """A planning task: a domain plus one problem's objects, initial state and goal."""

    name: str
    domain: Domain
    #: The problem's own objects as ``(name, type)`` (untyped: type ``object``), sorted by name.
    objects: tuple[tuple[str, str], ...]
    init: frozenset[Fact]
    goal: frozenset[Fact]
    #: Where the problem came from (a path), for messages; not part of equality.
    source: str | None = field(default=None, compare=False)

    @cached_property
    def all_objects(self) -> dict[str, str]:
        """Every object the task can use, constants included, mapped to its most specific type."""
        out = dict(self.domain.constants)
        out.update(self.objects)
        return out

    @cached_property
    def static_facts(self) -> frozenset[Fact]:
        """Initial facts of predicates no action changes: true in every reachable state."""
        static = self.domain.static_predicates
        return frozenset(f for f in self.init if f[0] in static)

    @property
    def size(self) -> int:
        """Number of objects (constants included): the usual size measure of a benchmark task."""
        return len(self.all_objects)

    @cached_property
    def sorted_init(self) -> tuple[Fact, ...]:
        """The initial facts in sorted order, the canonical order programs' inputs and fingerprints start
        from. Kept, because a large task's take a second to sort; the parser hands them over already sorted
        (:meth:`from_sorted`)."""
        return tuple(sorted(self.init))

    @cached_property
    def sorted_goal(self) -> tuple[Fact, ...]:
        """The goal facts in sorted order (see :attr:`sorted_init`)."""
        return tuple(sorted(self.goal))

    @property
    def python_fingerprint(self) -> str | None:
        """The fingerprint of the task's Python form (:attr:`genplan.pddl.pyform.PyTask.fingerprint`) when
        the parser wrote it as it read the file, at a tenth of the cost; else ``None``."""
        return self.__dict__.get("_python_fingerprint")

    @classmethod
    def from_sorted(
        cls,
        *,
        name: str,
        domain: Domain,
        objects: tuple[tuple[str, str], ...],
        init: Sequence[Fact],
        goal: Sequence[Fact],
        source: str | None = None,
        python_fingerprint: str | None = None,
    ) -> Task:
        """A task from its initial and goal facts already sorted (repeats, if any, are dropped), which are
        kept as :attr:`sorted_init` and :attr:`sorted_goal` instead of being sorted again from the sets:
        sorting a set's hash order costs several times as much as sorting a file's nearly sorted facts,
        and every evaluation needs the sorted form. The caller vouches for the order, and for
        ``python_fingerprint`` (:attr:`python_fingerprint`), which is that of the facts as given: it is
        dropped if the initial facts had repeats. What is known is kept beside the fields, not in them, so
        that ``dataclasses.replace`` does not carry it over to a changed copy."""
        init_set, goal_set = frozenset(init), frozenset(goal)
        task = cls(name=name, domain=domain, objects=objects, init=init_set, goal=goal_set, source=source)
        # The cached properties' values, set as they would set them (the class is frozen).
        task.__dict__["sorted_init"] = _unique(init, len(init_set))
        task.__dict__["sorted_goal"] = _unique(goal, len(goal_set))
        if python_fingerprint is not None and len(init_set) == len(init):
            task.__dict__["_python_fingerprint"] = python_fingerprint
        return task


def _unique(ordered: Sequence[Fact], distinct: int) -> tuple[Fact, ...]:
    """``ordered`` (sorted) as a tuple without repeats, given how many distinct facts it holds."""
    if distinct == len(ordered):
        return tuple(ordered)
    return tuple(dict.fromkeys(ordered))  # repeats are neighbours; the first of each is kept


def sort_facts(facts: Iterable[Fact], *, nul_free: bool = False) -> list[Fact]:
    """``facts`` sorted.

    With ``nul_free`` (no name contains ``"\\0"``; the parser knows it from the file's text) each fact is
    compared as one string, its names joined by ``"\\0"``. That order is the tuples' order: the separator
    sorts below every character a name can hold, so where one name is a prefix of the other, it sorts
    first both ways. Comparing strings is about twice as fast as comparing tuples element by element.
    """
    return sorted(facts, key=_NUL_JOIN if nul_free else None)


_NUL_JOIN = "\0".join
