"""Do the generators reach the kinds of task a suite holds out? Compare features, domain by domain.

    python scripts/generator_coverage.py                          # the paper's data, all 17 domains
    python scripts/generator_coverage.py --domains beluga spanner --seeds 5
    python scripts/generator_coverage.py --suite builtin          # any suite: a name or a folder
    python scripts/generator_coverage.py --reference PATH         # the paper's data: a tarball or a folder

For each held-out task of the suite, the domain's generator makes ``--seeds`` tasks of the same size
(``params_for_size(task.size)``, as ``genplan scale`` does). Both sides are measured with
:func:`genplan.generators.features.task_features` (object counts per type, goal and initial facts per
predicate, and the features of the domain: parts to rearrange on beluga's racks, spanners that cannot be
used, cars already on the ferry, ...). The table gives, per feature, the held-out and generated ranges
and means, and how many held-out tasks have a value the generated tasks never reach; ``MISS`` flags
those features. A generated range that is wider than the held-out one is not a miss.

Without ``--suite`` the suite is the paper's data: ``--reference``, else ``$GENPLAN_REFERENCE``, else
``../shared/reference/genplan17.tar.gz`` beside the repository (unpacked into a temp dir, never copied).
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import tarfile
import tempfile
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO))

from genplan.benchmarks.registry import resolve_suite  # noqa: E402
from genplan.core.errors import GenplanError  # noqa: E402
from genplan.generators import GENERATOR_DOMAINS, generator_module  # noqa: E402
from genplan.generators.features import Features, task_features  # noqa: E402

DEFAULT_REFERENCE = REPO.parent / "shared" / "reference" / "genplan17.tar.gz"
#: Features that count facts or objects: absent from a task means zero there (not "does not apply").
COUNT_PREFIXES = ("type:", "init:", "goal:")


class CoverageError(GenplanError):
    """The suite or the reference data cannot be read."""


@contextmanager
def reference_root(path: Path) -> Iterator[Path]:
    """The dataset folder of ``path`` (a folder, or a tarball unpacked into a temp dir for the duration)."""
    if path.is_dir():
        yield path
        return
    if not path.is_file():
        raise CoverageError(
            f"The reference data {path} does not exist.",
            hint="Pass --reference PATH (a tarball or a folder), set GENPLAN_REFERENCE, or use --suite NAME|DIR.",
        )
    with tempfile.TemporaryDirectory(prefix="genplan-coverage-") as tmp:
        try:
            with tarfile.open(path) as tar:
                tar.extractall(tmp, filter="data")
        except tarfile.TarError as exc:
            raise CoverageError(f"{path} is not a readable tarball ({exc}).") from None
        folders = [p for p in Path(tmp).iterdir() if p.is_dir()]
        yield folders[0] if len(folders) == 1 else Path(tmp)


def measure(domain: str, suite_arg: str | Path | None, seeds: int) -> tuple[list[Features], list[Features]]:
    """Features of the suite's held-out tasks, and of ``seeds`` generated tasks per held-out task."""
    suite = resolve_suite(domain, suite_arg)
    module = generator_module(domain)
    heldout, generated = [], []
    ids = suite.split.heldout
    for i, task_id in enumerate(ids):
        task = suite.task(task_id)
        heldout.append(task_features(domain, task))
        params = module.params_for_size(task.size)
        for k in range(seeds):
            generated.append(task_features(domain, module.generate(params, i * seeds + k)))
        if (i + 1) % 25 == 0 or i + 1 == len(ids):
            print(f"  {domain}: {i + 1}/{len(ids)} held-out tasks", file=sys.stderr, flush=True)
    return heldout, generated


def compare(heldout: list[Features], generated: list[Features]) -> list[dict]:
    """One row per feature: ranges, means, and how many held-out tasks lie outside the generated range."""
    names: list[str] = []
    for f in (*heldout, *generated):
        names.extend(n for n in f if n not in names)
    rows = []
    for name in names:
        default = 0 if name.startswith(COUNT_PREFIXES) else None
        h = [v for f in heldout if (v := f.get(name, default)) is not None]
        g = [v for f in generated if (v := f.get(name, default)) is not None]
        row: dict = {"feature": name, "heldout": _stats(h), "generated": _stats(g)}
        if h and g:
            row["outside"] = sum(1 for v in h if v < min(g) or v > max(g))
        elif h:
            row["outside"] = len(h)  # the generated tasks never have this feature at all
        else:
            row["outside"] = 0
        rows.append(row)
    return rows


def _stats(values: list[float]) -> dict | None:
    if not values:
        return None
    return {"min": min(values), "max": max(values), "mean": round(sum(values) / len(values), 3), "n": len(values)}


def _num(x: float) -> str:
    return str(int(x)) if float(x).is_integer() else f"{x:.2f}"


def _span(s: dict | None) -> str:
    if s is None:
        return "-"
    return f"{_num(s['min'])}-{_num(s['max'])} ({_num(s['mean'])})"


def table(domain: str, rows: list[dict], n_heldout: int, n_generated: int, only_misses: bool = False) -> str:
    """The rows as an aligned text table, and a one-line summary of the domain."""
    head = ("feature", "held-out min-max (mean)", "generated min-max (mean)", "outside", "")
    lines = [
        (r["feature"], _span(r["heldout"]), _span(r["generated"]), str(r["outside"]), "MISS" if r["outside"] else "")
        for r in rows
        if not only_misses or r["outside"]
    ]
    widths = [max(len(x[c]) for x in (head, *lines)) for c in range(len(head))]
    fmt = "  ".join(f"{{:{'>' if c in (3,) else '<'}{w}}}" for c, w in enumerate(widths))
    out = [f"== {domain}", fmt.format(*head).rstrip(), *(fmt.format(*x).rstrip() for x in lines)]
    out.append(summary(domain, rows, n_heldout, n_generated))
    return "\n".join(out)


def summary(domain: str, rows: list[dict], n_heldout: int, n_generated: int) -> str:
    misses = [r["feature"] for r in rows if r["outside"]]
    said = ", ".join(misses[:8]) + (", ..." if len(misses) > 8 else "")
    verdict = f"{len(misses)} miss part of the held-out range: {said}" if misses else "no miss"
    return f"{domain}: {n_heldout} held-out, {n_generated} generated tasks; {len(rows)} features, {verdict}"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--domains", nargs="+", default=list(GENERATOR_DOMAINS), metavar="DOMAIN")
    parser.add_argument("--suite", default=None, help="a suite name or folder (default: the paper's data)")
    parser.add_argument(
        "--reference", type=Path, default=None,
        help="the paper's data, a tarball or folder (default: $GENPLAN_REFERENCE, else ../shared/reference/...)",
    )  # fmt: skip
    parser.add_argument("--seeds", type=int, default=3, help="generated tasks per held-out task (default 3)")
    parser.add_argument("--misses-only", action="store_true", help="print only the features that miss")
    parser.add_argument("--json", type=Path, default=None, help="also write every row to this JSON file")
    args = parser.parse_args(argv)

    unknown = [d for d in args.domains if d not in GENERATOR_DOMAINS]
    if unknown:
        parser.error(f"unknown domain(s): {', '.join(unknown)}; known: {', '.join(GENERATOR_DOMAINS)}")
    if args.seeds < 1:
        parser.error("--seeds must be at least 1")
    domains = [d for d in GENERATOR_DOMAINS if d in args.domains]
    reference = args.reference or Path(os.environ.get("GENPLAN_REFERENCE") or DEFAULT_REFERENCE)
    report: dict[str, list[dict]] = {}
    summaries = []
    start = time.perf_counter()
    try:
        with _suite_source(args.suite, reference) as suite_arg:
            for domain in domains:
                t0 = time.perf_counter()
                heldout, generated = measure(domain, suite_arg, args.seeds)
                rows = compare(heldout, generated)
                report[domain] = rows
                print(table(domain, rows, len(heldout), len(generated), args.misses_only), flush=True)
                print(f"  ({time.perf_counter() - t0:.1f} s)\n", flush=True)
                summaries.append(summary(domain, rows, len(heldout), len(generated)))
    except GenplanError as exc:
        print(f"error: {exc.render()}", file=sys.stderr)
        return 2
    print("== summary")
    print("\n".join(summaries))
    print(f"({time.perf_counter() - start:.0f} s in all)")
    if args.json:
        args.json.write_text(json.dumps(report, indent=1) + "\n")
    return 0


@contextmanager
def _suite_source(suite: str | None, reference: Path) -> Iterator[str | Path]:
    """What to pass to ``resolve_suite``: the ``--suite`` argument, or the unpacked reference data."""
    if suite is not None:
        yield suite
        return
    with reference_root(reference.expanduser()) as root:
        yield root


if __name__ == "__main__":
    sys.exit(main())
