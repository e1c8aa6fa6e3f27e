"""Evaluating programs over tasks x orderings (genplan.execute.evaluate): coverage, categories, modes, cache."""

from __future__ import annotations

import io
import json
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from genplan.execute import Executor, Limits, ordering
from genplan.execute.evaluate import Evaluation, TaskOutcome, evaluate, evaluate_program, evaluate_with_progress
from genplan.generators.domains import builtin_domain_path
from genplan.pddl import Task, parse_domain, parse_problem
from genplan.pddl.pyform import python_inputs

pytestmark = pytest.mark.skipif(sys.platform != "linux", reason="the sandbox tests assume Linux process semantics")

ZOO = Path(__file__).resolve().parent / "zoo"
GOOD_FERRY = (ZOO / "good_ferry.py").read_text()

FERRY_DOMAIN = builtin_domain_path("ferry").read_text()  # the untyped ferry of the benchmark


def ferry_task(name: str, cars: list[tuple[int, int]], locations: int = 3, ferry: int = 0) -> Task:
    """A ferry task: ``cars[i] = (start, goal)`` location indices."""
    locs = [f"l{i}" for i in range(locations)]
    init = [f"(location {x})" for x in locs] + ["(empty-ferry)", f"(at-ferry l{ferry})"]
    init += [f"(not-eq {a} {b})" for a in locs for b in locs if a != b]
    init += [f"(car c{i})" for i in range(len(cars))] + [f"(at c{i} l{s})" for i, (s, _) in enumerate(cars)]
    goal = [f"(at c{i} l{g})" for i, (_, g) in enumerate(cars)]
    text = (
        f"(define (problem {name}) (:domain ferry) (:objects {' '.join(locs)} "
        f"{' '.join(f'c{i}' for i in range(len(cars)))}) (:init {' '.join(init)}) (:goal (and {' '.join(goal)})))"
    )
    return parse_problem(text, parse_domain(FERRY_DOMAIN))


TASKS = {
    "t1": ferry_task("t1", [(0, 1), (2, 0)]),
    "t2": ferry_task("t2", [(1, 1), (0, 2), (2, 1)], locations=4, ferry=3),
    "t3": ferry_task("t3", [(0, 2)]),
}


@pytest.fixture(scope="module")
def executor() -> Iterator[Executor]:
    with Executor(jobs=4, limits=Limits(timeout=10)) as ex:
        yield ex


def program(body: str) -> str:
    return "def generate_solution(objects, init, goal):\n" + "".join(f"    {line}\n" for line in body.splitlines())


# ------------------------------------------------------------------------------------------- coverage
def test_a_correct_program_solves_every_task_in_every_ordering(executor: Executor) -> None:
    ev = evaluate(GOOD_FERRY, TASKS, orderings=4, seed=1, timeout=10, executor=executor)
    assert (ev.solved, ev.total, ev.coverage) == (3, 3, 1.0)
    assert [r.task_id for r in ev.results] == ["t1", "t2", "t3"]
    for r in ev.results:
        assert r.solved and r.status == "solved" and r.category is None and r.feedback is None
        assert r.orderings_solved == 4 and len(r.runs) == 4 and r.plan_length == len(r.plan or ())
        assert [run.ordering for run in r.runs] == [0, 1, 2, 3]
    assert ev.by_category() == {"python exception": 0, "timeout": 0, "invalid action": 0, "goal not satisfied": 0}
    assert ev.summary().startswith("coverage: 3/3 tasks (100.0%)")


def test_a_task_counts_only_if_every_ordering_succeeds(executor: Executor) -> None:
    # Correct only when the first object it sees is the alphabetically first one.
    source = GOOD_FERRY.replace(
        "def generate_solution(objects, init, goal):\n",
        "def generate_solution(objects, init, goal):\n    if next(iter(objects)) != min(objects):\n        return []\n",
    )
    task = TASKS["t2"]
    py = python_inputs(task)

    def works_in(seed: int) -> list[bool]:
        return [ordering(py, i, seed).objects[0] == min(py.objects) for i in range(4)]

    seed = next(s for s in range(1, 200) if 0 < sum(works_in(s)) < 4)  # a seed where only some orderings work
    works = works_in(seed)
    ev = evaluate(source, {"t2": task}, orderings=4, seed=seed, executor=executor)
    (result,) = ev.results
    assert not result.solved and ev.coverage == 0.0
    assert result.orderings_solved == sum(works)
    assert result.failed_ordering == works.index(False)
    assert result.status == "goal" and result.category == "goal not satisfied"
    assert result.failed_inputs == ordering(python_inputs(task), works.index(False), seed)
    assert "goal" in (result.feedback or "")


@pytest.mark.parametrize(
    ("body", "status", "category", "feedback_start"),
    [
        ("raise ValueError('no plan')", "exception", "python exception", "Running the program raised an exception"),
        ("while True:\n    pass", "timeout", "timeout", "The program did not finish within 1 second"),
        ("return ['(fly c0 l1)']", "unknown_action", "invalid action", None),
        ("return []", "goal", "goal not satisfied", None),
        ("return None", "bad_output", "python exception", "The program must return a list of action strings"),
    ],
)
def test_failures_get_the_papers_categories(
    executor: Executor, body: str, status: str, category: str, feedback_start: str | None
) -> None:
    ev = evaluate(program(body), {"t3": TASKS["t3"]}, orderings=2, timeout=1.0, executor=executor)
    (result,) = ev.results
    assert (result.solved, result.status, result.category) == (False, status, category)
    assert result.failed_ordering == 0 and result.feedback
    if feedback_start:
        assert result.feedback.startswith(feedback_start)
    assert ev.by_category()[category] == 1


# ---------------------------------------------------------------------------------------------- modes
def test_debug_mode_keeps_every_run_and_heldout_mode_a_compact_report(executor: Executor) -> None:
    source = program("if len(goal) > 1:\n    return []\nreturn ['(sail l0 l0)']")
    debug = evaluate(source, TASKS, orderings=2, mode="debug", executor=executor)
    report = debug.to_json()
    assert report["mode"] == "debug" and report["total"] == 3 and report["solved"] == 0
    t1 = report["tasks"][0]
    assert len(t1["runs"]) == 2 and t1["runs"][0]["outcome"]["plan"] == [] and t1["runs"][0]["feedback"]
    assert t1["failed_inputs"]["objects"] and t1["status"] == "goal"
    t3 = report["tasks"][2]
    assert t3["runs"][0]["outcome"]["plan"] == ["(sail l0 l0)"] and t3["category"] == "invalid action"
    json.dumps(report)  # plain JSON all the way down

    heldout = evaluate(source, TASKS, orderings=2, mode="heldout", executor=executor).to_json()
    row = heldout["tasks"][2]
    assert "runs" not in row and "plan" not in row
    assert row["plan_length"] == 1 and row["category"] == "invalid action" and row["runtime"] >= 0
    assert heldout["by_category"]["invalid action"] == 1 and heldout["by_category"]["goal not satisfied"] == 2


def test_first_failure_mode_stops_early(executor: Executor) -> None:
    many = {f"t{i}": TASKS["t1"] for i in range(12)}
    ev = evaluate(program("raise RuntimeError('broken')"), many, orderings=4, mode="first_failure", executor=executor)
    assert ev.stopped_early and ev.solved == 0
    assert ev.by_status()["not run"] >= 8  # 48 runs were asked for; only the first few happened
    assert "not run (stopped at the first failure)" in ev.summary()


def test_evaluate_program_is_the_same_function_and_progress_is_shown(executor: Executor) -> None:
    assert evaluate_program is evaluate
    from rich.console import Console

    out = io.StringIO()
    seen: list[str] = []
    ev = evaluate_with_progress(
        GOOD_FERRY,
        TASKS,
        orderings=2,
        executor=executor,
        console=Console(file=out, force_terminal=False),
        on_result=lambda r: seen.append(r.task_id),
    )
    assert isinstance(ev, Evaluation) and ev.coverage == 1.0 and sorted(seen) == ["t1", "t2", "t3"]


# ---------------------------------------------------------------------------------------------- cache
def test_results_are_cached_by_content(executor: Executor, tmp_path: Path) -> None:
    slow = program("while True:\n    pass")
    first = evaluate(slow, {"t1": TASKS["t1"]}, orderings=2, timeout=1.0, executor=executor, cache_dir=tmp_path)
    assert first.results[0].status == "timeout" and not first.results[0].cached
    started = time.monotonic()
    again = evaluate(slow, {"renamed": TASKS["t1"]}, orderings=2, timeout=1.0, executor=executor, cache_dir=tmp_path)
    assert time.monotonic() - started < 0.9  # no timeout waited for
    (hit,) = again.results
    assert hit.cached and hit.task_id == "renamed" and hit.status == "timeout"
    assert hit.runs == first.results[0].runs
    # Any change of program, task, orderings, seed or limits is a different entry.
    other = evaluate(slow, {"t1": TASKS["t1"]}, orderings=2, timeout=1.5, executor=executor, cache_dir=tmp_path)
    assert not other.results[0].cached
    assert len(list((tmp_path / "executions").rglob("*.json"))) == 2


def test_each_tasks_fingerprint_is_computed_once_for_the_cache_key_and_the_orderings(
    executor: Executor, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    import hashlib
    from dataclasses import replace

    import genplan.pddl.pyform as pyform
    from genplan.execute.evaluate import CACHE_FORMAT, _Cache

    calls = []
    real = pyform.fingerprint_of
    monkeypatch.setattr(pyform, "fingerprint_of", lambda *parts: calls.append(1) or real(*parts))
    # Tasks not from the parser, whose fingerprints nothing wrote yet.
    tasks = {task_id: replace(task, name=task.name) for task_id, task in TASKS.items()}
    assert all(task.python_fingerprint is None for task in tasks.values())
    ev = evaluate(GOOD_FERRY, tasks, orderings=2, executor=executor, cache_dir=tmp_path)
    assert ev.coverage == 1.0 and len(calls) == len(tasks)
    # The key is what it always was: the fingerprint is the SHA-256 of the sorted Python form's repr.
    py = python_inputs(tasks["t1"])
    text = repr((tuple(sorted(py.objects)), tuple(sorted(py.init)), tuple(sorted(py.goal))))
    material = {
        "format": CACHE_FORMAT,
        "program": hashlib.sha256(GOOD_FERRY.encode()).hexdigest(),
        "domain": hashlib.sha256(repr(tasks["t1"].domain).encode()).hexdigest(),
        "task": hashlib.sha256(text.encode("utf-8")).hexdigest(),
        "orderings": 2,
        "seed": 1,
        "limits": Limits(timeout=45.0, memory=4096 * 2**20).to_json(),
    }
    key = hashlib.sha256(json.dumps(material, sort_keys=True).encode()).hexdigest()
    assert _Cache.key(GOOD_FERRY, tasks["t1"], py, 2, 1, Limits(timeout=45.0, memory=4096 * 2**20)) == key
    assert (tmp_path / "executions" / key[:2] / f"{key}.json").is_file()


def test_task_outcomes_round_trip_through_json(executor: Executor) -> None:
    ev = evaluate(program("return []"), {"t1": TASKS["t1"]}, orderings=2, mode="debug", executor=executor)
    (result,) = ev.results
    assert TaskOutcome.from_json(json.loads(json.dumps(result.to_json()))) == result


# ------------------------------------------------------------------------------------ reference ferry
@pytest.mark.slow
def test_the_ferry_fixture_solves_every_reference_task_in_all_orderings(reference_root: Path) -> None:
    root = reference_root / "ferry"
    domain = parse_domain(root / "domain.pddl")
    problems = sorted((root / "problems").glob("*.pddl"))
    assert len(problems) > 250
    tasks = [(p.stem, parse_problem(p, domain)) for p in problems]
    ev = evaluate(GOOD_FERRY, tasks, orderings=4, seed=1, timeout=45)
    failures = [(r.task_id, r.status, r.feedback) for r in ev.results if not r.solved]
    assert not failures, failures[:3]
    assert ev.coverage == 1.0 and ev.total == len(problems)


def test_once_an_ordering_fails_the_tasks_other_orderings_are_not_run(tmp_path: Path) -> None:
    """Held-out: a task that failed in one ordering cannot be solved, so its other orderings are skipped
    (a program that loops costs one timeout a task, not four); the verdicts are those of running all."""
    tasks = [(f"t{i}", ferry_task(f"t{i}", [(0, 1 + i % 2)])) for i in range(3)]
    looping = "def generate_solution(objects, init, goal):\n    while True:\n        pass\n"
    runs: list[str] = []
    started = time.monotonic()
    ev = evaluate(looping, tasks, orderings=4, timeout=1.0, jobs=1, mode="heldout", cache_dir=tmp_path,
                  on_run=lambda task_id, _r: runs.append(task_id))  # fmt: skip
    assert sorted(runs) == ["t0", "t1", "t2"] and time.monotonic() - started < 3 * 4
    assert [(r.solved, r.status, len(r.runs)) for r in ev.results] == [(False, "timeout", 1)] * 3
    # final verdicts: cached, so a second evaluation runs nothing
    again: list[str] = []
    evaluate(looping, tasks, orderings=4, timeout=1.0, jobs=1, cache_dir=tmp_path,
             on_run=lambda task_id, _r: again.append(task_id))  # fmt: skip
    assert again == []
    # a debugging evaluation runs every ordering, for its feedback
    debug = evaluate(looping, tasks[:1], orderings=2, timeout=0.5, jobs=1, mode="debug")
    assert len(debug.results[0].runs) == 2
    # a correct program is unaffected
    good = evaluate(GOOD_FERRY, tasks, orderings=4, jobs=1)
    assert good.solved == 3 and all(len(r.runs) == 4 for r in good.results)


def test_a_lazy_task_sequence_is_parsed_as_the_runs_go() -> None:
    """Tasks of a suite's ``lazy`` sequence are parsed a few ahead of the runs, not all before the first
    run: an evaluation of 150 MB of PDDL keeps a few tasks in memory, not all of them."""
    from genplan.benchmarks.registry import resolve_suite

    suite = resolve_suite("ferry")
    ids = suite.split.heldout[:20]
    events: list[str] = []

    class Counting(type(suite.lazy(ids))):  # type: ignore[misc]
        def __getitem__(self, index):
            out = super().__getitem__(index)
            events.extend(f"load {t}" for t, _ in (out if isinstance(out, list) else [out]))
            return out

    lazy = Counting(suite, tuple(ids))
    ev = evaluate(GOOD_FERRY, lazy, orderings=1, jobs=1, on_result=lambda r: events.append(f"done {r.task_id}"))
    assert ev.solved == 20 and [r.task_id for r in ev.results] == list(ids)
    first_done = next(i for i, e in enumerate(events) if e.startswith("done"))
    # at most the first group (2 a job), the prepared ones waiting (2 a job) and the one being prepared
    assert 1 <= sum(e.startswith("load") for e in events[:first_done]) <= 5
    assert sum(e.startswith("load") for e in events) == 20  # each task parsed once


def test_progress_shows_an_eta_on_a_terminal_and_counts_skipped_orderings(executor: Executor) -> None:
    """``genplan evaluate``'s bar: done/total with the time left, on a terminal only; a task whose later
    orderings are skipped after a failure still completes the bar (else the estimate never ends)."""
    from rich.console import Console

    tty = io.StringIO()
    broken = program("raise RuntimeError('broken')")
    evaluate_with_progress(
        broken, TASKS, orderings=4, executor=executor, console=Console(file=tty, force_terminal=True)
    )
    shown = tty.getvalue()
    assert "ETA" in shown and "12/12" in shown
    piped = io.StringIO()
    evaluate_with_progress(GOOD_FERRY, TASKS, orderings=2, executor=executor, console=Console(file=piped))
    assert piped.getvalue() == ""
