"""The synthesis pipeline end to end with a scripted LLM: repair, selection, artifacts, resume."""

from __future__ import annotations

import json
import re
import shutil
from pathlib import Path

import pytest

from genplan.benchmarks.suites import load_suite_dir
from genplan.generators import ferry
from genplan.generators.domains import builtin_domain_path
from genplan.llm import AuthenticationError, ScriptedBackend, make_client
from genplan.pddl.writer import write_problem
from genplan.planners import plan as fd_plan
from genplan.protocols.config import load_config
from genplan.protocols.synthesize import synthesize

GOOD = (Path(__file__).parent / "zoo" / "good_ferry.py").read_text()
RAISES = "def generate_solution(objects, init, goal):\n    raise KeyError('ferry')\n"
WRONG = "def generate_solution(objects, init, goal):\n    return ['(sail l0 l1)']\n"


@pytest.fixture(scope="module")
def ferry_suite(tmp_path_factory: pytest.TempPathFactory):
    """A small ferry suite in the genplan layout: 6 debugging tasks, 4 held-out ones."""
    root = tmp_path_factory.mktemp("suites") / "ferry"
    (root / "problems").mkdir(parents=True)
    shutil.copy(builtin_domain_path("ferry"), root / "domain.pddl")
    for k in range(10):
        task = ferry.generate(ferry.Params(locations=2 + k % 3, cars=2 + k // 3), seed=k, name=f"instance-{k}")
        (root / "problems" / f"instance-{k}.pddl").write_text(write_problem(task))
    split = {"debug": [f"instance-{k}" for k in range(6)], "prompt": {"1": ["instance-0", "instance-1"]},
             "heldout": [f"instance-{k}" for k in range(6, 10)]}  # fmt: skip
    (root / "split.json").write_text(json.dumps(split))
    return load_suite_dir(root)


def task_descriptions(names, text: str = "cars must be moved", notes: str = "none") -> str:
    """An answer to the task-description request in the form it asks for."""
    return "".join(f"TASK {n}\nTask {n}: {text}.\n" for n in names) + f"DOMAIN NOTES\n{notes}\n"


def described_names(prompt: str) -> list[str]:
    """The task names a task-description request asks about (from the answer form it shows)."""
    return re.findall(r"^TASK (\S+)$", prompt, re.M)


def _script(suite, cache: Path) -> list[str]:
    """The replies of a run where strategy v0 misses a step (repaired after reflection), program 1
    raises, program 2 returns a wrong plan and program 3 is right (20 calls; with one call per task
    description, as the paper makes them, it would be 25)."""
    plans = []
    for t in suite.split.debug:
        result = fd_plan(suite.task(t), "lama-first", time_limit=20, cache_dir=cache)
        assert result.status == "solved"
        plans.append(list(result.plan))
    fenced = lambda steps: "Plan:\n```\n" + "\n".join(steps) + "\n```"  # noqa: E731
    script = ["Let me go through the PDDL first.\nFINAL DESCRIPTION\nThe ferry domain moves cars between locations."]
    script += [task_descriptions(suite.split.debug)]
    script += ["Thinking...\n```\nfor each car: board it, sail\n```"]
    script += [fenced(plans[0][:-1])] + [fenced(p) for p in plans[1:]]  # v0: task 0 misses its last step
    script += ["The strategy forgot to debark the car at its goal."]
    script += ["```\nfor each car: sail to it, board, sail to goal, debark\n```"]
    script += [fenced(p) for p in plans]  # v1: all valid
    script += [f"```python\n{RAISES}```", f"```python\n{WRONG}```", f"```python\n{GOOD}```"]
    return script


class _NoKey(ScriptedBackend):
    """A backend whose preflight check fails as litellm's does without an API key."""

    def check(self, model: str) -> None:
        raise AuthenticationError(f"No API key for {model!r}.", env_vars=("OPENAI_API_KEY",))


def test_a_failed_preflight_creates_no_run_folder(ferry_suite, tmp_path: Path) -> None:
    cache = tmp_path / "cache"
    cfg = load_config("F3-6", model="openai/test")
    backend = _NoKey(["never used"])
    llm = make_client(model=cfg.model, cache_dir=cache / "llm", backend=backend, log_path=cache / "runs" / "x.jsonl")
    events: list[str] = []
    with pytest.raises(AuthenticationError, match="No API key"):
        synthesize(ferry_suite, cfg, llm, cache_dir=cache, progress=lambda event, _info: events.append(event))
    assert not cache.exists()  # no run folder, no call log, not even the reply cache
    assert events == [] and backend.calls == []  # no stage started


def test_full_scripted_ferry_run_and_cached_rerun(ferry_suite, tmp_path: Path) -> None:
    cache = tmp_path / "cache"
    # A scripted list answers in arrival order: one call at a time.
    cfg = load_config("F3-6", strategy_rounds=1, code_rounds=0, orderings=2, timeout=10, model="openai/test",
                      llm_concurrency=1)  # fmt: skip
    backend = ScriptedBackend(_script(ferry_suite, cache))
    llm = make_client(model=cfg.model, cache_dir=cache, backend=backend)
    outcome = synthesize(ferry_suite, cfg, llm, cache_dir=cache, jobs=2)
    assert outcome.status == "done"
    assert len(backend.calls) == 20
    run = outcome.run
    v0 = json.loads(run.path("2-strategy/v0/version.json").read_text())
    v1 = json.loads(run.path("2-strategy/v1/version.json").read_text())
    assert (v0["solved"], v1["solved"]) == (5, 6)
    assert v0["reflected_task"] == "instance-0" and "debark" in v0["reflection"]
    assert "goal" in v0["attempts"][0]["feedback"].lower()
    assert json.loads(run.path("2-strategy/selection.json").read_text())["selected"] == 1
    programs = [json.loads(run.path(f"3-programs/p{i}/v0.json").read_text()) for i in (1, 2, 3)]
    assert [p["solved"] for p in programs] == [0, 0, 6]
    assert programs[0]["results"][0]["category"] == "python exception"
    assert "KeyError" in programs[0]["results"][0]["feedback"]
    assert programs[1]["results"][0]["category"] in {"invalid action", "goal not satisfied"}
    assert outcome.program_label == "p3.v0" and (outcome.debug_solved, outcome.debug_total) == (6, 6)
    assert outcome.coverage == 1.0 and outcome.heldout_total == 4
    assert run.path("program.py").read_text() == run.path("3-programs/p3/v0.py").read_text()
    summary = run.path("summary.md").read_text()
    assert "held-out coverage" in summary and "4/4 tasks solved in every ordering" in summary

    # A fully cached rerun: the same run directory, no call sent. It needs no key: the preflight check
    # that guards a new run is skipped for a run that exists (a backend without a key proves it).
    backend2 = _NoKey([])
    llm2 = make_client(model=cfg.model, cache_dir=cache, backend=backend2)
    again = synthesize(ferry_suite, cfg, llm2, cache_dir=cache, jobs=2)
    assert len(backend2.calls) == 0
    assert again.run.root == run.root and again.coverage == 1.0
    assert json.loads(run.path("usage.json").read_text())["total"]["cached_calls"] == 20
    # What later prompts show is the final description, not the model's notes; both are kept.
    assert run.path("1-describe/domain.md").read_text() == "The ferry domain moves cars between locations.\n"
    assert "go through the PDDL" in run.path("1-describe/answers/domain.md").read_text()
    assert not any("go through the PDDL" in m.content for c in backend.calls[1:] for m in c.request.messages)


@pytest.mark.slow
def test_synthesize_command_through_litellm_and_a_loopback_server(ferry_suite, tmp_path: Path) -> None:
    """`genplan synthesize` end to end: the real litellm path against an OpenAI-protocol server on
    127.0.0.1; then a rerun that is served entirely from the cache (the server sees no new request)."""
    import os
    import subprocess
    import sys

    from tests.llm_server import OpenAIStubServer

    # A cache folder deep enough that the program's path is longer than the 80-column terminal.
    cache = tmp_path / "a cache folder [with brackets] whose name is long" / "cache"
    script = _script(ferry_suite, cache)
    args = [
        sys.executable, "-m", "genplan.cli", "synthesize", "ferry", "--suite", str(ferry_suite.root),
        "--config", "F3-6", "--strategy-rounds", "1", "--code-rounds", "0", "--orderings", "2",
        "--timeout", "10", "--model", "openai/stub", "--cache-dir", str(cache), "--jobs", "2",
        "--llm-concurrency", "1",
    ]  # fmt: skip
    env = {k: v for k, v in os.environ.items() if not k.endswith("_API_KEY")} | {"COLUMNS": "80"}
    with OpenAIStubServer(script=script) as srv:
        args += ["--api-base", srv.base_url]
        first = subprocess.run(args, capture_output=True, text=True, env=env, timeout=300)
        assert first.returncode == 0, first.stderr
        assert len(srv.requests) == 20
        assert "held-out coverage: 100.0% (4/4)" in first.stdout
        assert "  that is 5.00 points per LLM call, " in first.stdout.splitlines()[4]  # 100% in 20 calls
        assert "debugging tasks solved: 6/6" in first.stdout
        # The path and the command to copy are whole lines, never wrapped, whatever the width.
        run = next((cache / "runs" / "ferry").iterdir())
        lines = first.stdout.splitlines()
        assert len(f"program: {run / 'program.py'}") > 80 and f"program: {run / 'program.py'}" in lines
        assert f"inspect it: genplan inspect ferry --run {run.name}" in lines
        assert f"run {run.name} -> {run}" in first.stderr.splitlines()
        again = subprocess.run(args, capture_output=True, text=True, env=env, timeout=300)
        assert again.returncode == 0, again.stderr
        assert len(srv.requests) == 20  # nothing sent twice
        assert "20 cached" in again.stdout


def test_an_example_task_whose_goal_already_holds_has_the_empty_plan(tmp_path: Path) -> None:
    """One of the paper's logistics debugging tasks needs no action: its example plan is empty, not missing."""
    import shutil

    from genplan.benchmarks.suites import load_suite_dir
    from genplan.generators.domains import BENCHMARKS_DIR
    from genplan.protocols.context import reference_plan

    root = tmp_path / "ferry"
    shutil.copytree(BENCHMARKS_DIR / "ferry", root)
    shutil.rmtree(root / "plans", ignore_errors=True)
    suite = load_suite_dir(root)
    first = suite.split.debug[0]
    path = root / "problems" / f"{first}.pddl"
    task = suite.task(first)
    goal = " ".join(f"({' '.join(f)})" for f in sorted(task.init) if f[0] == "at")
    text = path.read_text()
    start = text.index("(:goal")
    path.write_text(text[:start] + f"(:goal (and {goal}))\n)\n")
    assert reference_plan(load_suite_dir(root), first, tmp_path / "cache") == []
