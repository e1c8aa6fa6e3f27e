"""Fast Downward through genplan.planners: configurations, honest statuses, limits, validation, cache."""

from __future__ import annotations

import itertools
import json
import sys
import time
from collections import deque
from pathlib import Path

import pytest

from genplan.core.errors import GenplanError
from genplan.pddl import Task, load_task, parse_domain, parse_problem
from genplan.planners import PLANNERS, STATUSES, PlanCache, PlannerResult, downward, optimal_plan, plan
from genplan.planners.configs import PlannerConfig

CONFIGS = ("lmcut", "ff", "lama-first")


# ------------------------------------------------------------------------------------------------ helpers
def ref_task(root: Path, domain: str, instance: str) -> Task:
    return load_task(root / domain / "domain.pddl", root / domain / "problems" / f"{instance}.pddl")


def assert_valid(task: Task, steps: tuple[str, ...]) -> None:
    """Checked with the validator directly, not only through the planner module's own call."""
    from genplan.validate import validate

    assert validate(task, list(steps)).valid


def bfs_optimum(task: Task) -> int:
    """Length of a shortest plan by breadth-first search over ground actions (tiny tasks only).

    Written independently of Fast Downward so the optimality test does not trust the planner it checks.
    """
    objects = task.all_objects
    static = task.static_facts
    ground = []
    for schema in task.domain.actions:
        domains = [
            [o for o, t in sorted(objects.items()) if task.domain.is_subtype(t, p.type)] for p in schema.parameters
        ]
        for args in itertools.product(*domains):
            b = dict(zip((p.name for p in schema.parameters), args, strict=True))
            if any(b.get(x, x) != b.get(y, y) for x, y in schema.pre_eq):
                continue
            if any(b.get(x, x) == b.get(y, y) for x, y in schema.pre_neq):
                continue
            pos = frozenset(a.ground(b) for a in schema.pre_pos)
            if any(f[0] in task.domain.static_predicates and f not in static for f in pos):
                continue
            neg = frozenset(a.ground(b) for a in schema.pre_neg)
            ground.append((pos, neg, frozenset(a.ground(b) for a in schema.add),
                           frozenset(a.ground(b) for a in schema.delete)))  # fmt: skip
    start = frozenset(task.init)
    depth = {start: 0}
    queue = deque([start])
    while queue:
        state = queue.popleft()
        if task.goal <= state:
            return depth[state]
        for pos, neg, add, delete in ground:
            if pos <= state and not (neg & state):
                nxt = (state - delete) | add
                if nxt not in depth:
                    depth[nxt] = depth[state] + 1
                    queue.append(nxt)
    raise AssertionError("the task has no plan")


def group_members(pgid: int) -> list[int]:
    """Live (non-zombie) processes in process group ``pgid``, from /proc."""
    alive = []
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            stat = (entry / "stat").read_text()
        except OSError:
            continue
        fields = stat[stat.rindex(")") + 2 :].split()
        state, pgrp = fields[0], int(fields[2])
        if pgrp == pgid and state != "Z":
            alive.append(int(entry.name))
    return alive


def pid_alive(pid: int) -> bool:
    try:
        stat = Path(f"/proc/{pid}/stat").read_text()
    except OSError:
        return False
    return stat[stat.rindex(")") + 2] != "Z"


# A sliding puzzle on a 2x2 board whose goal swaps two tiles: the parity invariant makes it unsolvable,
# yet no relaxation or mutex analysis sees that, so the search has to exhaust the 12 reachable states.
PUZZLE_DOMAIN = """
(define (domain slide)
  (:requirements :strips)
  (:predicates (at ?t ?p) (empty ?p) (adj ?p ?q) (tile ?t))
  (:action move :parameters (?t ?from ?to)
    :precondition (and (tile ?t) (at ?t ?from) (empty ?to) (adj ?from ?to))
    :effect (and (at ?t ?to) (empty ?from) (not (at ?t ?from)) (not (empty ?to)))))
"""
PUZZLE_SWAP = """
(define (problem swap) (:domain slide)
  (:objects t1 t2 t3 p1 p2 p3 p4)
  (:init (tile t1) (tile t2) (tile t3)
    (adj p1 p2) (adj p2 p1) (adj p2 p4) (adj p4 p2) (adj p4 p3) (adj p3 p4) (adj p3 p1) (adj p1 p3)
    (at t1 p1) (at t2 p2) (at t3 p3) (empty p4))
  (:goal (and (at t1 p2) (at t2 p1) (at t3 p3) (empty p4))))
"""
PUZZLE_ROTATE = PUZZLE_SWAP.replace("(at t1 p2) (at t2 p1) (at t3 p3) (empty p4)", "(at t1 p2) (at t2 p4)")

# Typed, with a constant, a negative precondition and (in)equality: the writer's output must be accepted.
TYPED_DOMAIN = """
(define (domain rooms)
  (:requirements :strips :typing :negative-preconditions :equality)
  (:types room key - object)
  (:constants hall - room)
  (:predicates (in ?r - room) (locked ?r - room) (opens ?k - key ?r - room) (has ?k - key) (lies ?k - key ?r - room))
  (:action go :parameters (?from ?to - room)
    :precondition (and (in ?from) (not (locked ?to)) (not (= ?from ?to)))
    :effect (and (in ?to) (not (in ?from))))
  (:action take :parameters (?k - key ?r - room)
    :precondition (and (in ?r) (lies ?k ?r))
    :effect (and (has ?k) (not (lies ?k ?r))))
  (:action unlock :parameters (?k - key ?r - room ?from - room)
    :precondition (and (has ?k) (opens ?k ?r) (locked ?r) (in ?from))
    :effect (and (not (locked ?r)))))
"""
TYPED_PROBLEM = """
(define (problem r1) (:domain rooms)
  (:objects study vault - room k1 - key)
  (:init (in hall) (lies k1 study) (opens k1 vault) (locked vault))
  (:goal (and (in vault))))
"""


@pytest.fixture
def cache_dir(tmp_path: Path) -> Path:
    return tmp_path / "cache"


# ----------------------------------------------------------------------------------------- configurations
def test_planner_names_and_unknown_name() -> None:
    assert tuple(PLANNERS) == CONFIGS
    assert all(isinstance(c, PlannerConfig) and c.description for c in PLANNERS.values())
    assert [c.optimal for c in PLANNERS.values()] == [True, False, False]
    task = parse_problem(PUZZLE_SWAP, parse_domain(PUZZLE_DOMAIN))
    with pytest.raises(GenplanError) as err:
        plan(task, "astar-blind", use_cache=False)
    assert all(name in str(err.value) for name in CONFIGS)
    with pytest.raises(GenplanError):
        plan(task, "lmcut", time_limit=0, use_cache=False)
    with pytest.raises(GenplanError):
        plan(task, "lmcut", memory_limit_mb=0, use_cache=False)


def test_fd_is_found_with_its_version() -> None:
    fd = downward.locate()
    assert fd.driver.name == "fast-downward.py" and fd.driver.is_file()
    assert fd.version.startswith("fast-downward ") and "unknown" not in fd.version


# ---------------------------------------------------------------------------------------------- solving
@pytest.mark.parametrize("planner", CONFIGS)
def test_each_config_solves_a_reference_task(reference_root: Path, planner: str) -> None:
    task = ref_task(reference_root, "gripper", "instance-0")
    result = plan(task, planner, time_limit=30, use_cache=False)
    assert result.status == "solved", result.message
    assert result.plan and result.plan_length == len(result.plan)
    assert all(step.startswith("(") and step == step.lower() for step in result.plan)
    assert_valid(task, result.plan)
    assert result.plan_cost == result.plan_length  # genplan writes unit-cost tasks
    assert result.exit_code == 0 and not result.cached and result.planner == planner
    assert result.peak_memory_kb and result.peak_memory_kb > 1000
    assert result.expansions is not None and result.expansions >= 1
    assert 0 < result.time_s < 30


def test_optimal_length_matches_breadth_first_search(reference_root: Path) -> None:
    task = ref_task(reference_root, "ferry", "instance-0")
    best = bfs_optimum(task)
    result = optimal_plan(task, time_limit=30, use_cache=False)
    assert result.status == "solved" and result.planner == "lmcut"
    assert result.plan_length == best
    for other in ("ff", "lama-first"):
        sat = plan(task, other, time_limit=30, use_cache=False)
        assert sat.status == "solved" and sat.plan_length is not None and sat.plan_length >= best


def test_typed_domain_with_constants_negation_and_equality() -> None:
    task = parse_problem(TYPED_PROBLEM, parse_domain(TYPED_DOMAIN))
    result = optimal_plan(task, time_limit=30, use_cache=False)
    assert result.status == "solved", result.message
    assert result.plan == ("(go hall study)", "(take k1 study)", "(unlock k1 vault study)", "(go study vault)")
    assert_valid(task, result.plan)


def test_lmcut_falls_back_to_binary_variables_on_conditional_effects(reference_root: Path) -> None:
    """Beluga's actions delete facts they do not require; FD's default encoding turns those deletes into
    conditional effects, which LM-cut rejects (exit code 34). The retry with binary variables solves it."""
    task = ref_task(reference_root, "beluga", "instance-0")
    result = optimal_plan(task, time_limit=30, use_cache=False)
    assert result.status == "solved", result.message
    assert "binary variables" in result.message
    assert result.plan is not None
    assert_valid(task, result.plan)
    sat = plan(task, "ff", time_limit=30, use_cache=False)  # FF handles conditional effects: no retry
    assert sat.status == "solved" and sat.message == "" and sat.plan_length is not None
    assert sat.plan_length >= (result.plan_length or 0)


def test_goal_true_initially_gives_empty_plan() -> None:
    task = parse_problem(PUZZLE_SWAP.replace("(at t1 p2) (at t2 p1)", "(at t1 p1) (at t2 p2)"),
                         parse_domain(PUZZLE_DOMAIN))  # fmt: skip
    result = plan(task, "ff", use_cache=False)
    assert result.status == "solved" and result.plan == ()


# ------------------------------------------------------------------------------------------ honest statuses
@pytest.mark.parametrize("planner", CONFIGS)
def test_exhausted_search_is_unsolvable(planner: str) -> None:
    task = parse_problem(PUZZLE_SWAP, parse_domain(PUZZLE_DOMAIN))
    result = plan(task, planner, use_cache=False)
    assert result.status == "unsolvable", result.message
    assert result.plan is None and result.exit_code in (10, 11)


def test_solvable_variant_of_the_puzzle_is_solved() -> None:
    """The unsolvable test above is not passing because the puzzle encoding is broken."""
    task = parse_problem(PUZZLE_ROTATE, parse_domain(PUZZLE_DOMAIN))
    result = optimal_plan(task, use_cache=False)
    assert result.status == "solved" and result.plan_length == bfs_optimum(task)


def test_unreachable_goal_is_unsolvable() -> None:
    domain = parse_domain(
        """(define (domain toggle) (:requirements :strips) (:predicates (a) (b) (c))
             (:action flip :parameters () :precondition (and (a)) :effect (and (b) (not (a))))
             (:action flop :parameters () :precondition (and (b)) :effect (and (a) (not (b)))))"""
    )
    for goal in ("(c)", "(and (a) (b))"):
        task = parse_problem(f"(define (problem p) (:domain toggle) (:init (a)) (:goal {goal}))", domain)
        result = plan(task, "lama-first", use_cache=False)
        assert result.status == "unsolvable", (goal, result.message)


def test_time_limit_gives_timeout_not_unsolvable(reference_root: Path, cache_dir: Path) -> None:
    task = ref_task(reference_root, "blocksworld", "instance-125")  # 20 blocks: far beyond A*/LM-cut in 1 s
    start = time.monotonic()
    result = plan(task, "lmcut", time_limit=1, cache_dir=cache_dir)
    assert result.status == "timeout", result.message
    assert result.plan is None and result.exit_code in (21, 23, 232)
    assert time.monotonic() - start < 1 + downward.WALL_GRACE_S + 3
    # Timeouts are cached with their limit: a sweep is not redone, but a larger limit is a new question.
    again = plan(task, "lmcut", time_limit=1, cache_dir=cache_dir)
    assert again.cached and again.status == "timeout"
    stored = PlanCache(cache_dir).get(_key(task, "lmcut", 1.0, 8192))
    assert stored is not None and stored.status == "timeout"
    assert _key(task, "lmcut", 2.0, 8192) != _key(task, "lmcut", 1.0, 8192)


def test_memory_limit_gives_memory(reference_root: Path) -> None:
    task = ref_task(reference_root, "heavy", "instance-7")  # ~500 KB of PDDL: the translator needs >64 MiB
    result = plan(task, "lama-first", time_limit=60, memory_limit_mb=64, use_cache=False)
    assert result.status == "memory", result.message
    assert result.exit_code in (20, 22, 24)


@pytest.mark.parametrize(
    ("code", "has_plan", "wall", "status"),
    [
        (0, True, 1.0, "solved"),
        (0, False, 1.0, "error"),
        (2, True, 1.0, "solved"),
        (10, False, 1.0, "unsolvable"),
        (11, False, 1.0, "unsolvable"),
        (12, False, 1.0, "error"),  # an incomplete search giving up proves nothing
        (13, False, 1.0, "error"),
        (20, False, 1.0, "memory"),
        (22, False, 1.0, "memory"),
        (24, False, 1.0, "memory"),
        (21, False, 1.0, "timeout"),
        (23, False, 9.0, "timeout"),
        (232, False, 9.0, "timeout"),  # 256 - SIGXCPU: the CPU limit hit the translator
        (-24, False, 9.0, "timeout"),
        (247, False, 9.5, "timeout"),  # 256 - SIGKILL at the limit: the hard CPU limit
        (247, False, 0.5, "error"),  # SIGKILL long before the limit: not a timeout
        (245, False, 1.0, "error"),  # 256 - SIGSEGV
        (31, False, 1.0, "error"),
        (36, False, 1.0, "error"),
        (99, False, 1.0, "error"),
        (None, False, 11.0, "timeout"),  # killed by our wall-clock backstop
    ],
)
def test_exit_codes_map_to_honest_statuses(code: int | None, has_plan: bool, wall: float, status: str) -> None:
    got, message = downward.classify(code, has_plan, wall, 9.0)
    assert got == status
    assert got == "solved" or message


def test_a_plan_our_validator_rejects_is_an_error(
    reference_root: Path, cache_dir: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    task = ref_task(reference_root, "gripper", "instance-0")
    fake = downward.RawRun(0, "Peak memory: 5 KB\n", "", "(move room0 room13)\n; cost = 1 (unit cost)\n", 0.1, 1)
    monkeypatch.setattr(downward, "run_downward", lambda *a, **k: fake)
    result = plan(task, "ff", cache_dir=cache_dir)
    assert result.status == "error" and result.plan is None
    assert "validator" in result.message
    assert not list(cache_dir.rglob("*.json"))


def test_planner_errors_are_reported_with_output_and_not_cached(
    reference_root: Path, cache_dir: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    task = ref_task(reference_root, "gripper", "instance-0")
    fake = downward.RawRun(32, "", "Segmentation fault in heuristic\n", None, 0.1, 1)
    monkeypatch.setattr(downward, "run_downward", lambda *a, **k: fake)
    result = plan(task, "ff", cache_dir=cache_dir)
    assert result.status == "error" and "search critical error" in result.message
    assert "Segmentation fault in heuristic" in result.message
    assert not list(cache_dir.rglob("*.json"))


# ------------------------------------------------------------------------------------------------ cache
def _key(task: Task, planner: str, time_limit: float, memory: int) -> str:
    from genplan.pddl import write_domain, write_problem
    from genplan.planners import cache_key

    return cache_key(
        write_domain(task.domain), write_problem(task), PLANNERS[planner], time_limit, memory,
        downward.locate().version,
    )  # fmt: skip


def test_cache_hit_miss_and_files(reference_root: Path, cache_dir: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    task = ref_task(reference_root, "ferry", "instance-0")
    first = plan(task, "ff", time_limit=20, cache_dir=cache_dir)
    assert first.status == "solved" and not first.cached
    files = list((cache_dir / "planners").rglob("*.json"))
    assert len(files) == 1
    stored = json.loads(files[0].read_text())
    assert stored["result"]["plan"] == list(first.plan or ())
    assert stored["result"]["status"] == "solved" and stored["task"] == task.name

    # A hit must not run Fast Downward at all.
    real_run = downward.run_downward

    def no_run(*args: object, **kwargs: object) -> downward.RawRun:
        raise AssertionError("Fast Downward ran although the result is cached")

    monkeypatch.setattr(downward, "run_downward", no_run)
    start = time.monotonic()
    second = plan(task, "ff", time_limit=20, cache_dir=cache_dir)
    assert time.monotonic() - start < 1.0
    assert second.cached and second.plan == first.plan and second.time_s == first.time_s
    # Same entry through the environment variable instead of the argument.
    monkeypatch.setenv("GENPLAN_CACHE_DIR", str(cache_dir))
    assert plan(task, "ff", time_limit=20).cached

    # Any change of configuration or limits is a miss.
    monkeypatch.setattr(downward, "run_downward", real_run)
    for kwargs in ({"planner": "lama-first"}, {"time_limit": 21}, {"memory_limit_mb": 4096}):
        args = {"planner": "ff", "time_limit": 20, **kwargs}
        assert not plan(task, cache_dir=cache_dir, **args).cached, kwargs
    assert len(list((cache_dir / "planners").rglob("*.json"))) == 4
    # use_cache=False neither reads nor writes, and an uncached run gives the same (deterministic) plan.
    fresh = plan(task, "ff", time_limit=20, cache_dir=cache_dir, use_cache=False)
    assert not fresh.cached and fresh.plan == first.plan
    assert len(list((cache_dir / "planners").rglob("*.json"))) == 4
    assert not list((cache_dir / "planners").rglob("*.tmp"))


def test_a_tampered_cached_plan_is_not_trusted(reference_root: Path, cache_dir: Path) -> None:
    task = ref_task(reference_root, "ferry", "instance-0")
    first = plan(task, "lmcut", time_limit=20, cache_dir=cache_dir)
    (path,) = (cache_dir / "planners").rglob("*.json")
    entry = json.loads(path.read_text())
    entry["result"]["plan"] = entry["result"]["plan"][1:]  # no longer executable
    path.write_text(json.dumps(entry))
    again = plan(task, "lmcut", time_limit=20, cache_dir=cache_dir)
    assert not again.cached and again.plan == first.plan
    path.write_text("{ not json")
    assert not plan(task, "lmcut", time_limit=20, cache_dir=cache_dir).cached


def test_result_json_round_trip_and_invariants() -> None:
    r = PlannerResult("solved", ("(a)", "(b x)"), "ff", 0.5, 60.0, 8192, 1234, 2, 3, 0, "", "fd", cached=True)
    back = PlannerResult.from_json(json.loads(json.dumps(r.to_json())))
    assert back == PlannerResult("solved", ("(a)", "(b x)"), "ff", 0.5, 60.0, 8192, 1234, 2, 3, 0, "", "fd")
    assert back.plan_length == 2 and back.solved
    assert set(STATUSES) == {"solved", "timeout", "memory", "unsolvable", "error"}
    with pytest.raises(ValueError):
        PlannerResult("unsolved", None, "ff", 0.5, 60.0, 8192)
    with pytest.raises(ValueError):
        PlannerResult("timeout", ("(a)",), "ff", 0.5, 60.0, 8192)


def test_parse_plan_file() -> None:
    steps, cost = downward.parse_plan_file("(MOVE  A B)\n\n  (pick x a g)\n; cost = 2 (unit cost)\n")
    assert steps == ("(move a b)", "(pick x a g)") and cost == 2
    assert downward.parse_plan_file("; cost = 0 (unit cost)\n") == ((), 0)


# ------------------------------------------------------------------------------------------ no strays
def test_wall_clock_kill_leaves_no_process(tmp_path: Path) -> None:
    """A child that spawns a grandchild and hangs: both must be gone after the wall-clock kill."""
    script = (
        "import subprocess, sys, time\n"
        "p = subprocess.Popen([sys.executable, '-c', 'import time; time.sleep(60)'])\n"
        "open('grandchild.pid', 'w').write(str(p.pid))\n"
        "time.sleep(60)\n"
    )
    start = time.monotonic()
    code, wall, pid = downward.run_killable([sys.executable, "-c", script], tmp_path, 1.0)
    assert code is None and 1.0 <= wall < 5 and time.monotonic() - start < 5
    grandchild = int((tmp_path / "grandchild.pid").read_text())
    deadline = time.monotonic() + 2
    while pid_alive(grandchild) and time.monotonic() < deadline:
        time.sleep(0.05)
    assert not pid_alive(grandchild)
    assert group_members(pid) == []


def test_fast_downward_killed_at_wall_clock_limit_leaves_no_process(reference_root: Path) -> None:
    from genplan.pddl import write_domain, write_problem

    task = ref_task(reference_root, "blocksworld", "instance-125")
    raw = downward.run_downward(
        write_domain(task.domain), write_problem(task), PLANNERS["lmcut"], 60, 8192, wall_limit=1.0
    )
    assert raw.exit_code is None and raw.wall_s < 4
    status, _ = downward.classify(raw.exit_code, raw.plan_text is not None, raw.wall_s, 60)
    assert status == "timeout"
    deadline = time.monotonic() + 2
    while group_members(raw.pid) and time.monotonic() < deadline:
        time.sleep(0.05)
    assert group_members(raw.pid) == []
