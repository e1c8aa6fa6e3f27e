"""Write the builtin suites: ``pddl_benchmarks/<domain>/{problems/,plans/,split.json,sources.json}``.

    python scripts/make_benchmarks.py                      # all 17 domains (Fast Downward results cached)
    python scripts/make_benchmarks.py --domains ferry heavy --jobs 2
    python scripts/make_benchmarks.py --cluster local --workers 2   # Fast Downward on Dask workers
    python scripts/make_benchmarks.py --check              # rebuild in a temp dir, compare byte for byte
    python scripts/make_benchmarks.py --stats              # measure the suites, write pddl_benchmarks/README.md
    python scripts/make_benchmarks.py --timing             # time the generation of 10x-reference tasks

The recipe (sizes, debugging-task draw, names) is in ``genplan/benchmarks/build.py`` and ``recipes.py``.
The same command writes the same bytes whatever ``PYTHONHASHSEED`` is. ``--recorded`` takes the optimal
plan lengths from the committed ``sources.json`` and ``plans/`` instead of running Fast Downward: a check
in seconds that everything else is reproduced.
"""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO))

from genplan.benchmarks.build import (  # noqa: E402
    build_builtin,
    compare_folders,
    downward_optimal,
    ensure_suite_loads,
    recorded_optimal,
    write_suite_files,
)
from genplan.core.errors import GenplanError  # noqa: E402
from genplan.generators import GENERATOR_DOMAINS  # noqa: E402

BENCHMARKS = REPO / "pddl_benchmarks"


def build(domains: list[str], out: Path, args: argparse.Namespace) -> tuple[int, float]:
    """Build and write the suites of ``domains`` into ``out/<domain>``; returns (files written, seconds)."""
    from genplan.cluster import ClusterOptions, open_cluster

    options = ClusterOptions(scheduler=args.scheduler, kind=args.cluster, workers=args.workers,
                             config_file=args.cluster_config)  # fmt: skip
    with open_cluster(options, notify=print) as cluster:
        return _build(domains, out, args, cluster)


def _build(domains: list[str], out: Path, args: argparse.Namespace, cluster: Any) -> tuple[int, float]:
    total_files, start = 0, time.perf_counter()
    for domain in domains:
        t0 = time.perf_counter()
        if args.recorded:
            optimal = recorded_optimal(BENCHMARKS / domain)
        else:
            optimal = downward_optimal(cache_dir=args.cache_dir, time_limit=args.optimal_time_limit, jobs=args.jobs,
                                       cluster=cluster)  # fmt: skip
        suite = build_builtin(domain, optimal)
        folder = out / domain
        if folder.resolve() != (BENCHMARKS / domain).resolve():
            folder.mkdir(parents=True, exist_ok=True)
            (folder / "domain.pddl").write_bytes((BENCHMARKS / domain / "domain.pddl").read_bytes())
        n = write_suite_files(suite, folder)
        ensure_suite_loads(folder)
        total_files += n
        tasks = sum(1 for rel in suite.files if rel.startswith("problems/"))
        print(f"{domain:12s} {tasks:4d} tasks, {n:4d} files, {time.perf_counter() - t0:6.1f} s", flush=True)
    return total_files, time.perf_counter() - start


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--domains", nargs="+", default=list(GENERATOR_DOMAINS), metavar="DOMAIN")
    parser.add_argument("--check", action="store_true", help="rebuild in a temp dir; exit 1 on any difference")
    parser.add_argument("--out", type=Path, default=BENCHMARKS, help="where to write (default: pddl_benchmarks/)")
    parser.add_argument("--jobs", type=int, default=1, help="Fast Downward processes at a time")
    parser.add_argument(
        "--cache-dir", type=Path, default=None, help="cache root (default: $GENPLAN_CACHE_DIR or ./cache)"
    )
    parser.add_argument(
        "--optimal-time-limit", type=float, default=300.0,
        help="seconds per debugging candidate for A* with LM-cut (every candidate needs < 40 s on our machine, "
        "so a slower machine draws the same debugging tasks)",
    )  # fmt: skip
    parser.add_argument("--recorded", action="store_true", help="optimal lengths from the committed sources.json")
    parser.add_argument("--stats", action="store_true", help="measure the suites and write pddl_benchmarks/README.md")
    parser.add_argument("--stats-planner", default="ff", help="satisficing planner for held-out plan lengths")
    parser.add_argument("--stats-time-limit", type=float, default=10.0, help="seconds per held-out task")
    parser.add_argument(
        "--stats-give-up",
        type=int,
        default=3,
        help="stop trying larger held-out tasks after this many failures in a row",
    )
    parser.add_argument("--timing", action="store_true", help="time generating a 10x-reference task per domain")
    parser.add_argument("--scheduler", default=None, help="run Fast Downward on the Dask cluster at tcp://HOST:PORT")
    parser.add_argument("--cluster", default=None, help="start a Dask cluster: local, slurm, htcondor, pbs, sge, lsf")
    parser.add_argument("--workers", type=int, default=None, help="workers --cluster starts")
    parser.add_argument(
        "--cluster-config", type=Path, default=os.environ.get("GENPLAN_CLUSTER_CONFIG") or None,
        help="TOML file with the job settings of --cluster slurm and the like (default: $GENPLAN_CLUSTER_CONFIG)",
    )  # fmt: skip
    args = parser.parse_args(argv)

    unknown = [d for d in args.domains if d not in GENERATOR_DOMAINS]
    if unknown:
        parser.error(f"unknown domain(s): {', '.join(unknown)}; known: {', '.join(GENERATOR_DOMAINS)}")
    domains = [d for d in GENERATOR_DOMAINS if d in args.domains]

    try:
        if args.timing:
            from genplan.benchmarks.stats import ten_x_timing, timing_table

            print(timing_table(ten_x_timing(domains)))
            return 0
        if args.stats:
            from genplan.benchmarks.stats import measure_domain, write_readme

            rows = []
            for domain in domains:
                t0 = time.perf_counter()
                rows.append(
                    measure_domain(
                        domain, BENCHMARKS / domain, planner=args.stats_planner, time_limit=args.stats_time_limit,
                        cache_dir=args.cache_dir, jobs=args.jobs, give_up_after=args.stats_give_up,
                    )
                )  # fmt: skip
                print(f"{domain:12s} measured in {time.perf_counter() - t0:6.1f} s", flush=True)
            from genplan.benchmarks.stats import tables, ten_x_timing

            print(tables(rows, args.stats_planner))
            if set(domains) == set(GENERATOR_DOMAINS):
                write_readme(
                    BENCHMARKS / "README.md", rows, planner=args.stats_planner, time_limit=args.stats_time_limit,
                    give_up_after=args.stats_give_up, timing=ten_x_timing(domains),
                )  # fmt: skip
                print(f"wrote {BENCHMARKS / 'README.md'}")
            return 0
        if args.check:
            with tempfile.TemporaryDirectory(prefix="genplan-benchmarks-") as tmp:
                build(domains, Path(tmp), args)
                bad = 0
                for domain in domains:
                    diffs = compare_folders(BENCHMARKS / domain, Path(tmp) / domain)
                    for line in diffs[:10]:
                        print(f"{domain}: {line}")
                    bad += len(diffs)
            print("identical" if not bad else f"{bad} difference(s)")
            return 1 if bad else 0
        files, seconds = build(domains, args.out, args)
        print(f"wrote {files} files for {len(domains)} domain(s) in {seconds:.1f} s")
        return 0
    except GenplanError as exc:
        print(f"error: {exc.render()}", file=sys.stderr)
        return 2


if __name__ == "__main__":
    sys.exit(main())
