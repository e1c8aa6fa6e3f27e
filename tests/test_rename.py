"""Renamed variants: a plan is valid on the original exactly when its renamed plan is valid on the variant."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from genplan.benchmarks.domains import builtin_domain_path
from genplan.benchmarks.rename import anonymizer, load_costume, rename_plan, write_variant
from genplan.benchmarks.suites import SuiteError, load_suite_dir
from genplan.generators import ferry
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
