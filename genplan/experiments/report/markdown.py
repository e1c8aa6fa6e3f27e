"""Rendering to Markdown: tables and the outline of :mod:`~genplan.experiments.report.views` in,
``report.md``'s text out."""

from __future__ import annotations

from collections.abc import Iterable
from pathlib import Path
from typing import Any

from genplan.experiments.report.tables import Report
from genplan.experiments.report.views import Link, Table, fmt, plot_caption, sections, shown_columns, summary_lines


def _cell(value: Any, kind: str, base: Path | None) -> str:
    text = fmt(value, kind).replace("|", "\\|")
    return f"[{text}]({value.href(base)})" if isinstance(value, Link) else text


def table_markdown(table: Table, base: Path | None = None) -> str:
    """A pipe table; a table without rows is its sentence (why it is empty, which command fills it). Links
    are relative to ``base`` (the report's folder)."""
    if not table.rows and table.empty:
        return table.empty
    idx = shown_columns(table)
    cols = [table.columns[i] for i in idx]
    lines = [
        "| " + " | ".join(c.name for c in cols) + " |",
        "|" + "|".join("---" if c.kind == "text" else "---:" for c in cols) + "|",
    ]
    for n, row in enumerate(table.rows):
        cells = [_cell(row[i], table.columns[i].kind, base) for i in idx]
        if n in table.total_rows:
            cells = [f"**{c}**" for c in cells]
        lines.append("| " + " | ".join(cells) + " |")
    if not table.rows:
        lines.append("| " + " | ".join("" for _ in cols) + " |")
    return "\n".join(lines)


def render_markdown(report: Report, images: Iterable[str] = (), base: Path | None = None) -> str:
    """The report as Markdown; ``images`` are plot files written next to it, linked where they belong;
    ``base``: the folder it is written to (links to programs are relative to it)."""
    images = set(images)
    out = ["# genplan report", "", *summary_lines(report)]
    if report.notes:
        out += ["", *(f"- {n}" for n in report.notes)]
    for section in sections(report):
        out += ["", f"## {section.heading}"]
        if not section.tables and section.empty:
            out += ["", section.empty]
        for t in section.tables:
            out += ["", f"### {t.title}", "", table_markdown(t, base)]
            out += [""] + [f"_{n}_" for n in t.notes] if t.notes and t.rows else []
        for p in section.plots:
            if p in images:
                out += ["", f"![{plot_caption(report, p)}]({p})"]
    return "\n".join(out).rstrip() + "\n"
