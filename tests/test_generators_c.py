"""Domains and instance generators of beluga, goldminer, minigrid, rovers and transport.

For each domain: ``pddl_benchmarks/<domain>/domain.pddl`` parses equal to the reference domain and accepts
the plans Fast Downward finds for reference tasks; the generator is deterministic (whatever
``PYTHONHASHSEED`` is), makes tasks of the reference kind that Fast Downward solves when small and that the
plan its module docstring describes solves at any size, scales to 10x the largest reference task in
seconds, and rejects impossible parameters with a :class:`GeneratorError`.
"""

from __future__ import annotations

import hashlib
import os
import re
import subprocess
import sys
import time
from collections import Counter, defaultdict, deque
from collections.abc import Callable, Iterable
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

DOMAINS = ("beluga", "goldminer", "minigrid", "rovers", "transport")

#: Objects in the largest reference task of each domain (checked against the data when present).
LARGEST_REFERENCE = {"beluga": 34, "goldminer": 49, "minigrid": 96, "rovers": 28, "transport": 75}

#: Task sizes small enough for Fast Downward to solve within a second or two.
SMALL_SIZES = {
    "beluga": (18, 24), "goldminer": (9, 20), "minigrid": (12, 25), "rovers": (11, 20), "transport": (12, 20),
}  # fmt: skip
SEEDS = (0, 1, 2)

#: Parameters each generator must reject, with words its message must contain.
IMPOSSIBLE: dict[str, list[tuple[dict[str, Any], str]]] = {
    "beluga": [
        ({"parts": 0}, "at least 1 part"),
        ({"racks": 0}, "at least 1 rack"),
        ({"max_size": 16, "rack_capacity": 15}, "does not fit on a rack"),
        ({"min_size": 5, "max_size": 4}, "min_size <= max_size"),
        ({"min_size": 0}, "min_size <= max_size"),
    ],
    "goldminer": [
        ({"rows": 1, "cols": 4}, "at least 2 rows"),
        ({"rows": 3, "cols": 0}, "at least 1 column"),
        ({"rows": 2, "cols": 1}, "single column needs at least 3 rows"),
    ],
    "minigrid": [
        ({"room_rows": 0}, "room_rows >= 1"),
        ({"room_size": 0}, "room_size >= 1"),
        ({"shapes": 0}, "shapes >= 1"),
        ({"room_rows": 1, "room_cols": 1, "room_size": 1}, "single place"),
        ({"room_rows": 2, "room_cols": 2, "extra_doors": 2}, "extra_doors"),
        ({"extra_doors": -1}, "extra_doors"),
    ],
    "rovers": [
        ({"rovers": 0}, "rovers >= 1"),
        ({"waypoints": 1}, "at least 2 waypoints"),
        ({"objectives": 0}, "objectives >= 1"),
        ({"goals": 0}, "goals >= 1"),
        ({"cameras": -1}, "cannot be negative"),
    ],
    "transport": [
        ({"trucks": 0}, "trucks >= 1"),
        ({"packages": 0}, "packages >= 1"),
        ({"cities": 1, "nodes": 1}, "single location"),
        ({"min_capacity": 0}, "capacity"),
        ({"min_capacity": 3, "max_capacity": 2}, "min_capacity <= max_capacity"),
        ({"degree": 0}, "degree"),
    ],
}


# ------------------------------------------------------------------------------------------------ helpers
def generate(domain: str, size: int, seed: int) -> Task:
    module = generator_module(domain)
    return module.generate(module.params_for_size(size), seed)


def facts(pool: Task | Iterable[tuple[str, ...]], predicate: str) -> set[tuple[str, ...]]:
    """The arguments of the initial facts (or of the given facts) of ``predicate``."""
    source = pool.init if isinstance(pool, Task) else pool
    return {f[1:] for f in source if f[0] == predicate}


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


def assert_valid(task: Task, steps: Iterable[str]) -> None:
    from genplan.validate import validate

    verdict = validate(task, list(steps))
    assert verdict.valid, (task.name, verdict)


def bfs_path(start: str, goals: set[str], neighbours: Callable[[str], Iterable[str]]) -> list[str] | None:
    """A shortest path ``[start, ..., goal]`` to one of ``goals`` (first neighbours first), or ``None``."""
    parent: dict[str, str | None] = {start: None}
    queue = deque([start])
    while queue:
        here = queue.popleft()
        if here in goals:
            path = [here]
            while parent[path[-1]] is not None:
                path.append(parent[path[-1]])  # type: ignore[arg-type]
            return path[::-1]
        for there in neighbours(here):
            if there not in parent:
                parent[there] = here
                queue.append(there)
    return None


def chain(first: str, successor: dict[str, str], end: str) -> list[str]:
    out = [first]
    while successor[out[-1]] != end:
        out.append(successor[out[-1]])
    return out


def adjacency(pairs: Iterable[tuple[str, ...]]) -> dict[str, list[str]]:
    out: dict[str, list[str]] = defaultdict(list)
    for a, b in sorted(pairs):
        out[a].append(b)
    return out


def connected(nodes: Iterable[str], pairs: Iterable[tuple[str, ...]]) -> bool:
    nodes = sorted(nodes)
    return len(_reach(nodes[0], adjacency(pairs))) == len(nodes)


def _reach(start: str, links: dict[str, list[str]]) -> set[str]:
    seen, stack = {start}, [start]
    while stack:
        for n in links[stack.pop()]:
            if n not in seen:
                seen.add(n)
                stack.append(n)
    return seen


# ------------------------------------------------------------------ constructive plans (the docstrings' argument)
def beluga_orders(task: Task) -> tuple[list[str], list[str], dict[str, int], list[str]]:
    (first,) = (p for (p,) in facts(task, "ready-to-unload"))
    unload = chain(first, dict(facts(task, "next-to-unload")), "nonep")
    (start,) = (p for _, p in facts(task, "p-line-next"))
    production = chain(start, dict(facts(task, "p-line-succ")), "nonep")
    sizes = {p: int(n[1:]) for p, n in facts(task, "size")}
    return unload, production, sizes, objects_of(task, "rack")


def plan_beluga(task: Task) -> list[str]:
    from genplan.generators.beluga import strategy_plan

    capacity = max(int(c[1:]) for _, _, c in facts(task, "fit-n-sum"))
    steps = strategy_plan(*beluga_orders(task), capacity)
    assert steps is not None, task.name
    return steps


def plan_goldminer(task: Task) -> list[str]:
    """Laser a way to the gold's neighbour, leave the laser there, fetch a bomb, blast the gold free."""
    links = adjacency(facts(task, "connected"))
    clear = {c for (c,) in facts(task, "clear")}
    (robot,) = (c for (c,) in facts(task, "robot-at"))
    (supply,) = (c for (c,) in facts(task, "bomb-at"))
    (gold,) = (c for (c,) in facts(task, "gold-at"))
    assert (supply,) in facts(task, "laser-at")
    steps: list[str] = []

    def walk(path: list[str]) -> None:
        steps.extend(f"(move {a} {b})" for a, b in pairwise(path))

    walk(bfs_path(robot, {supply}, lambda c: (n for n in links[c] if n in clear)) or [])
    near_gold = set(links[gold])
    way = bfs_path(supply, near_gold, lambda c: (n for n in links[c] if n in clear and n != gold))
    if way is None:  # laser a way through the rock
        way = bfs_path(supply, near_gold, lambda c: (n for n in links[c] if n != gold))
        assert way is not None
        steps.append(f"(pickup-laser {supply})")
        for a, b in pairwise(way):
            if b not in clear:
                steps.append(f"(fire-laser {a} {b})")
            steps.append(f"(move {a} {b})")
        steps.append(f"(putdown-laser {way[-1]})")
        walk(way[::-1])
    steps.append(f"(pickup-bomb {supply})")
    walk(way)
    steps += [f"(detonate-bomb {way[-1]} {gold})", f"(move {way[-1]} {gold})", f"(pick-gold {gold})"]
    return steps


def plan_minigrid(task: Task) -> list[str]:
    """Open, one at a time, a locked door next to the reachable region whose key lies in it; then go."""
    links = adjacency(facts(task, "conn"))
    is_open = {p for (p,) in facts(task, "open")}
    lock_shape = dict(facts(task, "lock-shape"))
    key_shape = dict(facts(task, "key-shape"))
    key_at = dict(facts(task, "at"))
    (here,) = (p for (p,) in facts(task, "at-robot"))
    ((_, goal),) = task.goal
    held: str | None = None
    steps: list[str] = []

    def go(to: set[str]) -> str:
        nonlocal here
        path = bfs_path(here, to, lambda p: (n for n in links[p] if n in is_open))
        assert path is not None
        steps.extend(f"(move {a} {b})" for a, b in pairwise(path))
        here = path[-1]
        return here

    while True:
        region = _reach(here, {p: [n for n in links[p] if n in is_open] for p in links})
        if goal in region:
            go({goal})
            return steps
        door, key = next(
            (d, k)
            for d in sorted(lock_shape)
            if d not in is_open and any(n in region for n in links[d])
            for k in sorted(key_shape)
            if key_shape[k] == lock_shape[d] and (k == held or key_at.get(k) in region)
        )
        if key != held:
            go({key_at[key]})
            if held is None:
                steps.append(f"(pickup {here} {key})")
            else:
                steps.append(f"(pickup-and-loose {here} {key} {held})")
                key_at[held] = here
            del key_at[key]
            held = key
        go({n for n in links[door] if n in region})
        steps.append(f"(unlock {here} {door} {key} {lock_shape[door]})")
        is_open.add(door)


def plan_rovers(task: Task) -> list[str]:
    """Reach each goal on its own with a rover able to: drive, sample or calibrate and shoot, communicate."""
    ((lander, lander_at),) = facts(task, "at_lander")
    visible = adjacency(facts(task, "visible"))
    at = dict(facts(task, "at"))
    store = {r: s for s, r in facts(task, "store_of")}
    full: set[str] = set()
    equipped = {
        kind: {r for (r,) in facts(task, f"equipped_for_{kind}")}
        for kind in ("soil_analysis", "rock_analysis", "imaging")
    }
    traverse: dict[str, dict[str, list[str]]] = defaultdict(lambda: defaultdict(list))
    for r, a, b in sorted(facts(task, "can_traverse")):
        if b in visible[a]:
            traverse[r][a].append(b)
    cameras = sorted(facts(task, "on_board"))
    supports = facts(task, "supports")
    target = dict(facts(task, "calibration_target"))
    seen_from: dict[str, set[str]] = defaultdict(set)
    for o, w in facts(task, "visible_from"):
        seen_from[o].add(w)
    talk_from = {w for w in visible if lander_at in visible[w]}
    steps: list[str] = []

    def route(r: str, to: set[str]) -> list[str] | None:
        return bfs_path(at[r], to, lambda w: traverse[r][w])

    def drive(r: str, path: list[str]) -> None:
        steps.extend(f"(navigate {r} {a} {b})" for a, b in pairwise(path))
        at[r] = path[-1]

    def can_talk(r: str, via: set[str]) -> bool:
        return any(route(r, {w}) and bfs_path(w, talk_from, lambda x: traverse[r][x]) for w in sorted(via))

    for goal in sorted(task.goal):
        if goal[0] in ("communicated_soil_data", "communicated_rock_data"):
            kind = goal[0].split("_")[1]
            w = goal[1]
            r = next(r for r in sorted(equipped[f"{kind}_analysis"]) if can_talk(r, {w}))
            drive(r, route(r, {w}))  # type: ignore[arg-type]
            if store[r] in full:
                steps.append(f"(drop {r} {store[r]})")
            steps.append(f"(sample_{kind} {r} {store[r]} {w})")
            full.add(store[r])
            drive(r, route(r, talk_from))  # type: ignore[arg-type]
            steps.append(f"(communicate_{kind}_data {r} {lander} {w} {at[r]} {lander_at})")
        else:
            _, o, m = goal
            r, camera = next(
                (r, c)
                for c, r in cameras
                if r in equipped["imaging"]
                and (c, m) in supports
                and can_talk(r, seen_from[o])
                and any(route(r, {w}) for w in sorted(seen_from[target[c]]))
            )
            drive(r, route(r, seen_from[target[camera]]))  # type: ignore[arg-type]
            steps.append(f"(calibrate {r} {camera} {target[camera]} {at[r]})")
            drive(r, route(r, seen_from[o]))  # type: ignore[arg-type]
            steps.append(f"(take_image {r} {at[r]} {o} {camera} {m})")
            drive(r, route(r, talk_from))  # type: ignore[arg-type]
            steps.append(f"(communicate_image_data {r} {lander} {o} {m} {at[r]} {lander_at})")
    return steps


def plan_transport(task: Task) -> list[str]:
    """One truck carries the packages one at a time."""
    roads = adjacency(facts(task, "road"))
    truck = objects_of(task, "vehicle")[0]
    at = dict(facts(task, "at"))
    free = dict(facts(task, "capacity"))[truck]
    one_less = {b: a for a, b in facts(task, "capacity-predecessor")}
    steps: list[str] = []

    def drive(to: str) -> None:
        path = bfs_path(at[truck], {to}, lambda loc: roads[loc])
        assert path is not None
        steps.extend(f"(drive {truck} {a} {b})" for a, b in pairwise(path))
        at[truck] = to

    for _, package, goal in sorted(task.goal):
        if at[package] == goal:
            continue
        drive(at[package])
        steps.append(f"(pick-up {truck} {at[package]} {package} {one_less[free]} {free})")
        drive(goal)
        steps.append(f"(drop {truck} {goal} {package} {one_less[free]} {free})")
    return steps


CONSTRUCTIVE = {
    "beluga": plan_beluga,
    "goldminer": plan_goldminer,
    "minigrid": plan_minigrid,
    "rovers": plan_rovers,
    "transport": plan_transport,
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

    for k in (0, 1, 2):
        result = plan(reference_task(reference_root, domain, k), "lama-first", time_limit=20, cache_dir=tmp_path)
        assert result.status == "solved", result.message
        assert result.plan
        assert_valid(reference_task(reference_root, domain, k, ours=True), result.plan)


#: Reference tasks the constructive plans are checked on. Beluga's strategy is incomplete: it gets stuck
#: on 4 of the 67 reference tasks (2 racks, parts needed in an order far from the unloading order).
CONSTRUCTIVE_REFERENCE = {
    "beluga": [k for k in range(67) if k not in (37, 53, 63, 64)],
    "goldminer": range(121),
    "minigrid": range(80),
    "rovers": range(31),
    "transport": range(59),
}


@pytest.mark.parametrize("domain", DOMAINS)
def test_constructive_plans_solve_the_reference_tasks_under_our_domain(domain: str, reference_root: Path) -> None:
    """The docstrings' plans solve (nearly) all reference tasks too: the generators' kind of task."""
    for k in CONSTRUCTIVE_REFERENCE[domain]:
        task = reference_task(reference_root, domain, k, ours=True)
        assert_valid(task, CONSTRUCTIVE[domain](task))


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
        "        h.update(write_problem(m.generate(m.params_for_size(60), seed)).encode())\n"
        "print(h.hexdigest())\n"
    )
    env = {**os.environ, "PYTHONHASHSEED": hashseed}
    out = subprocess.run([sys.executable, "-c", code], cwd=REPO, env=env, capture_output=True, text=True, check=True)
    return out.stdout.strip()


def test_generation_does_not_depend_on_pythonhashseed() -> None:
    h = hashlib.sha256()
    for domain in DOMAINS:
        for seed in (0, 7):
            h.update(write_problem(generate(domain, 60, seed)).encode())
    assert _digest_in_subprocess("1") == _digest_in_subprocess("4242") == h.hexdigest()


# ------------------------------------------------------------------------------------ (4) solvable by a planner
@pytest.mark.parametrize("domain", DOMAINS)
def test_small_generated_tasks_are_solved_by_fast_downward(domain: str, tmp_path: Path) -> None:
    from genplan.planners import plan

    for size in SMALL_SIZES[domain]:
        for seed in SEEDS:
            task = generate(domain, size, seed)
            result = plan(task, "lama-first", time_limit=20, cache_dir=tmp_path)
            assert result.status == "solved", (task.name, result.message)
            assert result.plan, task.name  # no generated task is solved by doing nothing
            assert_valid(task, result.plan)


@pytest.mark.parametrize("domain", DOMAINS)
@pytest.mark.parametrize("size", [5, 40, 300])
def test_the_plan_the_docstring_describes_solves_generated_tasks(domain: str, size: int) -> None:
    """Solvability by construction, checked at sizes beyond a quick planner run."""
    for seed in (0, 1, 2):
        task = generate(domain, size, seed)
        assert_valid(task, CONSTRUCTIVE[domain](task))


@pytest.mark.parametrize("domain", DOMAINS)
def test_generated_tasks_round_trip_through_pddl(domain: str) -> None:
    for size in (1, 12, 50):
        task = generate(domain, size, 3)
        assert parse_problem(write_problem(task), builtin_domain(domain)) == task
        assert task.objects == tuple(sorted(task.objects))
        assert task.domain is builtin_domain(domain)


@pytest.mark.parametrize("domain", DOMAINS)
def test_params_for_size_gives_about_that_many_objects(domain: str) -> None:
    slack = 6 if domain == "minigrid" else 3  # mini-grid grows by whole rooms
    for size in (30, 73, 500):
        assert abs(generate(domain, size, 0).size - size) <= max(slack, 0.05 * size), size


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
@pytest.mark.parametrize(("domain", "values", "words"), [(d, v, w) for d in DOMAINS for v, w in IMPOSSIBLE[d]])
def test_impossible_parameters_raise_a_clear_generator_error(domain: str, values: dict[str, Any], words: str) -> None:
    with pytest.raises(GeneratorError) as caught:
        make_params(domain, **values)
    assert isinstance(caught.value, GenplanError)
    assert words in caught.value.render()
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
    """Init and goal use the predicates the reference tasks use, and the same goal predicates."""
    ref_domain = parse_domain(reference_root / domain / "domain.pddl")
    ref_init: set[str] = set()
    ref_goal: set[str] = set()
    for k in range(30):
        ref = parse_problem(reference_root / domain / "problems" / f"instance-{k}.pddl", ref_domain)
        ref_init |= {f[0] for f in ref.init}
        ref_goal |= {f[0] for f in ref.goal}
    goal_predicates: set[str] = set()
    for seed in SEEDS:
        task = generate(domain, 40, seed)
        assert {f[0] for f in task.init} <= ref_init
        goal_predicates |= {f[0] for f in task.goal}
    assert goal_predicates == ref_goal


def test_beluga_kind() -> None:
    module = generator_module("beluga")
    for seed in SEEDS:
        task = module.generate(module.Params(parts=12, racks=5), seed)
        parts, racks = objects_of(task, "part"), objects_of(task, "rack")
        assert len(parts) == 12 and parts[0] == "part01" and racks == [f"rack{i}" for i in range(1, 6)]
        assert objects_of(task, "beluga-truck") == ["t1"] and objects_of(task, "fab-truck") == ["t2"]
        assert facts(task, "empty") == {("t1",), ("t2",)} and not facts(task, "on-truck")
        assert facts(task, "on-rack") == {("noner", p) for p in parts}
        assert facts(task, "no-rack-pre") == facts(task, "no-rack-succ") == {(p,) for p in parts}
        assert facts(task, "level") == {(r, "n00") for r in racks} and facts(task, "unused") == {(r,) for r in racks}
        assert facts(task, "needed-next") == {("nonep",)} and not facts(task, "processed")
        unload, production, sizes, _ = beluga_orders(task)
        assert sorted(unload) == sorted(production) == parts
        assert ("nonep", "nonep") in facts(task, "p-line-succ")
        assert all(3 <= s <= 7 for s in sizes.values())
        levels = {int(n[1:]) for n in objects_of(task, "num")}
        assert {int(c[1:]) for _, _, c in facts(task, "fit-n-sum")} == levels and max(levels) <= 15
        for a, s, c in facts(task, "fit-n-sum"):
            assert int(a[1:]) + int(s[1:]) == int(c[1:])
        assert task.goal == {("processed", p) for p in parts}
    orders = {tuple(beluga_orders(module.generate(module.Params(parts=8, racks=4), s))[1]) for s in range(6)}
    assert len(orders) == 6  # production orders really are random


def test_beluga_production_order_falls_back_towards_the_unloading_order() -> None:
    """With a single small rack a random order is hopeless; the task stays solvable all the same."""
    module = generator_module("beluga")
    task = module.generate(module.Params(parts=9, racks=1, max_size=8, rack_capacity=8), 5)
    unload, production, _, _ = beluga_orders(task)
    assert unload == production
    assert_valid(task, plan_beluga(task))


def _cell(name: str) -> tuple[int, int]:
    row, col = re.fullmatch(r"f(\d+)-(\d+)f", name).groups()  # type: ignore[union-attr]
    return int(row), int(col)


def test_goldminer_kind() -> None:
    module = generator_module("goldminer")
    for params in (module.Params(rows=5, cols=6), module.Params(rows=6, cols=1)):
        for seed in SEEDS:
            task = module.generate(params, seed)
            cells = {_cell(o): o for o, t in task.objects}
            assert len(cells) == params.rows * params.cols and {t for _, t in task.objects} == {"loc"}
            assert len(facts(task, "connected")) == 2 * (
                params.rows * (params.cols - 1) + params.cols * (params.rows - 1)
            )
            ((robot,),), ((supply,),), ((gold,),) = (facts(task, p) for p in ("robot-at", "bomb-at", "gold-at"))
            assert facts(task, "laser-at") == {(supply,)} and robot != supply
            assert _cell(robot)[1] == _cell(supply)[1] == 0 and _cell(gold)[1] == params.cols - 1
            soft, hard, clear = ({c for (c,) in facts(task, p)} for p in ("soft-rock-at", "hard-rock-at", "clear"))
            assert gold in soft and not soft & hard and not clear & (soft | hard)
            assert soft | hard | clear == set(cells.values())
            assert all(_cell(c)[1] == 0 for c in clear) and all(_cell(c)[1] > 0 or c == gold for c in soft | hard)
            assert facts(task, "arm-empty") == {()} and task.goal == {("holds-gold",)}
            if params.cols > 1:  # a channel of soft rock leads from column 1 to the gold
                links = {c: [n for n in ns if n in soft] for c, ns in adjacency(facts(task, "connected")).items()}
                assert any(_cell(c)[1] == 1 for c in _reach(gold, links))
            else:  # the gold is not between the robot and the bomb supply
                rows = sorted(_cell(c)[0] for c in (robot, supply, gold))
                assert _cell(gold)[0] in (rows[0], rows[2])


def test_minigrid_kind() -> None:
    module = generator_module("minigrid")
    params = module.Params(room_rows=3, room_cols=3, room_size=3, extra_doors=1)
    for seed in SEEDS:
        task = module.generate(params, seed)
        places = objects_of(task, "place")
        assert len(places) == 9 * 9 + 8 + 1 and all(re.fullmatch(r"p\d+", p) for p in places)
        assert objects_of(task, "key") == ["key0", "key1", "key2"]
        assert objects_of(task, "shape") == ["shape0", "shape1", "shape2"]
        assert facts(task, "key-shape") == {(f"key{i}", f"shape{i}") for i in range(3)}
        conn = facts(task, "conn")
        assert all((b, a) in conn for a, b in conn)
        locked, is_open = {p for (p,) in facts(task, "locked")}, {p for (p,) in facts(task, "open")}
        assert len(locked) == 9 and not locked & is_open and locked | is_open == set(places)
        assert {d for d, _ in facts(task, "lock-shape")} == locked
        degree = Counter(a for a, _ in conn)
        assert all(degree[d] == 2 for d in locked)  # a door joins two rooms
        rooms = adjacency((a, b) for a, b in conn if a not in locked and b not in locked)
        room_sizes = sorted(len(_reach(p, rooms)) for p in is_open)
        assert set(room_sizes) == {9}  # every open place lies in a 3 x 3 room
        ((robot,),) = facts(task, "at-robot")
        ((_, goal),) = task.goal
        assert robot in is_open and goal in is_open and robot != goal
        assert facts(task, "arm-empty") == {()} and not facts(task, "holding")
        assert {k for k, _ in facts(task, "at")} == {"key0", "key1", "key2"}


def test_rovers_kind() -> None:
    module = generator_module("rovers")
    for seed in SEEDS:
        task = module.generate(module.Params(rovers=4, waypoints=9, cameras=3, objectives=3, goals=8), seed)
        waypoints, rovers = objects_of(task, "waypoint"), objects_of(task, "rover")
        assert objects_of(task, "lander") == ["general"]
        assert objects_of(task, "mode") == ["colour", "high_res", "low_res"]
        visible = facts(task, "visible")
        assert all((b, a) in visible for a, b in visible) and connected(waypoints, visible)
        assert facts(task, "store_of") == {(f"{r}store", r) for r in rovers}
        assert facts(task, "empty") == {(f"{r}store",) for r in rovers} and not facts(task, "full")
        assert facts(task, "available") == {(r,) for r in rovers} and facts(task, "channel_free") == {("general",)}
        imaging = {r for (r,) in facts(task, "equipped_for_imaging")}
        assert {r for _, r in facts(task, "on_board")} == imaging
        for r in rovers:
            links = {(a, b) for rr, a, b in facts(task, "can_traverse") if rr == r}
            assert links <= visible and all((b, a) in links for a, b in links)
            ((start,),) = {(w,) for rr, w in facts(task, "at") if rr == r}
            assert connected({start} | {a for a, _ in links}, links)
        assert 1 <= len(task.goal) <= 8
        assert not facts(task, "have_soil_analysis") and not facts(task, "calibrated")


def test_transport_kind() -> None:
    module = generator_module("transport")
    for cities in (1, 2, 3):
        for seed in SEEDS:
            task = module.generate(module.Params(cities=cities, nodes=7, trucks=3, packages=6), seed)
            locations = objects_of(task, "location")
            stem = r"city-loc-\d+" if cities == 1 else r"city-[123]-loc-\d+"
            assert len(locations) == 7 * cities and all(re.fullmatch(stem, loc) for loc in locations)
            roads = facts(task, "road")
            assert all((b, a) in roads for a, b in roads) and connected(locations, roads)
            capacities = [f"capacity-{k}" for k in range(5)]
            assert objects_of(task, "capacity-number") == capacities
            assert facts(task, "capacity-predecessor") == set(pairwise(capacities))
            trucks, packages = objects_of(task, "vehicle"), objects_of(task, "package")
            assert trucks == ["truck-1", "truck-2", "truck-3"] and len(packages) == 6
            assert {t for t, _ in facts(task, "capacity")} == set(trucks)
            assert all(c in capacities[2:] for _, c in facts(task, "capacity"))
            at = dict(facts(task, "at"))
            assert set(at) == set(trucks) | set(packages) and not facts(task, "in")
            assert {p for _, p, _ in task.goal} == set(packages)
            assert all(at[p] != goal for _, p, goal in task.goal)
