"""The feedback message an LLM reads: what went wrong first, the precise reason, the numbered plan."""

from __future__ import annotations

import re

import pytest

from genplan.core.prompts import template_variables, templates_dir
from genplan.pddl.model import Task
from genplan.validate import feedback, plan_listing, validate
from genplan.validate.feedback import MAX_STEP_CHARS
from tests.test_validate import FERRY_PLAN, TOY_PLAN, ferry_task, toy_task


@pytest.fixture
def toy() -> Task:
    return toy_task()


def message(task: Task, plan: list) -> str:
    return feedback(validate(task, plan), plan)


def test_valid_plan_message(toy: Task) -> None:
    text = message(toy, TOY_PLAN)
    assert text.startswith("The plan is valid")
    assert "all 2 steps" in text
    assert "1." not in text  # no listing for a valid plan
    assert len(text) < 200


def test_valid_empty_plan_message(toy: Task) -> None:
    done = Task("done", toy.domain, toy.objects, validate(toy, TOY_PLAN).final_state, toy.goal)
    assert "it is empty" in message(done, [])


def test_precondition_message_names_the_step_and_splits_static_from_dynamic(toy: Task) -> None:
    plan = ["(drive t1 depot a)", "(drive v1 depot b)", "(drive t1 a b)"]
    text = message(toy, plan)
    first = text.splitlines()[0]
    assert first == (
        "The plan is invalid: step 2, (drive v1 depot b), cannot be executed because some of its "
        "preconditions do not hold."
    )
    fixed, current = text.index("fixed in this task"), text.index("current state (after step 1)")
    assert fixed < text.index("(road depot b) must be true, but it is false.") < current
    assert current < text.index("(at v1 depot) must be true, but it is false.")
    assert "1. (drive t1 depot a)\n2. (drive v1 depot b) <-- this step fails\n3. (drive t1 a b)" in text


def test_negative_preconditions_are_phrased_as_such(toy: Task) -> None:
    text = message(toy, ["(close a)", "(close b)"])
    assert "- (busy) must be false, but it is true." in text
    assert "Facts that are fixed" not in text  # no static literal is unmet


def test_inequality_and_equality_phrasing(toy: Task) -> None:
    assert "- depot and depot must be different objects, but they are the same." in message(toy, ["(close depot)"])
    text = message(toy, ["(drive t1 depot a)", "(wait t1 a)"])
    assert "- a and depot must be the same object, but they are different." in text


def test_first_step_failure_names_the_initial_state(toy: Task) -> None:
    assert "current state (the initial state)" in message(toy, ["(drive t1 a b)"])


def test_goal_message_lists_the_unmet_goal_facts(toy: Task) -> None:
    text = message(toy, TOY_PLAN[:1])
    assert text.startswith("The plan is invalid: its one step can be executed, but after the last step")
    assert "- (at t1 b)" in text and "(visited a)" not in text.split("The plan, with")[0]
    assert "1. (drive t1 depot a)" in text and "<--" not in text


def test_goal_message_for_an_empty_plan(toy: Task) -> None:
    text = message(toy, [])
    assert "it is empty" in text and "- (at t1 b)\n- (visited a)" in text
    assert "The plan, with" not in text


def test_long_goal_lists_are_cut() -> None:
    from genplan.validate.verdict import GOAL, Verdict

    goals = tuple(("visited", f"p{i:02d}") for i in range(30))
    v = Verdict(False, GOAL, None, None, "goal", unmet_goals=goals, plan_length=1)
    text = feedback(v, ["(noop)"])
    assert "(visited p19)" in text and "(visited p20)" not in text and "- ... and 10 more" in text


@pytest.mark.parametrize(
    ("step", "expected"),
    [
        (
            "drive t1 depot a",
            'step 1, "drive t1 depot a", is not a well-formed action: the step is not enclosed',
        ),
        ("", 'step 1, "", is not a well-formed action: the step is an empty string'),
        (
            "(fly t1 a)",
            "the domain has no action called fly. Its actions are:\n- (close ?p - place)\n- (drive",
        ),
        (
            "(drive t1 a)",
            "drive takes 3 arguments (?v - vehicle ?a - place ?b - place), but the step gives 2.",
        ),
        ("(drive t1 depot zz)", "its argument 3, zz, is not an object of this task."),
        (
            "(drive a depot b)",
            "its argument 1, a, is of type place, but parameter ?v of drive needs an object of type vehicle "
            "(drive takes ?v - vehicle ?a - place ?b - place).",
        ),
    ],
)
def test_syntax_error_messages(toy: Task, step: str, expected: str) -> None:
    text = message(toy, [step])
    assert text.startswith("The plan is invalid: step 1")
    assert expected in text
    assert "<-- this step fails" in text


def test_a_step_that_is_not_a_string(toy: Task) -> None:
    text = message(toy, [("drive", "t1", "depot", "a")])
    assert "step 1, ('drive', 't1', 'depot', 'a'), is not a well-formed action" in text
    assert "a value of type tuple, not a string" in text


def test_untyped_domain_messages() -> None:
    task = ferry_task()
    assert "board takes 2 arguments (?car ?loc), but the step gives 3." in message(task, ["(board c0 l0 l1)"])
    text = message(task, ["(sail l1 l0)"])
    assert "- (at-ferry l1) must be true" in text and "fixed in this task" not in text
    text = message(task, [*FERRY_PLAN[:1], "(sail l0 l0)"])
    assert "Facts that are fixed in this task (no action ever changes them):\n- (not-eq l0 l0) must be true" in text


def test_a_500_step_plan_is_shortened_around_the_failing_step(toy: Task) -> None:
    # Drive back and forth between depot and a; step 250 drives from the wrong place.
    plan = ["(drive t1 depot a)" if i % 2 else "(drive t1 a depot)" for i in range(1, 501)]
    plan[249] = "(drive t1 depot b)"  # after step 249 the truck is at a, and there is no road depot-b
    v = validate(toy, plan)
    assert (v.kind, v.step) == ("precondition", 250)
    text = feedback(v, plan)
    listing = text.split("The plan, with its steps numbered:\n")[1].splitlines()
    numbers = [int(m.group(1)) for line in listing if (m := re.match(r"(\d+)\. ", line))]
    assert numbers == [1, 2, 3, *range(240, 253)]
    assert listing[3] == "... (236 steps not shown)"
    assert "250. (drive t1 depot b) <-- this step fails" in listing
    assert listing[-1] == "... (248 more steps)"
    assert len(text) < 1500


def test_long_plan_failing_the_goal_shows_its_end() -> None:
    lines = plan_listing([f"(s{i})" for i in range(1, 101)], None)
    assert [x.number for x in lines] == [1, 2, 3, 0, *range(88, 101)]
    assert lines[3].text == "... (84 steps not shown)"


def test_long_plan_failing_the_goal_shows_the_steps_of_the_first_unreached_goal() -> None:
    """The part of a long plan that matters: the steps that involve the goal's rarest object (a tile, not its
    color), even from the middle of the plan."""
    plan = [f"(paint r1 t{i} white)" for i in range(60)]
    plan[30] = "(move r1 t7 t99)"
    lines = plan_listing(plan, None, ("t99",))
    assert 31 in [x.number for x in lines] and [x.number for x in lines][:3] == [1, 2, 3]


def test_the_goal_message_names_a_goal_object_no_step_touches(toy: Task) -> None:
    v = validate(toy, ["(drive t1 depot a)"] * 1)
    if v.kind != "goal":
        pytest.skip("the toy plan does not end at a goal failure")
    text = feedback(v, ["(drive t1 depot a)"])
    goal_objects = set(v.unmet_goals[0][1:])
    assert "No step of the plan involves" in text and any(o in text.split("involves")[1] for o in goal_objects)


def test_short_plans_are_shown_whole() -> None:
    assert [x.number for x in plan_listing([f"(s{i})" for i in range(20)], 20)] == list(range(1, 21))


def test_failing_step_near_the_start_has_no_gap_before_it() -> None:
    lines = plan_listing([f"(s{i})" for i in range(1, 51)], 5)
    assert [x.number for x in lines] == [1, 2, 3, 4, 5, 6, 7, 0]
    assert lines[-1].text == "... (43 more steps)" and lines[4].failing


def test_huge_steps_are_cut(toy: Task) -> None:
    for step in (
        "(drive t1 depot " + "a" * 5000 + ")",
        "(" + "x" * 5000 + " t1)",
        "(drive t1" + " a" * 5000 + ")",
    ):
        text = message(toy, [step])
        assert len(text) < 3 * MAX_STEP_CHARS + 1000
        assert "more characters]" in text


def test_messages_are_deterministic(toy: Task) -> None:
    plan = ["(drive v1 depot b)"]
    assert message(toy, plan) == message(toy_task(), plan)


KIND_PLANS = {
    "valid": TOY_PLAN,
    "goal": TOY_PLAN[:1],
    "precondition": ["(drive t1 depot a)", "(drive v1 depot b)"],
    "malformed": ["drive t1 depot a"],
    "unknown_action": ["(fly t1)"],
    "wrong_arity": ["(drive t1 depot)"],
    "unknown_object": ["(drive t1 depot zz)"],
    "wrong_type": ["(drive a depot b)"],
}


@pytest.mark.parametrize("kind", sorted(KIND_PLANS))
def test_every_message_is_clean(toy: Task, kind: str) -> None:
    v = validate(toy, KIND_PLANS[kind])
    assert (v.kind or "valid") == kind
    text = feedback(v, KIND_PLANS[kind])
    assert text.endswith("\n") and not text.endswith("\n\n") and not text.startswith("\n")
    assert "\n\n\n" not in text
    assert not re.search(r"[ \t]+$", text, re.M)
    for bad in ("None", "{{", "}}", "{%", "%}", "{#", "#}", "[]", "()", "_"):
        assert bad not in text.replace("unknown_", "").replace("wrong_", ""), (kind, bad)


def test_template_variables_are_documented_in_its_header() -> None:
    source = (templates_dir() / "feedback.j2").read_text(encoding="utf-8")
    header = re.match(r"\{#(.*?)#\}", source, re.S)
    assert header
    for var in template_variables("feedback.j2"):
        assert re.search(rf"\b{var}\b", header.group(1)), f"{var} is not documented"
