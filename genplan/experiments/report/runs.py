"""Loading: run folders and baseline choices into frozen dataclasses (:class:`RunSummary`, lists of
:class:`genplan.experiments.baselines.BaselineSet`). This is the only layer of the report that reads the disk; what
follows (:mod:`genplan.experiments.report.tables`, the views and the renderers) works on these values alone.

A run that cannot be read fully is still loaded: what is missing becomes ``heldout=None`` and a
``problem`` saying why, so the report lists it as incomplete instead of failing.
"""

from __future__ import annotations

import hashlib
import json
import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

from genplan.core.errors import GenplanError
from genplan.experiments.baselines import BaselineSet
from genplan.runs.cost import run_cost

#: Settings that do not change what a run computes within a configuration: the seed varies on purpose,
#: the others are budgets, locations and patience (and those of genplan.protocols.config.NOT_COMPUTED).
_NOT_PROTOCOL = frozenset({"preset", "seed", "llm_seed", "max_calls", "max_cost", "api_base", "llm_timeout",
                           "llm_concurrency"})  # fmt: skip


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
    #: Objects in the task, constants included (:attr:`genplan.pddl.Task.size`); ``None`` until
    #: :func:`add_task_sizes` finds it (the evaluation files do not record it).
    size: int | None = None


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
    #: (:func:`genplan.runs.cost.run_cost`); ``None`` without a usage record.
    tokens: int | None = None
    #: The same split into prompt and completion tokens.
    needed_prompt_tokens: int = 0
    needed_completion_tokens: int = 0


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
    #: The IPC quality score of the held-out evaluation, when the suite had reference costs.
    quality: float | None = None
    #: What solved the held-out tasks: "program", or "search" (a heuristic genplan searched with). A
    #: run's coverage is always of one kind; runs from before search artifacts are programs.
    kind: str = "program"
    #: Solved and total held-out tasks when only the counts are known (a published results folder records
    #: them, not each task's outcome); ``None`` for a run folder, whose ``heldout`` has every task.
    counts: tuple[int, int] | None = None
    #: The selected program's file (the report links it), when there is one, and its sha256.
    program: Path | None = None
    program_sha256: str | None = None
    #: The limits its held-out evaluation ran under (seconds and MiB a run, input orderings), when known.
    limits: tuple[float, int, int] | None = None

    @property
    def evaluated(self) -> bool:
        return self.heldout is not None or self.counts is not None

    @property
    def solved(self) -> int:
        if self.heldout is None and self.counts is not None:
            return self.counts[0]
        return sum(t.solved for t in self.heldout or ())

    @property
    def total(self) -> int | None:
        """Held-out tasks evaluated (``None`` without an evaluation)."""
        if self.heldout is not None:
            return len(self.heldout)
        return self.counts[1] if self.counts is not None else None

    @property
    def coverage(self) -> float | None:
        total = self.total
        if not total:
            return None
        return self.solved / total


def suite_family(suite: str, domain: str, suite_root: str = "", registry: Mapping[str, Path] | None = None) -> str:
    """The label baseline files are filed under for the suite a run used, so runs find their baselines.

    Runs record ``Suite.name`` and the suite's folder; :func:`genplan.experiments.baselines.suite_label` files results
    under ``builtin``, a registered suite's name, or a folder's name (a one-domain folder's parent). This
    maps the first onto the second: a folder inside a registered suite (``registry``: name -> path) gets
    that name; ``<dataset>/<domain>`` gets the dataset; a suite named otherwise than its domain is a
    registered one-domain suite (a renamed variant); else the builtin suite, or a folder's parent.
    """
    from genplan.generators.domains import BENCHMARKS_DIR

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
    """A file-system-safe label, spelled as :mod:`genplan.experiments.baselines` spells it."""
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
    from genplan.protocols.config import protocol_settings

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
    needed = run_cost(usage)
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
        tokens=needed.tokens,
        needed_prompt_tokens=needed.prompt_tokens,
        needed_completion_tokens=needed.completion_tokens,
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
    program = root / "program.py"
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
        quality=_quality(heldout_doc),
        kind=str((heldout_doc.get("kind") if isinstance(heldout_doc, dict) else None) or info.get("kind") or "program"),
        program=program if program.is_file() else None,
        program_sha256=hashlib.sha256(program.read_bytes()).hexdigest() if program.is_file() else None,
        limits=_limits(config),
    )


def _limits(config: Mapping[str, Any]) -> tuple[float, int, int] | None:
    """Seconds and MiB a program run, and input orderings, as the run's configuration set them."""
    try:
        return float(config["timeout"]), int(config["memory_mb"]), int(config["orderings"])
    except (KeyError, TypeError, ValueError):
        return None


def _quality(heldout_doc: Any) -> float | None:
    quality = heldout_doc.get("quality") if isinstance(heldout_doc, dict) else None
    score = quality.get("score") if isinstance(quality, dict) else None
    return float(score) if isinstance(score, int | float) else None


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
        from genplan.experiments.baselines import suite_label

        wanted = suite_label(suite, cache_dir)
        present = sorted({r.family for r in runs})
        runs = [r for r in runs if r.family == wanted]
        if not runs and present:
            raise GenplanError(
                f"No run of the suite {suite!r} (filed as {wanted!r}) under {', '.join(str(r) for r in roots)}; "
                f"the runs there are of the suite(s) {', '.join(present)}.",
                hint=f"Pass --suite {present[0]}, or leave --suite out to report every run.",
            )
    if not runs:
        where = ", ".join(str(r) for r in roots)
        raise GenplanError(
            f"No runs to report under {where}" + (f" for the suite {suite!r}." if suite else "."),
            hint="Run `genplan synthesize` or `genplan benchmark` first, or pass run folders, --runs-root or "
            "--cache-dir.",
        )
    return runs


def check_suite_option(suite: str | None, cache_dir: str | Path | None = None) -> None:
    """``report --suite`` takes a suite (a dataset: ``builtin``, a registered name, a folder), never a
    domain: ``--suite ferry`` used to end in "no runs" although ferry's runs were there. Say so instead."""
    if suite is None or suite == "builtin" or Path(suite).expanduser().is_dir():
        return
    from genplan.benchmarks.registry import builtin_domains, load_registry

    if suite in load_registry(cache_dir) or suite not in builtin_domains():
        return
    raise GenplanError(
        f"--suite takes a suite (a dataset: builtin, a name registered with `genplan benchmarks import`, or a "
        f"folder), and {suite!r} is a domain.",
        hint=f"To report only {suite}'s runs, pass its runs folder: `genplan report <cache>/runs/{suite} --out DIR`.",
    )


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
        have = sorted({baseline_spec(b) for b in baselines})
        raise GenplanError(
            f"No baseline results for {', '.join(missing)}.",
            hint=(f"Available: {', '.join(have)}. " if have else "There are no baseline results yet. ")
            + "Compute them with `genplan baselines --planners ... --planner-time-limit ...`.",
        )
    return chosen


def baseline_spec(b: BaselineSet) -> str:
    """How ``--baselines`` names a baseline: ``ff-45``."""
    return f"{b.planner}-{b.time_limit:g}"


def _suite_sizes(suite_root: str, task_ids: Sequence[str]) -> dict[str, int]:
    """The sizes of ``task_ids`` read from the suite's problem files; those it cannot read are left out."""
    from genplan.benchmarks.suites import is_suite_dir, load_suite_dir

    root = Path(suite_root) if suite_root else None
    if root is None or not is_suite_dir(root):
        return {}
    try:
        suite = load_suite_dir(root)
    except (GenplanError, OSError):
        return {}
    sizes: dict[str, int] = {}
    for task_id in task_ids:
        try:
            sizes[task_id] = suite.task(task_id).size
        except (GenplanError, OSError):
            continue
    return sizes


def add_task_sizes(runs: Sequence[RunSummary], baselines: Sequence[BaselineSet] = ()) -> list[RunSummary]:
    """The runs with the size of each held-out task, for the failure analysis (first failing task against
    the largest solved one) and coverage by task size. Tasks whose size is known already (a published
    result records it) are not looked up.

    A size comes from the suite's problem file (the folder the run recorded, parsed once per suite), else
    from a baseline of the same suite and domain (which records each task's objects); else it stays
    ``None`` and the report says the size is unknown. Nothing here asks an LLM or runs a program.
    """
    wanted: dict[str, set[str]] = {}
    for r in runs:
        if r.heldout and any(t.size is None for t in r.heldout):
            wanted.setdefault(r.suite_root, set()).update(t.task_id for t in r.heldout if t.size is None)
    from_suite = {root: _suite_sizes(root, sorted(ids)) for root, ids in sorted(wanted.items())}
    from_baselines: dict[tuple[str, str], dict[str, int]] = {}
    for b in baselines:
        known = from_baselines.setdefault((b.suite, b.domain), {})
        known.update({t.task_id: t.objects for t in b.tasks if t.objects > 0})
    out = []
    for r in runs:
        if r.suite_root not in wanted or r.heldout is None:
            out.append(r)
            continue
        sizes = {**from_baselines.get((r.family, r.domain), {}), **from_suite[r.suite_root]}
        tasks = tuple(replace(t, size=sizes.get(t.task_id, t.size)) for t in r.heldout)
        out.append(replace(r, heldout=tasks))
    return out
