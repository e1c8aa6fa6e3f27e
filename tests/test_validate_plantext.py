"""Reading plan files and normalising action strings."""

from __future__ import annotations

import pytest

from genplan.validate import MALFORMED, normalize_action, parse_plan_lines, parse_plan_text, validate
from tests.test_validate import toy_task

FD_PLAN_FILE = """(board c0 l0)
(sail l0 l1)
(debark c0 l1)
; cost = 3 (unit cost)
"""


def test_fast_downward_plan_file() -> None:
    assert parse_plan_text(FD_PLAN_FILE) == ["(board c0 l0)", "(sail l0 l1)", "(debark c0 l1)"]


def test_comments_blank_lines_numbering_case_and_spacing() -> None:
    text = """; a plan written by hand
    ; indented comment

0: (Board  C0 L0)   ; trailing comment
1 : ( sail l0 l1 )
   2:(DEBARK c0 l1)
0.000: (sail l1 l0) [1.000]
\t(board c0 l0)\r
"""
    assert parse_plan_text(text) == [
        "(board c0 l0)",
        "(sail l0 l1)",
        "(debark c0 l1)",
        "(sail l1 l0)",
        "(board c0 l0)",
    ]


def test_empty_plan_files() -> None:
    assert parse_plan_text("") == []
    assert parse_plan_text("; cost = 0 (unit cost)\n\n") == []


def test_lines_without_parentheses_stay_steps_so_the_validator_can_name_them() -> None:
    steps = parse_plan_text("(drive t1 depot a)\nDrive t1 a b\n")
    assert steps == ["(drive t1 depot a)", "drive t1 a b"]
    v = validate(toy_task(), steps)
    assert (v.kind, v.step) == (MALFORMED, 2)


def test_parse_plan_lines_takes_any_iterable() -> None:
    assert parse_plan_lines(iter(["(a b)", "; x", "(c)"])) == ["(a b)", "(c)"]


@pytest.mark.parametrize(
    ("raw", "expected"),
    [
        ("(Pick  A b)", "(pick a b)"),
        ("  ( pick a b )  ", "(pick a b)"),
        ("(handempty)", "(handempty)"),
        ("( noop )", "(noop)"),
        ("pick a b", "pick a b"),  # malformed stays malformed
        ("(pick\ta\nb)", "(pick a b)"),
    ],
)
def test_normalize_action(raw: str, expected: str) -> None:
    assert normalize_action(raw) == expected
