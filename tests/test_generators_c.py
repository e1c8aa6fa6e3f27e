"""Generated tasks of beluga, goldminer, minigrid, rovers and transport: the reference kind.

The checks every generator must pass (determinism, solvability, scale, bad input) are in
``test_generators.py``; here each domain's tasks are checked for the shape the reference tasks have.
"""

from __future__ import annotations

import re
from collections import Counter
from itertools import pairwise

from genplan.generators import generator_module
from genplan.generators.features import beluga_state, task_features
from genplan.pddl.model import Task
from tests.generator_plans import (
    adjacency,
    assert_valid,
    beluga_orders,
    connected,
    facts,
    objects_of,
    plan_beluga,
    reach,
)

SEEDS = (0, 1, 2)


def test_beluga_kind() -> None:
    module = generator_module("beluga")
    for seed in SEEDS:
        task = module.generate(module.Params(parts=12, racks=5, max_lines=1, max_stored=0, rack_spread=0), seed)
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
    params = module.Params(parts=8, racks=4, max_lines=1, max_stored=0, rack_spread=0)
    orders = {tuple(beluga_orders(module.generate(params, s))[1]) for s in range(6)}
    assert len(orders) == 6  # production orders really are random


def test_beluga_production_order_falls_back_towards_the_unloading_order() -> None:
    """With a single small rack a random order is hopeless; the task stays solvable all the same."""
    module = generator_module("beluga")
    task = module.generate(
        module.Params(parts=9, racks=1, max_size=8, rack_capacity=8, max_lines=1, max_stored=0, rack_spread=0), 5
    )
    unload, production, _, _ = beluga_orders(task)
    assert unload == production
    assert_valid(task, plan_beluga(task))


def test_beluga_falls_back_to_the_base_order_with_stored_parts_and_several_lines() -> None:
    """The base order (stored parts rack by rack from the factory end, then the unloading order) is always
    solvable, even with one rack that barely fits a part, stored parts and several lines."""
    module = generator_module("beluga")
    for seed in range(8):
        params = module.Params(parts=9, racks=1, max_size=8, rack_capacity=8, max_lines=3, max_stored=3, rack_spread=0)
        task = module.generate(params, seed)
        state = beluga_state(task)
        assert sum(map(len, state["lines"].values())) == 9
        assert_valid(task, plan_beluga(task))


def _rows(task: Task) -> dict[str, list[str]]:
    return beluga_state(task)["racks"]


def test_beluga_stored_parts_are_on_consistent_racks() -> None:
    """Parts that start on a rack: the level is their total size, ``rack-succ`` chains them from the
    beluga end to the factory end, and only empty racks are unused."""
    module = generator_module("beluga")
    stored_somewhere = 0
    for seed in range(20):
        task = module.generate(module.Params(parts=8, racks=3, max_stored=5), seed)
        sizes = beluga_state(task)["sizes"]
        in_beluga = set(beluga_state(task)["flights"][0])
        levels = dict(facts(task, "level"))
        for rack, row in _rows(task).items():
            assert int(levels[rack][1:]) == sum(sizes[p] for p in row) <= 15
            assert ((rack,) in facts(task, "unused")) == (not row)
            stored_somewhere += len(row)
            assert not set(row) & in_beluga
        on_racks = {p for r, p in facts(task, "on-rack") if r != "noner"}
        assert on_racks | in_beluga == set(sizes) and not on_racks & in_beluga
        assert in_beluga  # at least one part is still in the Beluga
        assert_valid(task, plan_beluga(task))
    assert stored_somewhere > 20


def test_beluga_defaults_mix_easy_and_hard_tasks() -> None:
    """At a small size (8 parts), the default tasks include ones that need parts rearranged on the racks, parts
    stored out of order, full racks and several lines, and ones of the reference's kind; the strategy's
    plan (the witness of solvability) solves every one."""
    module = generator_module("beluga")
    seen: Counter[str] = Counter()
    for seed in range(30):
        task = module.generate(module.params_for_size(30), seed)
        f = task_features("beluga", task)
        seen["rearrangement"] += f.get("needs rearrangement") == 1
        seen["no rearrangement"] += f.get("needs rearrangement") == 0
        seen["out of order"] += f["parts out of order on racks"] > 0
        seen["full rack"] += f["racks full"] > 0
        seen["lines"] += f["production lines"] > 1
        seen["reference kind"] += f["production lines"] == 1 and f["parts on racks"] == 0
        assert_valid(task, plan_beluga(task))
    assert min(seen.values()) >= 1, seen
    assert seen["rearrangement"] >= 5, seen
    assert module.params_for_size(20).parts >= 3  # more than the 2 parts of a trivial task


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
                assert any(_cell(c)[1] == 1 for c in reach(gold, links))
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
        room_sizes = sorted(len(reach(p, rooms)) for p in is_open)
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
