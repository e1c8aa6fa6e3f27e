"""A state of a grid task drawn as a map: one character a cell, for a prompt or a person.

Why: in a task whose places are cells of a grid (sokoban's ``loc_3_7``, floortile's ``tile_2-4``), a state
is thousands of facts, and what matters in it (a box pushed into a one-wide corridor that another box must
still pass, a goal cell sealed off by boxes already on theirs) is plain on a map and hidden in the facts.
Models answering genplan's requests asked for a map for five sessions running (README, *Search-hard
domains*).

Nothing here knows a domain. A task is a grid when most of one type's objects are named by a prefix and two
numbers; the first number is the row, the second the column. What a cell shows comes from the facts that
name it:

- ``#``: no object has that position, or the cell is in no static fact with another cell (no
  ``adjacent`` or ``connected`` fact links it: nothing can enter it);
- ``*``: a goal fact that names the cell holds;
- a lower-case letter or digit: an object in a fact with the cell (``(at box3 loc_4_4)``), or a one-argument
  fact of the cell (``(at-robot loc_4_4)``), as the legend says; upper case when a goal fact that names
  the cell does not hold yet;
- ``+``: nothing is shown there but a goal fact names it and does not hold;
- ``.``: nothing else is shown.

A one-argument fact that holds on more than half of the open cells (sokoban's ``clear``) is not drawn: the
cells it is missing from are the ones that show something else.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from genplan.pddl.model import Fact

#: A grid object's name: a prefix, then two numbers with something between them.
_CELL = re.compile(r"^(\D*?)(\d+)\D+(\d+)$")
#: The largest map drawn (rows times columns): a bigger one would cost a prompt more than it shows.
MAX_CELLS = 12_000
#: Objects of a type with at most this many get a symbol each (``box1`` to ``box9``: their digits, which a
#: model answering a repair asked for, to tell which box stands where); a larger type shares one.
OWN_SYMBOLS = 9
_RESERVED = set("#*+.")


@dataclass(frozen=True)
class Grid:
    """The cells of a grid task: each cell object's (row, column), and the prefix of their names."""

    prefix: str
    cells: dict[str, tuple[int, int]]
    #: Cells linked to another cell by a static fact (the open ones).
    linked: frozenset[str]

    @property
    def bounds(self) -> tuple[int, int, int, int]:
        rows = [r for r, _ in self.cells.values()]
        cols = [c for _, c in self.cells.values()]
        return min(rows), max(rows), min(cols), max(cols)


def _name_and_type(obj: str | tuple[str, str]) -> tuple[str, str]:
    return (obj, "") if isinstance(obj, str) else (obj[0], obj[1])


def find_grid(objects: Sequence[str | tuple[str, str]], static: Iterable[Fact]) -> Grid | None:
    """The task's grid, or None when it has none (or one too large to draw, see :data:`MAX_CELLS`).

    The grid is the largest group of objects of one type whose names are one prefix and two numbers; it
    needs at least two rows and two columns, and at least half of the objects of its type."""
    groups: dict[tuple[str, str], dict[str, tuple[int, int]]] = {}
    per_type: Counter[str] = Counter()
    for obj in objects:
        name, typ = _name_and_type(obj)
        per_type[typ] += 1
        m = _CELL.match(name)
        if m:
            groups.setdefault((m.group(1), typ), {})[name] = (int(m.group(2)), int(m.group(3)))
    if not groups:
        return None
    (prefix, typ), cells = max(groups.items(), key=lambda kv: (len(kv[1]), kv[0]))
    rows = {r for r, _ in cells.values()}
    cols = {c for _, c in cells.values()}
    if len(rows) < 2 or len(cols) < 2 or 2 * len(cells) < per_type[typ]:
        return None
    if (max(rows) - min(rows) + 1) * (max(cols) - min(cols) + 1) > MAX_CELLS:
        return None
    linked: set[str] = set()
    for fact in static:
        named = [a for a in fact[1:] if a in cells]
        if len(named) >= 2:
            linked.update(named)
    return Grid(prefix, cells, frozenset(linked))


def _symbols(wanted: Sequence[tuple[str, str]]) -> dict[tuple[str, str], str]:
    """A character for each ``(kind, name)``: an object's last digit (``box3``: ``3``), else the first letter
    not yet taken of the name's last word, then of its other words (``at-robot``: ``r``), in lower case;
    else a spare letter or digit."""
    taken: set[str] = set(_RESERVED)
    out: dict[tuple[str, str], str] = {}
    spare = [c for c in "abcdefghijklmnopqrstuvwxyz0123456789" if c not in taken]
    for key in wanted:
        words = [w for w in re.split(r"[^A-Za-z0-9]+", key[1]) if w]
        letters = [ch.lower() for w in words[-1:] + words[:-1] for ch in w if ch.isalpha()]
        if key[0] == "object":  # box3: its number first
            letters = [ch for ch in reversed(key[1]) if ch.isdigit()][:1] + letters
        pick = next((ch for ch in letters if ch not in taken), None)
        if pick is None:
            pick = next((ch for ch in spare if ch not in taken), "?")
        taken.add(pick)
        out[key] = pick
    return out


def draw_map(
    objects: Sequence[str | tuple[str, str]],
    static: Iterable[Fact],
    state: Iterable[Fact],
    goal: Iterable[Fact],
    grid: Grid | None = None,
) -> str | None:
    """``state`` (its changing facts; static facts are read from ``static``) drawn as a map with its legend,
    or None when the task is not a grid. Deterministic: the same facts give the same text."""
    static = tuple(static)
    grid = grid or find_grid(objects, static)
    if grid is None:
        return None
    cells = grid.cells
    types = dict(_name_and_type(o) for o in objects)
    per_type = Counter(types.values())
    state = sorted(set(state))
    goal = sorted(set(goal))
    holds = set(state)

    # What each cell shows: objects in facts with it, and its one-argument facts.
    unary = Counter(f[0] for f in state if len(f) == 2 and f[1] in cells)
    open_cells = len(grid.linked) or len(cells)
    background = {p for p, n in unary.items() if 2 * n > open_cells}
    shown: dict[str, list[tuple[int, tuple[str, str]]]] = {}
    for fact in state:
        named = [a for a in fact[1:] if a in cells]
        if len(named) != 1:
            continue
        cell = named[0]
        others = [a for a in fact[1:] if a not in cells]
        if not others:
            if fact[0] in background:
                continue
            kind = (1, ("fact", fact[0]))
        else:
            obj = others[0]
            typ = types.get(obj, "")
            kind = (0, ("object", obj)) if per_type[typ] <= OWN_SYMBOLS or not typ else (0, ("type", typ))
        shown.setdefault(cell, []).append(kind)
    goal_cells: dict[str, bool] = {}
    for fact in goal:
        for a in fact[1:]:
            if a in cells:
                goal_cells[a] = goal_cells.get(a, True) and fact in holds

    kinds = sorted({k for ks in shown.values() for k in ks})
    symbol = _symbols([k[1] for k in kinds])
    r0, r1, c0, c1 = grid.bounds
    at = {pos: name for name, pos in cells.items()}
    width = len(str(r1))
    lines = []
    for r in range(r0, r1 + 1):
        row = []
        for c in range(c0, c1 + 1):
            name = at.get((r, c))
            if name is None or (grid.linked and name not in grid.linked and name not in shown):
                row.append("#")
                continue
            met = goal_cells.get(name)
            if met:
                row.append("*")
            elif name in shown:
                ch = symbol[min(shown[name])[1]]
                row.append(ch.upper() if met is False else ch)
            else:
                row.append("+" if met is False else ".")
        lines.append(f"{r:>{width}} " + "".join(row).rstrip())
    tens = "".join(str(c // 10 % 10) if c % 10 == 0 and c else " " for c in range(c0, c1 + 1)).rstrip()
    header = [" " * (width + 1) + line for line in (tens, "".join(str(c % 10) for c in range(c0, c1 + 1))) if line]
    legend = [
        f"Rows are the first number of a cell's name, columns the second ({grid.prefix}<row>_<column>-like names).",
        "# no cell, or a cell no static fact links to another; . an open cell; * a goal fact on the cell holds;"
        " + a goal fact on the cell does not hold yet (upper case: something else stands there).",
    ]
    for k in kinds:
        what, name = k[1]
        label = {"object": f"the object {name}", "type": f"an object of type {name}", "fact": f"the fact ({name} cell)"}
        legend.append(f"{symbol[k[1]]} {label[what]}")
    if background:
        legend.append("Not drawn: " + ", ".join(f"({p} cell), on most open cells" for p in sorted(background)) + ".")
    return "\n".join(legend + header + lines)
