"""What the commands print, laid out to read in a terminal of any width, 80 columns included.

Why this module: rich wraps every line and every table cell to the terminal's width. That breaks a path
or a command in the middle of a name, so that it can no longer be copied, and it squeezes a table's
long cells to one word a line. Three rules avoid both:

- a line holding a path or a command a user copies is printed whole (:func:`copyable`): rich never
  breaks it, and the terminal's own folding keeps it one line for a copy;
- a table whose columns do not fit is split into several tables of whole columns (:class:`FitColumns`),
  each repeating the columns that name the row;
- long text of a row (a run id, a folder) goes under the row (:func:`listing`), not into a column;
- prose (an error's paragraph) wraps between words, never inside one (:func:`paragraph`).

The consoles of the CLI read no markup, so text from users (paths may hold ``[brackets]``) prints as it
is; styled text is built as :class:`rich.text.Text`, never as markup.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import replace
from typing import Any

from rich.console import Console, ConsoleOptions, RenderableType
from rich.measure import Measurement
from rich.table import Table
from rich.text import Text

#: The width no table of a command may need (the issue's 80-column terminal).
NARROW = 80

#: Wide enough for any table: used to measure a table's width when nothing wraps.
_UNBOUNDED = 100_000


def make_console(*, stderr: bool = False) -> Console:
    """A console that reads no markup and highlights nothing: text from users prints as it is."""
    return Console(stderr=stderr, markup=False, highlight=False)


def copyable(console: Console, text: str | Text, *, style: str | None = None) -> None:
    """Print a line the user may copy (a path, a command, a run id): never wrapped by rich, whatever the
    width. A terminal folds a long line at its edge, but that folding does not end up in a copy."""
    console.print(text, style=style, soft_wrap=True, markup=False, highlight=False)


def paragraph(console: Console, text: str | Text) -> None:
    """Print prose (an error, a hint) wrapped to the console's width between words, never inside one.

    Printed unwrapped (``soft_wrap``), a paragraph is folded by the terminal at its last column, in the
    middle of a word ("Start o" / "ne with"), and a sentence that ends exactly there leaves its full
    stop alone on the next line. Wrapped by rich, a word longer than a line (a path) is cut in pieces,
    which a copy keeps. So lines end only between words, and a word longer than the line gets a line of
    its own, whole (the terminal folds it on screen, but a copy keeps it one word)."""
    body = text if isinstance(text, Text) else Text(text)
    lines = []
    for line in body.split("\n", allow_blank=True):
        lines.extend(_between_words(line, console.width))
    console.print(Text("\n").join(lines), soft_wrap=True, markup=False, highlight=False)


def _between_words(line: Text, width: int) -> list[Text]:
    """``line`` cut into lines of at most ``width`` cells, only where a space is (spaces at a cut dropped)."""
    import re

    plain = line.plain
    cuts, start, end = [], 0, 0  # start: where the current line begins; end: after its last word
    for word in re.finditer(r"\S+", plain):
        if word.end() - start > width and end > start:
            cuts.append((start, end))
            start = word.start()
        end = word.end()
    cuts.append((start, len(plain.rstrip())))
    return [line[a:b] for a, b in cuts]


def natural_width(console: Console, renderable: RenderableType) -> int:
    """The width ``renderable`` takes when nothing in it wraps."""
    return Measurement.get(console, console.options.update_width(_UNBOUNDED), renderable).maximum


class FitColumns:
    """A table that splits itself into several tables of whole columns when it is wider than the console.

    Each part repeats the first ``keep`` columns (those that name a row). ``groups`` gives the sizes of
    the runs of columns after them that belong together (e.g. a planner's time limits); a group is only
    split when it does not fit alone. The title stays on the first part and the caption on the last.
    """

    def __init__(self, table: Table, *, keep: int = 1, groups: Sequence[int] | None = None) -> None:
        rest = len(table.columns) - keep
        sizes = list(groups) if groups is not None else [1] * rest
        if keep < 0 or sum(sizes) != rest or any(n < 1 for n in sizes):
            raise ValueError(f"groups {sizes} do not cover the {rest} columns after the first {keep}")
        self.table = table
        self.keep = keep
        self.groups = sizes

    def parts(self, console: Console, width: int) -> list[Table]:
        """The tables to print at ``width``: the table itself when it fits."""
        if natural_width(console, self.table) <= width:
            return [self.table]
        columns = self.table.columns
        kept, start, chunks = columns[: self.keep], self.keep, []
        for size in self.groups:
            chunks.append(columns[start : start + size])
            start += size
        parts: list[list[Any]] = []
        current: list[Any] = []
        for chunk in chunks:
            trial = [*current, *chunk]
            if current and natural_width(console, self._part([*kept, *trial])) > width:
                parts.append(current)
                current = list(chunk)
            else:
                current = trial
        parts.append(current)
        tables = [self._part([*kept, *p]) for p in parts]
        tables[0].title = self.table.title
        tables[-1].caption = self.table.caption
        return tables

    def _part(self, columns: Sequence[Any]) -> Table:
        src = self.table
        part = Table(
            box=src.box, padding=src.padding, pad_edge=src.pad_edge, show_header=src.show_header,
            show_edge=src.show_edge, show_lines=src.show_lines, header_style=src.header_style,
            title_style=src.title_style, caption_style=src.caption_style, border_style=src.border_style,
            title_justify=src.title_justify, caption_justify=src.caption_justify, style=src.style,
        )  # fmt: skip
        part.columns = [replace(c, _index=i) for i, c in enumerate(columns)]
        part.rows = list(src.rows)
        return part

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> Iterator[RenderableType]:
        for i, table in enumerate(self.parts(console, options.max_width)):
            if i:
                yield Text("")
            yield table

    def __rich_measure__(self, console: Console, options: ConsoleOptions) -> Measurement:
        widths = [Measurement.get(console, options, t) for t in self.parts(console, options.max_width)]
        return Measurement(max(w.minimum for w in widths), max(w.maximum for w in widths))


def listing(
    columns: Sequence[tuple[str, str]], rows: Sequence[tuple[Sequence[str], str | None]], *, indent: int = 2
) -> Text:
    """Rows of short fields in aligned columns, each row's long text (``note``) on its own line under it.

    ``columns`` are ``(header, "left" | "right")``. Print the result with :func:`copyable`: a note is
    often a run id or a folder to copy, and must not be wrapped.
    """
    widths = [len(header) for header, _ in columns]
    for cells, _note in rows:
        widths = [max(w, len(c)) for w, c in zip(widths, cells, strict=True)]

    def line(cells: Sequence[str]) -> str:
        fields = zip(cells, widths, columns, strict=True)
        padded = [c.rjust(w) if justify == "right" else c.ljust(w) for c, w, (_, justify) in fields]
        return (" " * indent + "  ".join(padded)).rstrip()

    out = Text()
    out.append(line([h for h, _ in columns]), style="bold")
    for cells, note in rows:
        out.append("\n" + line(cells))
        if note:
            out.append("\n" + " " * (indent + 2))
            out.append(note, style="dim")
    return out
