"""Scaling checks: a program on generated tasks of growing size, beside Fast Downward, as JSON, table and plot."""

from __future__ import annotations

import hashlib
import importlib.util
import json
import statistics
import subprocess
import sys
from pathlib import Path

import pytest

from genplan.core.errors import GenplanError
from genplan.experiments.scale import (
    ScaleSettings,
    load_scale,
    parse_sizes,
    plot_scaling,
    run_scale,
    table_rows,
    task_seed,
    to_markdown,
    write_outputs,
)
from genplan.generators import ferry
from genplan.pddl.model import Task
from genplan.pddl.pyform import python_inputs
from genplan.planners import PlannerResult

ZOO = Path(__file__).resolve().parent / "zoo"
GOOD = ZOO / "good_ferry.py"


@pytest.fixture
def wrong_program(tmp_path: Path) -> Path:
    """Returns an empty plan: nothing to execute, so the goal is never reached."""
    path = tmp_path / "does_nothing.py"
    path.write_text("def generate_solution(objects, init, goal):\n    return []\n")
    return path


def expected_lengths(size: int, n: int, seed: int = 1) -> list[int]:
    """good_ferry's plan lengths on the tasks run_scale generates (the trusted fixture, run here directly)."""
    spec = importlib.util.spec_from_file_location("good_ferry", GOOD)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    lengths = []
    for i in range(1, n + 1):
        task = ferry.generate(ferry.params_for_size(size), task_seed(seed, size, i), f"ferry-s{size}-{i}")
        py = python_inputs(task)
        lengths.append(len(module.generate_solution(list(py.objects), list(py.init), list(py.goal))))
    return lengths


def test_good_program_and_planner_numbers(tmp_path: Path) -> None:
    settings = ScaleSettings(GOOD, "ferry", (4, 8), tasks_per_size=2, planner="ff", planner_time_limit=5)
    result = run_scale(settings, cache_dir=tmp_path / "cache")
    assert result["format"] == "genplan-scale/1"
    assert (result["domain"], result["planner"], result["seed"], result["tasks_per_size"]) == ("ferry", "ff", 1, 2)
    assert result["program"] == str(GOOD) and len(result["program_sha256"]) == 64
    assert result["planner_time_limit"] == 5.0 and result["program_timeout"] == 60.0
    assert [s["size"] for s in result["sizes"]] == [4, 8]
    for entry in result["sizes"]:
        size = entry["size"]
        tasks = entry["tasks"]
        assert [t["task_id"] for t in tasks] == [f"ferry-s{size}-1", f"ferry-s{size}-2"]
        assert [t["objects"] for t in tasks] == [size, size]  # ferry's params_for_size is exact
        assert entry["objects_mean"] == size
        lengths = expected_lengths(size, 2)
        assert [t["program"]["plan_length"] for t in tasks] == lengths
        assert all(t["program"]["solved"] and t["program"]["category"] == "solved" for t in tasks)
        prog = entry["program"]
        assert (prog["solved"], prog["total"]) == (2, 2)
        assert prog["plan_length_mean"] == pytest.approx(statistics.fmean(lengths))
        assert prog["runtime_s_mean"] == pytest.approx(
            statistics.fmean(t["program"]["runtime_s"] for t in tasks), rel=1e-5
        )
        plan = entry["planner"]
        assert plan["skipped"] is False and (plan["solved"], plan["total"]) == (2, 2)
        assert all(t["planner"]["status"] == "solved" for t in tasks)
        assert plan["plan_length_mean"] == pytest.approx(statistics.fmean(t["planner"]["plan_length"] for t in tasks))
        assert plan["time_s_mean"] == pytest.approx(statistics.fmean(t["planner"]["time_s"] for t in tasks), abs=1e-3)
    assert result["planner_gave_up_at"] is None

    paths = write_outputs(result, tmp_path / "out")
    assert load_scale(tmp_path / "out") == json.loads(json.dumps(result))
    md = paths["md"].read_text()
    rows = [[c.strip() for c in line.strip("|").split("|")] for line in md.splitlines() if line[:4] in {"| 4 ", "| 8 "}]
    assert rows == table_rows(result)
    size8, cells = result["sizes"][1], rows[1]
    assert cells[:3] == ["8", "8", "2/2"] and cells[6] == "2/2"
    assert float(cells[3]) == pytest.approx(size8["program"]["runtime_s_mean"], rel=0.01)  # CPU seconds
    assert float(cells[4]) == pytest.approx(size8["program"]["wall_s_mean"], rel=0.01)  # wall seconds beside
    assert float(cells[5]) == pytest.approx(size8["program"]["plan_length_mean"], rel=0.01)
    assert float(cells[8]) == pytest.approx(size8["planner"]["plan_length_mean"], rel=0.01)
    png = paths["png"].read_bytes()
    assert png[:8] == b"\x89PNG\r\n\x1a\n" and len(png) > 10_000


def test_wrong_program_is_counted_with_its_category(tmp_path: Path, wrong_program: Path) -> None:
    settings = ScaleSettings(wrong_program, "ferry", (4,), tasks_per_size=2, planner=None)
    result = run_scale(settings)
    entry = result["sizes"][0]
    assert entry["program"] == {
        "solved": 0, "total": 2, "runtime_s_mean": None, "wall_s_mean": None, "plan_length_mean": None
    }  # fmt: skip
    assert {t["program"]["category"] for t in entry["tasks"]} == {"goal not satisfied"}
    assert all(t["planner"] is None for t in entry["tasks"])
    assert result["planner"] is None and entry["planner"]["skipped"] is True
    md = to_markdown(result)
    assert "| 4 | 4 | 0/2 | - | - | - | not run | - | - |" in md


def test_planner_is_skipped_after_a_size_it_failed_entirely(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    """The contract: once the planner solved no task of a size, larger sizes do not run it."""
    calls: list[str] = []

    def fake_plan(task: Task, planner: str, *, time_limit: float, memory_limit_mb: int, **_: object):
        calls.append(task.name)
        size = int(task.name.split("-s")[1].split("-")[0])
        # Size 8: one of two tasks fails (no skip yet); size 16: both fail (skip from 32 on).
        fails = size >= 16 or task.name == "ferry-s8-2"
        if fails:
            return PlannerResult("timeout", None, planner, float(time_limit), float(time_limit), memory_limit_mb)
        return PlannerResult("solved", ("(x)",) * size, planner, 0.5, float(time_limit), memory_limit_mb)

    # The planner runs through a backend (genplan.planners.solve.plan_limits calls plan there).
    monkeypatch.setattr("genplan.planners.solve.plan", fake_plan)
    settings = ScaleSettings(GOOD, "ferry", (4, 8, 16, 32, 64), tasks_per_size=2, planner="ff", planner_time_limit=7)
    result = run_scale(settings, cache_dir=tmp_path)  # an empty plan cache: every planner result is computed
    assert calls == [f"ferry-s{s}-{i}" for s in (4, 8, 16) for i in (1, 2)]
    by_size = {s["size"]: s for s in result["sizes"]}
    assert by_size[8]["planner"]["solved"] == 1 and by_size[8]["planner"]["skipped"] is False
    assert by_size[8]["planner"]["plan_length_mean"] == 8.0 and by_size[8]["planner"]["time_s_mean"] == 0.5
    assert by_size[16]["planner"] == {
        "solved": 0, "total": 2, "time_s_mean": None, "plan_length_mean": None, "skipped": False,
    }  # fmt: skip
    for size in (32, 64):
        assert by_size[size]["planner"]["skipped"] is True and by_size[size]["planner"]["total"] == 0
        assert all(t["planner"] is None for t in by_size[size]["tasks"])
        assert by_size[size]["program"]["solved"] == 2  # the program keeps going
    assert result["planner_gave_up_at"] == 16
    md = to_markdown(result)
    assert "| 32 | 32 | 2/2 |" in md and "| skipped | - | - |" in md and "no task of size 16" in md


def test_plot_handles_several_results_and_unsolved_sizes(tmp_path: Path, wrong_program: Path) -> None:
    good = run_scale(ScaleSettings(GOOD, "ferry", (4, 8), tasks_per_size=1, planner=None))
    bad = run_scale(ScaleSettings(wrong_program, "ferry", (4, 8), tasks_per_size=1, planner=None))
    path = plot_scaling([good, bad], tmp_path / "plots" / "both.png")
    assert path.read_bytes()[:4] == b"\x89PNG"


def test_user_errors(tmp_path: Path) -> None:
    assert parse_sizes("100, 10,10,1000") == (10, 100, 1000)
    for bad in ("0", "ten", "", "5,-1"):
        with pytest.raises(GenplanError, match="size"):
            parse_sizes(bad)
    with pytest.raises(GenplanError, match="ferry"):
        run_scale(ScaleSettings(GOOD, "ferri", (4,)))
    with pytest.raises(GenplanError, match="does not exist"):
        run_scale(ScaleSettings(tmp_path / "missing.py", "ferry", (4,)))
    with pytest.raises(GenplanError, match="Unknown planner"):
        run_scale(ScaleSettings(GOOD, "ferry", (4,), planner="gbfs"))


def test_cli_prints_the_table_and_writes_the_files(tmp_path: Path) -> None:
    out = tmp_path / "scale-out"
    result = subprocess.run(
        [sys.executable, "-m", "genplan.cli", "scale", str(GOOD), "ferry", "--sizes", "4,8", "--tasks-per-size", "1",
         "--planner", "none", "--out", str(out)],
        capture_output=True, text=True, timeout=120, cwd=tmp_path,
    )  # fmt: skip
    assert result.returncode == 0, result.stderr
    assert {p.name for p in out.iterdir()} == {"scale.json", "scale.md", "scale.png"}
    text = " ".join(result.stdout.split())
    assert "Scaling of good_ferry.py on ferry" in text and "1/1" in text
    data = json.loads((out / "scale.json").read_text())
    assert [s["program"]["solved"] for s in data["sizes"]] == [1, 1]
    # What was scored and how (issue 23, item 4); another program's result is replaced only with --force.
    record = data["provenance"]
    assert record["program"]["sha256"] == hashlib.sha256(GOOD.read_bytes()).hexdigest()
    from genplan.core.limits import PROGRAM_TIMEOUT_S

    assert record["limits"]["timeout_s"] == PROGRAM_TIMEOUT_S and record["limits"]["memory_mb"] == 4096
    assert record["versions"]["fast_downward"] and "made with genplan" in (out / "scale.md").read_text()
    other = tmp_path / "other.py"
    other.write_text(GOOD.read_text() + "\n# another program\n")
    args = [sys.executable, "-m", "genplan.cli", "scale", str(other), "ferry", "--sizes", "4", "--tasks-per-size", "1",
            "--planner", "none"]  # fmt: skip
    refused = subprocess.run([*args, "--out", str(out)], capture_output=True, text=True, timeout=120, cwd=tmp_path)
    assert refused.returncode == 2 and "--force" in refused.stderr and "Traceback" not in refused.stderr
    assert json.loads((out / "scale.json").read_text())["provenance"] == record
    default = subprocess.run(args, capture_output=True, text=True, timeout=120, cwd=tmp_path)
    assert default.returncode == 0, default.stderr
    sha = hashlib.sha256(other.read_bytes()).hexdigest()[:8]
    assert (tmp_path / f"scale-ferry-other-{sha}" / "scale.json").is_file()

    bad = subprocess.run(
        [sys.executable, "-m", "genplan.cli", "scale", str(GOOD), "ferry", "--sizes", "4,x", "--out", str(out)],
        capture_output=True, text=True, timeout=60, cwd=tmp_path,
    )  # fmt: skip
    assert bad.returncode == 2 and "'x'" in bad.stderr and "Traceback" not in bad.stderr
