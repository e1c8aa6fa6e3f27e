"""Rendering to HTML: tables and the outline of :mod:`genplan.experiments.report.views` in, one self-contained page
out (inline CSS, plots as data URIs: the file can be mailed or opened offline and fetches nothing).
"""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from typing import Any

from genplan.experiments.report.tables import Report
from genplan.experiments.report.views import Link, Table, fmt, plot_caption, sections, shown_columns, summary_lines


def _esc(text: str) -> str:
    import html

    return html.escape(text, quote=True)


def _prose(text: str) -> str:
    """Escaped text with `commands` set as code, as Markdown shows them."""
    import re

    return re.sub(r"`([^`]+)`", r"<code>\1</code>", _esc(text))


def _cell(value: Any, kind: str, base: Path | None) -> str:
    text = _esc(fmt(value, kind))
    return f'<a href="{_esc(value.href(base))}">{text}</a>' if isinstance(value, Link) else text


def table_html(table: Table, base: Path | None = None) -> str:
    """The table in a horizontally scrolling box (a wide table never widens the page), its notes below; a
    table without rows is its sentence (why it is empty, which command fills it)."""
    if not table.rows and table.empty:
        return f'<p class="empty" id="{_esc(table.key)}">{_prose(table.empty)}</p>'
    idx = shown_columns(table)
    head = "".join(f"<th>{_esc(table.columns[i].name)}</th>" for i in idx)
    body = []
    for n, row in enumerate(table.rows):
        cls = ' class="total"' if n in table.total_rows else ""
        tds = "".join(
            f'<td class="{"txt" if table.columns[i].kind == "text" else "num"}">'
            f"{_cell(row[i], table.columns[i].kind, base)}</td>"
            for i in idx
        )
        body.append(f"<tr{cls}>{tds}</tr>")
    notes = "".join(f'<p class="note">{_prose(n)}</p>' for n in table.notes)
    return (
        f'<div class="scroll"><table id="{_esc(table.key)}"><thead><tr>{head}</tr></thead>'
        f"<tbody>{''.join(body)}</tbody></table></div>{notes}"
    )


_CSS = """
body { font-family: system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; margin: 2rem auto; max-width: 1200px;
       padding: 0 1rem; color: #222; line-height: 1.45; }
h1 { font-size: 1.6rem; } h2 { margin-top: 2.2rem; border-bottom: 1px solid #ddd; padding-bottom: .2rem; }
h3 { font-size: 1.05rem; margin-top: 1.4rem; }
.scroll { overflow-x: auto; max-width: 100%; }
.scroll th:first-child, .scroll td:first-child { position: sticky; left: 0; z-index: 1; background: #fff; }
.scroll tr:nth-child(even) td:first-child { background: #fafafa; }
.scroll tr.total td:first-child { background: #eef2f7; }
.scroll th:first-child { background: #f1f3f5; z-index: 2; }
table { border-collapse: collapse; font-size: .85rem; margin: .4rem 0; }
th, td { border: 1px solid #d4d4d4; padding: .25rem .5rem; }
th { background: #f1f3f5; position: sticky; top: 0; }
td.num { text-align: right; font-variant-numeric: tabular-nums; white-space: nowrap; }
tr:nth-child(even) td { background: #fafafa; }
tr.total td { font-weight: 600; background: #eef2f7; }
p.note { font-size: .8rem; color: #555; margin: .2rem 0; max-width: 60rem; }
figure { margin: 1rem 0; } figure img { max-width: 100%; border: 1px solid #eee; }
figcaption { font-size: .85rem; color: #555; }
ul.notes { font-size: .9rem; color: #444; }
p.empty { font-size: .9rem; color: #444; font-style: italic; }
code { font-size: .85em; background: #f1f3f5; padding: 0 .2em; border-radius: 3px; }
"""


def render_html(report: Report, images: Mapping[str, bytes] | None = None, base: Path | None = None) -> str:
    """One self-contained page: the tables, and the plots as base64 PNG data URIs; links to programs are
    relative to ``base`` (the folder it is written to)."""
    import base64

    images = images or {}
    parts = [
        "<!DOCTYPE html>",
        '<html lang="en"><head><meta charset="utf-8">',
        '<meta name="viewport" content="width=device-width, initial-scale=1">',
        "<title>genplan report</title>",
        f"<style>{_CSS}</style></head><body>",
        "<h1>genplan report</h1>",
        *(f"<p>{_esc(line)}</p>" for line in summary_lines(report)),
    ]
    if report.notes:
        parts.append('<ul class="notes">' + "".join(f"<li>{_prose(n)}</li>" for n in report.notes) + "</ul>")
    for section in sections(report):
        parts.append(f"<h2>{_esc(section.heading)}</h2>")
        if not section.tables and section.empty:
            parts.append(f'<p class="empty">{_prose(section.empty)}</p>')
        for t in section.tables:
            parts.append(f"<h3>{_esc(t.title)}</h3>{table_html(t, base)}")
        for p in section.plots:
            if p in images:
                data = base64.b64encode(images[p]).decode("ascii")
                parts.append(
                    f'<figure><img alt="{_esc(plot_caption(report, p))}" src="data:image/png;base64,{data}">'
                    f"<figcaption>{_esc(plot_caption(report, p))}</figcaption></figure>"
                )
    parts.append("</body></html>")
    return "\n".join(parts) + "\n"
