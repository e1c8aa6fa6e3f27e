"""What each builtin suite holds: how many tasks, of which sizes, in which shapes.

A builtin suite imitates the paper's data for its domain (Stein et al., Table 8): as many held-out
tasks, over the same range of object counts with about the same distribution, and debugging tasks as
small as the paper's. The numbers below are summary statistics of the reference benchmark: the object
counts of its held-out tasks at 7 percentiles, and the smallest and largest of its 6 debugging tasks.
They are not the reference tasks, which genplan never ships (see the README of ``pddl_benchmarks/``).

Sizes alone would make every task of a size look alike (``params_for_size`` fixes the proportions), so
each domain may have a *shaper* that draws the proportions at random around the reference's (more or
fewer cars per location in ferry, one to five buildings in miconic, ...). A shaper gets a
``random.Random`` seeded by a string, so the result never depends on ``PYTHONHASHSEED``.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass, replace
from math import isqrt, sqrt
from typing import Any

from genplan.core.errors import GenplanError
from genplan.generators import GENERATOR_DOMAINS, generator_module

#: The percentiles at which :attr:`Recipe.heldout_quantiles` gives the reference's object counts.
PERCENTILES = (0.0, 0.10, 0.25, 0.50, 0.75, 0.90, 1.0)

#: Debugging tasks per suite, and the candidates they are drawn from (the paper draws its 6 at random
#: among tasks that rank among the 16 smallest of the dataset by objects and by optimal plan length).
DEBUG_TASKS = 6
DEBUG_POOL = 16


@dataclass(frozen=True)
class Recipe:
    """How many tasks of which sizes one builtin suite holds."""

    domain: str
    #: Held-out tasks (the paper's N in Table 8).
    heldout: int
    #: Objects of the reference's held-out tasks at :data:`PERCENTILES` (min, 10%, ..., 90%, max).
    heldout_quantiles: tuple[int, ...]
    #: Smallest and largest object count of the reference's 6 debugging tasks.
    debug_range: tuple[int, int]


# domain: (held-out tasks, debugging objects min-max, held-out objects at PERCENTILES); measured on the
# reference benchmark (the held-out counts and min-max agree with the paper's Table 8). One exception:
# spanner's reference debugging tasks have 12 to 14 objects but one has 46, which A* with LM-cut does not
# solve in minutes; its candidates span 12 to 30 objects instead.
_REFERENCE = {
    "delivery": (30, (8, 13), (50, 56, 59, 63, 65, 67, 73)),
    "ferry": (275, (5, 9), (5, 14, 19, 34, 74, 91, 116)),
    "gripper": (53, (22, 31), (10, 20, 29, 67, 73, 77, 81)),
    "heavy": (34, (3, 7), (4, 9, 107, 135, 169, 186, 209)),
    "hiking": (28, (80, 110), (80, 100, 100, 110, 110, 121, 121)),
    "miconic": (34, (7, 36), (9, 17, 26, 51, 75, 95, 104)),
    "spanner": (34, (12, 30), (13, 15, 46, 50, 55, 61, 64)),  # reference debugging: 12-14, and one of 46
    "beluga": (61, (13, 23), (15, 18, 25, 28, 30, 32, 34)),
    "blocksworld": (191, (4, 4), (3, 4, 4, 9, 13, 16, 20)),
    "goldminer": (115, (4, 12), (4, 6, 8, 12, 24, 42, 49)),
    "grippers": (131, (9, 15), (9, 17, 30, 59, 94, 115, 144)),
    "logistics": (178, (9, 14), (9, 15, 24, 37, 55, 100, 438)),
    "minigrid": (74, (15, 42), (10, 15, 20, 25, 45, 54, 96)),
    "rovers": (25, (11, 16), (11, 11, 14, 14, 18, 25, 28)),
    "satellite": (25, (6, 10), (9, 10, 12, 13, 51, 69, 110)),
    "transport": (53, (12, 16), (18, 23, 28, 33, 45, 54, 75)),
    "visitall": (193, (4, 8), (1, 6, 8, 18, 34, 49, 324)),
}

RECIPES: dict[str, Recipe] = {d: Recipe(d, n, quantiles, debug) for d, (n, debug, quantiles) in _REFERENCE.items()}
assert tuple(RECIPES) == GENERATOR_DOMAINS


def recipe(domain: str) -> Recipe:
    """The recipe of a builtin domain; an unknown name suggests the closest."""
    generator_module(domain)  # raises a GeneratorError with a suggestion for an unknown name
    return RECIPES[domain]


def heldout_sizes(r: Recipe) -> list[int]:
    """``r.heldout`` object counts following the reference's distribution (its quantile function, linear
    between the known percentiles, read at the midpoints ``(i + 0.5) / N``), smallest first."""
    sizes = []
    for i in range(r.heldout):
        q = (i + 0.5) / r.heldout
        k = next(j for j in range(1, len(PERCENTILES)) if q <= PERCENTILES[j])
        p0, p1 = PERCENTILES[k - 1], PERCENTILES[k]
        v0, v1 = r.heldout_quantiles[k - 1], r.heldout_quantiles[k]
        sizes.append(round(v0 + (v1 - v0) * (q - p0) / (p1 - p0)))
    # The midpoints never reach the extremes: pin the first and last task to the reference's min and max.
    if sizes:
        sizes[0], sizes[-1] = r.heldout_quantiles[0], r.heldout_quantiles[-1]
    return sizes


def debug_pool_sizes(r: Recipe, pool: int = DEBUG_POOL) -> list[int]:
    """``pool`` object counts spread evenly over the reference's debugging range."""
    lo, hi = r.debug_range
    return [round(lo + (hi - lo) * i / (pool - 1)) for i in range(pool)]


# ---------------------------------------------------------------------------------------------- shapers
Shaper = Callable[[int, random.Random], Any]


def _ferry(size: int, rng: random.Random) -> Any:
    m = generator_module("ferry")
    locations = max(2, round(rng.uniform(0.2, 0.5) * size))
    return m.Params(locations=locations, cars=max(1, size - locations))


def _delivery(size: int, rng: random.Random) -> Any:
    base = generator_module("delivery").params_for_size(size)
    wanting = round(rng.uniform(0.55, 0.85) * (base.locations - 1))
    return replace(base, wanting=max(1, min(base.papers, base.locations - 1, wanting)), wanting_spread=0)


def _gripper(size: int, rng: random.Random) -> Any:
    m = generator_module("gripper")
    if size >= 5 and rng.random() < 0.3:  # the IPC kind: two rooms, every ball to the other one
        balls = size - 4
        return m.Params(rooms=2, balls=balls, goal_balls=balls, grippers=2)
    rest = max(3, size - 2)
    rooms = max(2, round(rng.uniform(0.5, 0.7) * rest))
    balls = max(1, rest - rooms)
    return m.Params(rooms=rooms, balls=balls, goal_balls=max(1, round(rng.uniform(0.5, 0.9) * balls)), grippers=2)


def _hiking(size: int, rng: random.Random) -> Any:
    m = generator_module("hiking")
    rows = max(1, round(sqrt(size) * rng.uniform(0.8, 1.0)))
    cols = max(2, round(size / rows))
    cells = rows * cols
    trail = rng.randint(min(2, cells - 1), max(2, min(cells - 1, cells // 2)))
    return m.Params(
        rows=rows,
        cols=cols,
        trail_length=trail,
        hills=rng.randint(0, min(2, trail)),
        water=round(rng.uniform(0.3, 0.5), 2),
    )


def _miconic(size: int, rng: random.Random) -> Any:
    m = generator_module("miconic")
    buildings = rng.randint(1, max(1, min(5, size // 10)))
    per_building = size / buildings
    floors = max(2, round(rng.uniform(0.55, 0.8) * per_building))
    return m.Params(buildings=buildings, floors=floors, passengers=max(1, round(per_building) - floors))


def _spanner(size: int, rng: random.Random) -> Any:
    m = generator_module("spanner")
    rest = max(3, size - 3)
    locations = max(1, round(rng.uniform(0.35, 0.55) * rest))
    nuts = max(1, round(rng.uniform(0.15, 0.3) * rest))
    return m.Params(locations=locations, nuts=nuts, spanners=max(nuts, rest - locations - nuts))


def _grippers(size: int, rng: random.Random) -> Any:
    m = generator_module("grippers")
    robots = rng.randint(1, min(4, max(1, size // 9)))
    rest = max(3, size - 3 * robots)
    rooms = max(2, round(rng.uniform(0.2, 0.45) * rest))
    return m.Params(robots=robots, rooms=rooms, balls=max(1, rest - rooms))


def _goldminer(size: int, rng: random.Random) -> Any:
    m = generator_module("goldminer")
    rows = max(2, round(sqrt(size * rng.uniform(0.6, 1.6))))
    cols = max(1, round(size / rows))
    return m.Params(rows=max(rows, 3) if cols == 1 else rows, cols=cols)


def _logistics(size: int, rng: random.Random) -> Any:
    """IPC-style: many locations, few packages (the largest reference task has 405 places and trucks
    for 18 packages)."""
    m = generator_module("logistics")
    if size < 12:
        return m.params_for_size(size)
    packages = rng.randint(max(1, size // 15), max(2, min(40, size // 3)))
    airplanes = max(1, round(rng.uniform(0.02, 0.05) * size))
    rest = max(6, size - packages - airplanes)
    city_size = max(1, min(13, round(isqrt(rest) * rng.uniform(0.4, 0.7))))
    cities = max(2, rest // (city_size + 2))
    extra = max(0, rest - cities * (city_size + 2))
    return m.Params(cities=cities, city_size=city_size, packages=packages, airplanes=airplanes, extra_trucks=extra)


def _beluga(size: int, rng: random.Random) -> Any:
    """The reference's kind (one production line, every part in the Beluga), with 2 to 6 racks drawn at
    random as in its ``problem_P_R_S`` tasks: from a rack per part (easy) to a rack per 3.5 parts (parts
    often have to be rearranged on the racks)."""
    m = generator_module("beluga")
    rest = max(4, size - 6 - 11)  # 6 fixed objects and about 11 level numbers
    fewest = max(2, -(-2 * rest // 9))  # at most 3.5 parts per rack, as in the reference
    racks = rng.randint(fewest, max(fewest, min(6, rest // 2)))
    return m.Params(parts=max(2, rest - racks), racks=racks, max_lines=1, max_stored=0, rack_spread=0)


def _visitall(size: int, rng: random.Random) -> Any:
    """From 9 places on, half near-square grids and half grids of a random shape (rectangles of any
    proportion, or with holes); always every reachable place to visit. Tiny grids (the debugging range, up
    to 8 places) stay near-square: reshaping them, or a small goal share, mostly renames cells or leaves
    plans of 1 or 2 steps (the reference's debugging tasks average 5)."""
    base = generator_module("visitall").params_for_size(size)
    return replace(base, reshape=int(size > 8 and rng.random() < 0.5), min_goal_percent=100)


def _childsnack(size: int, rng: random.Random) -> Any:
    """Around the IPC 2023 Learning Track's kind: from no allergic child to all of them, up to 50% spare
    sandwiches, 1 to about ``sqrt(children)`` trays, 1 to 5 tables (its generated tasks have 3), and
    sometimes spare portions, gluten-free or not (as in its hand-made base cases)."""
    m = generator_module("childsnack")
    tables = rng.randint(1, max(1, min(5, (size - 4) // 3)))  # tiny sizes: not more tables than children
    surplus = rng.uniform(0.0, 0.5)
    spare = rng.uniform(0.05, 0.5) if rng.random() < 0.3 else 0.0
    children = max(1, round((size - 1 - tables) / (4 + surplus + 2 * spare)))
    allergic = round(rng.uniform(0.0, 1.0) * children)
    extra = round(spare * children)
    extra_gluten_free = rng.randint(0, extra)
    return m.Params(
        allergic=allergic,
        non_allergic=children - allergic,
        trays=rng.randint(1, max(1, round(sqrt(children)))),
        sandwiches=children + round(surplus * children),
        tables=tables,
        gluten_free=allergic + extra_gluten_free,
        with_gluten=children - allergic + extra - extra_gluten_free,
    )


SHAPERS: dict[str, Shaper] = {
    "beluga": _beluga,
    "delivery": _delivery,
    "ferry": _ferry,
    "gripper": _gripper,
    "hiking": _hiking,
    "miconic": _miconic,
    "spanner": _spanner,
    "goldminer": _goldminer,
    "grippers": _grippers,
    "logistics": _logistics,
    "visitall": _visitall,
    "childsnack": _childsnack,
}


def shape(domain: str, size: int, rng: random.Random) -> Any:
    """Generator parameters for a task of about ``size`` objects, proportions drawn from ``rng``.

    Domains without a shaper use their generator's ``params_for_size``. A shaper's draw that the
    generator rejects falls back to ``params_for_size`` too (it is always valid).
    """
    module = generator_module(domain)
    shaper = SHAPERS.get(domain)
    if shaper is None:
        return module.params_for_size(size)
    params = shaper(size, rng)
    try:
        params.check()
    except GenplanError:
        return module.params_for_size(size)
    return params
