"""The compiled validator (generated per-domain code, bulk reading of the plan) against the plain one.

``validate`` is built for speed; ``validate_plainly`` states the same semantics directly. Both must give
identical verdicts (every field, the state reached included) on every plan: random walks through the 17
reference domains and their systematic mutations, random junk over small domains, and the corner cases
of the speed-ups (bulk reading, one set operation for a precondition the action deletes).
"""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Callable
from pathlib import Path

import pytest

from genplan.pddl import parse_domain, parse_problem
from genplan.pddl.model import ActionSchema, Atom, Domain, Fact, Parameter, Predicate, Task
from genplan.validate import GOAL, MALFORMED, PRECONDITION, UNKNOWN_ACTION, Verdict, validate
from genplan.validate import validator as validator_module
from genplan.validate.crosscheck import mutations, seed_for
from genplan.validate.validator import validate_plainly
from tests.conftest import DOMAINS
from tests.test_validate import FERRY_PLAN, TOY_PLAN, ferry_task, toy_task


def fresh(task: Task) -> Task:
    """An equal task in a new object: nothing compiled for it yet (the first-seen case)."""
    return dataclasses.replace(task)


def assert_same(task: Task, plan: object) -> None:
    expected = validate_plainly(task, plan)  # type: ignore[arg-type]
    assert validate(fresh(task), plan) == expected, plan  # type: ignore[arg-type]
    assert validate(task, plan) == expected, plan  # type: ignore[arg-type]


# ------------------------------------------------------------------------------------------ random walks
def _ground(atom: Atom, binding: dict[str, str]) -> Fact:
    return atom.ground(binding)


def fits(term: str, obj: str, binding: dict[str, str]) -> bool:
    """Whether a term of an atom can stand for ``obj``: an unbound or equally bound variable, or ``obj``."""
    return binding.get(term, obj) == obj if term.startswith("?") else term == obj


def random_walk(task: Task, rng: random.Random, length: int) -> list[str]:
    """A plan of up to ``length`` applicable steps, found by binding each action's parameters through
    facts of the current state (a third, independent statement of applicability)."""
    domain = task.domain
    objects = task.all_objects
    fitting = {
        p.type: sorted(o for o, t in objects.items() if domain.is_subtype(t, p.type))
        for a in domain.actions
        for p in a.parameters
    }
    state = set(task.init)
    plan: list[str] = []
    for _ in range(length):
        by_predicate: dict[str, list[Fact]] = {}
        for f in sorted(state):
            by_predicate.setdefault(f[0], []).append(f)
        for _attempt in range(200):
            schema = rng.choice(domain.actions)
            binding: dict[str, str] = {}
            atoms = list(schema.pre_pos)
            rng.shuffle(atoms)
            for atom in atoms:
                matches = [
                    f
                    for f in by_predicate.get(atom.predicate, [])
                    if len(f) == len(atom.args) + 1
                    and all(fits(x, y, binding) for x, y in zip(atom.args, f[1:], strict=True))
                ]
                if not matches:
                    break
                for x, y in zip(atom.args, rng.choice(matches)[1:], strict=True):
                    if x.startswith("?"):
                        binding[x] = y
            for p in schema.parameters:
                if p.name not in binding and fitting[p.type]:
                    binding[p.name] = rng.choice(fitting[p.type])
            if any(p.name not in binding for p in schema.parameters):
                continue
            args = [binding[p.name] for p in schema.parameters]
            typed = zip(args, schema.parameters, strict=True)
            if not all(a in objects and domain.is_subtype(objects[a], p.type) for a, p in typed):
                continue
            if not (
                all(_ground(a, binding) in state for a in schema.pre_pos)
                and not any(_ground(a, binding) in state for a in schema.pre_neg)
                and all(binding.get(x, x) == binding.get(y, y) for x, y in schema.pre_eq)
                and not any(binding.get(x, x) == binding.get(y, y) for x, y in schema.pre_neq)
            ):
                continue
            state.difference_update(_ground(a, binding) for a in schema.delete)
            state.update(_ground(a, binding) for a in schema.add)
            plan.append("(" + " ".join([schema.name, *args]) + ")")
            break
        else:
            break  # a dead end
    return plan


def odd_variants(plan: list[str], rng: random.Random) -> list[list[str]]:
    """Plans that stress the bulk reader: separators and parentheses inside steps, spacing, case."""
    if not plan:
        return [["()"], [" "], ["\0"], [")("]]
    k = rng.randrange(len(plan))
    step = plan[k]

    def at(new: str) -> list[str]:
        return [*plan[:k], new, *plan[k + 1 :]]

    out = [
        at(step[:-1] + "\0)"),
        at(step + "\0" + step),
        at(step + ")\0(" + step[1:]),
        at(" " + step + "\t"),
        at(step.upper()),
        at("( " + step[1:-1] + " )"),
        at(step[:-1] + " (x))"),
        at("()"),
        at(step[:-1] + " \u00c4)"),
        [s.upper() for s in plan],
        [" " + s for s in plan],
        [*plan[:k], step + "\x00", *plan[k + 1 :]],
    ]
    if len(plan) > 1:
        out.append([*plan[:k], "\x00".join(plan[k : k + 2]), *plan[k + 2 :]])
    return out


@pytest.mark.parametrize("domain_name", DOMAINS)
def test_reference_domains_random_walks_and_mutations(domain_name: str, reference_root: Path) -> None:
    domain_dir = reference_root / domain_name
    domain = parse_domain(domain_dir / "domain.pddl")
    kinds: set[str | None] = set()
    for instance in ("instance-0", "instance-1"):
        task = parse_problem(domain_dir / "problems" / f"{instance}.pddl", domain)
        rng = random.Random(seed_for("compiled", domain_name, instance))
        plan = random_walk(task, rng, 40)
        assert plan, f"no applicable step found in {domain_name} {instance}"
        # The same plan made valid: the goal becomes some facts it reaches.
        reached = sorted(validate_plainly(task, plan).final_state - task.init)
        goal = frozenset(rng.sample(reached, min(3, len(reached)))) if reached else frozenset()
        reachable = dataclasses.replace(task, goal=goal)
        assert validate(reachable, plan).valid
        plans = [m.plan for m in mutations(task, plan, rng, samples=3)] + odd_variants(plan, rng)
        for p in plans:
            assert_same(task, list(p))
            assert_same(reachable, list(p))
            kinds.add(validate(task, list(p)).kind)
    assert {GOAL, PRECONDITION, MALFORMED, UNKNOWN_ACTION} <= kinds


# ----------------------------------------------------------------------------------- random junk plans
def junk_plans(task: Task, good: list[str], rng: random.Random, count: int) -> list[list[str]]:
    """Plans mixing real steps with steps built from random names, objects, arities and spacing."""
    names = [*sorted({a.name for a in task.domain.actions}), "fly", "DRIVE"]
    objects = [*sorted(task.all_objects), "nowhere", "A", "T1"]
    out = []
    for _ in range(count):
        plan = []
        for _ in range(rng.randrange(0, 7)):
            if rng.random() < 0.5:
                plan.append(rng.choice(good))
            else:
                args = [rng.choice(objects) for _ in range(rng.randrange(0, 4))]
                text = " ".join([rng.choice(names), *args])
                plan.append(rng.choice(["({})", "( {} )", "{}", "({}", " ({}) ", "(({}))", "({})\0"]).format(text))
        if rng.random() < 0.05:
            plan.append(rng.choice([None, 3, ("drive",)]))  # type: ignore[arg-type]
        out.append(plan)
    return out


@pytest.mark.parametrize("make", [toy_task, ferry_task], ids=["toy", "ferry"])
def test_random_junk_gives_the_same_verdicts(make: Callable[[], Task]) -> None:
    task = make()
    good = [*TOY_PLAN, "(close a)", "(open a)", "(wait t1 depot)", "(drive t1 a a)"] if make is toy_task else FERRY_PLAN
    rng = random.Random(7)
    for plan in junk_plans(task, good, rng, 1500):
        assert_same(task, plan)


# ------------------------------------------------------------------------------------------ the stores
# The state is kept as what the plan did to each fact (added, deleted, nothing yet), every check of a
# step made before any of its effects: two deleted atoms that are the same fact for some arguments, an
# atom deleted and added by one step, and a step failing on its second precondition after the first
# held (nothing of it may be applied).
PAIR_DOMAIN = """(define (domain pair)
  (:requirements :strips :typing)
  (:types thing)
  (:predicates (at ?x - thing) (free ?x - thing) (done))
  (:action merge
    :parameters (?a - thing ?b - thing)
    :precondition (and (at ?a) (at ?b))
    :effect (and (not (at ?a)) (not (at ?b)) (done)))
  (:action take
    :parameters (?a - thing ?b - thing)
    :precondition (and (at ?a) (free ?b))
    :effect (and (not (at ?a)) (not (free ?b)) (done)))
  (:action touch
    :parameters (?a - thing)
    :effect (and (not (free ?a)) (free ?a) (not (done)))))"""

PAIR_PROBLEM = """(define (problem pair-1) (:domain pair)
  (:objects x y - thing)
  (:init (at x) (free y))
  (:goal (done)))"""


@pytest.fixture
def pair() -> Task:
    return parse_problem(PAIR_PROBLEM, parse_domain(PAIR_DOMAIN))


def test_two_deleted_preconditions_that_are_the_same_fact(pair: Task) -> None:
    v = validate(pair, ["(merge x x)"])
    assert v.valid and ("at", "x") not in v.final_state
    assert_same(pair, ["(merge x x)"])
    assert validate(pair, ["(merge x y)"]).kind == PRECONDITION


def test_an_atom_deleted_and_added_ends_up_true(pair: Task) -> None:
    v = validate(pair, ["(touch x)", "(touch y)"])
    assert ("free", "x") in v.final_state and ("free", "y") in v.final_state
    assert_same(pair, ["(touch x)", "(touch y)"])


def test_a_step_failing_on_a_later_precondition_changes_nothing(pair: Task) -> None:
    # take x x: (at x) holds, (free x) does not: the state must still hold (at x).
    v = validate(pair, ["(take x x)"])
    assert v.kind == PRECONDITION and v.step == 1
    assert [str(x) for x in v.unmet_dynamic] == ["(free x)"]
    assert v.final_state == pair.init
    assert_same(pair, ["(take x x)"])
    assert_same(pair, ["(take x y)", "(take x y)"])


def test_dict_stores_give_the_same_verdicts(monkeypatch: pytest.MonkeyPatch) -> None:
    # Stores too large for a bytearray (many objects, predicates of several arguments) are dicts of the
    # facts touched; force that for every store and compare again.
    monkeypatch.setattr(validator_module, "_BYTEARRAY_LIMIT", 0)
    for make, good in ((toy_task, TOY_PLAN), (ferry_task, FERRY_PLAN)):
        task = make()
        assert all(isinstance(s, dict) for s in validator_module._compiled(task).new_stores())
        assert validate(task, good).valid
        for plan in junk_plans(task, good, random.Random(11), 400):
            assert_same(task, plan)


def test_facts_no_store_can_hold_in_a_task_built_by_hand() -> None:
    # Initial and goal facts that name things that are not objects, or use a predicate with another
    # arity than the actions do, can never change: they hold exactly when they hold initially.
    thing = Parameter("?x")
    domain = Domain(
        name="odd",
        predicates=(Predicate("at", (thing,)), Predicate("seen", (thing,))),
        actions=(
            ActionSchema(
                "go", (thing,), pre_neg=(Atom("at", ("?x",)),), add=(Atom("at", ("?x",)), Atom("seen", ("?x",)))
            ),
            ActionSchema("leave", (thing,), pre_pos=(Atom("at", ("?x",)),), delete=(Atom("at", ("?x",)),)),
        ),
    )
    odd_facts = {("at", "ghost"), ("at", "a", "b"), ("seen",)}
    objects = (("a", "object"), ("b", "object"))
    for init in (frozenset(odd_facts), frozenset({("at", "a")})):
        for goal in (frozenset(odd_facts), frozenset({("seen", "a"), ("at", "ghost")}), frozenset({("seen", "b")})):
            task = Task("t", domain, objects, init, goal)
            for plan in (["(go a)"], ["(go b)"], ["(leave a)", "(go a)"], ["(go b)", "(leave b)"], []):
                assert_same(task, plan)
    task = Task("t", domain, objects, frozenset(odd_facts), frozenset({("at", "ghost"), ("seen", "b")}))
    assert validate(task, ["(go b)"]).valid
    assert ("at", "a", "b") in validate(task, ["(go b)"]).final_state


def test_a_loaded_task_switches_to_the_numbered_runner_with_the_same_verdicts() -> None:
    # The first plan of a task runs with static facts looked up as tuples; later plans with them looked
    # up by number (sets of numbers, bytearrays for unary ones). Both must give the plain verdicts.
    task = ferry_task()
    compiled = validator_module._compiled(task)
    assert "numbered_run" not in compiled.__dict__
    validate(task, FERRY_PLAN)
    assert "numbered_run" not in compiled.__dict__  # one plan: nothing numbered yet
    validate(task, FERRY_PLAN)
    assert "numbered_run" in compiled.__dict__
    code = validator_module._compiled_domain(task.domain)
    assert "not in INIT" in code.source and " in C0" in code.numbered_source and "B0[" in code.numbered_source
    for plan in junk_plans(task, FERRY_PLAN, random.Random(5), 300):
        assert_same(task, plan)


def test_static_facts_naming_things_that_are_not_objects() -> None:
    # A task built by hand may have static facts over names that are not objects: no step can match
    # them, by tuple or by number.
    x, y = Parameter("?x"), Parameter("?y")
    domain = Domain(
        name="links",
        predicates=(Predicate("link", (x, y)), Predicate("at", (x,))),
        actions=(
            ActionSchema(
                "go",
                (x, y),
                pre_pos=(Atom("at", ("?x",)), Atom("link", ("?x", "?y"))),
                delete=(Atom("at", ("?x",)),),
                add=(Atom("at", ("?y",)),),
            ),
        ),
    )
    objects = (("a", "object"), ("b", "object"))
    init = frozenset({("at", "a"), ("link", "a", "b"), ("link", "a", "ghost"), ("link", "ghost", "b")})
    task = Task("t", domain, objects, init, frozenset({("at", "b")}))
    for plan in (["(go a b)"], ["(go a ghost)"], ["(go b a)"], ["(go a b)", "(go b a)"], ["(go a a)"]):
        for _ in range(2):  # the second time with the numbered runner
            assert_same(task, plan)
    assert validate(task, ["(go a b)"]).valid


def test_a_valid_verdict_made_fast_equals_one_made_plainly() -> None:
    reached = frozenset({("at", "x")})
    fast = Verdict.valid_plan(3, reached)
    plain = Verdict(True, None, None, None, "valid", plan_length=3, reached=reached)
    assert fast == plain and fast.__dict__ == plain.__dict__ and repr(fast) == repr(plain)


# ----------------------------------------------------------------------------------- the bulk reader
def careful_rows(plan: list[object], strict: bool) -> list[list[str]]:
    """Each step split, up to the first that is not ``(...)`` (``strict``: with no parentheses inside)."""
    rows = []
    for raw in plan:
        if not isinstance(raw, str):
            break
        text = raw.strip()
        if not (text.startswith("(") and text.endswith(")")):
            break
        if strict and ("(" in text[1:-1] or ")" in text[1:-1]):
            break
        rows.append(text[1:-1].lower().split())
    return rows


@pytest.mark.parametrize(
    "plan",
    [
        [],
        ["(a b c)"],
        ["(a b c)", "(d e f)", "(G H I)"],
        ["(a b c)", "(d e)", "(f)"],
        ["(a b)", "(c d e)"],
        ["()"],
        ["()", "(a b c)"],
        ["(a b c)", "()", "(d e f)"],
        ["(a  b c)", "( d e f )"],
        [" (a b c)", "(d e f)\t"],
        ["(a b c", "(d e f)"],
        ["(a b c)", "d e f"],
        ["(a b c)\0(d e f)"],
        ["(a b\0c)", "(d e f)"],
        ["(a b c) ", "(d e f)"],
        ["(a b c) ", " (d e f)"],
        ["(a b) ", " (d e f)"],
        ["(a b c)", None, "(d e f)"],
        ["(Ä b c)", "(d É f)"],
        ["(a (b) c)", "(d e f)"],
        ["((a b c)", "(d e f))"],
    ],
)
@pytest.mark.parametrize("width", [0, 4, 3])
def test_bulk_reading_gives_the_careful_rows(plan: list[object], width: int) -> None:
    rows, counter, count = validator_module._read_rows(plan, width)  # type: ignore[arg-type]
    got = [list(r) for r in rows]
    assert count == len(got)
    # Every step read as the careful reader splits it. Read in bulk, a step with parentheses inside
    # becomes a row (the runner rejects its tokens); read step by step, reading stops there.
    assert got == careful_rows(plan, strict=False)[:count]
    assert count in (len(plan), len(careful_rows(plan, strict=True)))
    assert validator_module._failed_index(counter, count) == count - 1  # every row was handed out


def test_the_counter_tells_the_row_the_runner_stopped_at() -> None:
    for width in (0, 3):
        rows, counter, count = validator_module._read_rows(["(a b)", "(c d)", "(e f)"], width)
        it = iter(rows)
        next(it)
        next(it)
        assert validator_module._failed_index(counter, count) == 1


# ---------------------------------------------------------------------------------- generated code
def test_names_that_are_not_python_stay_inside_string_literals() -> None:
    odd = "a'b\"c\\d"
    thing = Parameter("?x", odd)
    domain = Domain(
        name=odd,
        types=((odd, "object"),),
        constants=((odd + "-k", odd),),
        predicates=(Predicate(odd, (thing,)),),
        actions=(
            ActionSchema(
                odd,
                (thing,),
                pre_pos=(Atom(odd, ("?x",)),),
                pre_neq=(("?x", odd + "-k"),),
                delete=(Atom(odd, ("?x",)),),
                add=(Atom(odd, (odd + "-k",)),),
            ),
        ),
        typed=True,
    )
    task = Task("t", domain, (("o", odd),), frozenset({(odd, "o")}), frozenset({(odd, odd + "-k")}))
    plan = [f"({odd} o)"]
    assert validate(task, plan).valid
    assert_same(task, plan)
    assert validate(task, [f"({odd} {odd}-k)"]).kind == PRECONDITION


def test_a_domain_without_actions() -> None:
    domain = Domain(name="empty", predicates=(Predicate("p"),))
    task = Task("t", domain, (), frozenset({("p",)}), frozenset({("p",)}))
    assert validate(task, []).valid
    assert validate(task, ["(go)"]).kind == UNKNOWN_ACTION
    assert_same(task, ["(go)"])


def test_zero_ary_actions_and_facts() -> None:
    domain = Domain(
        name="switch",
        predicates=(Predicate("on"),),
        actions=(
            ActionSchema("flip-on", pre_neg=(Atom("on"),), add=(Atom("on"),)),
            ActionSchema("flip-off", pre_pos=(Atom("on"),), delete=(Atom("on"),)),
        ),
    )
    task = Task("t", domain, (), frozenset(), frozenset({("on",)}))
    plans = [["(flip-on)"], ["(flip-on)", "(flip-on)"], ["(flip-on)", "(flip-off)"], ["(flip-on x)"], ["(flip-off)"]]
    for plan in plans:
        assert_same(task, plan)
    assert validate(task, ["(flip-on)"]).valid


def test_object_names_with_parentheses_in_a_task_built_by_hand() -> None:
    # The parser never makes such names; a hand-built task can. A step "(go b))" is then still malformed
    # (one pair of parentheses per step), even though "b)" is an object.
    thing = Parameter("?x")
    domain = Domain(
        name="odd",
        predicates=(Predicate("at", (thing,)),),
        actions=(ActionSchema("go", (thing,), add=(Atom("at", ("?x",)),)),),
    )
    task = Task("t", domain, (("b)", "object"), ("(c", "object"), ("d", "object")), frozenset(), frozenset())
    for plan in (["(go b))"], ["((c)"], ["(go d)", "(go b))"], ["(go d)", "((c)", "(go d)"]):
        assert validate(task, plan).kind == MALFORMED
        assert_same(task, plan)
    assert validate(task, ["(go d)"]).valid
