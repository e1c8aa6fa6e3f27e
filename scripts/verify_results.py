"""Reproduce every coverage figure of a published results folder with the paper's data (and the IPC 2023
Learning Track's, for its rows).

    python scripts/verify_results.py docs/results/<date>-<name> [--reference PATH] [--learning PATH]
        [--only ferry,beluga] [--write-heldout]

For each row of ``coverage.csv`` it rebuilds the suite the run was scored on from the paper's data (the
paper's own suite, or its anonymized or costumed variant made exactly as `genplan benchmarks` makes
them), runs the committed program ``programs/<...>.py`` on the held-out tasks in the sandbox with the
run's settings (4 input orderings, the run's seed, 45 s a run), and compares solved and total. A row of
the Learning Track (suite ``ipc2023/<domain>``) runs on that domain's test tasks in the organizers' layout
and also compares the IPC quality score. Exit code 0 when every row is reproduced, 1 when one is not, 2
when the data or a file is missing. With ``--write-heldout``, each reproduced row's per-task outcomes
(status, category, runtime, plan length, objects; no task text) go to ``heldout/<program>.json``, which
``genplan report FOLDER`` reads.
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


def learning_root(given: str | None, work: Path) -> Path:
    """The folder holding the Learning Track's domain folders and ``solutions/``, unpacked if needed."""
    from genplan.core.errors import GenplanError
    from genplan.core.paths import learning_track_data, reference_root

    found = learning_track_data(given)
    if found is None:
        raise GenplanError(
            "The IPC 2023 Learning Track's data was not found.",
            hint="Clone ipc2023-learning/benchmarks and pass --learning PATH or set GENPLAN_LEARNING_TRACK.",
        )
    return found if found.is_dir() and (found / "solutions").is_dir() else reference_root(found, work / "learning")


def main(argv: list[str] | None = None) -> int:
    from genplan.core.errors import GenplanError
    from genplan.experiments.results import heldout_path, heldout_record, read_rows, rebuild_suite, verify_row

    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("folder", type=Path, help="a results folder with coverage.csv and programs/")
    parser.add_argument("--reference", help="the paper's data (tarball or folder); default: $GENPLAN_REFERENCE")
    parser.add_argument(
        "--learning",
        help="the IPC 2023 Learning Track (a clone of ipc2023-learning/benchmarks or "
        "a tarball of it), for ipc2023/ rows; default: $GENPLAN_LEARNING_TRACK",
    )
    parser.add_argument("--only", help="comma-separated domains")
    parser.add_argument("--jobs", type=int, default=None, help="parallel runs (default: all cores)")
    parser.add_argument(
        "--write-heldout",
        action="store_true",
        help="write each reproduced row's per-task outcomes to heldout/<program>.json (what "
        "`genplan report FOLDER` shows beyond the counts)",
    )
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
            paper = any(not r.suite.startswith("ipc2023/") for r in rows)
            root = paper_root(args.reference, work) if paper else None
            ipc = any(r.suite.startswith("ipc2023/") for r in rows)
            learning = learning_root(args.learning, work) if ipc else None
            print(f"{'domain':12} {'suite':28} {'preset':12} {'published':>10} {'now':>10}  verdict")
            for row in rows:
                program = args.folder / "programs" / row.program_name
                if not program.is_file():
                    raise GenplanError(f"{program} is missing: coverage.csv has a row for it.")
                suite = rebuild_suite(row.suite, root, work, costumes, learning)
                check = verify_row(row, program, suite, jobs=args.jobs)
                failures += not check.ok
                if args.write_heldout and check.ok:
                    import json

                    path = heldout_path(args.folder, row)
                    path.parent.mkdir(parents=True, exist_ok=True)
                    path.write_text(json.dumps(heldout_record(args.folder, check), indent=1) + "\n")
                verdict = "reproduced" if check.ok else "DIFFERS"
                quality = "" if row.quality is None else f"  quality {row.quality:.2f} -> {check.quality or 0:.2f}"
                print(f"{row.domain:12} {row.suite:28} {row.preset:12} {row.solved:>4}/{row.total:<5} "
                      f"{check.solved:>4}/{check.total:<5}  {verdict}{quality}", flush=True)  # fmt: skip
    except GenplanError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    print(f"{len(rows) - failures} of {len(rows)} figures reproduced")
    return 1 if failures else 0


if __name__ == "__main__":
    raise SystemExit(main())
