"""What does running on a Dask cluster cost, and what does it gain? Two ratios, measured side by side here.

1. A held-out evaluation (a program on every held-out task of a suite, in 4 orderings, every plan
   validated) at 1, 2 and the machine's core count: a ``LocalCluster`` of that many workers against the
   local executor with that many jobs, on the same tasks, in alternating rounds, with each one's speed-up
   over 1, and whether every executor gave every task the same verdict. Goal: at 2 workers the cluster
   takes at most 1.15x as long. The cluster's start-up (worker processes, their imports) is measured
   apart: a sweep pays it once, not per evaluation.
2. A baseline sweep (Fast Downward under a time limit on held-out tasks, through ``run_baselines``,
   each run with an empty plan cache) on a ``LocalCluster`` of 2 workers against one of 1 worker.
   Goal: at least 1.8x as fast.

The machine is shared and its load varies, so the output shows the load average and every round. What
the machine allows at the moment is shown beside the sweep's speed-up: the same sweep without Dask, with
``--jobs 1`` and ``--jobs 2`` (leave it out with ``--no-reference``). Fast Downward's time limit is CPU
time, so on a loaded machine each run takes longer, and two runs at once gain less than twice.

Usage: python scripts/bench_cluster.py [--domain ferry] [--program P] [--rounds 3]
       [--planner lmcut] [--plan-tasks 24] [--plan-limit 2] [--json]
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import statistics
import sys
import tempfile
import time
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO))

from genplan.benchmarks.registry import resolve_suite  # noqa: E402
from genplan.cluster import ClusterOptions, open_cluster  # noqa: E402
from genplan.execute.evaluate import evaluate  # noqa: E402
from genplan.execute.pool import default_jobs  # noqa: E402
from genplan.experiments.baselines import run_baselines  # noqa: E402
from genplan.pddl.writer import write_problem  # noqa: E402

DEFAULT_PROGRAM = REPO / "tests" / "zoo" / "good_ferry.py"
EVAL_GOAL = 1.15
SWEEP_GOAL = 1.8


def load() -> str:
    one, five, _ = os.getloadavg()
    return f"{one:.1f} (1 min), {five:.1f} (5 min)"


def worker_counts() -> list[int]:
    """1, 2 and the machine's core count (each once)."""
    return sorted({1, 2, default_jobs()})


def heldout_evaluation(domain: str, program: Path, rounds: int) -> dict:
    """At 1, 2 and the machine's core count: the local executor with that many jobs against a
    ``LocalCluster`` of that many one-thread workers, in alternating rounds, on the same tasks; and whether
    every task's verdict is the same on every executor."""
    suite = resolve_suite(domain)
    tasks = [(t, suite.task(t)) for t in suite.split.heldout]
    source = program.read_text()
    rows: dict[int, dict] = {}
    verdicts: dict[str, list[str]] = {}
    for n in worker_counts():
        local: list[float] = []
        remote: list[float] = []
        started = time.perf_counter()
        with open_cluster(ClusterOptions(kind="local", workers=n)) as cluster:
            startup = time.perf_counter() - started
            for _ in range(rounds):
                t0 = time.perf_counter()
                here = evaluate(source, tasks, orderings=4, seed=1, timeout=45, jobs=n)
                local.append(time.perf_counter() - t0)
                t0 = time.perf_counter()
                there = evaluate(source, tasks, orderings=4, seed=1, timeout=45, cluster=cluster)
                remote.append(time.perf_counter() - t0)
                verdicts[f"--jobs {n}"] = [r.status for r in here.results]
                verdicts[f"{n} Dask workers"] = [r.status for r in there.results]
            where = cluster.summary()
        rows[n] = {"local_s": local, "cluster_s": remote, "cluster_startup_s": startup, "cluster_work": where,
                   "ratio": statistics.median(remote) / statistics.median(local)}  # fmt: skip
    one = rows[1]
    for row in rows.values():
        row["local_speedup"] = statistics.median(one["local_s"]) / statistics.median(row["local_s"])
        row["cluster_speedup"] = statistics.median(one["cluster_s"]) / statistics.median(row["cluster_s"])
    first = next(iter(verdicts.values()))
    differ = sorted({t for v in verdicts.values() for (t, _), a, b in zip(tasks, v, first, strict=True) if a != b})
    return {
        "domain": domain, "program": str(program), "tasks": len(tasks), "runs": 4 * len(tasks),
        "coverage": here.coverage, "rows": rows, "verdicts_differ": differ, "executors": list(verdicts),
    }  # fmt: skip


def suite_folder(domain: str, count: int, out: Path) -> Path:
    """A suite of ``count`` held-out tasks from the middle of ``domain``'s builtin suite (where a few
    seconds of search decide: some are solved, some reach the limit)."""
    suite = resolve_suite(domain)
    held = list(suite.split.heldout)
    start = max(0, len(held) // 6 - count // 2)
    chosen = held[start : start + count]
    folder = out / domain
    (folder / "problems").mkdir(parents=True)
    shutil.copy(suite.domain_path, folder / "domain.pddl")
    for task_id in chosen:
        (folder / "problems" / f"{task_id}.pddl").write_text(write_problem(suite.task(task_id)))
    split = {"debug": [], "prompt": {}, "heldout": chosen}
    (folder / "split.json").write_text(json.dumps(split))
    return folder


def baseline_sweep(domain: str, planner: str, limit: float, count: int, reference: bool = True) -> dict:
    """The same baseline sweep on 1 worker, then on 2, each with an empty plan cache; with ``reference``,
    also without Dask at 1 and 2 jobs."""
    out: dict = {"domain": domain, "planner": planner, "time_limit": limit, "tasks": count}
    with tempfile.TemporaryDirectory(prefix="genplan-bench-cluster-") as tmp:
        folder = suite_folder(domain, count, Path(tmp) / "suite")
        statuses = {}
        for workers in (1, 2):
            with open_cluster(ClusterOptions(kind="local", workers=workers)) as cluster:
                t0 = time.perf_counter()
                sets = run_baselines([domain], [planner], [limit], suite=str(folder),
                                     cache_dir=Path(tmp) / f"cache-{workers}", cluster=cluster)  # fmt: skip
                out[f"workers_{workers}_s"] = time.perf_counter() - t0
            statuses[workers] = [t.status for s in sets for t in s.tasks]
        if reference:
            for jobs in (1, 2):
                t0 = time.perf_counter()
                run_baselines([domain], [planner], [limit], suite=str(folder), cache_dir=Path(tmp) / f"local-{jobs}",
                              jobs=jobs)  # fmt: skip
                out[f"local_jobs_{jobs}_s"] = time.perf_counter() - t0
            out["local_speedup"] = out["local_jobs_1_s"] / out["local_jobs_2_s"]
        out["statuses"] = {k: statuses[2].count(k) for k in sorted(set(statuses[2]))}
        out["same_statuses"] = statuses[1] == statuses[2]
    out["speedup"] = out["workers_1_s"] / out["workers_2_s"]
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--domain", default="ferry", help="builtin suite whose held-out tasks are used")
    parser.add_argument("--program", type=Path, default=DEFAULT_PROGRAM, help="program for the evaluation")
    parser.add_argument("--rounds", type=int, default=3, help="evaluation rounds, alternating local and cluster")
    parser.add_argument("--planner", default="lmcut", help="Fast Downward configuration of the baseline sweep")
    parser.add_argument("--plan-tasks", type=int, default=24, help="tasks in the baseline sweep")
    parser.add_argument("--plan-limit", type=float, default=2.0, help="seconds per planner run")
    parser.add_argument("--no-reference", action="store_true", help="skip the sweep without Dask")
    parser.add_argument("--json", action="store_true", help="print the numbers as JSON")
    args = parser.parse_args()

    before = load()
    ev = heldout_evaluation(args.domain, args.program, args.rounds)
    sweep = baseline_sweep(args.domain, args.planner, args.plan_limit, args.plan_tasks, not args.no_reference)
    numbers = {"cores": os.cpu_count(), "load_before": before, "load_after": load(), "evaluation": ev,
               "baseline_sweep": sweep}  # fmt: skip
    if args.json:
        print(json.dumps(numbers, indent=2))
        return
    rounds = lambda xs: ", ".join(f"{x:.2f}" for x in xs)  # noqa: E731
    print(f"cores: {os.cpu_count()}; load average before: {before}, after: {numbers['load_after']}")
    print(f"held-out evaluation: {ev['program']} on {ev['tasks']} {ev['domain']} tasks in 4 orderings "
          f"({ev['runs']} runs, coverage {100 * ev['coverage']:.1f}%)")  # fmt: skip
    print(f"  {'workers':>7} {'local s (rounds)':>22} {'Dask s (rounds)':>22} {'Dask/local':>10} "
          f"{'local x':>8} {'Dask x':>7}")  # fmt: skip
    for n, row in ev["rows"].items():
        print(f"  {n:>7} {rounds(row['local_s']):>22} {rounds(row['cluster_s']):>22} {row['ratio']:>10.2f} "
              f"{row['local_speedup']:>7.2f}x {row['cluster_speedup']:>6.2f}x   "
              f"(cluster started in {row['cluster_startup_s']:.1f} s; {row['cluster_work']})")  # fmt: skip
    two = ev["rows"][2]["ratio"]
    print(f"  Dask / local at 2 workers (medians): {two:.2f}  (goal <= {EVAL_GOAL})")
    same = "identical" if not ev["verdicts_differ"] else f"DIFFERENT for {', '.join(ev['verdicts_differ'])}"
    print(f"  verdicts on {', '.join(ev['executors'])}: {same}")
    print(
        f"baseline sweep: {sweep['planner']} at {sweep['time_limit']:g} s on {sweep['tasks']} {sweep['domain']} "
        f"held-out tasks, empty plan cache ({', '.join(f'{k} {v}' for k, v in sweep['statuses'].items())})"
    )
    print(f"  1 worker:  {sweep['workers_1_s']:.2f} s")
    print(f"  2 workers: {sweep['workers_2_s']:.2f} s")
    print(
        f"  speed-up 2 workers / 1 worker: {sweep['speedup']:.2f}x  (goal >= {SWEEP_GOAL}x)"
        + ("" if sweep["same_statuses"] else "  [statuses differ between the runs: the machine is overloaded]")
    )
    if "local_speedup" in sweep:
        print(
            f"  without Dask, for reference: --jobs 1 {sweep['local_jobs_1_s']:.2f} s, --jobs 2 "
            f"{sweep['local_jobs_2_s']:.2f} s: {sweep['local_speedup']:.2f}x (what this machine allows now)"
        )
        print(
            f"  2 workers against --jobs 2: {sweep['local_jobs_2_s'] / sweep['workers_2_s']:.2f} "
            "(1.00: Dask costs nothing here)"
        )


if __name__ == "__main__":
    main()
