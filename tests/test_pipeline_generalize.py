"""The generalization check inside the pipeline: counterexamples become debugging tasks (scripted LLM).

The scripted model answers by what it is asked: a strategy version "v0" writes a wrong plan for any task
it did not see before (so the strategy check finds a counterexample), "v1" writes correct plans (from
Fast Downward); the first program has a bug the debugging tasks do not reveal (a car that starts on the
ferry), the fixed program is right.
"""

from __future__ import annotations

import json
import re
import shutil
from pathlib import Path

import pytest

from genplan.benchmarks.registry import resolve_suite
from genplan.benchmarks.suites import load_suite_dir
from genplan.llm import ScriptedBackend, make_client
from genplan.llm.scripted import ScriptedCall
from genplan.pddl.parser import parse_problem
from genplan.planners import plan as fd_plan
from genplan.protocols.config import PRESETS, load_config
from genplan.protocols.synthesize import synthesize
from tests.test_generalize import GOOD, ONBOARD_BUG
from tests.test_pipeline import described_names, task_descriptions

FENCE = "```"


def _responder(cache: Path, suite):

    def plan_for(prompt: str) -> list[str]:
        name = re.search(r'A task of this domain \("([^"]+)"\)', prompt).group(1)  # type: ignore[union-attr]
        pddl = re.search(r"```pddl\n(.*?)\n```", prompt, re.S)
        task = parse_problem(pddl.group(1), suite.domain) if pddl else suite.task(name)
        result = fd_plan(task, "lama-first", time_limit=20, cache_dir=cache)
        assert result.status == "solved"
        return list(result.plan or ())

    def respond(call: ScriptedCall) -> str:
        prompt = call.last_user
        if call.purpose == "describe.domain":
            return "Ferry: a boat carries one car at a time between locations."
        if call.purpose == "describe.tasks":
            return task_descriptions(described_names(prompt))
        if call.purpose == "strategy.write":
            return f"{FENCE}\nv0: for each car: sail to it, board, sail to its goal, debark\n{FENCE}"
        if call.purpose == "strategy.plan":
            steps = plan_for(prompt)
            if "v0:" in prompt and "```pddl" in prompt:  # v0 cannot handle a new task
                steps = steps[:-1]
            return "Plan:\n" + "\n".join(steps)
        if call.purpose == "strategy.reflect":
            return "The strategy forgot the car that is already on the ferry."
        if call.purpose == "strategy.revise":
            return f"{FENCE}\nv1: first unload a car that is aboard; then for each car ...\n{FENCE}"
        if call.purpose == "code.write":
            return f"{FENCE}python\n{ONBOARD_BUG}{FENCE}"
        if call.purpose == "code.reflect":
            return "The program ignores a car that starts on the ferry."
        if call.purpose == "code.fix":
            return f"{FENCE}python\n{GOOD.read_text()}{FENCE}"
        raise AssertionError(f"unexpected request {call.purpose}")

    return respond


def _marked_ferry(tmp_path: Path):
    """The builtin ferry suite whose held-out files are not PDDL and carry a marker: anything that read
    them would fail to parse them, or leak the marker."""
    root = tmp_path / "ferry"
    shutil.copytree(resolve_suite("ferry").root, root)
    for task_id in json.loads((root / "split.json").read_text())["heldout"]:
        (root / "problems" / f"{task_id}.pddl").write_text("HELDOUTMARKER (((")
    return load_suite_dir(root)


def test_counterexamples_feed_back_into_strategy_and_code(tmp_path: Path) -> None:
    cache = tmp_path / "cache"
    suite = _marked_ferry(tmp_path)
    cfg = load_config("F5-3+check", orderings=2, timeout=10, generalize_budget_s=30, model="openai/test")
    backend = ScriptedBackend(_responder(cache, suite))
    llm = make_client(model=cfg.model, cache_dir=cache, backend=backend)
    events: list[tuple[str, dict]] = []
    outcome = synthesize(suite, cfg, llm, cache_dir=cache, jobs=2, heldout=False,
                         progress=lambda e, i: events.append((e, i)))  # fmt: skip
    assert outcome.status == "done"
    run = outcome.run
    summary = json.loads(run.path("generalize/summary.json").read_text())["counterexamples"]
    stages = [c["stage"] for c in summary]
    assert stages[0] == "strategy" and "program" in stages
    strategy_cex = summary[0]
    assert strategy_cex["task_id"] == "check1" and strategy_cex["found_by"] == "strategy v0"
    assert strategy_cex["first_solved_by_strategy"] == "strategy v1"
    # strategy v0 failed only the counterexample; v1 was re-assessed on all 7 tasks and solved them
    v0 = json.loads(run.path("2-strategy/v0/version.json").read_text())
    v1 = json.loads(run.path("2-strategy/v1/version.json").read_text())
    assert len(v0["attempts"]) == 7 and v0["solved"] == 6 and v0["reflected_task"] == "check1"
    assert len(v1["attempts"]) == 7 and v1["solved"] == 7
    # the first program passed the debugging tasks (and check1) but not the check; its repair is selected
    program_cex = next(c for c in summary if c["stage"] == "program")
    assert program_cex["found_by"] == "p1.v0" and "(on c" in program_cex["problem_pddl"]
    assert program_cex["first_solved_by_program"] == "p1.v1"
    p1v0 = json.loads(run.path("3-programs/p1/v0.json").read_text())
    assert p1v0["results"][-1]["task_id"] == program_cex["task_id"] and not p1v0["results"][-1]["solved"]
    selection = json.loads(run.path("4-selection.json").read_text())
    assert selection["label"] == "p1.v1" and selection["of"] == 8  # 6 debugging tasks + 2 counterexamples
    assert (outcome.debug_solved, outcome.debug_total) == (8, 8)
    assert any(e == "counterexample" for e, _ in events)
    assert len(backend.calls) <= cfg.max_llm_calls()
    assert run.path(f"generalize/{program_cex['task_id']}.pddl").is_file()
    # no held-out content reached a prompt, a check or the run directory
    assert not any("heldoutmarker" in m.content.lower() for c in backend.calls for m in c.request.messages)
    for path in run.root.rglob("*"):
        if path.is_file():
            assert "heldoutmarker" not in path.read_text(errors="replace").lower(), path
    from genplan.runs.summary import summary_markdown

    checks = json.loads(run.path("generalize/checks.json").read_text())["checks"]
    assert [(c["stage"], c["version"], c["found"]) for c in checks] == [
        ("strategy", "strategy v0", "check1"),
        ("strategy", "strategy v1", None),
        ("program", "p1.v0", program_cex["task_id"]),
        ("program", "p1.v1", None),
    ]
    assert checks[-1]["tried_summary"], "a check that found nothing says what it tried"
    text = summary_markdown(run, details=True)
    assert "- p1.v1: nothing found (" in text and "generated tasks" in text
    assert "## Generalization check" in text and "first solved by strategy v1" in text
    assert f"{program_cex['task_id']} (" in text and "found against p1.v0" in text and "(on c" in text

    # A rerun sends nothing and finds the same counterexamples (the program check is cached).
    backend2 = ScriptedBackend([])
    again = synthesize(suite, cfg, make_client(model=cfg.model, cache_dir=cache, backend=backend2), cache_dir=cache,
                       jobs=2, heldout=False)  # fmt: skip
    assert backend2.calls == [] and again.program_label == "p1.v1"
    assert json.loads(again.run.path("generalize/summary.json").read_text())["counterexamples"] == summary


def test_the_paper_presets_keep_the_check_off_and_their_bounds() -> None:
    for name in ("F5-3", "F3-6", "baseline", "no-multi", "no-strategy-debug", "no-reflection"):
        assert PRESETS[name].generalize is False
    assert PRESETS["F5-3"].max_llm_calls() == 84 and PRESETS["F3-6"].max_llm_calls() == 88
    # one call per task description, as the paper makes them: its own bounds' protocol
    assert load_config("F5-3", task_descriptions="each").max_llm_calls() == 89
    assert PRESETS["F5-3+check"].generalize and PRESETS["F3-6+check"].generalize
    # the check adds strategy probes and re-assessments to the bound
    assert PRESETS["F5-3+check"].max_llm_calls() > PRESETS["F5-3"].max_llm_calls()
    with pytest.raises(Exception, match="generalize"):
        load_config("F5-3+check", generalize_rounds=-1)
