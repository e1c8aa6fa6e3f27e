"""The builtin suites in ``pddl_benchmarks/`` and the code that builds suites.

The committed suites must load, hold as many tasks as the paper's Table 8, ship valid optimal plans for
their 6 debugging tasks, and span the reference's sizes; ``scripts/make_benchmarks.py`` must rebuild
them byte for byte whatever ``PYTHONHASHSEED`` is; ``genplan benchmarks generate`` must write usable
suites and turn impossible requests into one-paragraph errors.
"""

from __future__ import annotations

import json
import os
import random
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from genplan.benchmarks.build import (
    BuildError,
    Optimal,
    compare_folders,
    draw,
    parse_assignments,
    recorded_optimal,
    select_debug,
)
from genplan.benchmarks.recipes import DEBUG_POOL, RECIPES, debug_pool_sizes, heldout_sizes, shape
from genplan.benchmarks.registry import resolve_suite
from genplan.benchmarks.stats import PAPER_TABLE8, tables, ten_x_timing, timing_table
from genplan.generators import GeneratorError, generator_module
from genplan.generators.domains import BENCHMARKS_DIR, builtin_domain_path
from genplan.validate import validate
from tests.conftest import DOMAINS

REPO = Path(__file__).resolve().parent.parent
SCRIPT = REPO / "scripts" / "make_benchmarks.py"


def sources(domain: str) -> dict:
    return json.loads((BENCHMARKS_DIR / domain / "sources.json").read_text())


# ---------------------------------------------------------------------------------- the committed suites
@pytest.mark.parametrize("domain", DOMAINS)
def test_every_builtin_suite_loads_with_the_papers_counts(domain: str) -> None:
    suite = resolve_suite(domain)
    n = PAPER_TABLE8[domain][0]
    assert suite.layout == "genplan" and suite.domain_name == domain
    assert len(suite.split.heldout) == n == RECIPES[domain].heldout
    assert len(suite.split.debug) == 6
    ids = [t for t, _ in suite.problems]
    assert ids == [f"p{k:03d}" for k in range(1, n + 7)]
    assert set(suite.split.debug) | set(suite.split.heldout) == set(ids)
    assert not set(suite.split.debug) & set(suite.split.heldout)
    assert [seed for seed, _ in suite.split.prompt] == [1, 2, 3]
    for seed in (1, 2, 3):
        pair = suite.split.prompt_tasks(seed)
        assert len(pair) == 2 and len(set(pair)) == 2 and set(pair) <= set(suite.split.debug)
    assert builtin_domain_path(domain).read_text()  # the hand-written domain file sits beside the tasks


@pytest.mark.parametrize("domain", DOMAINS)
def test_debugging_tasks_ship_valid_plans_of_their_recorded_optimal_length(domain: str) -> None:
    suite = resolve_suite(domain)
    recorded = {c["task"]: c["optimal_length"] for c in sources(domain)["candidates"] if c["task"]}
    assert sorted(recorded) == sorted(suite.split.debug)
    assert sorted(t for t, _ in suite.plans) == sorted(suite.split.debug)  # plans for exactly the debug tasks
    lengths = []
    for task_id in suite.split.debug:
        task, plan = suite.task(task_id), suite.shipped_plan(task_id)
        assert plan, task_id
        assert validate(task, plan).valid, task_id
        assert len(plan) == recorded[task_id]
        lengths.append(len(plan))
        # An optimal plan has no redundant step: leaving out any single one breaks it.
        for i in range(len(plan)):
            assert not validate(task, plan[:i] + plan[i + 1 :]).valid, (task_id, i)
    # The selection rule: 6 of the 16 small candidates, each solved with a non-empty optimal plan among the
    # shorter half of the candidates' plans (at least 6).
    candidates = sources(domain)["candidates"]
    solved = sorted(c["optimal_length"] for c in candidates if c["optimal_length"])
    assert len(candidates) == DEBUG_POOL and all(n >= 1 for n in lengths)
    assert max(lengths) <= solved[max(6, (len(solved) + 1) // 2) - 1]
    stats = suite.extra["stats"]
    assert stats["optimal_length_debug"] == [min(lengths), max(lengths)]


@pytest.mark.parametrize("domain", DOMAINS)
def test_sizes_span_the_reference_ranges(domain: str) -> None:
    suite = resolve_suite(domain)
    meta = sources(domain)["tasks"]
    heldout = [meta[t]["objects"] for t in suite.split.heldout]
    debug = [meta[t]["objects"] for t in suite.split.debug]
    paper_min, paper_max = PAPER_TABLE8[domain][3][2:]
    # The held-out tasks reach the reference's smallest and largest sizes (visitall's 1-place task, whose
    # plan is empty, has no counterpart: the generator makes 2 places at least).
    # Grids come in whole rows and beluga's level numbers follow its random part sizes, so a size may be
    # missed by a few objects.
    assert abs(min(heldout) - paper_min) <= max(3, 0.05 * paper_min), (min(heldout), paper_min)
    assert abs(max(heldout) - paper_max) <= max(3, 0.1 * paper_max), (max(heldout), paper_max)
    lo, hi = RECIPES[domain].debug_range
    assert lo - max(3, 0.05 * lo) <= min(debug) and max(debug) <= hi + max(3, 0.05 * hi)
    stats = suite.extra["stats"]
    assert stats["objects_heldout"] == [min(heldout), max(heldout)]
    assert stats["objects_debug"] == [min(debug), max(debug)]
    assert stats["tasks"] == len(suite.problems)
    # Recorded sizes are the real ones (checked on the debugging tasks and the extremes).
    for task_id in [*suite.split.debug, suite.split.heldout[0], suite.split.heldout[-1]]:
        assert suite.task(task_id).size == meta[task_id]["objects"]


@pytest.mark.slow
@pytest.mark.parametrize("domain", DOMAINS)
def test_every_builtin_task_parses_with_its_recorded_size(domain: str) -> None:
    suite = resolve_suite(domain)
    meta = sources(domain)["tasks"]
    digests = set()
    for task_id, _ in suite.problems:
        task = suite.task(task_id)
        assert task.size == meta[task_id]["objects"]
        assert task.name == f"{domain}-{task_id}"
        assert not task.goal <= task.init  # nothing is solved by doing nothing
        digests.add((task.objects, task.init, task.goal))
    assert len(digests) == len(suite.problems)  # no two tasks are the same
    sizes = [meta[t]["objects"] for t, _ in suite.problems]
    assert sizes == sorted(sizes)  # named by size


def test_table8_counts_match_the_reference_data(reference_root: Path) -> None:
    for domain in DOMAINS:
        final = json.loads((reference_root / domain / "seed_splits_eval.json").read_text())["split_eval_final"]
        assert len(final) == PAPER_TABLE8[domain][0] == RECIPES[domain].heldout
        assert len(list((reference_root / domain / "problems").glob("*.pddl"))) == len(final) + 6


@pytest.mark.slow
def test_recipes_match_the_reference_sizes(reference_root: Path) -> None:
    """The recipes' size statistics are what the reference data holds (and what Table 8 says)."""
    from genplan.pddl import parse_domain, parse_problem

    for domain in DOMAINS:
        ref_domain = parse_domain(reference_root / domain / "domain.pddl")
        final = json.loads((reference_root / domain / "seed_splits_eval.json").read_text())["split_eval_final"]
        sizes = sorted(parse_problem(reference_root / domain / "problems" / t, ref_domain).size for t in final)
        debug = [
            parse_problem(reference_root / domain / "problems" / f"instance-{k}.pddl", ref_domain).size
            for k in range(6)
        ]
        r = RECIPES[domain]
        assert (sizes[0], sizes[-1]) == (r.heldout_quantiles[0], r.heldout_quantiles[-1]) == PAPER_TABLE8[domain][3][2:]
        assert sizes[(len(sizes) - 1) // 2] == r.heldout_quantiles[3]  # the median
        if domain != "spanner":  # spanner's 46-object outlier is left out on purpose (see recipes.py)
            assert (min(debug), max(debug)) == r.debug_range


# ------------------------------------------------------------------------------------------- the recipes
@pytest.mark.parametrize("domain", DOMAINS)
def test_recipe_sizes_follow_the_reference_quantiles(domain: str) -> None:
    r = RECIPES[domain]
    sizes = heldout_sizes(r)
    assert len(sizes) == r.heldout and sizes == sorted(sizes)
    assert (sizes[0], sizes[-1]) == (r.heldout_quantiles[0], r.heldout_quantiles[-1])
    median = sizes[len(sizes) // 2]
    assert abs(median - r.heldout_quantiles[3]) <= max(2, 0.15 * r.heldout_quantiles[3])
    pool = debug_pool_sizes(r)
    assert len(pool) == DEBUG_POOL and (pool[0], pool[-1]) == r.debug_range


@pytest.mark.parametrize("domain", DOMAINS)
def test_shapes_are_valid_and_vary(domain: str) -> None:
    size = RECIPES[domain].heldout_quantiles[4]
    shapes = set()
    for k in range(12):
        params = shape(domain, size, random.Random(f"test/{k}"))
        params.check()
        shapes.add(params)
    module = generator_module(domain)
    assert shapes == {module.params_for_size(size)} or len(shapes) > 1


def test_drawn_tasks_are_all_different_even_where_few_exist() -> None:
    seen: set[str] = set()
    tasks = draw("visitall", [2] * 6, "heldout", seen)  # a 2 x 1 grid has only 2 tasks: sizes must grow
    assert len({d.digest for d in tasks}) == 6 == len(seen)
    assert tasks[0].task.size == 2 and max(d.task.size for d in tasks) > 2


def test_debugging_draw_needs_six_solved_candidates() -> None:
    candidates = draw("ferry", [5] * 8, "candidate", set())
    solved = [Optimal(3)] * 5 + [Optimal(None), Optimal(0), Optimal(None)]
    with pytest.raises(BuildError, match="Only 5 of the 8"):
        select_debug("ferry", candidates, solved)
    chosen = select_debug("ferry", candidates, [Optimal(4)] * 8)
    assert chosen == select_debug("ferry", candidates, [Optimal(4)] * 8) and len(chosen) == 6
    # Only the shorter optimal plans are eligible: with lengths 1..8, exactly the 6 shortest.
    assert select_debug("ferry", candidates, [Optimal(n) for n in range(8, 0, -1)]) == [2, 3, 4, 5, 6, 7]
    pool = draw("ferry", [5] * 16, "candidate", set())
    chosen = select_debug("ferry", pool, [Optimal(n) for n in range(1, 17)])
    assert len(chosen) == 6 and max(chosen) <= 7 and chosen != list(range(6))  # among the 8 shortest, at random


def test_recorded_lengths_refuse_a_task_they_do_not_know() -> None:
    other = draw("ferry", [30], "elsewhere", set())[0].task
    with pytest.raises(BuildError, match="does not know"):
        recorded_optimal(BENCHMARKS_DIR / "ferry")([other])


# ------------------------------------------------------------------------------------ byte-for-byte rebuild
def _script(*args: str, hashseed: str = "0", cache: Path | None = None) -> subprocess.CompletedProcess:
    env = {**os.environ, "PYTHONHASHSEED": hashseed}
    if cache is not None:
        env["GENPLAN_CACHE_DIR"] = str(cache)
    return subprocess.run(
        [sys.executable, str(SCRIPT), *args], capture_output=True, text=True, cwd=REPO, env=env, timeout=600
    )


def test_rebuild_is_byte_identical_whatever_the_hash_seed(tmp_path: Path) -> None:
    """Rebuilt with the recorded optimal lengths (no planner), ferry and blocksworld come out identical."""
    domains = ("ferry", "blocksworld")
    for hashseed in ("1", "987"):
        out = tmp_path / hashseed
        done = _script("--domains", *domains, "--recorded", "--out", str(out), hashseed=hashseed)
        assert done.returncode == 0, done.stderr
        for domain in domains:
            assert compare_folders(BENCHMARKS_DIR / domain, out / domain) == []
            assert (out / domain / "domain.pddl").read_bytes() == builtin_domain_path(domain).read_bytes()
    check = _script("--check", "--recorded", "--domains", "ferry", hashseed="5")
    assert check.returncode == 0 and "identical" in check.stdout


def test_comparison_reports_every_kind_of_difference(tmp_path: Path) -> None:
    copy = tmp_path / "ferry"
    shutil.copytree(BENCHMARKS_DIR / "ferry", copy)
    assert compare_folders(BENCHMARKS_DIR / "ferry", copy) == []
    (copy / "problems" / "p001.pddl").write_text((copy / "problems" / "p001.pddl").read_text() + " ")
    (copy / "plans" / "p999.plan").write_text("(noop)\n")
    (copy / "split.json").unlink()
    assert compare_folders(BENCHMARKS_DIR / "ferry", copy) == [
        "missing split.json",
        "unexpected plans/p999.plan",
        "differs problems/p001.pddl",
    ]


@pytest.mark.slow
def test_rebuild_with_fast_downward_reproduces_the_shipped_plans(tmp_path: Path) -> None:
    """The full path: a fresh plan cache, A* with LM-cut on every candidate, byte-identical files."""
    done = _script("--check", "--domains", "ferry", "blocksworld", "--jobs", "2", cache=tmp_path / "cache")
    assert done.returncode == 0, done.stdout + done.stderr
    assert "identical" in done.stdout


# -------------------------------------------------------------------------------------------- statistics
def test_stats_tables_put_paper_and_ours_side_by_side() -> None:
    from genplan.benchmarks.stats import DomainStats

    row = DomainStats("ferry", 6, 275, (5, 6), (5, 116), (3, 7), (3, 8), (4, 300), tried_heldout=3)
    text = tables([row], "ff")
    assert "| ferry | 275 | 275 | 8 | 6 |" in text
    assert "| 5-116 | 5-116 |" in text
    assert "| 7 | 5 (3-7) | 7 | 6 | 104 | 152 | 4-301 | 4-300 | 2/3 |" in text
    timing = ten_x_timing(["ferry"])
    assert timing[0].objects >= 1100
    assert "| ferry | 10 x 116 |" in timing_table(timing)


# ------------------------------------------------------------------------------------ genplan benchmarks generate
def genplan(monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture, *args: str) -> tuple[int, str, str]:
    """Run the CLI in-process as a user would (through its error-printing entry point)."""
    from genplan import cli

    monkeypatch.setattr(sys, "argv", ["genplan", *args])
    with pytest.raises(SystemExit) as done:
        cli.main()
    out, err = capsys.readouterr()
    return done.value.code, " ".join(out.split()), " ".join(err.split())


def test_generate_writes_a_usable_suite(tmp_path: Path, monkeypatch, capsys) -> None:
    out = tmp_path / "big-ferry"
    code, stdout, _ = genplan(monkeypatch, capsys, "benchmarks", "generate", "ferry", "--seed", "3", "--size", "40",
                              "--count", "3", "--out", str(out))  # fmt: skip
    assert code == 0
    assert "p001" in stdout and "p003" in stdout and f"--suite {out}" in stdout
    suite = resolve_suite("ferry", str(out))
    assert suite.domain_name == "ferry" and suite.split.heldout == ("p001", "p002", "p003") and not suite.split.debug
    assert all(abs(suite.task(t).size - 40) <= 2 for t in suite.split.heldout)
    assert (out / "domain.pddl").read_bytes() == builtin_domain_path("ferry").read_bytes()
    assert json.loads((out / "sources.json").read_text())["tasks"]["p002"]["seed"] == 4
    # Same command, same bytes; and a rerun may replace a suite this command wrote.
    again = tmp_path / "again"
    genplan(monkeypatch, capsys, "benchmarks", "generate", "ferry", "--seed", "3", "--size", "40", "--count", "3",
            "--out", str(again))  # fmt: skip
    assert compare_folders(out, again) == []
    code, _, _ = genplan(monkeypatch, capsys, "benchmarks", "generate", "ferry", "--size", "10", "--out", str(out))
    assert code == 0 and [t for t, _ in resolve_suite("ferry", str(out)).problems] == ["p001"]


def test_generate_parameters_and_debugging_tasks(tmp_path: Path, monkeypatch, capsys) -> None:
    out = tmp_path / "s"
    code, stdout, _ = genplan(monkeypatch, capsys, "benchmarks", "generate", "spanner", "--param", "nuts=4",
                              "--param", "spanners=6", "--param", "locations=9", "--count", "4", "--debug", "2",
                              "--out", str(out))  # fmt: skip
    assert code == 0 and "debug" in stdout
    suite = resolve_suite("spanner", str(out))
    assert len(suite.split.debug) == 2 and len(suite.split.heldout) == 2
    assert suite.split.prompt_tasks(1) == suite.split.prompt_tasks(3) == tuple(sorted(suite.split.debug))
    task = suite.task("p001")
    assert task.size == 1 + 11 + 4 + 6  # bob, shed + 9 + gate, nuts, spanners
    assert parse_assignments("hiking", ["water=0.25", "trail-length=7"]) == {"water": 0.25, "trail_length": 7}


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (("spanner", "--param", "nuts=9", "--param", "spanners=3"), "Pass spanners >= nuts"),
        (("spanner", "--size", "-3"), "positive integer"),
        (("spanner", "--size", "0"), "positive integer"),
        (("spanner", "--param", "nutz=3"), "Did you mean 'nuts'?"),
        (("spanner", "--param", "nuts"), "key=value"),
        (("spanner", "--param", "nuts=many"), "must be a number"),
        (("spanner", "--param", "nuts=2.5"), "must be an integer"),
        (("ferr", "--size", "10"), "Did you mean 'ferry'?"),
        (("ferry", "--count", "0"), "--count must be a whole number >= 1"),
        (("ferry", "--count", "2", "--debug", "3"), "more debugging tasks"),
        (("logistics", "--param", "cities=1", "--param", "city_size=1"), "single location"),
    ],
)
def test_generate_errors_are_one_paragraph(args, message, tmp_path: Path, monkeypatch, capsys) -> None:
    code, _, err = genplan(monkeypatch, capsys, "benchmarks", "generate", *args, "--out", str(tmp_path / "x"))
    assert code == 2, err
    assert message in err and "Traceback" not in err
    assert not (tmp_path / "x").exists()  # nothing written


def test_generate_refuses_to_overwrite_a_folder_it_did_not_write(tmp_path: Path, monkeypatch, capsys) -> None:
    (tmp_path / "notes.txt").write_text("mine")
    code, _, err = genplan(monkeypatch, capsys, "benchmarks", "generate", "ferry", "--out", str(tmp_path))
    assert code == 2 and "is not empty" in err
    assert sorted(p.name for p in tmp_path.iterdir()) == ["notes.txt"]


def test_generate_error_through_the_installed_command(tmp_path: Path) -> None:
    """The real entry point (a subprocess): exit code 2 and no traceback."""
    done = subprocess.run(
        [sys.executable, "-m", "genplan.cli", "benchmarks", "generate", "spanner", "--param", "nuts=5",
         "--param", "spanners=2", "--out", str(tmp_path / "x")],
        capture_output=True, text=True, cwd=tmp_path, timeout=120,
    )  # fmt: skip
    assert done.returncode == 2 and "Traceback" not in done.stderr
    assert "5 nuts and only 2 spanners" in " ".join(done.stderr.split())


def test_list_shows_counts_and_size_ranges_of_the_builtin_suites(tmp_path: Path) -> None:
    done = subprocess.run(
        [sys.executable, "-m", "genplan.cli", "benchmarks", "list", "--cache-dir", str(tmp_path)],
        capture_output=True, text=True, cwd=tmp_path, timeout=120, env={**os.environ, "COLUMNS": "200"},
    )  # fmt: skip
    assert done.returncode == 0, done.stderr
    rows = {line.split("│")[2].strip(): line for line in done.stdout.splitlines() if line.count("│") > 3}
    for domain in DOMAINS:
        cells = [c.strip() for c in rows[domain].split("│")[1:-1]]
        split = json.loads((BENCHMARKS_DIR / domain / "split.json").read_text())
        lo, hi = split["stats"]["objects_heldout"]
        assert cells[2:5] == [str(split["stats"]["tasks"]), "6", str(PAPER_TABLE8[domain][0])]
        assert cells[6] == f"{lo}-{hi}"
    assert isinstance(GeneratorError("x"), Exception)


def test_an_installed_copy_is_found_without_a_checkout(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A wheel puts the suites under <prefix>/share/genplan/pddl_benchmarks (pyproject's data-files)."""
    import genplan.generators.domains as domains

    (tmp_path / "share" / "ferry").mkdir(parents=True)
    (tmp_path / "share" / "ferry" / "domain.pddl").write_text("(define (domain ferry))")
    monkeypatch.setattr(domains, "INSTALLED_DIR", tmp_path / "share")
    assert domains._locate() == BENCHMARKS_DIR  # the checkout wins
    monkeypatch.setattr(domains, "CHECKOUT_DIR", tmp_path / "no-checkout")
    assert domains._locate() == tmp_path / "share"
    pyproject = (REPO / "pyproject.toml").read_text()
    for domain in DOMAINS:
        assert (
            f'"share/genplan/pddl_benchmarks/{domain}/problems" = ["pddl_benchmarks/{domain}/problems/*.pddl"]'
            in pyproject
        )
