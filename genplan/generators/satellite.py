"""Instance generator for satellite (IPC-2002 STRIPS version).

Kind of task (as in the reference benchmark, whose tasks come from the ``satgen`` generator,
``strips-sat-x-1``, and from AutoPlanBench): satellites ``satellite0 ..``, each with at least one instrument
``instrument0 ..`` on board, its power available and pointing at a random direction; no instrument
powered or calibrated; modes ``imageI``, ``infraredI``, ``spectrographI`` or ``thermographI``; directions
split into a pool of calibration directions (``groundstationI`` or ``starI``, indices ``0 .. C-1``) and
image targets (``starI``, ``planetI`` or ``phenomenonI``, indices ``C ..``). Each instrument supports 1 to 3
random modes and has 1 to 3 random calibration directions from the pool; every mode is supported by some
instrument. The goal asks for an image of *every* target in one or more random modes, and for some random
satellites to end up pointing at a random direction.

Solvable by construction: for each wanted image ``(d, m)``, take an instrument ``i`` supporting ``m``
(one exists) on its satellite ``s``; switch off the instrument powered on ``s``, if any, then switch
``i`` on, turn ``s`` to a calibration direction of ``i``, calibrate, turn to ``d`` and take the image.
``turn_to`` joins any two directions, and powering an instrument only needs its satellite's power,
which switching the other instrument off returns. Finally turn each satellite with a pointing goal to
its direction; images once taken stay taken.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from genplan.generators import GeneratorError, check_integers, check_size
from genplan.generators.domains import builtin_domain
from genplan.pddl.model import Fact, Task

DOMAIN = "satellite"

#: Most modes an instrument supports, and most calibration directions it has (as in the reference).
MAX_MODES_PER_INSTRUMENT = 3
MAX_CALIBRATION_TARGETS = 3
#: Name stems of modes and directions, as satgen spells them (the index makes every name unique).
MODE_KINDS = ("image", "infrared", "spectrograph", "thermograph")


@dataclass(frozen=True)
class Params:
    """Size of a satellite task; ``instruments`` are spread over the satellites, at least one each."""

    satellites: int = 2
    instruments: int = 4
    modes: int = 3
    calibration_directions: int = 3
    targets: int = 4
    #: Satellites that must end up pointing somewhere (the first that many of a random order).
    pointing_goals: int = 1

    def check(self) -> None:
        check_integers(self, DOMAIN)
        for key in ("satellites", "modes", "calibration_directions", "targets"):
            if getattr(self, key) < 1:
                raise GeneratorError(
                    f"A satellite task needs {key} >= 1, not {getattr(self, key)}.", hint=f"Pass {key} >= 1."
                )
        if self.instruments < self.satellites:
            raise GeneratorError(
                f"Every satellite carries at least one instrument, so {self.satellites} satellites need at "
                f"least {self.satellites} instruments, not {self.instruments}.",
                hint=f"Pass instruments >= satellites (here >= {self.satellites}).",
            )
        if self.modes > MAX_MODES_PER_INSTRUMENT * self.instruments:
            raise GeneratorError(
                f"{self.instruments} instruments supporting at most {MAX_MODES_PER_INSTRUMENT} modes each "
                f"cannot cover {self.modes} modes, and a mode no instrument supports makes its images "
                "impossible.",
                hint=f"Pass modes <= {MAX_MODES_PER_INSTRUMENT} * instruments or more instruments.",
            )
        if not 0 <= self.pointing_goals <= self.satellites:
            raise GeneratorError(
                f"Between 0 and satellites = {self.satellites} satellites can have a pointing goal, not "
                f"pointing_goals = {self.pointing_goals}.",
                hint="Lower pointing_goals or raise satellites.",
            )


def params_for_size(size: int) -> Params:
    """About ``size`` objects: 10% satellites, 55% instruments, 10% modes, 10% calibration directions,
    15% targets, and a pointing goal for 40% of the satellites.

    The proportions follow the larger reference tasks, which range up to 110 objects (11 satellites, 69
    instruments, 12 modes, 8 calibration directions, 10 targets); the smallest have 6 objects. Sizes
    below 5 give the smallest task (one of each).
    """
    check_size(size)
    satellites = max(1, round(0.10 * size))
    modes = max(1, round(0.10 * size))
    calibration = max(1, round(0.10 * size))
    targets = max(1, round(0.15 * size))
    instruments = max(satellites, size - satellites - modes - calibration - targets)
    return Params(
        satellites=satellites,
        instruments=instruments,
        modes=modes,
        calibration_directions=calibration,
        targets=targets,
        pointing_goals=round(0.4 * satellites),
    )


def generate(params: Params, seed: int, name: str | None = None) -> Task:
    """A solvable satellite task; the same for the same ``(params, seed)``."""
    params.check()
    rng = random.Random(seed)
    satellites = [f"satellite{i}" for i in range(params.satellites)]
    instruments = [f"instrument{i}" for i in range(params.instruments)]
    modes = [f"{rng.choice(MODE_KINDS)}{i}" for i in range(params.modes)]
    pool = [f"{rng.choice(('groundstation', 'star'))}{i}" for i in range(params.calibration_directions)]
    first = params.calibration_directions
    targets = [f"{rng.choice(('star', 'planet', 'phenomenon'))}{first + i}" for i in range(params.targets)]
    directions = pool + targets

    # Instruments on board: one per satellite first, the others on random satellites.
    owner = satellites + [rng.choice(satellites) for _ in instruments[len(satellites) :]]
    rng.shuffle(owner)
    init: set[Fact] = set()
    init.update(("on_board", i, s) for i, s in zip(instruments, owner, strict=True))
    for s in satellites:
        init.add(("power_avail", s))
        init.add(("pointing", s, rng.choice(directions)))

    # Every mode first goes to one instrument, round robin over a random order (at most 3 each, since
    # modes <= 3 * instruments), then each instrument is topped up to a random number of modes.
    supports: dict[str, set[str]] = {i: set() for i in instruments}
    dealer = rng.sample(instruments, len(instruments))
    for k, mode in enumerate(rng.sample(modes, len(modes))):
        supports[dealer[k % len(dealer)]].add(mode)
    for i in instruments:
        wanted = rng.randint(1, min(MAX_MODES_PER_INSTRUMENT, len(modes)))
        others = [m for m in modes if m not in supports[i]]
        supports[i].update(rng.sample(others, max(0, wanted - len(supports[i]))))
        init.update(("supports", i, m) for m in supports[i])
    for i in instruments:
        count = rng.randint(1, min(MAX_CALIBRATION_TARGETS, len(pool)))
        init.update(("calibration_target", i, d) for d in rng.sample(pool, count))

    goal: set[Fact] = set()
    for target in targets:
        count = min(len(modes), rng.choice((1, 1, 1, 2, 3)))
        goal.update(("have_image", target, m) for m in rng.sample(modes, count))
    for s in rng.sample(satellites, params.pointing_goals):
        goal.add(("pointing", s, rng.choice(directions)))

    objects = [(s, "satellite") for s in satellites] + [(i, "instrument") for i in instruments]
    objects += [(m, "mode") for m in modes] + [(d, "direction") for d in directions]
    return Task(
        name=name
        or (
            f"satellite-s{params.satellites}-i{params.instruments}-m{params.modes}"
            f"-c{params.calibration_directions}-t{params.targets}-p{params.pointing_goals}-seed{seed}"
        ),
        domain=builtin_domain(DOMAIN),
        objects=tuple(sorted(objects)),
        init=frozenset(init),
        goal=frozenset(goal),
    )
