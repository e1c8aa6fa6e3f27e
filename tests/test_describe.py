"""Stage 1 as issue 13 left it: final text under a marker, tasks described together, their notes carried
forward, and a protocol that asks only for the descriptions it reads."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from genplan.llm import ScriptedBackend, make_client
from genplan.protocols.config import load_config
from genplan.protocols.synthesize import synthesize
from genplan.stages.describe import (
    NOTES_HEADING,
    TaskText,
    describe,
    final_description,
    group_tasks,
    shown_domain,
    split_task_answer,
)
from tests.test_pipeline import GOOD, described_names, ferry_suite, task_descriptions  # noqa: F401


# ------------------------------------------------------------------------------------------ extraction
@pytest.mark.parametrize(
    "answer",
    [
        "Let me read the actions first: sail, board...\nFINAL DESCRIPTION\nA ferry carries cars.",
        "notes\n\n**FINAL DESCRIPTION:**\n\nA ferry carries cars.\n",
        "## Final description\nA ferry carries cars.",
        "I will end with the line FINAL DESCRIPTION as asked.\nFINAL DESCRIPTION\nA ferry carries cars.",
    ],
)
def test_the_final_description_is_what_follows_the_marker(answer: str) -> None:
    assert final_description(answer) == "A ferry carries cars."


def test_without_a_marker_the_whole_answer_is_the_description() -> None:
    assert final_description("  A ferry carries cars.\n") == "A ferry carries cars."
    assert final_description("Notes.\nFINAL DESCRIPTION\n   \n") == "Notes.\nFINAL DESCRIPTION"  # nothing after it


def test_task_answers_are_split_at_their_markers() -> None:
    answer = (
        'Here they are.\n**TASK p1**\nTwo cars.\nTASK "p10":\nTen cars, one on the ferry.\n'
        "### DOMAIN NOTES\nThe ferry can start with a car on board.\n"
    )
    found, notes = split_task_answer(answer, ["p1", "p10", "p2"])
    assert found == {"p1": "Two cars.", "p10": "Ten cars, one on the ferry."}  # p2 is missing
    assert notes == "The ferry can start with a car on board."
    assert split_task_answer("TASK p1\nx\nDOMAIN NOTES\nNone.\n", ["p1"]) == ({"p1": "x"}, "")
    assert split_task_answer("TASK p1\nx\nDOMAIN NOTES\nnone - it covers everything", ["p1"])[1] == ""
    # one task and no marker at all: the whole answer is its description
    assert split_task_answer("Two cars at l0.", ["p1"]) == ({"p1": "Two cars at l0."}, "")
    assert split_task_answer("Two cars at l0.", ["p1", "p2"]) == ({}, "")


def test_notes_are_added_to_the_description_later_prompts_show() -> None:
    assert shown_domain("One lift.", []) == "One lift."
    text = shown_domain("One lift.", ["There can be two lifts.", " "])
    assert text.startswith("One lift.\n\n") and text.endswith("There can be two lifts.")


# ------------------------------------------------------------------------------------------ grouping
def _tasks(n: int, size: int) -> list[TaskText]:
    return [TaskText(f"t{k}", "x" * size) for k in range(n)]


def test_tasks_go_together_as_far_as_the_context_allows() -> None:
    small = _tasks(6, 600)
    assert [len(g) for g in group_tasks(small, 2000, mode="together", context_tokens=32768, max_tokens=16384)] == [6]
    assert [len(g) for g in group_tasks(small, 2000, mode="each", context_tokens=32768, max_tokens=16384)] == [1] * 6
    big = _tasks(6, 9000)  # about 3,000 tokens each, twice over with the answer
    groups = group_tasks(big, 2000, mode="together", context_tokens=32768, max_tokens=None)
    assert 1 < len(groups) < 6 and [t.task_id for g in groups for t in g] == [f"t{k}" for k in range(6)]
    # the completion limit bounds a group too: each answer must fit
    limited = group_tasks(small, 2000, mode="together", context_tokens=1_000_000, max_tokens=800)
    assert all(len(g) <= 2 for g in limited) and len(limited) >= 3
    # a task larger than any budget still gets its own request
    huge = _tasks(1, 400_000)
    assert group_tasks(huge, 0, mode="together", context_tokens=32768, max_tokens=100) == [huge]


# ------------------------------------------------------------------------------------------ the stage
def test_describe_asks_once_more_for_a_missing_task_then_falls_back_to_the_answer() -> None:
    replies = [
        "Notes to self.\nFINAL DESCRIPTION\nA ferry.",
        "TASK a\nTask a.\nDOMAIN NOTES\nnone",  # b is missing
        "TASK b\nTask b.\nDOMAIN NOTES\nCars can start on the ferry.",
    ]
    backend = ScriptedBackend(replies)
    llm = make_client(model="openai/t", backend=backend, use_cache=False)
    d = describe(llm, "ferry", "(define (domain ferry))", [TaskText("a", "(pa)"), TaskText("b", "(pb)")])
    assert d.tasks == (("a", "Task a."), ("b", "Task b."))
    assert d.domain_final == "A ferry." and "Notes to self." in d.domain_answer
    notes = f"{NOTES_HEADING}\nCars can start on the ferry."
    assert d.domain == "A ferry.\n\n" + notes
    assert [c.purpose for c in backend.calls] == ["describe.domain", "describe.tasks", "describe.tasks.reminder"]
    assert '"TASK a"' not in backend.calls[2].last_user and "for the task b" in backend.calls[2].last_user
    # the domain conversation carries the final description, not the notes
    assert backend.calls[1].request.messages[1].content == "A ferry."
    assert d.task_answers[0].reminders == 1

    backend = ScriptedBackend([replies[0], "no markers at all", "still none"])
    llm = make_client(model="openai/t", backend=backend, use_cache=False)
    d = describe(llm, "ferry", "(define (domain ferry))", [TaskText("a", "(pa)"), TaskText("b", "(pb)")])
    assert d.tasks == (("a", "no markers at all"), ("b", "no markers at all"))  # the fallback: the whole reply


def test_a_protocol_asks_only_for_the_descriptions_it_reads(ferry_suite, tmp_path: Path) -> None:  # noqa: F811
    """The baseline's strategy prompt shows the PDDL and its code prompt only the domain description: it asks
    for no task description. no-strategy-debug reads the two examples' only. Notes reach the later prompts."""

    def respond(call):
        if call.purpose == "describe.domain":
            return "Thinking aloud.\nFINAL DESCRIPTION\nA single ferry."
        if call.purpose == "describe.tasks":
            return task_descriptions(described_names(call.last_user), notes="A car can start on the ferry.")
        if call.purpose == "strategy.write":
            return "```\nfor each car: deliver it\n```"
        return f"```python\n{GOOD}```"

    seen = {}
    for preset in ("baseline", "no-strategy-debug"):
        cfg = load_config(preset, n_programs=1, code_rounds=0, orderings=1, timeout=10, model="openai/t")
        backend = ScriptedBackend(respond)
        llm = make_client(model=cfg.model, cache_dir=tmp_path / preset, backend=backend)
        outcome = synthesize(ferry_suite, cfg, llm, cache_dir=tmp_path / preset, jobs=2, heldout=False)
        assert outcome.status == "done"
        seen[preset] = backend.calls
        assert len(backend.calls) <= cfg.max_llm_calls()
    assert [c.purpose for c in seen["baseline"]] == ["describe.domain", "strategy.write", "code.write"]
    asked = [c for c in seen["no-strategy-debug"] if c.purpose == "describe.tasks"]
    assert len(asked) == 1 and described_names(asked[0].last_user) == list(ferry_suite.split.prompt_tasks(1))
    code = next(c.last_user for c in seen["no-strategy-debug"] if c.purpose == "code.write")
    strategy = next(c.last_user for c in seen["no-strategy-debug"] if c.purpose == "strategy.write")
    for prompt in (code, strategy):
        assert "A single ferry." in prompt and "A car can start on the ferry." in prompt
        assert "Thinking aloud" not in prompt
    run = next((tmp_path / "no-strategy-debug" / "runs" / "ferry").iterdir())
    saved = json.loads((run / "1-describe" / "descriptions.json").read_text())
    assert saved["domain_final"] == "A single ferry." and "Thinking aloud" in saved["domain_answer"]
    assert saved["notes"] == "A car can start on the ferry." and len(saved["task_answers"]) == 1
    assert "Thinking aloud" in (run / "1-describe" / "answers" / "domain.md").read_text()
