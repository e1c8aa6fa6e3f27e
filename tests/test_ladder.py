"""The auto protocol (issue 13): direct program, then repair rounds, then the staged protocol, each rung
only when the one before did not pass every debugging task and the generalization check."""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

from genplan.benchmarks.registry import resolve_suite
from genplan.llm import ScriptedBackend, make_client
from genplan.pddl.parser import parse_problem
from genplan.planners import plan as fd_plan
from genplan.protocols.config import PRESETS, load_config
from genplan.protocols.synthesize import synthesize
from genplan.runs.summary import summary_markdown
from tests.test_generalize import GOOD, ONBOARD_BUG
from tests.test_pipeline import WRONG, described_names, task_descriptions

FENCE = "```"
GOOD_TEXT = GOOD.read_text()


def test_the_auto_preset_is_a_ladder_with_the_check_on() -> None:
    auto = PRESETS["auto"]
    assert auto.protocol == "auto" and auto.generalize and auto.repair_rounds == 3
    assert (auto.n_programs, auto.code_rounds, auto.strategy_rounds) == (5, 3, 5)  # its last rung is F5-3+check
    # worst case: the direct program, 3 x (reflect + fix), the search rung (a heuristic, 3 repairs), then
    # F5-3+check with up to 3 more tasks to assess
    assert auto.max_llm_calls() == 1 + 6 + 4 + PRESETS["F5-3+check"].max_llm_calls() + 3 * (1 + 5)
    with pytest.raises(Exception, match="generalization check"):
        load_config("auto", generalize=False)
    assert load_config("auto", repair_rounds=1).protocol_key != auto.protocol_key
    # the ladder's settings change nothing in a staged preset's identity
    assert load_config("F5-3", repair_rounds=1).protocol_key == PRESETS["F5-3"].protocol_key


@pytest.fixture(scope="module")
def ferry():
    return resolve_suite("ferry")


def _run(suite, tmp_path: Path, respond, **settings):
    cfg = load_config("auto", orderings=2, timeout=10, model="openai/t", **settings)
    backend = ScriptedBackend(respond)
    llm = make_client(model=cfg.model, cache_dir=tmp_path / "cache", backend=backend)
    events: list[tuple[str, dict]] = []
    outcome = synthesize(suite, cfg, llm, cache_dir=tmp_path / "cache", jobs=2, heldout=False,
                         progress=lambda e, i: events.append((e, i)))  # fmt: skip
    return outcome, backend, events


def test_the_repair_rung_fixes_the_direct_program_and_the_strategy_rung_is_not_needed(ferry, tmp_path: Path) -> None:
    def respond(call) -> str:
        if call.purpose == "direct.write":
            return f"{FENCE}python\n{WRONG}{FENCE}"
        if call.purpose == "repair.reflect":
            return "It sails once and stops: it never moves a car."
        if call.purpose == "repair.fix":
            return f"{FENCE}python\n{GOOD_TEXT}{FENCE}"
        raise AssertionError(call.purpose)

    outcome, backend, events = _run(ferry, tmp_path, respond, generalize_budget_s=5)
    assert [c.purpose for c in backend.calls] == ["direct.write", "repair.reflect", "repair.fix"]
    direct = backend.calls[0].last_user
    assert "(:action board" in direct and direct.count("```python") == 3  # the PDDL, two examples, the answer
    reflect = backend.calls[1].last_user
    assert f'It failed on the task "{ferry.split.debug[0]}"' in reflect and "objects = {" in reflect
    assert outcome.status == "done" and outcome.program_label == "p0.v1"
    run = outcome.run
    ladder = json.loads(run.path("ladder.json").read_text())
    assert [(r["rung"], r.get("passed"), r.get("skipped", False)) for r in ladder["rungs"]] == [
        ("direct", False, False), ("repair", True, False), ("search", None, True),
        ("strategy", None, True)]  # fmt: skip
    assert ladder["selected_rung"] == "repair"
    assert json.loads(run.path("4-selection.json").read_text())["rung"] == "repair"
    usage = ladder["usage"]
    assert (usage["direct"]["calls"], usage["repair"]["calls"], usage["strategy"]["calls"]) == (1, 2, 0)
    assert usage["repair"]["prompt_tokens"] > usage["direct"]["prompt_tokens"] > 0
    assert not run.path("1-describe").exists() and not run.path("2-strategy").exists()  # nothing paid for them
    assert ("stage", {"name": "repair", "rounds": 3}) in events
    assert any(e == "checked" and i["label"] == "p0.v1" for e, i in events)  # the check ran, and passed
    text = summary_markdown(run, details=True)
    assert "## Ladder (auto)" in text and "from the **repair** rung" in text
    assert "| direct | failed | p0.v0 | 0/6 | 1 |" in text and "| strategy | not needed |" in text


def _strategy_responder(cache: Path, suite, seen: dict):
    """The first rungs write a program that passes the debugging tasks but not the check (a car that starts
    on the ferry), and repair it wrongly; the staged rung writes a correct strategy and program."""

    def plan_for(prompt: str) -> list[str]:
        name = re.search(r'A task of this domain \("([^"]+)"\)', prompt).group(1)  # type: ignore[union-attr]
        pddl = re.search(r"```pddl\n(.*?)\n```", prompt, re.S)
        task = parse_problem(pddl.group(1), suite.domain) if pddl else suite.task(name)
        result = fd_plan(task, "lama-first", time_limit=20, cache_dir=cache)
        assert result.status == "solved"
        return list(result.plan or ())

    def respond(call) -> str:
        prompt = call.last_user
        seen.setdefault(call.purpose, []).append(prompt)
        if call.purpose in {"direct.write", "repair.fix"}:
            marked = ONBOARD_BUG.replace("):\n", f"):\n    # attempt {call.index}\n", 1)
            return f"{FENCE}python\n{marked}{FENCE}"
        if call.purpose == "repair.reflect":
            return "The program is fine (it is not)."
        if call.purpose == "describe.domain":
            return "FINAL DESCRIPTION\nA ferry carries one car at a time."
        if call.purpose == "describe.tasks":
            return task_descriptions(described_names(prompt))
        if call.purpose == "strategy.write":
            return f"{FENCE}\nfirst unload a car that is aboard; then for each car: sail, board, sail, debark\n{FENCE}"
        if call.purpose == "strategy.plan":
            return "Plan:\n" + "\n".join(plan_for(prompt))
        if call.purpose == "code.write":
            return f"{FENCE}python\n{GOOD_TEXT}{FENCE}"
        raise AssertionError(call.purpose)

    return respond


@pytest.mark.slow
def test_the_strategy_rung_learns_from_the_first_rungs(ferry, tmp_path: Path) -> None:
    seen: dict[str, list[str]] = {}
    outcome, backend, _ = _run(ferry, tmp_path, _strategy_responder(tmp_path / "fd", ferry, seen), repair_rounds=1,
                               generalize_budget_s=20, n_programs=2, code_rounds=1, strategy_rounds=1)  # fmt: skip
    purposes = [c.purpose for c in backend.calls]
    assert purposes[:4] == ["direct.write", "repair.reflect", "repair.fix", "describe.domain"]
    run = outcome.run
    summary = json.loads(run.path("generalize/summary.json").read_text())["counterexamples"]
    cex = summary[0]
    assert cex["task_id"] == "check1" and cex["found_by"] == "p0.v0" and "(on c" in cex["problem_pddl"]
    # p0.v1 (the repair) still fails check1: the repair rung did not pass, so the staged rung ran
    p0v1 = json.loads(run.path("3-programs/p0/v1.json").read_text())
    assert [r["task_id"] for r in p0v1["results"]][-1] == "check1" and not p0v1["results"][-1]["solved"]
    # the strategy prompt carries the failures of the first rungs, the newest one with its code
    strategy_prompt = seen["strategy.write"][0]
    assert "Programs were written for this domain before" in strategy_prompt
    assert "Program p0.v0 (solved 6 of 7 debugging tasks)" in strategy_prompt
    assert 'On the task "check1"' in strategy_prompt and strategy_prompt.count("```python") == 1
    assert "# attempt 2" in strategy_prompt  # p0.v1's code, not p0.v0's
    assert "no particular order" in strategy_prompt
    # check1 is a debugging task of the strategy (shown as PDDL) and of the code from the start
    plans = seen["strategy.plan"]
    assert any('("check1")' in p and "```pddl" in p for p in plans)
    v0 = json.loads(run.path("2-strategy/v0/version.json").read_text())
    assert "check1" in [a["task_id"] for a in v0["attempts"]]
    p1 = json.loads(run.path("3-programs/p1/v0.json").read_text())
    assert "check1" in [r["task_id"] for r in p1["results"]] and p1["solved"] == len(p1["results"])
    # selection over all rungs, scored on the final task set: the staged program wins
    assert outcome.program_label == "p1.v0" and outcome.debug_solved == outcome.debug_total
    ladder = json.loads(run.path("ladder.json").read_text())
    # the search rung is skipped: the programs failed, but not by timing out
    assert [r.get("passed") for r in ladder["rungs"]] == [False, False, None, True]
    assert ladder["rungs"][2]["rung"] == "search" and ladder["rungs"][2]["skipped"]
    assert ladder["selected_rung"] == "strategy"
    assert ladder["usage"]["strategy"]["calls"] == len(purposes) - 3
    assert len(purposes) <= load_config("auto", repair_rounds=1, n_programs=2, code_rounds=1,
                                        strategy_rounds=1).max_llm_calls()  # fmt: skip


def test_no_rung_passes_without_a_check_of_its_last_program(ferry, tmp_path: Path) -> None:
    """With no room for counterexamples among the debugging tasks (generalize_rounds=0), the check still runs
    on every program that solves them: the direct program's bug (a car that starts aboard) stops the direct
    rung from passing, the repair is told about it, and the repair rung passes only once its program passed
    a check of its own, recorded in generalize/checks.json."""

    def respond(call) -> str:
        if call.purpose == "direct.write":
            return f"{FENCE}python\n{ONBOARD_BUG}{FENCE}"
        if call.purpose == "repair.reflect":
            return "A car that starts on the ferry is never unloaded."
        if call.purpose == "repair.fix":
            return f"{FENCE}python\n{GOOD_TEXT}{FENCE}"
        raise AssertionError(call.purpose)

    outcome, backend, _ = _run(ferry, tmp_path, respond, generalize_rounds=0, generalize_budget_s=20)
    assert [c.purpose for c in backend.calls] == ["direct.write", "repair.reflect", "repair.fix"]
    assert 'It failed on the task "check1"' in backend.calls[1].last_user  # the repair saw the counterexample
    run = outcome.run
    ladder = json.loads(run.path("ladder.json").read_text())
    rungs = {r["rung"]: r for r in ladder["rungs"]}
    assert rungs["direct"]["passed"] is False and rungs["repair"]["passed"] is True
    checks = {c["version"]: c["found"] for c in json.loads(run.path("generalize/checks.json").read_text())["checks"]}
    assert checks["p0.v0"] is not None and checks["p0.v1"] is None
    # Every program a rung declared passing has a recorded check that found nothing.
    for rung in ladder["rungs"]:
        if rung.get("passed"):
            assert checks.get(rung["programs"][-1], "unchecked") is None, rung
    # The counterexample did not become a debugging task (no room), so the debugging score stays on 6.
    assert outcome.program_label == "p0.v1" and outcome.debug_total == len(ferry.split.debug)


@pytest.mark.slow
def test_goal_auto_solves_ferry_with_at_most_3_requests(tmp_path: Path) -> None:
    """The goal of issue 13: with a loopback server whose every answer holds a correct ferry program,
    `genplan synthesize ferry --config auto` reaches 100% held-out coverage with at most 3 requests."""
    from tests.llm_server import OpenAIStubServer

    cache = tmp_path / "cache"
    env = {k: v for k, v in os.environ.items() if not k.endswith("_API_KEY")} | {"COLUMNS": "80"}
    with OpenAIStubServer(lambda body: f"Here is the program.\n```python\n{GOOD_TEXT}```", lifetime=600) as srv:
        args = [sys.executable, "-m", "genplan.cli", "synthesize", "ferry", "--config", "auto",
                "--model", "openai/stub", "--api-base", srv.base_url, "--cache-dir", str(cache)]  # fmt: skip
        done = subprocess.run(args, capture_output=True, text=True, env=env, timeout=600)
        assert done.returncode == 0, done.stderr
        assert len(srv.requests) <= 3
    total = len(resolve_suite("ferry").split.heldout)
    assert f"held-out coverage: 100.0% ({total}/{total})" in done.stdout
    assert f"  that is {100 / len(srv.requests):.1f} points per LLM call, " in done.stdout
    assert "selected from rung: direct (rungs run: direct)" in done.stdout
    run_id = re.search(r"run (\S+)\n", done.stdout).group(1)  # type: ignore[union-attr]
    shown = subprocess.run([sys.executable, "-m", "genplan.cli", "inspect", "ferry", "--run", run_id, "--cache-dir",
                            str(cache)], capture_output=True, text=True, env=env, timeout=120)  # fmt: skip
    assert shown.returncode == 0, shown.stderr
    assert "from the **direct** rung" in shown.stdout and "| repair | not needed |" in shown.stdout
    listed = subprocess.run([sys.executable, "-m", "genplan.cli", "inspect", "ferry", "--cache-dir", str(cache)],
                            capture_output=True, text=True, env=env, timeout=120)  # fmt: skip
    assert "/call" in listed.stdout and "100.0%" in listed.stdout


def test_without_repair_rounds_the_ladder_goes_from_direct_to_strategy(ferry, tmp_path: Path) -> None:
    seen: dict[str, list[str]] = {}
    strategy_rung = _strategy_responder(tmp_path / "fd", ferry, seen)

    def respond(call) -> str:
        if call.purpose == "direct.write":
            return f"{FENCE}python\n{WRONG}{FENCE}"
        return strategy_rung(call)

    outcome, backend, _ = _run(ferry, tmp_path, respond, repair_rounds=0, generalize_budget_s=5, n_programs=1,
                               code_rounds=0, strategy_rounds=0)  # fmt: skip
    purposes = [c.purpose for c in backend.calls]
    assert purposes == ["direct.write", "describe.domain", "describe.tasks", "strategy.write", "code.write"]
    ladder = json.loads(outcome.run.path("ladder.json").read_text())
    assert ladder["rungs"][1] == {"rung": "repair", "skipped": True, "why": "switched off (repair_rounds is 0)"}
    assert ladder["selected_rung"] == "strategy" and outcome.program_label == "p1.v0"
    # the direct program's failure is in the strategy prompt, with its code (it is the newest)
    assert "Program p0.v0 (solved 0 of 6 debugging tasks)" in seen["strategy.write"][0]
    assert "switched off (repair_rounds is 0)" in summary_markdown(outcome.run)


def test_earlier_notes_show_each_failure_and_only_the_newest_code() -> None:
    from genplan.protocols.ladder import NOTE_CHARS, earlier_notes
    from genplan.stages.codegen import ProgramVersion, TaskResult

    passed = TaskResult("t1", True)
    versions = [
        ProgramVersion(0, 0, "no code here", None, (TaskResult("t1", False, feedback="x"),)),
        ProgramVersion(0, 1, "a", "def generate_solution(o, i, g):\n    return []\n",
                       (passed, TaskResult("t2", False, feedback="y" * (NOTE_CHARS + 50)))),
        ProgramVersion(0, 2, "a", "def generate_solution(o, i, g):\n    return [1]\n",
                       (passed, TaskResult("cex1", False, feedback="Step 3 is invalid."))),
    ]  # fmt: skip
    notes = earlier_notes(versions)
    assert [n["label"] for n in notes] == ["p0.v0", "p0.v1", "p0.v2"]
    assert notes[0]["summary"] == "no program could be read from the answer" and "source" not in notes[0]
    assert notes[1]["feedback"].startswith('On the task "t2": yyy') and notes[1]["feedback"].endswith("cut short ...]")
    assert "source" not in notes[1] and notes[2]["source"].endswith("return [1]")
    assert notes[2]["feedback"] == 'On the task "cex1": Step 3 is invalid.'
    assert earlier_notes([ProgramVersion(0, 0, "a", "code", (passed,))]) == []  # nothing failed, nothing to say


def test_prompts_state_the_largest_task_from_the_check_or_the_user_never_from_held_out_tasks(
    ferry, tmp_path: Path
) -> None:
    """Issue 23, item 16: the program prompts say how large tasks may get: the user's max_objects when set,
    else the largest size the generalization check tries, computed from the debugging tasks (held-out tasks
    of any size change nothing)."""
    from genplan.generalize.check import EXTEND

    def respond(call) -> str:
        assert call.purpose == "direct.write", call.purpose
        return f"{FENCE}python\n{GOOD_TEXT}{FENCE}"

    largest_debug = max(ferry.task(t).size for t in ferry.split.debug)
    largest_heldout = max(ferry.task(t).size for t in ferry.split.heldout)
    expected = EXTEND * max(500, 10 * largest_debug)
    assert expected != largest_heldout
    _, backend, _ = _run(ferry, tmp_path / "a", respond, generalize_budget_s=5)
    assert f"Tasks may have up to {expected} objects" in backend.calls[0].last_user
    _, backend, _ = _run(ferry, tmp_path / "b", respond, generalize_budget_s=5, max_objects=321)
    assert "Tasks may have up to 321 objects" in backend.calls[0].last_user
    with pytest.raises(Exception, match="max_objects"):
        load_config("auto", max_objects=0)
