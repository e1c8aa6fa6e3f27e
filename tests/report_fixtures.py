"""Builders of report inputs: run folders, baseline files and scale files, in the formats genplan writes.

One real run comes from the scripted pipeline (the ferry run of tests/test_pipeline.py); the others are
made here with genplan's own data classes (Config, Accounting, Evaluation, TaskOutcome) and RunDir, so
they cannot drift from what the pipeline writes: only the numbers are chosen.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from genplan.execute.evaluate import Evaluation, TaskOutcome
from genplan.execute.outcome import STATUS_CATEGORY, Limits
from genplan.experiments.baselines import BaselineSet, BaselineTask, write_baseline
from genplan.llm.accounting import Accounting, accumulate_usage
from genplan.llm.types import CallRecord, Usage
from genplan.protocols.config import Config, load_config, make_run_id
from genplan.runs import RunDir, open_run
from genplan.stages.select import Selection

#: The settings of the scripted ferry run (tests/test_pipeline.py), for runs that join its configuration.
SCRIPTED = {"strategy_rounds": 1, "code_rounds": 0, "orderings": 2, "timeout": 10, "model": "openai/test"}

GOOD_PROGRAM = "def generate_solution(objects, init, goal):\n    return []\n"


def scripted_ferry_run(suite: Any, cache: Path, *, rerun: bool = True) -> RunDir:
    """The scripted ferry run (F3-6, seed 1), with its call log; ``rerun`` runs it a second time from
    the cache, as a resumed run would (usage.json then counts only cached calls)."""
    from genplan.llm import ScriptedBackend, make_client
    from genplan.protocols.synthesize import synthesize
    from tests.test_pipeline import _script

    cfg = load_config("F3-6", **SCRIPTED)
    log = cache / "runs" / suite.domain_name / make_run_id(cfg, suite.name) / "calls.jsonl"
    llm = make_client(model=cfg.model, cache_dir=cache, backend=ScriptedBackend(_script(suite, cache)), log_path=log)
    outcome = synthesize(suite, cfg, llm, cache_dir=cache, jobs=2)
    assert outcome.status == "done" and outcome.coverage == 1.0
    if rerun:
        again = make_client(model=cfg.model, cache_dir=cache, backend=ScriptedBackend([]), log_path=log)
        synthesize(suite, cfg, again, cache_dir=cache, jobs=2)
    return outcome.run


@dataclass(frozen=True)
class T:
    """A held-out task outcome to fabricate: solved, or failed with an executor status / verdict kind."""

    task_id: str
    runtime: float = 0.01
    plan_length: int | None = 10
    #: ``"solved"``, an executor status (``exception``, ``timeout``, ``memory``, ...) or a verdict kind
    #: (``precondition``, ``goal``, ``wrong_arity``, ...).
    status: str = "solved"

    def outcome(self) -> TaskOutcome:
        from genplan.validate.verdict import error_category

        if self.status == "solved":
            return TaskOutcome(self.task_id, True, "solved", plan_length=self.plan_length, runtime=self.runtime,
                               orderings_solved=2)  # fmt: skip
        category = STATUS_CATEGORY.get(self.status) or error_category(self.status)
        executed = self.status not in STATUS_CATEGORY
        return TaskOutcome(
            self.task_id, False, self.status, category=category, feedback=f"fabricated {self.status}",
            plan_length=self.plan_length if executed else None, runtime=self.runtime, failed_ordering=0,
        )  # fmt: skip


@dataclass(frozen=True)
class Call:
    """An LLM call to fabricate for usage.json."""

    prompt_tokens: int = 100
    completion_tokens: int = 50
    #: ``None``: a price litellm does not know.
    cost: float | None = 0.01
    cached: bool = False


def fake_run(
    cache: Path,
    domain: str,
    *,
    preset: str = "F5-3",
    seed: int = 1,
    tasks: Sequence[T] | None = (),
    calls: Sequence[Call] = (),
    status: str = "done",
    message: str = "",
    suite_name: str | None = None,
    suite_root: str | None = None,
    wall_time_s: float = 12.5,
    quality: float | None = None,
    **settings: Any,
) -> RunDir:
    """A run folder as :func:`genplan.protocols.synthesize.synthesize` leaves it; ``tasks=None``: no held-out
    evaluation (a crashed, stopped or program-less run)."""
    from genplan.generators.domains import BENCHMARKS_DIR

    cfg: Config = load_config(preset, seed=seed, **{"model": "openai/test", **settings})
    suite_name = suite_name or domain
    run = open_run(domain, make_run_id(cfg, suite_name), cache)
    run.write_json("config.json", {"config": cfg.to_json(), "suite": suite_name,
                                   "suite_root": suite_root or str(BENCHMARKS_DIR / domain)})  # fmt: skip
    accounting = Accounting()
    for k, c in enumerate(calls):
        usage = Usage(c.prompt_tokens, c.completion_tokens)
        record = CallRecord(f"stage{k % 3}.ask", cfg.model, 0, c.cached, usage, 0.0 if c.cached else c.cost, 0.1,
                            attempts=0 if c.cached else 1)  # fmt: skip
        accounting.record(record, original_cost=c.cost if c.cached else None)
    run.write_json("usage.json", accumulate_usage(None, accounting.to_json(), status=status))
    info: dict[str, Any] = {"status": status, "run_id": run.run_id, "domain": domain, "message": message,
                            "wall_time_s": wall_time_s}  # fmt: skip
    if tasks is not None:
        evaluation = Evaluation(
            mode="heldout", orderings=cfg.orderings, seed=cfg.seed,
            limits=Limits(timeout=cfg.timeout, memory=cfg.memory_mb * 2**20),
            results=tuple(t.outcome() for t in tasks), wall_time=1.0,
        )  # fmt: skip
        run.write_text("program.py", GOOD_PROGRAM)
        run.write_json("4-selection.json", Selection(0, "p1.v0", 6, 6, "solved 6/6 debugging tasks"))
        extra = {"quality": {"score": quality, "solved": evaluation.solved}} if quality is not None else {}
        run.write_json("5-heldout.json", evaluation.to_json() | extra)
        info |= {"program": "p1.v0", "debug_solved": 6, "debug_total": 6, "heldout_solved": evaluation.solved,
                 "heldout_total": evaluation.total, "coverage": evaluation.coverage, "quality": quality}  # fmt: skip
    run.write_json("run.json", info)
    from genplan.runs.summary import summary_markdown

    run.write_text("summary.md", summary_markdown(run))
    return run


def write_baselines(
    cache: Path, suite: str, domain: str, planner: str, time_limit: float, tasks: Sequence[tuple]
) -> Path:
    """A baseline file; ``tasks`` are ``(task_id, status, time_s, plan_length)``."""
    rows = tuple(
        BaselineTask(task_id, status, time_s, length if status == "solved" else None, 20480, 10)
        for task_id, status, time_s, length in tasks
    )
    return write_baseline(BaselineSet(domain, suite, planner, float(time_limit), 8192, "heldout", rows), cache)


def write_scale(path: Path, domain: str = "ferry") -> Path:
    """A scale.json (format genplan-scale/1): the program solves every size, the planner gives up at 100
    and is skipped at 1000."""

    def size(n: int, prog_t: float, plan: dict[str, Any]) -> dict[str, Any]:
        return {
            "size": n, "objects_mean": n * 1.2,
            "program": {"solved": 3, "total": 3, "runtime_s_mean": prog_t, "plan_length_mean": 2.0 * n},
            "planner": plan,
            "tasks": [],
        }  # fmt: skip

    data = {
        "format": "genplan-scale/1", "domain": domain, "program": "/tmp/ferry/program.py",
        "program_sha256": "ab" * 32, "seed": 1, "tasks_per_size": 3, "planner": "ff", "planner_time_limit": 45.0,
        "program_timeout": 60.0,
        "sizes": [
            size(10, 0.002, {"solved": 3, "total": 3, "time_s_mean": 0.2, "plan_length_mean": 18.0, "skipped": False}),
            size(100, 0.02, {"solved": 0, "total": 3, "time_s_mean": None, "plan_length_mean": None, "skipped": False}),
            size(1000, 0.4, {"skipped": True, "solved": 0, "total": 0, "time_s_mean": None, "plan_length_mean": None}),
        ],
    }  # fmt: skip
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps(data, indent=1))
    return path
