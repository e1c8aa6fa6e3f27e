"""Suites, splits and the registry: builtin, imported (the paper's layout) and their errors."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from genplan.benchmarks.registry import import_dataset, load_registry, resolve_suite
from genplan.benchmarks.suites import SuiteError, load_suite_dir
from tests.conftest import DOMAINS

DOMAIN = "(define (domain tiny) (:predicates (p ?x)) (:action a :parameters (?x) :precondition () :effect (p ?x)))"


def _tiny_suite(root: Path, n: int = 8) -> Path:
    (root / "problems").mkdir(parents=True)
    (root / "domain.pddl").write_text(DOMAIN)
    for k in range(n):
        (root / "problems" / f"instance-{k}.pddl").write_text(
            f"(define (problem i{k}) (:domain tiny) (:objects o{k}) (:init) (:goal (p o{k})))"
        )
    return root


def _paper_split(root: Path, debug: list[str], evals: list[str]) -> None:
    seeds = {
        f"{s}-2-4-25": {"prompt": [f"{t}.pddl" for t in debug[2 * (s - 1) : 2 * s]],
                        "validate": [f"{t}.pddl" for t in debug if t not in debug[2 * (s - 1) : 2 * s]],
                        "eval": [f"{t}.pddl" for t in evals]}
        for s in (1, 2, 3)
    }  # fmt: skip
    (root / "seed_splits.json").write_text(json.dumps(seeds))
    (root / "seed_splits_eval.json").write_text(json.dumps({"split_eval_final": [f"{t}.pddl" for t in evals]}))


def test_paper_layout_suite(tmp_path: Path) -> None:
    root = _tiny_suite(tmp_path / "tiny")
    debug = [f"instance-{k}" for k in range(6)]
    _paper_split(root, debug, ["instance-6", "instance-7"])
    suite = load_suite_dir(root)
    assert suite.layout == "paper"
    assert suite.split.debug == tuple(debug)
    assert suite.split.prompt_tasks(1) == ("instance-0", "instance-1")
    assert suite.split.prompt_tasks(3) == ("instance-4", "instance-5")
    assert suite.split.heldout == ("instance-6", "instance-7")
    assert suite.task("instance-7").goal == frozenset({("p", "o7")})


def test_genplan_layout_and_registry(tmp_path: Path) -> None:
    root = _tiny_suite(tmp_path / "data" / "tiny")
    (root / "split.json").write_text(json.dumps({
        "debug": [f"instance-{k}" for k in range(6)],
        "prompt": {"1": ["instance-0", "instance-1"]},
        "heldout": ["instance-6", "instance-7"],
    }))  # fmt: skip
    entry = import_dataset(tmp_path / "data", name="mine", cache_dir=tmp_path / "cache")
    assert entry.domains["tiny"]["tasks"] == 8
    assert entry.domains["tiny"]["objects_heldout"] == [1, 1]
    assert "mine" in load_registry(tmp_path / "cache")
    suite = resolve_suite("tiny", "mine", cache_dir=tmp_path / "cache")
    assert suite.split.heldout == ("instance-6", "instance-7")
    # A path works wherever a name does.
    assert resolve_suite("tiny", str(tmp_path / "data"), cache_dir=tmp_path / "cache").split == suite.split


def test_inconsistent_splits_are_reported(tmp_path: Path) -> None:
    root = _tiny_suite(tmp_path / "tiny")
    (root / "split.json").write_text(json.dumps({"debug": ["instance-0"], "heldout": ["instance-0"]}))
    with pytest.raises(SuiteError, match="both for debugging and for held-out"):
        load_suite_dir(root)
    (root / "split.json").write_text(json.dumps({"debug": ["instance-0"], "heldout": ["instance-99"]}))
    with pytest.raises(SuiteError, match="without a problem file"):
        load_suite_dir(root)
    (root / "split.json").write_text("{not json")
    with pytest.raises(SuiteError, match="not valid JSON"):
        load_suite_dir(root)
    (root / "split.json").unlink()
    with pytest.raises(SuiteError, match="no split file"):
        load_suite_dir(root)


def test_unknown_names_suggest_the_closest(tmp_path: Path) -> None:
    with pytest.raises(SuiteError, match="Unknown suite 'nowhere'"):
        resolve_suite("ferry", "nowhere", cache_dir=tmp_path)
    root = _tiny_suite(tmp_path / "data" / "tiny")
    _paper_split(root, [f"instance-{k}" for k in range(6)], ["instance-6"])
    import_dataset(tmp_path / "data", name="set", cache_dir=tmp_path / "c")
    with pytest.raises(SuiteError, match="Did you mean 'tiny'"):
        resolve_suite("tiyn", "set", cache_dir=tmp_path / "c")


def test_import_rejects_a_folder_without_suites(tmp_path: Path) -> None:
    (tmp_path / "empty").mkdir()
    with pytest.raises(SuiteError, match="holds no suite"):
        import_dataset(tmp_path / "empty", cache_dir=tmp_path / "c")


@pytest.mark.slow
def test_import_reference_dataset_splits_equal_files(reference_root: Path, tmp_path: Path) -> None:
    """Importing the paper's 17-domain dataset reproduces its split files exactly, for every domain."""
    entry = import_dataset(reference_root, name="genplan17", cache_dir=tmp_path)
    assert sorted(entry.domains) == sorted(DOMAINS)
    for domain in DOMAINS:
        suite = resolve_suite(domain, "genplan17", cache_dir=tmp_path)
        files = json.loads((reference_root / domain / "seed_splits.json").read_text())
        final = json.loads((reference_root / domain / "seed_splits_eval.json").read_text())["split_eval_final"]
        assert sorted(suite.split.heldout) == sorted(t.removesuffix(".pddl") for t in final)
        for key, entry_ in files.items():
            seed = int(key.split("-")[0])
            assert suite.split.prompt_tasks(seed) == tuple(t.removesuffix(".pddl") for t in entry_["prompt"])
            assert set(suite.split.debug) == {t.removesuffix(".pddl") for t in entry_["prompt"] + entry_["validate"]}
            assert sorted(suite.split.heldout) == sorted(t.removesuffix(".pddl") for t in entry_["eval"])
        assert entry.domains[domain]["debug"] == 6
        assert entry.domains[domain]["tasks"] == 6 + len(final)


def test_import_reports_a_broken_problem(reference_root: Path, tmp_path: Path) -> None:
    copy = tmp_path / "ferry"
    shutil.copytree(reference_root / "ferry", copy)
    (copy / "problems" / "instance-7.pddl").write_text("(define (problem x) (:domain ferry) (:init (at c0 l0))")
    with pytest.raises(Exception, match=r"instance-7\.pddl.*never closed"):
        import_dataset(copy, cache_dir=tmp_path / "c")
