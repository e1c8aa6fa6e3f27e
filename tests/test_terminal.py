"""Printing for narrow terminals: copyable lines stay whole, wide tables split, long text goes under the row."""

from __future__ import annotations

import io

from rich.console import Console
from rich.table import Table

from genplan.core.terminal import FitColumns, copyable, listing, make_console, paragraph

LONG_PATH = "/home/someone/projects/genplan-experiments/cache/runs/ferry/f5-3-s1-gpt-4o-1a2b3c4d/program.py"


def render(renderable: object, width: int = 80) -> str:
    out = io.StringIO()
    Console(file=out, width=width, markup=False, highlight=False, color_system=None).print(renderable)
    return out.getvalue()


def body_lines(text: str) -> list[list[str]]:
    """The cells of each body line of boxed tables (lines between vertical bars)."""
    return [[c.strip() for c in line.split("│")[1:-1]] for line in text.splitlines() if line.startswith("│")]


def wide_table() -> Table:
    table = Table(title="Coverage", caption="a caption", title_justify="left")
    table.add_column("domain")
    for planner in ("lmcut", "ff", "lama-first"):
        for limit in ("45s", "1800s"):
            table.add_column(f"{planner} {limit}", justify="right")
    for domain in ("blocksworld", "ferry", "total"):
        table.add_row(domain, *(f"{k}123/1500 (82.{k}%)" for k in range(6)))
    return table


def test_a_table_that_fits_is_printed_as_it_is() -> None:
    table = Table("a", "b")
    table.add_row("1", "2")
    assert render(FitColumns(table)) == render(table)


def test_a_wide_table_splits_into_whole_column_groups_that_each_fit() -> None:
    table = wide_table()
    assert max(len(line) for line in render(table, width=200).splitlines()) > 80  # it does not fit as one
    text = render(FitColumns(table, keep=1, groups=[2, 2, 2]))
    lines = text.splitlines()
    assert max(len(line) for line in lines) <= 80 and "…" not in text
    rows = body_lines(text)
    assert all(cells[0] for cells in rows)  # no cell wrapped onto a continuation line
    for k in range(6):
        assert sum(f"{k}123/1500 (82.{k}%)" in line for line in lines) == 3  # every cell whole, once per row
    assert text.count("Coverage") == 1 and text.count("a caption") == 1  # title first, caption last
    assert text.count("blocksworld") == len(FitColumns(table, groups=[2, 2, 2]).parts(Console(width=80), 80))
    headers = [line for line in lines if line.startswith("┃")]
    for part in headers:  # a planner's limits stay together
        assert ("lmcut 45s" in part) == ("lmcut 1800s" in part)
        assert ("lama-first 45s" in part) == ("lama-first 1800s" in part)


def test_listing_puts_long_text_under_its_row_unbroken() -> None:
    text = listing(
        [("status", "left"), ("debug", "right")], [(("done", "6/6"), f"run {LONG_PATH}"), (("stopped", "-"), None)]
    )
    out = io.StringIO()
    copyable(Console(file=out, width=40, color_system=None), text)
    lines = out.getvalue().splitlines()
    assert lines == ["  status   debug", "  done       6/6", f"    run {LONG_PATH}", "  stopped      -"]


def test_copyable_lines_are_never_broken_and_brackets_are_text() -> None:
    out = io.StringIO()
    console = make_console()
    console.file = out
    console.width = 40
    copyable(console, f"program: {LONG_PATH}")
    console.print("a [bold]path[/] with [brackets]")
    assert out.getvalue().splitlines()[0] == f"program: {LONG_PATH}"
    assert "a [bold]path[/] with [brackets]" in out.getvalue()


def test_a_paragraph_wraps_between_words_and_keeps_a_long_path_whole() -> None:
    out = io.StringIO()
    console = Console(file=out, width=40, markup=False, highlight=False, color_system=None)
    paragraph(console, f"error: The domain file {LONG_PATH} does not exist. Check the path.")
    lines = out.getvalue().splitlines()
    assert lines == ["error: The domain file", LONG_PATH, "does not exist. Check the path."], lines
    out.truncate(0), out.seek(0)
    # The case: a sentence ending at the last column leaves no "." alone on the next line.
    paragraph(console, "x" * 30 + " to report. Check it.\nSecond line")
    assert out.getvalue().splitlines() == ["x" * 30 + " to", "report. Check it.", "Second line"]
