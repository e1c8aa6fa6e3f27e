"""Generated tasks of the Silver et al. domains (delivery, ferry, gripper, heavy, hiking, miconic): the
reference kind.

The checks every generator must pass (determinism, solvability, scale, bad input) are in
``test_generators.py``; here each domain's tasks are checked for the shape the reference tasks have.
"""

from __future__ import annotations

from collections import Counter
from itertools import pairwise

import pytest

from genplan.generators import generator_module
from tests.generator_plans import facts, objects_of, trail_of

SEEDS = (0, 1, 2)


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


def test_hiking_spreads_mix_short_and_long_trails_hills_and_water() -> None:
    """``params_for_size`` lets each task stray from the middle values: trails from 2 steps to over half
    the grid, 0 to 2 hills, more or less water; the trail (the witness) still solves every task."""
    from genplan.generators import GeneratorError
    from genplan.generators.features import task_features
    from tests.generator_plans import assert_valid, plan_hiking

    module = generator_module("hiking")
    params = module.params_for_size(100)
    lengths, hills, water = set(), set(), set()
    for seed in range(20):
        task = module.generate(params, seed)
        f = task_features("hiking", task)
        lengths.add(f["trail length"])
        hills.add(f["hills"])
        water.add(f["water / cells"])
        assert_valid(task, plan_hiking(task))
    assert min(lengths) < 15 and max(lengths) > 45 and hills == {0, 1, 2}
    assert max(water) - min(water) > 0.15
    exact = module.Params(rows=9, cols=11, trail_length=30, hills=2, water=0.4)
    assert len(trail_of(module.generate(exact, 3))) == 31  # no spread: exactly as asked
    for key in ("trail_spread", "hill_spread", "water_spread_percent"):
        with pytest.raises(GeneratorError, match=key):
            module.generate(module.Params(**{key: -1}), 0)


def test_delivery_spread_gives_tasks_with_no_paper_to_spare() -> None:
    """With ``wanting_spread`` the number of wanting locations varies per task, up to every paper; the
    constructive plan still solves each task, and without the spread the count is exactly ``wanting``."""
    from genplan.generators.features import task_features
    from tests.generator_plans import assert_valid, plan_delivery

    module = generator_module("delivery")
    params = module.params_for_size(60)
    assert params.wanting_spread > 0
    spare = set()
    for seed in range(30):
        task = module.generate(params, seed)
        spare.add(task_features("delivery", task)["spare papers"])
        assert_valid(task, plan_delivery(task))
    assert 0 in spare and max(spare) >= 8
    exact = module.generate(module.Params(locations=12, papers=8, wanting=6), 4)
    assert len(exact.goal) == 6
