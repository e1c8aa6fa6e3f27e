"""Task generators the model writes (genplan.generalize.modelgen, genplan.stages.generator): run in the
sandbox, every task checked against the domain, judged before use, used and shrunk by the check, asked
for with the debugging tasks only, cached like every call."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from genplan.benchmarks.registry import resolve_suite
from genplan.execute.outcome import Limits
from genplan.execute.pool import Executor
from genplan.generalize import CheckSettings, check_program
from genplan.generalize.modelgen import (
    ModelGenerator,
    assess,
    assessment_sizes,
    check_task,
    lowered,
    parameter_minimums,
    perturbed,
)
from genplan.generalize.naming import model_generator
from genplan.generalize.solvable import planner_decision
from genplan.llm import ScriptedBackend, make_client
from genplan.pddl.parser import parse_domain
from genplan.pddl.pyform import python_inputs, render_python_task
from genplan.stages.generator import ask_model_generator, extract_generator

REPO = Path(__file__).resolve().parent.parent
GOOD_GENERATOR = (REPO / "tests" / "data" / "modelgen" / "ferry_generator.py").read_text()
GOOD_FERRY = (REPO / "tests" / "zoo" / "good_ferry.py").read_text()
#: good_ferry that handles only 30 cars: the planted failure a generator must reach.
CAP_BUG = GOOD_FERRY.replace("for car in sorted(targets):", "for car in sorted(targets)[:30]:")
#: Short limits, so that a generator that never returns costs a second per call.
QUICK = Limits(timeout=1.0, memory=512 * 2**20, max_plan_length=400_000, max_plan_chars=32 * 2**20)

TYPED_DOMAIN = parse_domain("""(define (domain ferry)
  (:requirements :strips :typing)
  (:types car location - object)
  (:predicates (at-ferry ?l - location) (at ?c - car ?l - location) (empty-ferry) (on ?c - car))
  (:action sail :parameters (?from ?to - location)
    :precondition (at-ferry ?from) :effect (and (at-ferry ?to) (not (at-ferry ?from)))))""")


def broken(old: str, new: str) -> str:
    assert old in GOOD_GENERATOR
    return GOOD_GENERATOR.replace(old, new)


#: Each broken generator and a part of the reason it must be rejected with.
BROKEN = {
    "wrong arity": (broken('goal.add(("at", c, rng.choice(locations)))', 'goal.add(("at", c))'),
                    "has 1 argument(s), but at takes 2"),
    "unknown object": (broken('init.add(("at-ferry", rng.choice(locations)))', 'init.add(("at-ferry", "harbour"))'),
                       "names the object 'harbour', which is not among the objects"),
    "unknown predicate": (broken('init.add(("empty-ferry",))', 'init.add(("ferry-empty",))'),
                          "uses the predicate 'ferry-empty', which the domain does not declare"),
    "unsolvable": (broken('init |= {("not-eq", a, b) for a in locations for b in locations if a != b}', "")
                   .replace('init.add(("at", c, rng.choice(locations)))', 'init.add(("at", c, "l0"))')
                   .replace('goal.add(("at", c, rng.choice(locations)))', 'goal.add(("at", c, "l1"))'),
                   "unsolvable (for example the task at"),
    "identical": (broken("def params_for_size(size):\n", "def params_for_size(size):\n    return {'locations': 2, "
                         "'cars': 3}\n").replace("rng = random.Random(seed)", "rng = random.Random(7)"),
                  "are identical"),
    "endless loop": (broken("rng = random.Random(seed)", "rng = random.Random(seed)\n    while True:\n        pass"),
                     "timeout"),
    "crash": (broken("rng = random.Random(seed)", "rng = random.Random(seed)\n    raise ValueError('no ferry')"),
              "ValueError: no ferry"),
    "below its minimum": (broken("locations = max(2, size // 5)", "locations = 1"), "at least 2"),
    "no tuple": (broken("return set(locations + cars), init, goal", "return init"),
                 "not a tuple (objects, init, goal)"),
}  # fmt: skip


def ferry() -> tuple:
    suite = resolve_suite("ferry")
    return suite, [(t, suite.task(t)) for t in suite.split.debug]


def reply(source: str) -> str:
    return f"Here is the generator.\n\n```python\n{source}```\n"


# ------------------------------------------------------------------------------------ the domain check
@pytest.mark.parametrize(
    ("objects", "init", "goal", "reason"),
    [
        ([("c0", "car"), ("l0", "location")], [("at", "c0", "l0", "l0")], [("on", "c0")], "has 3 argument(s)"),
        ([("c0", "car"), ("l0", "location")], [("at", "c0", "l0")], [("parked", "c0")], "predicate 'parked'"),
        ([("c0", "car"), ("l0", "location")], [("at", "c0", "l1")], [("on", "c0")], "object 'l1', which is not"),
        ([("c0", "car"), ("l0", "location")], [("at", "l0", "c0")], [("on", "c0")], "of type 'location' where it "
         "takes a 'car'"),
        ([("c0", "car"), ("l0", "location")], [("at", "c0", "l0")], [("on", "c9")], "goal fact (on c9) names the "
         "object 'c9'"),
        ([("c0", "car"), ("l0", "location")], [("at", "c0", "l0")], [], "the goal is empty"),
        ([("c0",), ("l0", "location")], [("at", "c0", "l0")], [("on", "c0")], "'c0' has no type"),
        ([("c0", "boat"), ("l0", "location")], [("at", "c0", "l0")], [("on", "c0")], "type 'boat', which the domain"),
        ([("c0", "car"), ("c0", "location")], [], [("on", "c0")], "declared twice"),
    ],
)  # fmt: skip
def test_every_generated_task_is_checked_against_the_domain_with_a_clear_reason(objects, init, goal, reason) -> None:
    assert reason in check_task(TYPED_DOMAIN, objects, init, goal)


def test_a_task_of_the_domain_passes_the_check_in_any_case() -> None:
    assert check_task(TYPED_DOMAIN, [("C0", "car"), ("l0", "Location")], [("AT", "c0", "l0")], [("on", "c0")]) == ""


# --------------------------------------------------------------------------------------- the sandbox
def test_a_good_generator_is_accepted_and_its_tasks_are_tasks_of_the_domain() -> None:
    suite, debug = ferry()
    with Executor(jobs=2) as executor:
        generator = ModelGenerator(GOOD_GENERATOR, suite.domain, executor)
        verdict = assess(generator, assessment_sizes([t for _, t in debug]), planner_decision(10))
        assert verdict.accepted, verdict.reason
        assert all(row["proved"] is True and row["objects"] for row in verdict.samples)
        [made] = generator.make([(None, {"locations": 3, "cars": 12}, 5, "t")])
    assert made.task is not None and made.task.size == 15 and made.params == {"locations": 3, "cars": 12}
    assert made.task.domain == suite.domain and {f[0] for f in made.task.goal} == {"at"}


@pytest.mark.parametrize("case", sorted(BROKEN))
def test_a_broken_generator_is_rejected_with_its_reason(case: str) -> None:
    source, reason = BROKEN[case]
    suite, _ = ferry()
    with Executor(jobs=2) as executor:
        verdict = assess(ModelGenerator(source, suite.domain, executor, QUICK), [5, 8, 16], planner_decision(10))
    assert not verdict.accepted
    assert reason in verdict.reason, verdict.reason


def test_tasks_the_planner_cannot_decide_do_not_reject_a_generator_but_none_proved_does() -> None:
    suite, _ = ferry()
    with Executor(jobs=2) as executor:
        generator = ModelGenerator(GOOD_GENERATOR, suite.domain, executor)
        hard = assess(generator, [5, 8, 16], lambda task: True if task.size <= 5 else None)
        undecided = assess(generator, [5, 8, 16], lambda task: None)
    assert hard.accepted and "3 of its 9 tasks were proved solvable" in hard.reason, hard.reason
    assert not undecided.accepted and "none of its 9 tasks was proved solvable" in undecided.reason


def test_a_generator_runs_behind_the_sandbox_walls(tmp_path: Path) -> None:
    suite, _ = ferry()
    marker = tmp_path / "written"
    sneaky = broken(
        "rng = random.Random(seed)", f"open({str(marker)!r}, 'w').write('x')\n    rng = random.Random(seed)"
    )
    reader = broken("rng = random.Random(seed)", "open('/etc/hostname').read()\n    rng = random.Random(seed)")
    with Executor(jobs=1) as executor:
        for source in (sneaky, reader):
            [made] = ModelGenerator(source, suite.domain, executor, QUICK).make([(10, None, 1, "t")])
            assert made.task is None and made.error.startswith("forbidden"), made.error
    assert not marker.exists()


def test_parameters_are_read_without_running_the_code_and_never_lowered_below_their_minimums() -> None:
    import random

    assert parameter_minimums(GOOD_GENERATOR) == {"locations": 2, "cars": 1}
    assert parameter_minimums("PARAMETERS = make()\n") == {}
    minimums = {"locations": 2, "cars": 1}
    assert lowered({"locations": 2, "cars": 9}, minimums, "scale") == [{"locations": 2, "cars": 4}]
    assert lowered({"locations": 2, "cars": 9}, minimums, "step") == [{"locations": 2, "cars": 8}]
    assert lowered({"locations": 2, "cars": 1}, minimums, "halve") == []
    rng = random.Random(3)
    for _ in range(50):
        params = perturbed({"locations": 2, "cars": 1}, minimums, rng)
        assert params["locations"] >= 2 and params["cars"] >= 1


# ------------------------------------------------------------------------------------------- the check
def test_the_model_generator_finds_a_planted_failure_with_the_builtin_generator_off_and_shrinks_it() -> None:
    suite, debug = ferry()
    with Executor(jobs=2) as executor:
        names = model_generator(suite.domain, ModelGenerator(GOOD_GENERATOR, suite.domain, executor))
        result = check_program(CAP_BUG, suite.domain, debug, generator=names, executor=executor,
                               settings=CheckSettings(budget_s=90, shrink_budget_s=40, rounds=2))  # fmt: skip
        without = check_program(CAP_BUG, suite.domain, debug, generator=None, executor=executor,
                                settings=CheckSettings(budget_s=10, rounds=1, shrink_budget_s=0))  # fmt: skip
    assert without.counterexample is None, "variants of the debugging tasks alone never reach 31 cars"
    cex = result.counterexample
    assert cex is not None and cex.source == "generator" and cex.category == "goal not satisfied"
    assert result.generator == "the generator the model wrote" and cex.solvable == "planner"
    assert len(cex.task.goal) > 30
    assert cex.task.size < cex.found_objects and cex.regenerate_steps >= 1, "shrunk through the generator"
    assert "the generator the model wrote" in cex.origin


# ------------------------------------------------------------------------------------------ the stage
def test_a_rejected_generator_is_repaired_once_with_its_reason_and_a_second_rejection_is_reported(
    tmp_path: Path,
) -> None:
    suite, debug = ferry()
    bad = BROKEN["wrong arity"][0]
    with Executor(jobs=2) as executor:
        backend = ScriptedBackend([reply(bad), reply(GOOD_GENERATOR)])
        llm = make_client(model="scripted", backend=backend, cache_dir=tmp_path / "llm")
        names, answer = ask_model_generator(llm, suite.domain, "ferry", suite.domain_path.read_text(), debug,
                                            executor=executor, decide=planner_decision(10),
                                            settings=CheckSettings())  # fmt: skip
        assert names is not None and answer.accepted and len(answer.attempts) == 2
        assert [c.purpose for c in backend.calls] == ["generator.write", "generator.repair"]
        assert "has 1 argument(s), but at takes 2" in backend.calls[1].last_user

        backend = ScriptedBackend([reply(bad), reply(BROKEN["crash"][0])])
        llm = make_client(model="scripted", backend=backend, cache_dir=tmp_path / "llm2")
        names, answer = ask_model_generator(llm, suite.domain, "ferry", suite.domain_path.read_text(), debug,
                                            executor=executor, decide=planner_decision(10),
                                            settings=CheckSettings())  # fmt: skip
    assert names is None and not answer.accepted and len(backend.calls) == 2, "one repair at most"
    assert "ValueError: no ferry" in answer.reason


def test_the_generator_is_read_from_the_block_that_defines_it() -> None:
    text = "```python\nprint('demo')\n```\n" + reply(GOOD_GENERATOR) + "\nTry `generate({}, 1)`."
    assert extract_generator(text) == GOOD_GENERATOR
    assert extract_generator("```python\ndef generate(params, seed):\n    return 1\n```") is None


def _cli(args: list[str], cwd: Path) -> subprocess.CompletedProcess:
    env = {k: v for k, v in os.environ.items() if not k.endswith("_API_KEY")} | {"COLUMNS": "100"}
    return subprocess.run([sys.executable, "-m", "genplan.cli", "check", *args], capture_output=True, text=True,
                          cwd=cwd, env=env, timeout=600)  # fmt: skip


def test_cli_asks_once_with_the_debugging_tasks_only_keeps_the_generator_and_a_rerun_pays_no_call(
    tmp_path: Path,
) -> None:
    from tests.llm_server import OpenAIStubServer

    suite, _ = ferry()
    (tmp_path / "cap.py").write_text(CAP_BUG)
    args = ["cap.py", "ferry", "--generator", "model", "--model", "openai/stub", "--budget", "90",
            "--shrink-budget", "20", "--cache-dir", str(tmp_path / "cache"), "--jobs", "2"]  # fmt: skip
    with OpenAIStubServer(lambda body: reply(GOOD_GENERATOR)) as srv:
        first = _cli([*args, "--api-base", srv.base_url], tmp_path)
        assert first.returncode == 1, first.stderr
        assert len(srv.requests) == 1
        again = _cli([*args, "--api-base", srv.base_url, "--out", "again"], tmp_path)
        assert again.returncode == 1, again.stderr
        assert len(srv.requests) == 1, "the second run is answered from the cache"
        prompt = json.dumps(srv.requests[0])
    assert "from the cache" in again.stderr and "accepted" in first.stderr
    (folder,) = tmp_path.glob("check-ferry-cap-*")  # the default folder: the program's name and short sha256
    assert (folder / "generator.py").read_text().endswith(GOOD_GENERATOR)
    verdict = json.loads((folder / "generator.json").read_text())
    assert verdict["accepted"] and verdict["calls"]["paid_calls"] == 1
    assert json.loads((folder / "check.json").read_text())["generator"] == "the generator the model wrote"
    # Debugging tasks reach the prompt; no held-out task does, in any form.
    debug_shown = [t for t in suite.split.debug if t in prompt]
    assert debug_shown, "the prompt shows debugging tasks"
    for task_id in suite.split.heldout:
        py = python_inputs(suite.task(task_id))
        lines = render_python_task(py).splitlines()
        assert json.dumps(lines[1])[1:-1] not in prompt and json.dumps(lines[2])[1:-1] not in prompt, task_id


def test_cli_generator_choices_that_cannot_work_are_user_errors(tmp_path: Path) -> None:
    (tmp_path / "good.py").write_text(GOOD_FERRY)
    for args, words in ((["--generator", "model"], "needs a model"), (["--generator", "robot"], "must be one of")):
        res = _cli(["good.py", "ferry", *args], tmp_path)
        assert res.returncode == 2 and words in res.stderr and "Traceback" not in res.stderr, res.stderr


# ----------------------------------------------------------------------------------------------- runs
def test_a_run_asks_once_keeps_the_generator_in_its_folder_and_inspect_shows_it(tmp_path: Path) -> None:
    from genplan.protocols.config import Config, ConfigError
    from genplan.protocols.context import counterexample_search
    from genplan.runs import RunDir
    from genplan.runs.summary import summary_markdown

    suite, _ = ferry()
    run = RunDir(tmp_path / "runs" / "ferry" / "r1")
    events: list[tuple[str, dict]] = []
    backend = ScriptedBackend([reply(BROKEN["crash"][0]), reply(GOOD_GENERATOR)])
    llm = make_client(model="scripted", backend=backend, cache_dir=tmp_path / "llm")
    config = Config(generalize=True, generalize_generator="model")
    search = counterexample_search(run, suite, config, tmp_path / "cache", lambda e, i: events.append((e, i)),
                                   None, llm)  # fmt: skip
    assert search.generator is not None and search.generator.generator == "model"
    assert [c.purpose for c in backend.calls] == ["generator.write", "generator.repair"]
    [(_, info)] = [e for e in events if e[0] == "generator"]
    assert info["accepted"] and info["attempts"] == 2
    assert run.path("generalize/generator.py").read_text().endswith(GOOD_GENERATOR)
    kept = json.loads(run.path("generalize/generator.json").read_text())
    assert kept["accepted"] and kept["calls"]["paid_calls"] == 2
    prompt = backend.calls[0].last_user
    assert all(t in prompt for t in sorted(suite.split.debug, key=lambda t: (suite.task(t).size, t))[:3])
    for task_id in suite.split.heldout:  # no held-out task reaches the prompt, in any form
        assert task_id not in prompt
        assert render_python_task(python_inputs(suite.task(task_id))).splitlines()[1] not in prompt
    text = summary_markdown(run)
    assert "task generator written by the model: accepted after 2 attempt(s)" in text
    assert "first attempt rejected:" in text and "ValueError: no ferry" in text
    # The default keeps the builtin generator where there is one: no call.
    quiet = ScriptedBackend([])
    builtin = counterexample_search(run, suite, Config(generalize=True), tmp_path / "cache", lambda e, i: None,
                                    None, make_client(model="scripted", backend=quiet))  # fmt: skip
    assert builtin.generator.generator == "ferry" and not quiet.calls
    with pytest.raises(ConfigError, match="generalize_generator"):
        Config(generalize=True, generalize_generator="robot").check()
