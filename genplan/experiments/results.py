"""Published results: a folder of coverage figures that anyone with the paper's data can reproduce.

A results folder (``docs/results/<date>-<name>/``) holds, besides the report, ``coverage.csv`` (one row
per run: domain, suite, preset, seed, coverage, solved, total, calls, prompt and completion tokens) and
the selected program of every run as ``programs/<domain>-<preset>-s<seed>.py``. The folder never holds
a task of the paper's data: a row names its suite by how to rebuild it from that data
(:data:`SUITE_KINDS`), so :func:`verify_row` can run the committed program on the same held-out tasks
and compare.

Suites are named ``paper/<domain>`` (the paper's own suite), ``paper/<domain>/anonymized`` (made with
``genplan benchmarks anonymize``) and ``paper/<domain>/costumed`` (``genplan benchmarks costume`` with the
map shipped in ``pddl_benchmarks/costumes/<domain>.toml``), and ``ipc2023/<domain>`` (a domain of the IPC
2023 Learning Track as its organizers publish it). Rows of the Learning Track also give the IPC quality
score (column ``quality``, against the organizers' best known costs).
"""

from __future__ import annotations

import csv
import io
import re
import shutil
import tomllib
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from genplan.core.errors import GenplanError

if TYPE_CHECKING:
    from genplan.experiments.report.runs import HeldoutTask, RunSummary

#: The columns of ``coverage.csv``, in order.
COLUMNS = ("domain", "suite", "preset", "seed", "coverage", "solved", "total", "calls", "prompt_tokens",
           "completion_tokens")  # fmt: skip
#: ``coverage.csv`` with the IPC quality score (written when some row has one).
QUALITY_COLUMNS = (*COLUMNS, "quality")
SUITE_KINDS = ("paper", "anonymized", "costumed", "ipc2023")


def _optional_int(raw: str) -> int | None:
    return int(raw) if raw != "" else None


#: How each column of ``coverage.csv`` is read back (``calls`` is empty for a run without a usage record).
_PARSE = {"domain": str, "suite": str, "preset": str, "seed": int, "coverage": float, "solved": int, "total": int,
          "calls": _optional_int, "prompt_tokens": int, "completion_tokens": int,
          "quality": lambda raw: float(raw) if raw != "" else None}  # fmt: skip
#: The held-out evaluation every run makes (genplan's defaults, as in the paper).
ORDERINGS = 4
TIMEOUT_S = 45.0
#: The memory limit a run had (MiB): genplan's default, which the published runs kept.
MEMORY_MB = 4096


@dataclass(frozen=True)
class ResultRow:
    """One run as published."""

    domain: str
    suite: str
    preset: str
    seed: int
    coverage: float
    solved: int
    total: int
    calls: int | None
    prompt_tokens: int
    completion_tokens: int
    #: The IPC quality score (Learning Track rows), else ``None``.
    quality: float | None = None

    @property
    def program_name(self) -> str:
        """The file the run's selected program is published under."""
        variant = self.suite.split("/")[2] if self.suite.count("/") >= 2 else ""
        if self.suite.startswith("ipc2023/"):
            variant = "ipc2023"
        name = f"{self.domain}-{variant}" if variant else self.domain
        return f"{name}-{_slug(self.preset)}-s{self.seed}.py"


def _slug(text: str) -> str:
    return re.sub(r"[^A-Za-z0-9.+-]+", "-", text).strip("-")


def costume_domains(costumes: Path) -> dict[str, str]:
    """``{costume's domain name: original domain}`` for the costumes shipped in ``costumes``."""
    out: dict[str, str] = {}
    for path in sorted(costumes.glob("*.toml")):
        data = tomllib.loads(path.read_text())
        if "domain" in data:
            out[str(data["domain"]).lower()] = path.stem
    return out


def suite_of(run_domain: str, costumes: Path) -> tuple[str, str]:
    """``(original domain, suite label)`` for a run's domain name (``miconic-anon``, ``pigeon-post``, ...)."""
    by_costume = costume_domains(costumes)
    if run_domain in by_costume:
        return by_costume[run_domain], f"paper/{by_costume[run_domain]}/costumed"
    if run_domain.endswith("-anon"):
        base = run_domain.removesuffix("-anon")
        return base, f"paper/{base}/anonymized"
    return run_domain, f"paper/{run_domain}"


def row_of_run(run_dir: Path, costumes: Path) -> ResultRow:
    """The published row of one run folder (it must have a held-out evaluation)."""
    from genplan.experiments.report import load_run

    run = load_run(run_dir)
    if run.heldout is None:
        raise GenplanError(
            f"The run {run_dir} has no held-out evaluation to publish.",
            hint="Finish it first: rerun its synthesize command (it resumes from the cache).",
        )
    from genplan.benchmarks.learning import is_learning_test_run

    learning = is_learning_test_run(t.task_id for t in run.heldout)
    domain, suite = (run.domain, f"ipc2023/{run.domain}") if learning else suite_of(run.domain, costumes)
    return ResultRow(
        domain=domain, suite=suite, preset=run.preset, seed=run.seed if run.seed is not None else 1,
        coverage=round(run.coverage or 0.0, 4), solved=run.solved, total=len(run.heldout), calls=run.usage.calls,
        # the tokens the calls needed, paid in this session or answered from the cache (a run resumed to
        # score it again pays nothing, yet its calls took these tokens when they were first made)
        prompt_tokens=run.usage.needed_prompt_tokens, completion_tokens=run.usage.needed_completion_tokens,
        quality=round(run.quality, 2) if learning and run.quality is not None else None,
    )  # fmt: skip


def write_rows(rows: Iterable[ResultRow], path: Path) -> None:
    """``coverage.csv``: the paper's domain order, then suite and preset."""
    from genplan.experiments.report import domain_order

    rows = list(rows)
    order = {d: i for i, d in enumerate(domain_order({r.domain for r in rows}))}
    rows.sort(key=lambda r: (SUITE_KINDS.index(_kind(r.suite)), order[r.domain], r.preset, r.seed))
    columns = QUALITY_COLUMNS if any(r.quality is not None for r in rows) else COLUMNS
    buf = io.StringIO()
    writer = csv.writer(buf, lineterminator="\n")
    writer.writerow(columns)
    for r in rows:
        writer.writerow(["" if v is None else v for v in (getattr(r, c) for c in columns)])
    path.write_text(buf.getvalue())


def read_rows(path: Path) -> list[ResultRow]:
    """The rows of a ``coverage.csv``; a file with other columns is an error naming them."""
    with path.open(newline="") as f:
        reader = csv.DictReader(f)
        columns = tuple(reader.fieldnames or ())
        if columns not in (COLUMNS, QUALITY_COLUMNS):
            raise GenplanError(f"{path} has the columns {reader.fieldnames}, not {', '.join(QUALITY_COLUMNS)}.")
        out = []
        for line in reader:
            values = {name: _PARSE[name](line[name]) for name in columns}
            out.append(ResultRow(**values))
    return out


def _kind(suite: str) -> str:
    parts = suite.split("/")
    if len(parts) == 2 and parts[0] == "ipc2023":
        return "ipc2023"
    if len(parts) < 2 or parts[0] != "paper" or (len(parts) == 3 and parts[2] not in SUITE_KINDS[1:]):
        raise GenplanError(
            f"Unknown suite {suite!r} in the results.",
            hint="Suites are paper/<domain>, paper/<domain>/anonymized, paper/<domain>/costumed or ipc2023/<domain>.",
        )
    return parts[2] if len(parts) == 3 else "paper"


def rebuild_suite(suite: str, paper_root: Path | None, work: Path, costumes: Path,
                  learning_root: Path | None = None) -> Path:  # fmt: skip
    """The folder of the suite a row names, made from the paper's data (``paper_root``: the folder that
    holds ``beluga/``, ``ferry/``, ...) into ``work`` when it is a renamed variant; a Learning Track suite
    is the domain's folder under ``learning_root`` (the organizers' repository)."""
    from genplan.benchmarks.rename import anonymizer, load_costume, write_variant
    from genplan.benchmarks.suites import load_suite_dir

    kind = _kind(suite)
    domain = suite.split("/")[1]
    if kind == "ipc2023":
        if learning_root is None or not (learning_root / domain / "domain.pddl").is_file():
            raise GenplanError(f"The Learning Track's data has no domain {domain!r} (looked in {learning_root}).",
                               hint="Point --learning (or GENPLAN_LEARNING_TRACK) at a clone of "
                               "ipc2023-learning/benchmarks.")  # fmt: skip
        return learning_root / domain
    if paper_root is None:
        raise GenplanError(f"The suite {suite} is made from the paper's data, which was not given.",
                           hint="Point --reference (or GENPLAN_REFERENCE) at the paper's data.")  # fmt: skip
    source = paper_root / domain
    if not (source / "domain.pddl").is_file():
        raise GenplanError(f"The paper's data has no suite {domain!r} under {paper_root}.",
                           hint="Point --reference (or GENPLAN_REFERENCE) at the paper's data.")  # fmt: skip
    if kind == "paper":
        return source
    out = work / ("anon" if kind == "anonymized" else "costume") / domain
    if not out.is_dir():
        original = load_suite_dir(source)
        if kind == "anonymized":
            renaming = anonymizer(original.domain)
        else:
            renaming = load_costume(costumes / f"{domain}.toml", original.domain)
        write_variant(original, renaming, out, kind)
    return out


@dataclass(frozen=True)
class Check:
    row: ResultRow
    solved: int
    total: int
    quality: float | None = None
    #: Each held-out task's outcome as :func:`heldout_record` writes it (what a report of the folder reads).
    tasks: tuple[dict[str, Any], ...] = ()

    @property
    def ok(self) -> bool:
        same_quality = self.row.quality is None or (
            self.quality is not None and abs(self.quality - self.row.quality) < 0.01
        )
        return (self.solved, self.total) == (self.row.solved, self.row.total) and same_quality


def verify_row(row: ResultRow, program: Path, suite_dir: Path, *, jobs: int | None = None,
               cache_dir: Path | None = None) -> Check:  # fmt: skip
    """Run the published program on the held-out tasks of the suite it was scored on, as the run did."""
    from genplan.benchmarks.suites import load_suite_dir
    from genplan.execute.evaluate import evaluate
    from genplan.execute.quality import ipc_quality

    suite = load_suite_dir(suite_dir)
    ev = evaluate(program.read_text(), suite.lazy(suite.split.heldout), orderings=ORDERINGS, seed=row.seed,
                  timeout=TIMEOUT_S, jobs=jobs, cache_dir=cache_dir)  # fmt: skip
    costs = suite.extra.get("reference_costs") or {}
    quality = round(ipc_quality(ev.results, costs).score, 2) if costs else None
    tasks = tuple(
        {"task_id": r.task_id, "solved": r.solved, "status": r.status, "category": r.category,
         "runtime": round(r.runtime, 3), "plan_length": r.plan_length, "objects": suite.task(r.task_id).size}
        for r in ev.results
    )  # fmt: skip
    return Check(row, ev.solved, len(ev.results), quality, tasks)


#: The format of ``heldout/<program>.json`` in a results folder.
HELDOUT_FORMAT = "genplan-published-heldout/1"


def heldout_path(folder: Path, row: ResultRow) -> Path:
    """Where a results folder keeps a row's per-task outcomes: ``heldout/<program stem>.json``."""
    return folder / "heldout" / f"{Path(row.program_name).stem}.json"


def heldout_record(folder: Path, check: Check) -> dict[str, Any]:
    """A row's per-task held-out outcomes (no plans, no task text: the paper's data is not shipped), with
    what made them (:mod:`genplan.execute.provenance`); written by ``scripts/verify_results.py
    --write-heldout`` once the row is reproduced, and read by :func:`results_runs`."""
    from genplan.execute.provenance import provenance

    row = check.row
    limits = {"timeout_s": TIMEOUT_S, "memory_mb": MEMORY_MB, "orderings": ORDERINGS, "seed": row.seed}
    made_by = provenance(folder / "programs" / row.program_name, None, limits)
    made_by["program"]["path"] = f"programs/{row.program_name}"  # within the folder, wherever it is cloned
    return {
        "format": HELDOUT_FORMAT,
        "provenance": made_by,
        "domain": row.domain, "suite": row.suite, "preset": row.preset, "seed": row.seed,
        "solved": check.solved, "total": check.total, "quality": check.quality, "tasks": list(check.tasks),
    }  # fmt: skip


def publish(run_dirs: Sequence[Path], out: Path, costumes: Path) -> list[ResultRow]:
    """``coverage.csv`` and ``programs/`` of a results folder from run folders (the report is separate)."""
    rows = []
    (out / "programs").mkdir(parents=True, exist_ok=True)
    for run_dir in run_dirs:
        row = row_of_run(run_dir, costumes)
        program = run_dir / "program.py"
        if not program.is_file():
            raise GenplanError(f"The run {run_dir} has no program.py.")
        shutil.copyfile(program, out / "programs" / row.program_name)
        rows.append(row)
    names = [r.program_name for r in rows]
    dupes = sorted({n for n in names if names.count(n) > 1})
    if dupes:
        raise GenplanError(f"Two runs publish the same program name: {', '.join(dupes)}.",
                           hint="Publish one run per domain, suite, preset and seed.")  # fmt: skip
    write_rows(rows, out / "coverage.csv")
    return rows


# --------------------------------------------------------------------------------------------- reading
def is_results_folder(path: Path) -> bool:
    """A published results folder: ``coverage.csv`` beside ``programs/`` (what :func:`publish` writes)."""
    return (path / "coverage.csv").is_file() and (path / "programs").is_dir()


#: The model, which ``coverage.csv`` does not record (the folder's README says which it was).
UNRECORDED_MODEL = "not recorded"


def results_runs(folder: Path) -> list[RunSummary]:
    """The runs of a published results folder, as the report reads runs, so that ``genplan report FOLDER``
    re-reports what was published.

    The folder records each run's counts (solved, total), calls and tokens, not each task's outcome: the
    runs have ``counts`` and no ``heldout``, so the tables that need every task's outcome (error types by
    category, where programs fail, coverage by task size) count these runs' failures as of unknown kind.
    Each run links its program (``programs/<...>.py``).
    """
    from genplan.execute.provenance import program_sha256
    from genplan.experiments.report.runs import LLMUsage, RunSummary

    rows = read_rows(folder / "coverage.csv")
    out = []
    for row in rows:
        program = folder / "programs" / row.program_name
        if not program.is_file():
            raise GenplanError(f"{program} is missing: {folder / 'coverage.csv'} has a row for it.",
                               hint="Restore the folder's programs/ (e.g. `git checkout` it).")  # fmt: skip
        # paper/ferry -> paper, paper/ferry/anonymized -> paper-anonymized, ipc2023/ferry -> ipc2023
        family = "-".join([row.suite.split("/")[0], *row.suite.split("/")[2:]])
        tokens = row.prompt_tokens + row.completion_tokens
        usage = LLMUsage(
            calls=row.calls, paid_calls=row.calls or 0, prompt_tokens=row.prompt_tokens,
            completion_tokens=row.completion_tokens, cost=None, sessions=1, tokens=tokens,
            needed_prompt_tokens=row.prompt_tokens, needed_completion_tokens=row.completion_tokens,
        )  # fmt: skip
        out.append(RunSummary(
            path=program, run_id=program.stem, domain=row.domain, suite=row.suite, suite_root="",
            preset=row.preset, model=UNRECORDED_MODEL, seed=row.seed, settings_key=family, status="published",
            message="", heldout=_published_tasks(folder, row), usage=usage, family=family, quality=row.quality,
            counts=(row.solved, row.total), program=program, program_sha256=program_sha256(program.read_bytes()),
            limits=(TIMEOUT_S, MEMORY_MB, ORDERINGS),
        ))  # fmt: skip
    if not out:
        raise GenplanError(f"{folder / 'coverage.csv'} has no rows, so there is nothing to report.")
    return out


def _published_tasks(folder: Path, row: ResultRow) -> tuple[HeldoutTask, ...] | None:
    """The row's per-task outcomes from ``heldout/`` (``None`` when the folder has none for it); a file that
    disagrees with ``coverage.csv`` is an error, never a silent second truth."""
    import json

    from genplan.experiments.report.runs import HeldoutTask

    path = heldout_path(folder, row)
    if not path.is_file():
        return None
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
        if data.get("format") != HELDOUT_FORMAT:
            raise ValueError(f"format {data.get('format')!r}")
        tasks = tuple(
            HeldoutTask(task_id=str(t["task_id"]), solved=bool(t["solved"]), status=str(t["status"]),
                        category=t.get("category"), runtime=float(t.get("runtime") or 0.0),
                        plan_length=t.get("plan_length"), size=t.get("objects"))
            for t in data["tasks"]
        )  # fmt: skip
    except (OSError, ValueError, KeyError, TypeError) as exc:
        hint = "Rewrite it with `python scripts/verify_results.py FOLDER --write-heldout`, or delete it."
        raise GenplanError(f"{path} is not a held-out record ({exc}).", hint=hint) from None
    if (sum(t.solved for t in tasks), len(tasks)) != (row.solved, row.total):
        raise GenplanError(
            f"{path} has {sum(t.solved for t in tasks)}/{len(tasks)} tasks solved, but coverage.csv says "
            f"{row.solved}/{row.total} for {row.program_name}.",
            hint="Rewrite it with `python scripts/verify_results.py FOLDER --write-heldout`.",
        )
    return tasks
