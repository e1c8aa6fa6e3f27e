"""Published results (genplan/experiments/results.py, scripts/publish_results.py, scripts/verify_results.py).

Every committed results folder under docs/results/ is reproduced here with the paper's data when it is
present: the committed programs, run on the held-out tasks, must solve exactly what coverage.csv says.
"""

from __future__ import annotations

import csv
import subprocess
import sys
from dataclasses import replace
from pathlib import Path

import pytest

from genplan.core.errors import GenplanError
from genplan.experiments.results import (
    COLUMNS,
    ResultRow,
    publish,
    read_rows,
    rebuild_suite,
    suite_of,
    verify_row,
    write_rows,
)
from tests.report_fixtures import Call, T, fake_run

REPO = Path(__file__).resolve().parent.parent
COSTUMES = REPO / "pddl_benchmarks" / "costumes"
BUILTIN = REPO / "pddl_benchmarks"
GOOD = REPO / "tests" / "zoo" / "good_ferry.py"
RESULTS = sorted(p for p in (REPO / "docs" / "results").glob("*") if (p / "coverage.csv").is_file())


def _run(cache: Path, domain: str, preset: str, tasks: list[T], program: str, calls: list[Call]) -> Path:
    run = fake_run(cache, domain, preset=preset, seed=1, tasks=tasks, calls=calls)
    (run.root / "program.py").write_text(program)
    return run.root


def test_suites_are_named_by_how_to_rebuild_them() -> None:
    assert suite_of("ferry", COSTUMES) == ("ferry", "paper/ferry")
    assert suite_of("miconic-anon", COSTUMES) == ("miconic", "paper/miconic/anonymized")
    assert suite_of("pigeon-post", COSTUMES) == ("ferry", "paper/ferry/costumed")


def test_publish_writes_the_rows_and_the_programs(tmp_path: Path) -> None:
    runs = [
        _run(tmp_path / "c", "ferry", "F5-3", [T("a"), T("b", status="goal")], "# ferry F5-3\n",
             [Call(100, 50), Call(200, 70)]),
        _run(tmp_path / "c", "miconic-anon", "auto", [T("m")], "# miconic auto\n", [Call(300, 90)]),
        _run(tmp_path / "c", "pigeon-post", "auto", [T("p"), T("q")], "# costumed ferry\n", [Call(10, 5)]),
    ]  # fmt: skip
    out = tmp_path / "results"
    rows = publish(runs, out, COSTUMES)
    with (out / "coverage.csv").open() as f:
        table = list(csv.reader(f))
    assert tuple(table[0]) == COLUMNS
    assert [r[:3] for r in table[1:]] == [["ferry", "paper/ferry", "F5-3"],
                                          ["miconic", "paper/miconic/anonymized", "auto"],
                                          ["ferry", "paper/ferry/costumed", "auto"]]  # fmt: skip
    ferry = next(r for r in rows if r.suite == "paper/ferry")
    assert (ferry.solved, ferry.total, ferry.coverage) == (1, 2, 0.5)
    assert (ferry.calls, ferry.prompt_tokens, ferry.completion_tokens) == (2, 300, 120)
    assert (out / "programs" / "ferry-F5-3-s1.py").read_text() == "# ferry F5-3\n"
    assert (out / "programs" / "miconic-anonymized-auto-s1.py").read_text() == "# miconic auto\n"
    assert (out / "programs" / "ferry-costumed-auto-s1.py").read_text() == "# costumed ferry\n"
    assert set(read_rows(out / "coverage.csv")) == set(rows)


def test_publishing_a_run_twice_or_an_unfinished_run_is_refused(tmp_path: Path) -> None:
    run = _run(tmp_path / "c", "ferry", "F5-3", [T("a")], "# p\n", [])
    with pytest.raises(GenplanError, match="same program name"):
        publish([run, run], tmp_path / "r1", COSTUMES)
    unfinished = fake_run(tmp_path / "c", "ferry", preset="F3-6", seed=1, tasks=None, status="crashed")
    with pytest.raises(GenplanError, match="no held-out evaluation"):
        publish([unfinished.root], tmp_path / "r2", COSTUMES)


def test_a_table_with_other_columns_is_refused(tmp_path: Path) -> None:
    (tmp_path / "coverage.csv").write_text("domain,coverage\nferry,1.0\n")
    with pytest.raises(GenplanError, match="columns"):
        read_rows(tmp_path / "coverage.csv")


def test_a_rebuilt_anonymized_suite_is_the_one_the_cli_makes(tmp_path: Path) -> None:
    rebuilt = rebuild_suite("paper/ferry/anonymized", BUILTIN, tmp_path / "work", COSTUMES)
    cli = tmp_path / "cli"
    subprocess.run([sys.executable, "-m", "genplan.cli", "benchmarks", "anonymize", "ferry", "--out", str(cli),
                    "--cache-dir", str(tmp_path / "cache")], check=True, capture_output=True)  # fmt: skip
    assert (rebuilt / "domain.pddl").read_text() == (cli / "domain.pddl").read_text()
    ours = {p.name: p.read_text() for p in (rebuilt / "problems").iterdir()}
    theirs = {p.name: p.read_text() for p in (cli / "problems").iterdir()}
    assert ours == theirs and ours
    assert rebuild_suite("paper/ferry", BUILTIN, tmp_path / "work", COSTUMES) == BUILTIN / "ferry"
    with pytest.raises(GenplanError, match="Unknown suite"):
        rebuild_suite("paper/ferry/shuffled", BUILTIN, tmp_path / "work", COSTUMES)


def _row(solved: int, total: int) -> ResultRow:
    return ResultRow("ferry", "paper/ferry", "F5-3", 1, round(solved / total, 4), solved, total, 3, 10, 5)


def test_a_figure_is_reproduced_or_found_to_differ(tmp_path: Path) -> None:
    from genplan.benchmarks.suites import load_suite_dir

    heldout = len(load_suite_dir(BUILTIN / "ferry").split.heldout)
    right = verify_row(_row(heldout, heldout), GOOD, BUILTIN / "ferry")
    assert right.ok and right.solved == right.total == heldout
    assert not replace(right, row=_row(heldout - 1, heldout)).ok


def test_the_verify_script_exit_codes(tmp_path: Path) -> None:
    from genplan.benchmarks.suites import load_suite_dir

    heldout = len(load_suite_dir(BUILTIN / "ferry").split.heldout)
    folder = tmp_path / "results"
    (folder / "programs").mkdir(parents=True)
    (folder / "programs" / "ferry-F5-3-s1.py").write_text(GOOD.read_text())
    script = [sys.executable, str(REPO / "scripts" / "verify_results.py"), str(folder), "--reference", str(BUILTIN)]
    write_rows([_row(heldout, heldout)], folder / "coverage.csv")
    ok = subprocess.run(script, capture_output=True, text=True)
    assert ok.returncode == 0 and "1 of 1 figures reproduced" in ok.stdout
    write_rows([_row(heldout - 2, heldout)], folder / "coverage.csv")
    differs = subprocess.run(script, capture_output=True, text=True)
    assert differs.returncode == 1 and "DIFFERS" in differs.stdout
    (folder / "programs" / "ferry-F5-3-s1.py").unlink()
    missing = subprocess.run(script, capture_output=True, text=True)
    assert missing.returncode == 2 and "missing" in missing.stderr and "Traceback" not in missing.stderr


@pytest.mark.parametrize("folder", RESULTS, ids=[p.name for p in RESULTS])
def test_every_published_figure_is_reproduced(folder: Path, reference_root: Path) -> None:
    """The published coverage figures, recomputed from the committed programs and the paper's data."""
    done = subprocess.run([sys.executable, str(REPO / "scripts" / "verify_results.py"), str(folder), "--reference",
                           str(reference_root)], capture_output=True, text=True)  # fmt: skip
    assert done.returncode == 0, done.stdout + done.stderr
    rows = read_rows(folder / "coverage.csv")
    assert f"{len(rows)} of {len(rows)} figures reproduced" in done.stdout
    for row in rows:
        assert (folder / "programs" / row.program_name).is_file()
