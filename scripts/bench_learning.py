"""IPC-scale tasks: how fast genplan parses the Learning Track, and genplan's own share of an evaluation.

    python scripts/bench_learning.py [--learning PATH] [--domains rovers,sokoban] [--programs DIR]
        [--up-files 2] [--orderings 1] [--timeout 60] [--one-core] [--warm]

Per domain it prints:

- **parse**: the 90 test tasks parsed by genplan (MB, seconds, MB/s by the wall clock and by the process's
  CPU time, which a machine shared with other work disturbs less; the process's peak memory over the
  PDDL's size), each domain in a fresh process; beside it, unified-planning's PDDL reader on the
  ``--up-files`` smallest test tasks and genplan on the same files, as a ratio measured in the same run;
- **evaluation** (for a domain with a program in ``--programs``, e.g. a published results folder's
  ``programs/``): the program on the 90 test tasks with one sandbox worker (``--orderings``,
  ``--timeout``), in a fresh process with no cache. genplan's share is the wall time minus the program's
  own runtimes (what the sandbox measured for each run), i.e. whatever of parsing, handing tasks over,
  validating plans and bookkeeping the program waits for. genplan parses and shuffles the next tasks in a
  thread while a program runs, so on a machine with a second core most of the parse leaves the share;
  beside it the CPU time of genplan's process (all of its work, that thread's included: the share's
  bound on a single core, where nothing overlaps; the sandboxes' own work on the inputs comes on top); the
  peak memory is that of genplan's process (the sandboxes are separate processes with their own limit).
  ``--one-core`` keeps the evaluation and its sandboxes on one CPU, so that nothing overlaps; ``--warm``
  adds a second evaluation, ``(warm)``, that reads the tasks from the parsed-task cache a first
  evaluation leaves (filled beforehand, untimed), as any later evaluation of the same suite does.

The data is --learning, else $GENPLAN_LEARNING_TRACK, else ../shared/reference/ipc2023-learning.tar.xz.
"""

from __future__ import annotations

import argparse
import multiprocessing
import os
import resource
import sys
import tempfile
import time
from dataclasses import replace
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO))

MB = 1e6


def _peak_mb() -> float:
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024  # KiB on Linux


def parse_ours(folder: str, files: list[str]) -> dict:
    """Parse ``files`` with genplan's parser, keeping nothing (as an evaluation that streams its tasks)."""
    from genplan.pddl.parser import parse_domain, parse_problem

    domain = parse_domain(Path(folder) / "domain.pddl")
    parse_problem(Path(files[0]), domain)  # compiled patterns and the like, untimed
    before = _peak_mb()
    started, cpu = time.perf_counter(), time.process_time()
    for f in files:
        parse_problem(Path(f), domain)
    return {"seconds": time.perf_counter() - started, "cpu": time.process_time() - cpu, "peak_mb": _peak_mb(),
            "base_mb": before}  # fmt: skip


def parse_up(folder: str, files: list[str]) -> dict:
    """Parse ``files`` with unified-planning's PDDL reader."""
    import warnings

    from unified_planning.io import PDDLReader

    warnings.filterwarnings("ignore")
    PDDLReader().parse_problem(str(Path(folder) / "domain.pddl"), files[0])  # imports and grammars, untimed
    started = time.perf_counter()
    for f in files:
        PDDLReader().parse_problem(str(Path(folder) / "domain.pddl"), f)
    return {"seconds": time.perf_counter() - started}


def _pin(one_core: bool) -> None:
    """Keep this process, and the sandboxes it starts (they inherit it), on one CPU."""
    if one_core:
        os.sched_setaffinity(0, {min(os.sched_getaffinity(0))})


def fill_parse_cache(folder: str, cache: str) -> dict:
    """Parse the test tasks into the parsed-task cache ``cache`` (what a first evaluation with a cache leaves)."""
    from genplan.benchmarks.suites import load_suite_dir

    suite = replace(load_suite_dir(Path(folder)), parse_cache=Path(cache))
    for task_id in suite.split.heldout:
        suite.load(task_id)
    return {}


def evaluate_one(folder: str, program: str, orderings: int, timeout: float, one_core: bool = False,
                 parse_cache: str | None = None) -> dict:  # fmt: skip
    """The program on every test task with one sandbox worker, no result cache (``parse_cache``: tasks are
    read from this parsed-task cache); wall time, the program's own time, genplan's CPU time, peak memory."""
    from genplan.benchmarks.suites import load_suite_dir
    from genplan.execute.evaluate import evaluate

    _pin(one_core)
    suite = load_suite_dir(Path(folder))
    if parse_cache is not None:
        suite = replace(suite, parse_cache=Path(parse_cache))
    own = 0.0

    def on_run(_task_id: str, record) -> None:
        nonlocal own
        own += record.outcome.runtime

    started, cpu = time.perf_counter(), time.process_time()
    ev = evaluate(Path(program).read_text(), suite.lazy(suite.split.heldout), orderings=orderings, timeout=timeout,
                  jobs=1, on_run=on_run)  # fmt: skip
    wall = time.perf_counter() - started
    return {"wall": wall, "own": own, "cpu": time.process_time() - cpu, "solved": ev.solved, "total": ev.total,
            "peak_mb": _peak_mb()}  # fmt: skip


def _evaluation_columns(ev: dict) -> str:
    share = ev["wall"] - ev["own"]
    return (f" | {ev['solved']:>3}/{ev['total']:<3} {ev['wall']:7.1f} {ev['own']:9.1f} {share:9.1f} {ev['cpu']:6.1f}"
            f" {ev['peak_mb']:8.0f}")  # fmt: skip


def _in_fresh_process(fn, *args) -> dict:
    ctx = multiprocessing.get_context("spawn")
    with ctx.Pool(1) as pool:
        return pool.apply(fn, args)


def main(argv: list[str] | None = None) -> int:
    from genplan.benchmarks.suites import load_suite_dir
    from genplan.core.errors import GenplanError
    from genplan.core.paths import learning_track_data, reference_root

    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--learning", help="the Learning Track: a clone or a tarball (default: see above)")
    parser.add_argument("--domains", default="", help="comma-separated domains (default: all)")
    parser.add_argument("--programs", type=Path, help="a folder with <domain>-ipc2023-*.py programs to evaluate")
    parser.add_argument("--up-files", type=int, default=2, help="test tasks unified-planning parses per domain")
    parser.add_argument("--orderings", type=int, default=1)
    parser.add_argument("--timeout", type=float, default=60.0)
    parser.add_argument(
        "--one-core",
        action="store_true",
        help="run each evaluation, its sandboxes included, on one CPU (nothing overlaps)",
    )
    parser.add_argument(
        "--warm",
        action="store_true",
        help="evaluate a second time with the tasks in the parsed-task cache (a second evaluation)",
    )
    args = parser.parse_args(argv)
    try:
        found = learning_track_data(args.learning)
        if found is None:
            raise GenplanError("The Learning Track's data was not found.",
                               hint="Pass --learning PATH or set GENPLAN_LEARNING_TRACK.")  # fmt: skip
        with tempfile.TemporaryDirectory(prefix="genplan-bench-") as tmp:
            root = found if (found / "solutions").is_dir() else reference_root(found, Path(tmp))
            domains = [d for d in args.domains.split(",") if d] or sorted(
                p.name for p in root.iterdir() if (p / "domain.pddl").is_file()
            )
            print(f"{'domain':12} {'MB':>7} {'s':>7} {'MB/s':>7} {'cpu MB/s':>8} {'peak/PDDL':>9} | {'UP MB/s':>8}"
                  f" {'ours/UP':>8}"
                  f" | {'solved':>7} {'wall s':>7} {'program s':>9} {'genplan s':>9} {'cpu s':>6}"
                  f" {'peak MB':>8}")  # fmt: skip
            totals = {"mb": 0.0, "s": 0.0, "genplan": 0.0}
            for domain in domains:
                suite = load_suite_dir(root / domain)
                files = [str(suite.problem_path[t]) for t in suite.split.heldout]
                size = sum(Path(f).stat().st_size for f in files) / MB
                ours = _in_fresh_process(parse_ours, str(root / domain), files)
                sample = sorted(files, key=lambda f: Path(f).stat().st_size)[: args.up_files]
                sample_mb = sum(Path(f).stat().st_size for f in sample) / MB
                up = _in_fresh_process(parse_up, str(root / domain), sample) if sample else None
                ours_sample = _in_fresh_process(parse_ours, str(root / domain), sample) if sample else None
                totals["mb"] += size
                totals["s"] += ours["seconds"]
                line = (f"{domain:12} {size:7.1f} {ours['seconds']:7.2f} {size / ours['seconds']:7.1f} "
                        f"{size / max(ours['cpu'], 1e-9):8.1f} "
                        f"{(ours['peak_mb'] - ours['base_mb']) / max(size, 1e-9):9.2f} | ")  # fmt: skip
                if up and ours_sample:
                    line += f"{sample_mb / up['seconds']:8.3f} {up['seconds'] / ours_sample['seconds']:7.0f}x"
                else:
                    line += f"{'-':>8} {'-':>8}"
                program = next(iter(sorted((args.programs or Path("/nonexistent")).glob(f"{domain}-ipc2023-*.py"))),
                               None)  # fmt: skip
                warm_line = None
                if program is not None:
                    ev = _in_fresh_process(evaluate_one, str(root / domain), str(program), args.orderings,
                                           args.timeout, args.one_core)  # fmt: skip
                    totals["genplan"] += ev["wall"] - ev["own"]
                    line += _evaluation_columns(ev)
                    if args.warm:
                        cache = str(Path(tmp) / "parsed" / domain)
                        _in_fresh_process(fill_parse_cache, str(root / domain), cache)
                        ev = _in_fresh_process(evaluate_one, str(root / domain), str(program), args.orderings,
                                               args.timeout, args.one_core, cache)  # fmt: skip
                        warm_line = f"{'  (warm)':12} {'':>41} | {'':>17}" + _evaluation_columns(ev)
                print(line, flush=True)
                if warm_line is not None:
                    print(warm_line, flush=True)
            print(f"all: {totals['mb']:.1f} MB parsed at {totals['mb'] / max(totals['s'], 1e-9):.1f} MB/s; "
                  f"genplan's share of the evaluations: {totals['genplan']:.1f} s")  # fmt: skip
    except GenplanError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
