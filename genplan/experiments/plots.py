"""The report's plots, drawn with matplotlib into PNG files.

matplotlib is imported inside the functions (it takes a noticeable time to import, and ``genplan
--help`` must stay instant), with the non-interactive Agg backend selected first, so plots work on
machines without a display. Figures are built with the object-oriented API and never registered
with pyplot, so nothing leaks between calls. Inputs are plain values, not report objects, so each
plot can be drawn from any source. (The scaling curves are :func:`genplan.experiments.scale.plot_scaling`, shared
with ``genplan scale``.)
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from pathlib import Path
from typing import Any

#: Markers cycled together with colours, so that domains stay distinguishable in print and for readers
#: who do not tell all colours apart.
_MARKERS = ("o", "s", "^", "D", "v", "P", "X", "<", ">", "h", "*", "p", "d", "8", "H")


def _figure(width: float, height: float) -> Any:
    """A figure not attached to pyplot, drawn by the Agg canvas."""
    import matplotlib

    matplotlib.use("Agg")
    from matplotlib.figure import Figure

    return Figure(figsize=(width, height), dpi=110, layout="constrained")


def _save(fig: Any, path: Path) -> Path:
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    # No software/date metadata: the same data gives the same file.
    fig.savefig(path, format="png", metadata={"Software": None})
    return path


def _colours(n: int) -> list[Any]:
    from matplotlib import colormaps

    cmap = colormaps["tab20" if n > 10 else "tab10"]
    if n > 10:  # tab20 pairs a dark and a light shade; take the dark ones first, then the light ones
        order = list(range(0, 20, 2)) + list(range(1, 20, 2))
        return [cmap(order[i % 20]) for i in range(n)]
    return [cmap(i) for i in range(n)]


def _ink(cmap: Any, value: float) -> str:
    """White text on dark cells, black on light ones (by the cell colour's luminance)."""
    if math.isnan(value):
        return "#555"
    r, g, b, _ = cmap(value / 100)
    return "white" if 0.2126 * r + 0.7152 * g + 0.0722 * b < 0.45 else "#222"


# ----------------------------------------------------------------------------------------- coverage
def coverage_heatmap(
    domains: Sequence[str],
    columns: Sequence[str],
    values: Sequence[Sequence[float | None]],
    path: Path,
    *,
    n_configs: int | None = None,
    averages: Sequence[float | None] | None = None,
    labels: Sequence[Sequence[str]] | None = None,
) -> Path:
    """Domains (rows) x configurations and baselines (columns), coverage 0..1 printed in percent.

    The first ``n_configs`` columns are configurations (mean over seeds), the rest symbolic baselines,
    set apart by a line. ``averages`` adds an "average" row under another line. Empty cells are grey.
    ``labels`` (one text per cell, the average row included) prints the cells as a table beside the plot
    prints them, so that the two never round one value differently; by default, one decimal.
    """
    import numpy as np

    n_configs = len(columns) if n_configs is None else n_configs
    rows = list(domains) + (["average"] if averages is not None else [])
    grid = [list(r) for r in values] + ([list(averages)] if averages is not None else [])
    data = np.array([[math.nan if v is None else 100 * v for v in r] for r in grid], dtype=float).reshape(
        len(rows), len(columns)
    )
    width = 2.6 + 0.95 * max(len(columns), 2)
    height = 1.6 + 0.34 * max(len(rows), 2)
    fig = _figure(width, height)
    ax = fig.add_subplot()
    from matplotlib import colormaps

    cmap = colormaps["RdYlGn"].with_extremes(bad="#e5e5e5")
    image = ax.imshow(np.ma.masked_invalid(data), cmap=cmap, vmin=0, vmax=100, aspect="auto")
    for i in range(len(rows)):
        for j in range(len(columns)):
            v = data[i, j]
            text = labels[i][j] if labels is not None else ("–" if math.isnan(v) else f"{v:.1f}")
            weight = "bold" if averages is not None and i == len(rows) - 1 else "normal"
            ax.text(j, i, text, ha="center", va="center", fontsize=8.5, color=_ink(cmap, v), fontweight=weight)
    ax.set_xticks(range(len(columns)), labels=list(columns), rotation=35, ha="right", rotation_mode="anchor")
    ax.set_yticks(range(len(rows)), labels=rows)
    ax.tick_params(length=0)
    for spine in ax.spines.values():
        spine.set_visible(False)
    ax.set_xticks([x - 0.5 for x in range(1, len(columns))], minor=True)
    ax.set_yticks([y - 0.5 for y in range(1, len(rows))], minor=True)
    ax.grid(which="minor", color="white", linewidth=1)
    ax.tick_params(which="minor", length=0)
    if 0 < n_configs < len(columns):
        ax.axvline(n_configs - 0.5, color="#333", linewidth=2)
    if averages is not None:
        ax.axhline(len(rows) - 1.5, color="#333", linewidth=2)
    grouped = 0 < n_configs < len(columns)
    if grouped:
        for x, text in (((n_configs - 1) / 2, "programs (mean)"), ((n_configs + len(columns) - 1) / 2, "symbolic")):
            ax.annotate(
                text, xy=(x, 1.0), xycoords=("data", "axes fraction"), xytext=(0, 3), textcoords="offset points",
                ha="center", va="bottom", fontsize=8.5, color="#444",
            )  # fmt: skip
    ax.set_title("Held-out coverage (%)", fontsize=11, pad=18 if grouped else 6)
    bar = fig.colorbar(image, ax=ax, shrink=0.6, pad=0.02)
    bar.set_label("coverage (%)")
    return _save(fig, path)


# ------------------------------------------------------------------------------------------ runtime
def runtime_scatter(
    points: Sequence[tuple[str, str, float, float]],
    path: Path,
    *,
    domains: Sequence[str] | None = None,
    configs: Sequence[str] | None = None,
    ff_label: str = "ff",
    floor: float = 1e-3,
) -> Path:
    """Per commonly solved task, the program's runtime (x) against ff's (y), log-log, one panel per
    configuration, colour and marker per domain, and the diagonal: points above it are tasks where the
    program is faster. ``points`` are ``(domain, configuration, program seconds, ff seconds)``; times
    below ``floor`` are drawn at ``floor`` (a log axis has no 0)."""
    domains = list(domains) if domains is not None else sorted({p[0] for p in points})
    configs = list(configs) if configs is not None else sorted({p[1] for p in points})
    n = max(len(configs), 1)
    ncols = min(n, 3)
    nrows = math.ceil(n / ncols)
    fig = _figure(1.2 + 3.6 * ncols + 1.6, 0.6 + 3.5 * nrows)
    axes = fig.subplots(nrows, ncols, squeeze=False)
    xs = [max(p[2], floor) for p in points] + [max(p[3], floor) for p in points]
    # Whole decades with room around the extreme points, so no marker is cut by the frame.
    lo = 10 ** math.floor(math.log10(min(xs) / 1.5)) if xs else floor
    hi = 10 ** math.ceil(math.log10(max(xs) * 1.5)) if xs else 1.0
    if hi <= lo:
        hi = lo * 10
    colours = dict(zip(domains, _colours(len(domains)), strict=True))
    markers = {d: _MARKERS[i % len(_MARKERS)] for i, d in enumerate(domains)}
    handles: dict[str, Any] = {}
    for k, config in enumerate(configs):
        ax = axes[k // ncols][k % ncols]
        mine = [p for p in points if p[1] == config]
        for d in domains:
            pts = [p for p in mine if p[0] == d]
            if not pts:
                continue
            h = ax.scatter(
                [max(p[2], floor) for p in pts],
                [max(p[3], floor) for p in pts],
                s=22,
                alpha=0.8,
                color=colours[d],
                marker=markers[d],
                edgecolors="none",
                label=d,
            )
            handles.setdefault(d, h)
        ax.plot([lo, hi], [lo, hi], color="red", linewidth=1, linestyle="--", label="equal runtime")
        ax.set_xscale("log")
        ax.set_yscale("log")
        ax.set_xlim(lo, hi)
        ax.set_ylim(lo, hi)
        ax.set_aspect("equal")
        ax.grid(True, which="major", color="#ddd", linewidth=0.6)
        faster = sum(p[2] < p[3] for p in mine)
        share = f", program faster on {100 * faster / len(mine):.0f}%" if mine else ""
        if not mine:
            ax.text(0.5, 0.5, "no commonly solved task", transform=ax.transAxes, ha="center", color="#777")
        ax.set_title(f"{config}\n{len(mine)} tasks{share}", fontsize=9.5)
        ax.set_xlabel("program runtime (s)")
        ax.set_ylabel(f"{ff_label} runtime (s)")
        ax.text(0.04, 0.96, "program faster", transform=ax.transAxes, ha="left", va="top", fontsize=8, color="#555")
        ax.text(0.96, 0.04, "ff faster", transform=ax.transAxes, ha="right", va="bottom", fontsize=8, color="#555")
    for k in range(len(configs), nrows * ncols):
        axes[k // ncols][k % ncols].set_visible(False)
    if handles:
        handles = {d: handles[d] for d in domains if d in handles}
        from matplotlib.lines import Line2D

        handles["equal runtime"] = Line2D([], [], color="red", linestyle="--", linewidth=1)
        fig.legend(
            list(handles.values()),
            list(handles),
            loc="outside right center",
            fontsize=8.5,
            title="domain",
            frameon=False,
            markerscale=1.3,
        )
    fig.suptitle("Program vs ff runtime on commonly solved tasks", fontsize=11)
    return _save(fig, path)
