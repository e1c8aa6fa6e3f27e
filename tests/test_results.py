"""Published results (genplan/experiments/results.py, scripts/publish_results.py, scripts/verify_results.py).

Every committed results folder under docs/results/ is reproduced here with the paper's data when it is
present: the committed programs, run on the held-out tasks, must solve exactly what coverage.csv says.
"""

from __future__ import annotations

import csv
import subprocess
import sys
from collections import Counter
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


def _published_rows() -> list[tuple[Path, ResultRow]]:
    return [(folder, row) for folder in RESULTS for row in read_rows(folder / "coverage.csv")]


#: Renaming heavy's 8 MB of tasks takes 20 s: its own suite stands for its renamed variants in the sample.
SLOW_TO_RENAME = {"heavy"}
#: The Learning Track's domains the sample reproduces: two whose 90 test tasks run in seconds (the others
#: take up to minutes each; scripts/verify_results.py and `pytest --all-results` reproduce every one).
SAMPLED_LEARNING = {"ferry", "childsnack"}


def sampled_rows(rows: list[tuple[Path, ResultRow]]) -> list[tuple[Path, ResultRow]]:
    """One row per results folder and domain, so that the suite stays within minutes while every suite
    kind and preset is reproduced somewhere: domains with the fewest rows choose first, each the row whose
    suite kind and preset were chosen least often so far. ``pytest --all-results`` takes every row."""
    out = []
    for folder in RESULTS:
        by_domain: dict[str, list[ResultRow]] = {}
        for f, row in rows:
            if f == folder:
                by_domain.setdefault(row.domain, []).append(row)
        used: Counter[str] = Counter()
        for domain in sorted(by_domain, key=lambda d: (len(by_domain[d]), d)):
            if domain not in SAMPLED_LEARNING and all(_kind(r) == "ipc2023" for r in by_domain[domain]):
                continue
            options = [r for r in by_domain[domain] if domain not in SLOW_TO_RENAME or _kind(r) == "paper"]
            pick = min(
                options or by_domain[domain], key=lambda r: (used[_kind(r)] + used[r.preset], r.suite, r.preset, r.seed)
            )
            used.update([_kind(pick), pick.preset])
            out.append((folder, pick))
    return out


def _kind(row: ResultRow) -> str:
    parts = row.suite.split("/")
    if parts[0] == "ipc2023":
        return "ipc2023"
    return parts[2] if len(parts) > 2 else "paper"


def pytest_generate_tests(metafunc: pytest.Metafunc) -> None:
    if "published" in metafunc.fixturenames:
        rows = _published_rows()
        chosen = rows if metafunc.config.getoption("--all-results") else sampled_rows(rows)
        ids = [f"{f.name}:{r.suite}:{r.preset}:s{r.seed}" for f, r in chosen]
        metafunc.parametrize("published", chosen, ids=ids)


def test_the_sample_covers_every_domain_suite_kind_and_preset() -> None:
    rows = _published_rows()
    sample = sampled_rows(rows)
    slow = {(f, r.domain) for f, r in rows if _kind(r) == "ipc2023" and r.domain not in SAMPLED_LEARNING}
    assert sorted({(f, r.domain) for f, r in sample}) == sorted({(f, r.domain) for f, r in rows} - slow)
    assert len(sample) == len({(f, r.domain) for f, r in sample})
    kept = [(f, r) for f, r in rows if (f, r.domain) not in slow]
    for key in (lambda r: r.domain, lambda r: r.preset, _kind):
        assert {key(r) for _, r in sample} == {key(r) for _, r in kept}


@pytest.mark.slow
def test_a_published_figure_is_reproduced(published: tuple[Path, ResultRow], request: pytest.FixtureRequest,
                                          tmp_path: Path) -> None:  # fmt: skip
    """A published coverage figure (and quality, for the Learning Track), recomputed from the committed
    program and the data, as ``scripts/verify_results.py`` does for every row."""
    folder, row = published
    program = folder / "programs" / row.program_name
    assert program.is_file(), f"coverage.csv has a row for {program}, which is missing"
    if _kind(row) == "ipc2023":
        suite = rebuild_suite(row.suite, None, tmp_path / "work", COSTUMES, request.getfixturevalue("learning_root"))
    else:
        suite = rebuild_suite(row.suite, request.getfixturevalue("reference_root"), tmp_path / "work", COSTUMES)
    check = verify_row(row, program, suite, cache_dir=tmp_path / "cache")
    assert (check.solved, check.total) == (row.solved, row.total), f"{row.suite} {row.preset}: now {check.solved}"
    assert check.ok, f"{row.suite}: quality {row.quality}, now {check.quality}"
