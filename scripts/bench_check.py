"""What does `genplan check` catch? Run it on the planted-bug corpus and on correct programs.

The corpus (tests/data/planted/) holds programs that pass their suite's 6 debugging tasks but carry a
bug a model plausibly makes (``bugs/``), and one correct program per domain (``correct/``). For each
buggy program this script asks two questions:

1. Do the held-out tasks reveal the bug? (the program fails at least one held-out task of the builtin
   suite, or of the paper's data when it is available);
2. Does the check find a counterexample, and how long does it take (search and shrinking)?

and for each correct program whether the check raises a false alarm. It prints a table and the
headline figures: the share of held-out-revealed bugs the check catches, the median check time, and the
false alarms. Nothing is timed in a unit test; this is the measurement.

    python scripts/bench_check.py [--budget 60] [--reference PATH|--no-reference] [--only ferry,logistics]
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import tarfile
import tempfile
import time
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO))

CORPUS = REPO / "tests" / "data" / "planted"


def header(path: Path) -> dict[str, str]:
    """The ``# planted-bug: d`` / ``# bug:`` / ``# reveals:`` / ``# planted-correct: d`` comment lines."""
    out: dict[str, str] = {}
    for line in path.read_text().splitlines():
        if not line.startswith("#"):
            break
        key, _, value = line[1:].partition(":")
        out[key.strip()] = value.strip()
    return out


def corpus(only: set[str] | None) -> list[tuple[Path, str, str]]:
    """(file, domain, "bug" | "correct") for every program of the corpus."""
    rows = []
    for path in sorted((CORPUS / "bugs").glob("*.py")) + sorted((CORPUS / "correct").glob("*.py")):
        info = header(path)
        if "planted-bug" in info:
            kind, domain = "bug", info["planted-bug"]
        else:
            kind, domain = "correct", info.get("planted-correct", "")
        if domain and (only is None or domain in only):
            rows.append((path, domain, kind))
    return rows


def reference_suites(reference: str | None, cache: Path) -> str | None:
    """Register the paper's data (tarball or folder) in a scratch cache; its suite name, or None."""
    from genplan.benchmarks.registry import import_dataset
    from genplan.core.paths import reference_data

    path = Path(reference) if reference else reference_data()
    if path is None or not path.exists():
        return None
    if path.is_file():
        out = Path(tempfile.mkdtemp(prefix="genplan-ref-"))
        with tarfile.open(path) as tar:
            tar.extractall(out, filter="data")
        path = next(p for p in out.iterdir() if p.is_dir())
    import_dataset(path, "paper", cache)
    return "paper"


def heldout_failures(source: str, domain: str, suite: str | None, cache: Path) -> tuple[int, int, str | None]:
    """(1 if a held-out task fails else 0, held-out tasks, the first failing task) for a program.

    It stops at the first failing run: the question is whether the held-out tasks reveal the bug at all,
    and a bug that times out would otherwise cost 45 s on every task. Results are cached by content."""
    from genplan.benchmarks.registry import resolve_suite
    from genplan.execute.evaluate import evaluate

    s = resolve_suite(domain, suite, cache if suite else None)
    ev = evaluate(source, [(t, s.task(t)) for t in s.split.heldout], orderings=4, timeout=45.0,
                  mode="first_failure", cache_dir=cache / "evaluations")  # fmt: skip
    failed = [r for r in ev.results if not r.solved and r.status != "not run"]
    return min(1, len(failed)), len(ev.results), (f"{failed[0].task_id} ({failed[0].category})" if failed else None)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--budget", type=float, default=60.0, help="search budget of each check, seconds")
    parser.add_argument("--reference", help="the paper's data (tarball or folder); default: $GENPLAN_REFERENCE")
    parser.add_argument("--no-reference", action="store_true", help="judge 'revealed' on the builtin suites only")
    parser.add_argument("--only", help="comma-separated domains")
    parser.add_argument("--json", type=Path, help="write every row as JSON here")
    args = parser.parse_args()

    from genplan.benchmarks.registry import resolve_suite
    from genplan.generalize import CheckSettings, check_program
    from genplan.generalize.naming import find_generator

    cache = Path(tempfile.mkdtemp(prefix="genplan-bench-check-"))
    paper = None if args.no_reference else reference_suites(args.reference, cache)
    only = set(args.only.split(",")) if args.only else None
    rows = []
    for path, domain, kind in corpus(only):
        source = path.read_text()
        suite = resolve_suite(domain)
        revealed = {}
        if kind == "bug":
            revealed["builtin"] = heldout_failures(source, domain, None, cache)
            if paper:
                revealed["paper"] = heldout_failures(source, domain, paper, cache)
        started = time.monotonic()
        result = check_program(
            source, suite.domain, [(t, suite.task(t)) for t in suite.split.debug],
            settings=CheckSettings(budget_s=args.budget), generator=find_generator(suite.domain, hint=domain),
            cache_dir=cache,
        )  # fmt: skip
        seconds = time.monotonic() - started
        cex = result.counterexample
        row = {
            "program": f"{path.parent.name}/{path.name}",
            "domain": domain,
            "kind": kind,
            "revealed_by_heldout": any(r[0] > 0 for r in revealed.values()) if kind == "bug" else None,
            "heldout": {k: {"failed": v[0], "total": v[1], "first": v[2]} for k, v in revealed.items()},
            "caught": cex is not None,
            "seconds": round(seconds, 1),
            "counterexample": None
            if cex is None
            else {
                "source": cex.source,
                "family": cex.family,
                "objects": cex.task.size,
                "found_objects": cex.found_objects,
                "category": cex.category,
            },
            "tried": len(result.tried),
        }
        rows.append(row)
        what = (f"caught: {cex.family}, {cex.task.size} obj (found at {cex.found_objects}), {cex.category}"
                if cex else f"not caught ({len(result.tried)} tasks tried)")  # fmt: skip
        held = "; ".join(f"{k}: {v[2] or f'all {v[1]} solved'}" for k, v in revealed.items())
        print(f"{row['program']:<52} {seconds:6.1f} s  {what}" + (f"  [held-out: {held}]" if held else ""),
              flush=True)  # fmt: skip

    bugs = [r for r in rows if r["kind"] == "bug"]
    revealed = [r for r in bugs if r["revealed_by_heldout"]]
    correct = [r for r in rows if r["kind"] == "correct"]
    times = [r["seconds"] for r in bugs if r["caught"]]
    print()
    print(f"planted bugs: {len(bugs)} over {len({r['domain'] for r in bugs})} domains; "
          f"revealed by held-out tasks ({'builtin + paper' if paper else 'builtin'}): {len(revealed)}")  # fmt: skip
    if revealed:
        caught = sum(r["caught"] for r in revealed)
        print(f"caught among those revealed: {caught}/{len(revealed)} = {100 * caught / len(revealed):.0f}%")
    print(f"caught among all planted bugs: {sum(r['caught'] for r in bugs)}/{len(bugs)}")
    if times:
        print(f"check time when caught (search + shrink): median {statistics.median(times):.1f} s, "
              f"max {max(times):.1f} s")  # fmt: skip
    all_times = [r["seconds"] for r in rows]
    if all_times:
        median = statistics.median(all_times)
        print(f"check time over every program: median {median:.1f} s (budget {args.budget:.0f} s)")
    alarms = [r["program"] for r in correct if r["caught"]]
    named = f" ({', '.join(alarms)})" if alarms else ""
    print(f"false alarms on correct programs: {len(alarms)}/{len(correct)}{named}")
    if args.json:
        args.json.write_text(json.dumps(rows, indent=2) + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
