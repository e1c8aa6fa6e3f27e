"""Source (a) of the check: the domain's generator, at sizes growing geometrically, with varied parameters.

Sizes start at the smallest debugging task and grow by a constant factor up to the largest size the
check may use, so small counterexamples are found first and large ones are still reached. At every
size a few tasks are drawn with different parameters, not only different seeds: proportions drawn by
the suite builder's shapers (more or fewer cars per location, several buildings, ...) and every integer
parameter of the generator pushed up or down, so that rarely used corners of a generator (one
location, many lines, full racks) are reached too.

Seeds are derived from a string that names the check, so the check never draws the seeds the builtin
suites were built with: it cannot regenerate a held-out task by accident.
"""

from __future__ import annotations

import hashlib
import random
from collections.abc import Iterator
from dataclasses import asdict, fields, replace
from typing import Any

from genplan.core.errors import GenplanError
from genplan.generalize.candidates import Candidate
from genplan.generalize.naming import GeneratorNames


def check_seed(*parts: object) -> int:
    """A 48-bit generator seed for the check (SHA-256 of a tagged string: stable across processes)."""
    text = "genplan-check-v1/" + "/".join(str(p) for p in parts)
    return int.from_bytes(hashlib.sha256(text.encode()).digest()[:6], "big")


def size_ladder(start: int, stop: int, factor: float = 1.6) -> list[int]:
    """Sizes from ``start`` to ``stop`` (both included), each about ``factor`` times the one before."""
    start = max(1, start)
    sizes = [start]
    while sizes[-1] < stop:
        sizes.append(min(stop, max(sizes[-1] + 1, round(sizes[-1] * factor))))
    return sizes


def _perturbed(base: Any, rng: random.Random) -> Any:
    """``base`` with every integer size parameter scaled by a random factor (0.3x to 2x), at least 0."""
    from genplan.generators import UNPROVEN

    values = {}
    for f in fields(base):
        value = getattr(base, f.name)
        if isinstance(value, int) and not isinstance(value, bool) and f.name != UNPROVEN:
            factor = rng.choice((0.3, 0.5, 0.75, 1.0, 1.0, 1.5, 2.0))
            values[f.name] = max(0, round(value * factor))
    return replace(base, **values)


def varied_params(domain: str, size: int, rng: random.Random, index: int) -> Any:
    """Generator parameters for about ``size`` objects: the plain ones, shaped ones, or perturbed ones.

    Whatever the draw, the result passes the generator's own ``check()`` (else the plain parameters).
    """
    from genplan.benchmarks.recipes import shape
    from genplan.generators import generator_module

    module = generator_module(domain)
    plain = module.params_for_size(size)
    kind = index % 3
    if kind == 0:
        params = plain
    elif kind == 1:
        params = shape(domain, size, rng)
    else:
        params = _perturbed(shape(domain, size, rng), rng)
    try:
        params.check()
    except GenplanError:
        return plain
    return params


def generated_batches(
    names: GeneratorNames,
    sizes: list[int],
    *,
    per_size: int,
    seed: int,
    max_objects: int,
    round_: int = 0,
    max_unproven: int = 0,
) -> Iterator[list[Candidate]]:
    """One batch of ``per_size`` generated tasks per size, smallest size first.

    Tasks larger than ``max_objects`` are left out (a perturbed parameter can overshoot the size).
    Unfiltered tasks of a generator that filters by its own strategy are made up to ``max_unproven``
    objects only: above that, a planner rarely proves them solvable within the check's small limit.
    """
    from genplan.generators import UNPROVEN, generator_module

    if names.model is not None:
        yield from _model_batches(names, sizes, per_size=per_size, seed=seed, max_objects=max_objects,
                                  round_=round_)  # fmt: skip
        return
    module = generator_module(names.generator)
    # A generator that filters its tasks by its own strategy also makes unfiltered ones, which must be
    # proved solvable (see genplan.generators): two in three of each size's tasks.
    unfiltered = UNPROVEN in {f.name for f in fields(module.Params)}
    for level, size in enumerate(sizes):
        rng = random.Random(check_seed(names.generator, seed, "params", size))
        batch: list[Candidate] = []
        seen: set[tuple] = set()
        for index in range(per_size):
            params = varied_params(names.generator, size, rng, index + level)
            if unfiltered and index % 3 != 0 and size <= max_unproven:
                params = replace(params, **{UNPROVEN: 1})
            proven = not getattr(params, UNPROVEN, 0)
            task_seed = check_seed(names.generator, seed, size, index)
            key = (tuple(sorted(asdict(params).items())), task_seed)
            if key in seen:
                continue
            seen.add(key)
            task_id = f"gen-{size}-{index + 1}" + (f"-r{round_ + 1}" if round_ else "")
            try:
                task = names.adopt(module.generate(params, task_seed, task_id))
            except GenplanError:
                continue
            if task.size > max_objects:
                continue
            shown = ", ".join(f"{k}={v}" for k, v in asdict(params).items())
            batch.append(
                Candidate(
                    task_id=task_id,
                    task=task,
                    source="generator",
                    family=f"size {size}",
                    origin=f"{names.how}, {task.size} objects ({shown}), seed {task_seed}",
                    solvable=proven,
                    details={"generator": names.generator, "params": asdict(params), "seed": task_seed, "size": size},
                )
            )
        if batch:
            yield batch


def _model_batches(
    names: GeneratorNames, sizes: list[int], *, per_size: int, seed: int, max_objects: int, round_: int
) -> Iterator[list[Candidate]]:
    """:func:`generated_batches` for a generator the model wrote (:mod:`genplan.generalize.modelgen`).

    Each size's first task has ``params_for_size``'s parameters; the others these parameters pushed up
    or down (the model's own rule may never reach some corners) with their own seeds. Every call runs in
    the sandbox; a call that fails or makes an invalid task is dropped (the generator was accepted on small
    sizes; at large ones it may still break). Nothing is solvable by construction: a failure on a task
    counts once Fast Downward proved it solvable.
    """
    from genplan.generalize.modelgen import MODEL, fingerprint, perturbed

    model = names.model
    assert model is not None
    for size in sizes:
        rng = random.Random(check_seed(MODEL, seed, "params", size))
        first_id = f"gen-{size}-1" + (f"-r{round_ + 1}" if round_ else "")
        [first] = model.make([(size, None, check_seed(MODEL, seed, size, 0), first_id)])
        made = [first]
        if first.task is not None and per_size > 1:
            calls = []
            for index in range(1, per_size):
                params = dict(first.params) if index % 2 == 1 else perturbed(first.params, model.minimums, rng)
                task_id = f"gen-{size}-{index + 1}" + (f"-r{round_ + 1}" if round_ else "")
                calls.append((None, params, check_seed(MODEL, seed, size, index), task_id))
            made += model.make(calls)
        batch: list[Candidate] = []
        seen: set[str] = set()
        for m in made:
            if m.task is None or m.task.size > max_objects:
                continue
            key = fingerprint(m.task)
            if key in seen:
                continue
            seen.add(key)
            shown = ", ".join(f"{k}={v}" for k, v in sorted(m.params.items()))
            batch.append(
                Candidate(
                    task_id=m.task.name,
                    task=m.task,
                    source="generator",
                    family=f"size {size}",
                    origin=f"{names.how}, {m.task.size} objects ({shown}), seed {m.seed}",
                    solvable=False,
                    details={"generator": MODEL, "params": dict(m.params), "seed": m.seed, "size": size},
                )
            )
        if batch:
            yield batch
