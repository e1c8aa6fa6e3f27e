"""genplan solve: the program's validated plan, or Fast Downward's when the program fails, or a clear "not solved"."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from genplan.core.errors import GenplanError
from genplan.generators import ferry
from genplan.generators.domains import builtin_domain_path
from genplan.pddl import load_task
from genplan.pddl.writer import write_problem
from genplan.programs.solve import failure_summary, plan_text, solve
from genplan.validate import parse_plan_text, validate

GOOD = Path(__file__).resolve().parent / "zoo" / "good_ferry.py"


@pytest.fixture
def problem(tmp_path: Path) -> Path:
    path = tmp_path / "p.pddl"
    path.write_text(write_problem(ferry.generate(ferry.Params(locations=3, cars=3), seed=4, name="p")))
    return path


def program(tmp_path: Path, body: str, name: str = "prog.py") -> Path:
    path = tmp_path / name
    path.write_text(f"def generate_solution(objects, init, goal):\n    {body}\n")
    return path


def fake_run(cache: Path, run_id: str, *, source: str | None, age: int) -> Path:
    """A run folder as the pipeline leaves it: run.json, and program.py when a program was selected."""
    folder = cache / "runs" / "ferry" / run_id
    folder.mkdir(parents=True)
    status = "done" if source is not None else "no-program"
    (folder / "run.json").write_text(json.dumps({"status": status, "run_id": run_id, "domain": "ferry"}))
    if source is not None:
        (folder / "program.py").write_text(source)
    stamp = 1_700_000_000 - age  # older runs have older status files
    os.utime(folder / "run.json", (stamp, stamp))
    return folder


def check_valid(domain: Path, problem: Path, plan: tuple[str, ...] | None) -> None:
    assert plan is not None and validate(load_task(domain, problem), list(plan)).valid


# ----------------------------------------------------------------------------------------------- library
def test_a_working_program_produces_the_plan(problem: Path, tmp_path: Path) -> None:
    result = solve("ferry", problem, program=GOOD, fallback="none", cache_dir=tmp_path / "c")
    assert result.source == "program" and result.solved
    assert result.program is not None and result.program.origin == "file"
    assert result.program_status is None and result.planner_status is None
    check_valid(builtin_domain_path("ferry"), problem, result.plan)
    text = plan_text(result)
    assert parse_plan_text(text) == list(result.plan or ())
    assert "produced by program" in text.splitlines()[-1]


def test_the_program_runs_in_another_process(problem: Path, tmp_path: Path) -> None:
    spy = program(tmp_path, "import os; return [f'(pid-{os.getpid()} x)']")
    result = solve("ferry", problem, program=spy, fallback="none")
    assert result.source == "not solved"
    assert "pid-" in result.program_failure and f"pid-{os.getpid()} " not in result.program_failure


def test_an_invalid_plan_falls_back_to_the_planner_and_says_why(problem: Path, tmp_path: Path) -> None:
    empty = program(tmp_path, "return []")
    result = solve("ferry", problem, program=empty, fallback="ff", cache_dir=tmp_path / "c")
    assert result.source == "fallback ff" and result.planner_status == "solved"
    assert result.program_status == "goal"
    assert result.program_failure.startswith("invalid plan (goal):") and "(at c" in result.program_failure
    check_valid(builtin_domain_path("ferry"), problem, result.plan)
    assert "produced by fallback ff" in plan_text(result)


def test_crashes_and_timeouts_fall_back_too(problem: Path, tmp_path: Path) -> None:
    crash = program(tmp_path, "raise ValueError('no idea')", "crash.py")
    result = solve("ferry", problem, program=crash, fallback="lama-first", cache_dir=tmp_path / "c")
    assert result.source == "fallback lama-first" and result.program_status == "exception"
    assert result.program_failure.startswith("exception:") and "no idea" in result.program_failure
    loop = program(tmp_path, "while True: pass", "loop.py")
    result = solve("ferry", problem, program=loop, fallback="ff", timeout=1, cache_dir=tmp_path / "c")
    assert result.source == "fallback ff" and result.program_status == "timeout"
    check_valid(builtin_domain_path("ferry"), problem, result.plan)


def test_no_fallback_means_not_solved(problem: Path, tmp_path: Path) -> None:
    result = solve("ferry", problem, program=program(tmp_path, "return []"), fallback="none")
    assert result.source == "not solved" and result.plan is None and result.planner_status is None
    assert result.program_status == "goal"


def test_the_fallback_can_fail_too(tmp_path: Path) -> None:
    task = ferry.generate(ferry.Params(locations=2, cars=1), seed=3, name="u")
    text = write_problem(task).replace("(not-eq l0 l1)", "").replace("(not-eq l1 l0)", "")
    path = tmp_path / "unsolvable.pddl"
    path.write_text(text)
    result = solve("ferry", path, program=program(tmp_path, "return []"), fallback="ff", cache_dir=tmp_path / "c")
    assert result.source == "not solved" and result.planner_status == "unsolvable"


def test_feedback_summary_is_cut_to_a_few_lines() -> None:
    long = "\n".join(f"line {i}" for i in range(30))
    text = failure_summary("precondition", "invalid action", long, lines=3)
    assert text.splitlines() == ["invalid plan (precondition):", "line 0", "line 1", "line 2", "... (27 more lines)"]
    assert failure_summary("timeout", "timeout", None) == "timeout"


# ------------------------------------------------------------------------------------------ finding programs
def test_run_id_picks_that_runs_program(problem: Path, tmp_path: Path) -> None:
    cache = tmp_path / "c"
    fake_run(cache, "f5-3-s1-model-aaaa1111", source=GOOD.read_text(), age=100)
    fake_run(cache, "f5-3-s2-model-bbbb2222", source="def generate_solution(o, i, g):\n    return []\n", age=0)
    result = solve("ferry", problem, run="f5-3-s1", fallback="none", cache_dir=cache)
    assert result.source == "program" and result.program is not None
    assert result.program.origin == "run f5-3-s1-model-aaaa1111"
    assert result.program.path == cache / "runs" / "ferry" / "f5-3-s1-model-aaaa1111" / "program.py"


def test_without_program_or_run_the_newest_run_with_a_program_is_used(problem: Path, tmp_path: Path) -> None:
    cache = tmp_path / "c"
    fake_run(cache, "old-with-program", source=GOOD.read_text(), age=100)
    fake_run(cache, "new-without-program", source=None, age=0)
    result = solve("ferry", problem, fallback="none", cache_dir=cache)
    assert result.source == "program" and result.program is not None
    assert result.program.origin == "latest run old-with-program"
    # A domain given as a file finds the runs filed under its folder's name.
    domain_dir = tmp_path / "ferry"
    domain_dir.mkdir()
    shutil.copy(builtin_domain_path("ferry"), domain_dir / "domain.pddl")
    by_path = solve(str(domain_dir / "domain.pddl"), problem, fallback="none", cache_dir=cache)
    assert by_path.program is not None and by_path.program.origin == "latest run old-with-program"


def test_user_errors_are_clear(problem: Path, tmp_path: Path) -> None:
    cache = tmp_path / "c"
    with pytest.raises(GenplanError, match="synthesize ferry"):
        solve("ferry", problem, cache_dir=cache)
    fake_run(cache, "no-prog-run", source=None, age=0)
    with pytest.raises(GenplanError, match="no selected program"):
        solve("ferry", problem, run="no-prog", cache_dir=cache)
    with pytest.raises(GenplanError, match="matches no run"):
        solve("ferry", problem, run="zzz", cache_dir=cache)
    with pytest.raises(GenplanError, match="either --program or --run"):
        solve("ferry", problem, program=GOOD, run="no-prog", cache_dir=cache)
    with pytest.raises(GenplanError, match="Did you mean 'ferry'"):
        solve("fery", problem, program=GOOD)
    with pytest.raises(GenplanError, match="Unknown fallback"):
        solve("ferry", problem, program=GOOD, fallback="astar")
    with pytest.raises(GenplanError, match="does not exist"):
        solve("ferry", tmp_path / "missing.pddl", program=GOOD)
    with pytest.raises(GenplanError, match="does not exist"):
        solve("ferry", problem, program=tmp_path / "missing.py")


# --------------------------------------------------------------------------------------------------- CLI
def genplan(*args: str, cwd: Path) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "genplan.cli", "solve", *args], capture_output=True, text=True,
                          cwd=cwd, timeout=120)  # fmt: skip


def test_cli_paths_and_exit_codes(problem: Path, tmp_path: Path) -> None:
    cache = str(tmp_path / "c")
    ok = genplan("ferry", str(problem), "--program", str(GOOD), "--cache-dir", cache, cwd=tmp_path)
    assert ok.returncode == 0, ok.stderr
    assert "solved by: program" in ok.stderr
    check_valid(builtin_domain_path("ferry"), problem, tuple(parse_plan_text(ok.stdout)))

    empty = program(tmp_path, "return []")
    out = tmp_path / "plan.txt"
    fell = genplan("ferry", str(problem), "--program", str(empty), "--out", str(out), "--cache-dir", cache,
                   cwd=tmp_path)  # fmt: skip
    assert fell.returncode == 0, fell.stderr
    err = " ".join(fell.stderr.split())
    assert "the program gave no valid plan: invalid plan (goal)" in err and "solved by: fallback ff" in err
    assert fell.stdout == ""
    check_valid(builtin_domain_path("ferry"), problem, tuple(parse_plan_text(out.read_text())))

    none = genplan("ferry", str(problem), "--program", str(empty), "--fallback", "none", "--cache-dir", cache,
                   cwd=tmp_path)  # fmt: skip
    assert none.returncode == 1 and "not solved" in none.stderr and none.stdout == ""

    missing = genplan("ferry", str(problem), "--cache-dir", cache, cwd=tmp_path)
    assert missing.returncode == 2 and "Traceback" not in missing.stderr
