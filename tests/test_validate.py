"""genplan's validator: STRIPS semantics, the order of the checks, and the structured verdict."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from genplan.generators.domains import builtin_domain_path
from genplan.pddl import parse_domain, parse_problem
from genplan.pddl.model import Task
from genplan.validate import (
    ERROR_KINDS,
    GOAL,
    GOAL_NOT_SATISFIED,
    INVALID_ACTION,
    MALFORMED,
    PRECONDITION,
    UNKNOWN_ACTION,
    UNKNOWN_OBJECT,
    WRONG_ARITY,
    WRONG_TYPE,
    Literal,
    error_category,
    is_valid,
    validate,
)
from genplan.validate import validator as validator_module

REPO = Path(__file__).resolve().parent.parent

# A small typed domain with everything the validator distinguishes: subtypes (truck < vehicle), a
# constant (depot), a static predicate (road), a 0-ary predicate (busy), negative preconditions,
# equality and inequality, and an action that deletes and adds the same atom (wait: add wins).
TOY_DOMAIN = """(define (domain toy)
  (:requirements :strips :typing :negative-preconditions :equality)
  (:types truck - vehicle vehicle place - object)
  (:constants depot - place)
  (:predicates (at ?v - vehicle ?p - place) (road ?a ?b - place) (closed ?p - place) (busy)
               (visited ?p - place))
  (:action drive
    :parameters (?v - vehicle ?a ?b - place)
    :precondition (and (at ?v ?a) (road ?a ?b) (not (closed ?b)) (not (= ?a ?b)))
    :effect (and (at ?v ?b) (not (at ?v ?a)) (visited ?b)))
  (:action close
    :parameters (?p - place)
    :precondition (and (not (busy)) (not (= ?p depot)))
    :effect (and (closed ?p) (busy)))
  (:action open
    :parameters (?p - place)
    :precondition (and (closed ?p) (busy))
    :effect (and (not (closed ?p)) (not (busy))))
  (:action wait
    :parameters (?v - truck ?p - place)
    :precondition (and (at ?v ?p) (= ?p depot))
    :effect (and (at ?v ?p) (not (at ?v ?p)))))"""

TOY_PROBLEM = """(define (problem toy-1)
  (:domain toy)
  (:objects t1 - truck v1 - vehicle a b - place)
  (:init (at t1 depot) (at v1 a) (road depot a) (road a b) (road b depot) (road a depot) (road a a))
  (:goal (and (at t1 b) (visited a))))"""

TOY_PLAN = ["(drive t1 depot a)", "(drive t1 a b)"]

# An untyped domain (ferry as in the reference benchmark: types are static predicates).
FERRY_DOMAIN = builtin_domain_path("ferry").read_text()  # the untyped ferry of the benchmark

FERRY_PROBLEM = """(define (problem ferry-1)
  (:domain ferry)
  (:objects l0 l1 c0)
  (:init (location l0) (location l1) (car c0) (not-eq l0 l1) (not-eq l1 l0) (at-ferry l0) (at c0 l0)
         (empty-ferry))
  (:goal (and (at c0 l1))))"""

FERRY_PLAN = ["(board c0 l0)", "(sail l0 l1)", "(debark c0 l1)"]


def toy_task() -> Task:
    return parse_problem(TOY_PROBLEM, parse_domain(TOY_DOMAIN))


def ferry_task() -> Task:
    return parse_problem(FERRY_PROBLEM, parse_domain(FERRY_DOMAIN))


@pytest.fixture
def toy() -> Task:
    return toy_task()


@pytest.fixture
def ferry() -> Task:
    return ferry_task()


# ----------------------------------------------------------------------------------------- valid plans
def test_valid_plan_and_the_state_reached(toy: Task) -> None:
    v = validate(toy, TOY_PLAN)
    assert v.valid and v.kind is None and v.step is None and v.category is None
    assert v.plan_length == 2
    assert ("at", "t1", "b") in v.final_state
    assert ("at", "t1", "depot") not in v.final_state
    assert {("visited", "a"), ("visited", "b")} <= v.final_state
    assert v.final_state - {("at", "t1", "b"), ("visited", "a"), ("visited", "b")} == toy.init - {("at", "t1", "depot")}
    assert is_valid(toy, TOY_PLAN)


def test_untyped_domain(ferry: Task) -> None:
    assert validate(ferry, FERRY_PLAN).valid


def test_case_and_spacing_do_not_matter(toy: Task) -> None:
    assert validate(toy, ["( DRIVE  T1 depot A )", "\t(drive t1 a b)\n"]).valid


def test_empty_plan_is_valid_when_the_goal_holds_initially(toy: Task) -> None:
    reached = validate(toy, TOY_PLAN).final_state
    done = Task("done", toy.domain, toy.objects, reached, toy.goal)
    v = validate(done, [])
    assert v.valid and v.plan_length == 0 and v.final_state == reached


def test_add_wins_over_delete_of_the_same_atom(toy: Task) -> None:
    # wait deletes and adds (at ?v ?p): PDDL applies deletes first, so the atom stays true.
    v = validate(toy, ["(wait t1 depot)", *TOY_PLAN])
    assert v.valid


def test_distinct_parameters_may_name_the_same_object_unless_forbidden(ferry: Task) -> None:
    # (board c0 l0) twice: the second fails on dynamic facts, not on the binding.
    v = validate(ferry, ["(board c0 l0)", "(board c0 l0)"])
    assert v.kind == PRECONDITION and v.step == 2


def test_constants_are_objects(toy: Task) -> None:
    assert "depot" in toy.all_objects
    assert validate(toy, ["(drive t1 depot a)"]).kind == GOAL  # not unknown_object


def test_plan_text_and_plan_file(toy: Task, tmp_path: Path) -> None:
    text = "; found by hand\n0: (drive t1 depot a)\n1: (DRIVE T1 A B)\n; cost = 2 (unit cost)\n"
    assert validate(toy, text).valid
    path = tmp_path / "plan.txt"
    path.write_text(text)
    assert validate(toy, path).valid


# ----------------------------------------------------------------------------------------- each kind
@pytest.mark.parametrize(
    ("step", "details"),
    [
        ("drive t1 depot a", "not enclosed in parentheses"),
        ("", "empty string"),
        ("   ", "empty string"),
        ("()", "empty (no action name)"),
        ("(drive (t1) depot a)", "more than one pair of parentheses"),
        ("(drive t1 depot a) (drive t1 a b)", "more than one pair of parentheses"),
        ("(drive t1 depot a", "not enclosed in parentheses"),
    ],
)
def test_malformed_strings(toy: Task, step: str, details: str) -> None:
    v = validate(toy, ["(drive t1 depot a)", step])
    assert (v.kind, v.step, v.category) == (MALFORMED, 2, INVALID_ACTION)
    assert details in v.details
    assert v.action == step.strip()


@pytest.mark.parametrize("step", [42, None, ("drive", "t1", "depot", "a"), ["(drive t1 depot a)"], b"(drive t1 a b)"])
def test_a_step_that_is_not_a_string_is_malformed(toy: Task, step: object) -> None:
    v = validate(toy, [step])  # type: ignore[list-item]
    assert (v.kind, v.step) == (MALFORMED, 1)
    assert f"of type {type(step).__name__}" in v.details
    assert v.action == repr(step)


def test_unknown_action(toy: Task) -> None:
    v = validate(toy, ["(fly t1 depot a)"])
    assert (v.kind, v.step, v.action_name) == (UNKNOWN_ACTION, 1, "fly")
    assert v.known_actions == (
        "close ?p - place",
        "drive ?v - vehicle ?a - place ?b - place",
        "open ?p - place",
        "wait ?v - truck ?p - place",
    )


@pytest.mark.parametrize(("step", "given"), [("(drive t1 depot)", 2), ("(drive t1 depot a b)", 4), ("(drive)", 0)])
def test_wrong_arity(toy: Task, step: str, given: int) -> None:
    v = validate(toy, [step])
    assert (v.kind, v.step, v.expected_arity, v.given_arity) == (WRONG_ARITY, 1, 3, given)
    assert v.signature == "?v - vehicle ?a - place ?b - place"


def test_unknown_object(toy: Task) -> None:
    v = validate(toy, ["(drive t1 depot zz)"])
    assert (v.kind, v.step, v.argument, v.position) == (UNKNOWN_OBJECT, 1, "zz", 3)


def test_unknown_object_in_an_untyped_domain(ferry: Task) -> None:
    v = validate(ferry, ["(sail l0 l9)"])
    assert (v.kind, v.argument, v.position) == (UNKNOWN_OBJECT, "l9", 2)


def test_wrong_type(toy: Task) -> None:
    v = validate(toy, ["(drive a depot b)"])
    assert (v.kind, v.step, v.argument, v.position) == (WRONG_TYPE, 1, "a", 1)
    assert (v.parameter, v.expected_type, v.actual_type) == ("?v", "vehicle", "place")


def test_subtypes_fit_but_supertypes_do_not(toy: Task) -> None:
    assert validate(toy, ["(drive t1 depot a)"]).kind == GOAL  # a truck is a vehicle
    v = validate(toy, ["(wait v1 depot)"])  # a vehicle is not necessarily a truck
    assert (v.kind, v.expected_type, v.actual_type) == (WRONG_TYPE, "truck", "vehicle")


def test_static_and_dynamic_unmet_preconditions_are_split(toy: Task) -> None:
    v = validate(toy, ["(drive v1 depot b)"])
    assert (v.kind, v.step, v.category) == (PRECONDITION, 1, INVALID_ACTION)
    assert v.unmet_static == (Literal(("road", "depot", "b")),)
    assert v.unmet_dynamic == (Literal(("at", "v1", "depot")),)


def test_every_unmet_literal_is_listed_and_only_those(toy: Task) -> None:
    # (drive t1 a a): at t1 a false (dynamic); road a a holds; a = a violates the inequality.
    v = validate(toy, ["(drive t1 a a)"])
    assert v.unmet_dynamic == (Literal(("at", "t1", "a")),)
    assert v.unmet_static == (Literal(("=", "a", "a"), positive=False),)


def test_negative_preconditions(toy: Task) -> None:
    v = validate(toy, ["(close a)", "(close b)"])
    assert (v.kind, v.step) == (PRECONDITION, 2)
    assert v.unmet_dynamic == (Literal(("busy",), positive=False),)
    v = validate(toy, ["(close a)", "(drive t1 depot a)"])
    assert v.unmet_dynamic == (Literal(("closed", "a"), positive=False),)
    assert str(v.unmet_dynamic[0]) == "(not (closed a))"


def test_equality_with_a_constant(toy: Task) -> None:
    v = validate(toy, ["(close depot)"])
    assert v.unmet_static == (Literal(("=", "depot", "depot"), positive=False),)
    v = validate(toy, ["(drive t1 depot a)", "(wait t1 a)"])  # (= ?p depot) with ?p = a
    assert (v.step, v.unmet_static, v.unmet_dynamic) == (2, (Literal(("=", "a", "depot")),), ())


def test_goal_not_reached(toy: Task) -> None:
    v = validate(toy, TOY_PLAN[:1])
    assert (v.kind, v.step, v.action, v.category) == (GOAL, None, None, GOAL_NOT_SATISFIED)
    assert v.unmet_goals == (("at", "t1", "b"),)
    assert ("at", "t1", "a") in v.final_state


def test_empty_plan_reports_every_unmet_goal_sorted(toy: Task) -> None:
    v = validate(toy, [])
    assert v.unmet_goals == (("at", "t1", "b"), ("visited", "a"))
    assert v.final_state == toy.init


def test_final_state_is_the_state_before_the_failing_step(toy: Task) -> None:
    v = validate(toy, ["(drive t1 depot a)", "(drive t1 depot a)", "(drive t1 a b)"])
    assert (v.kind, v.step) == (PRECONDITION, 2)
    assert v.final_state == validate(toy, ["(drive t1 depot a)"]).final_state


# ------------------------------------------------------------------------------------ order of checks
def test_an_earlier_inapplicable_step_wins_over_a_later_syntax_error(toy: Task) -> None:
    v = validate(toy, ["(drive t1 a b)", "(drive t1 zz a)"])
    assert (v.kind, v.step) == (PRECONDITION, 1)


@pytest.mark.parametrize(
    ("step", "kind"),
    [
        ("fly t1 zz", MALFORMED),  # before unknown action
        ("(fly t1 zz)", UNKNOWN_ACTION),  # before arity and objects
        ("(drive zz a)", WRONG_ARITY),  # before unknown object
        ("(drive a zz b)", UNKNOWN_OBJECT),  # an unknown object anywhere before a wrong type anywhere
        ("(drive a b zz)", UNKNOWN_OBJECT),
        ("(drive a depot b)", WRONG_TYPE),  # before preconditions (which fail too)
    ],
)
def test_order_of_checks_within_a_step(toy: Task, step: str, kind: str) -> None:
    assert validate(toy, [step]).kind == kind


# ----------------------------------------------------------------------------------- the verdict data
def test_error_category() -> None:
    assert [error_category(k) for k in ERROR_KINDS] == [INVALID_ACTION] * 6 + [GOAL_NOT_SATISFIED]
    assert error_category(None) is None
    with pytest.raises(ValueError, match="unknown verdict kind"):
        error_category("timeout")


def test_to_json(toy: Task) -> None:
    data = validate(toy, ["(drive v1 depot b)"]).to_json()
    assert json.loads(json.dumps(data)) == data
    assert data["kind"] == "precondition" and data["category"] == "invalid action" and data["step"] == 1
    assert data["unmet_static"] == ["(road depot b)"] and data["unmet_dynamic"] == ["(at v1 depot)"]
    assert validate(toy, TOY_PLAN).to_json()["valid"] is True
    assert validate(toy, []).to_json()["unmet_goals"] == ["(at t1 b)", "(visited a)"]


def test_verdict_is_frozen_and_hashable(toy: Task) -> None:
    v = validate(toy, TOY_PLAN)
    with pytest.raises(AttributeError):
        v.valid = False  # type: ignore[misc]
    assert hash(v) == hash(validate(toy, TOY_PLAN)) and v == validate(toy, TOY_PLAN)


# ------------------------------------------------------------------------------- compiled task caches
def test_remembered_tasks_give_the_same_verdicts(toy: Task) -> None:
    plans = [TOY_PLAN, ["(drive t1 a b)"], ["(DRIVE T1 depot A)", "(drive t1 a b)"], ["(drive v1 depot b)"]]
    first = [validate(toy, p) for p in plans]
    assert id(toy) in validator_module._TASK_CACHE  # the compiled task is remembered
    assert [validate(toy, p) for p in plans] == first
    validator_module.clear_cache()
    assert [validate(toy, p) for p in plans] == first


def test_equal_tasks_in_different_objects_are_compiled_separately() -> None:
    one, two = toy_task(), toy_task()
    assert validate(one, TOY_PLAN).valid and validate(two, TOY_PLAN[:1]).kind == GOAL
    assert validator_module._compiled(one) is not validator_module._compiled(two)


def test_a_dead_task_is_forgotten() -> None:
    task = toy_task()
    validate(task, TOY_PLAN)
    key = id(task)
    assert key in validator_module._TASK_CACHE
    del task
    assert key not in validator_module._TASK_CACHE


def test_verdicts_do_not_depend_on_the_hash_seed() -> None:
    code = (
        "from tests.test_validate import toy_task; from genplan.validate import validate, feedback;"
        "t = toy_task(); p = ['(drive v1 depot b)'];"
        "v = validate(t, p); print(v.unmet_static, v.unmet_dynamic, validate(t, []).unmet_goals);"
        "print(feedback(v, p))"
    )
    outs = {
        subprocess.run(
            [sys.executable, "-c", code],
            capture_output=True,
            text=True,
            cwd=REPO,
            env={"PYTHONHASHSEED": seed},
            check=True,
        ).stdout
        for seed in ("0", "1", "12345")
    }  # fmt: skip
    assert len(outs) == 1
