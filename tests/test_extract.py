"""Reading plans, pseudocode and programs out of free-form LLM answers."""

from __future__ import annotations

import ast

import pytest

from genplan.stages.extract import extract_plan, extract_program, extract_pseudocode

ACTIONS = {"sail", "board", "debark"}


def test_plan_from_numbered_list_with_comments_and_case() -> None:
    text = """Following the strategy:
1. (SAIL l0 l1)   ; move to the car
2) (board c0 l1)
   - (debark c0 l0)  # done
The ferry is then empty (see above)."""
    assert extract_plan(text, ACTIONS) == ["(sail l0 l1)", "(board c0 l1)", "(debark c0 l0)"]


def test_plan_after_solution_marker_wins_over_earlier_drafts() -> None:
    text = """Draft: (sail l0 l2)
Wait, that is wrong.

**Solution:**
```
(sail l0 l1)
(board c0 l1)
```"""
    assert extract_plan(text, ACTIONS) == ["(sail l0 l1)", "(board c0 l1)"]


def test_plan_in_last_fenced_block() -> None:
    text = "```\n(sail a b)\n```\nBetter:\n```pddl\n    (sail l0 l1)\n        (debark c0 l1)\n```"
    assert extract_plan(text, ACTIONS) == ["(sail l0 l1)", "(debark c0 l1)"]


def test_no_plan_is_none() -> None:
    assert extract_plan("I cannot solve this task.", ACTIONS) is None
    assert extract_plan("(this is not an action)", ACTIONS) is None


def test_pseudocode_from_block_or_heading() -> None:
    assert extract_pseudocode("Thoughts...\n```\nfor each car:\n  move it\n```") == "for each car:\n  move it"
    assert extract_pseudocode("Pseudocode:\nfor each car: move it") == "for each car: move it"
    assert extract_pseudocode("no idea") is None


def test_program_with_helpers_in_separate_blocks_and_demo_code() -> None:
    text = """Here is a helper:
```python
import itertools

def helper(x):
    # explains itself
    return x
```
And the main function:
```python
from collections import deque
LIMIT = 3
CACHE = compute()  # a call at import time: dropped

def generate_solution(objects, init, goal):
    return [helper('(a)')]

print(generate_solution(set(), set(), set()))
if __name__ == "__main__":
    generate_solution(1, 2, 3)
for i in range(10**9):
    pass
```"""
    program = extract_program(text)
    assert program is not None
    module = ast.parse(program)
    names = [getattr(n, "name", None) for n in module.body]
    assert "helper" in names and "generate_solution" in names
    assert "# explains itself" in program  # comments inside definitions survive
    assert "LIMIT = 3" in program
    assert "print(" not in program and "__main__" not in program and "compute()" not in program
    assert "range(10**9)" not in program
    # Only definitions, imports and constant assignments remain at top level: importing runs nothing.
    assert all(isinstance(n, (ast.Import, ast.ImportFrom, ast.FunctionDef, ast.Assign)) for n in module.body)


def test_program_without_fences_and_redefinitions() -> None:
    text = "def generate_solution(o, i, g):\n    return ['(x)']\n\ndef generate_solution(o, i, g):\n    return []\n"
    program = extract_program(text)
    assert program is not None and program.count("def generate_solution") == 1
    assert "return []" in program


def test_no_program_is_none() -> None:
    assert extract_program("```python\ndef helper():\n    pass\n```") is None
    assert extract_program("```python\ndef generate_solution(:\n```") is None
    assert extract_program("Sorry, no code.") is None


EMPTY_ANSWERS = [
    "Work.\nPlan:\n",
    "Plan:\n(empty)\n",
    "Plan:\nnone.",
    "Plan:\n```\n```\n",
    "(board c0 l0) was my first idea, but the goal holds.\nPlan:\nNo actions needed.",
]


@pytest.mark.parametrize("answer", EMPTY_ANSWERS)
def test_an_empty_plan_after_the_marker_is_an_empty_plan(answer: str) -> None:
    assert extract_plan(answer, frozenset({"board", "sail", "debark"})) == []


def test_an_answer_without_a_plan_is_still_none() -> None:
    assert extract_plan("Plan:\nThe goal holds, I think.", frozenset({"board"})) is None
    assert extract_plan("no marker and no actions", frozenset({"board"})) is None


def test_constants_built_from_builtins_and_imports_stay_and_other_calls_go() -> None:
    """A real model's rovers program died of a NameError: its ``INF = float('inf')`` had been dropped."""
    text = """```python
from collections import namedtuple
import math, re
INF = float("inf")
P = namedtuple("P", "x y")
R = re.compile("a+")
ROOT2 = math.sqrt(2)
CACHE = compute()
EXAMPLE = generate_solution(set(), set(), set())
SECRET = open("/etc/passwd").read()

def generate_solution(objects, init, goal):
    return [] if INF > ROOT2 else None
```"""
    program = extract_program(text)
    assert program is not None
    for kept in ('INF = float("inf")', 'P = namedtuple("P", "x y")', 'R = re.compile("a+")', "ROOT2 = math.sqrt(2)"):
        assert kept in program
    for dropped in ("compute()", "EXAMPLE", "/etc/passwd"):
        assert dropped not in program
