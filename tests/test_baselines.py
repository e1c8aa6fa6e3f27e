"""Symbolic baselines: Fast Downward on a suite's held-out tasks, written in the shared JSON format, resumable."""

from __future__ import annotations

import dataclasses
import json
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from genplan.core.errors import GenplanError
from genplan.experiments import baselines
from genplan.experiments.baselines import (
    BaselineSet,
    load_baselines,
    parse_planners,
    parse_time_limits,
    run_baselines,
    suite_label,
)
from genplan.generators import ferry
from genplan.generators.domains import builtin_domain_path
from genplan.pddl.model import Task
from genplan.pddl.writer import write_problem
from genplan.validate import validate


# ------------------------------------------------------------------------------------------------ fixtures
def unsolvable_ferry() -> Task:
    """One car that must cross, but no ``not-eq`` facts: the ferry can never sail."""
    task = ferry.generate(ferry.Params(locations=2, cars=1), seed=3, name="u1")
    return dataclasses.replace(task, init=frozenset(f for f in task.init if f[0] != "not-eq"))


def small_tasks() -> dict[str, Task]:
    return {
        "t2": ferry.generate(ferry.Params(locations=2, cars=2), seed=1, name="t2"),
        "t10": ferry.generate(ferry.Params(locations=3, cars=2), seed=2, name="t10"),
        "u1": unsolvable_ferry(),
    }


def write_suite(root: Path, tasks: dict[str, Task], debug: str = "t2") -> Path:
    """A genplan-layout suite ``root/ferry`` holding ``tasks``; ``debug`` is the only debugging task."""
    folder = root / "ferry"
    (folder / "problems").mkdir(parents=True)
    shutil.copy(builtin_domain_path("ferry"), folder / "domain.pddl")
    for task_id, task in tasks.items():
        (folder / "problems" / f"{task_id}.pddl").write_text(write_problem(task))
    heldout = [t for t in tasks if t != debug]
    (folder / "split.json").write_text(json.dumps({"debug": [debug], "prompt": {}, "heldout": heldout}))
    return folder


@pytest.fixture
def suite_root(tmp_path: Path) -> Path:
    """A dataset folder ``mysuite/`` with one domain: 2 solvable and 1 unsolvable ferry task."""
    root = tmp_path / "mysuite"
    tasks = small_tasks()
    tasks["t1"] = ferry.generate(ferry.Params(locations=2, cars=1), seed=5, name="t1")
    write_suite(root, tasks, debug="t1")
    return root


def no_planner_runs(monkeypatch: pytest.MonkeyPatch) -> None:
    """Make any actual Fast Downward run fail the test (cached results still come back)."""

    def boom(*_args: object, **_kwargs: object) -> None:
        raise AssertionError("Fast Downward was run although every result should come from the cache")

    monkeypatch.setattr("genplan.planners.solve._run", boom)


# ---------------------------------------------------------------------------------------------- contract
def test_run_writes_one_contract_file_per_planner_and_limit(suite_root: Path, tmp_path: Path) -> None:
    cache = tmp_path / "cache"
    sets = run_baselines(["ferry"], ["ff"], [5, 10], suite=suite_root, cache_dir=cache)
    assert [(s.planner, s.time_limit) for s in sets] == [("ff", 5.0), ("ff", 10.0)]
    first = cache / "baselines" / "mysuite" / "ferry" / "ff-5s.json"
    assert sets[0].path == first and (first.parent / "ff-10s.json").is_file()

    data = json.loads(first.read_text())
    assert {k: data[k] for k in ("format", "domain", "suite", "planner", "time_limit", "memory_limit_mb", "split")} == {
        "format": "genplan-baseline/1", "domain": "ferry", "suite": "mysuite", "planner": "ff", "time_limit": 5.0,
        "memory_limit_mb": 8192, "split": "heldout",
    }  # fmt: skip
    # What made it (issue 23, item 4): the limits and the versions of genplan and Fast Downward.
    record = data["provenance"]
    assert record["program"] is None and record["limits"]["time_limit_s"] == 5.0
    assert record["limits"]["memory_mb"] == 8192 and record["versions"]["genplan"]
    assert record["versions"]["fast_downward"] == data["fd_version"]
    # Natural order: t2 before t10; the debugging task t1 is not held out.
    assert [t["task_id"] for t in data["tasks"]] == ["t2", "t10", "u1"]
    assert [t["status"] for t in data["tasks"]] == ["solved", "solved", "unsolvable"]
    assert (data["solved"], data["total"]) == (2, 3)
    tasks = small_tasks()
    for entry in data["tasks"]:
        assert set(entry) >= {"task_id", "status", "time_s", "plan_length", "peak_memory_kb", "objects"}
        assert entry["objects"] == tasks[entry["task_id"]].size
        assert 0 < entry["time_s"] < 5 + 3
    for entry in data["tasks"][:2]:
        assert entry["plan_length"] >= 2 and entry["peak_memory_kb"] > 0
    assert data["tasks"][2]["plan_length"] is None

    # The plan lengths are those of plans genplan's validator accepts (from the planner's cache entry).
    from genplan.planners import plan

    for task_id in ("t2", "t10"):
        result = plan(tasks[task_id], "ff", time_limit=5, cache_dir=cache)
        assert result.cached and validate(tasks[task_id], list(result.plan or ())).valid
        assert result.plan_length == sets[0].by_task()[task_id].plan_length

    # The larger limit reuses the smaller one's limit-independent outcomes instead of searching again.
    larger = json.loads((first.parent / "ff-10s.json").read_text())
    assert [t["reused_from_limit"] for t in larger["tasks"]] == [5.0, 5.0, 5.0]
    assert [t["status"] for t in larger["tasks"]] == ["solved", "solved", "unsolvable"]
    assert [t["time_s"] for t in larger["tasks"]] == [t["time_s"] for t in data["tasks"]]


def test_rerun_reads_every_result_from_the_cache(
    suite_root: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    cache = tmp_path / "cache"
    first = run_baselines(["ferry"], ["ff", "lmcut"], [5], suite=suite_root, cache_dir=cache)
    path = first[0].path
    assert path is not None
    path.unlink()  # as if interrupted before the file was written

    no_planner_runs(monkeypatch)
    seen: list[tuple[str, bool]] = []
    again = run_baselines(
        ["ferry"], ["ff", "lmcut"], [5], suite=suite_root, cache_dir=cache,
        on_task=lambda _d, p, _l, t, cached: seen.append((f"{p}:{t.task_id}", cached)),
    )  # fmt: skip
    assert [s.to_json() for s in again] == [s.to_json() for s in first]
    assert path.is_file()
    assert sorted(seen) == sorted((f"{p}:{t}", True) for p in ("ff", "lmcut") for t in ("t2", "t10", "u1"))


def test_parallel_jobs_give_the_same_results(suite_root: Path, tmp_path: Path) -> None:
    one = run_baselines(["ferry"], ["lmcut"], [5], suite=suite_root, cache_dir=tmp_path / "a", jobs=1)
    two = run_baselines(["ferry"], ["lmcut"], [5], suite=suite_root, cache_dir=tmp_path / "b", jobs=2)
    strip = [[(t.task_id, t.status, t.plan_length) for t in s.tasks] for s in one]
    assert strip == [[(t.task_id, t.status, t.plan_length) for t in s.tasks] for s in two]
    assert [status for _, status, _ in strip[0]] == ["solved", "solved", "unsolvable"]


@pytest.mark.slow
def test_a_task_beyond_the_limit_is_a_timeout_and_is_run_again_under_a_larger_one(tmp_path: Path) -> None:
    big = ferry.generate(ferry.params_for_size(400), seed=1, name="big")
    root = tmp_path / "bigsuite"
    write_suite(root, {"t2": small_tasks()["t2"], "big": big}, debug="t2")
    seen: list[tuple[float, str, bool]] = []
    sets = run_baselines(
        ["ferry"], ["lmcut"], [1, 2], suite=root, cache_dir=tmp_path / "c",
        on_task=lambda _d, _p, limit, t, cached: seen.append((limit, t.status, cached)),
    )  # fmt: skip
    assert [s.by_task()["big"].status for s in sets] == ["timeout", "timeout"]
    # A timeout under 1 s says nothing about 2 s: it was searched again, not reused.
    assert sets[1].by_task()["big"].reused_from_limit is None
    assert (sets[0].solved, sets[0].total) == (0, 1)


# ----------------------------------------------------------------------------------------------- loading
def test_load_baselines_filters_by_suite_and_skips_stray_files(suite_root: Path, tmp_path: Path) -> None:
    cache = tmp_path / "cache"
    written = run_baselines(["ferry"], ["ff"], [5], suite=suite_root, cache_dir=cache)
    other = dict(written[0].to_json(), suite="other")
    (cache / "baselines" / "other" / "ferry").mkdir(parents=True)
    (cache / "baselines" / "other" / "ferry" / "ff-5s.json").write_text(json.dumps(other))
    (cache / "baselines" / "other" / "ferry" / "junk.json").write_text("{not json")

    everything = load_baselines(cache)
    assert [s.suite for s in everything] == ["mysuite", "other"]
    mine = load_baselines(cache, suite="mysuite")
    assert len(mine) == 1 and mine[0] == written[0]
    # The suite may be named as --suite takes it: the dataset folder resolves to the same label.
    assert load_baselines(cache, suite=suite_root) == mine
    assert load_baselines(cache, suite=suite_root / "ferry") == mine
    got = mine[0]
    assert isinstance(got, BaselineSet) and got.by_task()["u1"].status == "unsolvable"
    assert (got.solved, got.total, got.label) == (2, 3, "ff 5s")
    assert load_baselines(tmp_path / "nothing-here") == []


def test_suite_labels(tmp_path: Path, suite_root: Path) -> None:
    assert suite_label(None) == "builtin"
    assert suite_label("builtin") == "builtin"
    assert suite_label(suite_root) == "mysuite"
    assert suite_label(suite_root / "ferry") == "mysuite"


# -------------------------------------------------------------------------------------------- user errors
def test_arguments_are_checked_before_any_planner_runs(
    suite_root: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    no_planner_runs(monkeypatch)
    assert parse_planners("lmcut, ff,lmcut") == ("lmcut", "ff")
    assert parse_time_limits("1800,45") == (45.0, 1800.0)
    with pytest.raises(GenplanError, match=r"Unknown planner.*'fx'"):
        parse_planners("ff,fx")
    for bad in ("0", "-3", "abc", "", "inf"):
        with pytest.raises(GenplanError, match="time limit"):
            parse_time_limits(bad)
    cases = [
        ({"split": "eval"}, "Unknown split"),
        ({"jobs": 0}, "--jobs"),
        ({"memory_limit_mb": 0}, "memory limit"),
    ]
    for kwargs, message in cases:
        with pytest.raises(GenplanError, match=message):
            run_baselines(["ferry"], ["ff"], [5], suite=suite_root, cache_dir=tmp_path, **kwargs)
    with pytest.raises(GenplanError, match=r"has no domain|gripper"):
        run_baselines(["ferry", "gripper"], ["ff"], [5], suite=suite_root, cache_dir=tmp_path)
    assert not (tmp_path / "baselines").exists()


def test_memory_warning_only_when_the_machine_is_too_small() -> None:
    assert baselines.memory_warning(1, 1) is None
    warning = baselines.memory_warning(1000, 10**7)
    assert warning is not None and "--jobs" in warning


# --------------------------------------------------------------------------------------------------- CLI
def test_cli_prints_the_coverage_table_and_resumes(suite_root: Path, tmp_path: Path) -> None:
    def run() -> subprocess.CompletedProcess:
        return subprocess.run(
            [sys.executable, "-m", "genplan.cli", "baselines", "--planners", "ff", "--time-limits", "5",
             "--domains", "all", "--suite", str(suite_root), "--cache-dir", str(tmp_path / "c")],
            capture_output=True, text=True, timeout=120, cwd=tmp_path,
        )  # fmt: skip

    first = run()
    assert first.returncode == 0, first.stderr
    out = " ".join(first.stdout.split())
    assert "ferry" in out and "ff 5s" in out and "2/3" in out
    assert "solved: 2" in out and "unsolvable: 1" in out
    again = run()
    assert again.returncode == 0 and " ".join(again.stdout.split()) == out

    bad = subprocess.run(
        [sys.executable, "-m", "genplan.cli", "baselines", "--planners", "lmcut,gbfs", "--suite", str(suite_root),
         "--cache-dir", str(tmp_path / "c")],
        capture_output=True, text=True, timeout=60, cwd=tmp_path,
    )  # fmt: skip
    assert bad.returncode == 2 and "gbfs" in bad.stderr and "Traceback" not in bad.stderr
