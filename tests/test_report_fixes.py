"""Issue 23, item 9: reports of published results folders, `--sweep ID`, `--suite DOMAIN`, and what
report.md / report.html show (captions, rounding, the 'all' rows, error tables, unknown prices, solved
counts, links to programs, coverage by task size, the versions that made them)."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from genplan.experiments.report import (
    cost_table,
    error_tables,
    render_markdown,
    report_from_disk,
    runs_table,
    usage_table,
    write_report,
)
from genplan.experiments.report.views import plot_caption
from genplan.experiments.results import results_runs
from tests.report_fixtures import Call, T, fake_run, write_baselines

REPO = Path(__file__).resolve().parent.parent
PROGRAM = "def generate_solution(objects, init, goal):\n    return []\n"
CSV_HEADER = "domain,suite,preset,seed,coverage,solved,total,calls,prompt_tokens,completion_tokens\n"


def genplan(*args: str, cwd: Path) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "genplan.cli", *args], capture_output=True, text=True, cwd=cwd,
                          timeout=300, env={"COLUMNS": "200", "PATH": "/usr/bin:/bin"})  # fmt: skip


def results_folder(root: Path, *, heldout: bool = False) -> Path:
    """A small published results folder as scripts/publish_results.py writes it: two runs, one failing a task."""
    folder = root / "results"
    (folder / "programs").mkdir(parents=True)
    (folder / "coverage.csv").write_text(
        CSV_HEADER + "ferry,paper/ferry,auto,1,1.0,3,3,1,100,50\nbeluga,paper/beluga,auto,1,0.5,1,2,7,7000,3000\n"
    )
    for name in ("ferry-auto-s1.py", "beluga-auto-s1.py"):
        (folder / "programs" / name).write_text(PROGRAM)
    if heldout:
        (folder / "heldout").mkdir()
        tasks = [
            {"task_id": "b-1", "solved": True, "status": "solved", "category": None, "runtime": 0.1,
             "plan_length": 4, "objects": 12},
            {"task_id": "b-2", "solved": False, "status": "goal", "category": "goal not satisfied", "runtime": 0.1,
             "plan_length": 9, "objects": 27},
        ]  # fmt: skip
        record = {"format": "genplan-published-heldout/1", "solved": 1, "total": 2, "tasks": tasks}
        (folder / "heldout" / "beluga-auto-s1.json").write_text(json.dumps(record))
    return folder


def test_report_reads_a_published_results_folder(tmp_path: Path) -> None:
    folder = results_folder(tmp_path)
    done = genplan("report", str(folder), "--out", "rep", "--cache-dir", str(tmp_path / "c"), cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    assert "auto: mean coverage 75.0%" in done.stdout
    md = (tmp_path / "rep" / "report.md").read_text()
    # solved counts, and each program linked relative to the report
    assert "| beluga | 50.0 | 50.0 | 1/2 |" in md and "| **average** | **75.0** | **75.0** | **4/5** |" in md
    assert "](../results/programs/beluga-auto-s1.py)" in md
    # the failure is counted, of unknown kind: the folder records counts only
    assert "| auto | beluga | 1 | 2 | 1 | 1 |" in md and "not recorded" in md
    # a heldout/ record gives each task's outcome: category, first failing task, coverage by size
    full = results_folder(tmp_path / "full", heldout=True)
    rep = report_from_disk([], loaded=results_runs(full))
    text = render_markdown(rep)
    assert "| beluga | auto | 1 | 1/2 | b-2 | 27 | 12 | goal not satisfied | goal |" in text
    assert "| 10-19 | 1/1 | 100.0 |" in text and "| 20-49 | 0/1 | 0.0 |" in text


def test_a_heldout_record_that_disagrees_with_the_counts_is_an_error(tmp_path: Path) -> None:
    from genplan.core.errors import GenplanError
    from genplan.experiments.results import results_runs

    folder = results_folder(tmp_path, heldout=True)
    (folder / "coverage.csv").write_text(CSV_HEADER + "beluga,paper/beluga,auto,1,1.0,2,2,7,7000,3000\n")
    with pytest.raises(GenplanError, match=r"1/2 tasks solved, but coverage\.csv says 2/2"):
        results_runs(folder)


@pytest.mark.parametrize("name", ["2026-11-24-frontier", "2026-11-27-ipc2023"])
def test_the_published_results_folders_can_be_reported_again(name: str, tmp_path: Path) -> None:
    folder = REPO / "docs" / "results" / name
    done = genplan("report", str(folder), "--out", "rep", "--cache-dir", str(tmp_path / "c"), cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    assert "mean coverage" in done.stdout
    md = (tmp_path / "rep" / "report.md").read_text()
    assert "programs/" in md and "holds no run" not in md


def test_report_suite_given_a_domain_says_so(tmp_path: Path) -> None:
    fake_run(tmp_path / "c", "ferry", tasks=[T("t-1")])
    done = genplan("report", "--suite", "ferry", "--out", "x", "--cache-dir", str(tmp_path / "c"), cwd=tmp_path)
    message = " ".join(done.stderr.split())
    assert done.returncode == 2 and "Traceback" not in done.stderr
    assert "'ferry' is a domain" in message and "runs/ferry" in message


def test_captions_rounding_errors_prices_links_and_versions(tmp_path: Path, monkeypatch) -> None:
    cache = tmp_path / "c"
    fake_run(cache, "ferry", tasks=[T("f-1"), T("f-2"), T("f-3")], calls=[Call(cost=None)])
    fake_run(cache, "gripper", tasks=[T("g-1"), T("g-2", status="goal"), T("g-3")], calls=[Call(cost=None)])
    fake_run(cache, "miconic", tasks=[T("m-1")], calls=[Call(cost=None)])
    report = report_from_disk(cache_dir=cache, baselines="none")
    # No baselines: the heatmap's caption does not mention them.
    assert "symbolic" not in plot_caption(report, "coverage.png")
    # One rounding rule: the heatmap prints the table's text (88.9, not 89).
    from genplan.experiments import plots

    seen: dict = {}
    real = plots.coverage_heatmap
    monkeypatch.setattr(plots, "coverage_heatmap", lambda *a, **k: seen.update(k) or real(*a, **k))
    files = write_report(report, tmp_path / "out")
    assert seen["labels"][-1] == ["88.9"]
    md = files.markdown.read_text()
    assert "| **average** | **88.9** |" in md
    # Error tables: only the domain and the category that failed.
    _, by_domain, _ = error_tables(report)
    assert [r[:2] for r in by_domain.rows] == [("F5-3", "gripper"), ("F5-3", "all")]
    assert [c.name for c in by_domain.columns][5:] == ["goal not satisfied"]
    # Prices unknown for every run: said once, tokens given, no column of "unknown".
    usage, cost = usage_table(report), cost_table(report)
    assert all(c.csv_only for c in usage.columns if c.kind == "cost")
    assert all(c.csv_only for c in cost.columns if c.kind == "cost")
    assert sum("prices are unknown" in n for n in usage.notes) == 1 and "unknown" not in md.split("## LLM")[1]
    # The report says which genplan and Fast Downward made it; runs link their program.
    assert "Made with genplan" in md and "fast-downward" in md
    assert any(c.name == "program" for c in runs_table(report).columns)


def test_caption_names_baselines_when_drawn(tmp_path: Path) -> None:
    cache = tmp_path / "c"
    fake_run(cache, "ferry", tasks=[T("f-1")], suite_root=str(tmp_path / "s" / "ferry"), suite_name="s/ferry")
    write_baselines(cache, "s", "ferry", "ff", 45, [("f-1", "solved", 0.1, 3)])
    report = report_from_disk(cache_dir=cache)
    assert report.coverage.baselines and "symbolic" in plot_caption(report, "coverage.png")


def test_publish_rewrites_a_folders_reports_from_what_it_holds(tmp_path: Path) -> None:
    """scripts/publish_results.py --reports-only: the reports of a results folder, its links relative to it."""
    folder = results_folder(tmp_path, heldout=True)
    done = subprocess.run([sys.executable, str(REPO / "scripts" / "publish_results.py"), "--out", str(folder),
                           "--reports-only"], capture_output=True, text=True, timeout=300)  # fmt: skip
    assert done.returncode == 0, done.stderr
    md = (folder / "report.md").read_text()
    assert "[beluga-auto-s1.py (" in md and "](programs/beluga-auto-s1.py)" in md
    assert '<a href="programs/beluga-auto-s1.py">' in (folder / "report.html").read_text()
    assert (folder / "coverage.png").is_file() and not (folder / "runs.csv").exists()


def test_a_published_learning_track_row_is_in_the_learning_table_without_heldout(tmp_path: Path) -> None:
    folder = tmp_path / "ipc"
    (folder / "programs").mkdir(parents=True)
    (folder / "coverage.csv").write_text(
        CSV_HEADER.rstrip("\n") + ",quality\nferry,ipc2023/ferry,auto,1,1.0,90,90,1,10,5,89.64\n"
    )
    (folder / "programs" / "ferry-ipc2023-auto-s1.py").write_text(PROGRAM)
    text = render_markdown(report_from_disk([], loaded=results_runs(folder)))
    assert "| ferry | 1 | 90.0 | 89.6 | 1.0 |" in text
