"""Domains and instance generators of spanner, blocksworld, grippers, logistics, satellite and visitall.

For each domain: ``pddl_benchmarks/<domain>/domain.pddl`` parses equal to the reference domain and accepts
plans Fast Downward finds for reference tasks; the generator gives the same task for the same parameters
and seed (whatever ``PYTHONHASHSEED`` is), tasks of the reference kind that Fast Downward solves, and
tasks solved by the plan its module docstring describes (checked at sizes beyond a quick planner run);
it scales to 10x the largest reference task in seconds and rejects impossible parameters with a
:class:`GeneratorError`.
"""

from __future__ import annotations

import hashlib
import os
import random
import subprocess
import sys
import time
from collections import Counter, defaultdict, deque
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

DOMAINS = ("spanner", "blocksworld", "grippers", "logistics", "satellite", "visitall")

#: Objects in the largest reference task of each domain (checked against the data when present).
LARGEST_REFERENCE = {
    "spanner": 64, "blocksworld": 20, "grippers": 144, "logistics": 438, "satellite": 110, "visitall": 324,
}  # fmt: skip

#: Reference tasks whose Fast Downward plans must validate under our domain (default: instance-0 .. 2).
#: spanner's instance-2 (10 nuts, 23 locations) is beyond lama-first in 20 s: the one-way corridor makes
#: its delete-relaxation heuristic blind to the dead ends of leaving a spanner behind.
REFERENCE_PLAN_TASKS = {"spanner": (0, 1, 3)}

#: Sizes small enough for Fast Downward to solve in well under a second.
SMALL_SIZES = (8, 20)
SEEDS = (0, 1, 2)

#: Parameters each generator must reject, with a word its message must contain.
IMPOSSIBLE: dict[str, list[tuple[dict[str, Any], str]]] = {
    "spanner": [
        ({"locations": 4, "nuts": 5, "spanners": 3}, "spanners >= nuts"),
        ({"locations": 0, "nuts": 1, "spanners": 1}, "corridor"),
        ({"locations": 3, "nuts": 0, "spanners": 1}, "nut"),
    ],
    "blocksworld": [({"blocks": 1}, "2 blocks"), ({"blocks": 0}, "2 blocks")],
    "grippers": [
        ({"robots": 1, "rooms": 1, "balls": 3}, "rooms"),
        ({"robots": 0, "rooms": 3, "balls": 3}, "robot"),
        ({"robots": 1, "rooms": 3, "balls": 0}, "ball"),
    ],
    "logistics": [
        ({"cities": 0}, "cities"),
        ({"cities": 1, "city_size": 1}, "single location"),
        ({"airplanes": 0}, "airplanes"),
        ({"extra_trucks": -1}, "extra_trucks"),
    ],
    "satellite": [
        ({"satellites": 3, "instruments": 2}, "instruments >= satellites"),
        ({"satellites": 1, "instruments": 2, "modes": 7}, "modes"),
        ({"satellites": 2, "instruments": 2, "pointing_goals": 3}, "pointing_goals"),
        ({"targets": 0}, "targets"),
    ],
    "visitall": [
        ({"width": 3, "height": 3, "holes": 8}, "holes"),
        ({"width": 3, "height": 3, "holes": 2, "goal_places": 8}, "goal_places"),
        ({"width": 0, "height": 5}, "width"),
        ({"width": 1, "height": 1}, "holes"),
    ],
}


# ------------------------------------------------------------------------------------------------ helpers
def generate(domain: str, size: int, seed: int) -> Task:
    module = generator_module(domain)
    return module.generate(module.params_for_size(size), seed)


def facts(facts_of: Task | frozenset[tuple[str, ...]], predicate: str) -> set[tuple[str, ...]]:
    """The arguments of the initial facts (or of the given facts) of ``predicate``."""
    pool = facts_of.init if isinstance(facts_of, Task) else facts_of
    return {f[1:] for f in pool if f[0] == predicate}


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
def plan_spanner(task: Task) -> list[str]:
    (man,) = objects_of(task, "man")
    link = dict(facts(task, "link"))
    at = defaultdict(list)
    for obj, loc in sorted(facts(task, "at")):
        at[loc].append(obj)
    spanners = set(objects_of(task, "spanner"))
    (here,) = (loc for obj, loc in facts(task, "at") if obj == man)
    steps, carried = [], []
    while True:
        for spanner in at[here]:
            if spanner in spanners:
                steps.append(f"(pickup_spanner {here} {spanner} {man})")
                carried.append(spanner)
        if here not in link:
            break
        steps.append(f"(walk {here} {link[here]} {man})")
        here = link[here]
    for nut, spanner in zip(sorted(objects_of(task, "nut")), carried, strict=False):
        steps.append(f"(tighten_nut {here} {spanner} {man} {nut})")
    return steps


def plan_blocksworld(task: Task) -> list[str]:
    below = dict(facts(task, "on"))
    steps = []
    for (top,) in sorted(facts(task, "clear")):  # take every tower apart, top down
        block = top
        while block in below:
            steps += [f"(unstack {block} {below[block]})", f"(put-down {block})"]
            block = below[block]
    goal_below = dict(facts(task.goal, "on"))
    goal_above = {lower: upper for upper, lower in goal_below.items()}
    for bottom in sorted(set(goal_above) - set(goal_below)):  # build every goal tower bottom up
        block = bottom
        while block in goal_above:
            steps += [f"(pick-up {goal_above[block]})", f"(stack {goal_above[block]} {block})"]
            block = goal_above[block]
    return steps


def plan_grippers(task: Task) -> list[str]:
    robot = objects_of(task, "robot")[0]
    (here,) = (room for r, room in facts(task, "at-robby") if r == robot)
    hand = sorted(g for r, g in facts(task, "free") if r == robot)[0]
    at = dict(facts(task, "at"))
    steps = []
    for _, ball, goal in sorted(task.goal):
        if at[ball] == goal:
            continue
        if here != at[ball]:
            steps.append(f"(move {robot} {here} {at[ball]})")
        steps += [
            f"(pick {robot} {ball} {at[ball]} {hand})",
            f"(move {robot} {at[ball]} {goal})",
            f"(drop {robot} {ball} {goal} {hand})",
        ]
        here = goal
    return steps


def plan_logistics(task: Task) -> list[str]:
    city_of = dict(facts(task, "in-city"))
    airports = {city_of[a]: a for (a,) in facts(task, "airport")}
    at = dict(facts(task, "at"))
    truck_of = {city_of[at[t]]: t for t in sorted(objects_of(task, "truck"), reverse=True)}
    plane = objects_of(task, "airplane")[0]
    steps: list[str] = []

    def drive(truck: str, to: str) -> None:
        if at[truck] != to:
            steps.append(f"(drive-truck {truck} {at[truck]} {to} {city_of[to]})")
            at[truck] = to

    def by_truck(package: str, frm: str, to: str) -> None:
        if frm != to:
            truck = truck_of[city_of[frm]]
            drive(truck, frm)
            steps.append(f"(load-truck {package} {truck} {frm})")
            drive(truck, to)
            steps.append(f"(unload-truck {package} {truck} {to})")

    for _, package, goal in sorted(task.goal):
        here = at[package]
        if city_of[here] == city_of[goal]:
            by_truck(package, here, goal)
            continue
        origin, destination = airports[city_of[here]], airports[city_of[goal]]
        by_truck(package, here, origin)
        if at[plane] != origin:
            steps.append(f"(fly-airplane {plane} {at[plane]} {origin})")
        steps += [
            f"(load-airplane {package} {plane} {origin})",
            f"(fly-airplane {plane} {origin} {destination})",
            f"(unload-airplane {package} {plane} {destination})",
        ]
        at[plane] = destination
        by_truck(package, destination, goal)
    return steps


def plan_satellite(task: Task) -> list[str]:
    on_board = dict(facts(task, "on_board"))
    pointing = dict(facts(task, "pointing"))
    supports = sorted(facts(task, "supports"))
    calibration = {}
    for instrument, direction in sorted(facts(task, "calibration_target")):
        calibration.setdefault(instrument, direction)
    powered: dict[str, str] = {}
    steps: list[str] = []

    def turn(sat: str, to: str) -> None:
        if pointing[sat] != to:
            steps.append(f"(turn_to {sat} {to} {pointing[sat]})")
            pointing[sat] = to

    for _, direction, mode in sorted(f for f in task.goal if f[0] == "have_image"):
        instrument = next(i for i, m in supports if m == mode)
        sat = on_board[instrument]
        if powered.get(sat) != instrument:
            if sat in powered:
                steps.append(f"(switch_off {powered[sat]} {sat})")
            steps.append(f"(switch_on {instrument} {sat})")
            turn(sat, calibration[instrument])
            steps.append(f"(calibrate {sat} {instrument} {calibration[instrument]})")
            powered[sat] = instrument
        turn(sat, direction)
        steps.append(f"(take_image {sat} {direction} {instrument} {mode})")
    for _, sat, direction in sorted(f for f in task.goal if f[0] == "pointing"):
        turn(sat, direction)
    return steps


def plan_visitall(task: Task) -> list[str]:
    """A depth-first walk over the start's component, returning along the tree edges."""
    neighbours = defaultdict(list)
    for a, b in sorted(facts(task, "connected")):
        neighbours[a].append(b)
    (start,) = (x for (x,) in facts(task, "at-robot"))
    steps, seen = [], {start}

    stack = [(start, iter(neighbours[start]))]
    while stack:
        place, rest = stack[-1]
        nxt = next((n for n in rest if n not in seen), None)
        if nxt is None:
            stack.pop()
            if stack:
                steps.append(f"(move {place} {stack[-1][0]})")
            continue
        seen.add(nxt)
        steps.append(f"(move {place} {nxt})")
        stack.append((nxt, iter(neighbours[nxt])))
    return steps


CONSTRUCTIVE = {
    "spanner": plan_spanner,
    "blocksworld": plan_blocksworld,
    "grippers": plan_grippers,
    "logistics": plan_logistics,
    "satellite": plan_satellite,
    "visitall": plan_visitall,
}


# -------------------------------------------------------------------------------------- (1) the domain files
@pytest.mark.parametrize("domain", DOMAINS)
def test_domain_parses_equal_to_reference(domain: str, reference_root: Path) -> None:
    ref_path = reference_root / domain / "domain.pddl"
    ours, ref = parse_domain(builtin_domain_path(domain)), parse_domain(ref_path)
    assert ours == ref
    assert builtin_domain(domain) == ref
    assert [p.name for p in ours.predicates] == [p.name for p in ref.predicates]
    assert [a.name for a in ours.actions] == [a.name for a in ref.actions]
    assert builtin_domain_path(domain).read_text() != ref_path.read_text()  # written by hand, not copied


@pytest.mark.parametrize("domain", DOMAINS)
def test_domain_declares_exactly_the_requirements_it_uses(domain: str) -> None:
    ours = builtin_domain(domain)
    assert sorted(ours.requirements) == sorted(required_requirements(ours))


@pytest.mark.parametrize("domain", DOMAINS)
def test_reference_tasks_read_the_same_under_our_domain(domain: str, reference_root: Path) -> None:
    ref_domain = parse_domain(reference_root / domain / "domain.pddl")
    for k in range(6):
        problem = reference_root / domain / "problems" / f"instance-{k}.pddl"
        ours = parse_problem(problem, builtin_domain(domain))
        ref = parse_problem(problem, ref_domain)
        assert (ours.objects, ours.init, ours.goal) == (ref.objects, ref.init, ref.goal)


# ------------------------------------------------------------------------------ (2) reference plans validate
@pytest.mark.slow
@pytest.mark.parametrize("domain", DOMAINS)
def test_reference_plans_validate_under_our_domain(domain: str, reference_root: Path, tmp_path: Path) -> None:
    from genplan.planners import plan

    for k in REFERENCE_PLAN_TASKS.get(domain, (0, 1, 2)):
        result = plan(reference_task(reference_root, domain, k), "lama-first", time_limit=20, cache_dir=tmp_path)
        assert result.status == "solved", result.message
        assert result.plan
        assert_valid(reference_task(reference_root, domain, k, ours=True), result.plan)


@pytest.mark.parametrize("domain", DOMAINS)
def test_constructive_plans_of_reference_tasks_validate_under_our_domain(domain: str, reference_root: Path) -> None:
    """The docstrings' plans solve the reference tasks too (all of them for spanner, where FD gives up)."""
    ks = range(40) if domain == "spanner" else range(12)
    for k in ks:
        assert_valid(
            reference_task(reference_root, domain, k, ours=True),
            CONSTRUCTIVE[domain](reference_task(reference_root, domain, k)),
        )


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
    assert _digest_in_subprocess("1") == _digest_in_subprocess("4242") == h.hexdigest()


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
@pytest.mark.parametrize("size", [3, 60, 400])
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


@pytest.mark.slow
def test_the_issue_examples_generate_quickly() -> None:
    """The issue names logistics with 4,000 objects and visitall on a 100x100 grid."""
    logistics, visitall = generator_module("logistics"), generator_module("visitall")
    start = time.perf_counter()
    big_logistics = logistics.generate(logistics.params_for_size(4000), 0)
    grid = visitall.generate(visitall.Params(width=100, height=100), 0)
    elapsed = time.perf_counter() - start
    print(f"logistics {big_logistics.size} objects + visitall {grid.size} places in {elapsed:.2f} s")
    assert big_logistics.size >= 3800
    assert grid.size == 10_000 and len(grid.goal) == 10_000
    assert elapsed < 30


# -------------------------------------------------------------------------------------------- (6) bad input
@pytest.mark.parametrize(("domain", "values", "word"), [(d, v, w) for d in DOMAINS for v, w in IMPOSSIBLE[d]])
def test_impossible_parameters_raise_a_clear_generator_error(domain: str, values: dict[str, Any], word: str) -> None:
    with pytest.raises(GeneratorError) as caught:
        make_params(domain, **values)
    assert isinstance(caught.value, GenplanError)
    assert word in caught.value.render()
    assert caught.value.hint  # says how to fix it
    module = generator_module(domain)  # the module's own generate checks too (suites may build Params directly)
    with pytest.raises(GeneratorError):
        module.generate(module.Params(**values), 0)


@pytest.mark.parametrize("domain", DOMAINS)
def test_bad_sizes_non_integers_and_unknown_parameters_are_rejected(domain: str) -> None:
    module = generator_module(domain)
    for size in (0, -3):
        with pytest.raises(GeneratorError, match="positive integer"):
            module.params_for_size(size)
    with pytest.raises(GeneratorError, match="Unknown parameter"):
        make_params(domain, colour=3)
    first = next(iter(vars(module.Params())))
    with pytest.raises(GeneratorError, match="integer"):
        make_params(domain, **{first: 2.5})


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
    """Init and goal use predicates the reference tasks use (no goal kind the reference lacks)."""
    ref_domain = parse_domain(reference_root / domain / "domain.pddl")
    ref_init: set[str] = set()
    ref_goal: set[str] = set()
    for k in range(30):
        ref = parse_problem(reference_root / domain / "problems" / f"instance-{k}.pddl", ref_domain)
        ref_init |= {f[0] for f in ref.init}
        ref_goal |= {f[0] for f in ref.goal}
    for seed in SEEDS:
        task = generate(domain, 40, seed)
        assert {f[0] for f in task.init} <= ref_init
        assert {f[0] for f in task.goal} == ref_goal


def test_spanner_kind() -> None:
    module = generator_module("spanner")
    for seed in SEEDS:
        task = module.generate(module.Params(locations=6, nuts=4, spanners=7), seed)
        assert facts(task, "at") >= {("bob", "shed")} and objects_of(task, "man") == ["bob"]
        link = dict(facts(task, "link"))
        path = ["shed"]
        while path[-1] in link:
            path.append(link[path[-1]])
        assert len(path) == 8 and path[-1] == "gate" and len(link) == 7  # one corridor, one way
        corridor = set(path[1:-1])
        nuts, spanners = objects_of(task, "nut"), objects_of(task, "spanner")
        assert (len(nuts), len(spanners)) == (4, 7)
        at = dict(facts(task, "at"))
        assert all(at[n] == "gate" for n in nuts) and all(at[s] in corridor for s in spanners)
        assert facts(task, "loose") == {(n,) for n in nuts} and facts(task, "useable") == {(s,) for s in spanners}
        assert not facts(task, "carrying") and not facts(task, "tightened")
        assert task.goal == {("tightened", n) for n in nuts}


def _towers_are_consistent(on: set[tuple[str, ...]], blocks: list[str]) -> bool:
    below = dict(on)
    if len(below) != len(on) or len({lower for _, lower in on}) != len(on):
        return False  # a block on two blocks, or two blocks on one
    for block in blocks:  # no cycles
        seen = set()
        while block in below:
            if block in seen:
                return False
            seen.add(block)
            block = below[block]
    return True


def test_blocksworld_kind() -> None:
    module = generator_module("blocksworld")
    for seed in range(10):
        task = module.generate(module.Params(blocks=9), seed)
        blocks = [o for o, _ in task.objects]
        on, table, clear = facts(task, "on"), facts(task, "ontable"), facts(task, "clear")
        assert facts(task, "handempty") == {()} and not facts(task, "holding")
        assert _towers_are_consistent(on, blocks)
        assert {u for u, _ in on} | {b for (b,) in table} == set(blocks) and not {u for u, _ in on} & table
        assert clear == {(b,) for b in blocks} - {(lower,) for _, lower in on}
        assert {f[0] for f in task.goal} == {"on"} and not task.goal <= task.init
        assert _towers_are_consistent(facts(task.goal, "on"), blocks)


def test_blocksworld_arrangements_are_uniform() -> None:
    """3 blocks have 13 arrangements (Lah numbers 6 + 6 + 1); each should come up about equally often."""
    module = generator_module("blocksworld")
    rng = random.Random(5)
    counts = Counter(frozenset(map(tuple, module.random_towers(["a", "b", "c"], rng))) for _ in range(2600))
    assert len(counts) == 13
    assert all(140 <= n <= 260 for n in counts.values()), counts


def test_grippers_kind() -> None:
    module = generator_module("grippers")
    for seed in SEEDS:
        task = module.generate(module.Params(robots=3, rooms=5, balls=8), seed)
        robots, rooms = objects_of(task, "robot"), objects_of(task, "room")
        balls = objects_of(task, "object")
        assert (len(robots), len(rooms), len(balls), len(objects_of(task, "gripper"))) == (3, 5, 8, 6)
        assert sorted(r for r, _ in facts(task, "at-robby")) == robots
        assert Counter(r for r, _ in facts(task, "free")) == dict.fromkeys(robots, 2)
        assert not facts(task, "carry")
        assert {b for b, _ in facts(task, "at")} == set(balls)
        assert {f[0] for f in task.goal} == {"at"} and {f[1] for f in task.goal} == set(balls)
        assert not task.goal <= task.init


def test_logistics_kind() -> None:
    module = generator_module("logistics")
    for seed in SEEDS:
        task = module.generate(module.Params(cities=4, city_size=3, packages=9, airplanes=2, extra_trucks=3), seed)
        cities, locations = objects_of(task, "city"), objects_of(task, "location")
        trucks, planes, packages = objects_of(task, "truck"), objects_of(task, "airplane"), objects_of(task, "obj")
        assert (len(cities), len(locations), len(trucks), len(planes), len(packages)) == (4, 12, 7, 2, 9)
        city_of = dict(facts(task, "in-city"))
        assert sorted(city_of) == locations and Counter(city_of.values()) == dict.fromkeys(cities, 3)
        assert Counter(city_of[a] for (a,) in facts(task, "airport")) == dict.fromkeys(cities, 1)
        at = dict(facts(task, "at"))
        assert {city_of[at[t]] for t in trucks} == set(cities)  # every city has a truck
        assert all((at[a],) in facts(task, "airport") for a in planes)
        assert all(at[p] in city_of for p in packages) and not facts(task, "in")
        assert {f[0] for f in task.goal} == {"at"} and {f[1] for f in task.goal} == set(packages)
        assert not task.goal <= task.init


def test_satellite_kind() -> None:
    module = generator_module("satellite")
    params = module.Params(satellites=3, instruments=7, modes=5, calibration_directions=4, targets=6, pointing_goals=2)
    for seed in SEEDS:
        task = module.generate(params, seed)
        sats, instruments = objects_of(task, "satellite"), objects_of(task, "instrument")
        modes, directions = objects_of(task, "mode"), objects_of(task, "direction")
        assert (len(sats), len(instruments), len(modes), len(directions)) == (3, 7, 5, 10)
        on_board = dict(facts(task, "on_board"))
        assert sorted(on_board) == instruments and set(on_board.values()) == set(sats)
        assert facts(task, "power_avail") == {(s,) for s in sats}
        assert sorted(s for s, _ in facts(task, "pointing")) == sats
        assert not facts(task, "power_on") and not facts(task, "calibrated") and not facts(task, "have_image")
        supported = Counter(i for i, _ in facts(task, "supports"))
        assert set(supported) == set(instruments) and max(supported.values()) <= 3
        assert {m for _, m in facts(task, "supports")} == set(modes)  # every mode can be imaged
        pool = {d for _, d in facts(task, "calibration_target")}
        images = facts(task.goal, "have_image")
        targets = {d for d, _ in images}
        assert len(targets) == 6 and not pool & targets and pool | targets <= set(directions)
        assert len(facts(task.goal, "pointing")) == 2


def test_visitall_kind() -> None:
    module = generator_module("visitall")
    for seed in SEEDS:
        task = module.generate(module.Params(width=7, height=5, holes=6, goal_places=12), seed)
        places = [o for o, _ in task.objects]
        assert len(places) == 29
        coords = {p: tuple(int(v[1:]) for v in p.split("-")[1:]) for p in places}
        expected = {
            (a, b) for a in places for b in places
            if abs(coords[a][0] - coords[b][0]) + abs(coords[a][1] - coords[b][1]) == 1
        }  # fmt: skip
        assert facts(task, "connected") == expected
        (start,) = facts(task, "at-robot")
        assert facts(task, "visited") == {start}
        assert len(task.goal) == 12 and ("visited", *start) in task.goal
        reach, queue = {start[0]}, deque([start[0]])
        while queue:
            here = queue.popleft()
            for a, b in expected:
                if a == here and b not in reach:
                    reach.add(b)
                    queue.append(b)
        assert {g[1] for g in task.goal} <= reach
    whole = module.generate(module.Params(width=6, height=4), 0)
    assert whole.goal == {("visited", o) for o, _ in whole.objects}
