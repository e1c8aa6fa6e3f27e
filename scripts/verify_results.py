"""Reproduce every coverage figure of a published results folder with the paper's data.

    python scripts/verify_results.py docs/results/<date>-<name> [--reference PATH] [--only ferry,beluga]

For each row of ``coverage.csv`` it rebuilds the suite the run was scored on from the paper's data (the
paper's own suite, or its anonymized or costumed variant made exactly as `genplan benchmarks` makes
them), runs the committed program ``programs/<...>.py`` on the held-out tasks in the sandbox with the
run's settings (4 input orderings, the run's seed, 45 s a run), and compares solved and total. Exit code
0 when every row is reproduced, 1 when one is not, 2 when the paper's data or a file is missing.
"""

from __future__ import annotations

import argparse
import sys
import tempfile
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO))


def paper_root(reference: str | None, work: Path) -> Path:
    """The folder holding the paper's 17 suites (``beluga/``, ``ferry/``, ...), unpacked if needed."""
    from genplan.core.errors import GenplanError
    from genplan.core.paths import reference_data, reference_root

    found = reference_data(reference)
    if found is None:
        raise GenplanError(
            "The paper's data was not found.",
            hint="Pass --reference PATH (the tarball or its unpacked folder) or set GENPLAN_REFERENCE.",
        )
    return reference_root(found, work / "paper")


def main(argv: list[str] | None = None) -> int:
    from genplan.core.errors import GenplanError
    from genplan.experiments.results import read_rows, rebuild_suite, verify_row

    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("folder", type=Path, help="a results folder with coverage.csv and programs/")
    parser.add_argument("--reference", help="the paper's data (tarball or folder); default: $GENPLAN_REFERENCE")
    parser.add_argument("--only", help="comma-separated domains")
    parser.add_argument("--jobs", type=int, default=None, help="parallel runs (default: all cores)")
    args = parser.parse_args(argv)
    costumes = REPO / "pddl_benchmarks" / "costumes"
    failures = 0
    try:
        rows = read_rows(args.folder / "coverage.csv")
        if args.only:
            wanted = set(args.only.split(","))
            rows = [r for r in rows if r.domain in wanted]
        with tempfile.TemporaryDirectory(prefix="genplan-verify-") as tmp:
            work = Path(tmp)
            root = paper_root(args.reference, work)
            print(f"{'domain':12} {'suite':28} {'preset':12} {'published':>10} {'now':>10}  verdict")
            for row in rows:
                program = args.folder / "programs" / row.program_name
                if not program.is_file():
                    raise GenplanError(f"{program} is missing: coverage.csv has a row for it.")
                check = verify_row(row, program, rebuild_suite(row.suite, root, work, costumes), jobs=args.jobs)
                failures += not check.ok
                verdict = "reproduced" if check.ok else "DIFFERS"
                print(f"{row.domain:12} {row.suite:28} {row.preset:12} {row.solved:>4}/{row.total:<5} "
                      f"{check.solved:>4}/{check.total:<5}  {verdict}", flush=True)  # fmt: skip
    except GenplanError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    print(f"{len(rows) - failures} of {len(rows)} figures reproduced")
    return 1 if failures else 0


if __name__ == "__main__":
    raise SystemExit(main())
