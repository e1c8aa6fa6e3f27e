"""Computing: the numbers of every table from loaded runs and baselines (:func:`build_report`), as
frozen dataclasses. Nothing here reads a file or formats a value; the choices that decide the numbers are
listed in :mod:`genplan.experiments.report`.
"""

from __future__ import annotations

import math
import re
from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from genplan.experiments.baselines import BaselineSet
from genplan.experiments.report.paper import PAPER_CONFIGS, PAPER_DOMAINS, PAPER_TABLE1, REPORT_MODEL
from genplan.experiments.report.runs import HeldoutTask, RunSummary, baseline_spec

#: Times below this many seconds are counted as this (no clock measures a run of 0 s).
MIN_TIME = 1e-3
ALL = "all"


def domain_order(domains: Iterable[str]) -> list[str]:
    """The paper's order for its 17 domains; any other domain (a renamed variant, a new one) after them."""
    present = set(domains)
    return [d for d in PAPER_DOMAINS if d in present] + sorted(present - set(PAPER_DOMAINS))


def config_order(names: Iterable[str]) -> list[str]:
    rank = {n: i for i, n in enumerate(PAPER_CONFIGS)}
    return sorted(set(names), key=lambda n: (rank.get(n.split(" ")[0], len(rank)), n))


def config_labels(runs: Sequence[RunSummary]) -> dict[Path, str]:
    """Each run's configuration name: its preset, plus what tells apart runs of the same preset that are
    different protocols (the model's short name, the suite, else a settings hash)."""
    models = {r.model for r in runs}
    families = {r.family for r in runs}
    labels: dict[Path, str] = {}
    for r in runs:
        label = r.preset
        if len(models) > 1:
            label += f" ({r.model.split('/')[-1]})"
        if len(families) > 1:
            label += f" [{r.family}]"
        labels[r.path] = label
    keys: dict[str, set[str]] = {}
    for r in runs:
        keys.setdefault(labels[r.path], set()).add(r.settings_key)
    for r in runs:
        if len(keys[labels[r.path]]) > 1:
            labels[r.path] += f" #{r.settings_key}"
    return labels


def suite_option(runs: Sequence[RunSummary]) -> str:
    """`` --suite NAME`` for the commands a report suggests, when the runs did not use the builtin suites."""
    families = sorted({r.family for r in runs})
    if not families or families == ["builtin"]:
        return ""
    return f" --suite {families[0]}" if len(families) == 1 else " --suite SUITE"


@dataclass(frozen=True)
class CoverageCell:
    """One configuration on one domain, over its seeds."""

    #: Mean held-out coverage (0..1) over the evaluated runs; ``None`` when no run was evaluated.
    mean: float | None
    best: float | None
    #: The seed of the best run (the lowest one on a tie).
    best_seed: int | None
    #: Seeds of the evaluated runs.
    seeds: tuple[int | None, ...]
    #: Runs without a held-out evaluation (left out of the mean).
    incomplete: int = 0
    #: Held-out tasks solved and evaluated, summed over the evaluated runs (seeds).
    solved: int = 0
    total: int = 0


@dataclass(frozen=True)
class BaselineCell:
    """A symbolic planner's coverage on a domain."""

    solved: int
    total: int
    #: True when counted on exactly the runs' held-out tasks; False when the baseline's tasks differ
    #: (then its own tasks are counted).
    same_tasks: bool

    @property
    def coverage(self) -> float | None:
        return self.solved / self.total if self.total else None


@dataclass(frozen=True)
class CoverageTable:
    """The paper's Tables 1-2: mean and best coverage per domain and configuration, baselines beside."""

    domains: tuple[str, ...]
    configs: tuple[str, ...]
    baselines: tuple[str, ...]
    cells: Mapping[tuple[str, str], CoverageCell] = field(default_factory=dict)
    baseline_cells: Mapping[tuple[str, str], BaselineCell] = field(default_factory=dict)

    def cell(self, domain: str, config: str) -> CoverageCell | None:
        return self.cells.get((domain, config))

    def average(self, config: str) -> tuple[float | None, float | None, int]:
        """Mean over domains of the mean and of the best coverage, and how many domains had a value."""
        cells = [c for d in self.domains if (c := self.cells.get((d, config))) and c.mean is not None]
        if not cells:
            return None, None, 0
        return (
            sum(c.mean for c in cells if c.mean is not None) / len(cells),
            sum(c.best for c in cells if c.best is not None) / len(cells),
            len(cells),
        )

    def baseline_average(self, label: str) -> tuple[float | None, int]:
        values = [c.coverage for d in self.domains if (c := self.baseline_cells.get((d, label)))]
        known = [v for v in values if v is not None]
        return (sum(known) / len(known) if known else None), len(known)


def _best(runs: Sequence[RunSummary]) -> RunSummary | None:
    evaluated = [r for r in runs if r.coverage is not None]
    if not evaluated:
        return None
    return min(evaluated, key=lambda r: (-(r.coverage or 0.0), r.seed if r.seed is not None else math.inf, r.run_id))


def _groups(runs: Sequence[RunSummary], labels: Mapping[Path, str]) -> dict[tuple[str, str], list[RunSummary]]:
    groups: dict[tuple[str, str], list[RunSummary]] = {}
    for r in sorted(runs, key=lambda r: (r.seed if r.seed is not None else math.inf, r.run_id)):
        groups.setdefault((r.domain, labels[r.path]), []).append(r)
    return groups


def heldout_ids(runs: Sequence[RunSummary]) -> dict[str, tuple[str, ...]]:
    """Each domain's held-out task ids, from its evaluated runs (sorted union)."""
    ids: dict[str, set[str]] = {}
    for r in runs:
        if r.heldout is not None:
            ids.setdefault(r.domain, set()).update(t.task_id for t in r.heldout)
    return {d: tuple(sorted(s)) for d, s in ids.items()}


def coverage_table(
    runs: Sequence[RunSummary], baselines: Sequence[BaselineSet] = (), labels: Mapping[Path, str] | None = None
) -> CoverageTable:
    labels = labels if labels is not None else config_labels(runs)
    cells: dict[tuple[str, str], CoverageCell] = {}
    for key, group in _groups(runs, labels).items():
        evaluated = [r for r in group if r.coverage is not None]
        best = _best(group)
        cells[key] = CoverageCell(
            mean=sum(r.coverage or 0.0 for r in evaluated) / len(evaluated) if evaluated else None,
            best=best.coverage if best else None,
            best_seed=best.seed if best else None,
            seeds=tuple(r.seed for r in evaluated),
            incomplete=len(group) - len(evaluated),
            solved=sum(r.solved for r in evaluated),
            total=sum(r.total or 0 for r in evaluated),
        )
    ids = heldout_ids(runs)
    # Without runs (symbolic baselines only, before any LLM was paid) the baselines name the rows.
    domains = domain_order(r.domain for r in runs) if runs else domain_order(b.domain for b in baselines)
    families = {r.family for r in runs} if runs else {b.suite for b in baselines}
    multi = len(families) > 1
    bcells: dict[tuple[str, str], BaselineCell] = {}
    blabels: list[str] = []
    for b in baselines:
        if b.domain not in domains or b.suite not in families:
            continue
        label = b.label + (f" [{b.suite}]" if multi else "")
        if label not in blabels:
            blabels.append(label)
        by_task = b.by_task()
        wanted = ids.get(b.domain, ())
        if not runs:  # baselines alone: each counted on its own tasks, with nothing to differ from
            bcells[(b.domain, label)] = BaselineCell(sum(t.solved for t in b.tasks), len(b.tasks), True)
        elif wanted and all(t in by_task for t in wanted):
            bcells[(b.domain, label)] = BaselineCell(sum(by_task[t].solved for t in wanted), len(wanted), True)
        else:
            bcells[(b.domain, label)] = BaselineCell(sum(t.solved for t in b.tasks), len(b.tasks), False)
    rank = {"lmcut": 0, "ff": 1}
    blabels.sort(key=lambda s: (rank.get(s.split(" ")[0], 2), s.split(" ")[0], float(s.split(" ")[1][:-1]), s))
    return CoverageTable(tuple(domains), tuple(config_order(labels.values())), tuple(blabels), cells, bcells)


@dataclass(frozen=True)
class SpeedPoint:
    """A task solved both by a program and by ff."""

    domain: str
    config: str
    task_id: str
    program_time: float
    ff_time: float
    program_length: int | None
    ff_length: int | None


@dataclass(frozen=True)
class SpeedRow:
    """The paper's Table 5 for one domain (or ``"all"``) and configuration."""

    domain: str
    config: str
    #: The run compared (the best seed); empty for the ``all`` rows.
    run_id: str
    seed: int | None
    #: The ff baseline used, e.g. ``"ff 1800s"``.
    ff: str
    #: Commonly solved tasks.
    tasks: int
    runtime_ratio: float | None
    faster: float | None
    length_ratio: float | None
    shorter: float | None


def _speed_row(domain: str, config: str, run_id: str, seed: int | None, ff: str, pts: Sequence[SpeedPoint]) -> SpeedRow:
    times = [max(p.program_time, MIN_TIME) / max(p.ff_time, MIN_TIME) for p in pts]
    lengths = [(p.program_length, p.ff_length) for p in pts if p.program_length is not None and p.ff_length]
    ratios = [a / b for a, b in lengths if a is not None and b]
    return SpeedRow(
        domain,
        config,
        run_id,
        seed,
        ff,
        len(pts),
        runtime_ratio=sum(times) / len(times) if times else None,
        faster=sum(p.program_time < p.ff_time for p in pts) / len(pts) if pts else None,
        length_ratio=sum(ratios) / len(ratios) if ratios else None,
        shorter=sum(r < 1 for r in ratios) / len(ratios) if ratios else None,
    )


def pick_ff(baselines: Sequence[BaselineSet], domain: str, family: str) -> BaselineSet | None:
    """The ff baseline of a domain with the largest time limit (the strongest reference)."""
    ffs = [b for b in baselines if b.planner == "ff" and b.domain == domain and b.suite == family]
    return max(ffs, key=lambda b: b.time_limit) if ffs else None


def speed_comparison(
    runs: Sequence[RunSummary], baselines: Sequence[BaselineSet], labels: Mapping[Path, str] | None = None
) -> tuple[list[SpeedRow], list[SpeedPoint]]:
    """Programs against ff on commonly solved tasks, per domain and configuration (best seed), and one
    ``all`` row per configuration pooling every task of those runs."""
    labels = labels if labels is not None else config_labels(runs)
    rows: list[SpeedRow] = []
    points: list[SpeedPoint] = []
    pooled: dict[str, list[SpeedPoint]] = {}
    used: dict[str, set[str]] = {}
    groups = _groups(runs, labels)
    for domain in domain_order(d for d, _ in groups):
        for config in config_order(c for d, c in groups if d == domain):
            best = _best(groups[(domain, config)])
            ff = pick_ff(baselines, domain, best.family) if best else None
            if best is None or ff is None:
                continue
            by_task = ff.by_task()
            pts = [
                SpeedPoint(domain, config, t.task_id, t.runtime, float(b.time_s), t.plan_length, b.plan_length)
                for t in best.heldout or ()
                if t.solved and (b := by_task.get(t.task_id)) is not None and b.solved and b.time_s is not None
            ]
            rows.append(_speed_row(domain, config, best.run_id, best.seed, ff.label, pts))
            points += pts
            pooled.setdefault(config, []).extend(pts)
            used.setdefault(config, set()).add(ff.label)
    for config in config_order(pooled):
        rows.append(_speed_row(ALL, config, "", None, ", ".join(sorted(used[config])), pooled[config]))
    return rows, points


#: Failed tasks whose category is unknown (e.g. an evaluation that did not finish a task).
OTHER = "other"
#: What a result that records counts only (a published one without per-task outcomes) says of its tasks.
NOT_RECORDED = "not recorded"


@dataclass(frozen=True)
class ErrorRow:
    """The paper's Table 6 for one configuration on one domain (or ``"all"``)."""

    config: str
    domain: str
    #: Runs with a held-out evaluation, and runs without one (the paper's "incomplete runs").
    runs: int
    incomplete: int
    #: Evaluated runs whose program failed on at least one held-out task.
    runs_with_errors: int
    tasks: int
    failed: int
    #: Failed held-out tasks per category, summed over runs.
    failed_by_category: Mapping[str, int] = field(default_factory=dict)
    #: Runs (among ``runs_with_errors``) where the category occurred at least once: the paper's measure.
    runs_by_category: Mapping[str, int] = field(default_factory=dict)
    #: Failed tasks per precise status (executor status or validator error kind).
    by_status: Mapping[str, int] = field(default_factory=dict)


def error_categories() -> tuple[str, ...]:
    from genplan.execute.outcome import CATEGORIES

    return tuple(CATEGORIES)


def _error_row(config: str, domain: str, group: Sequence[RunSummary]) -> ErrorRow:
    cats = error_categories()
    failed_by: Counter[str] = Counter()
    runs_by: Counter[str] = Counter()
    status: Counter[str] = Counter()
    evaluated = [r for r in group if r.evaluated]
    with_errors = 0
    for r in evaluated:
        if r.heldout is None:  # counts only (a published result): the failures' kind is not known
            unknown = (r.total or 0) - r.solved
            with_errors += bool(unknown)
            failed_by[OTHER] += unknown
            runs_by.update([OTHER] if unknown else [])
            status.update({NOT_RECORDED: unknown} if unknown else {})
            continue
        failures = [t for t in r.heldout if not t.solved]
        with_errors += bool(failures)
        seen = {t.category if t.category in cats else OTHER for t in failures}
        failed_by.update(t.category if t.category in cats else OTHER for t in failures)
        runs_by.update(seen)
        status.update(t.status for t in failures)
    names = cats + ((OTHER,) if failed_by[OTHER] else ())
    return ErrorRow(
        config,
        domain,
        len(evaluated),
        len(group) - len(evaluated),
        with_errors,
        tasks=sum(r.total or 0 for r in evaluated),
        failed=sum(failed_by.values()),
        failed_by_category={c: failed_by[c] for c in names},
        runs_by_category={c: runs_by[c] for c in names},
        by_status=dict(sorted(status.items())),
    )


def error_distribution(runs: Sequence[RunSummary], labels: Mapping[Path, str] | None = None) -> list[ErrorRow]:
    """Per configuration: one row per domain, then an ``all`` row over every domain."""
    labels = labels if labels is not None else config_labels(runs)
    groups = _groups(runs, labels)
    rows = []
    for config in config_order(c for _, c in groups):
        for domain in domain_order(d for d, c in groups if c == config):
            rows.append(_error_row(config, domain, groups[(domain, config)]))
        rows.append(_error_row(config, ALL, [r for (d, c), g in groups.items() if c == config for r in g]))
    return rows


@dataclass(frozen=True)
class UsageRow:
    """LLM usage summed over a configuration's runs on a domain (or on ``"all"`` domains)."""

    domain: str
    config: str
    runs: int
    calls: int
    paid_calls: int
    prompt_tokens: int
    completion_tokens: int
    #: ``None`` when some run's cost is unknown (see ``known_cost``).
    cost: float | None
    known_cost: float
    #: Runs with no usage record at all.
    unrecorded: int = 0
    #: ``None`` when no run recorded its time (a published result does not).
    wall_time_s: float | None = 0.0


def _usage_row(domain: str, config: str, group: Sequence[RunSummary]) -> UsageRow:
    usages = [r.usage for r in group]
    unknown = any(u.cost is None for u in usages)
    known = sum(u.known_cost for u in usages)
    return UsageRow(
        domain,
        config,
        len(group),
        calls=sum(u.calls or 0 for u in usages),
        paid_calls=sum(u.paid_calls for u in usages),
        prompt_tokens=sum(u.prompt_tokens for u in usages),
        completion_tokens=sum(u.completion_tokens for u in usages),
        cost=None if unknown else known,
        known_cost=known,
        unrecorded=sum(u.calls is None for u in usages),
        wall_time_s=None if all(r.wall_time_s is None for r in group) else sum(r.wall_time_s or 0.0 for r in group),
    )


def usage_summary(runs: Sequence[RunSummary], labels: Mapping[Path, str] | None = None) -> list[UsageRow]:
    """Per domain and configuration, then per configuration over all domains, then everything."""
    labels = labels if labels is not None else config_labels(runs)
    groups = _groups(runs, labels)
    rows = []
    for domain in domain_order(d for d, _ in groups):
        for config in config_order(c for d, c in groups if d == domain):
            rows.append(_usage_row(domain, config, groups[(domain, config)]))
    configs = config_order(c for _, c in groups)
    for config in configs:
        rows.append(_usage_row(ALL, config, [r for (_, c), g in groups.items() if c == config for r in g]))
    if len(configs) > 1:
        rows.append(_usage_row(ALL, ALL, list(runs)))
    return rows


@dataclass(frozen=True)
class CostRow:
    """What coverage cost: a configuration's evaluated runs on one domain, or (``domain`` = ``"all"``)
    averaged over the domains it shares with every other configuration."""

    domain: str
    config: str
    #: Evaluated runs (``domain`` = "all": domains) the row averages over.
    runs: int
    calls: float | None
    tokens: float | None
    #: Mean dollars paid per run; ``None`` when some run's price is unknown.
    cost: float | None
    coverage: float | None

    @property
    def per_call(self) -> float | None:
        """Coverage points per call: the mean coverage over the mean calls."""
        return None if self.coverage is None or not self.calls else 100 * self.coverage / self.calls

    @property
    def per_kilotoken(self) -> float | None:
        return None if self.coverage is None or not self.tokens else 100 * self.coverage / (self.tokens / 1000)


def _mean(values: Sequence[float | None]) -> float | None:
    known = [v for v in values if v is not None]
    return sum(known) / len(known) if known and len(known) == len(values) else None


def _cost_row(domain: str, config: str, group: Sequence[RunSummary]) -> CostRow:
    runs = [r for r in group if r.evaluated]
    return CostRow(
        domain, config, len(runs),
        calls=_mean([r.usage.calls for r in runs]) if runs else None,
        tokens=_mean([r.usage.tokens for r in runs]) if runs else None,
        cost=_mean([r.usage.cost for r in runs]) if runs else None,
        coverage=_mean([r.coverage for r in runs]) if runs else None,
    )  # fmt: skip


def shared_domains(runs: Sequence[RunSummary], labels: Mapping[Path, str]) -> tuple[str, ...]:
    """The domains on which every configuration has an evaluated run: where configurations compare."""
    configs = {labels[r.path] for r in runs}
    have: dict[str, set[str]] = {}
    for r in runs:
        if r.evaluated:
            have.setdefault(r.domain, set()).add(labels[r.path])
    return tuple(d for d in domain_order(have) if have[d] == configs)


def cost_comparison(runs: Sequence[RunSummary], labels: Mapping[Path, str] | None = None) -> list[CostRow]:
    """Per domain and configuration, then per configuration over every domain it has an evaluated run of
    (the mean of the per-domain means, so a domain with more seeds does not weigh more). A configuration
    run on fewer domains than the others is marked so by the view (:func:`~genplan.experiments.report.views.
    cost_table`); averaging every configuration over only the domains all of them share would reduce a
    report to its smallest configuration's domains (one domain, when one configuration ran on one)."""
    labels = labels if labels is not None else config_labels(runs)
    groups = _groups(runs, labels)
    rows = []
    for domain in domain_order(d for d, _ in groups):
        for config in config_order(c for d, c in groups if d == domain):
            rows.append(_cost_row(domain, config, groups[(domain, config)]))
    for config in config_order(c for _, c in groups):
        mine = [r for r in rows if r.config == config and r.runs > 0]
        rows.append(CostRow(
            ALL, config, len(mine), calls=_mean([r.calls for r in mine]) if mine else None,
            tokens=_mean([r.tokens for r in mine]) if mine else None,
            cost=_mean([r.cost for r in mine]) if mine else None,
            coverage=_mean([r.coverage for r in mine]) if mine else None,
        ))  # fmt: skip
    return rows


@dataclass(frozen=True)
class FailureRow:
    """Where a run's selected program stopped generalizing: its first failing held-out task (the smallest,
    ties by name) against the largest task it solved, and what went wrong there (the paper analyses this
    by hand for each failed domain)."""

    domain: str
    config: str
    seed: int | None
    run_id: str
    solved: int
    total: int
    #: The first failing task, its size (objects; ``None`` when unknown), and its category and status.
    task_id: str
    size: int | None
    category: str
    status: str
    #: The largest solved task (``None`` when the program solved none).
    largest_solved: str | None
    largest_solved_size: int | None


def _natural(task_id: str) -> tuple:
    """instance-2 before instance-10, as suites order their tasks."""
    return tuple((0, int(p), "") if p.isdigit() else (1, 0, p) for p in re.split(r"(\d+)", task_id))


def _by_size(task: HeldoutTask) -> tuple:
    """Smallest first, unknown sizes last, ties by name."""
    return (task.size is None, task.size or 0, _natural(task.task_id))


def failure_analysis(runs: Sequence[RunSummary], labels: Mapping[Path, str] | None = None) -> list[FailureRow]:
    """One row per evaluated run whose program failed some held-out task, in the report's order (domain,
    configuration, seed). Sizes come from :func:`genplan.experiments.report.runs.add_task_sizes`; without them the
    first failing task is the first by name, and the sizes are unknown."""
    labels = labels if labels is not None else config_labels(runs)
    cats = error_categories()
    rows = []
    for (domain, config), group in _groups(runs, labels).items():
        for r in group:
            if r.heldout is None and r.total is not None and r.solved < r.total:  # counts only: which is unknown
                rows.append(FailureRow(domain, config, r.seed, r.run_id, r.solved, r.total, NOT_RECORDED, None,
                                       OTHER, NOT_RECORDED, None, None))  # fmt: skip
                continue
            failed = sorted((t for t in r.heldout or () if not t.solved), key=_by_size)
            if not failed:
                continue
            solved = [t for t in r.heldout or () if t.solved]
            largest = max(solved, key=lambda t: (t.size is not None, t.size or 0, _natural(t.task_id)), default=None)
            first = failed[0]
            rows.append(FailureRow(
                domain, config, r.seed, r.run_id, r.solved, r.total or 0, first.task_id, first.size,
                first.category if first.category in cats else OTHER, first.status,
                largest.task_id if largest else None, largest.size if largest else None,
            ))  # fmt: skip
    rank = {d: i for i, d in enumerate(domain_order(r.domain for r in rows))}
    order = {c: i for i, c in enumerate(config_order(r.config for r in rows))}
    seed = lambda r: r.seed if r.seed is not None else math.inf  # noqa: E731
    return sorted(rows, key=lambda r: (rank[r.domain], order[r.config], seed(r), r.run_id))


#: Task-size bins start at these object counts (a 1-2-5 series: one bin per doubling or so, on any scale).
SIZE_EDGES: tuple[int, ...] = (1, 10, 20, 50, 100, 200, 500, 1000, 2000, 5000, 10000, 20000, 50000)


def size_bin(size: int) -> tuple[int, int | None]:
    """The bin ``[lo, hi)`` of a task of ``size`` objects (``hi`` is ``None`` for the last, open bin)."""
    lo = max((e for e in SIZE_EDGES if e <= size), default=SIZE_EDGES[0])
    later = [e for e in SIZE_EDGES if e > lo]
    return lo, (later[0] if later else None)


@dataclass(frozen=True)
class SizeRow:
    """Held-out tasks of one size bin solved by one configuration, summed over its evaluated runs (seeds)."""

    #: ``(lo, hi)`` objects, ``hi`` excluded and ``None`` for the open last bin; ``None``: size unknown.
    bin: tuple[int, int | None] | None
    config: str
    solved: int
    total: int


def size_coverage(runs: Sequence[RunSummary], labels: Mapping[Path, str] | None = None) -> list[SizeRow]:
    """Coverage by task size (objects, constants included): where a configuration's programs stop
    generalizing, over every domain. Tasks without a known size get their own bin, last."""
    labels = labels if labels is not None else config_labels(runs)
    counts: dict[tuple[tuple[int, int | None] | None, str], list[int]] = {}
    for r in runs:
        for t in r.heldout or ():
            cell = counts.setdefault((size_bin(t.size) if t.size is not None else None, labels[r.path]), [0, 0])
            cell[0] += t.solved
            cell[1] += 1
    bins = sorted({b for b, _ in counts}, key=lambda b: (b is None, b[0] if b else 0))
    configs = config_order(c for _, c in counts)
    return [SizeRow(b, c, *counts[(b, c)]) for b in bins for c in configs if (b, c) in counts]


@dataclass(frozen=True)
class PaperRow:
    """Our coverage of a configuration that runs one of the paper's presets on one of its domains, beside
    the paper's Table 1 figures for that preset (model :data:`genplan.experiments.report.paper.REPORT_MODEL`)."""

    domain: str
    config: str
    preset: str
    #: Ours: the mean over seeds and the best seed (0..1); ``None`` without an evaluated run.
    mean: float | None
    best: float | None
    #: The paper's: the average over its three runs and its best run (0..1).
    paper_mean: float
    paper_best: float


def paper_comparison(
    runs: Sequence[RunSummary], coverage: CoverageTable, labels: Mapping[Path, str] | None = None
) -> list[PaperRow]:
    """A row per (paper domain, configuration whose preset is a column of the paper's Table 1)."""
    labels = labels if labels is not None else config_labels(runs)
    presets = {labels[r.path]: r.preset for r in runs}
    rows = []
    for domain in coverage.domains:
        paper = PAPER_TABLE1.get(domain, {}).get(REPORT_MODEL)
        for config in coverage.configs:
            cell = coverage.cell(domain, config)
            figures = paper.of(presets[config]) if paper is not None and config in presets else None
            if cell is None or cell.mean is None or figures is None:  # nothing of ours to put beside it
                continue
            rows.append(PaperRow(domain, config, presets[config], cell.mean, cell.best, figures[0] / 100,
                                 figures[1] / 100))  # fmt: skip
    return rows


@dataclass(frozen=True)
class Report:
    """Everything a report shows, computed; rendering reads only this."""

    runs: tuple[RunSummary, ...]
    labels: Mapping[Path, str]
    coverage: CoverageTable
    speed: tuple[SpeedRow, ...]
    speed_points: tuple[SpeedPoint, ...]
    errors: tuple[ErrorRow, ...]
    usage: tuple[UsageRow, ...]
    scale: tuple[Mapping[str, Any], ...] = ()
    baselines: tuple[BaselineSet, ...] = ()
    notes: tuple[str, ...] = ()
    cost: tuple[CostRow, ...] = ()
    failures: tuple[FailureRow, ...] = ()
    paper: tuple[PaperRow, ...] = ()
    sizes: tuple[SizeRow, ...] = ()
    #: The versions that made the report (:func:`genplan.execute.provenance.versions`), set when it is read
    #: from disk; empty for a report built from values alone.
    versions: Mapping[str, str | None] = field(default_factory=dict)

    @property
    def incomplete(self) -> tuple[RunSummary, ...]:
        return tuple(r for r in self.runs if not r.evaluated)

    def config_of(self, run: RunSummary) -> str:
        return self.labels[run.path]


def build_report(
    runs: Sequence[RunSummary],
    baselines: Sequence[BaselineSet] = (),
    scale: Sequence[Mapping[str, Any]] = (),
    notes: Sequence[str] = (),
) -> Report:
    """Compute every table of the report from loaded runs, baselines and scale results (``notes``: more
    remarks for the reader, e.g. from loading)."""
    rank = {d: i for i, d in enumerate(domain_order(r.domain for r in runs))}
    runs = sorted(runs, key=lambda r: (rank[r.domain], r.preset, r.seed if r.seed is not None else math.inf, r.run_id))
    labels = config_labels(runs)
    cov = coverage_table(runs, baselines, labels)
    speed, points = speed_comparison(runs, baselines, labels)
    extra = []
    mismatched = sorted({d for (d, _), c in cov.baseline_cells.items() if not c.same_tasks})
    if mismatched and runs:
        extra.append(
            "The baselines of " + ", ".join(mismatched) + " do not cover exactly the runs' held-out tasks; "
            "their coverage is counted on their own tasks."
        )
    with_baselines = {b.domain for b in baselines}
    no_ff = [d for d in cov.domains if d in with_baselines and not any(r.domain == d for r in speed)]
    if no_ff and runs:
        extra.append("No ff baseline to compare programs with for: " + ", ".join(no_ff) + ".")
    if not baselines:
        extra.append(
            "No symbolic baselines were used (none in the cache for these runs' suite, or `--baselines none`), so "
            "there are no symbolic columns and no comparison with ff: "
            f"`genplan baselines --planners lmcut,ff --planner-time-limit 45{suite_option(runs)}` computes them."
        )
    keys = sorted({(r.family, r.domain) for r in runs})
    for family, domain in keys:
        used = {baseline_spec(b) for b in baselines if (b.suite, b.domain) == (family, domain)}
        if baselines and not used:
            extra.append(f"No baseline results for {domain} ({family}).")
    return Report(
        runs=tuple(runs),
        labels=labels,
        coverage=cov,
        speed=tuple(speed),
        speed_points=tuple(points),
        errors=tuple(error_distribution(runs, labels)),
        usage=tuple(usage_summary(runs, labels)),
        scale=tuple(scale),
        baselines=tuple(baselines),
        notes=(*notes, *extra),
        cost=tuple(cost_comparison(runs, labels)),
        failures=tuple(failure_analysis(runs, labels)),
        paper=tuple(paper_comparison(runs, cov, labels)),
        sizes=tuple(size_coverage(runs, labels)),
    )
