"""Does a generalized plan generalize? Run a program on generated tasks of growing size, beside Fast Downward.

The paper checked by hand that its programs solve much larger tasks than the benchmark holds, and that
a planner gives up long before. This module automates that check: for each requested size, the
domain's generator (:mod:`genplan.generators`, ``params_for_size``) makes a few tasks of about that many
objects; the program runs on them in the sandbox and its plans are validated; Fast Downward runs on the
same tasks. Once the planner has failed on every task of a size it is not run on larger ones (it would
only spend its time limit on each of them again); the table shows those sizes as skipped.

Output (contract shared with :mod:`genplan.experiments.report`: :mod:`~genplan.experiments.report.views`
shows ``scale.json`` as a table, :mod:`~genplan.experiments.report.figures` draws it): ``scale.json`` (format
``genplan-scale/1``), ``scale.md`` (a table) and ``scale.png`` (:func:`plot_scaling`).
"""

from __future__ import annotations

import hashlib
import json
import statistics
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from genplan.core.errors import GenplanError
from genplan.core.options import positive_numbers

if TYPE_CHECKING:
    from genplan.execute.backend import Backend

FORMAT = "genplan-scale/1"
#: ``--planner`` values: a Fast Downward configuration, or ``none``.
PLANNER_CHOICES = ("ff", "lmcut", "lama-first", "none")


@dataclass(frozen=True)
class ScaleSettings:
    """Everything a scaling check depends on (all of it is recorded in ``scale.json``)."""

    program: Path
    domain: str
    sizes: tuple[int, ...]
    tasks_per_size: int = 3
    seed: int = 1
    #: A Fast Downward configuration, or ``None`` for no planner.
    planner: str | None = "ff"
    planner_time_limit: float = 45.0
    planner_memory_mb: int = 8192
    #: Seconds per program run.
    program_timeout: float = 60.0
    #: Memory limit per program run, in MiB.
    program_memory_mb: int = 4096
    #: Input orderings per task (every one must give a valid plan, as in the held-out evaluation).
    orderings: int = 1
    #: Parallel program runs (1 keeps runtimes comparable with the planner's).
    jobs: int = 1


def parse_sizes(text: str | Sequence[int]) -> tuple[int, ...]:
    """``"10,100,1000"`` -> ``(10, 100, 1000)``: positive whole numbers, sorted, no repeats."""
    return positive_numbers(text, int, "size", "a positive whole number", "--sizes 10,100,1000")


def check_settings(settings: ScaleSettings) -> None:
    """Every user error found before any task is generated."""
    from genplan.generators import generator_module

    if not settings.program.is_file():
        raise GenplanError(f"The program {settings.program} does not exist.", hint="Check the path.")
    generator_module(settings.domain)  # an unknown domain names the closest one
    if settings.planner is not None:
        from genplan.planners import planner_config

        planner_config(settings.planner)
        if not settings.planner_time_limit > 0:
            raise GenplanError(
                f"The planner time limit must be positive, not {settings.planner_time_limit}.", hint="Pass e.g. 45."
            )
    if settings.tasks_per_size < 1:
        raise GenplanError(f"--tasks-per-size must be at least 1, not {settings.tasks_per_size}.", hint="Pass e.g. 3.")
    if settings.orderings < 1:
        raise GenplanError(f"--orderings must be at least 1, not {settings.orderings}.", hint="Pass e.g. 1 or 4.")
    if not settings.sizes:
        raise GenplanError("No size given.", hint="Pass e.g. --sizes 10,100,1000.")


def planner_option(name: str) -> str | None:
    """``--planner`` as a configuration name, ``None`` for ``none``; anything else is a clear error."""
    if name == "none":
        return None
    if name not in PLANNER_CHOICES:
        raise GenplanError(f"Unknown planner {name!r}.", hint=f"Choose one of: {', '.join(PLANNER_CHOICES)}.")
    return name


def task_seed(seed: int, size: int, index: int) -> int:
    """The generator seed of the ``index``-th task of ``size``: stable, and different for every task."""
    digest = hashlib.sha256(f"genplan-scale|{seed}|{size}|{index}".encode()).hexdigest()
    return int(digest[:12], 16)


def task_id(domain: str, size: int, index: int) -> str:
    return f"{domain}-s{size}-{index}"


# ---------------------------------------------------------------------------------------------- run
#: Progress events ``(event, info)``: ``"size"`` (starting one), ``"generated"``, ``"program"`` and ``"planner"``
#: (one task done), ``"size_done"`` (info: the size's entry of ``scale.json``).
Progress = Callable[[str, dict[str, Any]], object]


def run_scale(
    settings: ScaleSettings,
    *,
    cache_dir: str | Path | None = None,
    progress: Progress | None = None,
    cluster: Backend | None = None,
) -> dict:
    """Run the scaling check; returns the ``scale.json`` dictionary (nothing is written here).

    Sizes run from small to large, so the planner can be skipped once it failed on a whole size.
    Planner results are cached (:func:`genplan.planners.plan`); program runs are not, since their
    runtimes are the measurement. With a Dask ``cluster``, a size's program runs and planner runs happen
    on its workers (each worker thread runs one at a time, as ``jobs=1`` does here).
    """
    from genplan.execute.evaluate import evaluate
    from genplan.execute.pool import Executor
    from genplan.generators import generator_module

    check_settings(settings)
    notify = progress or (lambda _e, _i: None)
    from genplan.generators.domains import builtin_domain
    from genplan.programs.source import load_program
    from genplan.search.compose import runnable

    source = runnable(load_program(settings.program), builtin_domain(settings.domain))
    module = generator_module(settings.domain)
    sizes_out: list[dict[str, Any]] = []
    planner_gave_up_at: int | None = None
    executor = Executor(jobs=settings.jobs) if cluster is None else None
    try:
        for size in settings.sizes:
            notify("size", {"size": size})
            params = module.params_for_size(size)
            tasks = []
            for index in range(1, settings.tasks_per_size + 1):
                name = task_id(settings.domain, size, index)
                tasks.append((name, module.generate(params, task_seed(settings.seed, size, index), name)))
            notify("generated", {"size": size, "objects": [t.size for _, t in tasks]})
            evaluation = evaluate(
                source, tasks, orderings=settings.orderings, seed=settings.seed, timeout=settings.program_timeout,
                memory_mb=settings.program_memory_mb, mode="heldout", executor=executor, cluster=cluster,
                on_result=lambda r: notify("program", {"task": r.task_id, "solved": r.solved, "status": r.status}),
            )  # fmt: skip
            skip = settings.planner is None or planner_gave_up_at is not None
            planner_results: dict[str, Any] = {}
            if not skip:
                planner_results = _run_planner(settings, tasks, cache_dir, notify, cluster)
                if not any(r.solved for r in planner_results.values()):
                    planner_gave_up_at = size
            sizes_out.append(_size_entry(size, tasks, evaluation, planner_results, skip, planner_gave_up_at))
            notify("size_done", sizes_out[-1])
            del tasks
    finally:
        if executor is not None:
            executor.close()
    from genplan.execute.provenance import provenance

    limits = {"timeout_s": float(settings.program_timeout), "memory_mb": int(settings.program_memory_mb),
              "orderings": settings.orderings, "seed": settings.seed, "planner": settings.planner,
              "planner_time_limit_s": float(settings.planner_time_limit),
              "planner_memory_mb": int(settings.planner_memory_mb)}  # fmt: skip
    return {
        "format": FORMAT,
        "provenance": provenance(settings.program, source, limits),
        "domain": settings.domain,
        "program": str(settings.program.resolve()),
        "program_sha256": hashlib.sha256(source.encode("utf-8", "surrogatepass")).hexdigest(),
        "seed": settings.seed,
        "tasks_per_size": settings.tasks_per_size,
        "orderings": settings.orderings,
        "planner": settings.planner,
        "planner_time_limit": float(settings.planner_time_limit),
        "planner_memory_mb": int(settings.planner_memory_mb),
        "program_timeout": float(settings.program_timeout),
        "program_memory_mb": int(settings.program_memory_mb),
        "planner_gave_up_at": planner_gave_up_at,
        "sizes": sizes_out,
    }


def _run_planner(
    settings: ScaleSettings, tasks: list, cache_dir: str | Path | None, notify: Progress, cluster: Backend | None
) -> dict:
    from genplan.execute.backend import LocalBackend
    from genplan.execute.planning import plan_tasks

    assert settings.planner is not None
    out = {}

    def done(name: str, result: Any) -> None:
        out[name] = result
        notify("planner", {"task": name, "status": result.status, "time_s": result.time_s})

    plan_tasks(
        [task for _, task in tasks], settings.planner, time_limit=settings.planner_time_limit,
        memory_limit_mb=settings.planner_memory_mb, cache_dir=cache_dir, backend=cluster or LocalBackend(jobs=1),
        on_result=lambda index, result: done(tasks[index][0], result),
    )  # fmt: skip
    return {name: out[name] for name, _ in tasks}


def _sig(value: float) -> float:
    """Six significant digits: short JSON, and small runtimes keep their precision."""
    return float(f"{value:.6g}")


def _mean(values: Sequence[float]) -> float | None:
    return _sig(statistics.fmean(values)) if values else None


def _size_entry(
    size: int, tasks: list, evaluation: Any, planner_results: dict, skipped: bool, gave_up_at: int | None
) -> dict[str, Any]:
    by_id = {r.task_id: r for r in evaluation.results}
    task_entries = []
    for name, task in tasks:
        r = by_id[name]
        p = planner_results.get(name)
        task_entries.append(
            {
                "task_id": name,
                "objects": task.size,
                "program": {
                    "solved": r.solved,
                    "category": "solved" if r.solved else (r.category or r.status),
                    "status": r.status,
                    "runtime_s": _sig(r.runtime),
                    "wall_s": _sig(r.wall),
                    "plan_length": r.plan_length,
                },
                "planner": None
                if p is None
                else {"status": p.status, "time_s": round(p.time_s, 3), "plan_length": p.plan_length},
            }
        )
    solved = [e["program"] for e in task_entries if e["program"]["solved"]]
    planner_solved = [e["planner"] for e in task_entries if e["planner"] and e["planner"]["status"] == "solved"]
    planner: dict[str, Any] = {
        "solved": len(planner_solved),
        "total": 0 if skipped else len(task_entries),
        "time_s_mean": _mean([e["time_s"] for e in planner_solved]),
        "plan_length_mean": _mean([e["plan_length"] for e in planner_solved]),
        "skipped": skipped,
    }
    if skipped and gave_up_at is not None:
        planner["gave_up_at"] = gave_up_at
    return {
        "size": size,
        "objects_mean": round(statistics.fmean(t.size for _, t in tasks), 3),
        "program": {
            "solved": len(solved),
            "total": len(task_entries),
            "runtime_s_mean": _mean([e["runtime_s"] for e in solved]),
            "wall_s_mean": _mean([e.get("wall_s", 0.0) for e in solved]),
            "plan_length_mean": _mean([e["plan_length"] for e in solved]),
        },
        "planner": planner,
        "tasks": task_entries,
    }


# ------------------------------------------------------------------------------------------- output
def _num(value: float | None) -> str:
    """Three significant digits, whole numbers without decimals, ``-`` for nothing."""
    if value is None:
        return "-"
    if value == int(value) or value >= 100:
        return f"{value:.0f}"
    return f"{value:#.3g}"


def table_rows(result: dict) -> list[list[str]]:
    """The table's rows (one per size), shared by the Markdown file and the terminal table."""
    rows = []
    for s in result["sizes"]:
        prog, plan = s["program"], s["planner"]
        if plan.get("skipped"):
            planner_cells = ["not run" if result.get("planner") is None else "skipped", "-", "-"]
        else:
            planner_cells = [
                f"{plan['solved']}/{plan['total']}",
                _num(plan["time_s_mean"]),
                _num(plan["plan_length_mean"]),
            ]
        rows.append(
            [
                str(s["size"]),
                _num(s["objects_mean"]),
                f"{prog['solved']}/{prog['total']}",
                _num(prog["runtime_s_mean"]),
                _num(prog.get("wall_s_mean")),
                _num(prog["plan_length_mean"]),
                *planner_cells,
            ]
        )
    return rows


def table_header(result: dict) -> list[str]:
    planner = result.get("planner") or "planner"
    return [
        "size", "objects", "program solved", "program CPU s", "program wall s", "program length",
        f"{planner} solved", f"{planner} time (s)", f"{planner} length",
    ]  # fmt: skip


def to_markdown(result: dict) -> str:
    """``scale.md``: what was run, then the table (times and lengths are means over solved tasks)."""
    planner = result.get("planner")
    lines = [
        f"# Scaling: {Path(result['program']).name} on {result['domain']}",
        "",
        f"- program: `{result['program']}` (sha256 {result['program_sha256'][:12]})",
        f"- {result['tasks_per_size']} generated task(s) per size, seed {result['seed']}, "
        f"{result.get('orderings', 1)} ordering(s) per task, program time limit {result['program_timeout']:g} s",
        f"- planner: {planner} with {result['planner_time_limit']:g} s per task" if planner else "- planner: none",
        "- times and plan lengths are means over the solved tasks",
        *_versions_line(result),
        "",
    ]
    header = table_header(result)
    lines.append("| " + " | ".join(header) + " |")
    lines.append("|" + "|".join("---:" for _ in header) + "|")
    lines.extend("| " + " | ".join(row) + " |" for row in table_rows(result))
    if result.get("planner_gave_up_at") is not None:
        lines += ["", f"The planner solved no task of size {result['planner_gave_up_at']}, so larger sizes skip it."]
    elif planner is None:
        lines += ["", "No planner was run (--planner none)."]
    return "\n".join(lines) + "\n"


def _versions_line(result: dict) -> list[str]:
    """The versions the result was made with (none for a ``scale.json`` older than the record)."""
    v = (result.get("provenance") or {}).get("versions")
    if not v:
        return []
    commit = f" (commit {v['commit'][:12]})" if v.get("commit") else ""
    return [f"- made with genplan {v['genplan']}{commit} and {v['fast_downward']}"]


def rich_table(result: dict) -> Any:
    """The table for a terminal: two-line headers, cells never cut. Too wide for the terminal, it splits
    into the program's columns and the planner's, each beside the size and the objects."""
    from rich.table import Table

    from genplan.core.terminal import FitColumns

    table = Table(title=f"Scaling of {Path(result['program']).name} on {result['domain']}", title_justify="left")
    for i, col in enumerate(table_header(result)):
        table.add_column(col.replace(" ", "\n", 1), justify="left" if i == 0 else "right", no_wrap=True)
    for row in table_rows(result):
        table.add_row(*row)
    if result.get("planner_gave_up_at") is not None:
        table.caption = f"{result['planner']} solved no task of size {result['planner_gave_up_at']}: skipped above it"
    return FitColumns(table, keep=2, groups=[4, 3])


def write_outputs(result: dict, out: Path) -> dict[str, Path]:
    """Write ``scale.json``, ``scale.md`` and ``scale.png`` into ``out`` (created if needed)."""
    from genplan.core.files import atomic_write

    out.mkdir(parents=True, exist_ok=True)
    paths = {"json": out / "scale.json", "md": out / "scale.md", "png": out / "scale.png"}
    atomic_write(paths["json"], json.dumps(result, indent=1) + "\n")
    atomic_write(paths["md"], to_markdown(result))
    plot_scaling([result], paths["png"])
    return paths


def load_scale(path: str | Path) -> dict:
    """A ``scale.json`` (or the folder holding one), checked to be one."""
    p = Path(path)
    if p.is_dir():
        p = p / "scale.json"
    try:
        data = json.loads(p.read_text())
    except FileNotFoundError:
        raise GenplanError(
            f"There is no scaling result at {p}.", hint="Run `genplan scale ... --out DIR` first."
        ) from None
    except json.JSONDecodeError as exc:
        raise GenplanError(f"{p} is not valid JSON ({exc.msg}, line {exc.lineno}).") from None
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise GenplanError(f"{p} is not a scaling result (format {FORMAT}).")
    return data


# --------------------------------------------------------------------------------------------- plot
def plot_scaling(results: list[dict], path: Path) -> Path:
    """Runtime against task size (log-log) and coverage against size, program and planner, per result.

    One colour per (domain, program); the program is a solid line with dots, the planner a dashed line
    with squares. A runtime point is the mean over the solved tasks of that size, so a size nobody
    solved has no point; the coverage panel shows where each one stops.
    """
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    fig, (ax_time, ax_cov) = plt.subplots(1, 2, figsize=(11, 4.4), gridspec_kw={"width_ratios": [1.35, 1]})
    colours = plt.get_cmap("tab10")
    floor = 1e-4  # a mean runtime of 0 s cannot sit on a log axis
    for i, result in enumerate(results):
        colour = colours(i % 10)
        program = Path(result["program"])
        # A run's program is always program.py: name it by its run folder instead.
        name = f"{result['domain']}: {program.parent.name if program.stem == 'program' else program.stem}"
        sizes = result["sizes"]
        xs = [s["size"] for s in sizes]
        prog_pts = [
            (s["size"], max(floor, s["program"]["runtime_s_mean"]))
            for s in sizes
            if s["program"]["runtime_s_mean"] is not None
        ]
        if prog_pts:
            ax_time.plot(*zip(*prog_pts, strict=True), "-o", color=colour, label=f"{name} (program)")
        ax_cov.plot(
            xs,
            [100 * s["program"]["solved"] / max(1, s["program"]["total"]) for s in sizes],
            "-o",
            color=colour,
            label=f"{name} (program)",
        )
        planner = result.get("planner")
        if planner:
            run = [s for s in sizes if not s["planner"].get("skipped")]
            plan_pts = [
                (s["size"], max(floor, s["planner"]["time_s_mean"]))
                for s in run
                if s["planner"]["time_s_mean"] is not None
            ]
            if plan_pts:
                ax_time.plot(
                    *zip(*plan_pts, strict=True),
                    "--s",
                    color=colour,
                    alpha=0.8,
                    label=f"{result['domain']}: {planner} (planner)",
                )
            failed = [s["size"] for s in run if s["planner"]["solved"] == 0 and s["planner"]["total"]]
            if failed:  # where the planner solved nothing: a cross on its time limit
                limit = float(result["planner_time_limit"])
                ax_time.plot(failed, [limit] * len(failed), "x", color=colour, markersize=9, mew=2,
                             label=f"{result['domain']}: {planner} solved none (at its limit)")  # fmt: skip
            if run:
                ax_cov.plot(
                    [s["size"] for s in run],
                    [100 * s["planner"]["solved"] / max(1, s["planner"]["total"]) for s in run],
                    "--s",
                    color=colour,
                    alpha=0.8,
                    label=f"{result['domain']}: {planner} (planner)",
                )
    limits = sorted({float(r["planner_time_limit"]) for r in results if r.get("planner")})
    for limit in limits:
        ax_time.axhline(limit, color="grey", linestyle=":", linewidth=1)
        ax_time.annotate(
            f"planner limit {limit:g} s",
            (0.01, limit),
            xycoords=("axes fraction", "data"),
            va="bottom",
            fontsize=8,
            color="grey",
        )
    ax_time.set_xscale("log")
    ax_time.set_yscale("log")
    ax_time.set_xlabel("task size (objects requested)")
    ax_time.set_ylabel("mean time on solved tasks (s)")
    ax_time.set_title("Runtime")
    ax_time.grid(True, which="major", alpha=0.3)
    ax_cov.set_xscale("log")
    ax_cov.set_ylim(-5, 105)
    ax_cov.set_xlabel("task size (objects requested)")
    ax_cov.set_ylabel("tasks solved (%)")
    ax_cov.set_title("Coverage")
    ax_cov.grid(True, which="major", alpha=0.3)
    handles, labels = ax_time.get_legend_handles_labels()
    cov_handles, cov_labels = ax_cov.get_legend_handles_labels()
    for h, label in zip(cov_handles, cov_labels, strict=True):
        if label not in labels:
            handles.append(h)
            labels.append(label)
    if handles:
        fig.legend(handles, labels, loc="lower center", ncol=min(4, len(labels)), fontsize=8, frameon=False)
    fig.tight_layout(rect=(0, 0.06 + 0.04 * ((len(labels) - 1) // 4) if handles else 0, 1, 1))
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    fig.savefig(path, dpi=120)
    plt.close(fig)
    return path
