"""How fast is the sandboxed executor? Three numbers, measured here, on this machine.

1. Overhead per run: a trivial program run N times through :class:`genplan.execute.Executor` (warm fork
   servers, every wall of the sandbox up), amortized over ``--jobs`` parallel runs; plus the latency of
   one run at a time.
2. The same runs with one fresh interpreter per run (``python -c`` with the same program and inputs,
   the same number of parallel jobs): the speedup of the warm workers over that.
3. With ``--domain-dir`` (a directory with ``domain.pddl`` and ``problems/*.pddl``) and ``--program``:
   the wall time to evaluate that program on every task there in 4 orderings, validation included.
   By default the reference ferry tasks and the test suite's correct ferry program are used when the
   reference benchmark is present ($GENPLAN_REFERENCE, else ../shared/reference/genplan17.tar.gz).

Usage: python scripts/bench_executor.py [--runs 1000] [--jobs N] [--baseline-runs 100] [--json]
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO))

from genplan.core.paths import reference_data, reference_root  # noqa: E402
from genplan.execute import Executor, Limits, RunRequest  # noqa: E402
from genplan.execute.pool import default_jobs  # noqa: E402
from genplan.pddl.pyform import PyTask  # noqa: E402

TRIVIAL = "def generate_solution(objects, init, goal):\n    return ['(noop)']\n"
TASK = PyTask(objects=("a", "b", "c"), init=(("at", "a", "b"),), goal=(("at", "a", "c"),))
#: What one fresh interpreter per run has to do: read the program and inputs, run, print the plan.
HARNESS = (
    "import json, sys\n"
    "data = json.loads(sys.stdin.read())\n"
    "ns = {}\n"
    "exec(compile(data['source'], '<program>', 'exec'), ns)\n"
    "inputs = set(data['objects']), set(map(tuple, data['init'])), set(map(tuple, data['goal']))\n"
    "plan = ns['generate_solution'](*inputs)\n"
    "print(json.dumps(plan))\n"
)
PUBLISHED_MS = 350.0
DEFAULT_PROGRAM = REPO / "tests" / "zoo" / "good_ferry.py"


def warm_overhead(runs: int, jobs: int) -> dict[str, float]:
    requests = [RunRequest(TASK, hash_seed=1 + i % 4) for i in range(runs)]
    with Executor(jobs=jobs, limits=Limits(timeout=10)) as executor:
        executor.run_many(TRIVIAL, requests[: 4 * jobs])  # start the servers
        started = time.perf_counter()
        outcomes = executor.run_many(TRIVIAL, requests)
        parallel = (time.perf_counter() - started) / runs
        assert all(o is not None and o.ok for o in outcomes)
        sequential_runs = max(20, runs // 10)
        started = time.perf_counter()
        for i in range(sequential_runs):
            assert executor.run(TRIVIAL, TASK, hash_seed=1 + i % 4).ok
        latency = (time.perf_counter() - started) / sequential_runs
    return {"per_run_ms": 1000 * parallel, "latency_ms": 1000 * latency}


def cold_overhead(runs: int, jobs: int) -> dict[str, float]:
    payload = json.dumps({"source": TRIVIAL, "objects": TASK.objects, "init": TASK.init, "goal": TASK.goal})

    def one(_: int) -> None:
        done = subprocess.run(
            [sys.executable, "-c", HARNESS], input=payload, capture_output=True, text=True, check=True
        )
        assert json.loads(done.stdout) == ["(noop)"]

    started = time.perf_counter()
    with ThreadPoolExecutor(max_workers=jobs) as pool:
        list(pool.map(one, range(runs)))
    parallel = (time.perf_counter() - started) / runs
    started = time.perf_counter()
    for i in range(max(10, runs // 10)):
        one(i)
    latency = (time.perf_counter() - started) / max(10, runs // 10)
    return {"per_run_ms": 1000 * parallel, "latency_ms": 1000 * latency}


def domain_evaluation(domain_dir: Path, program: Path, jobs: int) -> dict[str, float]:
    from genplan.execute.evaluate import evaluate
    from genplan.pddl import parse_domain, parse_problem

    domain = parse_domain(domain_dir / "domain.pddl")
    tasks = [(p.stem, parse_problem(p, domain)) for p in sorted((domain_dir / "problems").glob("*.pddl"))]
    started = time.perf_counter()
    ev = evaluate(program.read_text(), tasks, orderings=4, seed=1, timeout=45, jobs=jobs)
    wall = time.perf_counter() - started
    return {"tasks": len(tasks), "runs": 4 * len(tasks), "seconds": wall, "coverage": ev.coverage}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=1000, help="runs of the trivial program (warm workers)")
    parser.add_argument("--baseline-runs", type=int, default=100, help="runs with a fresh interpreter each")
    parser.add_argument("--jobs", type=int, default=default_jobs(), help="parallel runs (default: all cores)")
    parser.add_argument("--domain-dir", type=Path, default=None, help="domain.pddl + problems/*.pddl")
    parser.add_argument("--program", type=Path, default=DEFAULT_PROGRAM, help="program for --domain-dir")
    parser.add_argument("--json", action="store_true", help="print the numbers as JSON")
    args = parser.parse_args()

    warm = warm_overhead(args.runs, args.jobs)
    cold = cold_overhead(args.baseline_runs, args.jobs)
    with tempfile.TemporaryDirectory(prefix="genplan-bench-") as tmp:
        domain_dir = args.domain_dir
        reference = reference_data() if domain_dir is None else None
        if reference is not None:
            domain_dir = reference_root(reference, tmp) / "ferry"
        domain = domain_evaluation(domain_dir, args.program, args.jobs) if domain_dir else None
    numbers = {
        "jobs": args.jobs,
        "cores": os.cpu_count(),
        "warm": warm,
        "one_interpreter_per_run": cold,
        "speedup": cold["per_run_ms"] / warm["per_run_ms"],
        "latency_speedup": cold["latency_ms"] / warm["latency_ms"],
        "domain": {"dir": str(domain_dir), **domain} if domain else None,
    }
    if args.json:
        print(json.dumps(numbers, indent=2))
        return
    print(f"jobs: {args.jobs} (cores: {os.cpu_count()})")
    print(
        f"overhead per run, warm sandboxed workers: {warm['per_run_ms']:.2f} ms amortized over {args.jobs} jobs "
        f"({warm['latency_ms']:.2f} ms for one run at a time); goal <= 5 ms, "
        f"published system ~{PUBLISHED_MS:.0f} ms"
    )
    print(
        f"one fresh interpreter per run (no sandbox): {cold['per_run_ms']:.2f} ms amortized "
        f"({cold['latency_ms']:.2f} ms one at a time)"
    )
    print(
        f"speedup of warm workers: {numbers['speedup']:.1f}x amortized, "
        f"{numbers['latency_speedup']:.1f}x per single run"
    )
    if domain:
        print(
            f"evaluating {args.program.name} on all {domain['tasks']} tasks of {domain_dir} in 4 orderings "
            f"({domain['runs']} runs, validated): {domain['seconds']:.2f} s, "
            f"coverage {100 * domain['coverage']:.1f}%"
        )
    else:
        print("domain evaluation skipped: pass --domain-dir (reference benchmark not found)")


if __name__ == "__main__":
    main()
