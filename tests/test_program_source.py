"""A program file that cannot be a generalized plan is refused before anything runs (issue 23, item 1)."""

from __future__ import annotations

import subprocess
import sys
import time
from pathlib import Path

import pytest

from genplan.programs.source import ProgramError, check_program_source

GOOD = "def generate_solution(objects, init, goal):\n    return []\n"


@pytest.mark.parametrize(
    ("source", "message"),
    [
        ("def generate_solution(objects, init, goal)\n    return []\n", r"not valid Python \(line 1"),
        ("x = 1\n\ndef f(:\n", r"line 3"),
        ("def generate_solution(o, i, g):\n    return [\0]\n", "NUL bytes"),
        ("def solve(objects, init, goal):\n    return []\n", "does not define generate_solution"),
        ("", "does not define generate_solution"),
        ("Hello, this is not a program.\n", "not valid Python"),
    ],
)
def test_what_cannot_be_a_program_is_named(source: str, message: str) -> None:
    with pytest.raises(ProgramError, match=message):
        check_program_source(source, "The program p.py")


@pytest.mark.parametrize(
    "source",
    [
        GOOD,
        "async def generate_solution(objects, init, goal):\n    return []\n",
        "def _impl(o, i, g):\n    return []\n\ngenerate_solution = _impl\n",
        "try:\n    from fast import generate_solution\nexcept ImportError:\n"
        "    def generate_solution(o, i, g):\n        return []\n",
    ],
)
def test_programs_that_define_the_function_pass(source: str) -> None:
    check_program_source(source)


def _cli(*args: str, cwd: Path) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "genplan.cli", *args], capture_output=True, text=True, cwd=cwd,
                          timeout=300)  # fmt: skip


@pytest.mark.parametrize("command", [["evaluate"], ["check", "--budget", "30"], ["solve"]])
def test_the_commands_refuse_a_broken_program_with_one_paragraph_and_exit_2(tmp_path: Path, command: list[str]) -> None:
    bad = tmp_path / "notpython.py"
    bad.write_text("This is not Python at all.\nreturn [\n")
    args = [*command, str(bad), "ferry"] if command[0] != "solve" else []
    if command[0] == "solve":
        from genplan.benchmarks.registry import resolve_suite

        suite = resolve_suite("ferry")
        task_id = suite.split.heldout[0]
        args = ["solve", str(suite.domain_path), str(suite.problem_path[task_id]), "--program", str(bad)]
    started = time.monotonic()
    done = _cli(*args, cwd=tmp_path)
    assert done.returncode == 2, (done.stdout, done.stderr)
    assert "is not valid Python (line 1" in done.stderr and "Traceback" not in done.stderr
    assert time.monotonic() - started < 60  # nothing was run
    assert not list(tmp_path.glob("evaluation-*.json")) and not list(tmp_path.glob("check-*"))
