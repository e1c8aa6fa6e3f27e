"""Prompt templates: every one renders with a realistic context, strictly, with no empty placeholder."""

from __future__ import annotations

import ast
import re
from pathlib import Path
from typing import Any

import pytest

from genplan.core.errors import GenplanError
from genplan.core.prompts import PromptError, render, template_names, template_variables, templates_dir
from genplan.pddl.pyform import PyTask, render_python_task

FERRY_DOMAIN = """(define (domain ferry)
  (:requirements :strips :typing)
  (:types car location)
  (:predicates (at-ferry ?l - location) (at ?c - car ?l - location) (empty-ferry) (on ?c - car))
  (:action sail :parameters (?from ?to - location)
    :precondition (at-ferry ?from) :effect (and (at-ferry ?to) (not (at-ferry ?from))))
  (:action board :parameters (?car - car ?loc - location)
    :precondition (and (at ?car ?loc) (at-ferry ?loc) (empty-ferry))
    :effect (and (on ?car) (not (at ?car ?loc)) (not (empty-ferry))))
  (:action debark :parameters (?car - car ?loc - location)
    :precondition (and (on ?car) (at-ferry ?loc))
    :effect (and (at ?car ?loc) (empty-ferry) (not (on ?car)))))"""

FERRY_TASK = """(define (problem ferry-l2-c1)
  (:domain ferry)
  (:objects l0 l1 - location c0 - car)
  (:init (at-ferry l0) (at c0 l0) (empty-ferry))
  (:goal (and (at c0 l1))))"""

DOMAIN_NL = (
    "Cars are moved between locations by a ferry that carries one car at a time. Actions: "
    "sail(from, to) moves the ferry; board(car, loc) loads a car where the ferry is, if the ferry is "
    "empty; debark(car, loc) unloads the car at the ferry's location."
)
FERRY_TASK2 = FERRY_TASK.replace("ferry-l2-c1", "ferry-l2-c2").replace("c0 - car", "c0 c1 - car")
TASK_NL = "Two locations l0 and l1 and one car c0. The ferry is empty at l0; c0 is at l0. Goal: c0 at l1."
PSEUDOCODE = (
    "for each car c not at its goal location g:\n    sail to c's location\n    board c\n    sail to g\n    debark c"
)
PLAN = ["(board c0 l0)", "(sail l0 l1)", "(debark c0 l1)"]
PYTHON_TASK = render_python_task(
    PyTask(
        objects=(("c0", "car"), ("l0", "location"), ("l1", "location")),
        init=(("at", "c0", "l0"), ("at-ferry", "l0"), ("empty-ferry",)),
        goal=(("at", "c0", "l1"),),
    )
)
FEEDBACK = (
    "The plan is not valid. Step 2, (sail l0 l0): the ferry is already at l0, so sailing there "
    "does nothing useful, and step 3, (debark c0 l1), needs (at-ferry l1), which is false."
)
FAILED = {"name": "instance-4", "python": PYTHON_TASK, "feedback": FEEDBACK}
SOLVED = [{"name": "instance-0", "plan": PLAN}, {"name": "instance-1", "plan": None}]

#: A realistic context for every template this module owns (the validator's feedback*.j2 are tested there).
CONTEXTS: dict[str, dict[str, Any]] = {
    "describe_domain.j2": {"domain_name": "ferry", "domain_pddl": FERRY_DOMAIN},
    "describe_tasks.j2": {
        "tasks": [{"name": "instance-0", "pddl": FERRY_TASK}, {"name": "instance-3", "pddl": FERRY_TASK2}],
    },
    "strategy.j2": {
        "domain_description": DOMAIN_NL,
        "examples": [
            {"name": "instance-0", "description": TASK_NL},
            {"name": "instance-3", "description": "Three locations, two cars; both cars must reach l2."},
        ],
        "typed": True,
        "earlier": [
            {"label": "p0.v0", "summary": "solved 5 of 6 debugging tasks", "feedback": FEEDBACK},
            {
                "label": "p0.v1",
                "summary": "solved 6 of 7 debugging tasks",
                "feedback": "It timed out.",
                "source": "def generate_solution(objects, init, goal):\n    return list(init)",
            },
        ],
    },
    "direct.j2": {
        "domain_name": "ferry",
        "domain_pddl": FERRY_DOMAIN,
        "typed": True,
        "examples": [
            {"name": "instance-0", "python": PYTHON_TASK, "plan": PLAN},
            {"name": "instance-1", "python": PYTHON_TASK.replace("c0", "c9"), "plan": ["(sail l1 l0)"]},
        ],
        "timeout": 45.0,
    },
    "strategy_plan.j2": {
        "domain_description": DOMAIN_NL,
        "pseudocode": PSEUDOCODE,
        "task_name": "instance-2",
        "task_description": TASK_NL,
        "task_pddl": "(define (problem instance-2) (:domain ferry))",
    },
    "strategy_reflect.j2": {"feedback": FEEDBACK},
    "strategy_revise.j2": {},
    "codegen.j2": {
        "domain_description": DOMAIN_NL,
        "strategy": PSEUDOCODE,
        "strategy_style": "pseudocode",
        "typed": True,
        "example": {"name": "instance-0", "python": PYTHON_TASK, "plan": PLAN},
        "timeout": 45.0,
    },
    "code_reflect.j2": {
        "n_tasks": 6,
        "solved": SOLVED,
        "failed": FAILED,
        "plans_shown_before": False,
        "earlier": ["The loop over the cars never ends when a car is already aboard."],
    },
    "code_fix.j2": {},
    "code_fix_direct.j2": {"n_tasks": 6, "solved": SOLVED, "failed": FAILED},
    "baseline_strategy.j2": {
        "domain_pddl": FERRY_DOMAIN,
        "examples": [{"name": "instance-0", "pddl": FERRY_TASK}, {"name": "instance-1", "pddl": FERRY_TASK}],
        "typed": False,
    },
    "format_reminder.j2": {"expected": "program", "missing": ["instance-3"]},
    "generator.j2": {
        "domain_name": "ferry",
        "domain_pddl": FERRY_DOMAIN,
        "typed": True,
        "examples": [{"name": "instance-0", "python": PYTHON_TASK}],
        "smallest": 4,
        "largest": 2000,
    },
    "generator_fix.j2": {"reason": "the initial state fact (at c0) has 1 argument(s), but at takes 2"},
    "search_write.j2": {
        "domain_name": "ferry",
        "domain_pddl": FERRY_DOMAIN,
        "typed": True,
        "examples": [
            {"name": "instance-0", "python": PYTHON_TASK, "plan": PLAN},
            {"name": "instance-1", "python": PYTHON_TASK.replace("c0", "c9"), "plan": ["(sail l1 l0)"]},
        ],
        "timeout": 60.0,
        "max_objects": 400,
        "emphasis": "",
        "drafts": 1,
        "sample": None,
    },
    "search_fix.j2": {
        "check_feedback": "The checks of your heuristic failed on 36 sampled states of the training tasks:",
        "task": {
            "name": "instance-3",
            "python": PYTHON_TASK,
            "compact": True,
            "omitted": (("adjacent", 5018),),
            "feedback": "Timeout after 60 s of CPU time.",
            "timeout": True,
            "found": False,
            "made": False,
        },
        "solved": 5,
        "solved_names": ["instance-0", "instance-1", "instance-2", "instance-4", "instance-5"],
        "n_tasks": 6,
    },
    "search_reach.j2": {
        "task": {
            "name": "probe-3180-2",
            "python": PYTHON_TASK,
            "compact": True,
            "omitted": (("adjacent", 7796),),
            "feedback": "The program did not finish within 45 seconds of CPU time.",
            "timeout": True,
            "objects": 3180,
        },
        "probe": {"solved": 3, "of": 4, "objects": 2620, "cpu_s": 98.5, "tasks": {"probe-3180-2": False}},
        "solved": 7,
        "n_tasks": 7,
    },
    "search_feedback.j2": {
        "failures": [
            {
                "kind": "unsound successor",
                "origin": "the initial state of instance-0 after 3 random action(s)",
                "state": "{('clear', 'b1'), ('holding', 'b2'), ('ontable', 'b1')}",
                "goal": "{('on', 'b1', 'b2')}",
                "action": "(pick-up b1)",
                "expected": "only actions applicable in this state",
                "got": "(pick-up b1) was returned, but it is not applicable here",
            },
            {
                "kind": "not direct",
                "origin": "the initial state of instance-1",
                "state": "{('handempty',)}",
                "goal": "{('on', 'b2', 'b1')}",
                "action": "",
                "expected": "a successor with h lower than 2",
                "got": "its successors have h (pick-up b2): 2",
            },
        ],
        "more": 4,
        "counts": {"unsound successor": 3, "not direct": 3},
        "states": 36,
        "has_successors": True,
        "macro": False,
        "own_states": False,
    },
}

OWN_TEMPLATES = [n for n in template_names() if not n.startswith(("feedback", "_"))]
THINK = re.compile(r"step by step", re.I)


def _strings(value: Any) -> list[str]:
    """Every string inside a context value (dicts, lists), to check each one reached the prompt."""
    if isinstance(value, str):
        return [value]
    if isinstance(value, dict):
        return [s for v in value.values() for s in _strings(v)]
    if isinstance(value, (list, tuple)):
        return [s for v in value for s in _strings(v)]
    return []


def _assert_clean(name: str, text: str) -> None:
    assert text.endswith("\n") and not text.endswith("\n\n"), name
    assert not text.startswith("\n"), name
    for bad in ("None", "{{", "}}", "{%", "%}", "{#", "#}", "[]", "''", '""', "`` "):
        assert bad not in text, f"{name}: {bad!r} in the prompt"
    assert "\n\n\n" not in text, f"{name}: a run of blank lines (an empty block)"
    assert not re.search(r"```[a-z]*\n```", text), f"{name}: an empty fenced block"
    assert not re.search(r"[ \t]+$", text, re.M), f"{name}: trailing whitespace"
    assert not re.search(r"\S  +\S", text), f"{name}: a double space (an empty inline placeholder)"
    assert text.count("```") % 2 == 0, f"{name}: unbalanced code fences"


def test_every_template_has_a_test_context() -> None:
    assert Path(templates_dir()).name == "templates"
    assert sorted(CONTEXTS) == OWN_TEMPLATES


@pytest.mark.parametrize("name", sorted(CONTEXTS))
@pytest.mark.parametrize("reasoning", [False, True])
def test_renders_cleanly(name: str, reasoning: bool) -> None:
    context = {**CONTEXTS[name], "reasoning": reasoning}
    text = render(name, **context)
    _assert_clean(name, text)
    for value in _strings(CONTEXTS[name]):
        if name == "format_reminder.j2":
            continue
        if name == "strategy_plan.j2" and value == CONTEXTS[name]["task_pddl"]:
            continue  # shown only for a task without a description (see the test below)
        assert value in text, f"{name}: the context value {value[:40]!r} is not in the prompt"
    if reasoning:
        assert not THINK.search(text), f"{name}: reasoning models get no 'step by step' instruction"


@pytest.mark.parametrize(
    "name", ["describe_domain.j2", "strategy.j2", "strategy_plan.j2", "strategy_reflect.j2", "codegen.j2",
             "code_reflect.j2", "baseline_strategy.j2", "direct.j2", "generator.j2", "search_write.j2"],
)  # fmt: skip
def test_non_reasoning_models_are_asked_to_think(name: str) -> None:
    text = render(name, **CONTEXTS[name], reasoning=False)
    assert re.search(r"step by step|one part at a time", text, re.I)


@pytest.mark.parametrize("name", sorted(CONTEXTS))
def test_variables_are_documented_in_the_header(name: str) -> None:
    source = (templates_dir() / name).read_text(encoding="utf-8")
    header = re.match(r"\{#(.*?)#\}", source, re.S)
    assert header, f"{name} has no header comment"
    for var in template_variables(name):
        assert re.search(rf"\b{var}\b", header.group(1)), f"{name}: {var} is not documented"
    assert template_variables(name) <= set(CONTEXTS[name]) | {"reasoning"}


def test_missing_variable_is_an_error() -> None:
    context = dict(CONTEXTS["strategy_plan.j2"])
    del context["pseudocode"]
    with pytest.raises(PromptError, match=r"strategy_plan\.j2.*pseudocode") as info:
        render("strategy_plan.j2", reasoning=False, **context)
    assert isinstance(info.value, GenplanError)


def test_missing_attribute_is_an_error() -> None:
    context = {**CONTEXTS["codegen.j2"], "example": {"name": "instance-0", "python": PYTHON_TASK}}
    with pytest.raises(PromptError, match="plan"):
        render("codegen.j2", reasoning=False, **context)


@pytest.mark.parametrize("empty", [None, "", "  \n"])
def test_empty_value_is_an_error(empty: str | None) -> None:
    context = {**CONTEXTS["strategy_reflect.j2"], "feedback": empty}
    with pytest.raises(PromptError, match=r"strategy_reflect\.j2.*empty.*feedback"):
        render("strategy_reflect.j2", reasoning=False, **context)


def test_unknown_template_and_bad_choice() -> None:
    with pytest.raises(PromptError, match=r"no prompt template 'nope\.j2'.*codegen\.j2"):
        render("nope.j2")
    with pytest.raises(PromptError, match="expected must be plan, pseudocode, program, generator, heuristic or task"):
        render("format_reminder.j2", expected="poem", reasoning=False)


def test_codegen_shows_valid_python_literals_and_the_input_form() -> None:
    typed = render("codegen.j2", **CONTEXTS["codegen.j2"], reasoning=False)
    block = re.search(r"```python\n(.*?)```", typed, re.S)
    assert block
    for line in block.group(1).strip().splitlines():
        name, literal = line.split(" = ", 1)
        assert name in {"objects", "init", "goal"}
        assert isinstance(ast.literal_eval(literal), set)
    assert "(name, type)" in typed and "'(board c0 l0)'" in typed and "45 seconds" in typed
    assert "generate_solution(objects, init, goal) -> list[str]" in typed
    assert "standard library" in typed and "1-tuple holding only the predicate's name" in typed
    # No fact of another domain as an example: a real model took blocksworld's ('handempty',) for a fact of
    # domains that have none.
    for name in ("codegen.j2", "direct.j2", "strategy.j2"):
        text = render(name, **CONTEXTS[name], reasoning=False)
        assert "handempty" not in text and "other places" not in text, name
        # What is scored, and that every task is solvable (real models asked).
        assert "Every task the program is given is solvable" in text and "shorter ones score better" in text
    untyped = render("codegen.j2", **{**CONTEXTS["codegen.j2"], "typed": False}, reasoning=False)
    assert "(name, type)" not in untyped and "set of object names" in untyped


def test_codegen_continuing_a_conversation() -> None:
    context = {**CONTEXTS["codegen.j2"], "domain_description": None, "strategy": None, "strategy_style": "prose"}
    text = render("codegen.j2", **context, reasoning=True)
    _assert_clean("codegen.j2", text)
    assert text.startswith("Implement the strategy described above") and DOMAIN_NL not in text


def test_code_feedback_without_solved_tasks() -> None:
    for name in ("code_reflect.j2", "code_fix_direct.j2"):
        text = render(name, **{**CONTEXTS[name], "solved": []}, reasoning=False)
        _assert_clean(name, text)
        assert "It solved" not in text and "instance-4" in text


def test_a_later_repair_round_keeps_the_diagnoses_and_does_not_repeat_the_plans() -> None:
    first = render("code_reflect.j2", **{**CONTEXTS["code_reflect.j2"], "earlier": []}, reasoning=False)
    assert "with this plan:" in first and "diagnoses" not in first
    later = render("code_reflect.j2", **{**CONTEXTS["code_reflect.j2"], "plans_shown_before": True,
                                         "solved": [{"name": s["name"], "plan": None} for s in SOLVED]},
                   reasoning=False)  # fmt: skip
    _assert_clean("code_reflect.j2", later)
    assert "with this plan:" not in later and "(their plans were shown in an earlier round)" in later
    assert "Your diagnoses of the earlier versions" in later and "1. The loop over the cars never ends" in later


def test_format_reminders() -> None:
    for expected, marker in (("plan", "Plan:"), ("pseudocode", "```pseudocode"), ("program", "```python")):
        assert marker in render("format_reminder.j2", expected=expected, reasoning=False)


def test_clean_check_catches_artifacts(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    # An optional part left out by {% if %} must not leave a hole: the check above has to notice one.
    (tmp_path / "holey.j2").write_text("Hello {{ who }} {% if title %}{{ title }}{% endif %} there.\n")
    monkeypatch.setenv("GENPLAN_TEMPLATES_DIR", str(tmp_path))
    _assert_clean("holey.j2", render("holey.j2", who="you", title="dear"))
    with pytest.raises(AssertionError, match="double space"):
        _assert_clean("holey.j2", render("holey.j2", who="you", title=None))


def test_templates_dir_override(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    (tmp_path / "hello.j2").write_text("{# hello: greets. Context: who (str) #}\nHello {{ who }}!\n")
    monkeypatch.setenv("GENPLAN_TEMPLATES_DIR", str(tmp_path))
    assert templates_dir() == tmp_path
    assert render("hello.j2", who="planner") == "Hello planner!\n"
    assert template_names() == ["hello.j2"]


def test_a_task_without_description_is_shown_as_pddl() -> None:
    """Counterexamples of the generalization check have no description: the plan prompt shows the PDDL,
    and a described task's prompt does not (it stays as the paper's protocol has it)."""
    context = CONTEXTS["strategy_plan.j2"]
    described = render("strategy_plan.j2", **context, reasoning=False)
    assert TASK_NL in described and "(define (problem instance-2)" not in described
    bare = render("strategy_plan.j2", **(context | {"task_description": ""}), reasoning=False)
    assert "```pddl\n(define (problem instance-2) (:domain ferry))\n```" in bare


# ---------------------------------------------------------------------------------- defects of issue 13
def test_the_domain_description_is_asked_for_under_a_marker() -> None:
    """The model's notes to itself must not reach later prompts: the description comes after a marker line,
    which the extractor finds (tests/test_describe.py)."""
    for reasoning in (False, True):
        text = render("describe_domain.j2", **CONTEXTS["describe_domain.j2"], reasoning=reasoning)
        assert 'a line containing only "FINAL DESCRIPTION"' in text and "Only the text after that line" in text


def test_task_descriptions_are_asked_for_together_with_their_domain_notes() -> None:
    both = render("describe_tasks.j2", **CONTEXTS["describe_tasks.j2"], reasoning=False)
    assert both.startswith("Here are 2 tasks of this domain")
    assert "TASK instance-0\n" in both and "TASK instance-3\n" in both and both.rstrip().count("DOMAIN NOTES") == 1
    assert "gets wrong or leaves out" in both
    one = render("describe_tasks.j2", tasks=CONTEXTS["describe_tasks.j2"]["tasks"][:1], reasoning=False)
    assert one.startswith('Here is a task of this domain, "instance-0"') and "TASK instance-3" not in one
    _assert_clean("describe_tasks.j2", one)


@pytest.mark.parametrize("name", ["strategy.j2", "baseline_strategy.j2", "strategy_revise.j2"])
def test_strategy_prompts_state_the_input_form_and_that_no_order_may_be_assumed(name: str) -> None:
    text = render(name, **CONTEXTS[name], reasoning=False)
    assert "no particular order" in text
    if name != "strategy_revise.j2":
        assert "generate_solution(objects, init, goal)" in text and "Sets have no meaningful order" in text
        assert "object_10" in text  # names carry no order either


def test_the_strategy_prompt_shows_earlier_failures_with_the_newest_code_only() -> None:
    text = render("strategy.j2", **CONTEXTS["strategy.j2"], reasoning=False)
    assert "Program p0.v0 (solved 5 of 6 debugging tasks)" in text and FEEDBACK in text
    assert text.count("```python") == 1 and "return list(init)" in text
    plain = render("strategy.j2", **(CONTEXTS["strategy.j2"] | {"earlier": []}), reasoning=False)
    assert "Programs were written for this domain before" not in plain
    _assert_clean("strategy.j2", plain)


def test_the_direct_prompt_shows_the_domain_examples_and_input_form() -> None:
    text = render("direct.j2", **CONTEXTS["direct.j2"], reasoning=False)
    assert "(:action sail" in text and text.count("```python") == 3  # two examples and the answer's block
    assert "(name, type)" in text and "Build the plan directly" in text and "Follow the strategy" not in text
    assert "much larger tasks than the examples" in text and "'(board c0 l0)'" in text
    # the codegen prompt keeps its wording
    code = render("codegen.j2", **CONTEXTS["codegen.j2"], reasoning=False)
    assert "Follow the strategy and build the plan directly" in code and "than the example." in code


def test_the_search_prompt_states_the_interface_what_scores_and_how_large_tasks_get() -> None:
    text = render("search_write.j2", **CONTEXTS["search_write.j2"], reasoning=False)
    assert "h(state, goal, static, objects)" in text and "successors(state, static, objects)" in text
    assert "float('inf')" in text and "direct" in text and "cheap" in text
    assert "up to 400 objects" in text and "60 seconds of CPU time" in text and "score better" in text
    # what the answering models asked: is every task solvable, what a plan's length counts, does a cache outlive a task
    assert "Every task the search is given is solvable" in text
    assert "each action of a macro step counted" in text and "each task runs in a fresh process" in text
    assert "only until one has a lower h than the state" in text  # how an own-state search expands
    # what answering models missed: goal order, said for any domain (no domain's objects named)
    assert "It sees the order in which goals must be reached" in text and "out of order" in text
    assert "independently" not in text  # no draft emphasis in a plain request
    # what answering models could not tell: a defaulted fourth parameter, how a lazy action is recognised,
    # whether directness matters with macro steps
    assert "with a default value or without" in text and "callable(action)" in text
    assert "counts only without macro steps and own states" in text
    third = render("search_write.j2", **{**CONTEXTS["search_write.j2"], "emphasis": "put pace first.", "drafts": 3},
                   reasoning=False)  # fmt: skip
    assert "genplan asks for 3 heuristics for this domain, independently" in third and "put pace first." in third
    assert "(name, type)" in text and text.count("```python") == 3
    untyped = render("search_write.j2", **{**CONTEXTS["search_write.j2"], "typed": False, "max_objects": None},
                     reasoning=True)  # fmt: skip
    assert "(name, type)" not in untyped and "object names (strings)" in untyped and "up to" not in untyped
    # a repair for a failed task alone (the checks found nothing) shows the task
    only_task = render("search_fix.j2", **{**CONTEXTS["search_fix.j2"], "check_feedback": ""}, reasoning=True)
    assert 'It failed on the task "instance-3":' in only_task and "checks" not in only_task
    assert "solved 5 of 6 debugging tasks (instance-0, instance-1, instance-2, instance-4, instance-5)" in only_task
    new_task = {**CONTEXTS["search_fix.j2"]["task"], "found": True}
    found = render("search_fix.j2", **{**CONTEXTS["search_fix.j2"], "check_feedback": "", "task": new_task},
                   reasoning=True)  # fmt: skip
    assert 'It failed on the task "instance-3", which is new: genplan\'s generalization check made it' in found
    older = {**CONTEXTS["search_fix.j2"]["task"], "made": True}  # found in an earlier round: not "new" again
    again = render("search_fix.j2", **{**CONTEXTS["search_fix.j2"], "check_feedback": "", "task": older},
                   reasoning=True)  # fmt: skip
    assert "which is new" not in again and "made in an earlier round" in again
    assert "earlier rounds are not repeated" in again
    assert "met too many states" in only_task  # a timeout: what it means for a search
    crashed = {**CONTEXTS["search_fix.j2"]["task"], "timeout": False}
    assert "met too many states" not in render("search_fix.j2", **{**CONTEXTS["search_fix.j2"], "task": crashed},
                                               reasoning=True)  # fmt: skip
    reminder = render("format_reminder.j2", expected="heuristic", reasoning=False)
    assert "Your answer has no Python code defining `h(" in reminder


def test_format_reminder_for_missing_task_descriptions() -> None:
    text = render("format_reminder.j2", expected="task descriptions", missing=["p3", "p5"], reasoning=False)
    assert "p3, p5" in text and '"TASK p3"' in text and "DOMAIN NOTES" in text


def test_the_generator_prompt_states_the_interface_the_sandbox_checks() -> None:
    text = render("generator.j2", **CONTEXTS["generator.j2"], reasoning=False)
    for part in ("PARAMETERS = {", "def params_for_size(size: int) -> dict", "def generate(params: dict, seed: int)",
                 "random.Random(seed)", "from 4 to 2000 objects", "solvable", "(name, type)"):  # fmt: skip
        assert part in text, part
    untyped = render("generator.j2", **{**CONTEXTS["generator.j2"], "typed": False}, reasoning=True)
    assert "(name, type)" not in untyped and "a set of object names" in untyped
    assert "generate(params, seed)" in render("format_reminder.j2", expected="generator", missing=[], reasoning=False)
