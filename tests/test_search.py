"""Search artifacts (issue 22): genplan's engine, composition, the exact checks, and the commands that accept them."""

from __future__ import annotations

import itertools
import json
import os
import random
import re
import subprocess
import sys
from dataclasses import replace
from pathlib import Path

import pytest

from genplan.benchmarks.registry import builtin_domains
from genplan.execute.evaluate import evaluate
from genplan.generalize.walk import applicable, apply
from genplan.generators import blocksworld, generator_module, sokoban
from genplan.generators.domains import builtin_domain, builtin_domain_path
from genplan.pddl.model import Task
from genplan.pddl.writer import write_problem
from genplan.programs.solve import search_expansions, solve
from genplan.programs.source import ProgramError, check_program_source
from genplan.search.check import check_search
from genplan.search.compose import compose_search, kind_of, runnable
from genplan.search.states import engine, sample_states

# A good blocksworld heuristic: blocks not yet in their final tower position count twice, so moving one
# out of the way pays off (still a greedy search, not a direct heuristic).
BW_GOOD = """
def h(state, goal, static, objects):
    on = {f[1]: f[2] for f in state if f[0] == "on"}
    table = {f[1] for f in state if f[0] == "ontable"}
    want = {f[1]: f[2] for f in goal if f[0] == "on"}
    want_table = {f[1] for f in goal if f[0] == "ontable"}

    def placed(b, depth=0):
        if depth > 100:
            return False
        if b in want:
            return on.get(b) == want[b] and placed(want[b], depth + 1)
        if b in want_table:
            return b in table
        return True

    blocks = set(on) | table | {f[1] for f in state if f[0] == "holding"}
    return sum(2 for b in blocks if not placed(b)) + sum(1 for f in goal if f not in state)
"""

# Blocksworld successors written by hand; ``{handempty}`` is where the planted bug goes.
BW_SUCCESSORS = """
def successors(state, static, objects):
    out = []
    clear = {f[1] for f in state if f[0] == "clear"}
    holding = [f[1] for f in state if f[0] == "holding"]
    for b in sorted(clear):
        if ("ontable", b) in state{handempty}:
            out.append((f"(pick-up {b})", (state - {("ontable", b), ("clear", b), ("handempty",)}) | {("holding", b)}))
        for f in state:
            if f[0] == "on" and f[1] == b and ("handempty",) in state:
                out.append((f"(unstack {b} {f[2]})",
                            (state - {f, ("clear", b), ("handempty",)}) | {("holding", b), ("clear", f[2])}))
    for b in holding:
        out.append((f"(put-down {b})", (state - {("holding", b)}) | {("ontable", b), ("clear", b), ("handempty",)}))
        for c in sorted(clear):
            out.append((f"(stack {b} {c})",
                        (state - {("holding", b), ("clear", c)}) | {("on", b, c), ("clear", b), ("handempty",)}))
    return out
"""


def bw_tasks(n: int = 3, size: int = 4) -> list[tuple[str, object]]:
    return [(f"bw{i}", blocksworld.generate(blocksworld.params_for_size(size), i, f"bw{i}")) for i in range(n)]


def _bw_suite(tmp_path: Path, n: int = 2, debug: int = 1) -> Path:
    """A suite folder of ``n`` generated blocksworld tasks (size 6), the first ``debug`` for debugging."""
    root = tmp_path / "blocksworld"
    (root / "problems").mkdir(parents=True)
    (root / "domain.pddl").write_text(builtin_domain_path("blocksworld").read_text())
    names = []
    for name, task in bw_tasks(n, size=6):
        (root / "problems" / f"{name}.pddl").write_text(write_problem(task))
        names.append(name)
    (root / "split.json").write_text(json.dumps({"debug": names[:debug], "heldout": names[debug:]}))
    return root


def sokoban_tasks(n: int = 2, size: int = 8) -> list[tuple[str, object]]:
    return [(f"sk{i}", sokoban.generate(sokoban.params_for_size(size), i, f"sk{i}")) for i in range(n)]


# ------------------------------------------------------------------------------------------- the engine
@pytest.mark.parametrize("domain", builtin_domains())
def test_engine_successors_are_the_pddl_successors(domain: str) -> None:
    """genplan's lifted engine gives exactly the successors of the check's grounding (walk.applicable),
    on random-walk states of a generated task of every builtin domain (types, constants, negative
    preconditions and inequalities included)."""
    module = generator_module(domain)
    task = module.generate(module.params_for_size(8), 2, "t")
    succ = engine(task)
    static = succ.static
    rng = random.Random(3)
    state = task.init
    for _ in range(6):
        want = sorted((s.text(), apply(s, state)) for s in applicable(task, state))
        got = sorted((a, n | static) for a, n in succ(frozenset(state - static)))
        assert got == want
        if not want:
            break
        state = want[rng.randrange(len(want))][1]


def test_engine_grounds_lazily_on_a_large_sokoban_task() -> None:
    """A sokoban task of thousands of objects: the initial state's successors come without grounding
    every action (which would be millions of pushes), in well under a second."""
    import time

    task = sokoban.generate(sokoban.params_for_size(3000), 1, "big")
    assert task.size >= 2500
    start = time.process_time()
    succ = engine(task)
    first = succ(succ.initial)
    assert 1 <= len(first) <= 4
    assert time.process_time() - start < 5


# ------------------------------------------------------------------------------------------ composition
def test_a_search_artifact_is_recognised_and_a_program_stays_a_program() -> None:
    check_program_source(BW_GOOD)  # no generate_solution, but an h: accepted
    assert kind_of(BW_GOOD) == "search"
    program = "def h(s):\n    return 0\n\ndef generate_solution(objects, init, goal):\n    return []\n"
    assert kind_of(program) == "program"
    assert runnable(program, builtin_domain("blocksworld")) == program
    with pytest.raises(ProgramError, match="def h"):
        check_program_source("def heuristic(state):\n    return 0\n")


@pytest.mark.parametrize("strategy", ["gbfs", "hill"])
def test_search_solves_generated_tasks_and_the_plans_validate(strategy: str) -> None:
    tasks = bw_tasks(4, size=7)
    source = compose_search(BW_GOOD, builtin_domain("blocksworld"), strategy)
    ev = evaluate(source, tasks, orderings=2, timeout=20, jobs=2, mode="debug")
    assert ev.solved == len(tasks), ev.summary()  # every ordering's plan passed the validator
    stderr = ev.results[0].runs[0].outcome.stderr
    assert search_expansions(stderr) is not None and search_expansions(stderr) > 0
    assert ("strategy=hill climbing" in stderr) == (strategy == "hill")


def test_search_with_the_models_successors_solves_sokoban_too() -> None:
    goal_count = "def h(state, goal, static, objects):\n    return sum(1 for f in goal if f not in state)\n"
    tasks = sokoban_tasks(2, size=6)
    ev = evaluate(compose_search(goal_count, builtin_domain("sokoban")), tasks, orderings=1, timeout=30, jobs=2)
    assert ev.solved == len(tasks), ev.summary()
    artifact = BW_GOOD + BW_SUCCESSORS.replace("{handempty}", ' and ("handempty",) in state')
    bw = evaluate(compose_search(artifact, builtin_domain("blocksworld")), bw_tasks(2, 6), orderings=1, timeout=20)
    assert bw.solved == 2, bw.summary()


def test_a_looping_or_crashing_heuristic_ends_under_the_limits_with_a_clear_error() -> None:
    tasks = bw_tasks(1, size=5)
    domain = builtin_domain("blocksworld")
    loop = "def h(state, goal, static, objects):\n    while True:\n        pass\n"
    ev = evaluate(compose_search(loop, domain), tasks, orderings=1, timeout=2, jobs=1, mode="debug")
    assert ev.results[0].status == "timeout" and "did not finish within 2 seconds" in ev.results[0].feedback
    crash = "def h(state, goal, static, objects):\n    return 1 / 0\n"
    ev = evaluate(compose_search(crash, domain), tasks, orderings=1, timeout=5, jobs=1, mode="debug")
    assert ev.results[0].status == "exception" and "ZeroDivisionError" in ev.results[0].feedback
    blind = "def h(state, goal, static, objects):\n    return 0\n"  # no guidance: a large task runs out of time
    ev = evaluate(compose_search(blind, domain), bw_tasks(1, size=40), orderings=1, timeout=2, jobs=1, mode="debug")
    feedback = ev.results[0].feedback
    assert ev.results[0].status == "timeout" and "endless loop" not in feedback
    assert re.search(r"The search had expanded at least [\d,]+ states without reaching the goal \(the lowest h "
                     r"among them was 0(, and no state expanded after the first had a lower h|, first reached at "
                     r"expansion 1 after [\d.]+ s of CPU time; in the [\d.]+ s after it, the search expanded [\d,]+ "
                     r"more states and computed h [\d,]+ more times without finding a lower h); the initial "
                     r"state's h was 0\)\."
                     r" Of the search's first [\d.]+ s of CPU time: h \d+%, genplan's search the rest, \d+%",
                     feedback), feedback  # fmt: skip
    text = "def h(state, goal, static, objects):\n    return 'far'\n"
    ev = evaluate(compose_search(text, domain), tasks, orderings=1, timeout=5, jobs=1, mode="debug")
    assert ev.results[0].status == "exception" and "it must return a number" in ev.results[0].feedback


def test_a_timeout_says_since_when_the_lowest_h_stood() -> None:
    """From the progress lines: the lowest h and the first line that had it. A search whose lowest h came
    early and never improved is told so (a plateau, or dead ends h misses); one still improving is not."""
    from genplan.execute.outcome import Outcome, execution_feedback, search_progress

    def lines(*rows: tuple[int, str]) -> str:
        return "".join(f"genplan-search-progress: expansions={e} evaluations={4 * e} best_h={b} initial_h=154.0\n"
                       for e, b in rows)  # fmt: skip

    stalled = lines((16, "40.0"), (32, "16.0"), (64, "16.0"), (128, "16.0"))
    progress = search_progress("noise\n" + stalled)
    assert progress is not None and (progress.expansions, progress.evaluations) == (128, 512)
    assert (progress.best_h, progress.best_since) == ("16.0", 32)
    feedback = execution_feedback(Outcome(status="timeout", detail="Stopped.", stderr=stalled))
    assert "expanded at least 128 states" in feedback
    assert "lowest h among them was 16.0, and no state expanded after the first 32 had a lower h;" in feedback
    improving = lines((16, "40.0"), (32, "30.0"), (64, "16.0"))
    feedback = execution_feedback(Outcome(status="timeout", detail="Stopped.", stderr=improving))
    assert "lowest h among them was 16.0; the initial state's h was 154.0)." in feedback
    # a line with the timings (searches composed since they were added) says where the time went
    # (shares of the wall-clock time, which a busy machine stretched here, after the CPU time the limit counts)
    timed = improving.rstrip("\n") + " cpu_seconds=20.00 wall_seconds=40.00 h_seconds=30.00 successors_seconds=6.00\n"
    feedback = execution_feedback(Outcome(status="timeout", detail="Stopped.", stderr=timed))
    assert ("Of the search's first 20.0 s of CPU time: h 75%, your successors 15%, genplan's search the "
            "rest, 10%") in feedback  # fmt: skip
    assert search_progress("no progress lines") is None
    # own states: the last best-state line is shown, on a timeout and on a memory error alike
    own = (improving.replace("best_h=16.0 initial_h=154.0\n", "best_h=16.0 initial_h=154.0\n"
                             "genplan-search-best-state: ('c1', ('c5', 'c9'))\n"))  # fmt: skip
    for status in ("timeout", "memory"):
        feedback = execution_feedback(Outcome(status=status, detail="Stopped.", stderr=own))
        assert feedback.endswith("The expanded state with the lowest h, as your code made it: ('c1', ('c5', 'c9'))")
    # with own states, genplan's share includes the states' __hash__ and __eq__, which its duplicate check calls
    own_timed = own.replace("initial_h=154.0\ngenplan-search-best-state",
                            "initial_h=154.0 cpu_seconds=9.00 wall_seconds=9.00 h_seconds=2.00 successors_seconds=1.00"
                            "\ngenplan-search-best-state")  # fmt: skip
    feedback = execution_feedback(Outcome(status="timeout", detail="Stopped.", stderr=own_timed))
    assert "genplan's search the rest, 67% (your states' __hash__ and __eq__, which it calls" in feedback
    assert "__eq__" not in execution_feedback(Outcome(status="timeout", detail="Stopped.", stderr=timed))
    # lines that time the duplicate check give it a share of its own
    own_dup = own_timed.replace(
        "successors_seconds=1.00", "successors_seconds=1.00 best_at=1,1,0.50 duplicate_seconds=3.00"
    )
    feedback = execution_feedback(Outcome(status="timeout", detail="Stopped.", stderr=own_dup))
    assert ("h 22%, your successors 11%, telling a new state from one met before (your states' __hash__ and "
            "__eq__, called by a dictionary lookup) 33%, genplan's search the rest, 33% (successors of its own"
            ) in feedback  # fmt: skip
    assert "lowest h, as your code" not in execution_feedback(Outcome(status="memory", detail="", stderr=improving))
    # a line that says when the lowest h was reached (expansions, evaluations, CPU seconds): the stall is
    # told in time and in calls of h, not in doubled expansions
    timing = " cpu_seconds={} wall_seconds=40.00 h_seconds=30.00 successors_seconds=6.00 best_at={}\n"
    at_end = "".join(line + timing for line in lines((2048, "343"), (2758, "97")).splitlines())
    late = at_end.format("13.20", "2048,2054,13.20", "57.80", "2505,2600,16.30")
    progress = search_progress(late)
    assert progress is not None and progress.best_at == (2505, 2600, 16.3)
    feedback = execution_feedback(Outcome(status="timeout", detail="Stopped.", stderr=late))
    assert ("lowest h among them was 97, first reached at expansion 2,505 after 16.3 s of CPU time; in the 41.5 s "
            "after it, the search expanded 253 more states and computed h 8,432 more times without finding a "
            "lower h, most of them on states queued earlier on the way down; the initial state's h was 154.0). "
            "h rated every state near the one with the lowest h far higher, so the search went back up: check "
            "first whether that state is a dead end") in feedback  # fmt: skip
    going = at_end.format("13.20", "2048,2054,13.20", "57.80", "2758,10000,56.00")
    feedback = execution_feedback(Outcome(status="timeout", detail="Stopped.", stderr=going))
    assert "lowest h among them was 97; the initial state's h was 154.0)." in feedback


def test_a_search_stuck_after_going_down_is_seen_to_be_stuck_when_time_runs_out() -> None:
    """A chain of states, each h one lower, with 60 side states queued on the way (unevaluated, under
    their parent's h) that h rates far higher, and a bottom whose successors h rates higher still: after
    the walk down, the search computes h on the side states until the CPU-time limit, without one
    expansion. The last progress line is written by time, not only at doubled expansions, so the
    feedback says where the search stood at the end: the lowest h, when it was reached, and the calls of
    h after it (with lines at doubled expansions only, it said 64 expansions and a lowest h of 47, on
    the way down)."""
    source = (
        "DEPTH = 100\n"
        "def encode(state, static, objects):\n    return ('chain', 0)\n"
        "def successors(state, static, objects):\n"
        "    if state[0] == 'chain' and state[1] < DEPTH:\n"
        "        down = [('(step)', ('chain', state[1] + 1))]\n"
        "        return down + [('(step)', ('side', state[1], j)) for j in range(60)]\n"
        "    if state[0] == 'chain':\n        return [('(step)', ('wall', j)) for j in range(30)]\n"
        "    return []\n"
        "def h(state, goal, static, objects):\n"
        "    for _ in range(200000):\n        pass\n"
        "    if state[0] == 'chain':\n        return DEPTH - state[1] + 10\n"
        "    return 5000 if state[0] == 'side' else 10000\n"
    )
    ev = evaluate(compose_search(source, builtin_domain("sokoban")), sokoban_tasks(1, size=8), orderings=1,
                  timeout=6, jobs=1, mode="debug")  # fmt: skip
    feedback = ev.results[0].feedback
    assert ev.results[0].status == "timeout", feedback
    found = re.search(r"lowest h among them was 10, first reached at expansion 101 after [\d.]+ s of CPU time; in "
                      r"the ([\d.]+) s after it, the search expanded (\d+) more states and computed h ([\d,]+) more "
                      r"times without finding a lower h, most of them on states queued earlier", feedback)  # fmt: skip
    assert found, feedback
    assert float(found.group(1)) >= 1 and int(found.group(2)) == 0 and int(found.group(3).replace(",", "")) > 100


def test_a_slow_eq_of_the_models_own_states_is_timed_apart_from_genplans_share() -> None:
    """States whose ``__eq__`` walks a long loop (as a real-model run's compared the robot's regions): the
    duplicate check calls it inside a dictionary lookup, and the feedback on the timeout gives that check
    most of the time, not genplan's search."""
    source = (
        "class S:\n"
        "    def __init__(self, n):\n        self.n = n\n"
        "    def __hash__(self):\n        return self.n % 7\n"
        "    def __eq__(self, other):\n"
        "        for _ in range(20000):\n            pass\n"
        "        return self.n == other.n\n"
        "    def __repr__(self):\n        return f'S({self.n})'\n"
        "def encode(state, static, objects):\n    return S(0)\n"
        "def successors(state, static, objects):\n"
        "    return [('(step)', S(state.n + k)) for k in (1, 2, 3)]\n"
        "def h(state, goal, static, objects):\n    return 1\n"
    )
    ev = evaluate(compose_search(source, builtin_domain("sokoban")), sokoban_tasks(1, size=8), orderings=1,
                  timeout=4, jobs=1, mode="debug")  # fmt: skip
    feedback = ev.results[0].feedback
    assert ev.results[0].status == "timeout", feedback
    found = re.search(r"telling a new state from one met before \(your states' __hash__ and __eq__, called by a "
                      r"dictionary lookup\) (\d+)%, genplan's search the rest, (\d+)%", feedback)  # fmt: skip
    assert found and int(found.group(1)) >= 60 and int(found.group(2)) <= 30, feedback


def test_a_search_that_keeps_too_much_per_state_is_told_how_soon_memory_ran_out() -> None:
    """A heuristic that keeps a megabyte for every state it sees runs out of a 300 MB limit after a few
    hundred states: the feedback says how many were expanded and where such memory goes."""
    hoard = "_KEPT = []\ndef h(state, goal, static, objects):\n    _KEPT.append(bytearray(1 << 20))\n    return 0\n"
    source = compose_search(hoard, builtin_domain("blocksworld"))
    ev = evaluate(source, bw_tasks(1, size=40), orderings=1, timeout=30, jobs=1, memory_mb=300, mode="debug")
    result = ev.results[0]
    assert result.status == "memory", result.feedback
    found = re.search(r"The search ran out of memory; it had expanded at least ([\d,]+) states", result.feedback)
    assert found and 16 <= int(found.group(1).replace(",", "")) < 300, result.feedback
    assert "a cache keyed by states" in result.feedback


# --------------------------------------------------------------------------------------------- the checks
def test_states_are_sampled_reproducibly_from_random_walks() -> None:
    tasks = bw_tasks(2)
    a = sample_states(tasks, per_task=6, seed=4)
    assert a == sample_states(tasks, per_task=6, seed=4)
    assert len({s.facts for s in a}) == len(a) and 6 < len(a) <= 12
    assert any("random action" in s.origin for s in a)


def test_correct_successors_pass_their_checks() -> None:
    source = BW_SUCCESSORS.replace("{handempty}", ' and ("handempty",) in state') + BW_GOOD
    result = check_search(source, bw_tasks(3), per_task=8)
    assert result.has_successors and result.successors_ok, result.feedback()
    assert result.states >= 12


def test_planted_missing_handempty_is_caught_as_an_unsound_successor() -> None:
    source = BW_GOOD + BW_SUCCESSORS.replace("{handempty}", "")
    result = check_search(source, bw_tasks(3), per_task=10)
    unsound = [f for f in result.failures if f.kind == "unsound successor"]
    assert unsound and all(f.action.startswith("(pick-up") for f in unsound)
    assert ("holding",) not in unsound[0].state and any(f[0] == "holding" for f in unsound[0].state)
    text = result.feedback()
    assert "unsound successor" in text and unsound[0].action in text and "not applicable" in text


def corridor() -> Task:
    """A sokoban debugging task where two boxes stand in a row: c1 (robot) c2 (box b1) c3 (box b2) c4 c5."""
    domain = builtin_domain("sokoban")
    cells = [f"c{i}" for i in range(1, 6)]
    init = {("at-robot", "c1"), ("at", "b1", "c2"), ("at", "b2", "c3"), ("clear", "c1"), ("clear", "c4"),
            ("clear", "c5")}  # fmt: skip
    for a, b in itertools.pairwise(cells):
        init |= {("adjacent", a, b, "right"), ("adjacent", b, a, "left")}
    objects = tuple(sorted([(c, "location") for c in cells] + [("b1", "box"), ("b2", "box")]))
    return Task("corridor", domain, objects, frozenset(init), frozenset({("at", "b2", "c5")}))


def test_planted_boxes_walking_through_boxes_in_sokoban_is_caught() -> None:
    """successors that let the robot push a box into a cell holding another box (no clear check on the
    cell behind) are unsound: the action is named, with the state it was returned in."""
    planted = """
def successors(state, static, objects):
    robot = next(f[1] for f in state if f[0] == "at-robot")
    boxes = {f[2]: f[1] for f in state if f[0] == "at"}
    clear = {f[1] for f in state if f[0] == "clear"}
    out = []
    for f in static:
        if f[0] == "adjacent" and f[1] == robot:
            to, d = f[2], f[3]
            if to in clear:
                out.append((f"(move {robot} {to} {d})", (state - {("at-robot", robot)}) | {("at-robot", to)}))
            elif to in boxes:
                for g in static:
                    if g[0] == "adjacent" and g[1] == to and g[3] == d:  # BUG: no check that g[2] is clear
                        b = boxes[to]
                        out.append((f"(push {robot} {to} {g[2]} {d} {b})",
                                    (state - {("at-robot", robot), ("at", b, to), ("clear", g[2])})
                                    | {("at-robot", to), ("at", b, g[2]), ("clear", to)}))
    return out

def h(state, goal, static, objects):
    return sum(1 for f in goal if f not in state)
"""
    result = check_search(planted, [("corridor", corridor()), *sokoban_tasks(2, size=8)], per_task=6)
    unsound = [f for f in result.failures if f.kind == "unsound successor"]
    assert unsound, result.by_kind()
    assert all(f.action.startswith("(push") for f in unsound)
    f = unsound[0]
    behind = f.action.strip("()").split()[3]
    assert ("clear", behind) not in f.state  # the cell the box was pushed into was not free


def test_a_non_direct_heuristic_is_caught_with_a_counterexample_state() -> None:
    goal_count = "def h(state, goal, static, objects):\n    return sum(1 for f in goal if f not in state)\n"
    result = check_search(goal_count, bw_tasks(3), per_task=8)
    not_direct = [f for f in result.failures if f.kind == "not direct"]
    assert not_direct and not result.direct
    f = not_direct[0]
    assert f.state and "a successor with h lower" in f.expected
    assert "state = {" in result.feedback() and "goal = {" in result.feedback()


def test_infinity_on_a_solvable_state_is_caught_and_on_a_goal_state_too(tmp_path: Path) -> None:
    holding_is_dead = (
        "def h(state, goal, static, objects):\n"
        "    if any(f[0] == 'holding' for f in state):\n"
        "        return float('inf')\n"
        "    return sum(1 for f in goal if f not in state)\n"
    )
    result = check_search(holding_is_dead, bw_tasks(2), per_task=10, cache_dir=tmp_path, max_proofs=2)
    solvable = [f for f in result.failures if f.kind == "infinite on a solvable state"]
    assert solvable, result.by_kind()
    assert any(x[0] == "holding" for x in solvable[0].state) and "reaches the goal" in solvable[0].got
    always = "def h(state, goal, static, objects):\n    return float('inf')\n"
    base = bw_tasks(1)[0][1]
    done = replace(base, name="done", goal=frozenset({("handempty",)}))  # holds in the initial state
    result = check_search(always, [("done", done)], per_task=1, cache_dir=tmp_path, max_proofs=0)
    assert "infinite on a goal state" in result.by_kind()


def test_a_looping_heuristic_fails_the_check_under_its_limit() -> None:
    loop = "def h(state, goal, static, objects):\n    while True:\n        pass\n"
    result = check_search(loop, bw_tasks(1), per_task=3, timeout=2)
    assert result.by_kind() == {"run failed": 1}
    assert "did not finish" in result.failures[0].got


# ------------------------------------------------------------------------------------------ the commands
def test_solve_accepts_a_search_artifact(tmp_path: Path) -> None:
    artifact = tmp_path / "bw_search.py"
    artifact.write_text(BW_GOOD)
    problem = tmp_path / "p.pddl"
    problem.write_text(write_problem(blocksworld.generate(blocksworld.params_for_size(7), 9, "p")))
    result = solve("blocksworld", problem, program=artifact, fallback="none", cache_dir=tmp_path / "c")
    assert result.solved and result.source == "search"
    assert result.expansions is not None and result.expansions > 0


def test_evaluate_command_accepts_a_search_artifact_and_records_its_kind(tmp_path: Path) -> None:
    root = _bw_suite(tmp_path, n=3, debug=2)
    artifact = tmp_path / "bw_search.py"
    artifact.write_text(BW_GOOD)
    cmd = [sys.executable, "-m", "genplan.cli", "evaluate", str(artifact), "blocksworld", "--suite", str(root),
           "--split", "all", "--orderings", "1", "--report", "r.json", "--cache-dir", str(tmp_path / "c")]  # fmt: skip
    proc = subprocess.run(cmd, capture_output=True, text=True, timeout=300, cwd=tmp_path)
    assert proc.returncode == 0, proc.stderr + proc.stdout
    data = json.loads((tmp_path / "r.json").read_text())
    assert data["kind"] == "search" and data["solved"] == 3
    assert "by search" in proc.stdout


def test_check_command_runs_the_exact_checks_on_a_search_artifact(tmp_path: Path) -> None:
    """``genplan check`` on a search artifact: a planted successor bug is reported with its counterexample
    (exit 1); a correct artifact goes on to the generalization check of the composed search."""
    root = tmp_path / "blocksworld"
    (root / "problems").mkdir(parents=True)
    (root / "domain.pddl").write_text(builtin_domain_path("blocksworld").read_text())
    names = []
    for name, task in bw_tasks(3, size=4):
        (root / "problems" / f"{name}.pddl").write_text(write_problem(task))
        names.append(name)
    (root / "split.json").write_text(json.dumps({"debug": names[:2], "heldout": names[2:]}))

    def run(source: str, name: str) -> subprocess.CompletedProcess:
        artifact = tmp_path / f"{name}.py"
        artifact.write_text(source)
        cmd = [sys.executable, "-m", "genplan.cli", "check", str(artifact), "blocksworld", "--suite", str(root),
               "--budget", "5", "--orderings", "1", "--timeout", "10", "--shrink-budget", "0", "--jobs", "1",
               "--out", str(tmp_path / name), "--cache-dir", str(tmp_path / "c")]  # fmt: skip
        return subprocess.run(cmd, capture_output=True, text=True, timeout=600, cwd=tmp_path)

    bad = run(BW_GOOD + BW_SUCCESSORS.replace("{handempty}", ""), "bad")
    assert bad.returncode == 1, bad.stderr + bad.stdout
    assert "unsound successor" in bad.stdout and "(pick-up" in bad.stdout
    assert (tmp_path / "bad" / "search-feedback.txt").is_file()
    good = run(BW_GOOD, "good")
    assert "search artifact: heuristic (genplan's own successors) checked" in good.stdout, good.stderr
    assert "the generalization check searches with" in good.stdout
    assert (
        good.returncode in (0, 1) and json.loads((tmp_path / "good" / "search-check.json").read_text())["errors"] == 0
    )


def test_the_checked_tasks_are_training_tasks_their_variants_and_generated_ones() -> None:
    from genplan.generalize.naming import find_generator
    from genplan.search.check import check_tasks

    debug = bw_tasks(2)
    given = [(f"given{i}", blocksworld.generate(blocksworld.params_for_size(4 + i), 50 + i, f"given{i}"))
             for i in range(8)]  # fmt: skip
    generator = find_generator(builtin_domain("blocksworld"), hint="blocksworld")
    tasks = check_tasks(debug, given, generator, max_given=3)
    ids = [t for t, _ in tasks]
    assert ids[:2] == ["bw0", "bw1"] and ids[2:5] == ["given0", "given1", "given2"]  # the smallest given
    assert any(t.startswith("rename-digits-") for t in ids) and any(t.startswith("gen-") for t in ids)
    assert len(set(ids)) == len(ids)


def test_sampled_states_do_not_depend_on_the_hash_seed() -> None:
    code = (
        "from genplan.generators import sokoban\n"
        "from genplan.search.states import sample_states\n"
        "tasks = [(f't{i}', sokoban.generate(sokoban.params_for_size(10), i, f't{i}')) for i in range(2)]\n"
        "print([(s.origin, s.facts) for s in sample_states(tasks, per_task=8)])\n"
    )
    env = {**os.environ}
    outs = set()
    for seed in ("1", "2"):
        env["PYTHONHASHSEED"] = seed
        proc = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True, env=env)
        outs.add(proc.stdout)
    assert len(outs) == 1


def test_the_learning_tracks_largest_sokoban_task_is_searched_without_grounding(learning_root: Path) -> None:
    """hard p30 of the Learning Track's sokoban has about 10,000 objects (Fast Downward's translator
    grounds hundreds of thousands of operators first): genplan's engine computes its first successors and
    expands states at once. An easy task is solved by a composed search, and its plan validates."""
    import time

    from genplan.pddl.parser import parse_domain, parse_problem

    base = learning_root / "sokoban"
    domain = parse_domain(base / "domain.pddl")
    task = parse_problem(base / "testing" / "hard" / "p30.pddl", domain)
    assert task.size > 9000
    start = time.process_time()
    succ = engine(task)
    state, expanded = succ.initial, 0
    for _ in range(20):
        options = succ(state)
        expanded += 1
        state = options[0][1]
    assert time.process_time() - start < 20 and expanded == 20
    easy = parse_problem(base / "testing" / "easy" / "p01.pddl", domain)
    goal_count = "def h(state, goal, static, objects):\n    return sum(1 for f in goal if f not in state)\n"
    ev = evaluate(compose_search(goal_count, domain), [("easy-p01", easy)], orderings=2, timeout=60, jobs=1)
    assert ev.solved == 1, ev.summary()


def test_search_solved_plans_are_valid_under_val(learning_root: Path) -> None:
    """Every plan a search returned on a sample (generated blocksworld and sokoban tasks, and three of the
    Learning Track's easy sokoban test tasks) is valid under VAL too, not only under genplan's validator."""
    from genplan.pddl.parser import parse_domain, parse_problem
    from genplan.validate.val import val_validate

    goal_count = "def h(state, goal, static, objects):\n    return sum(1 for f in goal if f not in state)\n"
    base = learning_root / "sokoban"
    domain = parse_domain(base / "domain.pddl")
    ipc = [(f"easy-{n}", parse_problem(base / "testing" / "easy" / f"{n}.pddl", domain)) for n in ("p01", "p05", "p09")]
    samples = [
        (BW_GOOD, builtin_domain("blocksworld"), bw_tasks(3, size=7), "hill"),
        (goal_count, builtin_domain("sokoban"), sokoban_tasks(3, size=8), "gbfs"),
        (goal_count, domain, ipc, "gbfs"),
    ]
    checked = 0
    for source, dom, tasks, strategy in samples:
        ev = evaluate(compose_search(source, dom, strategy), tasks, orderings=1, timeout=60, jobs=2, mode="debug")
        assert ev.solved == len(tasks), ev.summary()
        for (_name, task), result in zip(tasks, ev.results, strict=True):
            assert result.plan, result
            verdict = val_validate(task, result.plan)
            assert verdict.valid, (task.name, verdict)
            checked += 1
    assert checked == 9


# ------------------------------------------------------------------------------ packed states, strategies
def test_packed_states_rebuild_every_state_and_are_equal_exactly_when_the_states_are() -> None:
    """The searches keep states as their difference from the initial state: along random walks (which
    revisit states), unpacking gives the real state back and two keys are equal iff their states are."""
    from genplan.search.runtime import GPPacked

    for name, task in [*sokoban_tasks(2, size=8), *bw_tasks(2, size=5)]:
        succ = engine(task)  # type: ignore[arg-type]
        pack = GPPacked(succ.initial)
        rng = random.Random(name)
        seen: dict[tuple[int, ...], frozenset] = {(): succ.initial}
        key, state = (), succ.initial
        for _ in range(300):
            moves = succ.deltas(state)
            if not moves:
                break
            action, removed, added = rng.choice(moves)
            assert (action, (state - removed) | added) in succ(state)
            key = pack.child(key, removed, added)
            state = (state - removed) | added
            assert pack.unpack(key) == state
            assert key == tuple(sorted(key))
            part = pack.parts(key)
            for pred in {f[0] for f in state} | {"at", "nothing"}:
                assert part(pred) == {f for f in state if f[0] == pred}
            assert succ.deltas(state, part) == succ.deltas(state)
            if key in seen:
                assert seen[key] == state
            else:
                assert state not in seen.values()
                seen[key] = state
        assert len(seen) > 10


def test_packed_states_keep_a_large_sokoban_search_small() -> None:
    """What the packing is for: a search over a 28x28 sokoban grid, whose full states hold every clear cell
    (478 here), keeps a difference of a few facts per state instead (the goal is made unreachable, so the
    search goes on until it has met 3,000 states)."""
    from genplan.search.runtime import GPPacked, GPSearchError, GPStats, gp_gbfs

    task = sokoban.generate(sokoban.params_for_size(800), 3, "big")
    succ = engine(task)  # type: ignore[arg-type]
    met: list[int] = []
    original_child = GPPacked.child

    def child(self: GPPacked, key: tuple[int, ...], removed: frozenset, added: frozenset) -> tuple[int, ...]:
        out = original_child(self, key, removed, added)
        met.append(len(out))
        if len(met) >= 3000:
            raise GPSearchError("enough")
        return out

    GPPacked.child = child  # type: ignore[method-assign]
    try:
        with pytest.raises(GPSearchError, match="enough"):
            gp_gbfs(succ.initial, frozenset({("never",)}), succ.deltas, lambda s: 1, GPStats())
    finally:
        GPPacked.child = original_child  # type: ignore[method-assign]
    clear = sum(1 for f in succ.initial if f[0] == "clear")
    assert clear > 400
    assert max(met) < clear / 10, (max(met), clear)


def test_evaluate_searches_by_the_strategy_asked_and_records_it(tmp_path: Path) -> None:
    root = _bw_suite(tmp_path)
    artifact = tmp_path / "bw_search.py"
    artifact.write_text(BW_GOOD)
    base = [sys.executable, "-m", "genplan.cli", "evaluate", str(artifact), "blocksworld", "--suite", str(root),
            "--split", "debug", "--orderings", "1", "--cache-dir", str(tmp_path / "c")]  # fmt: skip
    for strategy in ("hill", "gbfs"):
        proc = subprocess.run([*base, "--search-strategy", strategy, "--report", f"{strategy}.json"],
                              capture_output=True, text=True, timeout=300, cwd=tmp_path)  # fmt: skip
        assert proc.returncode == 0, proc.stderr + proc.stdout
        data = json.loads((tmp_path / f"{strategy}.json").read_text())
        assert data["search_strategy"] == strategy and data["solved"] == 1
        stderr = data["tasks"][0]["runs"][0]["outcome"]["stderr"]
        assert ("strategy=hill climbing" in stderr) == (strategy == "hill"), stderr
    bad = subprocess.run([*base, "--search-strategy", "astar"], capture_output=True, text=True, timeout=120,
                         cwd=tmp_path)  # fmt: skip
    assert bad.returncode != 0 and "Unknown search strategy 'astar'" in bad.stderr + bad.stdout
    assert "Traceback" not in bad.stderr


def test_solve_searches_as_the_run_chose_unless_told_otherwise(tmp_path: Path) -> None:
    from genplan.programs.solve import choose_program, search_strategy

    run = tmp_path / "c" / "runs" / "blocksworld" / "search-s1-x"
    run.mkdir(parents=True)
    (run / "run.json").write_text(json.dumps({"status": "done"}))
    (run / "program.py").write_text(BW_GOOD)
    (run / "4-selection.json").write_text(json.dumps({"kind": "search", "strategy": "hill"}))
    choice = choose_program(["blocksworld"], run="search-s1", cache_dir=tmp_path / "c")
    assert choice.strategy == "hill"
    assert search_strategy(None, choice) == "hill" and search_strategy("gbfs", choice) == "gbfs"
    problem = tmp_path / "p.pddl"
    problem.write_text(write_problem(blocksworld.generate(blocksworld.params_for_size(6), 4, "p")))
    result = solve("blocksworld", problem, run="search-s1", fallback="none", cache_dir=tmp_path / "c")
    assert result.solved and result.source == "search"
    (run / "4-selection.json").write_text(json.dumps({"kind": "program"}))
    assert choose_program(["blocksworld"], cache_dir=tmp_path / "c").strategy is None
    assert search_strategy(None, None) == "gbfs"


def test_val_sample_script_reruns_solved_tasks_and_checks_their_plans_with_val(tmp_path: Path) -> None:
    root = _bw_suite(tmp_path)
    artifact = tmp_path / "bw_search.py"
    artifact.write_text(BW_GOOD)
    cli = [sys.executable, "-m", "genplan.cli", "evaluate", str(artifact), "blocksworld", "--suite", str(root),
           "--split", "all", "--orderings", "1", "--report", "r.json", "--cache-dir", str(tmp_path / "c")]  # fmt: skip
    assert subprocess.run(cli, capture_output=True, text=True, timeout=300, cwd=tmp_path).returncode == 0
    script = [sys.executable, str(Path(__file__).resolve().parent.parent / "scripts" / "val_sample.py"),
              str(tmp_path / "r.json")]  # fmt: skip
    ok = subprocess.run([*script, str(artifact), "blocksworld", "--suite", str(root), "--sample", "0"],
                        capture_output=True, text=True, timeout=300)  # fmt: skip
    assert ok.returncode == 0, ok.stdout + ok.stderr
    assert "VAL accepted 2 of 2 plans" in ok.stdout and ok.stdout.count("valid under VAL") == 2
    broken = tmp_path / "broken.py"
    broken.write_text("def h(state, goal, static, objects):\n    raise ValueError('no')\n")
    bad = subprocess.run([*script, str(broken), "blocksworld", "--suite", str(root), "--sample", "1"],
                         capture_output=True, text=True, timeout=300)  # fmt: skip
    assert bad.returncode == 1 and "not solved again" in bad.stdout, bad.stdout + bad.stderr


def test_hill_climbing_gives_up_a_plateau_larger_than_its_bound_and_searches_greedily() -> None:
    """A heuristic that is not direct on a large task (here: constant) leaves hill climbing on a plateau;
    after GP_PLATEAU expansions it starts over with greedy best-first search, which solves the task."""
    from genplan.search.runtime import GP_PLATEAU

    flat = "def h(state, goal, static, objects):\n    return 0 if goal <= state else 1\n"
    tasks = bw_tasks(2, size=7)[1:]  # breadth-first search needs 8,983 expansions
    ev = evaluate(compose_search(flat, builtin_domain("blocksworld"), "hill"), tasks, orderings=1, timeout=60,
                  mode="debug")  # fmt: skip
    assert ev.solved == 1, ev.summary()
    stderr = ev.results[0].runs[0].outcome.stderr
    assert "strategy=hill climbing" in stderr and "fallback=1" in stderr, stderr
    assert search_expansions(stderr) > GP_PLATEAU


def test_the_memory_benchmark_shows_packed_states_far_smaller_on_a_hard_sokoban_task(learning_root: Path) -> None:
    script = Path(__file__).resolve().parent.parent / "scripts" / "bench_search_memory.py"
    proc = subprocess.run([sys.executable, str(script), "--root", str(learning_root), "--per-tier", "1",
                           "--expand", "300"], capture_output=True, text=True, timeout=600)  # fmt: skip
    assert proc.returncode == 0, proc.stderr
    hard = next(line for line in proc.stdout.splitlines() if line.startswith("hard/"))
    assert float(hard.split()[-1]) > 10, proc.stdout  # full states allocate over 10x the packed ones
    assert "median over 3 tasks" in proc.stdout


def test_h_sees_the_very_states_the_models_successors_return_subclasses_included() -> None:
    """The prompt promises that h gets the very next_state objects successors returned; a model may return
    a frozenset subclass carrying what its h needs. After the initial state, h sees only those."""
    tagged = (
        BW_SUCCESSORS.replace("{handempty}", ' and ("handempty",) in state').replace("def successors", "def _plain")
        + """

class Tagged(frozenset):
    pass


def successors(state, static, objects):
    out = []
    for action, nxt in _plain(state, static, objects):
        nxt = Tagged(nxt)
        nxt.tag = True
        out.append((action, nxt))
    return out


_CALLS = [0]
_good_h = h


def h(state, goal, static, objects):
    _CALLS[0] += 1
    if _CALLS[0] > 1 and not getattr(state, "tag", False):
        raise ValueError("h got a state successors did not return")
    return _good_h(state, goal, static, objects)
"""
    )
    source = BW_GOOD + tagged
    ev = evaluate(compose_search(source, builtin_domain("blocksworld")), bw_tasks(2, 6), orderings=1, timeout=30,
                  mode="debug")  # fmt: skip
    assert ev.solved == 2, ev.summary()


# ------------------------------------------------------------------------------------------ macro steps
# Push-level sokoban successors: each step walks the robot to a box over free cells and pushes it once.
# ``{behind}`` is where the planted bug goes (no check that the cell behind the box is free), ``{clear}``
# the next state's clear facts.
SOKOBAN_MACROS = """
def successors(state, static, objects):
    robot = next(f[1] for f in state if f[0] == "at-robot")
    boxes = {f[2]: f[1] for f in state if f[0] == "at"}
    clear = {f[1] for f in state if f[0] == "clear"}
    adj = {}
    for f in static:
        if f[0] == "adjacent":
            adj.setdefault(f[1], []).append((f[2], f[3]))
    walks = {robot: []}
    queue = [robot]
    for cell in queue:
        for to, d in sorted(adj.get(cell, ())):
            if to in clear and to not in walks:
                walks[to] = walks[cell] + [f"(move {cell} {to} {d})"]
                queue.append(to)
    out = []
    for cell, walk in sorted(walks.items()):
        for to, d in sorted(adj.get(cell, ())):
            if to not in boxes:
                continue
            for beyond, d2 in sorted(adj.get(to, ())):
                if d2 == d{behind}:
                    b = boxes[to]
                    nxt = (state - {("at-robot", robot), ("at", b, to){clear}}) | {
                        ("at-robot", to), ("at", b, beyond), ("clear", to)}
                    out.append((walk + [f"(push {cell} {to} {beyond} {d} {b})"], nxt))
    return out

def h(state, goal, static, objects):
    return sum(1 for f in goal if f not in state)
"""


def _macros(behind: str = " and beyond in clear", clear: str = ', ("clear", beyond)') -> str:
    return SOKOBAN_MACROS.replace("{behind}", behind).replace("{clear}", clear)


def test_macro_steps_are_checked_for_soundness_only_and_never_judged_direct() -> None:
    """Successors whose steps are walks ending in a push leave every single move out: no "missing
    successor" is reported for them, the check records that they are macros, and hill climbing is ruled out."""
    result = check_search(_macros(), [("corridor", corridor()), *sokoban_tasks(2, size=8)], per_task=6)
    assert result.macro and result.successors_ok, result.feedback()
    assert not result.errors and not result.direct
    assert result.to_json()["macro"] is True


def test_a_planted_macro_step_through_a_box_names_the_action_that_is_not_applicable() -> None:
    # the corridor with a free cell before the boxes: c1 (robot) c2 c3 (box b1) c4 (box b2) c5
    task = corridor()
    init = (task.init - {("at", "b1", "c2"), ("at", "b2", "c3"), ("clear", "c4")}) | {
        ("at", "b1", "c3"), ("at", "b2", "c4"), ("clear", "c2")}  # fmt: skip
    walk_first = replace(task, name="walk-first", init=init)
    result = check_search(_macros(behind=""), [("walk-first", walk_first), *sokoban_tasks(2, size=8)], per_task=6)
    unsound = [f for f in result.failures if f.kind == "unsound successor"]
    assert unsound and all("(push" in f.got for f in unsound), result.by_kind()
    walked = [f for f in unsound if "then" in f.action]  # a macro step: a walk, then the push
    assert walked and "is not applicable where it is taken" in walked[0].got
    assert walked[0].action.startswith("(move c1 c2 right) then (push c2 c3 c4 right b1)")
    assert "where it is taken" in result.feedback() and "applicable one after the other" in result.feedback()


def test_a_macro_step_with_a_wrong_next_state_is_caught() -> None:
    result = check_search(_macros(clear=""), sokoban_tasks(2, size=8), per_task=6)  # the cell behind stays clear
    wrong = [f for f in result.failures if f.kind == "wrong next state"]
    assert wrong and "(push" in wrong[0].action and "deletes" in wrong[0].expected


def test_a_search_over_macro_steps_returns_every_single_action_and_the_plans_validate() -> None:
    tasks = sokoban_tasks(3, size=8)
    ev = evaluate(compose_search(_macros(), builtin_domain("sokoban")), tasks, orderings=1, timeout=30, jobs=2,
                  mode="debug")  # fmt: skip
    assert ev.solved == len(tasks), ev.summary()  # the validator replayed every move and push
    plans = [a for r in ev.results for a in r.runs[0].outcome.plan]
    assert any(a.startswith("(move") for a in plans) and any(a.startswith("(push") for a in plans)
    bad = ("def successors(state, static, objects):\n    return [([], state)]\n\n"
           "def h(state, goal, static, objects):\n    return 1\n")  # fmt: skip
    ev = evaluate(compose_search(bad, builtin_domain("sokoban")), tasks[:1], orderings=1, timeout=10, jobs=1,
                  mode="debug")  # fmt: skip
    assert ev.results[0].status == "exception" and "non-empty list of strings" in ev.results[0].feedback


def test_the_engine_keeps_each_action_normalised_and_a_macro_steps_joined_by_newlines() -> None:
    """The engine's action text is each action in lower case with single spaces, a macro step's actions
    joined by newlines (which the plan is split at again), whatever spacing and case the model wrote."""
    import random

    from genplan.search.runtime import gp_action_text

    def slow(action: str | list[str]) -> str:
        items = [action] if isinstance(action, str) else action
        return "\n".join(" ".join(a.lower().split()) for a in items)

    rng = random.Random(7)
    pieces = ["(move", "c1", "C2", " ", "  ", "\t", "\n", ")", "é", "", "(push r b1 up)"]
    for _ in range(3000):
        words = [rng.choice(pieces) for _ in range(rng.randint(0, 5))]
        text = rng.choice(["", " "]).join(words)
        action = (
            text if rng.random() < 0.4 else [text, *(rng.choice(pieces[:3]) + " x" for _ in range(rng.randint(0, 3)))]
        )
        assert gp_action_text(action) == slow(action), repr(action)
    walk = [f"(move c{i} c{i + 1} right)" for i in range(40)] + ["(push c40 c41 c42 right b1)"]
    assert gp_action_text(walk) == "\n".join(walk) and gp_action_text("(move a b)") == "(move a b)"


# ------------------------------------------------------------------------------------------ own states
# Push-level sokoban over the model's own states, (robot cell, sorted (box, cell) pairs): the README's
# example. The planted bugs replace exact pieces of it: ``free`` (the planted "boxes walking through boxes"
# drops the test that the cell beyond the box is free), ``robot_after`` (the robot's cell after a push),
# ``total`` (what h returns), ``spelled`` (the step's actions: a function spelling them out lazily, or the
# list itself).
SOKOBAN_OWN = (Path(__file__).resolve().parent.parent / "docs" / "examples" / "sokoban_own_states.py").read_text()


def _own(free: str = " and beyond not in where", robot_after: str = "n", total: str = "total",
         spelled: str = "spell") -> str:  # fmt: skip
    pieces = {
        "if beyond is not None and beyond not in where:": f"if beyond is not None{free}:",
        "(n, tuple(moved))": f"({robot_after}, tuple(moved))",
        "        total += v\n    return total\n": f"        total += v\n    return {total}\n",
        "    return spell\n": f"    return {spelled}\n",
    }
    source = SOKOBAN_OWN
    for old, new in pieces.items():
        assert source.count(old) == 1, old
        source = source.replace(old, new)
    return source


def test_own_states_pass_the_checks_and_are_never_judged_direct() -> None:
    result = check_search(_own(), [("corridor", corridor()), *sokoban_tasks(2, size=8)], per_task=6)
    assert result.own_states and result.successors_ok and not result.errors, result.feedback()
    assert not result.direct and result.to_json()["own_states"] is True


@pytest.mark.parametrize("spelled", ["spell", "spell()"])
def test_a_search_over_own_states_returns_plans_that_validate(spelled: str) -> None:
    """Lazily spelled steps (a function the engine calls only for the plan's steps) and listed ones alike:
    the validator replays every move and push of the plans."""
    tasks = sokoban_tasks(3, size=8)
    ev = evaluate(compose_search(_own(spelled=spelled), builtin_domain("sokoban")), tasks, orderings=1, timeout=30,
                  jobs=2, mode="debug")  # fmt: skip
    assert ev.solved == len(tasks), ev.summary()
    assert all("strategy=gbfs-own-states" in r.runs[0].outcome.stderr for r in ev.results)


def test_successors_and_encode_get_the_goal_when_they_take_a_fourth_parameter() -> None:
    """The goal is passed to ``successors`` and ``encode`` only when they ask for it (a fourth positional
    parameter); code written for three runs as before, and so does code taking ``*args``."""
    from genplan.search.runtime import gp_goal_aware

    goal = frozenset({("at", "b1", "c3")})
    seen: list[tuple[object, ...]] = []

    def three(state: object, static: object, objects: object) -> None:
        seen.append((state, static, objects))

    def four(state: object, static: object, objects: object, goal: object) -> None:
        seen.append((state, static, objects, goal))

    def star(*args: object) -> None:
        seen.append(args)

    for func in (three, four, star):
        gp_goal_aware(func, goal)("s", "st", "ob")
    assert seen == [("s", "st", "ob"), ("s", "st", "ob", goal), ("s", "st", "ob")]
    assert gp_goal_aware(three, goal) is three and gp_goal_aware(len, goal) is len


def test_a_goal_aware_search_over_own_states_is_checked_and_solves() -> None:
    """The example's ``successors`` takes the goal (its pushes towards a box's goal first); here ``encode``
    takes it too and checks it is the task's goal, in the checks' sandbox run and in the search's."""
    source = _own().replace(
        "def encode(state, static, objects):\n",
        "def encode(state, static, objects, goal):\n    assert goal and all(f[0] == 'at' for f in goal), goal\n",
    )
    assert "def successors(state, static, objects, goal):" in source
    tasks = sokoban_tasks(2, size=8)
    result = check_search(source, [("corridor", corridor()), *tasks], per_task=6)
    assert result.own_states and result.successors_ok and not result.errors, result.feedback()
    ev = evaluate(compose_search(source, builtin_domain("sokoban")), tasks, orderings=1, timeout=30, jobs=2,
                  mode="debug")  # fmt: skip
    assert ev.solved == len(tasks), ev.summary()
    broken = source.replace("all(f[0] == 'at' for f in goal)", "not goal")
    ev = evaluate(compose_search(broken, builtin_domain("sokoban")), tasks[:1], orderings=1, timeout=30, jobs=1,
                  mode="debug")  # fmt: skip
    assert ev.solved == 0 and "AssertionError" in ev.results[0].feedback, ev.results[0].feedback


def test_planted_boxes_walking_through_boxes_over_own_states_is_caught() -> None:
    result = check_search(_own(free=""), [("corridor", corridor()), *sokoban_tasks(2, size=8)], per_task=6)
    unsound = [f for f in result.failures if f.kind == "unsound successor"]
    # the robot at c1 pushes b1 from c2 into c3, where b2 stands
    assert unsound and any(f.action == "(push c1 c2 c3 right b1)" for f in unsound), result.by_kind()
    assert "is not applicable here" in unsound[0].got


def test_an_own_next_state_that_is_not_encode_of_the_facts_is_caught() -> None:
    result = check_search(_own(robot_after="robot"), sokoban_tasks(2, size=8), per_task=6)
    wrong = [f for f in result.failures if f.kind == "wrong next state"]
    assert wrong and "(push" in wrong[0].action and "the state encode returns" in wrong[0].expected, result.by_kind()
    assert "encode(facts after the step" in result.feedback()


def test_h_zero_on_a_non_goal_state_is_caught_by_the_checks_and_by_the_search() -> None:
    source = _own(total="max(0, total - 1)")
    result = check_search(source, [("corridor", corridor()), *sokoban_tasks(2, size=8)], per_task=6)
    assert "zero on a non-goal state" in result.by_kind(), result.by_kind()
    assert "stops at the first state where h is 0" in result.feedback()
    ev = evaluate(compose_search(source, builtin_domain("sokoban")), sokoban_tasks(1, size=8), orderings=1,
                  timeout=30, jobs=1, mode="debug")  # fmt: skip
    assert ev.solved == 0 and "h returned 0 on a state where the goal does not hold" in ev.results[0].feedback


def test_encode_without_successors_is_a_clear_error() -> None:
    source = _own().replace("def successors(", "def _unused(")
    result = check_search(source, sokoban_tasks(1, size=8), per_task=3)
    assert any(f.kind == "successors error" and "encode but no successors" in f.got for f in result.failures)
    ev = evaluate(compose_search(source, builtin_domain("sokoban")), sokoban_tasks(1, size=8), orderings=1,
                  timeout=30, jobs=1, mode="debug")  # fmt: skip
    assert ev.solved == 0 and "defines encode but no successors" in ev.results[0].feedback


def test_an_own_state_that_is_not_hashable_is_a_clear_error() -> None:
    source = _own().replace("    return (robot, boxes)", "    return [robot, boxes]")
    ev = evaluate(compose_search(source, builtin_domain("sokoban")), sokoban_tasks(1, size=8), orderings=1,
                  timeout=30, jobs=1, mode="debug")  # fmt: skip
    assert ev.solved == 0 and "not hashable" in ev.results[0].feedback


def test_the_replay_follows_the_pddl() -> None:
    """``GPSuccessors.replay`` (the own-state plan's check) agrees with genplan's successors step by step,
    and names the first action that is not applicable or not of the domain."""
    import ast as _ast

    from genplan.search.compose import domain_literal
    from genplan.search.runtime import GPSuccessors

    _name, task = sokoban_tasks(1, size=8)[0]
    gen = GPSuccessors(_ast.literal_eval(domain_literal(task.domain)), task.objects, task.init)
    rng = random.Random(3)
    state, plan = gen.initial, []
    for _ in range(30):
        options = gen(state)
        if not options:
            break
        action, state = rng.choice(options)
        plan.append(action)
    assert gen.replay(gen.initial, plan) == (state, None)
    assert gen.replay(gen.initial, [*plan, "(fly a b)"]) == (None, len(plan))
    assert gen.replay(gen.initial, ["(move a b)"]) == (None, 0)  # too few arguments


def test_the_own_states_benchmark_runs_both_searches_on_a_small_track(tmp_path: Path) -> None:
    """``scripts/bench_own_states.py`` on a track in the organizers' layout (generated sokoban tasks): a
    row per task with both searches' outcomes."""
    base = tmp_path / "sokoban"
    (base / "domain.pddl").parent.mkdir(parents=True)
    (base / "domain.pddl").write_text(builtin_domain_path("sokoban").read_text())
    for tier, size in (("easy", 8), ("medium", 12), ("hard", 16)):
        (base / "testing" / tier).mkdir(parents=True)
        task = sokoban.generate(sokoban.params_for_size(size), 1, f"{tier}-p01")
        (base / "testing" / tier / "p01.pddl").write_text(write_problem(task))
    script = Path(__file__).resolve().parent.parent / "scripts" / "bench_own_states.py"
    done = subprocess.run([sys.executable, str(script), "--root", str(tmp_path), "--per-tier", "1", "--seconds", "5"],
                          capture_output=True, text=True, timeout=300)  # fmt: skip
    assert done.returncode == 0, done.stderr
    rows = [line for line in done.stdout.splitlines() if line.startswith(("easy/", "medium/", "hard/"))]
    assert len(rows) == 3 and all(line.count("solved") + line.count("timeout") == 2 for line in rows), done.stdout


def test_a_timed_out_search_over_own_states_shows_the_state_it_stalled_on() -> None:
    """An h that is never 0 never lets the search stop: the timeout's feedback says how far it got and shows
    the expanded state with the lowest h, as the model's own code made it (a robot cell, then box cells)."""
    source = _own(total="total + 1")
    task = sokoban_tasks(1, size=250)  # 5 boxes among 129 free cells: far too many states for 3 s
    ev = evaluate(compose_search(source, builtin_domain("sokoban")), task, orderings=1, timeout=3, jobs=1,
                  mode="debug")  # fmt: skip
    feedback = ev.results[0].feedback
    assert ev.results[0].status == "timeout", feedback
    assert "The search had expanded at least" in feedback
    shown = feedback.split("The expanded state with the lowest h, as your code made it: ", 1)[1]
    assert shown.startswith("('") and "(('" in shown
    # genplan replayed the steps to that state and drew it: the robot, and the 5 boxes by their numbers.
    drawn = shown.split("drawn as a map of the task's grid:\n```\n", 1)[1].split("```", 1)[0]
    cells = "".join(m.group(1) for m in re.finditer(r"^\s*\d+ (\S+)$", drawn, re.M))
    assert cells.count("r") + cells.count("R") == 1, drawn
    assert sum(ch in "12345*" or ch.isdigit() for ch in cells) >= 5, drawn
    found = re.findall(r"facts_seconds=([\d.]+)", ev.results[0].runs[0].outcome.stderr)
    assert found and float(found[-1]) < 0.5, found


def test_a_search_that_never_finishes_its_first_expansion_is_told_so_not_told_of_an_endless_loop() -> None:
    """Successors far too slow for the task (here: they never return) leave only the progress line written
    at the start: the feedback says the initial state's expansion took the whole time, and shows it."""
    header = "def successors(state, static, objects, goal):\n"
    assert _own().count(header) == 1
    source = _own().replace(header, header + "    while True:\n        pass\n")
    ev = evaluate(compose_search(source, builtin_domain("sokoban")), sokoban_tasks(1, size=8), orderings=1,
                  timeout=2, jobs=1, mode="debug")  # fmt: skip
    feedback = ev.results[0].feedback
    assert ev.results[0].status == "timeout", feedback
    assert "had not finished expanding the initial state" in feedback and "endless loop" not in feedback
    assert "The initial state, as your code made it: ('" in feedback


def _own_search(start: int, succ: object, h: object) -> tuple[list[object], object, list[int]]:
    """:func:`gp_gbfs_own` on integer states; the plan, the stats and the states ``h`` was called on."""
    from genplan.search.runtime import GPStats, gp_gbfs_own

    called: list[int] = []

    def counted(state: int) -> float:
        called.append(state)
        return h(state)  # type: ignore[operator]

    stats = GPStats()
    return gp_gbfs_own(start, succ, counted, stats), stats, called


def test_an_own_state_expansion_evaluates_successors_only_up_to_the_first_better_one() -> None:
    """States are integers, h(n) = n, and each state has 40 successors that lead away from the goal before
    the one that leads towards it: a search that evaluated every successor would pay 41 calls a step;
    stopping at the first better one pays what comes before it (here, with the way down listed first, 1)."""
    first = lambda n: [(f"down {n}", n - 1)] + [(f"up {n} {i}", 1000 * n + i + 1) for i in range(40)]  # noqa: E731
    plan, stats, called = _own_search(30, first, float)
    assert plan == [f"down {n}" for n in range(30, 0, -1)]
    assert called == list(range(30, -1, -1))  # the start, then one better successor per step
    assert stats.evaluations == 31 and stats.expansions == 30  # type: ignore[attr-defined]
    # listed last, the way down costs every successor before it, as a full expansion would
    last = lambda n: [(f"up {n} {i}", 1000 * n + i + 1) for i in range(40)] + [(f"down {n}", n - 1)]  # noqa: E731
    plan, stats, _ = _own_search(30, last, float)
    assert len(plan) == 30 and stats.evaluations == 1 + 30 * 41  # type: ignore[attr-defined]


def test_successors_left_unevaluated_are_searched_when_the_better_one_leads_nowhere() -> None:
    """The first better successor (state 1) is a dead end with no successors; the goal is reached through
    a successor after it, queued unevaluated under its parent's h and evaluated when it came up."""
    graph = {10: [("trap", 1), ("slow", 9)], 1: [], 9: [("home", 0)]}
    plan, _, called = _own_search(10, lambda n: graph[n], lambda n: {10: 10, 1: 1, 9: 9, 0: 0}[n])
    assert plan == ["slow", "home"] and called == [10, 1, 9, 0]


def test_an_unevaluated_successor_worse_than_its_parent_waits_its_turn() -> None:
    """A successor evaluated when it comes up, with an h above the value it was queued under, goes back
    into the queue under its h, behind a better state met earlier: state 7 (h 50) is not expanded before
    state 4 (h 6), which leads to the goal."""
    graph = {8: [("a", 5), ("b", 7), ("c", 4)], 5: [], 7: [("wrong", 0)], 4: [("right", 0)]}
    values = {8: 8, 5: 5, 7: 50, 4: 6, 0: 0}
    order: list[int] = []

    def succ(n: int) -> list[tuple[str, int]]:
        order.append(n)
        return graph[n]

    plan, _, called = _own_search(8, succ, values.__getitem__)
    assert called[:4] == [8, 5, 7, 4]  # 7 and 4 are evaluated when they come up, after 5 led nowhere
    assert order == [8, 5, 4] and plan == ["c", "right"]


def test_a_large_counterexample_state_is_quoted_as_comprehensions_that_mean_the_same_state() -> None:
    """A state of a large training task (a sokoban grid's ~1,500 ``clear`` facts) is quoted with its
    one-argument facts as comprehensions over name lists; a small one stays a plain literal."""
    from genplan.pddl.pyform import render_set
    from genplan.search.check import STATE_QUOTE_CHARS, SearchCheck, SearchFailure

    cells = [f"loc_{r}_{c}" for r in range(1, 41) for c in range(1, 41)]
    state = tuple(sorted([("clear", x) for x in cells[2:]] + [("at-robot", cells[0]), ("at", "box1", cells[1])]))
    goal = (("at", "box1", cells[5]),)
    big = SearchFailure("not direct", "t1", "a state", state, None, "a successor with h lower", "none", goal)
    small = SearchFailure("not direct", "t2", "a state", state[:3], None, "a successor with h lower", "none", goal)
    text = SearchCheck(10, 1, False, (big, small)).feedback()
    lines = [line for line in text.splitlines() if line.startswith("state = ")]
    plain = "state = " + render_set(list(state))
    assert len(lines) == 2 and STATE_QUOTE_CHARS < len(lines[0]) < len(plain) / 2
    assert "for x in 'loc_1_3 loc_1_4 loc_1_5" in lines[0]  # natural order
    names: dict = {}
    exec(lines[0], names)  # our own rendering
    assert names["state"] == set(state)
    assert lines[1] == "state = " + render_set(list(state[:3]))
