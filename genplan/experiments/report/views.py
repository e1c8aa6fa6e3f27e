"""Views: the computed :class:`~genplan.experiments.report.tables.Report` as format-neutral :class:`Table` values
(raw values, column kinds, notes) and the outline of the document (sections in reading order, the summary
lines, the plots). The renderers (:mod:`~genplan.experiments.report.markdown`, :mod:`~genplan.experiments.report.html`,
:mod:`~genplan.experiments.report.files` for CSV) only format what these give them, so the three formats cannot
disagree about what a table holds.
"""

from __future__ import annotations

import os
import re
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

from genplan.experiments.report.paper import PAPER_TABLE1_AVERAGE, REPORT_MODEL, TABLE1_PRESETS
from genplan.experiments.report.tables import ALL, OTHER, Report, error_categories, shared_domains, suite_option


@dataclass(frozen=True)
class Column:
    """A column of a rendered table; ``kind`` decides how its values are printed."""

    name: str
    #: ``text``, ``int``, ``pct`` (a share printed as a percentage), ``ratio``, ``real``, ``seconds`` or ``cost``.
    kind: str = "text"
    #: Only in the CSV file (detail that would crowd the printed table).
    csv_only: bool = False


@dataclass(frozen=True)
class Flagged:
    """A value printed with a mark pointing to a note (the CSV file gets the bare value)."""

    value: Any
    mark: str


@dataclass(frozen=True)
class Table:
    """A table in a format-neutral shape: raw values, formatted only when rendered."""

    key: str
    title: str
    columns: tuple[Column, ...]
    rows: tuple[tuple[Any, ...], ...]
    notes: tuple[str, ...] = ()
    #: Rows (by index) that are totals, rendered in bold.
    total_rows: tuple[int, ...] = ()
    #: Shown instead of the table in Markdown and HTML when it has no rows: why it is empty and which
    #: command fills it (a CSV file keeps its header, for tools that read it).
    empty: str = ""


@dataclass(frozen=True)
class Link:
    """A value that points at a file (a run's program): Markdown and HTML link it, relative to the report's
    folder; a CSV file gets the path."""

    text: str
    target: Path

    def href(self, base: Path | None) -> str:
        """The target relative to ``base`` (the report's folder) when given, so that a report moved with
        the files it links keeps its links; else the absolute path."""
        target = self.target.resolve()
        if base is None:
            return target.as_posix()
        return Path(os.path.relpath(target, base.resolve())).as_posix()


def fmt(value: Any, kind: str) -> str:
    """A value as printed in Markdown and HTML (``-`` for nothing)."""
    if isinstance(value, Link):
        return value.text
    if isinstance(value, Flagged):
        return fmt(value.value, kind) + value.mark
    if value is None:
        return "unknown" if kind == "cost" else "-"
    if kind == "pct":
        return f"{100 * value:.1f}"
    if kind == "ratio":  # small ratios keep two significant digits (0.0062, not 0.01)
        return f"{value:.2f}" if value == 0 or abs(value) >= 0.1 else f"{value:.2g}"
    if kind in {"seconds", "real"}:
        return f"{value:.1f}"
    if kind == "cost":
        return f"${value:.4f}"
    if kind == "int":
        return f"{value:,}".replace(",", " ") if isinstance(value, int) else str(value)
    return str(value)


INCOMPLETE_MARK = "*"
FEWER_DOMAINS_MARK = "†"
OTHER_TASKS_MARK = "‡"


def coverage_view(report: Report) -> Table:
    cov = report.coverage
    columns = [Column("domain")]
    columns += [Column(f"{c} mean", "pct") for c in cov.configs]
    columns += [Column(f"{c} best", "pct") for c in cov.configs]
    columns += [Column(f"{c} solved") for c in cov.configs]
    columns += [Column(b, "pct") for b in cov.baselines]
    for c in cov.configs:
        columns += [
            Column(f"{c} best seed", "int", True),
            Column(f"{c} seeds", "text", True),
            Column(f"{c} incomplete", "int", True),
        ]
    rows = []
    flagged = False
    for d in cov.domains:
        cells = [cov.cell(d, c) for c in cov.configs]
        mean = []
        for c in cells:
            if c is not None and c.incomplete and c.mean is not None:
                mean.append(Flagged(c.mean, INCOMPLETE_MARK))
                flagged = True
            else:
                mean.append(c.mean if c else None)
        best = [c.best if c else None for c in cells]
        solved = [f"{c.solved}/{c.total}" if c and c.total else None for c in cells]
        base = []
        for b in cov.baselines:
            bc = cov.baseline_cells.get((d, b))
            base.append(
                None if bc is None else (bc.coverage if bc.same_tasks else Flagged(bc.coverage, OTHER_TASKS_MARK))
            )
        extra = []
        for c in cells:
            extra += [
                c.best_seed if c else None,
                " ".join(str(s) for s in c.seeds) if c else "",
                c.incomplete if c else 0,
            ]
        rows.append((d, *mean, *best, *solved, *base, *extra))
    avg_mean, avg_best, n_dom = [], [], len(cov.domains)
    partial = False
    for c in cov.configs:
        m, b, n = cov.average(c)
        mark = FEWER_DOMAINS_MARK if 0 < n < n_dom else ""
        partial |= bool(mark)
        avg_mean.append(Flagged(m, mark) if mark else m)
        avg_best.append(Flagged(b, mark) if mark else b)
    avg_base = []
    for b in cov.baselines:
        v, n = cov.baseline_average(b)
        mark = FEWER_DOMAINS_MARK if 0 < n < n_dom else ""
        partial |= bool(mark)
        avg_base.append(Flagged(v, mark) if mark else v)
    totals = [(sum(c.solved for d in cov.domains if (c := cov.cell(d, k))),
               sum(c.total for d in cov.domains if (c := cov.cell(d, k)))) for k in cov.configs]  # fmt: skip
    all_solved = [f"{s}/{t}" if t else None for s, t in totals]
    rows.append(("average", *avg_mean, *avg_best, *all_solved, *avg_base, *([None, "", None] * len(cov.configs))))
    notes = [
        "Percentage of held-out tasks solved in every input ordering: the mean over seeds and the best seed "
        "per configuration"
        + (", symbolic planners (planner, time limit) on the same tasks." if cov.baselines else ".")
        + " Solved: held-out tasks solved of those evaluated, summed over the seeds (in the average row, over "
        "the domains too)."
    ]
    if flagged:
        notes.append(
            f"{INCOMPLETE_MARK} some runs of this cell have no held-out evaluation and are not in the mean "
            "(see Incomplete runs)."
        )
    if partial:
        notes.append(
            f"{FEWER_DOMAINS_MARK} averaged over fewer domains than the table has (domains without runs "
            "or results are left out)."
        )
    if any(not c.same_tasks for c in cov.baseline_cells.values()):
        notes.append(
            f"{OTHER_TASKS_MARK} the baseline's tasks differ from the runs' held-out tasks; counted on its own."
        )
    return Table(
        "coverage", "Coverage per domain (%)", tuple(columns), tuple(rows), tuple(notes), total_rows=(len(rows) - 1,)
    )


def speed_table(report: Report) -> Table:
    columns = (
        Column("domain"),
        Column("configuration"),
        Column("seed", "int"),
        Column("ff"),
        Column("tasks", "int"),
        Column("runtime ratio", "ratio"),
        Column("program faster (%)", "pct"),
        Column("plan length ratio", "ratio"),
        Column("program shorter (%)", "pct"),
        Column("run", csv_only=True),
    )
    rows = tuple(
        (r.domain, r.config, r.seed, r.ff, r.tasks, r.runtime_ratio, r.faster, r.length_ratio, r.shorter, r.run_id)
        for r in report.speed
    )
    notes = (
        "On tasks solved both by the program of the best seed and by ff (the largest time limit available): "
        "the mean of the per-task ratios program/ff, and the share of tasks where the program is faster or "
        "its plan shorter. Ratios below 1 favour the program.",
    )
    totals = tuple(i for i, r in enumerate(report.speed) if r.domain == ALL)
    return Table("speed", "Programs vs ff on commonly solved tasks", columns, rows, notes, totals)


def error_tables(report: Report) -> tuple[Table, Table, Table]:
    # Only what occurred: a category no program failed with, and a domain where none failed, would be rows and
    # columns of zeros (35 rows of them in a report of 17 domains where one failed).
    names = tuple(c for c in (*error_categories(), OTHER) if any(r.failed_by_category.get(c) for r in report.errors))
    totals = [r for r in report.errors if r.domain == ALL]
    paper_cols = (
        Column("configuration"),
        Column("runs", "int"),
        Column("incomplete runs", "int"),
        Column("runs with errors", "int"),
        *(Column(f"{c} (%)", "pct") for c in names),
    )
    paper_rows = tuple(
        (
            r.config,
            r.runs,
            r.incomplete,
            r.runs_with_errors,
            *((r.runs_by_category.get(c, 0) / r.runs_with_errors) if r.runs_with_errors else None for c in names),
        )
        for r in totals
    )
    paper = Table(
        "errors",
        "Error types of the selected programs",
        paper_cols,
        paper_rows,
        (
            "Among evaluated runs whose program failed on at least one held-out task: the share of runs where each "
            "error type occurred at least once (the paper's Table 6). Incomplete runs have no held-out evaluation.",
        ),
    )
    task_cols = (
        Column("configuration"),
        Column("domain"),
        Column("runs", "int"),
        Column("tasks", "int"),
        Column("failed", "int"),
        *(Column(c, "int") for c in names),
    )
    shown = [r for r in report.errors if r.failed]
    task_rows = tuple(
        (r.config, r.domain, r.runs, r.tasks, r.failed, *(r.failed_by_category.get(c, 0) for c in names)) for r in shown
    )
    tasks = Table(
        "errors_by_domain",
        "Failed held-out tasks by error type",
        task_cols,
        task_rows,
        (
            "Failed held-out tasks summed over the seeds, by the category of their first failing ordering; only "
            "domains and categories with a failure are shown (tasks: the held-out tasks of those runs).",
            *((f"{OTHER}: the category is not known (e.g. a published result records counts, not each task).",)
              if OTHER in names else ()),
        ),
        tuple(i for i, r in enumerate(shown) if r.domain == ALL),
    )  # fmt: skip
    statuses = sorted({s for r in totals for s in r.by_status})
    status_cols = (Column("configuration"), *(Column(s, "int") for s in statuses))
    status_rows = tuple((r.config, *(r.by_status.get(s, 0) for s in statuses)) for r in totals) if statuses else ()
    detail = Table(
        "errors_by_status",
        "Failed held-out tasks by precise failure",
        status_cols,
        status_rows,
        (
            "The executor's status (exception, timeout, memory, forbidden, bad_output, crash) or the validator's "
            "error kind (malformed, unknown_action, wrong_arity, unknown_object, wrong_type, precondition, goal).",
        ),
    )
    return paper, tasks, detail


#: Said once, instead of "unknown" in every row, when no run had a known price.
UNKNOWN_PRICES = (
    "The provider's prices are unknown for these runs' models, so no cost is shown: the tokens are the measure "
    "(the CSV file keeps the cost column, empty)."
)


def _prices_unknown(report: Report) -> bool:
    """No paid call of any run had a known price (a queue, a local server, a provider litellm does not price)."""
    usages = [r.usage for r in report.runs]
    return bool(usages) and all(u.cost is None and u.known_cost == 0 for u in usages)


def usage_table(report: Report) -> Table:
    columns = (
        Column("domain"),
        Column("configuration"),
        Column("runs", "int"),
        Column("calls", "int"),
        Column("paid calls", "int"),
        Column("prompt tokens", "int"),
        Column("completion tokens", "int"),
        Column("cost", "cost"),
        Column("known cost", "cost", True),
        Column("wall time (s)", "seconds"),
    )
    rows = []
    for u in report.usage:
        cost: Any = u.cost
        if cost is None and u.known_cost > 0:
            cost = Flagged(None, f" (≥ ${u.known_cost:.4f})")
        rows.append(
            (
                u.domain,
                u.config,
                u.runs,
                u.calls,
                u.paid_calls,
                u.prompt_tokens,
                u.completion_tokens,
                cost,
                u.known_cost,
                u.wall_time_s,
            )
        )
    unknown = _prices_unknown(report)
    notes = [
        "Calls: the LLM calls the runs needed (a resumed run's replayed calls counted once); paid calls"
        + (" and tokens" if unknown else ", tokens and cost")
        + ": what was sent to the provider, over every session of each run (answers from the cache are free)."
        + (
            ""
            if unknown
            else " A cost is summed only when every paid call had a known price; otherwise it is "
            "unknown, with the known part as a lower bound."
        )
    ]
    if unknown:
        notes.append(UNKNOWN_PRICES)
        columns = tuple(replace(col, csv_only=True) if col.kind == "cost" else col for col in columns)
    unrecorded = sum(r.usage.calls is None for r in report.runs)
    if unrecorded:
        notes.append(f"{unrecorded} run(s) have no usage record (no usage.json nor calls.jsonl).")
    totals = tuple(i for i, u in enumerate(report.usage) if u.domain == ALL)
    return Table("usage", "LLM calls, tokens and cost", columns, tuple(rows), tuple(notes), totals)


def cost_table(report: Report) -> Table:
    """Calls, tokens, cost and coverage per configuration, and coverage per call and per 1,000 tokens."""
    columns = (
        Column("domain"),
        Column("configuration"),
        Column("runs", "int"),
        Column("calls", "real"),
        Column("tokens", "int"),
        Column("cost", "cost"),
        Column("coverage", "pct"),
        Column("per call", "real"),
        Column("per 1k tokens", "real"),
    )
    most = max((c.runs for c in report.cost if c.domain == ALL), default=0)
    fewer = False
    rows = []
    for c in report.cost:
        config: Any = c.config
        if c.domain == ALL and c.runs < most:  # averaged over fewer domains than another configuration
            config, fewer = Flagged(c.config, FEWER_DOMAINS_MARK), True
        rows.append((c.domain, config, c.runs, c.calls, None if c.tokens is None else round(c.tokens), c.cost,
                     c.coverage, c.per_call, c.per_kilotoken))  # fmt: skip
    shared = shared_domains(report.runs, report.labels)
    unknown = _prices_unknown(report)
    notes = [
        "Per run, over the runs with a held-out evaluation: the LLM calls and tokens the run needed (paid or "
        "answered from the cache), "
        + ("" if unknown else "the dollars paid (unknown when some price was), ")
        + "and the held-out coverage (%); per call and per 1k tokens: coverage points per call and per 1,000 "
        "tokens (the mean coverage over the mean calls or tokens).",
        "Rows 'all': each configuration over every domain it has an evaluated run of (runs: how many domains), "
        "the mean of the per-domain means.",
    ]
    if fewer:
        notes.append(
            f"{FEWER_DOMAINS_MARK} over fewer domains than another configuration; on the domains every configuration "
            f"has a run of ({', '.join(shared) or 'none'}), compare the rows of those domains."
        )
    if unknown:
        notes.append(UNKNOWN_PRICES)
        columns = tuple(replace(col, csv_only=True) if col.kind == "cost" else col for col in columns)
    totals = tuple(i for i, c in enumerate(report.cost) if c.domain == ALL)
    return Table("cost", "What the coverage cost", columns, tuple(rows), tuple(notes), totals)


def runs_table(report: Report) -> Table:
    columns = (
        Column("domain"),
        Column("configuration"),
        Column("seed", "int"),
        Column("status"),
        Column("kind"),
        Column("coverage", "pct"),
        Column("solved", "int"),
        Column("held-out", "int"),
        Column("model"),
        Column("suite"),
        Column("run"),
        Column("program"),
        Column("limits"),
        Column("program sha256", csv_only=True),
        Column("path", csv_only=True),
    )
    rows = tuple(
        (
            r.domain,
            report.config_of(r),
            r.seed,
            r.status,
            r.kind,
            r.coverage,
            r.solved if r.evaluated else None,
            r.total,
            r.model,
            r.family,
            r.run_id,
            Link(f"{r.program.name} ({(r.program_sha256 or '')[:8]})", r.program) if r.program is not None else None,
            f"{r.limits[0]:g} s, {r.limits[1]} MiB, {r.limits[2]} orderings" if r.limits else None,
            r.program_sha256,
            str(r.path),
        )
        for r in report.runs
    )
    notes = (
        "kind: what solved the held-out tasks, a program or a search (a heuristic the model wrote, searched "
        "by genplan); a run's coverage is never a mix of the two.",
        "Program: the run's selected program (linked), with the start of its sha256; limits: CPU seconds and "
        "memory a program run, and input orderings, of the held-out evaluation.",
    )
    return Table("runs", "Runs", columns, rows, notes)


def incomplete_table(report: Report) -> Table:
    columns = (
        Column("domain"),
        Column("configuration"),
        Column("seed", "int"),
        Column("status"),
        Column("why"),
        Column("run"),
        Column("path", csv_only=True),
    )
    rows = tuple(
        (
            r.domain,
            report.config_of(r),
            r.seed,
            r.status,
            r.problem or r.message or "no held-out evaluation",
            r.run_id,
            str(r.path),
        )
        for r in report.incomplete
    )
    return Table("incomplete", "Incomplete runs (no held-out evaluation; not counted in coverage)", columns, rows)


def scale_tables(report: Report) -> list[Table]:
    out = []
    columns = (
        Column("size", "int"),
        Column("objects", "real"),
        Column("program solved"),
        Column("program CPU s", "ratio"),
        Column("program wall s", "ratio"),
        Column("program plan length", "real"),
        Column("planner solved"),
        Column("planner time (s)", "ratio"),
        Column("planner plan length", "real"),
    )
    for i, s in enumerate(report.scale):
        rows = []
        for size in s.get("sizes", []):
            prog = size.get("program") or {}
            plan = size.get("planner") or {}
            skipped = plan.get("skipped") or not plan
            rows.append(
                (
                    size.get("size"),
                    size.get("objects_mean"),
                    f"{prog.get('solved', 0)}/{prog.get('total', 0)}",
                    prog.get("runtime_s_mean"),
                    prog.get("wall_s_mean"),
                    prog.get("plan_length_mean"),
                    "skipped" if skipped else f"{plan.get('solved', 0)}/{plan.get('total', 0)}",
                    None if skipped else plan.get("time_s_mean"),
                    None if skipped else plan.get("plan_length_mean"),
                )
            )
        program = Path(str(s.get("program", "program"))).name
        sha = str(s.get("program_sha256", ""))[:8]
        title = f"Scaling: {s.get('domain')}, {program}" + (f" ({sha})" if sha else "")
        note = (
            f"{s.get('tasks_per_size')} generated tasks per size (seed {s.get('seed')}); planner "
            f"{s.get('planner')} with {s.get('planner_time_limit')} s, program limit {s.get('program_timeout')} s; "
            "means over solved tasks; the planner is skipped after it failed on every task of a smaller size."
        )
        out.append(Table(f"scale_{i + 1}_{_safe(str(s.get('domain')))}", title, columns, tuple(rows), (note,)))
    return out


def _safe(text: str) -> str:
    return re.sub(r"[^A-Za-z0-9_.-]+", "-", text).strip("-") or "x"


def size_table(report: Report) -> Table:
    """Coverage by task size: one row per size bin, per configuration the tasks solved of those held out."""
    configs = [c for c in report.coverage.configs if any(r.config == c for r in report.sizes)]
    cells = {(r.bin, r.config): r for r in report.sizes}
    bins = list(dict.fromkeys(r.bin for r in report.sizes))
    columns = [Column("objects")]
    for c in configs:
        columns += [Column(f"{c} solved"), Column(f"{c} coverage", "pct")]
    rows = []
    for b in bins:
        label = "unknown" if b is None else (f"{b[0]}-{b[1] - 1}" if b[1] is not None else f"{b[0]}+")
        row: list[Any] = [label]
        for c in configs:
            cell = cells.get((b, c))
            row += [f"{cell.solved}/{cell.total}", cell.solved / cell.total] if cell else [None, None]
        rows.append(tuple(row))
    notes = [
        "Held-out tasks by size (objects, constants included) over every domain, summed over the seeds: solved "
        "in every input ordering, of those evaluated. Where coverage drops with size, the programs stop "
        "generalizing."
    ]
    if any(r.bin is None for r in report.sizes):
        notes.append("unknown: tasks whose size was not found (their suite's problem files are not at hand).")
    if any(r.heldout is None and r.evaluated for r in report.runs):
        notes.append("Runs that record counts only (a published result without heldout/) are not in this table.")
    return Table("sizes", "Coverage by task size", tuple(columns), tuple(rows), tuple(notes))


def failure_table(report: Report) -> Table:
    """Where each failed program stopped generalizing: the paper's by-hand failure analysis as a table."""
    columns = (
        Column("domain"),
        Column("configuration"),
        Column("seed", "int"),
        Column("solved"),
        Column("first failing task"),
        Column("its size", "int"),
        Column("largest solved size", "int"),
        Column("error category"),
        Column("failure"),
        Column("largest solved task", csv_only=True),
        Column("run", csv_only=True),
    )
    rows = tuple(
        (f.domain, f.config, f.seed, f"{f.solved}/{f.total}", f.task_id, f.size, f.largest_solved_size, f.category,
         f.status, f.largest_solved, f.run_id)
        for f in report.failures
    )  # fmt: skip
    notes = [
        "Per run whose selected program failed some held-out task: the first failing task (the smallest by "
        "size, i.e. number of objects, constants included; ties by name) against the largest task it solved, "
        "with the error category (the paper's) and the precise failure of the task's first failing ordering."
    ]
    if any(f.size is None for f in report.failures):
        notes.append("- for a size: the suite's problem files were not found and no baseline recorded the task's size.")
    return Table("failures", "First failing held-out task against the largest solved one", columns, rows, tuple(notes))


def paper_table(report: Report) -> Table:
    """Our coverage beside the paper's Table 1 figures for the same preset and domain."""
    configs = [c for c in report.coverage.configs if any(r.config == c for r in report.paper)]
    cells = {(r.domain, r.config): r for r in report.paper}
    domains = [d for d in report.coverage.domains if any((d, c) in cells for c in configs)]
    columns = [Column("domain")]
    for c in configs:
        columns += [Column(f"{c} mean", "pct"), Column(f"{c} best", "pct"), Column(f"{c} paper avg", "pct"),
                    Column(f"{c} paper best", "pct")]  # fmt: skip
    rows: list[tuple[Any, ...]] = []
    for d in domains:
        row: list[Any] = [d]
        for c in configs:
            r = cells.get((d, c))
            row += [r.mean, r.best, r.paper_mean, r.paper_best] if r else [None] * 4
        rows.append(tuple(row))
    if rows:
        average: list[Any] = ["average"]
        for c in configs:
            mine = [(r.mean, r.best, r.paper_mean, r.paper_best) for r in report.paper
                    if r.config == c and r.mean is not None]  # fmt: skip
            average += [sum(v or 0.0 for v in column) / len(mine) for column in zip(*mine, strict=True)] or [None] * 4
        rows.append(tuple(average))
    model = {"gpt-4o": "GPT-4o"}.get(REPORT_MODEL, REPORT_MODEL)
    published = ", ".join(
        f"{c}: {fig[0]} avg, {fig[1]} best"
        for c in configs
        if (fig := PAPER_TABLE1_AVERAGE[REPORT_MODEL].of(next(r.preset for r in report.paper if r.config == c)))
    )
    notes = (
        f"Held-out coverage (%) of our runs (the mean over seeds and the best seed) beside the paper's Table 1 "
        f"with {model} for the same preset (the average over its three runs and its best run). {model} is the "
        "paper's model for every preset of Table 1 and for its variants (Table 3); one model for every column "
        "compares protocols. The paper's tasks are its own dataset; ours are those of the runs' suite.",
        "The average row is over the domains with an evaluated run of the configuration, for ours and the "
        f"paper's alike; the paper's own average over its 17 domains: {published or '-'}.",
    )
    return Table("paper", f"Beside the paper's Table 1 ({model})", tuple(columns), tuple(rows), notes,
                 total_rows=(len(rows) - 1,) if rows else ())  # fmt: skip


def learning_table(report: Report) -> Table:
    """Our runs on the IPC 2023 Learning Track beside the published figures on the same 900 test tasks."""
    from genplan.benchmarks.learning import is_learning_test_run
    from genplan.experiments.report.ipc2023 import LEARNING_DOMAINS, PER_DOMAIN, TASKS_PER_DOMAIN, TOTALS

    # A published Learning Track row (suite ipc2023/<domain>) counts even when it records counts only.
    runs = [r for r in report.runs if r.domain in LEARNING_DOMAINS and r.evaluated
            and (r.family == "ipc2023" or is_learning_test_run(t.task_id for t in r.heldout or ()))]  # fmt: skip
    columns = [Column("domain"), Column("runs", "int"), Column("solved", "real"), Column("quality", "real"),
               Column("LLM calls", "real")]  # fmt: skip
    columns += [Column(a.name, "real") for a in PER_DOMAIN]
    rows: list[tuple[Any, ...]] = []
    for domain in LEARNING_DOMAINS:
        mine = [r for r in runs if r.domain == domain]
        if not mine:
            continue
        quality = [r.quality for r in mine if r.quality is not None]
        calls = [r.usage.calls for r in mine if r.usage.calls is not None]
        rows.append((
            domain, len(mine), sum(r.solved for r in mine) / len(mine),
            sum(quality) / len(quality) if quality else None, sum(calls) / len(calls) if calls else None,
            *(a.per_domain.get(domain) for a in PER_DOMAIN),
        ))  # fmt: skip
    if rows:
        total: list[Any] = [f"total ({len(rows)} of {len(LEARNING_DOMAINS)} domains)", sum(r[1] for r in rows)]
        for i in (2, 3):
            values = [r[i] for r in rows]
            total.append(sum(values) if all(v is not None for v in values) else None)
        calls = [r[4] for r in rows if r[4] is not None]
        total.append(sum(calls) / len(calls) if calls else None)
        total += [sum(a.per_domain[r[0]] for r in rows) for a in PER_DOMAIN]
        rows.append(tuple(total))
    totals = "; ".join(f"{a.name} {a.total:g} {'tasks' if a.measure == 'coverage' else 'quality'}" for a in TOTALS)
    notes = (
        f"Tasks solved of the {TASKS_PER_DOMAIN} test tasks a domain (the mean over runs; every input ordering "
        "valid), the IPC quality score (per solved task min(1, C*/C), C* the organizers' best known cost) and "
        "the LLM calls a run made (in the total row: the mean a domain), beside published figures on the same "
        "test tasks.",
        "Per domain: "
        + "; ".join(
            f"{', '.join(a.name for a in PER_DOMAIN if a.source == source)} ({source})"
            for source in dict.fromkeys(a.source for a in PER_DOMAIN)
        )
        + ".",
        f"Published as totals over all 900 tasks only ({TOTALS[0].source}): {totals}.",
        "The limits differ: genplan runs a program 45 s per input ordering (4 orderings), the published "
        "systems had 5 or 30 minutes a task.",
    )
    return Table("learning", "IPC 2023 Learning Track: beside the published figures", tuple(columns), tuple(rows),
                 notes, total_rows=(len(rows) - 1,) if rows else ())  # fmt: skip


def _commands_for_runs(report: Report) -> str:
    return (
        "No synthesis runs in this report: `genplan synthesize DOMAIN --config auto --seed 1` makes one, "
        "`genplan benchmark --domains all --configs auto --seeds 1 --model MODEL` a sweep"
        f"{' (add ' + suite_option(report.runs).strip() + ')' if suite_option(report.runs) else ''}."
    )


def why_empty(report: Report, key: str) -> str:
    """The sentence shown instead of the table ``key`` when it has no rows: why, and which command fills it."""
    if not report.runs and key != "coverage":
        return _commands_for_runs(report)
    suite = suite_option(report.runs)
    needs_evaluation = {"speed", "errors_by_domain", "errors_by_status", "failures", "paper", "sizes"}
    if not any(r.evaluated for r in report.runs) and key in needs_evaluation:
        return (
            "No run has a held-out evaluation yet (see Incomplete runs): rerunning `genplan synthesize` with the "
            "run's settings resumes it from the cache."
        )
    no_failure = "No selected program failed a held-out task: every evaluated run solved all of them."
    sentences = {
        "coverage": "No runs and no baselines to report.",
        "incomplete": "Every run has a held-out evaluation: none is left out of the coverage.",
        "speed": "No program is compared with ff: no ff results were used for these runs' held-out tasks. "
        f"`genplan baselines --planners ff --planner-time-limit 45{suite}` computes them, and `genplan report` then "
        "uses them (unless `--baselines` leaves them out).",
        "errors_by_status": no_failure,
        "errors_by_domain": no_failure,
        "failures": no_failure,
        "sizes": "No held-out task has a recorded outcome: the runs have no held-out evaluation, or record only "
        "counts.",
        "learning": "No run on the IPC 2023 Learning Track's test tasks: `genplan benchmarks import` a clone of "
        "ipc2023-learning/benchmarks, then `genplan synthesize DOMAIN --suite NAME --config auto`.",
        "paper": "No run used a preset of the paper's Table 1 ("
        + ", ".join(TABLE1_PRESETS)
        + ") on one of its 17 domains: `genplan synthesize DOMAIN --config F5-3 --seed 1` makes one.",
        "scale": "No scaling results in this report: `genplan scale PROGRAM.py DOMAIN --sizes 10,100,1000` writes "
        "scale.json, and `genplan report --scale scale.json` shows it.",
    }
    return sentences.get(key, _commands_for_runs(report))


def report_tables(report: Report) -> list[Table]:
    """Every table of the report, in the order they appear, each with the sentence it shows when empty."""
    tables = [coverage_view(report), paper_table(report)]
    if any(r.quality is not None for r in report.runs):  # a Learning Track report (only its suites have costs)
        tables.append(learning_table(report))
    tables += [incomplete_table(report), speed_table(report)]
    tables += list(error_tables(report))
    tables.append(failure_table(report))
    tables.append(size_table(report))
    tables.append(usage_table(report))
    tables.append(cost_table(report))
    tables += scale_tables(report)
    tables.append(runs_table(report))
    return [replace(t, empty=why_empty(report, t.key)) for t in tables]


def shown_columns(table: Table) -> list[int]:
    return [i for i, c in enumerate(table.columns) if not c.csv_only]


PLOTS: dict[str, str] = {
    "coverage.png": "Mean held-out coverage per domain and configuration.",
    "runtime.png": "Program runtime against ff runtime on commonly solved tasks (best seed, log-log); points "
    "above the diagonal are tasks where the program is faster.",
    "scaling.png": "Program and planner runtime as generated tasks grow (log-log), and coverage per size.",
}


def plot_caption(report: Report, name: str) -> str:
    """A plot's caption, naming only what it draws (symbolic baselines only when it has their columns)."""
    if name == "coverage.png" and report.coverage.baselines:
        return PLOTS[name][:-1] + ", symbolic baselines on the right."
    return PLOTS[name]


def made_with(report: Report) -> str:
    """Which genplan and Fast Downward made the report (empty when not recorded)."""
    v = report.versions
    if not v:
        return ""
    commit = f" (commit {v['commit']})" if v.get("commit") else ""
    return f"Made with genplan {v.get('genplan')}{commit} and {v.get('fast_downward')}."


def summary_lines(report: Report) -> list[str]:
    lines = _summary_lines(report)
    return [*lines, made_with(report)] if made_with(report) else lines


def _summary_lines(report: Report) -> list[str]:
    cov = report.coverage
    evaluated = sum(r.evaluated for r in report.runs)
    if not report.runs:
        suites = sorted({b.suite for b in report.baselines})
        return [
            f"No synthesis runs; symbolic baselines over {len(cov.domains)} domains of the suite(s) "
            f"{', '.join(suites)}: {', '.join(cov.baselines)}."
        ]
    lines = [
        f"{len(report.runs)} runs ({evaluated} with a held-out evaluation, {len(report.incomplete)} incomplete) "
        f"over {len(cov.domains)} domains and {len(cov.configs)} configurations: {', '.join(cov.configs)}.",
    ]
    models = sorted({r.model for r in report.runs})
    families = sorted({r.family for r in report.runs})
    lines.append(f"Models: {', '.join(models)}. Suites: {', '.join(families)}.")
    if cov.baselines:
        lines.append(f"Symbolic baselines: {', '.join(cov.baselines)}.")
    return lines


@dataclass(frozen=True)
class Section:
    """A part of the document: a heading, its tables and plots, and, for a section with no table at all
    (no scale file given), the sentence shown instead."""

    heading: str
    tables: tuple[Table, ...]
    plots: tuple[str, ...] = ()
    empty: str = ""


def sections(report: Report) -> list[Section]:
    """The document's sections in reading order."""
    tables = {t.key: t for t in report_tables(report)}
    plots = available_plots(report)
    scale = tuple(t for k, t in tables.items() if k.startswith("scale_"))
    return [
        Section("Coverage", (tables["coverage"], tables["paper"], *(t for k, t in tables.items() if k == "learning"),
                             tables["incomplete"]), tuple(p for p in ("coverage.png",) if p in plots)),
        Section("Programs vs ff", (tables["speed"],), tuple(p for p in ("runtime.png",) if p in plots)),
        Section("Error types", (tables["errors"], tables["errors_by_domain"], tables["errors_by_status"])),
        Section("Where the programs fail", (tables["failures"], tables["sizes"])),
        Section("LLM usage", (tables["usage"],)),
        Section("Cost of the coverage", (tables["cost"],)),
        Section("Scaling", scale, tuple(p for p in ("scaling.png",) if p in plots), why_empty(report, "scale")),
        Section("Runs", (tables["runs"],)),
    ]  # fmt: skip


def available_plots(report: Report) -> list[str]:
    """The plots this report has data for."""
    out = ["coverage.png"]
    if report.speed_points:
        out.append("runtime.png")
    if report.scale:
        out.append("scaling.png")
    return out
