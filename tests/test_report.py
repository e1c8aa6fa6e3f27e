"""Reports over runs: the numbers of every table, the files written, and the command.

The runs: one real scripted ferry run (F3-6, seed 1) and fabricated ones in the same format, chosen so
that every number below can be worked out by hand:

- ferry F3-6: seed 1 real (4/4), seed 2 fails instance-8 (exception) and instance-9 (timeout): 2/4,
  seed 3 fails instance-9 (precondition): 3/4; mean 75, best 100 (seed 1);
- ferry F5-3: seeds 1 and 2 solve 4/4; mean 100, best 100 (seed 1, the lowest on a tie);
- gripper F5-3: seed 1 5/5, seed 2 2/5 (goal, goal, wrong_arity), seed 3 crashed: mean 70, best 100;
- miconic F5-3: seed 1 1/4 (timeout, memory, goal); miconic F3-6: seed 1 produced no program.
"""

from __future__ import annotations

import csv
import json
import re
import subprocess
import sys
from pathlib import Path

import pytest

from genplan.core.errors import GenplanError
from genplan.experiments.report import (
    ALL,
    build_report,
    find_runs,
    load_run,
    report_from_disk,
    select_baselines,
    suite_family,
    write_report,
)
from tests.report_fixtures import SCRIPTED, Call, T, fake_run, scripted_ferry_run, write_baselines, write_scale
from tests.test_pipeline import ferry_suite  # noqa: F401  (a fixture, used by name)

FERRY = [f"instance-{k}" for k in range(6, 10)]
GRIPPER = [f"g-{k}" for k in range(1, 6)]
MICONIC = [f"m-{k}" for k in range(1, 5)]


@pytest.fixture(scope="module")
def world(ferry_suite, tmp_path_factory):  # noqa: F811
    """A cache with the runs described in the module docstring, baselines and a scale file."""
    cache = tmp_path_factory.mktemp("report-cache")
    real = scripted_ferry_run(ferry_suite, cache)
    family = ferry_suite.root.parent.name
    root = lambda d: str(ferry_suite.root.parent / d)  # noqa: E731
    same = {"suite_root": root("ferry"), "suite_name": "ferry"}
    fake_run(cache, "ferry", preset="F3-6", seed=2, **SCRIPTED, **same,
             tasks=[T(FERRY[0]), T(FERRY[1]), T(FERRY[2], status="exception"), T(FERRY[3], 10.0, status="timeout")],
             calls=[Call(cost=None)])  # fmt: skip
    fake_run(cache, "ferry", preset="F3-6", seed=3, **SCRIPTED, **same,
             tasks=[T(FERRY[0]), T(FERRY[1]), T(FERRY[2]), T(FERRY[3], status="precondition")])  # fmt: skip
    f53 = [T(FERRY[0], 0.01, 10), T(FERRY[1], 0.02, 12), T(FERRY[2], 0.5, 20), T(FERRY[3], 2.0, 30)]
    fake_run(cache, "ferry", seed=1, tasks=f53, calls=[Call(), Call(), Call()], **same)
    fake_run(cache, "ferry", seed=2, tasks=f53, calls=[Call(cost=None), Call(cost=None, cached=True)], **same)
    groot = {"suite_root": root("gripper"), "suite_name": "gripper"}
    gtasks = [T("g-1", 0.0005, 5), T("g-2", 0.1, 6), T("g-3", 0.2, 7), T("g-4", 0.3, 8), T("g-5", 0.4, 9)]
    fake_run(cache, "gripper", seed=1, tasks=gtasks, calls=[Call(1000, 500, 0.5)], **groot)
    fake_run(cache, "gripper", seed=2, **groot,
             tasks=[T("g-1"), T("g-2"), T("g-3", status="goal"), T("g-4", status="goal"),
                    T("g-5", status="wrong_arity")], calls=[Call(10, 5, 0.25)])  # fmt: skip
    fake_run(cache, "gripper", seed=3, tasks=None, status="crashed", message="RuntimeError", calls=[Call(1, 1, 0.125)],
             **groot)  # fmt: skip
    mroot = {"suite_root": root("miconic"), "suite_name": "miconic"}
    fake_run(
        cache,
        "miconic",
        seed=1,
        **mroot,
        tasks=[T("m-1"), T("m-2", 45.0, status="timeout"), T("m-3", status="memory"), T("m-4", status="goal")],
    )
    fake_run(cache, "miconic", preset="F3-6", seed=1, tasks=None, status="no-program",
             message="The LLM never produced a usable program.", **SCRIPTED, **mroot)  # fmt: skip
    write_baselines(cache, family, "ferry", "ff", 45, [(FERRY[0], "solved", 0.5, 8), (FERRY[1], "solved", 0.01, 12),
                                                        (FERRY[2], "timeout", 45.0, None),
                                                        (FERRY[3], "solved", 1.0, 40)])  # fmt: skip
    write_baselines(cache, family, "ferry", "ff", 1800, [(FERRY[0], "solved", 0.4, 9), (FERRY[1], "solved", 0.01, 12),
                                                          (FERRY[2], "solved", 100.0, 25),
                                                          (FERRY[3], "solved", 1.0, 40)])  # fmt: skip
    write_baselines(cache, family, "ferry", "lmcut", 45, [(FERRY[0], "solved", 1.0, 8), (FERRY[1], "solved", 2.0, 12),
                                                           (FERRY[2], "timeout", 45.0, None),
                                                           (FERRY[3], "memory", 3.0, None)])  # fmt: skip
    write_baselines(cache, family, "gripper", "ff", 1800, [("g-1", "solved", 0.2, 4), ("g-2", "solved", 0.1, 0),
                                                            ("g-3", "solved", 0.4, 7), ("g-4", "solved", 0.15, 10),
                                                            ("g-5", "memory", 30.0, None)])  # fmt: skip
    # A baseline of another suite must not be mixed in.
    write_baselines(cache, "other", "ferry", "ff", 45, [(t, "timeout", 45.0, None) for t in FERRY])
    write_baselines(cache, "other", "miconic", "ff", 45, [(t, "solved", 1.0, 5) for t in MICONIC])
    scale = write_scale(cache / "scale" / "scale.json")
    return {"cache": cache, "real": real, "family": family, "scale": scale}


@pytest.fixture(scope="module")
def report(world):
    return report_from_disk(cache_dir=world["cache"], scale_files=[world["scale"]])


def test_runs_are_found_and_read(world, report) -> None:
    assert len(report.runs) == 10
    assert [r.domain for r in report.runs][:5] == ["ferry"] * 5  # the paper's order: ferry, gripper, miconic
    assert [r.domain for r in report.runs][5:] == ["gripper"] * 3 + ["miconic"] * 2
    real = next(r for r in report.runs if r.path == world["real"].root.resolve())
    assert report.config_of(real) == "F3-6" and real.seed == 1 and real.coverage == 1.0
    assert {report.config_of(r) for r in report.runs} == {"F3-6", "F5-3"}
    assert all(r.family == world["family"] for r in report.runs)
    # A single run folder, and a domain folder, are accepted too.
    assert [r.run_id for r in find_runs([world["real"].root])] == [world["real"].run_id]
    assert len(find_runs([world["cache"] / "runs" / "gripper"])) == 3


def test_coverage_means_best_seeds_and_average(report) -> None:
    cov = report.coverage
    assert cov.domains == ("ferry", "gripper", "miconic")
    assert cov.configs == ("F5-3", "F3-6")  # the paper's column order
    ferry36 = cov.cell("ferry", "F3-6")
    assert ferry36.mean == pytest.approx(0.75) and ferry36.best == 1.0 and ferry36.best_seed == 1
    assert ferry36.seeds == (1, 2, 3) and ferry36.incomplete == 0
    ferry53 = cov.cell("ferry", "F5-3")
    assert (ferry53.mean, ferry53.best, ferry53.best_seed) == (1.0, 1.0, 1)
    gripper = cov.cell("gripper", "F5-3")
    assert gripper.mean == pytest.approx(0.7) and gripper.best == 1.0 and gripper.incomplete == 1
    assert gripper.seeds == (1, 2)  # the crashed seed 3 is not counted as 0
    miconic36 = cov.cell("miconic", "F3-6")
    assert miconic36.mean is None and miconic36.incomplete == 1
    assert cov.cell("gripper", "F3-6") is None
    mean, best, n = cov.average("F5-3")
    assert mean == pytest.approx((1.0 + 0.7 + 0.25) / 3) and best == pytest.approx(0.75) and n == 3
    assert cov.average("F3-6") == (pytest.approx(0.75), 1.0, 1)


def test_baseline_columns(report) -> None:
    cov = report.coverage
    assert cov.baselines == ("lmcut 45s", "ff 45s", "ff 1800s")
    assert cov.baseline_cells[("ferry", "lmcut 45s")].coverage == 0.5
    assert cov.baseline_cells[("ferry", "ff 45s")].coverage == 0.75  # not the other suite's 0
    assert cov.baseline_cells[("ferry", "ff 1800s")].coverage == 1.0
    assert cov.baseline_cells[("gripper", "ff 1800s")].coverage == 0.8
    assert cov.baseline_cells[("ferry", "ff 1800s")].same_tasks
    assert ("miconic", "ff 1800s") not in cov.baseline_cells
    assert cov.baseline_average("ff 1800s") == (pytest.approx(0.9), 2)
    assert any("No baseline results for miconic" in n for n in report.notes)
    # miconic has baselines, but for another suite: they are not used, and the reader is told why.
    assert any("miconic runs used the suite" in n and "'other'" in n for n in report.notes)


def test_programs_vs_ff_on_commonly_solved_tasks(world, report) -> None:
    rows = {(r.domain, r.config): r for r in report.speed}
    ferry = rows[("ferry", "F5-3")]
    assert ferry.ff == "ff 1800s" and ferry.tasks == 4 and ferry.seed == 1  # the largest ff time limit
    assert ferry.runtime_ratio == pytest.approx((0.01 / 0.4 + 0.02 / 0.01 + 0.5 / 100 + 2.0 / 1.0) / 4)
    assert ferry.faster == 0.5
    assert ferry.length_ratio == pytest.approx((10 / 9 + 12 / 12 + 20 / 25 + 30 / 40) / 4)
    assert ferry.shorter == 0.5
    gripper = rows[("gripper", "F5-3")]
    assert gripper.tasks == 4  # g-5: ff ran out of memory
    # g-1's 0.5 ms counts as 1 ms; g-2's empty ff plan has no length ratio.
    assert gripper.runtime_ratio == pytest.approx((0.001 / 0.2 + 1.0 + 0.5 + 2.0) / 4)
    assert gripper.length_ratio == pytest.approx((5 / 4 + 7 / 7 + 8 / 10) / 3)
    assert gripper.shorter == pytest.approx(1 / 3) and gripper.faster == 0.5
    overall = rows[(ALL, "F5-3")]
    assert overall.tasks == 8
    assert overall.runtime_ratio == pytest.approx((4 * ferry.runtime_ratio + 4 * gripper.runtime_ratio) / 8)
    # The real run is ferry's best F3-6 seed: its ratios come from its 5-heldout.json.
    heldout = json.loads(world["real"].path("5-heldout.json").read_text())["tasks"]
    ff = {"instance-6": 0.4, "instance-7": 0.01, "instance-8": 100.0, "instance-9": 1.0}
    expected = sum(max(t["runtime"], 1e-3) / ff[t["task_id"]] for t in heldout) / 4
    real = rows[("ferry", "F3-6")]
    assert real.run_id == world["real"].run_id and real.runtime_ratio == pytest.approx(expected)
    assert len(report.speed_points) == 12
    assert ("miconic", "F5-3") not in rows


def test_error_types(report) -> None:
    rows = {(r.config, r.domain): r for r in report.errors}
    f53 = rows[("F5-3", ALL)]
    assert (f53.runs, f53.incomplete, f53.runs_with_errors, f53.failed) == (5, 1, 2, 6)
    assert f53.failed_by_category == {"python exception": 1, "timeout": 1, "invalid action": 1,
                                      "goal not satisfied": 3}  # fmt: skip
    assert f53.runs_by_category == {"python exception": 1, "timeout": 1, "invalid action": 1,
                                    "goal not satisfied": 2}  # fmt: skip
    assert f53.by_status == {"goal": 3, "memory": 1, "timeout": 1, "wrong_arity": 1}
    f36 = rows[("F3-6", ALL)]
    assert (f36.runs, f36.incomplete, f36.runs_with_errors) == (3, 1, 2)
    assert f36.runs_by_category == {"python exception": 1, "timeout": 1, "invalid action": 1,
                                    "goal not satisfied": 0}  # fmt: skip
    assert rows[("F5-3", "gripper")].failed_by_category["goal not satisfied"] == 2


def test_llm_usage_and_unknown_cost(world, report) -> None:
    rows = {(u.domain, u.config): u for u in report.usage}
    gripper = rows[("gripper", "F5-3")]
    assert (gripper.runs, gripper.calls, gripper.prompt_tokens, gripper.completion_tokens) == (3, 3, 1011, 506)
    assert gripper.cost == pytest.approx(0.875)
    ferry = rows[("ferry", "F5-3")]
    assert ferry.cost is None and ferry.known_cost == pytest.approx(0.03)  # unknown, never 0
    assert rows[("miconic", "F5-3")].cost == 0.0 and rows[("miconic", "F5-3")].calls == 0
    # The real run was made twice, the second time from the cache: 20 calls needed, 20 paid (in the first
    # session), the replays free.
    real = next(r for r in report.runs if r.path == world["real"].root.resolve())
    usage_json = json.loads(world["real"].path("usage.json").read_text())
    assert len(usage_json["sessions"]) == 2 and usage_json["total"]["calls"] == 40
    assert (real.usage.calls, real.usage.paid_calls, real.usage.cached_calls, real.usage.sessions) == (20, 20, 20, 2)
    # the tokens it needed are those of the first session, which the replay needed again (from the cache)
    first = usage_json["sessions"][0]["total"]
    assert real.usage.tokens == first["prompt_tokens"] + first["completion_tokens"]
    assert usage_json["sessions"][1]["total"]["cached_prompt_tokens"] == first["prompt_tokens"]
    assert real.usage.prompt_tokens == usage_json["sessions"][0]["total"]["prompt_tokens"] > 0
    assert real.usage.cost is None  # the scripted backend has no price
    assert rows[(ALL, ALL)].runs == 10 and rows[(ALL, ALL)].cost is None


def test_incomplete_runs_are_listed(report) -> None:
    incomplete = sorted((r.domain, report.config_of(r), r.seed, r.status) for r in report.incomplete)
    assert incomplete == [("gripper", "F5-3", 3, "crashed"), ("miconic", "F3-6", 1, "no-program")]


def test_written_files(world, report, tmp_path: Path) -> None:
    files = write_report(report, tmp_path / "out")
    names = sorted(p.name for p in files.csv)
    assert names == sorted(["coverage.csv", "incomplete.csv", "speed.csv", "errors.csv", "errors_by_domain.csv",
                            "errors_by_status.csv", "usage.csv", "cost.csv", "scale_1_ferry.csv",
                            "runs.csv", "failures.csv", "paper.csv", "sizes.csv"])  # fmt: skip
    with (tmp_path / "out" / "coverage.csv").open() as f:
        rows = {r["domain"]: r for r in csv.DictReader(f)}
    assert float(rows["gripper"]["F5-3 mean"]) == pytest.approx(70.0)
    assert rows["gripper"]["F5-3 best seed"] == "1" and rows["gripper"]["F5-3 seeds"] == "1 2"
    assert rows["gripper"]["F5-3 incomplete"] == "1"
    assert float(rows["average"]["F5-3 mean"]) == pytest.approx(65.0)
    assert rows["miconic"]["F3-6 mean"] == "" and rows["ferry"]["ff 45s"] == "75.0"
    with (tmp_path / "out" / "speed.csv").open() as f:
        speed = [r for r in csv.DictReader(f)]
    ferry = next(r for r in speed if (r["domain"], r["configuration"]) == ("ferry", "F5-3"))
    assert float(ferry["runtime ratio"]) == pytest.approx(1.0075) and ferry["ff"] == "ff 1800s"
    with (tmp_path / "out" / "usage.csv").open() as f:
        usage = {(r["domain"], r["configuration"]): r for r in csv.DictReader(f)}
    assert usage[("ferry", "F5-3")]["cost"] == "" and usage[("gripper", "F5-3")]["cost"] == "0.875"

    md = files.markdown.read_text()
    assert "| ferry | 100.0 | 75.0 | 100.0 | 100.0 | 8/8 | 9/12 | 50.0 | 75.0 | 100.0 |" in md
    assert "| gripper | 70.0* | - | 100.0 | - | 7/10 | - | - | - | 80.0 |" in md
    assert "| **average** | **65.0** | **75.0†** | **75.0** | **100.0†** | **16/22** | **9/12** |" in md
    assert "| ferry | F5-3 | 1 | ff 1800s | 4 | 1.01 | 50.0 | 0.92 | 50.0 |" in md
    assert "| F5-3 | 5 | 1 | 2 | 50.0 | 50.0 | 50.0 | 100.0 |" in md
    assert "unknown (≥ $0.0300)" in md and "$0.8750" in md
    assert "| gripper | F5-3 | 3 | crashed | RuntimeError |" in md
    assert "![" in md and "(coverage.png)" in md and "(runtime.png)" in md and "(scaling.png)" in md

    html = files.html.read_text()
    images = re.findall(r'src="data:image/png;base64,([A-Za-z0-9+/=]+)"', html)
    assert len(images) == 3
    import base64

    assert all(base64.b64decode(i).startswith(b"\x89PNG\r\n\x1a\n") for i in images)
    assert '<table id="coverage">' in html and '<table id="speed">' in html and '<table id="usage">' in html
    assert '<td class="num">70.0*</td>' in html and "no-program" in html
    assert "http" not in html.replace("http-equiv", "")  # self-contained: nothing fetched
    for png in files.plots:
        assert png.read_bytes().startswith(b"\x89PNG")


def test_baseline_selection_and_suite_filter(world) -> None:
    cache = world["cache"]
    only = report_from_disk(cache_dir=cache, baselines="lmcut-45,ff-45")
    assert only.coverage.baselines == ("lmcut 45s", "ff 45s")
    assert {r.ff for r in only.speed} == {"ff 45s"}  # the largest ff among those chosen
    none = report_from_disk(cache_dir=cache, baselines="none")
    assert none.coverage.baselines == () and none.speed == ()
    with pytest.raises(GenplanError, match="lama-first-45"):
        report_from_disk(cache_dir=cache, baselines="lama-first-45")
    with pytest.raises(GenplanError, match="PLANNER-SECONDS"):
        select_baselines([], "ff")
    with pytest.raises(GenplanError, match=rf"No run of the suite .nosuchsuite.* of the suite\(s\) {world['family']}"):
        find_runs(cache_dir=cache, suite="nosuchsuite")
    assert len(find_runs(cache_dir=cache, suite=world["family"])) == 10


def test_suite_family_matches_baseline_labels(tmp_path: Path) -> None:
    from genplan.generators.domains import BENCHMARKS_DIR

    assert suite_family("ferry", "ferry", str(BENCHMARKS_DIR / "ferry")) == "builtin"
    assert suite_family("genplan17/ferry", "ferry", "/data/genplan17/ferry") == "genplan17"
    assert suite_family("ferry", "ferry", "/data/my set/ferry") == "my-set"
    # A registered suite is filed under its registered name, whatever its folder is called.
    registry = {"paper": tmp_path / "genplan17", "ferry-anon": tmp_path / "suites" / "ferry-anon"}
    assert suite_family("paper/ferry", "ferry", str(tmp_path / "genplan17" / "ferry"), registry) == "paper"
    assert suite_family("ferry-anon", "ferry-anon", str(tmp_path / "suites" / "ferry-anon"), registry) == "ferry-anon"
    # Not registered: a one-domain folder passed by path is filed under its parent, as baselines files it.
    assert suite_family("ferry-anon", "ferry-anon", "/elsewhere/ferry-anon") == "elsewhere"


def test_configurations_that_differ_are_not_averaged_together(tmp_path: Path) -> None:
    fake_run(tmp_path, "ferry", seed=1, tasks=[T("a")])
    fake_run(tmp_path, "ferry", seed=1, tasks=[T("a", status="goal")], model="openai/other")
    fake_run(tmp_path, "ferry", seed=2, tasks=[T("a", status="goal")], timeout=5)
    rep = build_report(find_runs(cache_dir=tmp_path))
    labels = sorted(rep.coverage.configs)
    assert len(labels) == 3 and all(label.startswith("F5-3 (") for label in labels)
    assert sum("#" in label for label in labels) == 2  # same model, different timeout: told apart by a hash
    assert sorted(c.mean for c in rep.coverage.cells.values()) == [0.0, 0.0, 1.0]


def test_corrupt_heldout_is_incomplete_not_fatal(tmp_path: Path) -> None:
    run = fake_run(tmp_path, "ferry", seed=1, tasks=[T("a")])
    run.path("5-heldout.json").write_text("{not json")
    summary = load_run(run.root)
    assert not summary.evaluated and "unreadable" in (summary.problem or "")


@pytest.mark.slow
def test_report_command(world, tmp_path: Path) -> None:
    """`genplan report` as a user runs it: a subprocess, the summary printed, errors without tracebacks."""
    out = tmp_path / "rep"
    args = [sys.executable, "-m", "genplan.cli", "report", "--cache-dir", str(world["cache"]), "--out", str(out),
            "--scale", str(world["scale"]), "--baselines", "ff-1800"]  # fmt: skip
    result = subprocess.run(args, capture_output=True, text=True, timeout=120)
    assert result.returncode == 0, result.stderr
    assert "F5-3: mean coverage 65.0%" in result.stdout and "2 incomplete run(s)" in result.stdout
    assert (out / "report.html").is_file() and "ff 1800s" in (out / "report.md").read_text()
    missing = subprocess.run([*args[:-1], "lmcut-1800"], capture_output=True, text=True, timeout=120)
    assert missing.returncode == 2 and "Traceback" not in missing.stderr
    assert "lmcut-1800" in missing.stderr
    empty = subprocess.run([sys.executable, "-m", "genplan.cli", "report", "--cache-dir", str(tmp_path / "none"),
                            "--out", str(out)], capture_output=True, text=True, timeout=120)  # fmt: skip
    assert empty.returncode == 2 and "does not exist" in empty.stderr


def test_a_report_of_baselines_alone_before_any_run(tmp_path: Path) -> None:
    from tests.report_fixtures import write_baselines

    cache = tmp_path / "cache"
    write_baselines(cache, "builtin", "ferry", "ff", 45, [("p1", "solved", 0.2, 5), ("p2", "timeout", 45, None)])
    write_baselines(cache, "builtin", "gripper", "ff", 45, [("p1", "solved", 0.1, 9)])
    write_baselines(cache, "other", "gripper", "ff", 45, [("p1", "timeout", 45, None)])
    rep = report_from_disk(cache_dir=cache, suite="builtin", baselines="ff-45")
    cov = rep.coverage
    assert cov.domains == ("ferry", "gripper") and cov.configs == ()
    assert cov.baseline_cells[("ferry", "ff 45s")].same_tasks
    assert (cov.baseline_cells[("ferry", "ff 45s")].solved, cov.baseline_cells[("ferry", "ff 45s")].total) == (1, 2)
    assert cov.baseline_cells[("gripper", "ff 45s")].solved == 1  # the other suite's file is not mixed in
    assert any("symbolic baselines only" in n for n in rep.notes)
    files = write_report(rep, tmp_path / "out")
    md = files.markdown.read_text()
    assert "| ferry | 50.0 |" in md and "| gripper | 100.0 |" in md
    # Without a suite there is nothing to fall back on: the usual error.
    with pytest.raises(GenplanError, match="no runs to report"):
        report_from_disk(cache_dir=cache, baselines="ff-45")


def test_presets_are_compared_on_the_domains_they_share(tmp_path: Path) -> None:
    """`report` puts calls, tokens, cost and coverage of presets side by side, on the same domains only."""
    from genplan.experiments.report import ALL, cost_comparison, cost_table, render_markdown, shared_domains

    cache = tmp_path / "c"
    two = [T("t-1"), T("t-2")]
    fake_run(cache, "ferry", preset="F5-3", seed=1, tasks=two, calls=[Call(100, 50, 0.01)] * 4)
    fake_run(cache, "ferry", preset="F5-3", seed=2, tasks=[T("t-1"), T("t-2", status="goal")],
             calls=[Call(100, 50, 0.01), Call(100, 50, 0.01, cached=True)])  # fmt: skip
    fake_run(cache, "ferry", preset="auto", seed=1, tasks=two, calls=[Call(300, 100, 0.02)])
    fake_run(cache, "gripper", preset="F5-3", seed=1, tasks=[T("g-1"), T("g-2", status="goal")],
             calls=[Call(10, 10, None)] * 10)  # fmt: skip
    fake_run(cache, "gripper", preset="auto", seed=1, tasks=two, calls=[Call(10, 10, 0.5)] * 2)
    fake_run(cache, "miconic", preset="F5-3", seed=1, tasks=two, calls=[Call(1, 1, 0.0)] * 40)  # auto has none
    report = report_from_disk(cache_dir=cache, baselines="none")
    assert shared_domains(report.runs, report.labels) == ("ferry", "gripper")
    rows = {(c.domain, c.config): c for c in cost_comparison(report.runs, report.labels)}
    ferry = rows[("ferry", "F5-3")]
    # two runs: 4 calls and 2 calls (one from the cache, which the run needed all the same), 600 and 300 tokens
    assert (ferry.runs, ferry.calls, ferry.tokens, ferry.coverage) == (2, 3.0, 450.0, 0.75)
    assert ferry.cost == pytest.approx((0.04 + 0.01) / 2) and ferry.per_call == pytest.approx(25.0)
    assert ferry.per_kilotoken == pytest.approx(75 / 0.45)
    assert rows[("gripper", "F5-3")].cost is None  # a price was unknown: never a silent 0
    f53, auto = rows[(ALL, "F5-3")], rows[(ALL, "auto")]
    # Issue 23, item 9: each 'all' row is over every domain of its configuration (F5-3: miconic too), not only
    # the shared ones (which once reduced a report to one domain); the one with fewer domains is marked.
    assert f53.runs == 3 and f53.calls == pytest.approx((3 + 10 + 40) / 3)
    assert f53.coverage == pytest.approx((0.75 + 0.5 + 1.0) / 3)
    assert auto.runs == 2 and auto.calls == pytest.approx(1.5) and auto.coverage == 1.0
    assert auto.per_call == pytest.approx(100 / 1.5)
    assert auto.cost == pytest.approx((0.02 + 1.0) / 2) and f53.cost is None
    table = cost_table(report)
    assert any("over fewer domains than another configuration" in n and "ferry, gripper" in n for n in table.notes)
    text = render_markdown(report)
    assert "## Cost of the coverage" in text and "| **all** | **auto†** | **2** | **1.5** |" in text
    assert "| **all** | **F5-3** | **3** | **17.7** |" in text
