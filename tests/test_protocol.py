"""The protocol's shape with a scripted LLM: each preset's call sequence, call bounds, tie rules,
format re-asks, and a crash (Ctrl-C between or during calls) followed by a resume that pays nothing twice."""

from __future__ import annotations

import json
from itertools import groupby
from pathlib import Path

import pytest

from genplan.llm import ScriptedBackend, make_client
from genplan.protocols.config import PRESETS, load_config
from genplan.protocols.synthesize import synthesize
from genplan.stages.codegen import ProgramVersion, TaskResult
from genplan.stages.select import select_program
from genplan.stages.strategy import PlanAttempt, StrategyVersion, select_version
from tests.test_pipeline import WRONG, _script, described_names, ferry_suite, task_descriptions  # noqa: F401

#: The paper's upper bounds on LLM calls per run (Stein et al.).
PAPER_BOUNDS = {"F5-3": 91, "F3-6": 95, "baseline": 20}


def hopeless(call) -> str:
    """A well-formed LLM that never gets anything right: every loop runs to its bound.

    Each answer is new (it names the call), as a sampling model's would be; identical answers would make
    later prompts identical to earlier ones, and the reply cache would rightly answer those for free.
    """
    purpose, n = call.purpose, call.index
    if purpose == "describe.domain":
        return "A description."
    if purpose == "describe.tasks":
        return task_descriptions(described_names(call.last_user))
    if purpose in {"strategy.write", "strategy.revise"}:
        return f"```\nmove every car to its goal (attempt {n})\n```"
    if purpose == "strategy.plan":
        return "```\n(sail l0 l1)\n```"
    if purpose in {"strategy.reflect", "code.reflect"}:
        return f"The mistake is in step {n}."
    if purpose in {"repair.reflect"}:
        return f"The mistake is in line {n}."
    if purpose in {"code.write", "code.fix", "direct.write", "repair.fix"}:
        return f"```python\n{WRONG}# attempt {n}\n```"
    if purpose in {"search.write", "search.fix"}:
        return f"```python\ndef h(state, goal, static, objects):\n    raise ValueError('attempt {n}')\n```"
    raise AssertionError(f"unexpected purpose {purpose}")


def run_length_encoded(purposes: list[str]) -> list[tuple[str, int]]:
    return [(p, len(list(g))) for p, g in groupby(purposes)]


def expected_sequence(
    *, strategy_rounds: int, programs: int, code_rounds: int, reflection: bool, described: bool = True
) -> list[str]:
    """The paper's protocol, with the debugging tasks described in one call (only when a preset reads
    the descriptions: the baseline does not)."""
    seq = ["describe.domain"] + ["describe.tasks"] * described + ["strategy.write"]
    if strategy_rounds:
        seq += ["strategy.plan"] * 6
        for _ in range(strategy_rounds):
            seq += ["strategy.reflect", "strategy.revise"] + ["strategy.plan"] * 6
    for _ in range(programs):
        seq += ["code.write"]
        for _ in range(code_rounds):
            seq += ["code.reflect", "code.fix"] if reflection else ["code.fix"]
    return seq


#: What each preset must do, written out independently of Config.max_llm_calls.
SEQUENCES = {
    "F5-3": expected_sequence(strategy_rounds=5, programs=5, code_rounds=3, reflection=True),
    "F3-6": expected_sequence(strategy_rounds=5, programs=3, code_rounds=6, reflection=True),
    "baseline": expected_sequence(strategy_rounds=0, programs=1, code_rounds=5, reflection=False, described=False),
    "no-multi": expected_sequence(strategy_rounds=5, programs=1, code_rounds=6, reflection=True),
    "no-strategy-debug": expected_sequence(strategy_rounds=0, programs=3, code_rounds=6, reflection=True),
    "no-reflection": expected_sequence(strategy_rounds=5, programs=3, code_rounds=6, reflection=False),
    # Nothing ever passes the debugging tasks here, so the generalization check never runs: the same calls.
    "F5-3+check": expected_sequence(strategy_rounds=5, programs=5, code_rounds=3, reflection=True),
    "F3-6+check": expected_sequence(strategy_rounds=5, programs=3, code_rounds=6, reflection=True),
    # The ladder: the direct program, 3 repair rounds, then F5-3+check.
    "auto": ["direct.write"]
    + ["repair.reflect", "repair.fix"] * 3
    + expected_sequence(strategy_rounds=5, programs=5, code_rounds=3, reflection=True),
    # the search rung alone: a heuristic, then 3 repairs (auto never climbs to it here: wrong plans, no timeouts)
    "search": ["search.write"] + ["search.fix"] * 3,
    # the same with the generalization check, which a heuristic that never passes its checks never reaches
    "search+check": ["search.write"] + ["search.fix"] * 3,
}


@pytest.fixture(scope="module")
def worst_case_runs(ferry_suite, tmp_path_factory):  # noqa: F811
    """Every preset run against the hopeless LLM (own LLM cache each, shared evaluation cache)."""
    root = tmp_path_factory.mktemp("protocol")
    runs = {}
    for name in PRESETS:
        cfg = load_config(name, orderings=1, timeout=5, model="openai/test")
        backend = ScriptedBackend(hopeless)
        llm = make_client(model=cfg.model, cache_dir=root / f"llm-{name}", backend=backend)
        outcome = synthesize(ferry_suite, cfg, llm, cache_dir=root / "cache", jobs=2, heldout=False)
        runs[name] = (cfg, backend, outcome)
    return runs


@pytest.mark.parametrize("preset", list(PRESETS))
def test_each_preset_makes_exactly_its_call_sequence(worst_case_runs, preset: str) -> None:
    cfg, backend, outcome = worst_case_runs[preset]
    purposes = [c.purpose for c in backend.calls]
    assert run_length_encoded(purposes) == run_length_encoded(SEQUENCES[preset])
    if cfg.generalize and cfg.protocol != "search":  # its bound covers strategy checks (a search's check asks none)
        assert len(purposes) < cfg.max_llm_calls(n_debug=6)
    else:
        assert len(purposes) == cfg.max_llm_calls(n_debug=6)
    assert outcome.status == "done"  # a program exists even though it solves nothing


def test_call_counts_stay_within_the_papers_bounds(worst_case_runs) -> None:
    for preset, bound in PAPER_BOUNDS.items():
        _, backend, _ = worst_case_runs[preset]
        assert len(backend.calls) <= bound, preset
    # The worst case is reached: no loop stops early when nothing is ever solved.
    # (F5-3: 89, F3-6: 93 and baseline: 14 with one call per task description and, for the baseline, the six
    # descriptions it never read.)
    assert {p: len(worst_case_runs[p][1].calls) for p in PAPER_BOUNDS} == {"F5-3": 84, "F3-6": 88, "baseline": 8}


def test_ablations_change_the_prompts_as_specified(worst_case_runs) -> None:
    def first(preset: str, purpose: str):
        return next(c for c in worst_case_runs[preset][1].calls if c.purpose == purpose)

    # Baseline: a prose strategy written from the PDDL itself, never assessed.
    baseline_strategy = first("baseline", "strategy.write").last_user
    assert "(:action" in baseline_strategy
    assert "(:action" not in first("F3-6", "strategy.write").last_user
    # Without reflection the fix request carries the feedback itself; with reflection the feedback goes
    # to the reflection request and the fix request is short.
    direct_fix = first("no-reflection", "code.fix").last_user
    reflect = first("F3-6", "code.reflect").last_user
    fix_after_reflection = first("F3-6", "code.fix").last_user
    for text in (direct_fix, reflect):
        assert "sail" in text and "l0" in text  # the failing plan's feedback names the bad action
    assert "sail" not in fix_after_reflection
    assert len(fix_after_reflection) < len(direct_fix) / 2


def test_ties_go_to_the_latest_version_in_a_real_run(worst_case_runs) -> None:
    cfg, _, outcome = worst_case_runs["F3-6"]
    run = outcome.run
    selection = json.loads(run.path("2-strategy/selection.json").read_text())
    assert selection == {"selected": 5, "solved": 0, "assessed": True}  # 6 versions, all at 0: the last one
    assert outcome.program_label == f"p3.v{cfg.code_rounds}"  # 21 programs, all at 0: the last one
    reason = json.loads(run.path("4-selection.json").read_text())["reason"]
    assert reason.endswith("latest of 21 programs with that score")


# ----------------------------------------------------------------------------------- selection rules
def _program(variant: int, round_: int, solved: int, source: str | None = "code") -> ProgramVersion:
    results = tuple(TaskResult(f"t{i}", i < solved) for i in range(6))
    return ProgramVersion(variant, round_, "answer", source, results)


def _strategy(index: int, solved: int) -> StrategyVersion:
    attempts = tuple(PlanAttempt(f"t{i}", "", (), i < solved, "", {}, ()) for i in range(6))
    return StrategyVersion(index, f"v{index}", "", attempts)


def test_program_selection_prefers_more_solved_then_the_later_one() -> None:
    versions = [_program(1, 0, 3), _program(1, 1, 4), _program(2, 0, 4), _program(2, 1, 2)]
    chosen = select_program(versions)
    assert chosen is not None and chosen.label == "p2.v0" and chosen.solved == 4
    assert "latest of 2" in chosen.reason
    assert select_program([_program(1, 0, 5), _program(2, 0, 1)]).label == "p1.v0"  # more solved beats later
    # A version without code never wins, even when it is the latest.
    assert select_program([_program(1, 0, 0), _program(1, 1, 0, source=None)]).label == "p1.v0"
    assert select_program([_program(1, 0, 0, source=None)]) is None


def test_strategy_selection_prefers_more_solved_then_the_later_one() -> None:
    assert select_version([_strategy(0, 2), _strategy(1, 5), _strategy(2, 5), _strategy(3, 1)]) == 2
    assert select_version([_strategy(0, 6), _strategy(1, 5)]) == 0
    assert select_version([_strategy(0, 0), _strategy(1, 0)]) == 1


# ------------------------------------------------------------------------------------ format re-asks
def test_an_answer_without_code_is_reasked_once_and_counted(ferry_suite, tmp_path: Path) -> None:  # noqa: F811
    cache = tmp_path / "cache"
    script = _script(ferry_suite, cache)
    at = script.index(next(s for s in script if s.startswith("```python")))
    # Program 1's first answer has no code; the reminder gets the (raising) program.
    script.insert(at, "I would write a loop over the cars.")
    cfg = load_config("F3-6", strategy_rounds=1, code_rounds=0, orderings=1, timeout=10, model="openai/test",
                      llm_concurrency=1)  # fmt: skip
    backend = ScriptedBackend(script)
    llm = make_client(model=cfg.model, cache_dir=cache, backend=backend)
    outcome = synthesize(ferry_suite, cfg, llm, cache_dir=cache, jobs=2, heldout=False)
    assert len(backend.calls) == 21
    assert [c.purpose for c in backend.calls].count("code.write.reminder") == 1
    p1 = json.loads(outcome.run.path("3-programs/p1/v0.json").read_text())
    assert p1["reminders"] == 1 and p1["has_source"]
    usage = json.loads(outcome.run.path("usage.json").read_text())
    assert usage["reminders"] == 1 and usage["total"]["paid_calls"] == 21
    assert "1 format re-asks" in outcome.run.path("summary.md").read_text()


# ------------------------------------------------------------------------------------ crash, resume
class Interrupt(KeyboardInterrupt):
    """Ctrl-C, raised by the test at a chosen point."""


def _key(call) -> str:
    return json.dumps([m.to_json() for m in call.request.messages], sort_keys=True)


@pytest.mark.parametrize("where", ["during-call", "between-calls"])
def test_a_crash_then_resume_sends_no_call_twice(ferry_suite, tmp_path: Path, where: str) -> None:  # noqa: F811
    cache = tmp_path / "cache"
    script = _script(ferry_suite, cache)
    # The scripted list answers in arrival order: one call at a time (concurrent runs: test_concurrency.py).
    cfg = load_config("F3-6", strategy_rounds=1, code_rounds=0, orderings=1, timeout=10, model="openai/test",
                      llm_concurrency=1)  # fmt: skip

    if where == "during-call":
        crash_at = 12  # the user presses Ctrl-C while call 12 (a strategy plan) is waiting for its reply

        def responder(call):
            if call.index == crash_at:
                raise Interrupt()
            return script[call.index]

        first = ScriptedBackend(responder)
        progress = None
    else:
        first = ScriptedBackend(list(script))

        def progress(event: str, info: dict) -> None:
            if event == "program" and info["label"] == "p2.v0":
                raise Interrupt()  # after program 2 was written and evaluated

    llm = make_client(model=cfg.model, cache_dir=cache, backend=first)
    kwargs = {"progress": progress} if progress else {}
    with pytest.raises(KeyboardInterrupt):
        synthesize(ferry_suite, cfg, llm, cache_dir=cache, jobs=2, **kwargs)
    answered = [c for c in first.calls if where == "between-calls" or c.index != crash_at]
    run_root = cache / "runs" / "ferry"
    (run_dir,) = [p for p in run_root.iterdir() if p.is_dir()]
    assert json.loads((run_dir / "run.json").read_text())["status"] == "stopped"
    assert json.loads((run_dir / "usage.json").read_text())["total"]["paid_calls"] == len(answered)

    second = ScriptedBackend(script[len(answered) :])
    llm2 = make_client(model=cfg.model, cache_dir=cache, backend=second)
    outcome = synthesize(ferry_suite, cfg, llm2, cache_dir=cache, jobs=2)
    assert outcome.status == "done" and outcome.program_label == "p3.v0" and outcome.coverage == 1.0
    assert outcome.run.root == run_dir
    sent_first = {_key(c) for c in answered}
    sent_second = [_key(c) for c in second.calls]
    assert not sent_first & set(sent_second), "a call answered before the crash was sent again"
    assert len(answered) + len(second.calls) == 20
    if where == "during-call":
        assert _key(second.calls[0]) == _key(first.calls[crash_at])  # the interrupted call is the first sent
    usage = json.loads((run_dir / "usage.json").read_text())
    assert len(usage["sessions"]) == 2 and usage["sessions"][0]["status"] == "stopped"
    assert usage["total"]["paid_calls"] == 20
    assert usage["total"]["cached_calls"] == len(answered)
