"""Reports over many runs: the paper's tables (coverage, programs vs ff, error types) plus LLM usage.

Three layers, kept apart so each can be tested and reused on its own:

1. **loading** reads run folders, baseline files and scale files into plain frozen dataclasses
   (:class:`RunSummary`, :class:`genplan.baselines.BaselineSet`); nothing later touches the disk;
2. **computing** turns them into the numbers of each table (:func:`coverage_table`,
   :func:`speed_comparison`, :func:`error_distribution`, :func:`usage_summary`, all gathered by
   :func:`build_report`), and then into format-neutral :class:`Table` values;
3. **rendering** writes Markdown, one CSV per table and one self-contained HTML page
   (:func:`write_report`; plots come from :mod:`genplan.plots`).

Choices that decide the numbers, stated once (the report repeats them in its notes):

- a *configuration* is the preset a run started from; runs that share a preset but differ in another
  setting (model, suite, limits, ...) are told apart by a suffix, so different protocols are never
  averaged together; the seed is what varies within a configuration;
- coverage is the share of held-out tasks solved in every input ordering; a run without a held-out
  evaluation (crashed, stopped, still running, no program) is listed as incomplete and left out of
  the mean, never counted as 0 behind the reader's back;
- programs are compared with ff on tasks both solved, using each domain's best seed (as the paper
  does) and the ff baseline with the largest time limit; times below 1 ms count as 1 ms (the clocks'
  resolution), and tasks whose ff plan is empty have no plan-length ratio;
- LLM cost is summed only where every call had a known price; otherwise it is "unknown";
- what coverage cost is compared per configuration on the domains every compared configuration has an
  evaluated run of (:func:`cost_comparison`): calls and tokens a run needed (paid or from the cache, see
  :mod:`genplan.efficiency`), the cost paid, and coverage per call and per 1,000 tokens (the mean
  coverage over the mean calls or tokens).
"""

from __future__ import annotations

import csv
import hashlib
import io
import json
import math
import re
from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from genplan.baselines import BaselineSet
from genplan.efficiency import run_cost
from genplan.errors import GenplanError

#: The paper's domain order: Silver et al.'s seven domains, then the additional ten.
PAPER_DOMAINS: tuple[str, ...] = (
    "delivery", "ferry", "gripper", "heavy", "hiking", "miconic", "spanner",
    "beluga", "blocksworld", "goldminer", "grippers", "logistics", "minigrid",
    "rovers", "satellite", "transport", "visitall",
)  # fmt: skip
#: The paper's column order of configurations (Bas, F5-3, F3-6, -MC, -SD, -CR); others follow sorted.
PAPER_CONFIGS: tuple[str, ...] = ("baseline", "F5-3", "F3-6", "no-multi", "no-strategy-debug", "no-reflection")
#: Times below this many seconds are counted as this (no clock measures a run of 0 s).
MIN_TIME = 1e-3
#: Settings that do not change what a run computes within a configuration: the seed varies on purpose,
#: the others are budgets, locations and patience (and those of genplan.config.NOT_COMPUTED).
_NOT_PROTOCOL = frozenset({"preset", "seed", "llm_seed", "max_calls", "max_cost", "api_base", "llm_timeout",
                           "llm_concurrency"})  # fmt: skip
ALL = "all"


# ============================================================================================ loading
@dataclass(frozen=True)
class HeldoutTask:
    """One held-out task of a run's selected program (a row of ``5-heldout.json``)."""

    task_id: str
    solved: bool
    #: ``"solved"``, the executor status or the validator's error kind of the first failing ordering.
    status: str
    #: The paper's error category (``None`` when solved).
    category: str | None
    #: The slowest ordering's runtime in seconds.
    runtime: float
    plan_length: int | None


@dataclass(frozen=True)
class LLMUsage:
    """What one run's LLM calls used, over all its sessions (the first try, then each resume).

    ``calls`` is how many calls the run needed: the largest session (a resumed session replays every
    earlier call from the cache, so the last complete one made them all). Tokens and cost are what the
    run *paid*: calls answered from the cache (the run's own earlier sessions, or another run that asked
    the same) cost nothing again. ``cost`` is ``None`` when some paid call had no known price.
    """

    #: ``None`` when the run has no usage record.
    calls: int | None = None
    paid_calls: int = 0
    cached_calls: int = 0
    failed_calls: int = 0
    prompt_tokens: int = 0
    completion_tokens: int = 0
    cost: float | None = None
    #: The part of the cost that is known (a lower bound when ``cost`` is ``None``).
    known_cost: float = 0.0
    sessions: int = 0
    #: Prompt and completion tokens of the calls the run needed, paid or from the cache
    #: (:func:`genplan.efficiency.run_cost`); ``None`` without a usage record.
    tokens: int | None = None


@dataclass(frozen=True)
class RunSummary:
    """What a report needs from one run folder."""

    path: Path
    run_id: str
    domain: str
    #: The suite as the run named it (``config.json``); see :func:`suite_family`.
    suite: str
    #: The suite's folder when the run was made.
    suite_root: str
    preset: str
    model: str
    seed: int | None
    #: A hash of the settings that define the protocol (everything but the seed, budgets, locations).
    settings_key: str
    status: str
    message: str
    #: ``None`` when the run has no held-out evaluation.
    heldout: tuple[HeldoutTask, ...] | None
    usage: LLMUsage
    wall_time_s: float | None = None
    #: Why the held-out evaluation could not be read, if it exists but is unusable.
    problem: str | None = None
    #: The label its baselines are filed under (see :func:`suite_family`).
    family: str = "builtin"

    @property
    def evaluated(self) -> bool:
        return self.heldout is not None

    @property
    def solved(self) -> int:
        return sum(t.solved for t in self.heldout or ())

    @property
    def coverage(self) -> float | None:
        if not self.heldout:
            return None
        return self.solved / len(self.heldout)


def suite_family(suite: str, domain: str, suite_root: str = "", registry: Mapping[str, Path] | None = None) -> str:
    """The label baseline files are filed under for the suite a run used, so runs find their baselines.

    Runs record ``Suite.name`` and the suite's folder; :func:`genplan.baselines.suite_label` files results
    under ``builtin``, a registered suite's name, or a folder's name (a one-domain folder's parent). This
    maps the first onto the second: a folder inside a registered suite (``registry``: name -> path) gets
    that name; ``<dataset>/<domain>`` gets the dataset; a suite named otherwise than its domain is a
    registered one-domain suite (a renamed variant); else the builtin suite, or a folder's parent.
    """
    from genplan.benchmarks.domains import BENCHMARKS_DIR

    name = suite.strip().rstrip("/")
    root = Path(suite_root).resolve() if suite_root else None
    for label, path in sorted((registry or {}).items()):
        where = Path(path).resolve()
        if root is not None and (root == where or where in root.parents):
            return _label(label)
    if "/" in name:
        return _label(name.rsplit("/", 1)[0])
    if name != domain:
        return _label(name)
    if root is None or root == (BENCHMARKS_DIR / domain).resolve() or root.parent.name == BENCHMARKS_DIR.name:
        return "builtin"
    return _label(root.parent.name)


def _label(name: str) -> str:
    """A file-system-safe label, spelled as :mod:`genplan.baselines` spells it."""
    return re.sub(r"[^A-Za-z0-9._+-]+", "-", name).strip("-") or "suite"


def _read_json(path: Path) -> tuple[Any, str | None]:
    """The parsed file, or ``(None, reason)`` when it is missing or corrupt."""
    try:
        return json.loads(path.read_text(encoding="utf-8")), None
    except FileNotFoundError:
        return None, None
    except (OSError, ValueError) as exc:
        return None, f"{path.name} is unreadable ({type(exc).__name__})"


def _settings_key(config: Mapping[str, Any]) -> str:
    """Runs of one preset with the same key are one configuration; settings added to genplan later are
    left out at their old value, as in the run id, so older runs of a preset stay in its column."""
    from genplan.config import protocol_settings

    payload = {k: v for k, v in sorted(protocol_settings(dict(config)).items()) if k not in _NOT_PROTOCOL}
    return hashlib.sha256(json.dumps(payload, sort_keys=True, default=str).encode()).hexdigest()[:6]


def _heldout_tasks(data: Mapping[str, Any]) -> tuple[HeldoutTask, ...]:
    return tuple(
        HeldoutTask(
            task_id=str(t["task_id"]),
            solved=bool(t["solved"]),
            status=str(t.get("status") or ("solved" if t["solved"] else "unknown")),
            category=t.get("category"),
            runtime=float(t.get("runtime") or 0.0),
            plan_length=t.get("plan_length"),
        )
        for t in data["tasks"]
    )


def _run_usage(root: Path) -> LLMUsage:
    """The run's ``usage.json``: totals summed over its sessions, and each session's own totals."""
    usage, _ = _read_json(root / "usage.json")
    total = (usage or {}).get("total")
    if not total:
        return LLMUsage()
    sessions = [s.get("total") or {} for s in usage.get("sessions") or [usage]]
    return LLMUsage(
        calls=max(int(s.get("calls", 0)) for s in sessions),
        paid_calls=int(total.get("paid_calls", 0)),
        cached_calls=int(total.get("cached_calls", 0)),
        failed_calls=int(total.get("failed_calls", 0)),
        prompt_tokens=int(total.get("prompt_tokens") or 0),
        completion_tokens=int(total.get("completion_tokens") or 0),
        cost=total.get("cost"),
        known_cost=float(total.get("known_cost") or 0.0),
        sessions=len(sessions),
        tokens=run_cost(usage).tokens,
    )


def load_run(path: str | Path, registry: Mapping[str, Path] | None = None) -> RunSummary:
    """Read one run folder (``<runs>/<domain>/<run-id>/``) without changing it; ``registry`` (registered
    suite names -> folders) names the suite as its baselines are filed."""
    root = Path(path)
    info, info_problem = _read_json(root / "run.json")
    info = info or {}
    cfg_doc, cfg_problem = _read_json(root / "config.json")
    cfg_doc = cfg_doc or {}
    config = cfg_doc.get("config") or {}
    heldout_doc, problem = _read_json(root / "5-heldout.json")
    heldout = None
    if heldout_doc is not None:
        try:
            heldout = _heldout_tasks(heldout_doc)
        except (KeyError, TypeError, ValueError):
            problem = "5-heldout.json is not in the format of a held-out evaluation"
    problem = problem or info_problem or cfg_problem
    if not config:
        problem = problem or "config.json is missing"
    domain = str(info.get("domain") or root.parent.name)
    suite = str(cfg_doc.get("suite") or domain)
    suite_root = str(cfg_doc.get("suite_root") or "")
    return RunSummary(
        path=root,
        run_id=root.name,
        domain=domain,
        suite=suite,
        suite_root=suite_root,
        preset=str(config.get("preset") or "unknown"),
        model=str(config.get("model") or "unknown"),
        seed=config.get("seed"),
        settings_key=_settings_key(config),
        status=str(info.get("status") or "unknown"),
        message=str(info.get("message") or ""),
        heldout=heldout,
        usage=_run_usage(root),
        wall_time_s=info.get("wall_time_s"),
        problem=problem,
        family=suite_family(suite, domain, suite_root, registry),
    )


def _run_folders(path: Path) -> list[Path]:
    """Run folders at or below ``path``: a run folder, a domain folder, a runs root or a cache root."""
    if (path / "run.json").is_file() or (path / "config.json").is_file():
        return [path]
    if (path / "runs").is_dir() and not (path / "runs" / "run.json").is_file():
        path = path / "runs"
    found = sorted(p.parent for p in path.glob("*/run.json"))
    found += sorted(p.parent for p in path.glob("*/*/run.json"))
    return found


def find_runs(
    paths: Sequence[str | Path] = (),
    *,
    runs_root: str | Path | None = None,
    cache_dir: str | Path | None = None,
    suite: str | None = None,
) -> list[RunSummary]:
    """The runs to report: the given folders (runs, domain folders, runs roots or cache roots), else every
    run under ``runs_root`` (default ``<cache>/runs``, the folders :func:`genplan.runs.list_runs` reads).
    ``suite`` keeps the runs of one dataset."""
    from genplan.benchmarks.registry import load_registry
    from genplan.runs import runs_root as default_root

    roots = [Path(p) for p in paths] or [Path(runs_root) if runs_root is not None else default_root(cache_dir)]
    folders: list[Path] = []
    for root in roots:
        if not root.is_dir():
            what = "run folder" if paths else "runs folder"
            raise GenplanError(f"The {what} {root} does not exist, so there are no runs to report.",
                               hint="Check the path, or pass --cache-dir or --runs-root.")  # fmt: skip
        below = _run_folders(root)
        if not below and paths:
            raise GenplanError(
                f"{root} holds no run (no run.json in it or in the folders below it).",
                hint="Pass run folders (<cache>/runs/<domain>/<run-id>), a domain folder or a runs root.",
            )
        folders += below
    unique = sorted({f.resolve() for f in folders})
    registry = {name: entry.path for name, entry in load_registry(cache_dir).items()}
    runs = [load_run(f, registry) for f in unique]
    if suite is not None:
        from genplan.baselines import suite_label

        wanted = suite_label(suite, cache_dir)
        runs = [r for r in runs if r.family == wanted]
    if not runs:
        where = ", ".join(str(r) for r in roots)
        raise GenplanError(
            f"No runs to report under {where}" + (f" for the suite {suite!r}." if suite else "."),
            hint="Run `genplan synthesize` or `genplan benchmark` first, or pass run folders, --runs-root or "
            "--cache-dir.",
        )
    return runs


def select_baselines(baselines: Sequence[BaselineSet], spec: str) -> list[BaselineSet]:
    """``all``, ``none``, or a comma list like ``lmcut-45,ff-1800`` (planner, dash, time limit in s)."""
    spec = spec.strip()
    if spec == "all":
        return list(baselines)
    if spec in {"none", ""}:
        return []
    wanted: list[tuple[str, float]] = []
    for item in (s.strip() for s in spec.split(",")):
        planner, _, limit = item.rpartition("-")
        try:
            wanted.append((planner, float(limit.removesuffix("s"))))
        except ValueError:
            planner = ""
        if not planner:
            raise GenplanError(
                f"The baseline {item!r} is not of the form PLANNER-SECONDS.",
                hint="Use for example --baselines lmcut-45,ff-45, or all, or none.",
            )
    chosen = [b for b in baselines if (b.planner, b.time_limit) in wanted]
    missing = [f"{p}-{t:g}" for p, t in wanted if not any((b.planner, b.time_limit) == (p, t) for b in chosen)]
    if missing:
        have = sorted({_spec(b) for b in baselines})
        raise GenplanError(
            f"No baseline results for {', '.join(missing)}.",
            hint=(f"Available: {', '.join(have)}. " if have else "There are no baseline results yet. ")
            + "Compute them with `genplan baselines --planners ... --time-limits ...`.",
        )
    return chosen


def _spec(b: BaselineSet) -> str:
    """How ``--baselines`` names a baseline: ``ff-45``."""
    return f"{b.planner}-{b.time_limit:g}"


# ========================================================================================== computing
def domain_order(domains: Iterable[str]) -> list[str]:
    """The paper's order for its 17 domains; any other domain (a renamed variant, a new one) after them."""
    present = set(domains)
    return [d for d in PAPER_DOMAINS if d in present] + sorted(present - set(PAPER_DOMAINS))


def _config_order(names: Iterable[str]) -> list[str]:
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
    return CoverageTable(tuple(domains), tuple(_config_order(labels.values())), tuple(blabels), cells, bcells)


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
        for config in _config_order(c for d, c in groups if d == domain):
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
    for config in _config_order(pooled):
        rows.append(_speed_row(ALL, config, "", None, ", ".join(sorted(used[config])), pooled[config]))
    return rows, points


#: Failed tasks whose category is unknown (e.g. an evaluation that did not finish a task).
OTHER = "other"


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
    evaluated = [r for r in group if r.heldout is not None]
    with_errors = 0
    for r in evaluated:
        failures = [t for t in r.heldout or () if not t.solved]
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
        tasks=sum(len(r.heldout or ()) for r in evaluated),
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
    for config in _config_order(c for _, c in groups):
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
    wall_time_s: float = 0.0


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
        wall_time_s=sum(r.wall_time_s or 0.0 for r in group),
    )


def usage_summary(runs: Sequence[RunSummary], labels: Mapping[Path, str] | None = None) -> list[UsageRow]:
    """Per domain and configuration, then per configuration over all domains, then everything."""
    labels = labels if labels is not None else config_labels(runs)
    groups = _groups(runs, labels)
    rows = []
    for domain in domain_order(d for d, _ in groups):
        for config in _config_order(c for d, c in groups if d == domain):
            rows.append(_usage_row(domain, config, groups[(domain, config)]))
    configs = _config_order(c for _, c in groups)
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
    """Per domain and configuration, then per configuration over the shared domains (the mean of the
    per-domain means, so a domain with more seeds does not weigh more)."""
    labels = labels if labels is not None else config_labels(runs)
    groups = _groups(runs, labels)
    rows = []
    for domain in domain_order(d for d, _ in groups):
        for config in _config_order(c for d, c in groups if d == domain):
            rows.append(_cost_row(domain, config, groups[(domain, config)]))
    shared = set(shared_domains(runs, labels))
    for config in _config_order(c for _, c in groups):
        mine = [r for r in rows if r.config == config and r.domain in shared]
        rows.append(CostRow(
            ALL, config, len(mine), calls=_mean([r.calls for r in mine]) if mine else None,
            tokens=_mean([r.tokens for r in mine]) if mine else None,
            cost=_mean([r.cost for r in mine]) if mine else None,
            coverage=_mean([r.coverage for r in mine]) if mine else None,
        ))  # fmt: skip
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
        extra.append("No baselines were used, so there are no symbolic columns and no comparison with ff.")
    keys = sorted({(r.family, r.domain) for r in runs})
    for family, domain in keys:
        used = {_spec(b) for b in baselines if (b.suite, b.domain) == (family, domain)}
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
    )


# ======================================================================================= tables
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


def fmt(value: Any, kind: str) -> str:
    """A value as printed in Markdown and HTML (``-`` for nothing)."""
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


def _csv_value(value: Any, kind: str) -> Any:
    """The bare value: percentages as printed (0-100, unrounded), nothing as an empty cell."""
    if isinstance(value, Flagged):
        value = value.value
    if value is None:
        return ""
    if kind == "pct":
        return round(100 * value, 4)
    if isinstance(value, float):
        return round(value, 6)
    return value


INCOMPLETE_MARK = "*"
FEWER_DOMAINS_MARK = "†"
OTHER_TASKS_MARK = "‡"


def coverage_view(report: Report) -> Table:
    cov = report.coverage
    columns = [Column("domain")]
    columns += [Column(f"{c} mean", "pct") for c in cov.configs]
    columns += [Column(f"{c} best", "pct") for c in cov.configs]
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
        rows.append((d, *mean, *best, *base, *extra))
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
    rows.append(("average", *avg_mean, *avg_best, *avg_base, *([None, "", None] * len(cov.configs))))
    notes = [
        "Percentage of held-out tasks solved in every input ordering: the mean over seeds and the best seed "
        "per configuration, symbolic planners (planner, time limit) on the same tasks."
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
    cats = error_categories()
    extra = (OTHER,) if any(r.failed_by_category.get(OTHER) for r in report.errors) else ()
    names = cats + extra
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
    task_rows = tuple(
        (r.config, r.domain, r.runs, r.tasks, r.failed, *(r.failed_by_category.get(c, 0) for c in names))
        for r in report.errors
    )
    tasks = Table(
        "errors_by_domain",
        "Failed held-out tasks by error type",
        task_cols,
        task_rows,
        ("Failed held-out tasks summed over the seeds, by the category of their first failing ordering.",),
        tuple(i for i, r in enumerate(report.errors) if r.domain == ALL),
    )
    statuses = sorted({s for r in totals for s in r.by_status})
    status_cols = (Column("configuration"), *(Column(s, "int") for s in statuses))
    status_rows = tuple((r.config, *(r.by_status.get(s, 0) for s in statuses)) for r in totals)
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
    notes = [
        "Calls: the LLM calls the runs needed (a resumed run's replayed calls counted once); paid calls, tokens "
        "and cost: what was sent to the provider, over every session of each run (answers from the cache are "
        "free). A cost is summed only when every paid call had a known price; otherwise it is unknown, with the "
        "known part as a lower bound."
    ]
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
    rows = tuple(
        (c.domain, c.config, c.runs, c.calls, None if c.tokens is None else round(c.tokens), c.cost, c.coverage,
         c.per_call, c.per_kilotoken)
        for c in report.cost
    )  # fmt: skip
    shared = shared_domains(report.runs, report.labels)
    configs = sorted({report.config_of(r) for r in report.runs})
    notes = [
        "Per run, over the runs with a held-out evaluation: the LLM calls and tokens the run needed (paid or "
        "answered from the cache), the dollars paid (unknown when some price was), and the held-out coverage (%); "
        "per call and per 1k tokens: coverage points per call and per 1,000 tokens (the mean coverage over the "
        "mean calls or tokens).",
        f"Rows 'all' compare the configurations on the {len(shared)} domain(s) each of them has an evaluated run "
        f"of ({', '.join(shared) or 'none'}): the mean of the per-domain means."
        + (" Configurations: " + ", ".join(configs) + "." if len(configs) > 1 else ""),
    ]
    totals = tuple(i for i, c in enumerate(report.cost) if c.domain == ALL)
    return Table("cost", "What the coverage cost", columns, rows, tuple(notes), totals)


def runs_table(report: Report) -> Table:
    columns = (
        Column("domain"),
        Column("configuration"),
        Column("seed", "int"),
        Column("status"),
        Column("coverage", "pct"),
        Column("solved", "int"),
        Column("held-out", "int"),
        Column("model"),
        Column("suite"),
        Column("run"),
        Column("path", csv_only=True),
    )
    rows = tuple(
        (
            r.domain,
            report.config_of(r),
            r.seed,
            r.status,
            r.coverage,
            r.solved if r.evaluated else None,
            len(r.heldout) if r.heldout is not None else None,
            r.model,
            r.family,
            r.run_id,
            str(r.path),
        )
        for r in report.runs
    )
    return Table("runs", "Runs", columns, rows)


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
        Column("program time (s)", "ratio"),
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


def report_tables(report: Report) -> list[Table]:
    """Every table of the report, in the order they appear."""
    tables = [coverage_view(report)]
    if report.incomplete:
        tables.append(incomplete_table(report))
    tables.append(speed_table(report))
    tables += list(error_tables(report))
    tables.append(usage_table(report))
    tables.append(cost_table(report))
    tables += scale_tables(report)
    tables.append(runs_table(report))
    return tables


# ========================================================================================= rendering
def _shown(table: Table) -> list[int]:
    return [i for i, c in enumerate(table.columns) if not c.csv_only]


def table_markdown(table: Table) -> str:
    idx = _shown(table)
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


def table_csv(table: Table) -> str:
    buf = io.StringIO()
    writer = csv.writer(buf, lineterminator="\n")
    writer.writerow([c.name for c in table.columns])
    for row in table.rows:
        writer.writerow([_csv_value(v, c.kind) for v, c in zip(row, table.columns, strict=True)])
    return buf.getvalue()


def _esc(text: str) -> str:
    import html

    return html.escape(text, quote=True)


def table_html(table: Table) -> str:
    idx = _shown(table)
    head = "".join(f"<th>{_esc(table.columns[i].name)}</th>" for i in idx)
    body = []
    for n, row in enumerate(table.rows):
        cls = ' class="total"' if n in table.total_rows else ""
        tds = "".join(
            f'<td class="{"txt" if table.columns[i].kind == "text" else "num"}">'
            f"{_esc(fmt(row[i], table.columns[i].kind))}</td>"
            for i in idx
        )
        body.append(f"<tr{cls}>{tds}</tr>")
    notes = "".join(f'<p class="note">{_esc(n)}</p>' for n in table.notes)
    return f'<table id="{_esc(table.key)}"><thead><tr>{head}</tr></thead><tbody>{"".join(body)}</tbody></table>{notes}'


#: Plot files and their captions, in the order they are shown.
PLOTS: dict[str, str] = {
    "coverage.png": "Mean held-out coverage per domain and configuration, symbolic baselines on the right.",
    "runtime.png": "Program runtime against ff runtime on commonly solved tasks (best seed, log-log); points "
    "above the diagonal are tasks where the program is faster.",
    "scaling.png": "Program and planner runtime as generated tasks grow (log-log), and coverage per size.",
}


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


def _sections(report: Report) -> list[tuple[str, list[Table], list[str]]]:
    """(heading, tables, plot files) in reading order."""
    tables = {t.key: t for t in report_tables(report)}
    plots = available_plots(report)
    out: list[tuple[str, list[Table], list[str]]] = [
        (
            "Coverage",
            [tables["coverage"]] + ([tables["incomplete"]] if "incomplete" in tables else []),
            [p for p in ("coverage.png",) if p in plots],
        ),
        ("Programs vs ff", [tables["speed"]], [p for p in ("runtime.png",) if p in plots]),
        ("Error types", [tables["errors"], tables["errors_by_domain"], tables["errors_by_status"]], []),
        ("LLM usage", [tables["usage"]], []),
        ("Cost of the coverage", [tables["cost"]], []),
    ]
    scale = [t for k, t in tables.items() if k.startswith("scale_")]
    if scale:
        out.append(("Scaling", scale, [p for p in ("scaling.png",) if p in plots]))
    out.append(("Runs", [tables["runs"]], []))
    return out


def available_plots(report: Report) -> list[str]:
    """The plots this report has data for."""
    out = ["coverage.png"]
    if report.speed_points:
        out.append("runtime.png")
    if report.scale:
        out.append("scaling.png")
    return out


def render_markdown(report: Report, images: Iterable[str] = ()) -> str:
    """The report as Markdown; ``images`` are plot files written next to it, linked where they belong."""
    images = set(images)
    out = ["# genplan report", "", *_summary_lines(report)]
    if report.notes:
        out += ["", *(f"- {n}" for n in report.notes)]
    for heading, tables, plots in _sections(report):
        out += ["", f"## {heading}"]
        for t in tables:
            out += ["", f"### {t.title}", "", table_markdown(t)]
            out += [""] + [f"_{n}_" for n in t.notes] if t.notes else []
        for p in plots:
            if p in images:
                out += ["", f"![{PLOTS[p]}]({p})"]
    return "\n".join(out).rstrip() + "\n"


_CSS = """
body { font-family: system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; margin: 2rem auto; max-width: 1200px;
       padding: 0 1rem; color: #222; line-height: 1.45; }
h1 { font-size: 1.6rem; } h2 { margin-top: 2.2rem; border-bottom: 1px solid #ddd; padding-bottom: .2rem; }
h3 { font-size: 1.05rem; margin-top: 1.4rem; }
.scroll { overflow-x: auto; }
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
"""


def render_html(report: Report, images: Mapping[str, bytes] | None = None) -> str:
    """One self-contained page: the tables, and the plots as base64 PNG data URIs."""
    import base64

    images = images or {}
    parts = [
        "<!DOCTYPE html>",
        '<html lang="en"><head><meta charset="utf-8">',
        '<meta name="viewport" content="width=device-width, initial-scale=1">',
        "<title>genplan report</title>",
        f"<style>{_CSS}</style></head><body>",
        "<h1>genplan report</h1>",
        *(f"<p>{_esc(line)}</p>" for line in _summary_lines(report)),
    ]
    if report.notes:
        parts.append('<ul class="notes">' + "".join(f"<li>{_esc(n)}</li>" for n in report.notes) + "</ul>")
    for heading, tables, plots in _sections(report):
        parts.append(f"<h2>{_esc(heading)}</h2>")
        for t in tables:
            parts.append(f'<h3>{_esc(t.title)}</h3><div class="scroll">{table_html(t)}</div>')
        for p in plots:
            if p in images:
                data = base64.b64encode(images[p]).decode("ascii")
                parts.append(
                    f'<figure><img alt="{_esc(PLOTS[p])}" src="data:image/png;base64,{data}">'
                    f"<figcaption>{_esc(PLOTS[p])}</figcaption></figure>"
                )
    parts.append("</body></html>")
    return "\n".join(parts) + "\n"


def make_plots(report: Report, out: Path) -> dict[str, Path]:
    """Draw the report's plots into ``out``; returns the files written by name."""
    from genplan import plots

    wanted = available_plots(report)
    done: dict[str, Path] = {}
    cov = report.coverage
    if "coverage.png" in wanted:
        columns = [*cov.configs, *cov.baselines]
        values = [[_cell_value(cov, d, c) for c in columns] for d in cov.domains]
        averages = [cov.average(c)[0] for c in cov.configs] + [cov.baseline_average(b)[0] for b in cov.baselines]
        done["coverage.png"] = plots.coverage_heatmap(
            list(cov.domains), columns, values, out / "coverage.png", n_configs=len(cov.configs), averages=averages
        )
    if "runtime.png" in wanted:
        ffs = sorted({r.ff for r in report.speed if r.domain != ALL})
        done["runtime.png"] = plots.runtime_scatter(
            [(p.domain, p.config, p.program_time, p.ff_time) for p in report.speed_points],
            out / "runtime.png",
            domains=domain_order(p.domain for p in report.speed_points),
            configs=_config_order(p.config for p in report.speed_points),
            ff_label=", ".join(ffs),
        )
    if "scaling.png" in wanted:
        from genplan.scale import plot_scaling

        done["scaling.png"] = plot_scaling([dict(s) for s in report.scale], out / "scaling.png")
    return done


def _cell_value(cov: CoverageTable, domain: str, column: str) -> float | None:
    if column in cov.configs:
        cell = cov.cell(domain, column)
        return cell.mean if cell else None
    bc = cov.baseline_cells.get((domain, column))
    return bc.coverage if bc else None


@dataclass(frozen=True)
class ReportFiles:
    """What :func:`write_report` wrote."""

    markdown: Path
    html: Path
    csv: tuple[Path, ...]
    plots: tuple[Path, ...]


def write_report(report: Report, out: str | Path) -> ReportFiles:
    """Write ``report.md``, ``report.html``, one CSV per table and the plots (PNG) into ``out``."""
    folder = Path(out)
    if folder.exists() and not folder.is_dir():
        raise GenplanError(f"The report folder {folder} is a file.", hint="Pass a folder with --out.")
    folder.mkdir(parents=True, exist_ok=True)
    csvs = []
    for t in report_tables(report):
        path = folder / f"{t.key}.csv"
        path.write_text(table_csv(t), encoding="utf-8")
        csvs.append(path)
    drawn = make_plots(report, folder)
    md = folder / "report.md"
    md.write_text(render_markdown(report, drawn), encoding="utf-8")
    html_path = folder / "report.html"
    html_path.write_text(render_html(report, {k: p.read_bytes() for k, p in drawn.items()}), encoding="utf-8")
    return ReportFiles(md, html_path, tuple(csvs), tuple(drawn.values()))


def report_from_disk(
    run_dirs: Sequence[str | Path] = (),
    *,
    runs_root: str | Path | None = None,
    baselines: str = "all",
    scale_files: Sequence[str | Path] = (),
    suite: str | None = None,
    cache_dir: str | Path | None = None,
) -> Report:
    """What ``genplan report`` computes: find and load the runs, the chosen baselines and scale files."""
    from genplan.baselines import load_baselines
    from genplan.scale import load_scale

    chosen = select_baselines(load_baselines(cache_dir), baselines)
    try:
        runs = find_runs(run_dirs, runs_root=runs_root, cache_dir=cache_dir, suite=suite)
    except GenplanError:
        # No runs yet, but baselines of the asked suite: their columns alone are still worth a report.
        if run_dirs or suite is None:
            raise
        from genplan.baselines import suite_label

        only = [b for b in chosen if b.suite == suite_label(suite, cache_dir)]
        if not only:
            raise
        note = f"No synthesis runs of the suite {suite!r} yet: the symbolic baselines only."
        return build_report([], only, [load_scale(p) for p in scale_files], [note])
    families = {(r.family, r.domain) for r in runs}
    notes = []
    for family, domain in sorted(families):
        elsewhere = sorted({b.suite for b in chosen if b.domain == domain and b.suite != family})
        if elsewhere and not any((b.suite, b.domain) == (family, domain) for b in chosen):
            notes.append(
                f"The {domain} runs used the suite {family!r}, but its baselines were computed for "
                f"{', '.join(map(repr, elsewhere))}; they are left out (run `genplan baselines` with the runs' suite)."
            )
    chosen = [b for b in chosen if (b.suite, b.domain) in families]
    return build_report(runs, chosen, [load_scale(p) for p in scale_files], notes)
