"""The childsnack generator, an extra domain (not among the 17 builtin suites): genplan's own formulation in
``genplan/generators/pddl/childsnack.pddl``, tasks of the IPC 2023 Learning Track's kind, reached from the
Learning Track's suite through the ``ipc2023-childsnack`` dialect (tested with the published program in
``test_dialects.py``).

Checked here: the same task for the same parameters and seed (whatever ``PYTHONHASHSEED`` is), clear
errors for impossible parameters, the shape of the tasks against their parameters and against the
Learning Track's training tasks, solvability (the plan the module docstring describes, validated by
genplan's validator at every size and on every training task; Fast Downward on small tasks), sizes from
the smallest training task to the largest test task generated fast, and the commands that take a
generator domain (``benchmarks generate``, ``scale``, ``check``).
"""

from __future__ import annotations

import hashlib
import json
import os
import random
import re
import subprocess
import sys
import time
from collections import Counter
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest

from genplan.benchmarks.recipes import shape
from genplan.generators import EXTRA_GENERATOR_DOMAINS, GeneratorError, generator_module, make_params
from genplan.generators.domains import builtin_domain, builtin_domain_path
from genplan.pddl import parse_domain, parse_problem, write_problem
from genplan.pddl.model import Task
from genplan.validate import validate

REPO = Path(__file__).resolve().parent.parent
MODULE = generator_module("childsnack")
Params = MODULE.Params
KITCHEN = "kitchen"
PUBLISHED = REPO / "docs" / "results" / "2026-11-27-ipc2023" / "programs" / "childsnack-ipc2023-auto-s1.py"
#: The Learning Track's smallest training task and largest test task, in objects (the kitchen included).
SMALLEST_TRAINING, LARGEST_TEST = 7, 1327


def args(task: Task, predicate: str) -> list[tuple[str, ...]]:
    return sorted(f[1:] for f in task.init if f[0] == predicate)


def docstring_plan(task: Task) -> list[str]:
    """The plan of the module docstring: a gluten-free sandwich per allergic child, any sandwich per other
    child, all on the first tray in the kitchen, which then visits every table where somebody waits."""
    allergic = [c for (c,) in args(task, "allergic_gluten")]
    others = [c for (c,) in args(task, "not_allergic_gluten")]
    gf_bread = {b for (b,) in args(task, "no_gluten_bread")}
    gf_content = {c for (c,) in args(task, "no_gluten_content")}
    breads = [b for (b,) in args(task, "at_kitchen_bread")]
    contents = [c for (c,) in args(task, "at_kitchen_content")]
    names = [s for (s,) in args(task, "notexist")]
    tray = min(t for t, p in args(task, "at") if p == KITCHEN)
    place = {c: p for c, p in args(task, "waiting")}

    plan: list[str] = []
    sandwich_of: dict[str, str] = {}
    for child in allergic:
        bread = next(b for b in breads if b in gf_bread)
        content = next(c for c in contents if c in gf_content)
        breads.remove(bread)
        contents.remove(content)
        sandwich_of[child] = names.pop(0)
        plan.append(f"(make_sandwich_no_gluten {sandwich_of[child]} {bread} {content})")
    for child in others:
        sandwich_of[child] = names.pop(0)
        plan.append(f"(make_sandwich {sandwich_of[child]} {breads.pop(0)} {contents.pop(0)})")
    plan += [f"(put_on_tray {s} {tray})" for s in sandwich_of.values()]
    here = KITCHEN
    for table in sorted(set(place.values())):
        plan.append(f"(move_tray {tray} {here} {table})")
        here = table
        for child in sorted(c for c in sandwich_of if place[c] == table):
            action = "serve_sandwich_no_gluten" if child in allergic else "serve_sandwich"
            plan.append(f"({action} {sandwich_of[child]} {child} {tray} {table})")
    return plan


def assert_solved_by_the_docstring_plan(task: Task) -> None:
    verdict = validate(task, docstring_plan(task))
    assert verdict.valid, (task.name, verdict)


# ------------------------------------------------------------------------------------------ registration
def test_childsnack_is_an_extra_generator_domain_with_its_own_domain_file() -> None:
    assert "childsnack" in EXTRA_GENERATOR_DOMAINS
    assert builtin_domain_path("childsnack") == REPO / "genplan" / "generators" / "pddl" / "childsnack.pddl"
    domain = builtin_domain("childsnack")
    assert domain.typed and (KITCHEN, "place") in domain.constants
    assert MODULE.generate(Params(), 1).domain == domain


# ------------------------------------------------------------------------------------------ determinism
def test_same_seed_same_task_and_different_seeds_differ() -> None:
    texts = {seed: write_problem(MODULE.generate(MODULE.params_for_size(60), seed)) for seed in (0, 1, 2)}
    assert write_problem(MODULE.generate(MODULE.params_for_size(60), 0)) == texts[0]
    assert len(set(texts.values())) == 3


def _digest(hashseed: str) -> str:
    code = (
        "import hashlib\n"
        "from genplan.generators import generator_module\n"
        "from genplan.pddl import write_problem\n"
        "m = generator_module('childsnack')\n"
        "h = hashlib.sha256()\n"
        f"for size in {HASH_SIZES!r}:\n"
        "    for seed in (0, 7):\n"
        "        h.update(write_problem(m.generate(m.params_for_size(size), seed)).encode())\n"
        "print(h.hexdigest())\n"
    )
    env = {**os.environ, "PYTHONHASHSEED": hashseed}
    out = subprocess.run([sys.executable, "-c", code], cwd=REPO, env=env, capture_output=True, text=True, check=True)
    return out.stdout.strip()


HASH_SIZES = (7, 60, 400)


def test_generation_does_not_depend_on_pythonhashseed() -> None:
    h = hashlib.sha256()
    for size in HASH_SIZES:
        for seed in (0, 7):
            h.update(write_problem(MODULE.generate(MODULE.params_for_size(size), seed)).encode())
    assert {_digest(seed) for seed in ("1", "4242")} == {h.hexdigest()}


# ------------------------------------------------------------------------------------------ parameters
@pytest.mark.parametrize(
    ("values", "words"),
    [
        ({"allergic": 5, "non_allergic": 1, "gluten_free": 3}, "Not enough gluten-free ingredients"),
        ({"allergic": 0, "non_allergic": 0}, "at least 1 child"),
        ({"allergic": 3, "non_allergic": 3, "gluten_free": 3, "sandwiches": 5}, "Pass sandwiches >= allergic"),
        ({"allergic": 2, "non_allergic": 4, "gluten_free": 2, "with_gluten": 3}, "gluten_free + with_gluten"),
        ({"trays": 0}, "at least 1 tray, not 0. Pass trays >= 1"),
        ({"tables": 0}, "tables >= 1"),
        ({"with_gluten": -1}, "negative"),
        ({"sandwiches": 8.5}, "integer"),
        ({"allergic": True}, "integer"),
    ],
)
def test_impossible_parameters_are_rejected_clearly(values: dict[str, Any], words: str) -> None:
    with pytest.raises(GeneratorError) as err:
        make_params("childsnack", **values)
    assert words in err.value.render()
    with pytest.raises(GeneratorError):  # the module's own generate checks too
        MODULE.generate(replace(Params(), **values), 1)


def test_unknown_parameters_name_the_known_ones() -> None:
    with pytest.raises(GeneratorError) as err:
        make_params("childsnack", children=4)
    assert "non_allergic" in err.value.render()


# ------------------------------------------------------------------------------------------ kind of task
@pytest.mark.parametrize(
    "params",
    [
        Params(),
        Params(allergic=0, non_allergic=1, trays=1, sandwiches=1, tables=1, gluten_free=0, with_gluten=1),
        Params(allergic=9, non_allergic=0, trays=4, sandwiches=9, tables=2, gluten_free=9, with_gluten=0),
        Params(allergic=3, non_allergic=4, trays=2, sandwiches=12, tables=5, gluten_free=6, with_gluten=4),
    ],
)
def test_tasks_have_what_their_parameters_say(params: Any) -> None:
    task = MODULE.generate(params, 3)
    types = Counter(t for _, t in task.objects)
    children = params.allergic + params.non_allergic
    portions = params.gluten_free + params.with_gluten
    assert types == Counter({"child": children, "tray": params.trays, "sandwich": params.sandwiches,
                             "place": params.tables, "bread-portion": portions,
                             "content-portion": portions})  # fmt: skip
    assert task.size == sum(types.values()) + 1  # the kitchen
    assert len(args(task, "allergic_gluten")) == params.allergic
    assert len(args(task, "not_allergic_gluten")) == params.non_allergic
    assert len(args(task, "no_gluten_bread")) == len(args(task, "no_gluten_content")) == params.gluten_free
    assert len(args(task, "at_kitchen_bread")) == len(args(task, "at_kitchen_content")) == portions
    assert len(args(task, "notexist")) == params.sandwiches
    assert args(task, "at") == sorted((t, KITCHEN) for t, kind in task.objects if kind == "tray")
    waiting = args(task, "waiting")
    assert sorted(c for c, _ in waiting) == sorted(o for o, t in task.objects if t == "child")  # one table each
    assert {p for _, p in waiting} <= {o for o, t in task.objects if t == "place"}
    assert task.goal == frozenset(("served", c) for c, _ in waiting)
    assert set(Counter(f[0] for f in task.init)) <= {
        "allergic_gluten", "not_allergic_gluten", "waiting", "at", "notexist", "at_kitchen_bread",
        "at_kitchen_content", "no_gluten_bread", "no_gluten_content",
    }  # fmt: skip
    assert parse_problem(write_problem(task), builtin_domain("childsnack")) == task


def test_params_for_size_spans_the_learning_track() -> None:
    smallest = MODULE.generate(MODULE.params_for_size(1), 1)
    assert smallest.size == SMALLEST_TRAINING == MODULE.generate(MODULE.params_for_size(SMALLEST_TRAINING), 1).size
    largest = MODULE.params_for_size(LARGEST_TEST)
    assert abs(MODULE.generate(largest, 1).size - LARGEST_TEST) <= 5
    assert largest.allergic + largest.non_allergic >= 292 and largest.trays >= 10  # the hardest test task's
    sizes = [MODULE.generate(MODULE.params_for_size(s), 1).size for s in range(1, 1400, 7)]
    assert sizes == sorted(sizes)
    assert all(abs(s - n) <= 5 for s, n in zip(range(1, 1400, 7), sizes, strict=True) if s >= 13)


def test_the_largest_test_size_is_generated_fast() -> None:
    hardest = Params(allergic=147, non_allergic=145, trays=10, sandwiches=437, tables=3, gluten_free=147,
                     with_gluten=145)  # fmt: skip
    for params in (hardest, MODULE.params_for_size(LARGEST_TEST), MODULE.params_for_size(3 * LARGEST_TEST)):
        start = time.perf_counter()
        task = MODULE.generate(params, 5)
        assert time.perf_counter() - start < 0.5, task.size


# ------------------------------------------------------------------------------------------ solvable
@pytest.mark.parametrize("size", [1, 7, 13, 30, 100, 400, LARGEST_TEST])
def test_the_docstring_plan_solves_generated_tasks(size: int) -> None:
    for seed in (0, 1):
        assert_solved_by_the_docstring_plan(MODULE.generate(MODULE.params_for_size(size), seed))


def test_the_docstring_plan_solves_tasks_of_every_shape() -> None:
    """Shaped parameters (as the generalization check draws them) and the corners: no spare anything,
    everybody allergic, nobody allergic, one table, many trays."""
    rng = random.Random("childsnack-shapes")
    drawn = [shape("childsnack", size, rng) for size in (7, 9, 15, 40, 90, 250) for _ in range(5)]
    corners = [
        Params(allergic=12, non_allergic=0, trays=1, sandwiches=12, tables=1, gluten_free=12, with_gluten=0),
        Params(allergic=0, non_allergic=12, trays=6, sandwiches=12, tables=4, gluten_free=0, with_gluten=12),
        Params(allergic=2, non_allergic=5, trays=2, sandwiches=9, tables=3, gluten_free=7, with_gluten=0),
    ]
    for k, params in enumerate(drawn + corners):
        assert_solved_by_the_docstring_plan(MODULE.generate(params, k))


@pytest.mark.slow
def test_small_generated_tasks_are_solved_by_fast_downward(tmp_path: Path) -> None:
    from genplan.planners import plan

    for size in (7, 13, 25):
        for seed in (0, 1, 2):
            task = MODULE.generate(MODULE.params_for_size(size), seed)
            result = plan(task, "lama-first", time_limit=20, cache_dir=tmp_path)
            assert result.status == "solved", (task.name, result.message)
            assert result.plan and validate(task, list(result.plan)).valid


# ------------------------------------------------------------------------------------------ the Learning Track
#: ``;; children=10, allergic_children=6, trays=3, sandwiches=14, ...``: the generated tasks' first line.
FIRST_LINE = re.compile(r";; children=(\d+), allergic_children=(\d+), trays=(\d+), sandwiches=(\d+),")


def learning_params(first_line: str) -> Any:
    """Our parameters for a Learning Track task generated with the parameters of its first comment line."""
    children, allergic, trays, sandwiches = map(int, FIRST_LINE.match(first_line).groups())
    return Params(allergic=allergic, non_allergic=children - allergic, trays=trays, sandwiches=sandwiches,
                  tables=3, gluten_free=allergic, with_gluten=children - allergic)  # fmt: skip


def test_every_learning_track_parameter_set_is_accepted(learning_root: Path) -> None:
    """All 188 parameter sets of the training and test tasks (read from their first comment lines only)."""
    lines = []
    for path in sorted((learning_root / "childsnack").glob("*/*/p*.pddl")):
        with path.open() as handle:
            lines.append(handle.readline())
    params = [learning_params(line) for line in lines if FIRST_LINE.match(line)]
    assert len(params) == 85 + 90
    for p in params:
        p.check()
    hardest = max(params, key=lambda p: p.allergic + p.non_allergic)
    assert MODULE.generate(hardest, 1).size == LARGEST_TEST


def test_generated_tasks_look_like_the_training_tasks(learning_root: Path) -> None:
    """A training task and ours with its parameters: the same objects of each type and the same number of
    facts of each predicate (only which child is allergic, where each waits and which portions are
    gluten-free are drawn differently)."""
    domain = parse_domain(learning_root / "childsnack" / "domain.pddl")
    compared = 0
    for path in sorted((learning_root / "childsnack" / "training" / "easy").glob("p*.pddl")):
        line = path.read_text().splitlines()[0]
        if not FIRST_LINE.match(line):
            continue  # the hand-made base cases
        theirs = parse_problem(path, domain)
        ours = MODULE.generate(learning_params(line), compared)
        assert Counter(t for _, t in ours.objects) == Counter(t for _, t in theirs.objects), path.name
        kinds = Counter(f[0] for f in ours.init if f[0] != "waiting")
        assert kinds == Counter(f[0] for f in theirs.init if f[0] != "waiting"), path.name
        assert len(ours.goal) == len(theirs.goal)
        compared += 1
    assert compared == 85


def test_the_docstring_plan_solves_every_training_task(learning_root: Path) -> None:
    domain = parse_domain(learning_root / "childsnack" / "domain.pddl")
    paths = sorted((learning_root / "childsnack" / "training" / "easy").glob("p*.pddl"))
    assert len(paths) == 98
    for path in paths:
        assert_solved_by_the_docstring_plan(parse_problem(path, domain))


def test_our_formulation_is_the_learning_tracks_up_to_variable_names(learning_root: Path) -> None:
    """The same types, constant and predicates, and every action the same once its parameters are named by
    position: the dialect converts a task fact for fact. (The files differ, so the Learning Track's domain
    is reached through the dialect, not taken for ours.)"""

    def by_position(domain: Any) -> dict[str, tuple]:
        out = {}
        for action in domain.actions:
            names = {p.name: f"?{k}" for k, p in enumerate(action.parameters)}

            def atoms(group: tuple, names: dict[str, str] = names) -> frozenset:
                return frozenset((a.predicate, tuple(names.get(x, x) for x in a.args)) for a in group)

            out[action.name] = (tuple(p.type for p in action.parameters), atoms(action.pre_pos),
                                atoms(action.pre_neg), atoms(action.add), atoms(action.delete),
                                action.pre_eq, action.pre_neq)  # fmt: skip
        return out

    ours, theirs = builtin_domain("childsnack"), parse_domain(learning_root / "childsnack" / "domain.pddl")
    assert (ours.types, ours.constants) == (theirs.types, theirs.constants)
    signature = lambda d: sorted((p.name, tuple(x.type for x in p.parameters)) for p in d.predicates)  # noqa: E731
    assert signature(ours) == signature(theirs)
    assert by_position(ours) == by_position(theirs)
    assert replace(ours, name="") != replace(theirs, name="")


# ------------------------------------------------------------------------------------------ commands
def _genplan(*argv: str, cwd: Path, timeout: float = 300) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "genplan.cli", *argv], capture_output=True, text=True, cwd=cwd,
                          timeout=timeout, env=os.environ | {"COLUMNS": "200"})  # fmt: skip


@pytest.mark.slow
def test_benchmarks_generate_writes_a_childsnack_suite_the_check_takes_as_ours(tmp_path: Path) -> None:
    from genplan.benchmarks.suites import load_suite_dir
    from genplan.generalize.naming import find_generator

    out = tmp_path / "cs"
    done = _genplan("benchmarks", "generate", "childsnack", "--size", "40", "--count", "4", "--debug", "2",
                    "--param", "trays=5", "--out", str(out), cwd=tmp_path)  # fmt: skip
    assert done.returncode == 0, done.stderr
    assert (out / "domain.pddl").read_bytes() == builtin_domain_path("childsnack").read_bytes()
    suite = load_suite_dir(out)
    assert len(suite.split.debug) == 2 and len(suite.split.heldout) == 2
    assert all(Counter(t for _, t in suite.task(t).objects)["tray"] == 5 for t in suite.split.heldout)
    names = find_generator(suite.domain, hint=suite.domain_name)
    assert names is not None and (names.generator, names.dialect, names.renaming) == ("childsnack", None, None)
    bad = _genplan("benchmarks", "generate", "childsnack", "--param", "allergic=9", "--out", str(tmp_path / "x"),
                   cwd=tmp_path)  # fmt: skip
    assert bad.returncode == 2 and "Not enough gluten-free ingredients" in " ".join(bad.stderr.split())


@pytest.mark.slow
def test_scale_runs_the_published_program_on_childsnack(tmp_path: Path) -> None:
    out = tmp_path / "scale"
    done = _genplan("scale", str(PUBLISHED), "childsnack", "--sizes", "7,60,1327", "--tasks-per-size", "1",
                    "--planner", "none", "--out", str(out), "--cache-dir", str(tmp_path / "cache"),
                    cwd=tmp_path)  # fmt: skip
    assert done.returncode == 0, done.stderr
    data = json.loads((out / "scale.json").read_text())
    assert [s["program"]["solved"] for s in data["sizes"]] == [1, 1, 1]


BROKEN_ALLERGIC = "    allergic = set(sorted(allergic)[:12])  # BUG: only 12 allergic children are remembered\n"


@pytest.mark.slow
def test_check_finds_a_bug_beyond_12_allergic_children_through_the_generator(tmp_path: Path) -> None:
    """On a generated suite of 7- to 20-object tasks (at most 4 allergic children), a program that forgets
    allergic children beyond the 12th passes every debugging task; the check's generated tasks expose it."""
    suite = tmp_path / "cs"
    assert _genplan("benchmarks", "generate", "childsnack", "--size", "15", "--count", "3", "--debug", "3",
                    "--out", str(suite), cwd=tmp_path).returncode == 0  # fmt: skip
    source = PUBLISHED.read_text()
    anchor = "    todo = [c for c in goal_served"
    assert anchor in source
    (tmp_path / "bug.py").write_text(source.replace(anchor, BROKEN_ALLERGIC + anchor))
    done = _genplan("check", "bug.py", "childsnack", "--suite", str(suite), "--budget", "120", "--shrink-budget",
                    "20", "--out", str(tmp_path / "out"), "--cache-dir", str(tmp_path / "cache"),
                    cwd=tmp_path)  # fmt: skip
    assert done.returncode == 1, done.stdout + done.stderr
    found = json.loads((tmp_path / "out" / "check.json").read_text())
    assert found["generator"] == "the childsnack generator"
    cex = found["counterexample"]
    assert cex["source"] == "generator" and cex["category"] == "goal not satisfied"
    assert cex["problem_pddl"].count("(allergic_gluten ") >= 13
