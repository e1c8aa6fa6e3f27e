"""A run's artifacts as the stages make them: descriptions, strategy versions, program versions and
heuristic (search) versions, written as readable Markdown and JSON into the run folder (see
:class:`genplan.runs.RunDir`)."""

from __future__ import annotations

from genplan.runs import RunDir
from genplan.stages.codegen import ProgramVersion
from genplan.stages.describe import Descriptions
from genplan.stages.search import SearchVersion
from genplan.stages.strategy import StrategyVersion


def save_descriptions(run: RunDir, d: Descriptions) -> None:
    """The descriptions as later prompts show them, and the answers they were read from."""
    run.write_text("1-describe/domain.md", d.domain)
    run.write_text("1-describe/answers/domain.md", d.domain_answer)
    for task_id, text in d.tasks:
        run.write_text(f"1-describe/tasks/{task_id}.md", text)
    for k, a in enumerate(d.task_answers, start=1):
        run.write_text(f"1-describe/answers/tasks-{k}.md", a.answer)
    run.write_json(
        "1-describe/descriptions.json",
        {
            "domain": d.domain,
            "tasks": dict(d.tasks),
            "domain_final": d.domain_final,
            "domain_answer": d.domain_answer,
            "notes": d.notes,
            "task_answers": [{"tasks": list(a.task_ids), "answer": a.answer, "reminders": a.reminders}
                             for a in d.task_answers],
        },
    )  # fmt: skip


def save_strategy(run: RunDir, v: StrategyVersion) -> None:
    base = f"2-strategy/v{v.index}"
    run.write_text(f"{base}/strategy.md", v.text)
    run.write_json(
        f"{base}/version.json",
        {
            "index": v.index,
            "text": v.text,
            "answer": v.answer,
            "solved": v.solved,
            "assessed": v.assessed,
            "attempts": [
                {
                    "task_id": a.task_id,
                    "valid": a.valid,
                    "plan": a.plan,
                    "feedback": a.feedback,
                    "verdict": a.verdict,
                    "answer": a.answer,
                    "reminders": a.reminders,
                }
                for a in v.attempts
            ],
            "reflected_task": v.reflected_task,
            "reflection": v.reflection,
        },
    )


def save_program(run: RunDir, v: ProgramVersion) -> None:
    base = f"3-programs/p{v.variant}/v{v.round}"
    if v.source is not None:
        run.write_text(f"{base}.py", v.source)
    run.write_json(
        f"{base}.json",
        {
            "label": v.label,
            "variant": v.variant,
            "round": v.round,
            "solved": v.solved,
            "results": v.results,
            "reflection": v.reflection,
            "answer": v.answer,
            "has_source": v.source is not None,
            "reminders": v.reminders,
        },
    )


def save_search(run: RunDir, v: SearchVersion) -> None:
    """A heuristic version: its code (``3-search/v<round>.py``, ``3-search/d<draft>-v<round>.py`` from the
    second draft on) and how it did (the checks' verdict with the counterexample states, the search's
    results, the probe's when drafts were ranked, the feedback it was repaired with)."""
    base = f"3-search/v{v.round}" if v.draft == 1 else f"3-search/d{v.draft}-v{v.round}"
    if v.source is not None:
        run.write_text(f"{base}.py", v.source)
    run.write_json(
        f"{base}.json",
        {
            "label": v.label,
            "kind": v.kind,
            "round": v.round,
            "solved": v.solved,
            "direct": v.direct,
            "passed": v.passed,
            "strategy": v.strategy,
            "check": v.check,
            "results": v.results,
            "feedback": v.feedback,
            "answer": v.answer,
            "has_source": v.source is not None,
            "reminders": v.reminders,
            "draft": v.draft,
            "probe": v.probe,
            "set_aside": v.set_aside,
        },
    )
