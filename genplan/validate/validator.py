"""genplan's own plan validator: sequential STRIPS semantics over the :mod:`genplan.pddl.model` classes.

It replaces a VAL subprocess on the pipeline's hot path (every plan an LLM writes, every run of every
program on every task and input ordering), so it is built for speed:

- each task is compiled once, and kept while the task object lives: per action, the objects that fit
  each parameter's type, and a small generated function that grounds a step. Generated code turns each
  atom into one tuple build with no interpretation overhead;
- each distinct step string is grounded once per task and remembered (bounded): its dynamic
  preconditions, its negative preconditions, its delete and add effects (tuples). Static
  preconditions and (in)equalities are decided at grounding time, since they never change. Checking and
  applying a remembered step is then a dictionary lookup, a subset test and two set updates. Programs
  emit the same ground actions again and again (input orderings, debugging rounds, held-out tasks), so
  most steps are remembered ones;
- the state is one mutable set of fact tuples, changed in place, holding only the facts of predicates
  some action changes; the static facts (often most of a large task's initial state, e.g. a road map)
  are checked once per grounded step and never copied;
- only when a step fails is the slow, explaining path taken (every unmet literal, static or dynamic).

Semantics (PDDL, as VAL implements it): a ground action is applicable when every positive precondition
holds, no negative precondition holds and the (in)equalities hold; its delete effects are applied before
its add effects (an atom both deleted and added ends up true). An argument fits a parameter when the
object's declared type is the parameter's type or a subtype of it; in an untyped domain every object
fits. Distinct parameters may be bound to the same object unless an inequality forbids it.

Checks at each step, in this order: malformed string, unknown action, wrong number of arguments,
unknown object, wrong type, precondition. After the last step: the goal. The first failure is reported.
"""

from __future__ import annotations

import weakref
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path

from genplan.pddl.model import ROOT_TYPE, ActionSchema, Domain, Fact, Task
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

#: A grounded step: dynamic positive preconditions (``None`` when a static precondition or an
#: (in)equality fails, so the step can never be applied in this task), dynamic negative preconditions,
#: delete effects, add effects. Plain tuples: cheaper to build than sets, and ``set.issuperset`` and
#: ``set.isdisjoint`` take them as they are.
_Effects = tuple[tuple[Fact, ...] | None, tuple[Fact, ...], tuple[Fact, ...], tuple[Fact, ...]]
#: Grounds ``[name, arg1, ...]`` (of the right length); ``None`` when an argument is not an object of the
#: task or not of the parameter's type.
_Grounder = Callable[[Sequence[str]], _Effects | None]

#: At most this many grounded steps are remembered per task (then the memory starts afresh).
MAX_REMEMBERED_STEPS = 50_000


@dataclass(frozen=True)
class _CompiledAction:
    schema: ActionSchema
    arity: int
    #: Per parameter, the objects of the task that fit its type.
    fits: tuple[frozenset[str], ...]
    ground: _Grounder


@dataclass(frozen=True)
class _CompiledTask:
    actions: dict[str, _CompiledAction]
    objects: dict[str, str]
    #: The initial facts of predicates some action changes: the state the validator updates. The static
    #: facts are checked when a step is grounded, never copied into the state.
    init: frozenset[Fact]
    static_facts: frozenset[Fact]
    static_predicates: frozenset[str]
    goal: frozenset[Fact]
    #: The goal facts of changing predicates, and whether the static goal facts hold (they always or never do).
    dynamic_goal: frozenset[Fact]
    static_goal_holds: bool
    typed: bool
    #: Step string -> its :data:`_Effects`, for the well-formed steps seen before.
    steps: dict[str, _Effects] = field(default_factory=dict)


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
    if isinstance(plan, Path):
        plan = parse_plan_text(plan.read_text(encoding="utf-8", errors="replace"))
    elif isinstance(plan, str):
        plan = parse_plan_text(plan)
    compiled = _compiled(task)
    remembered = compiled.steps.get
    state = set(compiled.init)
    # Bound methods, looked up once: this loop runs for every step of every plan.
    issuperset, isdisjoint, delete, add = (
        state.issuperset,
        state.isdisjoint,
        state.difference_update,
        state.update,
    )
    n = len(plan)
    for i, raw in enumerate(plan, start=1):
        try:
            step = remembered(raw)
        except TypeError:  # not hashable, so not a string: _ground_step explains
            step = None
        if step is None:
            step = _ground_step(compiled, raw)
            if isinstance(step, _StepError):
                return _step_error(compiled, step, state, i, raw, n)
        pre, neg, dels, adds = step
        if pre is None or not issuperset(pre) or (neg and not isdisjoint(neg)):
            return _precondition_error(compiled, state, i, raw, n)
        delete(dels)
        add(adds)
    if compiled.static_goal_holds and compiled.dynamic_goal <= state:
        return Verdict(
            True,
            None,
            None,
            None,
            "valid",
            plan_length=n,
            dynamic_state=frozenset(state),
            static_state=compiled.static_facts,
        )
    unmet = tuple(sorted(g for g in compiled.goal if g not in state and g not in compiled.static_facts))
    return Verdict(
        False,
        GOAL,
        None,
        None,
        f"{len(unmet)} goal fact(s) do not hold after the last step: " + ", ".join(_fmt(g) for g in unmet),
        unmet_goals=unmet,
        plan_length=n,
        dynamic_state=frozenset(state),
        static_state=compiled.static_facts,
    )


def is_valid(task: Task, plan: Sequence[str]) -> bool:
    """Shorthand for ``validate(task, plan).valid``."""
    return validate(task, plan).valid


def clear_cache() -> None:
    """Forget every compiled task and domain (for benchmarks measuring the cold path, and for tests)."""
    _TASK_CACHE.clear()
    _DOMAIN_CACHE.clear()


def _ground_step(compiled: _CompiledTask, raw: object) -> _Effects | _StepError:
    """Ground a step not seen before, remember it when it is a well-formed ground action, or say what is
    wrong with it. Clean strings are split directly; anything else goes through :func:`_read_step`."""
    act = effects = None
    if type(raw) is str and raw[:1] == "(" and raw[-1:] == ")":
        parts = raw[1:-1].split()
        if parts:
            act = compiled.actions.get(parts[0])
            if act is not None and len(parts) == act.arity + 1:
                effects = act.ground(parts)
    if effects is None:
        read = _read_step(compiled, raw)
        if isinstance(read, _StepError):
            return read
        act, parts = read
        effects = act.ground(parts)
        assert effects is not None, f"the step {raw!r} passed the careful checks but not the fast ones"
    if isinstance(raw, str):
        if len(compiled.steps) >= MAX_REMEMBERED_STEPS:
            compiled.steps.clear()
        compiled.steps[raw] = effects
    return effects


# --------------------------------------------------------------------------------- explaining failures
def _fmt(fact: Fact) -> str:
    return "(" + " ".join(fact) + ")"


def _signature(schema: ActionSchema, typed: bool) -> str:
    if typed:
        return " ".join(f"{p.name} - {p.type}" for p in schema.parameters)
    return " ".join(p.name for p in schema.parameters)


def _read_step(compiled: _CompiledTask, raw: object) -> tuple[_CompiledAction, list[str]] | _StepError:
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
    act = compiled.actions.get(name)
    if act is None:
        known = tuple(
            f"{a} {sig}" if (sig := _signature(compiled.actions[a].schema, compiled.typed)) else a
            for a in sorted(compiled.actions)
        )
        return _StepError(
            UNKNOWN_ACTION,
            f"the domain has no action {name!r} (its actions: {', '.join(sorted(compiled.actions))})",
            {"action_name": name, "known_actions": known},
        )
    schema = act.schema
    sig = _signature(schema, compiled.typed)
    if len(args) != act.arity:
        return _StepError(
            WRONG_ARITY,
            f"{name} takes {act.arity} argument(s) ({sig or 'none'}), but {len(args)} were given",
            {"action_name": name, "signature": sig, "expected_arity": act.arity, "given_arity": len(args)},
        )
    for pos, arg in enumerate(args, start=1):
        if arg not in compiled.objects:
            return _StepError(
                UNKNOWN_OBJECT,
                f"argument {pos}, {arg!r}, is not an object of this task",
                {"action_name": name, "signature": sig, "argument": arg, "position": pos},
            )
    for pos, (arg, param) in enumerate(zip(args, schema.parameters, strict=True), start=1):
        if arg not in act.fits[pos - 1]:
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
    return act, parts


def _step_error(
    compiled: _CompiledTask, error: _StepError, state: set[Fact], step: int, raw: object, n: int
) -> Verdict:
    shown = raw.strip() if isinstance(raw, str) else repr(raw)
    return Verdict(
        False,
        error.kind,
        step,
        shown,
        error.details,
        plan_length=n,
        dynamic_state=frozenset(state),
        static_state=compiled.static_facts,
        **error.fields,  # type: ignore[arg-type]
    )


def _precondition_error(
    compiled: _CompiledTask,
    state: set[Fact],
    step: int,
    raw: str,
    n: int,
) -> Verdict:
    """Every unmet literal of the failing step, split into static facts and facts of the current state."""
    read = _read_step(compiled, raw)
    assert not isinstance(read, _StepError), f"step {step} {raw!r} was grounded but cannot be read"
    act, parts = read
    args = parts[1:]
    schema = act.schema
    binding = {p.name: a for p, a in zip(schema.parameters, args, strict=True)}
    static_preds = compiled.static_predicates
    static: list[Literal] = []
    dynamic: list[Literal] = []
    fixed = compiled.static_facts
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
        dynamic_state=frozenset(state),
        static_state=compiled.static_facts,
        action_name=schema.name,
        signature=_signature(schema, compiled.typed),
    )


# ------------------------------------------------------------------------------------------ compiling
# Compiled forms are cached by object identity while the object lives: hashing a Task (all its facts)
# or a Domain (all its schemas) on every call would cost more than validating a short plan.
_TASK_CACHE: dict[int, tuple[weakref.ref, _CompiledTask]] = {}
_DOMAIN_CACHE: dict[int, tuple[weakref.ref, dict[str, Callable[..., _Grounder]]]] = {}


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


def _compile_task(task: Task) -> _CompiledTask:
    domain = task.domain
    objects = task.all_objects
    factories: dict[str, Callable[..., _Grounder]] = _cached(  # type: ignore[assignment]
        _DOMAIN_CACHE, domain, lambda: {a.name: _compile_action(a, domain) for a in domain.actions}
    )
    by_type: dict[str, frozenset[str]] = {ROOT_TYPE: frozenset(objects)}

    def fitting(type_name: str) -> frozenset[str]:
        if type_name not in by_type:
            by_type[type_name] = frozenset(o for o, t in objects.items() if domain.is_subtype(t, type_name))
        return by_type[type_name]

    static = task.static_facts
    actions = {}
    for a in domain.actions:
        fits = tuple(fitting(p.type) for p in a.parameters)
        actions[a.name] = _CompiledAction(a, a.arity, fits, factories[a.name](static, *fits))
    static_preds = domain.static_predicates
    return _CompiledTask(
        actions=actions,
        objects=dict(objects),
        init=frozenset(f for f in task.init if f[0] not in static_preds),
        static_facts=static,
        static_predicates=static_preds,
        goal=task.goal,
        dynamic_goal=frozenset(g for g in task.goal if g[0] not in static_preds),
        static_goal_holds=all(g in static for g in task.goal if g[0] in static_preds),
        typed=domain.typed,
    )


def _compile_action(schema: ActionSchema, domain: Domain) -> Callable[..., _Grounder]:
    """Generate, for one schema, ``make(STATIC, F0, F1, ...) -> ground`` where ``STATIC`` is the task's
    static facts and ``Fi`` the objects that fit parameter ``i``; ``ground`` is a :data:`_Grounder`.

    Generated code is used for speed (see the module docstring). It is safe to ``exec``: names from the
    domain only ever appear inside ``repr()`` string literals; parameters become ``p0, p1, ...``.
    """
    local = {p.name: f"p{i}" for i, p in enumerate(schema.parameters)}
    fits = [f"F{i}" for i in range(len(schema.parameters))]
    static_preds = domain.static_predicates

    def term(x: str) -> str:
        return local[x] if x in local else repr(x)

    def fact(pred: str, args: tuple[str, ...]) -> str:
        return "(" + ", ".join([repr(pred), *(term(a) for a in args)]) + ("," if not args else "") + ")"

    def atoms(items: Sequence) -> str:
        return "(" + "".join(fact(a.predicate, a.args) + ", " for a in items) + ")" if items else "_NONE"

    never = [f"{fact(a.predicate, a.args)} not in STATIC" for a in schema.pre_pos if a.predicate in static_preds]
    never += [f"{fact(a.predicate, a.args)} in STATIC" for a in schema.pre_neg if a.predicate in static_preds]
    never += [f"{term(x)} != {term(y)}" for x, y in schema.pre_eq]
    never += [f"{term(x)} == {term(y)}" for x, y in schema.pre_neq]
    pre = atoms([a for a in schema.pre_pos if a.predicate not in static_preds])
    neg = atoms([a for a in schema.pre_neg if a.predicate not in static_preds])
    lines = [f"def make({', '.join(['STATIC', *fits])}):", "    def ground(parts):"]
    if schema.parameters:
        lines.append(f"        _, {', '.join(local.values())} = parts")
        arg_tests = " or ".join(f"p{i} not in F{i}" for i in range(len(fits)))
        lines += [f"        if {arg_tests}:", "            return None"]
    effects = f"{atoms(schema.delete)}, {atoms(schema.add)}"
    if never:
        lines += [f"        if {' or '.join(never)}:", f"            return None, _NONE, {effects}"]
    lines += [f"        return {pre}, {neg}, {effects}", "    return ground"]
    namespace: dict[str, object] = {"_NONE": ()}
    exec(compile("\n".join(lines), f"<genplan action {schema.name}>", "exec"), namespace)
    return namespace["make"]  # type: ignore[return-value]
