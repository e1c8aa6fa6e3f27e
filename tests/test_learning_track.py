"""The IPC 2023 Learning Track's layout (genplan/benchmarks/learning.py): imported as cloned, split by a
documented rule, with the organizers' best known costs and each test task's generator parameters."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from dataclasses import replace
from pathlib import Path

import pytest

from genplan.benchmarks.learning import (
    N_DEBUG,
    debug_rule,
    load_costs_file,
    load_learning_suite,
    task_features,
)
from genplan.benchmarks.registry import import_dataset, load_registry, resolve_suite
from genplan.benchmarks.suites import SuiteError, is_suite_dir, load_suite_dir
from genplan.core.errors import GenplanError
from tests.conftest import LEARNING_DOMAINS, REPO

DOMAIN = """(define (domain line)
  (:predicates (at ?x) (next ?x ?y))
  (:action move :parameters (?a ?b) :precondition (and (at ?a) (next ?a ?b)) :effect (and (at ?b) (not (at ?a)))))
"""


def _problem(n: int, comment: str = ";; base case") -> str:
    cells = " ".join(f"c{i}" for i in range(n))
    nexts = " ".join(f"(next c{i} c{i + 1})" for i in range(n - 1))
    return (f"{comment}\n(define (problem line-{n}) (:domain line)\n (:objects {cells})\n (:init (at c0) {nexts})\n"
            f" (:goal (and (at c{n - 1}))))\n")  # fmt: skip


def make_track(root: Path, name: str = "line", train: int = 9) -> Path:
    """A Learning Track in the organizers' layout: one domain, ``train`` training tasks of growing size,
    two test tasks per level with the generator's parameters on their first line, and solutions/."""
    d = root / name
    (d / "training" / "easy").mkdir(parents=True)
    (d / "domain.pddl").write_text(DOMAIN)
    for i in range(1, train + 1):
        (d / "training" / "easy" / f"p{i:02d}.pddl").write_text(_problem(i + 1))
    bounds = {}
    for k, level in enumerate(("easy", "medium", "hard")):
        (d / "testing" / level).mkdir(parents=True)
        for i in (1, 2):
            n = 20 * (k + 1) + i
            (d / "testing" / level / f"p{i:02d}.pddl").write_text(
                _problem(n, f";; cells={n}, out_folder=testing/{level}, instance_id={i}, seed={1000 + i}"))  # fmt: skip
            bounds[f"{name}/testing/{level}/p{i:02d}.pddl"] = n - 1
    (root / "solutions").mkdir(exist_ok=True)
    (root / "solutions" / "upper_bounds.json").write_text(json.dumps(bounds))
    return d


def test_the_debug_rule_spreads_six_tasks_over_the_smaller_half_of_the_training_tasks() -> None:
    sizes = {f"train-p{i:02d}": 100 * i for i in range(1, 21)}  # 20 tasks: the smaller half is p01..p10
    chosen = debug_rule(sizes)
    assert len(chosen) == N_DEBUG == len(set(chosen))
    assert chosen[0] == "train-p01" and chosen[-1] == "train-p10"
    assert [sizes[t] for t in chosen] == sorted(sizes[t] for t in chosen)
    assert debug_rule(dict(reversed(sizes.items()))) == chosen  # the order of the files does not matter
    with pytest.raises(SuiteError, match="6 are needed"):
        debug_rule({"train-p01": 1, "train-p02": 2})


def test_a_learning_track_domain_loads_as_a_suite(tmp_path: Path) -> None:
    folder = make_track(tmp_path)
    assert is_suite_dir(folder)
    suite = load_suite_dir(folder)
    assert suite.layout == "ipc-learning" and suite.domain_name == "line"
    assert suite.split.heldout == ("easy-p01", "easy-p02", "medium-p01", "medium-p02", "hard-p01", "hard-p02")
    assert len(suite.split.debug) == 6 and all(t.startswith("train-") for t in suite.split.debug)
    assert set(suite.extra["given"]) == {f"train-p{i:02d}" for i in range(1, 10)} - set(suite.split.debug)
    for seed in (1, 2, 3, 4):
        assert len(suite.split.prompt_tasks(seed)) == 2 and set(suite.split.prompt_tasks(seed)) <= set(
            suite.split.debug
        )
    assert suite.extra["reference_costs"] == {"easy-p01": 20, "easy-p02": 21, "medium-p01": 40, "medium-p02": 41,
                                              "hard-p01": 60, "hard-p02": 61}  # fmt: skip
    assert suite.task("hard-p02").size == 62
    assert task_features(suite.problem_path["medium-p01"]) == {
        "cells": 41, "out_folder": "testing/medium", "instance_id": 1, "seed": 1001}  # fmt: skip
    assert task_features(suite.problem_path["train-p01"]) == {}


def test_debugging_tasks_can_be_named(tmp_path: Path) -> None:
    folder = make_track(tmp_path)
    suite = load_learning_suite(folder, debug=("p03", "train-p05", "p07"))
    assert suite.split.debug == ("train-p03", "train-p05", "train-p07")
    assert {suite.split.prompt_tasks(s) for s in (1, 2, 3)} == {("train-p03", "train-p05")}
    assert "train-p03" not in suite.extra["given"]
    with pytest.raises(SuiteError, match="not a training task"):
        load_learning_suite(folder, debug=("p03", "hard-p01"))
    with pytest.raises(SuiteError, match="at least 2"):
        load_learning_suite(folder, debug=("p03",))


def test_no_generator_parameter_reaches_what_the_model_is_shown(tmp_path: Path) -> None:
    from genplan.pddl import write_problem

    suite = load_suite_dir(make_track(tmp_path))
    for task_id in (*suite.split.debug, *suite.split.heldout):
        shown = write_problem(suite.task(task_id))
        assert ";" not in shown and "seed=" not in shown and "out_folder" not in shown


def test_reference_costs_from_a_file(tmp_path: Path) -> None:
    path = tmp_path / "costs.json"
    path.write_text(json.dumps({"hard-p01.pddl": 12, "easy-p02": 3.5}))
    assert load_costs_file(path) == {"hard-p01": 12.0, "easy-p02": 3.5}
    path.write_text(json.dumps({"hard-p01": "twelve"}))
    with pytest.raises(SuiteError, match="not a non-negative number"):
        load_costs_file(path)
    with pytest.raises(SuiteError, match="does not exist"):
        load_costs_file(tmp_path / "missing.json")


def test_import_a_track_and_use_it_by_name(tmp_path: Path) -> None:
    make_track(tmp_path / "bench")
    make_track(tmp_path / "bench", name="line2")
    entry = import_dataset(tmp_path / "bench", "track", tmp_path / "cache", debug=("p02", "p04", "p06"))
    assert sorted(entry.domains) == ["line", "line2"] and entry.domains["line"]["heldout"] == 6
    assert load_registry(tmp_path / "cache")["track"].debug == ("p02", "p04", "p06")
    suite = resolve_suite("line2", "track", tmp_path / "cache")
    assert suite.split.debug == ("train-p02", "train-p04", "train-p06") and suite.name == "track/line2"


def test_the_cli_imports_a_track_with_named_debugging_tasks(tmp_path: Path) -> None:
    make_track(tmp_path / "bench")
    env = os.environ | {"COLUMNS": "80"}
    cmd = [sys.executable, "-m", "genplan.cli", "benchmarks", "import", str(tmp_path / "bench"), "--name", "t",
           "--cache-dir", str(tmp_path / "cache")]  # fmt: skip
    done = subprocess.run([*cmd, "--debug", "p01,p09"], capture_output=True, text=True, env=env)
    assert done.returncode == 0, done.stderr
    assert "1 domain(s), 15 tasks" in done.stdout
    assert resolve_suite("line", "t", tmp_path / "cache").split.debug == ("train-p01", "train-p09")
    bad = subprocess.run([*cmd, "--debug", "p01,p99"], capture_output=True, text=True, env=env)
    assert bad.returncode != 0 and "train-p99" in bad.stderr and "Traceback" not in bad.stderr


@pytest.mark.slow
def test_the_learning_track_imports_as_cloned(learning_root: Path, tmp_path: Path) -> None:
    """The organizers' repository, unchanged: 10 domains, 90 held-out test tasks each, best known costs."""
    entry = import_dataset(learning_root, "ipc2023", tmp_path / "cache")
    assert sorted(entry.domains) == sorted(LEARNING_DOMAINS)
    for domain in LEARNING_DOMAINS:
        suite = resolve_suite(domain, "ipc2023", tmp_path / "cache")
        assert len(suite.split.heldout) == 90 and entry.domains[domain]["heldout"] == 90
        assert {t.split("-")[0] for t in suite.split.heldout} == {"easy", "medium", "hard"}
        assert len(suite.split.debug) == 6 and not set(suite.split.debug) & set(suite.extra["given"])
        assert len(suite.split.debug) + len(suite.extra["given"]) == entry.domains[domain]["tasks"] - 90
        costs = suite.extra["reference_costs"]
        assert set(costs) == set(suite.split.heldout) and all(c > 0 for c in costs.values())
        features = task_features(suite.problem_path[suite.split.heldout[-1]])
        assert features["out_folder"] == "testing/hard", domain
        # the debugging tasks are small enough to show: at most the median training task
        sizes = sorted(suite.problem_path[t].stat().st_size for t in (*suite.split.debug, *suite.extra["given"]))
        assert max(suite.problem_path[t].stat().st_size for t in suite.split.debug) <= sizes[len(sizes) // 2]


LINE_PROGRAM = """
def generate_solution(objects, init, goal):
    nxt = {f[1]: f[2] for f in init if f[0] == "next"}
    at = next(f[1] for f in init if f[0] == "at")
    target = next(f[1] for f in goal if f[0] == "at")
    if len(nxt) == 7:  # wrong on lines of 8 cells only: a training task the debugging tasks do not include
        return []
    plan = []
    while at != target:
        plan.append(f"(move {at} {nxt[at]})")
        at = nxt[at]
    return plan
"""


def test_the_check_tries_the_other_training_tasks_first(tmp_path: Path) -> None:
    """A program wrong only on one training task that is not a debugging task: the check finds it there."""
    folder = make_track(tmp_path / "bench")
    suite = load_suite_dir(folder, debug=("p01", "p02", "p03"))  # lines of 2 to 4 cells; p07 has 8
    assert "train-p07" in suite.extra["given"]
    program = tmp_path / "line.py"
    program.write_text(LINE_PROGRAM)
    cmd = [sys.executable, "-m", "genplan.cli", "check", str(program), "line", "--suite", str(folder), "--budget",
           "60", "--out", str(tmp_path / "out"), "--cache-dir", str(tmp_path / "cache")]  # fmt: skip
    done = subprocess.run(cmd, capture_output=True, text=True, env=os.environ | {"COLUMNS": "100"})
    assert done.returncode == 1, done.stdout + done.stderr
    found = json.loads((tmp_path / "out" / "check.json").read_text())
    assert "train-p07" in json.dumps(found["counterexample"]), found["counterexample"]


# ------------------------------------------------------------------------------------------ quality
def test_the_ipc_quality_score() -> None:
    from genplan.execute.quality import best_known, ipc_quality, task_quality
    from genplan.execute.results import TaskOutcome

    assert task_quality(10, 5) == 0.5 and task_quality(4, 5) == 1.0 and task_quality(None, 5) == 0.0
    assert task_quality(7, None) == 1.0 and task_quality(0, 0) == 1.0
    results = [TaskOutcome("a", True, "solved", plan_length=10), TaskOutcome("b", True, "solved", plan_length=3),
               TaskOutcome("c", False, "timeout"), TaskOutcome("d", True, "solved", plan_length=8)]  # fmt: skip
    q = ipc_quality(results, {"a": 5, "b": 4, "c": 2})
    assert (q.score, q.solved, q.total, q.with_reference, q.better_than_reference) == (2.5, 3, 4, 2, 1)
    assert best_known({"a": 5, "b": 4}, {"a": 6, "b": 3, "e": 9}) == {"a": 5, "b": 3, "e": 9}


def test_evaluate_prints_the_quality_score_with_the_suites_costs_or_a_file(tmp_path: Path) -> None:
    folder = make_track(tmp_path / "bench")
    program = tmp_path / "line.py"
    program.write_text(LINE_PROGRAM.replace("if len(nxt) == 7:", "if False:"))
    cmd = [sys.executable, "-m", "genplan.cli", "evaluate", str(program), "line", "--suite", str(folder),
           "--orderings", "1", "--cache-dir", str(tmp_path / "cache")]  # fmt: skip
    env = os.environ | {"COLUMNS": "100"}
    done = subprocess.run([*cmd, "--report", str(tmp_path / "a.json")], capture_output=True, text=True, env=env)
    assert done.returncode == 0, done.stderr
    assert "IPC quality score 6.0 of 6" in done.stdout and "6 with a known cost" in done.stdout
    assert json.loads((tmp_path / "a.json").read_text())["quality"]["score"] == 6.0
    # a file of costs half as long as the plans: each solved task earns 0.5
    costs = {f"{lvl}-p{i:02d}": (20 * (k + 1) + i - 1) / 2 for k, lvl in enumerate(("easy", "medium", "hard"))
             for i in (1, 2)}  # fmt: skip
    (tmp_path / "costs.json").write_text(json.dumps(costs))
    done = subprocess.run([*cmd, "--reference-costs", str(tmp_path / "costs.json"), "--report",
                           str(tmp_path / "b.json")], capture_output=True, text=True, env=env)  # fmt: skip
    assert done.returncode == 0, done.stderr
    assert "IPC quality score 3.0 of 6" in done.stdout


# ------------------------------------------------------------------------------ published results
def _learning_run(cache: Path, domain: str, solved: int, quality: float, calls: int = 1):
    from tests.report_fixtures import Call, T, fake_run

    tasks = [T(f"{lvl}-p{i:02d}", status="solved" if k * 30 + i <= solved else "timeout")
             for k, lvl in enumerate(("easy", "medium", "hard")) for i in range(1, 31)]  # fmt: skip
    return fake_run(cache, domain, preset="auto", tasks=tasks, calls=[Call(1000, 500)] * calls, quality=quality,
                    suite_name=f"ipc2023/{domain}")  # fmt: skip


def test_learning_track_runs_are_published_with_their_quality(tmp_path: Path) -> None:
    from genplan.experiments.results import COLUMNS, publish, read_rows, write_rows

    runs = [_learning_run(tmp_path / "c", "rovers", 90, 88.5).root,
            _learning_run(tmp_path / "c", "sokoban", 65, 56.25, calls=2).root]  # fmt: skip
    for run in runs:
        (run / "program.py").write_text(f"# {run.parent.name}\n")
    out = tmp_path / "results"
    rows = publish(runs, out, REPO / "pddl_benchmarks" / "costumes")
    assert [(r.suite, r.solved, r.total, r.quality, r.calls) for r in rows] == [
        ("ipc2023/rovers", 90, 90, 88.5, 1), ("ipc2023/sokoban", 65, 90, 56.25, 2)]  # fmt: skip
    assert (out / "programs" / "rovers-ipc2023-auto-s1.py").read_text() == "# rovers\n"
    assert (out / "coverage.csv").read_text().splitlines()[0].endswith(",quality")
    assert read_rows(out / "coverage.csv") == rows
    # a table without the quality column (the paper's suites) still reads
    write_rows([r for r in read_rows(REPO / "docs" / "results" / "2026-11-24-frontier" / "coverage.csv")][:2],
               tmp_path / "old.csv")  # fmt: skip
    assert (tmp_path / "old.csv").read_text().splitlines()[0] == ",".join(COLUMNS)


def test_the_report_puts_the_published_figures_beside_learning_track_runs(tmp_path: Path) -> None:
    from genplan.experiments.report import find_runs
    from genplan.experiments.report.markdown import render_markdown
    from genplan.experiments.report.tables import build_report
    from genplan.experiments.report.views import learning_table

    _learning_run(tmp_path / "c", "rovers", 90, 88.5)
    _learning_run(tmp_path / "c", "sokoban", 65, 56.25, calls=2)
    report = build_report(find_runs([tmp_path / "c"]))
    table = learning_table(report)
    rows = {r[0]: r for r in table.rows}
    assert rows["rovers"][2:5] == (90, 88.5, 1) and rows["rovers"][5:] == (42.7, 44, 29)
    assert rows["sokoban"][2:5] == (65, 56.25, 2) and rows["sokoban"][5:] == (30.0, 30, 29)
    total = table.rows[-1]
    assert total[0].startswith("total (2 of 10") and total[2:4] == (155, 144.75) and total[5] == 72.7
    text = render_markdown(report)
    assert "IPC 2023 Learning Track" in text and "HUZAR" in text and "Pereira, Corrêa, Seipp" in text


def test_a_learning_track_figure_is_verified_with_its_quality(tmp_path: Path) -> None:
    from genplan.experiments.results import ResultRow, rebuild_suite, verify_row

    folder = make_track(tmp_path / "bench")
    suite = rebuild_suite("ipc2023/line", None, tmp_path / "work", REPO / "pddl_benchmarks", tmp_path / "bench")
    assert suite == folder
    program = tmp_path / "line.py"
    program.write_text(LINE_PROGRAM.replace("if len(nxt) == 7:", "if False:"))
    row = ResultRow("line", "ipc2023/line", "auto", 1, 1.0, 6, 6, 1, 10, 5, quality=6.0)
    check = verify_row(row, program, suite)
    assert check.ok and check.quality == 6.0
    assert not verify_row(replace(row, quality=5.5), program, suite).ok
    with pytest.raises(GenplanError, match="Learning Track"):
        rebuild_suite("ipc2023/line", None, tmp_path / "work", REPO / "pddl_benchmarks", tmp_path / "nowhere")


def test_named_limits_are_used_and_recorded(tmp_path: Path) -> None:
    folder = make_track(tmp_path / "bench")
    program = tmp_path / "line.py"
    program.write_text(LINE_PROGRAM.replace("if len(nxt) == 7:", "if False:"))
    base = [sys.executable, "-m", "genplan.cli", "evaluate", str(program), "line", "--suite", str(folder),
            "--orderings", "1", "--cache-dir", str(tmp_path / "cache")]  # fmt: skip
    env = os.environ | {"COLUMNS": "100"}
    for extra, expected in (([], (45.0, 4096)), (["--limits", "ipc2023"], (1800.0, 8192)),
                            (["--limits", "property-guided", "--timeout", "20"], (20.0, 8192))):  # fmt: skip
        report = tmp_path / f"r{len(extra)}.json"
        done = subprocess.run([*base, *extra, "--report", str(report)], capture_output=True, text=True, env=env)
        assert done.returncode == 0, done.stderr
        limits = json.loads(report.read_text())["limits"]
        assert (limits["timeout"], limits["memory"] // 2**20) == expected
    bad = subprocess.run([*base, "--limits", "icp"], capture_output=True, text=True, env=env)
    assert bad.returncode == 2 and "ipc2023" in bad.stderr and "Traceback" not in bad.stderr


@pytest.mark.slow
def test_baselines_run_on_a_learning_track_suite(tmp_path: Path) -> None:
    folder = make_track(tmp_path / "bench")
    cmd = [sys.executable, "-m", "genplan.cli", "baselines", "--domains", "line", "--suite", str(folder.parent),
           "--planners", "lama-first", "--time-limits", "10", "--cache-dir", str(tmp_path / "cache")]  # fmt: skip
    done = subprocess.run(cmd, capture_output=True, text=True, env=os.environ | {"COLUMNS": "100"})
    assert done.returncode == 0, done.stderr
    assert "6/6" in done.stdout and "heldout tasks" in done.stdout


def test_the_learning_benchmark_prints_the_parse_and_both_evaluations(tmp_path: Path) -> None:
    """``scripts/bench_learning.py`` on a small track in the organizers' layout, with a program for it, on
    one CPU and with the parsed-task cache: a cold and a warm evaluation, each solving every test task."""
    make_track(tmp_path / "track")
    (tmp_path / "programs").mkdir()
    correct = LINE_PROGRAM.replace("if len(nxt) == 7:", "if False:")
    (tmp_path / "programs" / "line-ipc2023-auto-s1.py").write_text(correct)
    out = subprocess.run(
        [sys.executable, str(REPO / "scripts" / "bench_learning.py"), "--learning", str(tmp_path / "track"),
         "--programs", str(tmp_path / "programs"), "--up-files", "0", "--one-core", "--warm", "--timeout", "20"],
        capture_output=True, text=True, timeout=600, check=False,
    )  # fmt: skip
    assert out.returncode == 0, out.stderr
    rows = {line.split()[0]: line for line in out.stdout.splitlines() if line.split()}
    assert "6/6" in rows["line"] and "6/6" in rows["(warm)"], out.stdout
    parse_mb_s = float(rows["line"].split()[3])
    assert parse_mb_s > 0 and rows["all:"].startswith("all:"), out.stdout
