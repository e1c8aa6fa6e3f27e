"""Generated tasks of spanner, blocksworld, grippers, logistics, satellite and visitall: the reference kind.

The checks every generator must pass (determinism, solvability, scale, bad input) are in
``test_generators.py``; here each domain's tasks are checked for the shape the reference tasks have.
"""

from __future__ import annotations

import random
from collections import Counter, deque

import pytest

from genplan.generators import GeneratorError, generator_module
from tests.generator_plans import facts, objects_of

SEEDS = (0, 1, 2)


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


def test_visitall_reshape_and_goal_share_give_a_mix_of_grids_and_goals() -> None:
    """``params_for_size`` keeps the number of places but draws a shape and a goal share per task: full
    rectangles and grids with holes (non-rectangular, sometimes cut in pieces), every place or a few."""
    from genplan.generators.features import task_features
    from tests.generator_plans import assert_valid, plan_visitall

    module = generator_module("visitall")
    params = module.params_for_size(30)
    assert (params.reshape, params.min_goal_percent) == (1, 5)
    seen: Counter[str] = Counter()
    for seed in range(30):
        task = module.generate(params, seed)
        f = task_features("visitall", task)
        assert f["places"] == 30
        seen["holes"] += f["holes in the bounding box"] > 0
        seen["rectangle"] += f["holes in the bounding box"] == 0
        seen["all goals"] += len(task.goal) == 30 - f["places not reachable"]
        seen["some goals"] += len(task.goal) < 30 - f["places not reachable"]
        seen["elongated"] += max(f["width"], f["height"]) >= 2 * min(f["width"], f["height"])
        assert len(task.goal) >= 2 and ("visited", *next(iter(facts(task, "at-robot")))) in task.goal
        assert_valid(task, plan_visitall(task))
    assert min(seen.values()) >= 3, seen
    # Without the two parameters the grid and the goal are exactly as asked.
    fixed = module.generate(module.Params(width=5, height=3), 1)
    assert task_features("visitall", fixed)["width"] == 5 and len(fixed.goal) == 15
    for bad in ({"reshape": 2}, {"min_goal_percent": 101}, {"min_goal_percent": -1}):
        with pytest.raises(GeneratorError):
            module.generate(module.Params(**bad), 0)
