"""Renamed variants: a plan is valid on the original exactly when its renamed plan is valid on the variant."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from genplan.benchmarks.rename import anonymizer, load_costume, original_names, rename_plan, write_variant
from genplan.benchmarks.suites import SuiteError, load_suite_dir
from genplan.generators import ferry
from genplan.generators.domains import builtin_domain_path
from genplan.pddl.writer import write_problem
from genplan.planners import plan as fd_plan
from genplan.validate import validate


@pytest.fixture(scope="module")
def suite(tmp_path_factory: pytest.TempPathFactory):
    root = tmp_path_factory.mktemp("s") / "ferry"
    (root / "problems").mkdir(parents=True)
    shutil.copy(builtin_domain_path("ferry"), root / "domain.pddl")
    for k in range(8):
        task = ferry.generate(ferry.Params(locations=3, cars=2 + k % 3), seed=k, name=f"instance-{k}")
        (root / "problems" / f"instance-{k}.pddl").write_text(write_problem(task))
    (root / "split.json").write_text(json.dumps({"debug": [f"instance-{k}" for k in range(6)],
                                                 "heldout": ["instance-6", "instance-7"]}))  # fmt: skip
    return load_suite_dir(root)


def _mutations(plan: list[str]) -> list[list[str]]:
    return [plan, plan[:-1], plan[1:], plan[::-1], [*plan, plan[0]], []]


@pytest.mark.parametrize("kind", ["anonymized", "costumed"])
def test_validity_is_preserved(suite, tmp_path: Path, kind: str) -> None:
    if kind == "anonymized":
        renaming = anonymizer(suite.domain)
    else:
        names = tmp_path / "map.toml"
        names.write_text(
            'domain = "squirrel"\n[predicates]\non = "in-cheeks"\nat-ferry = "squirrel-at"\n'
            '[actions]\nsail = "jump"\nboard = "grab"\n[object_prefixes]\nc = "nut"\nl = "tree"\n'
        )
        renaming = load_costume(names, suite.domain)
    variant = load_suite_dir(write_variant(suite, renaming, tmp_path / "variant", kind))
    assert variant.split.debug == suite.split.debug
    text = variant.domain_path.read_text()
    for word in ("sail", "board", "at-ferry") if kind == "anonymized" else ("sail", "board"):
        assert f"({word} " not in text and f" {word}\n" not in text
    checked = 0
    for task_id in suite.split.debug:
        task = suite.task(task_id)
        result = fd_plan(task, "lama-first", time_limit=20, cache_dir=tmp_path / "c")
        assert result.status == "solved"
        for plan in _mutations(list(result.plan)):
            renamed = rename_plan(plan, task, renaming)
            assert validate(task, plan).valid == validate(variant.task(task_id), renamed).valid
            checked += 1
    assert checked == 36


def test_bad_rename_maps(suite, tmp_path: Path) -> None:
    names = tmp_path / "map.toml"
    names.write_text('[actions]\nfly = "x"\n')
    with pytest.raises(SuiteError, match="does not have: fly"):
        load_costume(names, suite.domain)
    names.write_text('[actions]\nsail = "x"\nboard = "x"\n')
    with pytest.raises(SuiteError, match="same name"):
        write_variant(suite, load_costume(names, suite.domain), tmp_path / "v", "costumed")


PDDL_WORDS = {"define", "domain", "problem", "requirements", "strips", "typing", "types", "predicates", "action",
              "parameters", "precondition", "effect", "and", "not", "objects", "init", "goal", "constants",
              "object", "either", "negative-preconditions", "equality"}  # fmt: skip


def _leaks(variant_root: Path, names: set[str]) -> list[tuple[str, str]]:
    """(file, name) for every original name found in a file of the variant, or in a file's name: as a whole
    word, or as a hyphen- or underscore-separated part of one (``miconic`` in ``miconic-p001``)."""
    from genplan.benchmarks.rename import _name_parts

    found = []
    for path in sorted(variant_root.rglob("*")):
        words = _name_parts(str(path.relative_to(variant_root)))
        if path.is_file():
            words |= _name_parts(path.read_text())
        found += [(str(path.relative_to(variant_root)), n) for n in sorted(words & names)]
    return found


@pytest.mark.parametrize("domain", ["ferry", "miconic", "rovers", "beluga"])
def test_an_anonymized_suite_keeps_no_original_name(domain: str, tmp_path: Path) -> None:
    """Domain, types, predicates, actions, constants, objects, problem names, task ids, split: no original
    name of any kind survives, in any file of the anonymized suite or in a file's name."""
    from genplan.benchmarks.registry import resolve_suite
    from genplan.benchmarks.rename import original_names

    source = resolve_suite(domain)
    names = original_names(source) - PDDL_WORDS
    assert source.domain.name in names and f"{domain}-p001" in names  # the problem names are counted
    variant = load_suite_dir(write_variant(source, anonymizer(source.domain), tmp_path / "anon", "anonymized"))
    assert _leaks(tmp_path / "anon", names) == []
    assert len(variant.problems) == len(source.problems) and variant.split.debug == source.split.debug
    assert all(variant.task(t).name.startswith("problem_") for t in variant.split.debug)
    # The check itself finds a leak: the unrenamed suite is full of them.
    assert _leaks(source.root, names)


def test_task_ids_that_name_the_domain_are_numbered(tmp_path: Path) -> None:
    root = tmp_path / "ferry"
    (root / "problems").mkdir(parents=True)
    shutil.copy(builtin_domain_path("ferry"), root / "domain.pddl")
    ids = [f"ferry-l3-c{k}" for k in range(8)]
    for k, task_id in enumerate(ids):
        task = ferry.generate(ferry.Params(locations=3, cars=2 + k % 3), seed=k, name=task_id)
        (root / "problems" / f"{task_id}.pddl").write_text(write_problem(task))
    (root / "split.json").write_text(json.dumps({"debug": ids[:6], "prompt": {"1": ids[:2]}, "heldout": ids[6:]}))
    source = load_suite_dir(root)
    variant = load_suite_dir(write_variant(source, anonymizer(source.domain), tmp_path / "anon", "anonymized"))
    assert sorted(t for t, _ in variant.problems) == sorted(f"task_{k}" for k in range(1, 9))
    assert variant.split.prompt_tasks(1) == ("task_1", "task_2") and variant.split.heldout == ("task_7", "task_8")
    assert _leaks(tmp_path / "anon", original_names(source) - PDDL_WORDS) == []
    # A costume keeps the ids: it renames what the user's map says, nothing more.
    names = tmp_path / "map.toml"
    names.write_text('[actions]\nsail = "jump"\n')
    costumed = load_suite_dir(write_variant(source, load_costume(names, source.domain), tmp_path / "c", "costumed"))
    assert sorted(t for t, _ in costumed.problems) == sorted(ids)


def test_the_anonymize_command_registers_where_the_variant_came_from(tmp_path: Path) -> None:
    """The suite folder names no source; the registry (outside it) does, for the generalization check."""
    import subprocess
    import sys

    from genplan.benchmarks.registry import load_registry

    out = tmp_path / "m"
    cmd = [sys.executable, "-m", "genplan.cli", "benchmarks", "anonymize", "miconic", "--out", str(out),
           "--cache-dir", str(tmp_path / "cache")]  # fmt: skip
    done = subprocess.run(cmd, capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    assert "miconic" not in (out / "split.json").read_text()
    entry = load_registry(tmp_path / "cache")["m"]
    assert entry.domains["m"]["renamed_from"] == "miconic" and entry.domains["m"]["renaming"]["number_problems"]
