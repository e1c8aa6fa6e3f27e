"""genplan's own plan validator: sequential STRIPS semantics over the :mod:`genplan.pddl.model` classes.

It replaces a VAL subprocess on the pipeline's hot path (every plan an LLM writes, every run of every
program on every task and input ordering), so it is built for speed, and fast the first time it sees a
task and a plan (nothing per plan is remembered; there is nothing to gain from it):

- each domain is compiled once, while the domain object lives, into one generated function that runs a
  whole plan: a loop over the steps with one branch per action schema. A branch takes the step's
  arguments as local variables, looks up each one's number among the objects that fit its parameter
  (a dict lookup, which fails for an unknown object or a wrong type), checks the preconditions and
  applies the effects. Nothing is interpreted per step: which atoms an action has, which are static and
  where each argument goes was decided when the code was generated;
- the state is kept in stores, one per changing (predicate, arity): a fact's number in its store is its
  arguments' numbers as digits (base: the number of names), and the store says what the plan did to
  the fact so far: 1 added, 2 deleted, 0 nothing yet. A store is a bytearray while that is small, else
  a dict of the facts touched. Checking or changing a fact is then indexing, with no tuple built and
  no hashing; only a fact the plan has not touched yet is built and looked up in the initial state.
  A plan starts from empty stores: nothing of the initial state is copied per plan;
- static preconditions are looked up in the initial state (a frozenset, never scanned); a static
  predicate of one argument (an untyped domain's types) is a set of the objects it holds for. From a
  task's second plan on, a second generated runner looks static facts up by number instead (a set of
  the numbers of a predicate's initial facts, a bytearray by object for a unary one): numbering them
  costs more than one plan saves, and the pipeline checks many plans against every task;
- each task is compiled once, while the task object lives, into what that function needs, at C level
  (maps and zips, no Python code per object or fact): the objects' numbers, per parameter type those
  of the objects that fit it, the sets of unary static facts. Its goal is numbered on the first plan
  that reaches its end;
- the plan is read in bulk: the steps are joined into one string, whose form (``(...)`` each) is checked
  by a few C-level string operations, then lower-cased once and split (into columns when all actions
  take the same number of arguments); only a plan that fails this check is read step by step;
- the verdict gets the stores as the state reached, behind a set interface: membership is read from
  them; the facts are listed only if someone asks for them;
- only when a step fails is the slow, explaining path taken: the step is read again carefully, which
  tells a malformed step from an unmet precondition, and every unmet literal is listed. A valid step
  builds no message.

Semantics (PDDL, as VAL implements it): a ground action is applicable when every positive precondition
holds, no negative precondition holds and the (in)equalities hold; its delete effects are applied before
its add effects (an atom both deleted and added ends up true). An argument fits a parameter when the
object's declared type is the parameter's type or a subtype of it; in an untyped domain every object
fits. Distinct parameters may be bound to the same object unless an inequality forbids it.

Checks at each step, in this order: malformed string, unknown action, wrong number of arguments,
unknown object, wrong type, precondition. After the last step: the goal. The first failure is reported.
:func:`validate_plainly` states the same semantics without any of the speed-ups; the tests check that
both give identical verdicts.
"""

from __future__ import annotations

import weakref
from collections import defaultdict
from collections.abc import Callable, Container, Iterable, Iterator, Sequence
from collections.abc import Set as AbstractSet
from dataclasses import dataclass
from functools import cached_property
from itertools import compress, count, repeat
from operator import add, eq, itemgetter, length_hint, mul, not_
from pathlib import Path

from genplan.pddl.model import ROOT_TYPE, ActionSchema, Atom, Domain, Fact, Task
from genplan.validate.plantext import parse_plan_text
from genplan.validate.verdict import (
    GOAL,
    MALFORMED,
    PRECONDITION,
    UNKNOWN_ACTION,
    UNKNOWN_OBJECT,
    WRONG_ARITY,
    WRONG_TYPE,
    Literal,
    Verdict,
)

#: The steps of a plan read into rows ``(name, arg1, ...)`` (lists or tuples, lower case): an iterable
#: of rows, an iterator that advances with them (see :func:`_failed_index`) and how many rows there are.
_Rows = tuple[Iterable[Sequence[str]], Iterator[object], int]
#: The generated function of a task: ``run(rows, *stores)`` applies the rows to the state held in the
#: stores (changed in place; see :class:`_CompiledTask`) and returns ``None`` when every step was
#: applied, or ``True`` at the first row that is not a well-formed ground action of the task or not
#: applicable; the state is then the one before that step, and the row's index is told by the rows'
#: counter (see :func:`_failed_index`).
_Runner = Callable[..., "bool | None"]

#: Reads given entries of a store, as a tuple.
_Read = Callable[[Sequence[int] | dict[int, int]], tuple[int, ...]]

# The separator used to join a plan's steps for reading them in bulk (see :func:`_read_rows`).
_SEP = "\0"
_BETWEEN = ")" + _SEP + "("


@dataclass(frozen=True)
class _CompiledDomain:
    #: ``make(INIT, OBJ, N1, N2, ..., F0, F1, ..., U0, U1, ..., K0, K1, ...) -> run``: binds the
    #: generated runner to one task: its initial state, its objects (name -> number), the powers of the
    #: number of names (:attr:`max_arity` - 1 of them), per type of :attr:`param_types` the objects that
    #: fit it (name -> number), per predicate of :attr:`unary_static` the objects it holds for, and the
    #: number of each name of :attr:`fixed_terms`.
    make: Callable[..., _Runner]
    #: The parameter types of the domain's actions (sorted, ``object`` left out), in the order ``make``
    #: takes their objects.
    param_types: tuple[str, ...]
    #: The static predicates of one argument that preconditions apply to a parameter (sorted), in the
    #: order ``make`` takes, for each, the set of objects it holds for.
    unary_static: tuple[str, ...]
    #: The ``(predicate, arity)`` of every changing atom of the actions (sorted): one store each, in the
    #: order the runner takes them.
    slots: tuple[tuple[str, int], ...]
    #: The ``(predicate, arity)`` of every static atom of two or more arguments (sorted).
    static_slots: tuple[tuple[str, int], ...]
    #: The names (not parameters) that atoms of the actions mention, in the order ``make`` takes their
    #: numbers: constants, normally.
    fixed_terms: tuple[str, ...]
    max_arity: int
    #: The generated sources, for debugging and for the tests.
    source: str
    numbered_source: str
    #: ``arity + 2`` when every action of the domain has that arity, else 0 (see :func:`_read_rows`).
    width: int
    domain_name: str

    @cached_property
    def make_numbered(self) -> Callable[..., _Runner]:
        """Like :attr:`make`, with two more groups of arguments, ``C0, C1, ...``: per
        :attr:`static_slots` entry the set of the numbers of its initial facts, and ``B0, B1, ...``: per
        predicate of :attr:`unary_static` a bytearray by object number. Its runner looks static facts up
        by number (no tuple built, no strings compared); a task binds it once it is validated a second
        time, so it is compiled on first use."""
        return _exec_make(self.numbered_source, f"{self.domain_name}, numbered")


@dataclass(frozen=True)
class _CompiledTask:
    run: _Runner
    width: int
    #: Whether some object or action name has a parenthesis in it (only possible in tasks built by hand):
    #: then the bulk reader cannot leave it to the runner to reject steps with extra parentheses.
    odd_names: bool
    schemas: dict[str, ActionSchema]
    #: Per parameter type, the objects of the task that fit it.
    fits: dict[str, Container[str]]
    #: The task's objects and constants, as ``(name, type)``; later entries win (as in ``all_objects``).
    pairs: tuple[tuple[str, str], ...]
    #: The task's initial state. A fact of a static predicate holds in every state exactly when it holds
    #: here, so static preconditions are looked up here.
    init: frozenset[Fact]
    static_predicates: frozenset[str]
    goal: frozenset[Fact]
    typed: bool
    #: Every name a fact can mention (objects, constants, then any other name the actions mention) by
    #: its number, and the names in that order: the digits of a fact's number in its store.
    numbers: dict[str, int]
    names: tuple[str, ...]
    #: Per :attr:`_CompiledDomain.slots` entry (in that order, by index), its size: how many facts of
    #: that predicate and arity there can be.
    slot_of: dict[tuple[str, int], int]
    sizes: tuple[int, ...]
    #: The domain's generated code and the arguments ``run`` was made from, for :attr:`numbered_run`.
    code: _CompiledDomain
    make_args: tuple[object, ...]
    #: How many plans were validated against the task (a one-item list: the dataclass is frozen).
    uses: list[int]
    #: How many of :attr:`names` are objects of the task (the rest are other names the actions mention).
    n_objects: int

    def runner(self) -> _Runner:
        """The runner for the next plan: :attr:`run` for the task's first plan, :attr:`numbered_run`
        from its second plan on (a task validated once should not pay for numbering its static facts;
        the pipeline validates every task many times)."""
        if self.uses[0]:
            return self.numbered_run
        self.uses[0] = 1
        return self.run

    @cached_property
    def numbered_run(self) -> _Runner:
        """The runner that looks static facts up by number: per static (predicate, arity >= 2) the set
        of its initial facts' numbers, per unary static predicate a bytearray by object number."""
        init = tuple(self.init)
        predicates = list(map(itemgetter(0), init))
        sets = []
        for predicate, arity in self.code.static_slots:
            facts = compress(init, map(eq, predicates, repeat(predicate)))
            facts = [f for f in facts if len(f) == arity + 1]
            numbers = self._fact_numbers(facts, arity)
            if numbers is None:  # names that are not objects: no step can match those facts
                facts = [f for f in facts if all(a in self.numbers for a in f[1:])]
                numbers = self._fact_numbers(facts, arity)
            sets.append(frozenset(numbers or ()))
        objects = self.names[: self.n_objects]
        unary = [bytearray(map(self.init.__contains__, zip(repeat(p), objects))) for p in self.code.unary_static]
        return self.code.make_numbered(*self.make_args, *sets, *unary)

    @cached_property
    def objects(self) -> dict[str, str]:
        """Every object of the task by name, mapped to its type (for the messages of failing steps)."""
        return dict(self.pairs)

    def new_stores(self) -> list[bytearray | defaultdict[int, int]]:
        """The stores of a plan's state, before its first step: nothing changed yet.

        A store maps the number of a fact (its arguments' numbers as digits base ``len(names)``) to what
        the plan did to it: 0 nothing yet (the fact holds if it holds initially), 1 added, 2 deleted. It
        is a bytearray while that is small, else a dict of the facts touched. Starting from nothing
        changed, nothing of the initial state needs to be copied or even looked at per plan."""
        return [bytearray(size) if size <= _BYTEARRAY_LIMIT else defaultdict(int) for size in self.sizes]

    def locate(self, fact: Fact) -> tuple[int, int] | None:
        """The store (its index) and the number of ``fact`` in it, or ``None`` when no action can change
        the fact (then it holds exactly when it holds initially)."""
        slot = self.slot_of.get((fact[0], len(fact) - 1))
        if slot is None:
            return None
        numbers, size, index = self.numbers, len(self.names), 0
        for arg in fact[1:]:
            digit = numbers.get(arg)
            if digit is None:
                return None
            index = index * size + digit
        return slot, index

    def _fact_numbers(self, facts: Sequence[Fact], arity: int) -> list[int] | None:
        """The numbers of ``facts`` (all of one predicate and ``arity``), computed at C level; ``None``
        when some argument is a name without a number."""
        columns = [list(map(self.numbers.get, map(itemgetter(k), facts))) for k in range(1, arity + 1)]
        if any(None in column for column in columns):
            return None
        if not columns:
            return [0] * len(facts)
        numbers, size = columns[0], len(self.names)
        for column in columns[1:]:
            numbers = list(map(add, map(mul, numbers, repeat(size)), column))
        return numbers  # type: ignore[return-value]

    @cached_property
    def goal_check(self) -> tuple[bool, tuple[tuple[int, _Read, list[Fact]], ...]]:
        """Whether the goal facts no action changes hold, and per store the numbers of its goal facts and
        the facts. Computed per task, at C level where it can be: a goal can name every cell of a grid."""
        goal = tuple(self.goal)
        predicates = list(map(itemgetter(0), goal))
        groups = []
        for (predicate, arity), slot in self.slot_of.items():
            facts = list(compress(goal, map(eq, predicates, repeat(predicate))))
            if not facts:
                continue
            if set(map(len, facts)) != {arity + 1}:
                return self._goal_check_slowly()  # the same predicate with several arities (built by hand)
            numbers = self._fact_numbers(facts, arity)
            if numbers is None:
                return self._goal_check_slowly()  # a name that is not an object (built by hand)
            groups.append((slot, _reader(numbers), facts))
        stored = {p for p, _ in self.slot_of}
        fixed = compress(goal, map(not_, map(stored.__contains__, predicates)))
        return all(map(self.init.__contains__, fixed)), tuple(groups)

    def _goal_check_slowly(self) -> tuple[bool, tuple[tuple[int, _Read, list[Fact]], ...]]:
        fixed_hold = True
        groups: dict[int, tuple[list[int], list[Fact]]] = {}
        for fact in sorted(self.goal):
            where = self.locate(fact)
            if where is None:
                fixed_hold = fixed_hold and fact in self.init
            else:
                numbers, facts = groups.setdefault(where[0], ([], []))
                numbers.append(where[1])
                facts.append(fact)
        return fixed_hold, tuple((slot, _reader(numbers), facts) for slot, (numbers, facts) in sorted(groups.items()))

    def reaches_goal(self, stores: Sequence[bytearray | defaultdict[int, int]]) -> bool:
        """Whether every goal fact holds in the state the stores describe."""
        fixed_hold, groups = self.goal_check
        if not fixed_hold:
            return False
        for slot, read, facts in groups:
            done = read(stores[slot])
            # Deleted (2): does not hold. Untouched (0): holds if it held initially.
            if 2 in done or (0 in done and not all(map(self.init.__contains__, compress(facts, map(not_, done))))):
                return False
        return True


def _reader(numbers: list[int]) -> _Read:
    """A function reading the entries ``numbers`` of a store as a tuple (at C level)."""
    if len(numbers) == 1:
        return lambda store, number=numbers[0]: (store[number],)
    return itemgetter(*numbers)


class _State(AbstractSet[Fact]):
    """The state a plan reached, read from the runner's stores: membership is answered from them
    directly; the facts are listed only when someone iterates (a verdict's ``final_state``)."""

    __slots__ = ("_compiled", "_facts", "_stores")

    def __init__(self, compiled: _CompiledTask, stores: Sequence[bytearray | defaultdict[int, int]]) -> None:
        self._compiled = compiled
        self._stores = stores
        self._facts: frozenset[Fact] | None = None

    def __contains__(self, fact: object) -> bool:
        if not isinstance(fact, tuple) or not fact:
            return False
        where = self._compiled.locate(fact)
        if where is None:
            return fact in self._compiled.init
        store = self._stores[where[0]]
        done = store[where[1]] if isinstance(store, bytearray) else store.get(where[1], 0)
        return done == 1 or (done == 0 and fact in self._compiled.init)

    def _all(self) -> frozenset[Fact]:
        if self._facts is None:
            compiled = self._compiled
            names, size = compiled.names, len(compiled.names)
            added: list[Fact] = []
            deleted: list[Fact] = []
            for (predicate, arity), store in zip(compiled.slot_of, self._stores, strict=True):
                # The facts the plan touched: for a bytearray, its non-zero entries, found at C level.
                touched = compress(count(), store) if isinstance(store, bytearray) else store
                for number in touched:
                    done = store[number]
                    if not done:
                        continue
                    fact_number = number
                    args: list[str] = []
                    for _ in range(arity):
                        fact_number, digit = divmod(fact_number, size)
                        args.append(names[digit])
                    (added if done == 1 else deleted).append((predicate, *reversed(args)))
            self._facts = compiled.init.difference(deleted).union(added)
        return self._facts

    def __iter__(self) -> Iterator[Fact]:
        return iter(self._all())

    def __len__(self) -> int:
        return len(self._all())


@dataclass(frozen=True)
class _StepError:
    """Why a step is not a well-formed ground action of the task (the kind and the Verdict fields)."""

    kind: str
    details: str
    fields: dict[str, object]


# ------------------------------------------------------------------------------------------ the check
def validate(task: Task, plan: Sequence[str] | str | Path) -> Verdict:
    """Validate ``plan`` on ``task`` and return the verdict (valid, or the first error).

    ``plan`` is a sequence of action strings ``"(name arg ...)"`` (case and spacing do not matter), or a
    plan file's text (a ``str``), or the path of a plan file; text and files are read with
    :func:`genplan.validate.plantext.parse_plan_text`.
    """
    plan = _as_steps(plan)
    compiled = _compiled(task)
    n = len(plan)
    rows, counter, count = _read_rows(plan, compiled.width, compiled.odd_names)
    stores = compiled.new_stores()
    if compiled.runner()(rows, *stores):
        i = _failed_index(counter, count)
        read = _read_step(compiled, plan[i])
        state = _State(compiled, stores)
        if isinstance(read, _StepError):
            return _step_error(compiled, read, state, i + 1, plan[i], n)
        return _precondition_error(compiled, state, i + 1, plan[i], n)
    state = _State(compiled, stores)
    if count < n:  # a step that could not even be split, after steps that all executed
        return _step_error(compiled, _explain_step(compiled, plan[count]), state, count + 1, plan[count], n)
    return _end_verdict(compiled, state, n, compiled.reaches_goal(stores))


def is_valid(task: Task, plan: Sequence[str]) -> bool:
    """Shorthand for ``validate(task, plan).valid``."""
    return validate(task, plan).valid


def clear_cache() -> None:
    """Forget every compiled task and domain (for benchmarks measuring the cold path, and for tests)."""
    _TASK_CACHE.clear()
    _DOMAIN_CACHE.clear()


def validate_plainly(task: Task, plan: Sequence[str] | str | Path) -> Verdict:
    """The same semantics and verdicts as :func:`validate`, written as directly as possible: no generated
    code, no bulk reading, no sets of fitting objects; every atom is grounded from its schema with
    :meth:`genplan.pddl.model.Atom.ground` and looked up in the one set of the current state. Slow; it
    is the specification the fast path is tested against (and a fallback to read when in doubt). Only
    the messages of failing steps come from the same helpers."""
    plan = _as_steps(plan)
    domain = task.domain
    objects = task.all_objects
    compiled = _compiled(task)  # for the shared message helpers only
    state = set(task.init)
    n = len(plan)

    def holds(atom_or_pair: Atom | tuple[str, str], binding: dict[str, str]) -> bool:
        if isinstance(atom_or_pair, Atom):
            return atom_or_pair.ground(binding) in state
        x, y = atom_or_pair
        return binding.get(x, x) == binding.get(y, y)

    for i, raw in enumerate(plan, start=1):
        parts = None
        if isinstance(raw, str):
            text = raw.strip()
            if text[:1] == "(" and text[-1:] == ")" and "(" not in text[1:-1] and ")" not in text[1:-1]:
                parts = text[1:-1].lower().split()
        schema = domain.action_by_name.get(parts[0]) if parts else None
        well_formed = (
            schema is not None
            and len(parts) == schema.arity + 1  # type: ignore[arg-type]
            and all(
                a in objects and domain.is_subtype(objects[a], p.type)
                for p, a in zip(schema.parameters, parts[1:], strict=True)  # type: ignore[index]
            )
        )
        if not well_formed:
            return _step_error(compiled, _explain_step(compiled, raw), state, i, raw, n)
        assert schema is not None and parts is not None
        binding = {p.name: a for p, a in zip(schema.parameters, parts[1:], strict=True)}
        applicable = (
            all(holds(a, binding) for a in schema.pre_pos)
            and not any(holds(a, binding) for a in schema.pre_neg)
            and all(holds(pair, binding) for pair in schema.pre_eq)
            and not any(holds(pair, binding) for pair in schema.pre_neq)
        )
        if not applicable:
            return _precondition_error(compiled, state, i, raw, n)
        state.difference_update([a.ground(binding) for a in schema.delete])
        state.update([a.ground(binding) for a in schema.add])
    return _end_verdict(compiled, state, n, compiled.goal <= state)


def _as_steps(plan: Sequence[str] | str | Path) -> Sequence[str]:
    if isinstance(plan, Path):
        return parse_plan_text(plan.read_text(encoding="utf-8", errors="replace"))
    if isinstance(plan, str):
        return parse_plan_text(plan)
    return plan


def _end_verdict(compiled: _CompiledTask, state: AbstractSet[Fact], n: int, reached_goal: bool) -> Verdict:
    """The verdict after every step executed: valid, or the goal facts that do not hold."""
    if reached_goal:
        return Verdict.valid_plan(n, state)
    missing = tuple(sorted(g for g in compiled.goal if g not in state))
    return Verdict(
        False,
        GOAL,
        None,
        None,
        f"{len(missing)} goal fact(s) do not hold after the last step: " + ", ".join(_fmt(g) for g in missing),
        unmet_goals=missing,
        plan_length=n,
        reached=state,
    )


# ----------------------------------------------------------------------------------------- reading steps
def _read_rows(plan: Sequence[str], width: int = 0, odd_names: bool = False) -> _Rows:
    """The steps read into rows ``[name, arg, ...]`` (lower case), as the careful reader splits them.

    The usual plan, every step a string ``"(...)"``, is read in bulk: by C-level string operations on
    the joined steps, with no Python code per step. When every step has ``width - 2`` arguments
    (``width`` is given when all the domain's actions take the same number), the rows are the columns
    of one split of the whole plan, zipped. A row read in bulk may still contain parentheses
    (``"(a (b))"``): no action or object has them in its name, so the runner rejects that row and the
    careful reader then reports the step as malformed (a task built by hand may have such names:
    ``odd_names``, and then the parentheses are counted here).

    Any other plan is read step by step, up to the first step that is not ``(...)`` with no parentheses
    inside; that one and the rest are left out (the caller reports it if every step before executes).
    """
    n = len(plan)
    if n == 0:
        return (), iter(()), 0
    try:
        joined = _SEP.join(plan)
        if not _joins_bracketed_steps(joined, n):
            joined = _SEP.join([s.strip() for s in plan])
    except TypeError:  # a step that is not a string
        joined = ""
    if _joins_bracketed_steps(joined, n) and not (odd_names and joined.count("(") + joined.count(")") != 2 * n):
        body = joined[1:-1]
        if body.isascii():  # lower-casing ASCII is per character, so it can be done once for all
            body = body.lower()
            if width:
                # Each separator, standing between ")" and "(", becomes one token of its own (the
                # replacement is one character longer, so the lengths tell that all n - 1 were).
                spaced = body.replace(_BETWEEN, " " + _SEP + "  ")
                tokens = spaced.split()
                # Every width-th token a separator, and all n - 1 separators there: each step has
                # width - 1 tokens.
                if (
                    len(spaced) - len(body) == n - 1
                    and len(tokens) == n * width - 1
                    and tokens[width - 1 :: width].count(_SEP) == n - 1
                ):
                    names = iter(tokens[0::width])
                    columns = [tokens[k::width] for k in range(1, width - 1)]
                    return zip(names, *columns, strict=True), names, n
            bodies = body.split(_BETWEEN)
        else:
            bodies = list(map(str.lower, body.split(_BETWEEN)))
        if len(bodies) == n:  # each separator stands between ")" and "("
            it = iter(list(map(str.split, bodies)))
            return it, it, n
    rows = []
    for raw in plan:
        if not isinstance(raw, str):
            break
        text = raw.strip()
        body = text[1:-1]
        if text[:1] != "(" or text[-1:] != ")" or "(" in body or ")" in body:
            break
        rows.append(body.lower().split())
    it = iter(rows)
    return it, it, len(rows)


def _joins_bracketed_steps(joined: str, n: int) -> bool:
    """Whether ``joined``, ``n >= 1`` steps joined by :data:`_SEP`, starts with ``(``, ends with ``)``
    and has no separators but the ``n - 1`` between the steps. If these stand between ``)`` and ``(``
    (the caller checks that), every step is a string ``(...)``."""
    return joined[:1] == "(" and joined[-1:] == ")" and joined.count(_SEP) == n - 1


def _failed_index(counter: Iterator[object], count: int) -> int:
    """The index of the row the runner stopped at: ``counter`` advanced once per row it handed out."""
    return count - length_hint(counter) - 1


# --------------------------------------------------------------------------------- explaining failures
def _fmt(fact: Fact) -> str:
    return "(" + " ".join(fact) + ")"


def _signature(schema: ActionSchema, typed: bool) -> str:
    if typed:
        return " ".join(f"{p.name} - {p.type}" for p in schema.parameters)
    return " ".join(p.name for p in schema.parameters)


def _read_step(compiled: _CompiledTask, raw: object) -> tuple[ActionSchema, list[str]] | _StepError:
    """Read a step carefully: its action and ``[name, arg, ...]`` (normalised), or the first thing wrong
    with it, checked in the documented order."""
    if not isinstance(raw, str):
        return _StepError(MALFORMED, f"the step is a value of type {type(raw).__name__}, not a string", {})
    text = raw.strip()
    if not text:
        return _StepError(MALFORMED, "the step is an empty string", {})
    if not (text.startswith("(") and text.endswith(")")):
        return _StepError(MALFORMED, "the step is not enclosed in parentheses", {})
    body = text[1:-1]
    if "(" in body or ")" in body:
        return _StepError(MALFORMED, "the step contains more than one pair of parentheses", {})
    parts = body.lower().split()
    if not parts:
        return _StepError(MALFORMED, "the parentheses are empty (no action name)", {})
    name, args = parts[0], parts[1:]
    schemas = compiled.schemas
    schema = schemas.get(name)
    if schema is None:
        known = tuple(f"{a} {sig}" if (sig := _signature(schemas[a], compiled.typed)) else a for a in sorted(schemas))
        return _StepError(
            UNKNOWN_ACTION,
            f"the domain has no action {name!r} (its actions: {', '.join(sorted(schemas))})",
            {"action_name": name, "known_actions": known},
        )
    sig = _signature(schema, compiled.typed)
    if len(args) != schema.arity:
        return _StepError(
            WRONG_ARITY,
            f"{name} takes {schema.arity} argument(s) ({sig or 'none'}), but {len(args)} were given",
            {"action_name": name, "signature": sig, "expected_arity": schema.arity, "given_arity": len(args)},
        )
    for pos, arg in enumerate(args, start=1):
        if arg not in compiled.objects:
            return _StepError(
                UNKNOWN_OBJECT,
                f"argument {pos}, {arg!r}, is not an object of this task",
                {"action_name": name, "signature": sig, "argument": arg, "position": pos},
            )
    for pos, (arg, param) in enumerate(zip(args, schema.parameters, strict=True), start=1):
        if arg not in compiled.fits[param.type]:
            actual = compiled.objects[arg]
            return _StepError(
                WRONG_TYPE,
                f"argument {pos}, {arg!r}, is of type {actual!r}, but parameter {param.name} of {name} "
                f"needs type {param.type!r}",
                {
                    "action_name": name,
                    "signature": sig,
                    "argument": arg,
                    "position": pos,
                    "parameter": param.name,
                    "expected_type": param.type,
                    "actual_type": actual,
                },
            )
    return schema, parts


def _explain_step(compiled: _CompiledTask, raw: object) -> _StepError:
    """What is wrong with a step the fast path found not to be a well-formed ground action."""
    read = _read_step(compiled, raw)
    assert isinstance(read, _StepError), f"the step {raw!r} failed the fast checks but not the careful ones"
    return read


def _step_error(
    compiled: _CompiledTask, error: _StepError, state: AbstractSet[Fact], step: int, raw: object, n: int
) -> Verdict:
    shown = raw.strip() if isinstance(raw, str) else repr(raw)
    return Verdict(
        False,
        error.kind,
        step,
        shown,
        error.details,
        plan_length=n,
        reached=state,
        **error.fields,  # type: ignore[arg-type]
    )


def _precondition_error(
    compiled: _CompiledTask,
    state: AbstractSet[Fact],
    step: int,
    raw: str,
    n: int,
) -> Verdict:
    """Every unmet literal of the failing step, split into static facts and facts of the current state."""
    read = _read_step(compiled, raw)
    assert not isinstance(read, _StepError), f"step {step} {raw!r} passed the fast checks but cannot be read"
    schema, parts = read
    binding = {p.name: a for p, a in zip(schema.parameters, parts[1:], strict=True)}
    static_preds = compiled.static_predicates
    static: list[Literal] = []
    dynamic: list[Literal] = []
    fixed = compiled.init  # holds the static facts (and others, never looked up here)
    for atom in schema.pre_pos:
        fact = atom.ground(binding)
        if fact[0] in static_preds:
            if fact not in fixed:
                static.append(Literal(fact, True))
        elif fact not in state:
            dynamic.append(Literal(fact, True))
    for atom in schema.pre_neg:
        fact = atom.ground(binding)
        if fact[0] in static_preds:
            if fact in fixed:
                static.append(Literal(fact, False))
        elif fact in state:
            dynamic.append(Literal(fact, False))
    for x, y in schema.pre_eq:
        a, b = binding.get(x, x), binding.get(y, y)
        if a != b:
            static.append(Literal(("=", a, b), True))
    for x, y in schema.pre_neq:
        a, b = binding.get(x, x), binding.get(y, y)
        if a == b:
            static.append(Literal(("=", a, b), False))
    unmet_static = tuple(dict.fromkeys(static))
    unmet_dynamic = tuple(dict.fromkeys(dynamic))
    if not unmet_static and not unmet_dynamic:
        raise AssertionError(f"step {step} {raw!r} was not applicable, but every precondition holds")
    listed = ", ".join(str(x) for x in (*unmet_static, *unmet_dynamic))
    return Verdict(
        False,
        PRECONDITION,
        step,
        raw.strip(),
        f"unmet precondition(s): {listed}",
        unmet_static=unmet_static,
        unmet_dynamic=unmet_dynamic,
        plan_length=n,
        reached=state,
        action_name=schema.name,
        signature=_signature(schema, compiled.typed),
    )


# ------------------------------------------------------------------------------------------ compiling
# Compiled forms are cached by object identity while the object lives: hashing a Task (all its facts)
# or a Domain (all its schemas) on every call would cost more than validating a short plan.
_TASK_CACHE: dict[int, tuple[weakref.ref, _CompiledTask]] = {}
_DOMAIN_CACHE: dict[int, tuple[weakref.ref, _CompiledDomain]] = {}


def _cached(cache: dict, obj: object, build: Callable[[], object]) -> object:
    key = id(obj)
    entry = cache.get(key)
    if entry is not None and entry[0]() is obj:
        return entry[1]
    value = build()

    def forget(ref: weakref.ref, key: int = key) -> None:
        current = cache.get(key)
        if current is not None and current[0] is ref:
            del cache[key]

    cache[key] = (weakref.ref(obj, forget), value)
    return value


def _compiled(task: Task) -> _CompiledTask:
    return _cached(_TASK_CACHE, task, lambda: _compile_task(task))  # type: ignore[return-value]


def _compiled_domain(domain: Domain) -> _CompiledDomain:
    return _cached(_DOMAIN_CACHE, domain, lambda: _compile_domain(domain))  # type: ignore[return-value]


def _compile_task(task: Task) -> _CompiledTask:
    domain = task.domain
    code = _compiled_domain(domain)
    pairs = (*domain.constants, *task.objects)
    # Everything per object is done at C level (maps, zips, compress): a task is compiled on first sight.
    names = list(map(itemgetter(0), pairs))
    objects = dict(zip(names, count()))
    if len(objects) == len(names):
        types = list(map(itemgetter(1), pairs))
    else:  # a name declared twice (only in a task built by hand): the later declaration wins
        by_name = dict(pairs)
        names, types = list(by_name), list(by_name.values())
        objects = dict(zip(names, count()))
    extra = [t for t in code.fixed_terms if t not in objects]  # names the actions mention that are not objects
    if extra:
        numbers = dict(objects)
        numbers.update(zip(extra, count(len(names))))
    else:
        numbers = objects
    size = len(numbers)
    kinds = set(types) if code.param_types else set()
    fits: dict[str, Container[str]] = {ROOT_TYPE: objects}
    for type_name in code.param_types:
        # Decided once per distinct object type, then applied to all objects at C level.
        fit = {t: domain.is_subtype(t, type_name) for t in kinds}
        if all(fit.values()):
            fits[type_name] = objects
        else:
            fits[type_name] = dict(compress(zip(names, count()), map(fit.__getitem__, types)))
    # A static fact of one argument is looked up as its object in a set of objects: one lookup of a string
    # whose hash is known, no tuple to build. Untyped domains use such facts as types on every step.
    init = task.init
    unary = [frozenset(compress(names, map(init.__contains__, zip(repeat(p), names)))) for p in code.unary_static]
    powers = [size**k for k in range(1, max(code.max_arity, 1))]
    make_args = (
        init,
        objects,
        *powers,
        *(fits[t] for t in code.param_types),
        *unary,
        *(numbers[t] for t in code.fixed_terms),
    )
    return _CompiledTask(
        run=code.make(*make_args),
        width=code.width,
        odd_names=any("(" in x or ")" in x for x in ("".join(names), "".join(domain.action_by_name))),
        schemas=domain.action_by_name,
        fits=fits,
        pairs=pairs,
        init=init,
        static_predicates=domain.static_predicates,
        goal=task.goal,
        typed=domain.typed,
        numbers=numbers,
        names=(*names, *extra),
        slot_of={slot: k for k, slot in enumerate(code.slots)},
        sizes=tuple(size**arity for _, arity in code.slots),
        code=code,
        make_args=make_args,
        uses=[0],
        n_objects=len(names),
    )


#: The largest store kept as a bytearray (one byte per possible fact); each plan allocates its own.
_BYTEARRAY_LIMIT = 1 << 17


def _compile_domain(domain: Domain) -> _CompiledDomain:
    """Generate the domain's runner (see the module docstring and :data:`_Runner`).

    Generated code is used for speed. It is safe to ``exec``: names from the domain only ever appear
    inside ``repr()`` string literals; parameters become ``p0, p1, ...`` (their numbers ``i0, i1, ...``),
    the objects that fit the ``k``-th parameter type ``F{k}``, stores ``S{k}``.
    """
    param_types = tuple(sorted({p.type for a in domain.actions for p in a.parameters} - {ROOT_TYPE}))
    fit_names = {ROOT_TYPE: "OBJ", **{t: f"F{k}" for k, t in enumerate(param_types)}}
    static_preds = domain.static_predicates
    unary_static = tuple(
        sorted(
            {
                atom.predicate
                for a in domain.actions
                for atom in (*a.pre_pos, *a.pre_neg)
                if atom.predicate in static_preds and len(atom.args) == 1 and atom.args[0] in _params(a)
            }
        )
    )
    unary_names = {p: f"U{k}" for k, p in enumerate(unary_static)}
    atoms = [(a, atom) for a in domain.actions for atom in (*a.pre_pos, *a.pre_neg, *a.add, *a.delete)]
    slots = tuple(sorted({(atom.predicate, len(atom.args)) for _, atom in atoms if atom.predicate not in static_preds}))
    # Static atoms of two or more arguments: the numbered runner looks them up as numbers in sets.
    static_slots = tuple(
        sorted(
            {
                (atom.predicate, len(atom.args))
                for _, atom in atoms
                if atom.predicate in static_preds and len(atom.args) > 1
            }
        )
    )
    numbered_atoms = [(a, atom) for a, atom in atoms if atom.predicate not in static_preds or len(atom.args) > 1]
    fixed_terms = tuple(sorted({x for a, atom in numbered_atoms for x in atom.args if x not in _params(a)}))
    max_arity = max((arity for _, arity in (*slots, *static_slots)), default=0)
    names = _Names(
        fits=fit_names,
        unary=unary_names,
        slots={slot: f"S{k}" for k, slot in enumerate(slots)},
        terms={t: f"K{k}" for k, t in enumerate(fixed_terms)},
        static=static_preds,
        static_slots={slot: f"C{k}" for k, slot in enumerate(static_slots)},
        unary_bytes={p: f"B{k}" for k, p in enumerate(unary_static)},
    )
    arities = {a.arity for a in domain.actions}
    sources = [_runner_source(domain, names, numbered) for numbered in (False, True)]
    width = arities.pop() + 2 if len(arities) == 1 else 0
    return _CompiledDomain(
        _exec_make(sources[0], domain.name),
        param_types,
        unary_static,
        slots,
        static_slots,
        fixed_terms,
        max_arity,
        sources[0],
        sources[1],
        width,
        domain.name,
    )


def _exec_make(source: str, domain_name: str) -> Callable[..., _Runner]:
    namespace: dict[str, object] = {}
    exec(compile(source, f"<genplan domain {domain_name}>", "exec"), namespace)
    return namespace["make"]  # type: ignore[return-value]


def _runner_source(domain: Domain, names: _Names, numbered: bool) -> str:
    """The source of ``make`` (see :class:`_CompiledDomain`); ``numbered``: the runner of a loaded task,
    which looks static facts up by number (see :attr:`_CompiledTask.numbered_run`)."""
    arities = {a.arity for a in domain.actions}
    # When every action has the same arity, the loop unpacks each row as it takes it; otherwise each
    # branch unpacks the row once it knows the action.
    uniform = len(arities) == 1
    row = ["name", *(f"p{i}" for i in range(max(arities, default=0)))]
    max_arity = max((arity for arity in (*(k for _, k in names.slots), *(k for _, k in names.static_slots))), default=0)
    bound = [
        "INIT",
        "OBJ",
        *(f"N{k}" for k in range(1, max(max_arity, 1))),
        *(v for v in names.fits.values() if v != "OBJ"),
        *names.unary.values(),
        *names.terms.values(),
        *((*names.static_slots.values(), *names.unary_bytes.values()) if numbered else ()),
    ]
    lines = [
        f"def make({''.join(f'{v}, ' for v in bound)}):",
        # What the task binds is also each a default of ``run``: a local variable there, the fastest to read.
        f"    def run(rows, {''.join(f'{v}, ' for v in names.slots.values())}*, "
        f"{''.join(f'{v}={v}, ' for v in bound)}):",
        "        try:",
        f"            for {', '.join(row) if uniform else 'parts'}{',' if uniform and len(row) == 1 else ''} in rows:",
    ]
    if not uniform:
        lines.append("                name = parts[0]")
    indent = " " * 20
    for k, schema in enumerate(domain.actions):
        lines.append(f"                {'if' if k == 0 else 'elif'} name == {schema.name!r}:")
        body = _action_code(schema, names, numbered)
        lines += [indent + line for line in (body if not uniform else body[1:]) or ["pass"]]
    if domain.actions:
        lines += ["                else:", "                    return True"]
    else:
        lines += ["                return True"]
    lines += [
        # A step of the wrong length fails to unpack, an empty one has no name, and an argument that is
        # not an object fitting its parameter has no number.
        "        except (ValueError, IndexError, KeyError):",
        "            return True",
        "        return None",
        "    return run",
    ]
    return "\n".join(lines) + "\n"


def _params(schema: ActionSchema) -> frozenset[str]:
    return frozenset(p.name for p in schema.parameters)


@dataclass(frozen=True)
class _Names:
    """What the generated code calls things: per parameter type its objects, per unary static predicate
    its objects, per changing (predicate, arity) its store, per fixed name its number."""

    fits: dict[str, str]
    unary: dict[str, str]
    slots: dict[tuple[str, int], str]
    terms: dict[str, str]
    static: frozenset[str]
    #: For the numbered runner: per static (predicate, arity >= 2) the set of its facts' numbers, and per
    #: unary static predicate a bytearray by object number.
    static_slots: dict[tuple[str, int], str]
    unary_bytes: dict[str, str]


def _action_code(schema: ActionSchema, names: _Names, numbered_static: bool = False) -> list[str]:
    """The body of one action's branch: unpack the arguments, look up the number of each (which fails
    when it is not an object fitting its parameter), check the preconditions, apply the effects; on any
    failure return ``True`` (the careful reader then says which of these failed). ``numbered_static``:
    static facts of two or more arguments are looked up by number, unary ones in bytearrays."""
    local = {p.name: f"p{i}" for i, p in enumerate(schema.parameters)}
    number = {p.name: f"i{i}" for i, p in enumerate(schema.parameters)}
    static_preds = names.static

    def term(x: str) -> str:
        return local[x] if x in local else repr(x)

    def fact(atom: Atom) -> str:
        items = [repr(atom.predicate), *(term(a) for a in atom.args)]
        return "(" + ", ".join(items) + ("," if len(items) == 1 else "") + ")"

    def unary(atom: Atom) -> bool:
        return atom.predicate in static_preds and len(atom.args) == 1 and atom.args[0] in local

    def static(atom: Atom) -> bool:
        return atom.predicate in static_preds and not unary(atom)

    def by_number(atom: Atom) -> bool:
        return numbered_static and atom.predicate in static_preds and len(atom.args) > 1

    atoms = (*schema.pre_pos, *schema.pre_neg, *schema.add, *schema.delete)
    changing = [a for a in atoms if a.predicate not in static_preds]
    indexed = changing + [a for a in atoms if by_number(a)]
    numbered = {x for a in indexed for x in a.args if x in local}
    # The number of a fact: its arguments' numbers as digits base N1.
    exprs: dict[Atom, str] = {}
    for atom in indexed:
        digits = [number[x] if x in local else names.terms[x] for x in atom.args]
        k = len(digits)
        if k == 0:
            exprs[atom] = "0"
        elif k == 1:
            exprs[atom] = digits[0]
        else:
            exprs[atom] = " + ".join([*(f"{d}*N{k - 1 - j}" for j, d in enumerate(digits[:-1])), digits[-1]])
    # A number used more than once in the branch is computed once.
    uses: dict[str, int] = {}
    for atom in indexed:
        uses[exprs[atom]] = uses.get(exprs[atom], 0) + 1
    shared = {e: f"x{k}" for k, e in enumerate(e for e, u in uses.items() if u > 1 and "*" in e)}

    def numbered_fact(atom: Atom) -> str:
        e = exprs[atom]
        return shared.get(e, e)

    def store(atom: Atom) -> str:
        return f"{names.slots[(atom.predicate, len(atom.args))]}[{numbered_fact(atom)}]"

    def unary_check(var: str, predicate: str, holds: bool) -> str:
        """The condition under which the unary static fact of ``var`` fails to be as required."""
        param = var[1:]
        if numbered_static and f"i{param}" in numbered_vars:
            return f"{'not ' if holds else ''}{names.unary_bytes[predicate]}[i{param}]"
        return f"{var} {'not in' if holds else 'in'} {names.unary[predicate]}"

    numbered_vars = {number[x] for x in numbered}

    unary_pre = list(dict.fromkeys((local[a.args[0]], a.predicate) for a in schema.pre_pos if unary(a)))
    unary_neg = list(dict.fromkeys((local[a.args[0]], a.predicate) for a in schema.pre_neg if unary(a)))
    # The first line unpacks the row (left out when the loop unpacks it).
    lines = [f"_, {''.join(v + ', ' for v in local.values())}= parts"]
    # An object a unary static fact holds for is an object of the task: no need to check that again.
    known = {var for var, _ in unary_pre}
    failing: list[str] = []
    for p in schema.parameters:
        fits = names.fits[p.type]
        if p.name in numbered:
            lines.append(f"{number[p.name]} = {fits}[{local[p.name]}]")  # KeyError: not a fitting object
        elif not (fits == "OBJ" and local[p.name] in known):
            failing.append(f"{local[p.name]} not in {fits}")
    lines += [f"{var} = {e}" for e, var in shared.items()]
    failing += [unary_check(var, predicate, True) for var, predicate in unary_pre]
    failing += [unary_check(var, predicate, False) for var, predicate in unary_neg]
    for a in dict.fromkeys(a for a in schema.pre_pos if static(a)):
        if by_number(a):
            failing.append(f"{numbered_fact(a)} not in {names.static_slots[(a.predicate, len(a.args))]}")
        else:
            failing.append(f"{fact(a)} not in INIT")
    for a in dict.fromkeys(a for a in schema.pre_neg if static(a)):
        if by_number(a):
            failing.append(f"{numbered_fact(a)} in {names.static_slots[(a.predicate, len(a.args))]}")
        else:
            failing.append(f"{fact(a)} in INIT")
    failing += [f"{term(x)} != {term(y)}" for x, y in schema.pre_eq]
    failing += [f"{term(x)} == {term(y)}" for x, y in schema.pre_neq]
    # A store says what the plan did to a fact so far: 1 added, 2 deleted, 0 nothing (then the fact
    # holds if it holds initially: only then is the fact built and looked up in INIT).
    dynamic_pre = dict.fromkeys(a for a in schema.pre_pos if a.predicate not in static_preds)
    dynamic_neg = dict.fromkeys(a for a in schema.pre_neg if a.predicate not in static_preds)
    for k, atom in enumerate(dynamic_pre):
        failing.append(f"((v{k} := {store(atom)}) != 1 and (v{k} or {fact(atom)} not in INIT))")
    for k, atom in enumerate(dynamic_neg, start=len(dynamic_pre)):
        failing.append(f"((v{k} := {store(atom)}) == 1 or (not v{k} and {fact(atom)} in INIT))")
    if failing:
        lines += [f"if {' or '.join(failing)}:", "    return True"]
    # Every check above is made on the state before the step; deletes come before adds, so an atom both
    # deleted and added ends up true.
    lines += [f"{store(a)} = 2" for a in dict.fromkeys(schema.delete)]
    lines += [f"{store(a)} = 1" for a in dict.fromkeys(schema.add)]
    return lines
