"""Domains and instance generators of the Silver et al. domains: delivery, ferry, gripper, heavy, hiking,
miconic.

For each domain: our ``pddl_benchmarks/<domain>/domain.pddl`` parses equal to the reference domain and
accepts the reference tasks' plans; the generator is deterministic (also across ``PYTHONHASHSEED``),
produces tasks of the reference kind that Fast Downward solves and that a plan built the way the
module docstring argues solves, scales to 10x the largest reference task, and rejects impossible
parameters with a :class:`GeneratorError`.
"""

from __future__ import annotations

import hashlib
import os
import subprocess
import sys
import time
from collections import Counter
from itertools import pairwise
from pathlib import Path
from typing import Any

import pytest

from genplan.benchmarks.domains import builtin_domain, builtin_domain_path
from genplan.errors import GenplanError
from genplan.generators import GeneratorError, generator_module, make_params
from genplan.generators import generate as generate_by_name
from genplan.pddl import Task, load_task, parse_domain, parse_problem, write_problem
from genplan.pddl.writer import required_requirements

REPO = Path(__file__).resolve().parent.parent

DOMAINS = ("delivery", "ferry", "gripper", "heavy", "hiking", "miconic")

#: Objects in the largest reference task of each domain (checked against the data below when present).
LARGEST_REFERENCE = {"delivery": 73, "ferry": 116, "gripper": 81, "heavy": 209, "hiking": 121, "miconic": 104}

#: Sizes small enough for Fast Downward to solve in well under a second.
SMALL_SIZES = (8, 20)
SEEDS = (0, 1, 2)

#: Parameters each generator must reject, with a word its message must contain.
IMPOSSIBLE: dict[str, list[tuple[dict[str, Any], str]]] = {
    "delivery": [
        ({"locations": 5, "papers": 2, "wanting": 3}, "papers"),
        ({"locations": 3, "papers": 5, "wanting": 3}, "home base"),
        ({"locations": 1, "papers": 1, "wanting": 1}, "locations"),
        ({"locations": 4, "papers": 4, "wanting": 0}, "want"),
    ],
    "ferry": [({"locations": 1, "cars": 3}, "locations"), ({"locations": 3, "cars": 0}, "car")],
    "gripper": [
        ({"rooms": 4, "balls": 3, "goal_balls": 4}, "goal_balls"),
        ({"rooms": 1, "balls": 3, "goal_balls": 1}, "rooms"),
        ({"rooms": 3, "balls": 2, "goal_balls": 1, "grippers": 0}, "grippers"),
    ],
    "heavy": [({"items": 0}, "item"), ({"items": 2.5}, "integer")],
    "hiking": [
        ({"rows": 3, "cols": 3, "trail_length": 9}, "trail_length"),
        ({"rows": 3, "cols": 3, "trail_length": 2, "hills": 3}, "hills"),
        ({"rows": 1, "cols": 1, "trail_length": 1}, "2 cells"),
        ({"rows": 4, "cols": 4, "trail_length": 5, "water": 1.5}, "probability"),
    ],
    "miconic": [
        ({"buildings": 2, "floors": 1, "passengers": 2}, "floors"),
        ({"buildings": 0, "floors": 4, "passengers": 2}, "building"),
        ({"buildings": 1, "floors": 4, "passengers": 0}, "passenger"),
    ],
}


# ------------------------------------------------------------------------------------------------ helpers
def generate(domain: str, size: int, seed: int) -> Task:
    module = generator_module(domain)
    return module.generate(module.params_for_size(size), seed)


def facts(task: Task, predicate: str) -> set[tuple[str, ...]]:
    """The arguments of the initial facts of ``predicate``."""
    return {f[1:] for f in task.init if f[0] == predicate}


def objects_of(task: Task, kind: str) -> list[str]:
    """Objects of a type (typed domains) or marked by a unary ``kind`` fact (untyped domains)."""
    if task.domain.typed:
        return sorted(o for o, t in task.objects if t == kind)
    return sorted(x for (x,) in facts(task, kind))


def reference_task(root: Path, domain: str, k: int, ours: bool = False) -> Task:
    problem = root / domain / "problems" / f"instance-{k}.pddl"
    if ours:
        return parse_problem(problem, builtin_domain(domain))
    return load_task(root / domain / "domain.pddl", problem)


def assert_valid(task: Task, steps: list[str] | tuple[str, ...]) -> None:
    from genplan.validate import validate

    verdict = validate(task, list(steps))
    assert verdict.valid, verdict


# ------------------------------------------------------------------ constructive plans (the docstrings' argument)
def plan_delivery(task: Task) -> list[str]:
    (home,) = (x for (x,) in facts(task, "ishomebase"))
    papers = sorted(x for (x,) in facts(task, "unpacked"))
    wanting = sorted(x for (x,) in facts(task, "wantspaper"))
    steps = [f"(pick-up {p} {home})" for p in papers[: len(wanting)]]
    here = home
    for loc, paper in zip(wanting, papers, strict=False):
        steps += [f"(move {here} {loc})", f"(deliver {paper} {loc})"]
        here = loc
    return steps


def plan_ferry(task: Task) -> list[str]:
    (ferry,) = (x for (x,) in facts(task, "at-ferry"))
    at = dict(facts(task, "at"))
    steps = []
    for _, car, goal in sorted(task.goal):
        if at[car] == goal:
            continue
        if ferry != at[car]:
            steps.append(f"(sail {ferry} {at[car]})")
        steps += [f"(board {car} {at[car]})", f"(sail {at[car]} {goal})", f"(debark {car} {goal})"]
        ferry = goal
    return steps


def plan_gripper(task: Task) -> list[str]:
    (robot,) = (x for (x,) in facts(task, "at-robby"))
    hand = objects_of(task, "gripper")[0]
    at = dict(facts(task, "at"))
    steps = []
    for _, ball, goal in sorted(task.goal):
        if at[ball] == goal:
            continue
        if robot != at[ball]:
            steps.append(f"(move {robot} {at[ball]})")
        steps += [f"(pick {ball} {at[ball]} {hand})", f"(move {at[ball]} {goal})", f"(drop {ball} {goal} {hand})"]
        robot = goal
    return steps


def plan_heavy(task: Task) -> list[str]:
    lighter_than = Counter(a for a, _ in facts(task, "heavier"))
    order = sorted(objects_of(task, "unpacked"), key=lambda item: -lighter_than[item])
    return [f"(pack-first {order[0]})"] + [f"(stack {a} {b})" for a, b in pairwise(order)]


def trail_of(task: Task) -> list[str]:
    (start,) = (x for (x,) in facts(task, "at"))
    nxt = dict(facts(task, "ontrail"))
    trail = [start]
    while trail[-1] in nxt and len(trail) <= len(nxt):
        trail.append(nxt[trail[-1]])
    return trail


def plan_hiking(task: Task) -> list[str]:
    hills = {x for (x,) in facts(task, "ishill")}
    trail = trail_of(task)
    return [f"({'climb' if b in hills else 'walk'} {a} {b})" for a, b in pairwise(trail)]


def plan_miconic(task: Task) -> list[str]:
    lift = {f.rsplit("_", 1)[1]: f for (f,) in facts(task, "lift-at")}
    origin, destin = dict(facts(task, "origin")), dict(facts(task, "destin"))
    steps = []

    def go(building: str, floor: str) -> None:
        here = lift[building]
        if here != floor:
            up = int(floor.split("_")[0][1:]) > int(here.split("_")[0][1:])
            steps.append(f"({'up' if up else 'down'} {here} {floor})")
            lift[building] = floor

    for person in sorted(origin):
        building = person.rsplit("_", 1)[1]
        go(building, origin[person])
        steps.append(f"(board {origin[person]} {person})")
        go(building, destin[person])
        steps.append(f"(depart {destin[person]} {person})")
    return steps


CONSTRUCTIVE = {
    "delivery": plan_delivery,
    "ferry": plan_ferry,
    "gripper": plan_gripper,
    "heavy": plan_heavy,
    "hiking": plan_hiking,
    "miconic": plan_miconic,
}


# -------------------------------------------------------------------------------------- (1) the domain files
@pytest.mark.parametrize("domain", DOMAINS)
def test_domain_parses_equal_to_reference(domain: str, reference_root: Path) -> None:
    ref_path = reference_root / domain / "domain.pddl"
    ours, ref = parse_domain(builtin_domain_path(domain)), parse_domain(ref_path)
    assert ours == ref
    assert builtin_domain(domain) == ref
    # Same names and order of predicates and actions (already implied by equality, spelled out for the reader).
    assert [p.name for p in ours.predicates] == [p.name for p in ref.predicates]
    assert [a.name for a in ours.actions] == [a.name for a in ref.actions]
    # Our file is written by hand: not a copy of the reference text.
    assert builtin_domain_path(domain).read_text() != ref_path.read_text()


@pytest.mark.parametrize("domain", DOMAINS)
def test_domain_declares_exactly_the_requirements_it_uses(domain: str) -> None:
    ours = builtin_domain(domain)
    assert sorted(ours.requirements) == sorted(required_requirements(ours))


# ------------------------------------------------------------------------------ (2) reference plans validate
@pytest.mark.slow
@pytest.mark.parametrize("domain", DOMAINS)
def test_reference_plans_validate_under_our_domain(domain: str, reference_root: Path, tmp_path: Path) -> None:
    from genplan.planners import plan

    for k in range(3):
        result = plan(reference_task(reference_root, domain, k), "lama-first", time_limit=20, cache_dir=tmp_path)
        assert result.status == "solved", result.message
        assert result.plan
        assert_valid(reference_task(reference_root, domain, k, ours=True), result.plan)


@pytest.mark.parametrize("domain", DOMAINS)
def test_reference_tasks_parse_under_our_domain(domain: str, reference_root: Path) -> None:
    """Every reference task reads the same under our domain file as under the reference one."""
    ref_domain = parse_domain(reference_root / domain / "domain.pddl")
    for k in range(6):  # the debugging tasks (later heavy tasks are megabytes: the size test reads those)
        problem = reference_root / domain / "problems" / f"instance-{k}.pddl"
        ours = parse_problem(problem, builtin_domain(domain))
        ref = parse_problem(problem, ref_domain)
        assert (ours.objects, ours.init, ours.goal) == (ref.objects, ref.init, ref.goal)


@pytest.mark.slow
@pytest.mark.parametrize("domain", DOMAINS)
def test_largest_reference_size_is_what_the_scaling_test_assumes(domain: str, reference_root: Path) -> None:
    ref_domain = parse_domain(reference_root / domain / "domain.pddl")
    sizes = [parse_problem(p, ref_domain).size for p in (reference_root / domain / "problems").iterdir()]
    assert max(sizes) == LARGEST_REFERENCE[domain]


# ------------------------------------------------------------------------------------------- (3) determinism
@pytest.mark.parametrize("domain", DOMAINS)
def test_same_seed_same_task_and_different_seeds_differ(domain: str) -> None:
    texts = {seed: write_problem(generate(domain, 30, seed)) for seed in (0, 1, 2)}
    assert write_problem(generate(domain, 30, 0)) == texts[0]
    assert len(set(texts.values())) == 3


def _digest_in_subprocess(hashseed: str) -> str:
    code = (
        "import hashlib\n"
        "from genplan.generators import generator_module\n"
        "from genplan.pddl import write_problem\n"
        "h = hashlib.sha256()\n"
        f"for d in {DOMAINS!r}:\n"
        "    m = generator_module(d)\n"
        "    for seed in (0, 7):\n"
        "        h.update(write_problem(m.generate(m.params_for_size(40), seed)).encode())\n"
        "print(h.hexdigest())\n"
    )
    env = {**os.environ, "PYTHONHASHSEED": hashseed}
    out = subprocess.run([sys.executable, "-c", code], cwd=REPO, env=env, capture_output=True, text=True, check=True)
    return out.stdout.strip()


def test_generation_does_not_depend_on_pythonhashseed() -> None:
    h = hashlib.sha256()
    for domain in DOMAINS:
        for seed in (0, 7):
            h.update(write_problem(generate(domain, 40, seed)).encode())
    assert _digest_in_subprocess("1") == _digest_in_subprocess("12345") == h.hexdigest()


# ------------------------------------------------------------------------------------ (4) solvable by a planner
@pytest.mark.parametrize("domain", DOMAINS)
def test_small_generated_tasks_are_solved_by_fast_downward(domain: str, tmp_path: Path) -> None:
    from genplan.planners import plan

    for size in SMALL_SIZES:
        for seed in SEEDS:
            task = generate(domain, size, seed)
            result = plan(task, "lama-first", time_limit=20, cache_dir=tmp_path)
            assert result.status == "solved", (task.name, result.message)
            assert result.plan, task.name  # no generated task is solved by doing nothing
            assert_valid(task, result.plan)


@pytest.mark.parametrize("domain", DOMAINS)
@pytest.mark.parametrize("size", [5, 60, 300])
def test_the_plan_the_docstring_describes_solves_generated_tasks(domain: str, size: int) -> None:
    """Solvability by construction, checked at sizes beyond a quick planner run."""
    for seed in (0, 1):
        task = generate(domain, size, seed)
        assert_valid(task, CONSTRUCTIVE[domain](task))


@pytest.mark.parametrize("domain", DOMAINS)
def test_generated_tasks_round_trip_through_pddl(domain: str) -> None:
    for size in (1, 9, 50):
        task = generate(domain, size, 3)
        assert parse_problem(write_problem(task), builtin_domain(domain)) == task
        assert task.objects == tuple(sorted(task.objects))
        assert task.domain is builtin_domain(domain)


@pytest.mark.parametrize("domain", DOMAINS)
def test_params_for_size_gives_about_that_many_objects(domain: str) -> None:
    for size in (20, 73, 500):
        assert abs(generate(domain, size, 0).size - size) <= max(2, 0.05 * size)


# -------------------------------------------------------------------------------------------------- (5) scale
@pytest.mark.slow
@pytest.mark.parametrize("domain", DOMAINS)
def test_ten_times_the_largest_reference_task_generates_quickly(domain: str) -> None:
    target = 10 * LARGEST_REFERENCE[domain]
    module = generator_module(domain)
    params = module.params_for_size(target)
    start = time.perf_counter()
    task = module.generate(params, 0)
    elapsed = time.perf_counter() - start
    print(f"{domain}: {task.size} objects, {len(task.init)} facts in {elapsed:.2f} s ({params})")
    assert task.size >= 0.95 * target
    assert elapsed < 30


# -------------------------------------------------------------------------------------------- (6) bad input
@pytest.mark.parametrize(("domain", "values", "word"), [(d, v, w) for d in DOMAINS for v, w in IMPOSSIBLE[d]])
def test_impossible_parameters_raise_a_clear_generator_error(domain: str, values: dict[str, Any], word: str) -> None:
    with pytest.raises(GeneratorError) as caught:
        make_params(domain, **values)
    assert isinstance(caught.value, GenplanError)
    assert word in caught.value.render()
    # The module's own generate checks too (suites may build Params directly).
    module = generator_module(domain)
    with pytest.raises(GeneratorError):
        module.generate(module.Params(**values), 0)


@pytest.mark.parametrize("domain", DOMAINS)
def test_bad_sizes_and_unknown_parameters_are_rejected(domain: str) -> None:
    module = generator_module(domain)
    for size in (0, -3):
        with pytest.raises(GeneratorError, match="positive integer"):
            module.params_for_size(size)
    with pytest.raises(GeneratorError, match="Unknown parameter"):
        make_params(domain, colour=3)


@pytest.mark.parametrize("domain", DOMAINS)
def test_defaults_are_valid_and_generate_by_name_works(domain: str) -> None:
    module = generator_module(domain)
    module.Params().check()
    task = generate_by_name(domain, 4, name="my-task")
    assert task.name == "my-task"
    assert task == module.generate(module.Params(), 4, "my-task")


# ------------------------------------------------------------------------------- (7) tasks of the reference kind
@pytest.mark.parametrize("domain", DOMAINS)
def test_generated_tasks_use_the_reference_predicates(domain: str, reference_root: Path) -> None:
    """Init and goal use the same predicates as the reference tasks (no goal kind the reference lacks)."""
    ref_init: set[str] = set()
    ref_goal: set[str] = set()
    for k in range(6):
        ref = reference_task(reference_root, domain, k)
        ref_init |= {f[0] for f in ref.init}
        ref_goal |= {f[0] for f in ref.goal}
    for seed in SEEDS:
        task = generate(domain, 40, seed)
        assert {f[0] for f in task.init} <= ref_init
        assert {f[0] for f in task.goal} == ref_goal


def test_delivery_kind() -> None:
    module = generator_module("delivery")
    for seed in SEEDS:
        task = module.generate(module.Params(locations=12, papers=9, wanting=7), seed)
        locs, papers = objects_of(task, "loc"), objects_of(task, "paper")
        assert (len(locs), len(papers)) == (12, 9)
        home = facts(task, "ishomebase")
        assert home == {("loc-0",)} == facts(task, "at")
        wanting = facts(task, "wantspaper")
        assert len(wanting) == 7 and home.isdisjoint(wanting)
        assert facts(task, "safe") == home | wanting  # every other location is a trap
        assert facts(task, "unpacked") == {(p,) for p in papers}
        assert not facts(task, "carrying") and not facts(task, "satisfied")
        assert task.goal == {("satisfied", *w) for w in wanting}


def test_ferry_kind() -> None:
    module = generator_module("ferry")
    for seed in SEEDS:
        task = module.generate(module.Params(locations=5, cars=8), seed)
        locs, cars = objects_of(task, "location"), objects_of(task, "car")
        assert (len(locs), len(cars)) == (5, 8)
        assert {o for o, _ in task.objects} == set(locs) | set(cars)
        assert facts(task, "not-eq") == {(a, b) for a in locs for b in locs if a != b}
        assert not facts(task, "on") and facts(task, "empty-ferry") == {()}
        assert len(facts(task, "at-ferry")) == 1
        at = facts(task, "at")
        assert sorted(c for c, _ in at) == cars  # every car on land, exactly once
        assert {f[0] for f in task.goal} == {"at"} and sorted(f[1] for f in task.goal) == cars
        assert any(f[1:] not in at for f in task.goal)


def test_ferry_some_car_always_moves_even_with_one_car() -> None:
    module = generator_module("ferry")
    for seed in range(40):
        task = module.generate(module.Params(locations=2, cars=1), seed)
        assert not task.goal <= task.init


def test_gripper_kind() -> None:
    module = generator_module("gripper")
    for seed in SEEDS:
        task = module.generate(module.Params(rooms=9, balls=6, goal_balls=4), seed)
        rooms, balls, grippers = (objects_of(task, k) for k in ("room", "ball", "gripper"))
        assert (len(rooms), len(balls), len(grippers)) == (9, 6, 2)
        assert facts(task, "at-robby") == {("room0",)}
        assert facts(task, "free") == {(g,) for g in grippers} and not facts(task, "carry")
        assert sorted(b for b, _ in facts(task, "at")) == balls
        assert {f[0] for f in task.goal} == {"at"} and len(task.goal) == 4
        assert {f[1] for f in task.goal} <= set(balls) and {f[2] for f in task.goal} <= set(rooms)
        assert not task.goal <= task.init
    tiny = [module.generate(module.Params(rooms=2, balls=1, goal_balls=1), s) for s in range(20)]
    assert all(not t.goal <= t.init for t in tiny)


def test_heavy_kind() -> None:
    module = generator_module("heavy")
    for seed in SEEDS:
        task = module.generate(module.Params(items=12), seed)
        items = sorted(o for o, _ in task.objects)
        assert len(items) == 12 and len(set(items)) == 12
        heavier = facts(task, "heavier")
        assert len(heavier) == 12 * 11 // 2
        # A strict total order: exactly one direction per pair, and transitive.
        assert all(((a, b) in heavier) != ((b, a) in heavier) for a in items for b in items if a != b)
        assert all((a, c) in heavier for a, b in heavier for b2, c in heavier if b == b2)
        assert facts(task, "box-empty") == {()} and facts(task, "unpacked") == {(i,) for i in items}
        assert task.goal == {("packed", i) for i in items}
    # Names say nothing about weight: the heaviest item's place in name order varies with the seed.
    places = set()
    for seed in range(10):
        task = module.generate(module.Params(items=8), seed)
        lighter_than = Counter(a for a, _ in facts(task, "heavier"))
        names = [o for o, _ in task.objects]
        places.add(names.index(lighter_than.most_common(1)[0][0]))
    assert len(places) > 3


def test_hiking_kind() -> None:
    module = generator_module("hiking")
    params = module.Params(rows=9, cols=11, trail_length=30, hills=2, water=0.4)
    for seed in SEEDS:
        task = module.generate(params, seed)
        cells = {(r, c) for r in range(9) for c in range(11)}
        assert {o for o, _ in task.objects} == {f"r{r}_c{c}" for r, c in cells}
        expected = {
            (f"r{r}_c{c}", f"r{r2}_c{c2}")
            for r, c in cells
            for r2, c2 in ((r + 1, c), (r - 1, c), (r, c + 1), (r, c - 1))
            if (r2, c2) in cells
        }
        assert facts(task, "adjacent") == expected
        trail = trail_of(task)
        assert len(trail) == 31 and len(set(trail)) == 31  # a simple path of 30 steps ...
        assert len(facts(task, "ontrail")) == 30
        assert all((a, b) in expected for a, b in pairwise(trail))  # ... of adjacent cells
        assert task.goal == {("at", trail[-1])}  # ... from the start to the goal
        water = {x for (x,) in facts(task, "iswater")}
        hills = {x for (x,) in facts(task, "ishill")}
        assert water.isdisjoint(trail)
        assert len(hills) == 2 and hills <= set(trail[1:])
        assert 0.2 < len(water) / (99 - 31) < 0.6
    dry = module.generate(module.Params(rows=5, cols=5, trail_length=24, hills=0, water=1.0), 1)
    assert len(trail_of(dry)) == 25 and not facts(dry, "iswater")  # the trail may cover the whole grid


def test_hiking_trails_vary_with_the_seed() -> None:
    module = generator_module("hiking")
    shapes = {tuple(trail_of(module.generate(module.Params(rows=8, cols=8, trail_length=20), s))) for s in range(8)}
    assert len(shapes) == 8


def test_miconic_kind() -> None:
    module = generator_module("miconic")
    for seed in SEEDS:
        task = module.generate(module.Params(buildings=3, floors=6, passengers=4), seed)
        floors, people = objects_of(task, "floor"), objects_of(task, "passenger")
        assert (len(floors), len(people)) == (18, 12)

        def building(obj: str) -> str:
            return obj.rsplit("_", 1)[1]

        def level(floor: str) -> int:
            return int(floor.split("_")[0][1:])

        assert facts(task, "above") == {
            (a, b) for a in floors for b in floors if building(a) == building(b) and level(a) < level(b)
        }
        assert sorted(building(f) for (f,) in facts(task, "lift-at")) == ["b0", "b1", "b2"]
        origin, destin = dict(facts(task, "origin")), dict(facts(task, "destin"))
        assert sorted(origin) == sorted(destin) == people
        for p in people:
            assert origin[p] != destin[p]
            assert building(origin[p]) == building(destin[p]) == building(p)
        assert not facts(task, "boarded") and not facts(task, "served")
        assert task.goal == {("served", p) for p in people}
