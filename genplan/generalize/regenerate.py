"""Shrinking a generated counterexample through its generator: the same kind of task, made smaller.

Delta debugging (:mod:`genplan.generalize.shrink`) removes goal facts and objects one chunk at a time.
In domains whose tasks are tied together by chains and counts (beluga's unloading order, its level
numbers, a production schedule) almost no removal leaves a legitimate task, so a 41-object failure stays
at 41 objects, and a model asked to trace it by hand gives up. The generator knows how to make a smaller
task of the same kind: the failure's parameters with one of them lowered (fewer parts, fewer racks, a
smaller grid). This module walks down those parameters, a few seeds at each step, and keeps the
smallest task that still fails the same way. Delta debugging then polishes the result.

Every task made here is solvable by construction (parameters that promise it) or must be proved so
before it replaces the current one, exactly as in the check itself.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from dataclasses import asdict, dataclass, fields, replace
from typing import Any

from genplan.core.errors import GenplanError
from genplan.execute.evaluate import TaskOutcome
from genplan.generalize.candidates import Candidate
from genplan.generalize.generated import check_seed
from genplan.generalize.naming import GeneratorNames
from genplan.pddl.model import Task

#: Runs the program on several candidates at once: each one's outcome (in the candidates' order).
RunMany = Callable[[Sequence[Candidate]], list[TaskOutcome]]
#: Proves a task solvable (True), or cannot (False).
Prove = Callable[[Task], bool]

#: Seeds tried for each smaller parameter set: a failure of a kind is rarely in every task of that kind.
SEEDS_PER_STEP = 4
#: Rounds of fresh seeds for the same parameters before the descent stops.
MAX_ATTEMPTS = 6
#: Planner proofs per step for tasks not solvable by construction.
MAX_PROOFS_PER_STEP = 3


@dataclass(frozen=True)
class Regenerated:
    """The smallest failing task found, and how it was reached."""

    candidate: Candidate
    outcome: TaskOutcome
    #: Parameter steps taken (0: nothing smaller failed).
    steps: int
    #: Tasks made and run on the way. ``candidate.solvable`` False means proved by the planner.
    tried: int
    cut_short: bool
    #: Every step's task and outcome, largest first (with ``lazy``, none of them is proved yet).
    path: tuple[tuple[Candidate, TaskOutcome], ...] = ()


def lowered(params: Any, tier: str | None = None) -> list[Any]:
    """Each integer parameter lowered by one step, every result valid for its generator; the unproven
    flag is never touched. ``tier="halve"``: halved (where that is more than one less); ``"step"``: one
    less; ``None``: both. Largest cuts come first."""
    from genplan.generators import UNPROVEN

    if tier == "scale":
        return [scaled] if (scaled := _scaled(params)) != params else []
    out: list[tuple[int, Any]] = []
    for f in fields(params):
        value = getattr(params, f.name)
        if f.name == UNPROVEN or not isinstance(value, int) or isinstance(value, bool) or value <= 0:
            continue
        halved = {value // 2} if value // 2 < value - 1 else set()
        news = {"halve": halved, "step": {value - 1}}.get(tier or "", halved | {value - 1})
        for new in sorted(news):
            if new >= value or new < 0:
                continue
            candidate = replace(params, **{f.name: new})
            try:
                candidate.check()
            except GenplanError:
                continue
            out.append((value - new, candidate))
    out.sort(key=lambda dc: -dc[0])
    return [c for _, c in out]


def _scaled(params: Any) -> Any:
    """Every integer parameter halved together, where the generator accepts it: the same kind of task at
    half the size. Lowering one parameter alone changes the kind (half the parts on as many racks is an
    easy task; as many parts on half the racks may be unsolvable), so this comes first."""
    from genplan.generators import UNPROVEN

    out = params
    for f in sorted(fields(params), key=lambda f: f.name):
        value = getattr(out, f.name)
        if f.name == UNPROVEN or not isinstance(value, int) or isinstance(value, bool) or value < 2:
            continue
        candidate = replace(out, **{f.name: value // 2})
        try:
            candidate.check()
        except GenplanError:
            continue
        out = candidate
    return out


#: All parameters halved together first (the same kind of task, half the size), then each halved alone,
#: then each lowered by one: large failures come down in a few steps, and small batches run fast.
TIERS = ("scale", "halve", "step")


def regenerate_smaller(
    cand: Candidate,
    outcome: TaskOutcome,
    names: GeneratorNames,
    run: RunMany,
    prove: Prove,
    *,
    deadline: float,
    max_unproven: int = 0,
    lazy: bool = False,
) -> Regenerated:
    """The smallest task the generator makes, with lowered parameters, on which the program still fails
    in ``outcome``'s category; ``cand`` itself when nothing smaller fails (or it was not generated).

    Greedy descent: at each step the parameters are first each halved, then each lowered by one; each
    tier is made with a few seeds and run in one batch (the sandbox runs them together), and the smallest
    failing task that is solvable becomes the current one. Stops when nothing smaller fails after a few
    rounds of fresh seeds, or at ``deadline`` (``time.monotonic()``). Tasks that need a proof (the
    generator's unfiltered ones) are made only up to ``max_unproven`` objects: above that the planner
    rarely proves them within its limit, and each try costs that limit.

    A generator the model wrote makes no task solvable by construction; its failures are often too large
    to prove. With ``lazy`` its descent takes failing tasks without proving them, and the caller proves
    the steps of :attr:`Regenerated.path` from the smallest up (see :func:`_regenerate_model`).
    """
    from genplan.generators import UNPROVEN, generator_module

    details = cand.details
    if cand.source != "generator" or "params" not in details or details.get("generator") != names.generator:
        return Regenerated(cand, outcome, 0, 0, False)
    if names.model is not None:
        return _regenerate_model(cand, outcome, names, run, prove, deadline=deadline, lazy=lazy)
    module = generator_module(names.generator)
    current, current_outcome = cand, outcome
    params = module.Params(**details["params"])
    unfiltered = UNPROVEN in {f.name for f in fields(module.Params)}
    steps = tried = attempt = 0

    def attempt_tier(options: list[Any]) -> tuple[Candidate, Any, TaskOutcome] | None:
        """Make every option with this attempt's seeds, run them in one batch, and return the smallest
        failing task that is solvable (by construction, or proved: a few proofs at most)."""
        nonlocal tried
        if unfiltered and not getattr(params, UNPROVEN):
            # Tasks the generator's own strategy cannot finish are where programs break most; they need
            # a proof, so they rank after the ones solvable by construction.
            options = options + [replace(o, **{UNPROVEN: 1}) for o in options]
        batch: list[tuple[Candidate, Any]] = []
        for option in options:
            values = asdict(option)
            seeds = SEEDS_PER_STEP * (len(TIERS) if len(options) <= 2 else 1)  # one option: more seeds
            for k in range(attempt * seeds, (attempt + 1) * seeds):
                seed = check_seed("regenerate", details.get("seed"), sorted(values.items()), k)
                task_id = f"{cand.task_id}-s{steps + 1}-{attempt * 1000 + len(batch) + 1}"
                try:
                    task = names.adopt(module.generate(option, seed, task_id))
                except GenplanError:
                    continue
                if task.size >= current.task.size or (values.get(UNPROVEN) and task.size > max_unproven):
                    continue
                shown = ", ".join(f"{name}={value}" for name, value in values.items())
                made = replace(
                    cand,
                    task_id=task_id,
                    task=task,
                    origin=f"{names.how}, {task.size} objects ({shown}), seed {seed} "
                    f"(made smaller from {cand.task_id}, {cand.task.size} objects)",
                    solvable=not values.get(UNPROVEN, 0),
                    details={**details, "params": values, "seed": seed, "regenerated_from": cand.task_id},
                )
                batch.append((made, option))
        if not batch:
            return None
        results = run([c for c, _ in batch])
        tried += len(batch)
        return _smallest_failing(batch, results, outcome.category, lambda c: not c.solvable, prove, deadline)

    while True:
        chosen = None
        for tier in TIERS:
            if time.monotonic() > deadline:
                return Regenerated(current, current_outcome, steps, tried, True)
            chosen = attempt_tier(lowered(params, tier))
            if chosen is not None:
                break
        if chosen is not None:
            current, params, current_outcome = chosen
            steps += 1
            attempt = 0
            continue
        # Nothing smaller failed with these seeds: failures of a kind are rare, so try fresh seeds of the
        # same parameters a few times before giving up.
        attempt += 1
        if attempt >= MAX_ATTEMPTS:
            return Regenerated(current, current_outcome, steps, tried, False)


def _smallest_failing(
    batch: list[tuple[Candidate, Any]],
    results: list[TaskOutcome],
    category: str | None,
    needs_proof: Callable[[Candidate], bool],
    prove: Prove,
    deadline: float,
) -> tuple[Candidate, Any, TaskOutcome] | None:
    """The smallest task of ``batch`` that fails in ``category`` and is solvable: tasks that need no proof
    first, then the others proved, a few per step at most (each may take the planner's limit)."""
    failing = sorted(
        ((c, o, r) for (c, o), r in zip(batch, results, strict=True) if not r.solved and r.category == category),
        key=lambda cor: (needs_proof(cor[0]), cor[0].task.size, cor[0].task_id),
    )
    proofs = 0
    for made, option, result in failing:
        if needs_proof(made):
            if proofs >= MAX_PROOFS_PER_STEP or time.monotonic() > deadline:
                return None
            proofs += 1
            if not prove(made.task):
                continue
        return made, option, result
    return None


def _regenerate_model(
    cand: Candidate, outcome: TaskOutcome, names: GeneratorNames, run: RunMany, prove: Prove, *, deadline: float,
    lazy: bool,
) -> Regenerated:  # fmt: skip
    """:func:`regenerate_smaller` for a generator the model wrote (:mod:`genplan.generalize.modelgen`): the
    same tiers over its declared parameters, never below their minimums, every task made in the sandbox
    and none solvable by construction (proved, a few per step, unless ``lazy``)."""
    from genplan.generalize.modelgen import lowered as lowered_model

    model = names.model
    assert model is not None
    details = cand.details
    current, current_outcome = cand, outcome
    params: dict[str, int] = dict(details["params"])
    steps = tried = attempt = 0
    path: list[tuple[Candidate, TaskOutcome]] = []

    def attempt_tier(options: list[dict[str, int]]) -> tuple[Candidate, dict[str, int], TaskOutcome] | None:
        nonlocal tried
        seeds = SEEDS_PER_STEP * (len(TIERS) if len(options) <= 2 else 1)
        calls = []
        for option in options:
            for k in range(attempt * seeds, (attempt + 1) * seeds):
                seed = check_seed("regenerate", details.get("seed"), sorted(option.items()), k)
                calls.append((None, option, seed, f"{cand.task_id}-s{steps + 1}-{attempt * 1000 + len(calls) + 1}"))
        batch: list[tuple[Candidate, dict[str, int]]] = []
        for made in model.make(calls):
            if made.task is None or made.task.size >= current.task.size:
                continue
            shown = ", ".join(f"{name}={value}" for name, value in sorted(made.params.items()))
            batch.append((replace(
                cand, task_id=made.task.name, task=made.task, solvable=False,
                origin=f"{names.how}, {made.task.size} objects ({shown}), seed {made.seed} "
                f"(made smaller from {cand.task_id}, {cand.task.size} objects)",
                details={**details, "params": dict(made.params), "seed": made.seed, "regenerated_from": cand.task_id},
            ), dict(made.params)))  # fmt: skip
        if not batch:
            return None
        results = run([c for c, _ in batch])
        tried += len(batch)
        return _smallest_failing(batch, results, outcome.category, lambda _c: not lazy, prove, deadline)

    while True:
        chosen = None
        for tier in TIERS:
            if time.monotonic() > deadline:
                return Regenerated(current, current_outcome, steps, tried, True, tuple(path))
            options = lowered_model(params, model.minimums, tier)
            chosen = attempt_tier(options) if options else None
            if chosen is not None:
                break
        if chosen is not None:
            current, params, current_outcome = chosen
            steps += 1
            attempt = 0
            path.append((current, current_outcome))
            continue
        attempt += 1
        if attempt >= MAX_ATTEMPTS:
            return Regenerated(current, current_outcome, steps, tried, False, tuple(path))
