"""Rendering to Markdown: tables and the outline of :mod:`~genplan.experiments.report.views` in,
``report.md``'s text out."""

from __future__ import annotations

from collections.abc import Iterable

from genplan.experiments.report.tables import Report
from genplan.experiments.report.views import PLOTS, Table, fmt, sections, shown_columns, summary_lines


def table_markdown(table: Table) -> str:
    """A pipe table; a table without rows is its sentence (why it is empty, which command fills it)."""
    if not table.rows and table.empty:
        return table.empty
    idx = shown_columns(table)
    cols = [table.columns[i] for i in idx]
    lines = [
        "| " + " | ".join(c.name for c in cols) + " |",
        "|" + "|".join("---" if c.kind == "text" else "---:" for c in cols) + "|",
    ]
    for n, row in enumerate(table.rows):
        cells = [fmt(row[i], table.columns[i].kind).replace("|", "\\|") for i in idx]
        if n in table.total_rows:
            cells = [f"**{c}**" for c in cells]
        lines.append("| " + " | ".join(cells) + " |")
    if not table.rows:
        lines.append("| " + " | ".join("" for _ in cols) + " |")
    return "\n".join(lines)


def render_markdown(report: Report, images: Iterable[str] = ()) -> str:
    """The report as Markdown; ``images`` are plot files written next to it, linked where they belong."""
    images = set(images)
    out = ["# genplan report", "", *summary_lines(report)]
    if report.notes:
        out += ["", *(f"- {n}" for n in report.notes)]
    for section in sections(report):
        out += ["", f"## {section.heading}"]
        if not section.tables and section.empty:
            out += ["", section.empty]
        for t in section.tables:
            out += ["", f"### {t.title}", "", table_markdown(t)]
            out += [""] + [f"_{n}_" for n in t.notes] if t.notes and t.rows else []
        for p in section.plots:
            if p in images:
                out += ["", f"![{PLOTS[p]}]({p})"]
    return "\n".join(out).rstrip() + "\n"
