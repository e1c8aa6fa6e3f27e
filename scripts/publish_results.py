"""Make a published results folder from finished runs: ``coverage.csv``, ``programs/`` and the report.

    python scripts/publish_results.py --out docs/results/2026-11-24-frontier RUN_DIR [RUN_DIR ...]
    python scripts/publish_results.py --out docs/results/2026-11-24-frontier --reports-only

Each RUN_DIR is a run folder (``<cache>/runs/<domain>/<run id>/``) with a held-out evaluation. The
folder's README (which model answered, the exact commands) is written by hand; this script writes
everything that is computed, and `scripts/verify_results.py` checks it against the paper's data.
``--reports-only`` rewrites the reports of an existing folder from what it holds (``coverage.csv``,
``programs/`` and ``heldout/``), with the current report code: no run folder is needed.
"""

from __future__ import annotations

import argparse
import shutil
import sys
import tempfile
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO))


def main(argv: list[str] | None = None) -> int:
    from genplan.core.errors import GenplanError
    from genplan.experiments.report import report_from_disk, write_report
    from genplan.experiments.results import publish

    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--out", type=Path, required=True, help="the results folder (docs/results/<date>-<name>)")
    parser.add_argument("--costumes", type=Path, default=REPO / "pddl_benchmarks" / "costumes")
    parser.add_argument("--baselines", default="none", help="baselines to show in the report (default: none)")
    parser.add_argument("--reports-only", action="store_true", help="rewrite the reports of --out from what it holds")
    parser.add_argument("runs", type=Path, nargs="*", help="run folders")
    args = parser.parse_args(argv)
    if not args.runs and not args.reports_only:
        parser.error("pass run folders, or --reports-only")
    try:
        if args.reports_only:
            from genplan.experiments.results import results_runs

            loaded = results_runs(args.out)
            rows = loaded
            paper = [run for run in loaded if run.suite.count("/") == 1]
            variants = [run for run in loaded if run.suite.count("/") == 2]
        else:
            rows = publish(args.runs, args.out, args.costumes)
            # The paper's suites get the report (its averages are the paper's 17 domains); the renamed
            # variants get their own in variants/, so that neither average mixes in the other.
            paper = [run for run, row in zip(args.runs, rows, strict=True) if row.suite.count("/") == 1]
            variants = [run for run, row in zip(args.runs, rows, strict=True) if row.suite.count("/") == 2]
        for runs, folder in ((paper, args.out), (variants, args.out / "variants")):
            if not runs:
                continue
            if args.reports_only:
                report = report_from_disk(baselines=args.baselines, loaded=runs)
            else:
                report = report_from_disk(runs, baselines=args.baselines)
            folder.mkdir(parents=True, exist_ok=True)
            # The report's own table CSVs would overwrite coverage.csv: keep its pages and pictures only.
            with tempfile.TemporaryDirectory(prefix="genplan-report-") as tmp:
                write_report(report, tmp, links_from=folder)
                for path in sorted(Path(tmp).iterdir()):
                    if path.name in {"report.md", "report.html"} or path.suffix == ".png":
                        shutil.copyfile(path, folder / path.name)
    except GenplanError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    print(f"{len(rows)} runs published to {args.out} (coverage.csv, programs/, report.md, report.html, variants/)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
