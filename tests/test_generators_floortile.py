"""The floortile generator (an extra generator: the IPC 2023 Learning Track's domain, not a builtin suite).

Its tasks must be of the Learning Track's kind, the same for the same seed, solvable by the plan its
docstring describes (checked with genplan's validator at every size up to the largest test task) and by
Fast Downward when small, and reach the Learning Track's test distribution: many robots on big grids.
The key test: a program that fails on 8 robots or more (as a real one did) is caught by the
generalization check on the Learning Track's floortile suite, whose training tasks have at most 3.
"""

from __future__ import annotations

import os
import re
import subprocess
import sys
from collections import Counter
from itertools import pairwise
from pathlib import Path

import pytest

from genplan.benchmarks.registry import resolve_suite
from genplan.core.errors import GenplanError
from genplan.generalize import CheckSettings, check_program
from genplan.generalize.naming import find_generator
from genplan.generators import EXTRA_GENERATOR_DOMAINS, GeneratorError, generator_module, make_params
from genplan.generators import floortile as ft
from genplan.generators.domains import builtin_domain, builtin_domain_path
from genplan.pddl import Task, parse_problem, write_problem
from genplan.validate import validate

REPO = Path(__file__).resolve().parent.parent
PUBLISHED = REPO / "docs" / "results" / "2026-11-27-ipc2023" / "programs" / "floortile-ipc2023-auto-s1.py"
#: The published program with a table of 7 robots: robots beyond it are never moved, so the tiles they
#: stand on are never painted. It solves every Learning Track test task with fewer than 8 robots and none
#: with 8 or more, and all training tasks (at most 3 robots).
CAP7 = PUBLISHED.read_text().replace(
    "    for r in robots:\n        has.setdefault(r, set())\n",
    "    for r in sorted(pos)[7:]:  # a table of 7 robots: the others are never moved\n"
    "        del pos[r]\n"
    "    for r in robots:\n        has.setdefault(r, set())\n",
)
assert PUBLISHED.read_text() != CAP7


def facts(task: Task, predicate: str) -> set[tuple[str, ...]]:
    return {f[1:] for f in task.init if f[0] == predicate}


# ------------------------------------------------------------------------------------------ the plan
def plan_floortile(task: Task) -> list[str]:
    """The plan of the generator's docstring, read from the facts alone (no name is parsed): gather the
    robots on the leftmost tiles of the bottom row, then paint each column from the top down."""
    above = {b: a for a, b in facts(task, "up")}  # (up a b): a is above b
    below = {a: b for a, b in facts(task, "up")}
    right_of = {b: a for a, b in facts(task, "right")}
    step = {(b, a): "move_up" for a, b in facts(task, "up")}
    step |= {(b, a): "move_down" for a, b in facts(task, "down")}
    step |= {(b, a): "move_right" for a, b in facts(task, "right")}
    step |= {(b, a): "move_left" for a, b in facts(task, "left")}
    neighbours: dict[str, list[str]] = {}
    for x, y in sorted(step):
        neighbours.setdefault(x, []).append(y)
    tiles = sorted(o for o, t in task.objects if t == "tile")
    bottom = [t for t in tiles if t not in below]
    left_of = {a: b for b, a in right_of.items()}
    row0 = [next(t for t in bottom if t not in left_of)]
    while row0[-1] in right_of:
        row0.append(right_of[row0[-1]])
    at = {r: t for r, t in facts(task, "robot-at")}
    color = {r: c for r, c in facts(task, "robot-has")}
    goal = {f[1]: f[2] for f in task.goal if f[0] == "painted"}
    plan: list[str] = []

    def move(robot: str, to: str) -> None:
        plan.append(f"({step[(at[robot], to)]} {robot} {at[robot]} {to})")
        at[robot] = to

    # (1) Robots to the k leftmost bottom tiles, shifting the robots along a shortest path each time.
    targets = row0[: len(at)]
    while True:
        who = {t: r for r, t in at.items()}
        empty = [t for t in targets if t not in who]
        if not empty:
            break
        parent: dict[str, str | None] = {empty[0]: None}
        queue, source = [empty[0]], None
        while source is None:
            here = queue.pop(0)
            for there in neighbours.get(here, []):
                if there not in parent:
                    parent[there] = here
                    queue.append(there)
                    if there in who and there not in targets:
                        source = there
                        break
        path = [source]
        while parent[path[-1]] is not None:
            path.append(parent[path[-1]])  # type: ignore[arg-type]
        stops = [i for i, t in enumerate(path) if t in who] + [len(path) - 1]
        for first, last in reversed(list(pairwise(stops))):
            robot = who[path[first]]
            for t in path[first + 1 : last + 1]:
                move(robot, t)

    # (2) Each robot paints its own column from the top down; the last one then walks right for the rest.
    def paint_column(robot: str) -> None:
        column = [at[robot]]
        while column[-1] in above:
            column.append(above[column[-1]])
        for t in column[1:-1]:
            move(robot, t)
        for r in range(len(column) - 1, 0, -1):
            wanted = goal.get(column[r])
            if wanted is not None:
                if color[robot] != wanted:
                    plan.append(f"(change_color {robot} {color[robot]} {wanted})")
                    color[robot] = wanted
                plan.append(f"(paint_up {robot} {column[r]} {column[r - 1]} {wanted})")
            if r > 1:
                move(robot, column[r - 2])

    robots = [next(r for r, t in at.items() if t == target) for target in targets]
    for robot in robots:
        paint_column(robot)
    last = robots[-1]
    for t in row0[len(robots) :]:
        move(last, t)
        paint_column(last)
    return plan


def assert_valid(task: Task, plan: list[str]) -> None:
    verdict = validate(task, plan)
    assert verdict.valid, (task.name, verdict)


@pytest.mark.parametrize("size", [5, 6, 9, 15, 40, 120, 300, 1000])
def test_the_plan_the_docstring_describes_solves_generated_tasks(size: int) -> None:
    for seed in (0, 1, 2):
        task = ft.generate(ft.params_for_size(size), seed)
        assert_valid(task, plan_floortile(task))


def test_the_docstrings_plan_solves_odd_shapes_and_a_robot_per_column() -> None:
    shapes = [(1, 1, 1), (1, 8, 8), (9, 1, 1), (12, 3, 3), (2, 20, 20), (6, 9, 2), (30, 31, 31)]
    for rows, columns, robots in shapes:
        for seed in (0, 1, 2, 3):
            task = ft.generate(ft.Params(rows=rows, columns=columns, robots=robots), seed)
            assert_valid(task, plan_floortile(task))


@pytest.mark.slow
def test_small_generated_tasks_are_solved_by_fast_downward(tmp_path: Path) -> None:
    from genplan.planners import plan

    for params in (ft.Params(1, 1, 1), ft.Params(2, 2, 2), ft.Params(3, 3, 1), ft.Params(2, 4, 3)):
        for seed in (0, 1):
            task = ft.generate(params, seed)
            result = plan(task, "lama-first", time_limit=20, cache_dir=tmp_path)
            assert result.status == "solved", (task.name, result.message)
            assert_valid(task, list(result.plan))


# ------------------------------------------------------------------------------------------ the kind
def test_floortile_kind() -> None:
    for params in (ft.Params(5, 6, 3), ft.Params(1, 1, 1), ft.Params(14, 15, 15)):
        for seed in (0, 1, 2):
            task = ft.generate(params, seed)
            assert task.domain is builtin_domain("floortile")
            types = Counter(t for _, t in task.objects)
            assert types == {"tile": (params.rows + 1) * params.columns, "robot": params.robots, "color": 2}
            assert task.size == params.objects
            tiles = {o for o, t in task.objects if t == "tile"}
            at = facts(task, "robot-at")
            assert len({t for _, t in at}) == params.robots  # one robot a tile
            assert {t for (t,) in facts(task, "clear")} == tiles - {t for _, t in at}
            assert Counter(r for r, _ in facts(task, "robot-has")) == dict.fromkeys((r for r, _ in at), 1)
            assert facts(task, "available-color") == {("white",), ("black",)}
            assert not facts(task, "painted")
            # every tile of rows 1.. painted as a checkerboard, row 0 never
            wanted = {f[1]: f[2] for f in task.goal}
            assert {f[0] for f in task.goal} == {"painted"}
            for t in tiles:
                row, column = map(int, t.split("_")[1:])
                assert wanted.get(t) == (None if row == 0 else ("white" if (row + column) % 2 == 0 else "black"))
            assert len(facts(task, "up")) == len(facts(task, "down")) == params.rows * params.columns
            assert len(facts(task, "left")) == len(facts(task, "right")) == (params.rows + 1) * (params.columns - 1)


def test_robots_start_anywhere_on_the_grid() -> None:
    rows = Counter()
    for seed in range(40):
        task = ft.generate(ft.Params(4, 4, 4), seed)
        rows.update(int(t.split("_")[1]) for _, t in facts(task, "robot-at"))
    assert set(rows) == {0, 1, 2, 3, 4}


def test_generated_tasks_round_trip_through_pddl() -> None:
    for size in (5, 20, 300):
        task = ft.generate(ft.params_for_size(size), 3)
        assert parse_problem(write_problem(task), builtin_domain("floortile")) == task
        assert task.objects == tuple(sorted(task.objects))


def test_the_domain_file_is_ours_and_registered() -> None:
    assert "floortile" in EXTRA_GENERATOR_DOMAINS
    assert builtin_domain_path("floortile") == REPO / "genplan" / "generators" / "pddl" / "floortile.pddl"
    domain = builtin_domain("floortile")
    assert domain.typed and {a.name for a in domain.actions} == {
        "change_color", "paint_up", "paint_down", "move_up", "move_down", "move_right", "move_left",
    }  # fmt: skip


# ------------------------------------------------------------------------------------- determinism
def test_same_seed_same_task_and_different_seeds_differ() -> None:
    params = ft.params_for_size(60)
    texts = {seed: write_problem(ft.generate(params, seed)) for seed in (0, 1, 2)}
    assert write_problem(ft.generate(params, 0)) == texts[0]
    assert len(set(texts.values())) == 3


@pytest.mark.slow
def test_generation_does_not_depend_on_pythonhashseed() -> None:
    code = (
        "import hashlib\n"
        "from genplan.generators import floortile as ft\n"
        "from genplan.pddl import write_problem\n"
        "print(hashlib.sha256(''.join(write_problem(ft.generate(ft.params_for_size(s), 7)) "
        "for s in (5, 60, 400)).encode()).hexdigest())\n"
    )
    digests = set()
    for hashseed in ("1", "4242", "12345"):
        env = {**os.environ, "PYTHONHASHSEED": hashseed}
        out = subprocess.run([sys.executable, "-c", code], cwd=REPO, env=env, capture_output=True, text=True)
        assert out.returncode == 0, out.stderr
        digests.add(out.stdout.strip())
    assert len(digests) == 1


# ------------------------------------------------------------------------------------------ sizes
def test_params_for_size_covers_the_learning_tracks_range() -> None:
    # From the smallest training task (2 tiles, 1 robot, 2 colors) ...
    assert ft.params_for_size(5) == ft.Params(rows=1, columns=1, robots=1)
    assert ft.params_for_size(1) == ft.params_for_size(5)
    # ... through the medium test tasks (13 x 16 tiles with 8 robots: 234 objects) ...
    medium = ft.params_for_size(234)
    assert 7 <= medium.robots <= 10 and 12 <= medium.rows <= 16
    # ... to the largest test task (28 x 34 with 34 robots: about 1,020 objects).
    hard = ft.params_for_size(1020)
    assert hard.robots >= 30 and hard.rows >= 28
    previous = 0
    for size in (5, 10, 20, 40, 73, 100, 200, 300, 500, 800, 1000, 1500):
        params = ft.params_for_size(size)
        params.check()
        assert abs(params.objects - size) <= max(1, round(0.05 * size)), (size, params)
        assert params.robots >= previous  # more objects, never fewer robots
        assert abs(params.rows + 1 - params.columns) <= max(2, params.columns // 3)  # near square
        previous = params.robots
    assert ft.params_for_size(500).objects <= 500  # the check's default largest size keeps its task


def test_the_largest_test_size_generates_quickly() -> None:
    import time

    start = time.perf_counter()
    task = ft.generate(ft.params_for_size(1100), 0)
    assert time.perf_counter() - start < 1.0
    assert task.size >= 1000


# ------------------------------------------------------------------------------------------ bad input
@pytest.mark.parametrize(
    ("values", "words"),
    [
        ({"rows": 0, "columns": 3, "robots": 1}, "row"),
        ({"rows": 3, "columns": 0, "robots": 1}, "column"),
        ({"rows": 3, "columns": 3, "robots": 0}, "robot"),
        ({"rows": 3, "columns": 3, "robots": 4}, "robots <= columns"),
        ({"rows": 3.5, "columns": 3, "robots": 1}, "integer"),
    ],
)
def test_impossible_parameters_raise_a_clear_generator_error(values: dict, words: str) -> None:
    with pytest.raises(GeneratorError) as caught:
        make_params("floortile", **values)
    assert isinstance(caught.value, GenplanError) and words in caught.value.render()
    if words != "integer":
        assert caught.value.hint
    with pytest.raises(GeneratorError):
        ft.generate(ft.Params(**values), 0)


def test_bad_sizes_and_unknown_parameters_are_rejected() -> None:
    for size in (0, -3):
        with pytest.raises(GeneratorError, match="positive integer"):
            ft.params_for_size(size)
    with pytest.raises(GeneratorError, match="Unknown parameter"):
        make_params("floortile", colors=3)
    with pytest.raises(GeneratorError, match="Did you mean 'floortile'"):
        generator_module("floortiles")
    ft.Params().check()


# ----------------------------------------------------------------------------- the Learning Track
def _first_line_params(path: Path) -> ft.Params | None:
    match = re.search(r"rows=(\d+), columns=(\d+), robots=(\d+)", path.read_text().split("\n", 1)[0])
    return ft.Params(*map(int, match.groups())) if match else None


def test_learning_track_tasks_are_of_our_kind_and_the_docstrings_plan_solves_them(learning_root: Path) -> None:
    """Every Learning Track floortile task fits our parameters, and our plan solves the training tasks;
    a task we generate with a training task's parameters has its objects, facts per predicate and goal."""
    folder = learning_root / "floortile"
    from genplan.pddl import load_task

    for path in sorted(folder.glob("t*/*/p*.pddl")):
        params = _first_line_params(path)
        if params is not None:
            params.check()  # at most a robot per column, in every training and test task
    for path in sorted((folder / "training").glob("*/p*.pddl")):
        task = load_task(folder / "domain.pddl", path)
        assert_valid(task, plan_floortile(task))
        params = _first_line_params(path)
        if params is None:  # a hand-made base case
            continue
        ours = ft.generate(params, 1)
        assert {o for o, _ in ours.objects} == {o for o, _ in task.objects}
        assert ours.goal == task.goal
        for predicate in ("up", "down", "left", "right", "available-color"):
            assert facts(ours, predicate) == facts(task, predicate), (path.name, predicate)
        count = Counter(f[0] for f in ours.init)
        assert count == Counter(f[0] for f in task.init), path.name


# --------------------------------------------------------------------------------- the commands
def genplan_cli(*args: str, cwd: Path) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "genplan.cli", *args], capture_output=True, text=True, cwd=cwd,
                          timeout=300, env={**os.environ, "COLUMNS": "120"})  # fmt: skip


@pytest.mark.slow
def test_generate_scale_and_check_accept_floortile(tmp_path: Path) -> None:
    done = genplan_cli("benchmarks", "generate", "floortile", "--size", "30", "--count", "4", "--debug", "2",
                       "--out", "ft", "--param", "robots=3", cwd=tmp_path)  # fmt: skip
    assert done.returncode == 0, done.stderr
    suite = resolve_suite("floortile", str(tmp_path / "ft"))
    assert len(suite.split.debug) == 2 and len(suite.split.heldout) == 2
    assert all(len(facts(suite.task(t), "robot-at")) == 3 for t in suite.split.heldout)
    # A suite of our own formulation gets the generator as is; the Learning Track's through its dialect.
    names = find_generator(suite.domain, hint="floortile")
    assert names is not None and names.generator == "floortile" and names.dialect is None
    bad = genplan_cli("benchmarks", "generate", "floortile", "--param", "robots=9", "--out", "x", cwd=tmp_path)
    assert bad.returncode != 0 and "robots <= columns" in " ".join(bad.stderr.split())

    (tmp_path / "published.py").write_text(PUBLISHED.read_text())
    scaled = genplan_cli("scale", "published.py", "floortile", "--sizes", "10,60", "--tasks-per-size", "1",
                         "--planner", "none", "--out", "sc", cwd=tmp_path)  # fmt: skip
    assert scaled.returncode == 0, scaled.stderr
    assert (tmp_path / "sc" / "scale.json").is_file()

    (tmp_path / "cap7.py").write_text(CAP7)
    checked = genplan_cli("check", "cap7.py", "floortile", "--suite", "ft", "--budget", "60", "--shrink-budget", "0",
                          "--orderings", "1", cwd=tmp_path)  # fmt: skip
    assert checked.returncode == 1, checked.stdout + checked.stderr
    text = " ".join(checked.stdout.split())
    assert "counterexample" in text and "the floortile generator" in text


def test_the_check_finds_the_failure_on_many_robots_from_the_learning_tracks_suite(learning_root: Path) -> None:
    """The Learning Track's training tasks have at most 3 robots; the program fails from 8 on. The check
    must reach such tasks through the generator (converted to the Learning Track's formulation)."""
    suite = resolve_suite("floortile", str(learning_root))
    debug = [(t, suite.task(t)) for t in suite.split.debug]
    given = [(t, suite.task(t)) for t in suite.extra.get("given", ())]
    assert max(len(facts(t, "robot-at")) for _, t in debug + given) <= 3
    generator = find_generator(suite.domain, hint="floortile")
    assert generator is not None and generator.dialect == "ipc2023-floortile"
    settings = CheckSettings(budget_s=120, shrink_budget_s=30, orderings=2)
    result = check_program(CAP7, suite.domain, debug, settings=settings, generator=generator, user_tasks=given)
    cex = result.counterexample
    assert cex is not None and cex.source == "generator", result.tried_summary()
    assert cex.category == "goal not satisfied"
    assert len(facts(cex.task, "robot-at")) >= 8
    assert cex.task.domain == suite.domain


def test_the_published_program_solves_converted_tasks_with_many_robots(learning_root: Path) -> None:
    """The program a real model wrote (all 90 test tasks solved) solves our tasks said in the Learning
    Track's formulation, up to its largest test tasks, with a robot in every column: the check's
    generated tasks do not fail a correct program."""
    from genplan.execute.evaluate import evaluate
    from genplan.pddl import parse_domain

    names = find_generator(parse_domain(learning_root / "floortile" / "domain.pddl"), hint="floortile")
    assert names is not None and names.dialect == "ipc2023-floortile"
    shapes = [ft.params_for_size(s) for s in (234, 500, 1020)] + [ft.Params(12, 12, 12), ft.Params(3, 20, 20)]
    tasks = [(f"t{i}-{seed}", names.adopt(ft.generate(p, seed))) for i, p in enumerate(shapes) for seed in (1, 2)]
    ev = evaluate(PUBLISHED.read_text(), tasks, orderings=2, timeout=60, mode="debug")
    failed = {r.task_id: r.feedback for r in ev.results if not r.solved}
    assert not failed, failed
