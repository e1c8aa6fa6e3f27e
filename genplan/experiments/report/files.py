"""The report on disk: :func:`report_from_disk` reads runs, baselines and scale files and computes the
report (what ``genplan report`` does); :func:`write_report` writes it as ``report.md``, ``report.html``,
one CSV per table and the plots. CSV rendering lives here: a CSV file holds bare values, for other tools.
"""

from __future__ import annotations

import csv
import io
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from genplan.core.errors import GenplanError
from genplan.experiments.report.figures import make_plots
from genplan.experiments.report.html import render_html
from genplan.experiments.report.markdown import render_markdown
from genplan.experiments.report.runs import RunSummary, add_task_sizes, find_runs, select_baselines
from genplan.experiments.report.tables import Report, build_report
from genplan.experiments.report.views import Flagged, Link, Table, report_tables


def _csv_value(value: Any, kind: str) -> Any:
    """The bare value: percentages as printed (0-100, unrounded), nothing as an empty cell."""
    if isinstance(value, Flagged):
        value = value.value
    if isinstance(value, Link):
        return str(value.target)
    if value is None:
        return ""
    if kind == "pct":
        return round(100 * value, 4)
    if isinstance(value, float):
        return round(value, 6)
    return value


def table_csv(table: Table) -> str:
    buf = io.StringIO()
    writer = csv.writer(buf, lineterminator="\n")
    writer.writerow([c.name for c in table.columns])
    for row in table.rows:
        writer.writerow([_csv_value(v, c.kind) for v, c in zip(row, table.columns, strict=True)])
    return buf.getvalue()


@dataclass(frozen=True)
class ReportFiles:
    """What :func:`write_report` wrote."""

    markdown: Path
    html: Path
    csv: tuple[Path, ...]
    plots: tuple[Path, ...]


def write_report(report: Report, out: str | Path, *, links_from: str | Path | None = None) -> ReportFiles:
    """Write ``report.md``, ``report.html``, one CSV per table and the plots (PNG) into ``out``.

    Links (to each run's program) are relative to ``out``, or to ``links_from`` when the pages will be
    moved there (a results folder's pages are written elsewhere first, then copied in)."""
    folder = Path(out)
    if folder.exists() and not folder.is_dir():
        raise GenplanError(f"The report folder {folder} is a file.", hint="Pass a folder with --out.")
    folder.mkdir(parents=True, exist_ok=True)
    csvs = []
    for t in report_tables(report):
        path = folder / f"{t.key}.csv"
        path.write_text(table_csv(t), encoding="utf-8")
        csvs.append(path)
    drawn = make_plots(report, folder)
    md = folder / "report.md"
    base = Path(links_from) if links_from is not None else folder
    md.write_text(render_markdown(report, drawn, base=base), encoding="utf-8")
    html_path = folder / "report.html"
    images = {k: p.read_bytes() for k, p in drawn.items()}
    html_path.write_text(render_html(report, images, base=base), encoding="utf-8")
    return ReportFiles(md, html_path, tuple(csvs), tuple(drawn.values()))


def report_from_disk(
    run_dirs: Sequence[str | Path] = (),
    *,
    runs_root: str | Path | None = None,
    baselines: str = "all",
    scale_files: Sequence[str | Path] = (),
    suite: str | None = None,
    cache_dir: str | Path | None = None,
    loaded: Sequence[RunSummary] = (),
) -> Report:
    """What ``genplan report`` computes: find and load the runs, the chosen baselines and scale files.

    ``loaded``: runs read already (those of a published results folder), reported beside the folders'.
    """
    from genplan.experiments.baselines import load_baselines
    from genplan.experiments.scale import load_scale

    chosen = select_baselines(load_baselines(cache_dir), baselines)
    try:
        # A results folder's runs are named by their suite's family (paper, paper-anonymized, ipc2023).
        runs = [r for r in loaded if suite is None or r.family == suite]
        if run_dirs or not loaded:
            runs += find_runs(run_dirs, runs_root=runs_root, cache_dir=cache_dir, suite=suite)
    except GenplanError:
        # No runs yet, but baselines of the asked suite: their columns alone are still worth a report.
        if run_dirs or suite is None:
            raise
        from genplan.experiments.baselines import suite_label

        only = [b for b in chosen if b.suite == suite_label(suite, cache_dir)]
        if not only:
            raise
        note = f"No synthesis runs of the suite {suite!r} yet: the symbolic baselines only."
        return build_report([], only, [load_scale(p) for p in scale_files], [note])
    families = {(r.family, r.domain) for r in runs}
    notes = []
    if any(r.counts is not None for r in runs):
        notes.append(
            "Runs read from a published results folder: its coverage.csv records the calls and tokens each run "
            "needed, not the model, the wall time, nor what was paid; calls and tokens are shown as paid."
        )
    for family, domain in sorted(families):
        elsewhere = sorted({b.suite for b in chosen if b.domain == domain and b.suite != family})
        if elsewhere and not any((b.suite, b.domain) == (family, domain) for b in chosen):
            notes.append(
                f"The {domain} runs used the suite {family!r}, but its baselines were computed for "
                f"{', '.join(map(repr, elsewhere))}; they are left out (run `genplan baselines` with the runs' suite)."
            )
    chosen = [b for b in chosen if (b.suite, b.domain) in families]
    runs = add_task_sizes(runs, chosen)
    report = build_report(runs, chosen, [load_scale(p) for p in scale_files], notes)
    from dataclasses import replace

    from genplan.execute.provenance import versions

    return replace(report, versions=versions())
