"""What the model's own states buy a search: the same push-level sokoban search over fact states and over own states.

Why: with fact states, each successor the model builds is a frozenset of every changing fact (thousands
of ``clear`` facts on a Learning Track grid), and the engine compares it with its parent to pack it; a
real model's search expanded a few hundred states of a hard task in 60 s. With ``encode`` the model's own
states are what it chooses (a robot cell and the box cells). This script runs two artifacts with the
same steps (walk to a box, push it once) and the same h (each box's push distance to its goal) in the
sandbox, on the same tasks under the same CPU limit, one run at a time:

- ``facts``: the baseline, written out below: fact states, each step's walk listed;
- ``own``: ``docs/examples/sokoban_own_states.py``: own states, walks spelled out for the plan only.

It prints, per task, each one's expansions by the end (the last progress line the engine wrote, or the
search's count when it solved the task first) and expansions per CPU second (0 for a run shorter than a
second), and the ratio own / facts over the tasks where both ran at least a second.

    python scripts/bench_own_states.py [--root PATH] [--per-tier 2] [--seconds 20]

The Learning Track is --root, else $GENPLAN_LEARNING_TRACK, else /tmp/ipc/ipc2023-learning.
"""

from __future__ import annotations

import re
import statistics
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO))

from genplan.execute.outcome import Limits  # noqa: E402
from genplan.execute.pool import Executor  # noqa: E402
from genplan.pddl.parser import parse_domain, parse_problem  # noqa: E402
from genplan.pddl.pyform import python_inputs  # noqa: E402
from genplan.search.compose import compose_search  # noqa: E402

sys.path.insert(0, str(Path(__file__).resolve().parent))
from bench_successors import sokoban_folder, sokoban_parser, tier_sample  # noqa: E402

_EXAMPLE = (REPO / "docs" / "examples" / "sokoban_own_states.py").read_text()
_ORDER = "    out.sort(key=lambda step: _gain(dist, boxes, step[1][1]))\n"
assert _EXAMPLE.count(_ORDER) == 1, "the example's step ordering changed: update the benchmark"
#: The example without its goal-first ordering of the steps, so that both columns search the same steps in
#: the same order and differ only in what a state is.
OWN = _EXAMPLE.replace(_ORDER, "")

#: The baseline: the example's steps and h over fact states (frozensets of changing facts).
FACTS = """
from collections import deque

_TABLES = {}


def _adjacency(static):
    adj = _TABLES.get(static)
    if adj is None:
        adj = _TABLES[static] = {}
        for f in static:
            if f[0] == "adjacent":
                adj.setdefault(f[1], {})[f[3]] = f[2]
    return adj


def _distances(static, goal):
    key = (static, goal)
    dist = _TABLES.get(key)
    if dist is None:
        adj = _adjacency(static)
        dist = _TABLES[key] = {}
        for f in goal:
            if f[0] == "at":
                d = {f[2]: 0}
                queue = deque([f[2]])
                while queue:
                    c = queue.popleft()
                    for way, n in adj.get(c, {}).items():
                        if n not in d and adj.get(n, {}).get(way) is not None:
                            d[n] = d[c] + 1
                            queue.append(n)
                dist[f[1]] = d
    return dist


def h(state, goal, static, objects):
    dist = _distances(static, goal)
    total = 0
    for f in state:
        if f[0] == "at" and f[1] in dist:
            v = dist[f[1]].get(f[2])
            if v is None:
                return float("inf")
            total += v
    return total


def successors(state, static, objects):
    adj = _adjacency(static)
    robot = next(f[1] for f in state if f[0] == "at-robot")
    where = {f[2]: f[1] for f in state if f[0] == "at"}
    parent = {robot: None}
    queue = deque([robot])
    out = []
    while queue:
        c = queue.popleft()
        for way, n in adj.get(c, {}).items():
            if n in parent:
                continue
            if n in where:
                beyond = adj.get(n, {}).get(way)
                if beyond is not None and beyond not in where:
                    box = where[n]
                    moves = []
                    cell = c
                    while parent[cell] is not None:
                        prev, w = parent[cell]
                        moves.append(f"(move {prev} {cell} {w})")
                        cell = prev
                    moves.reverse()
                    nxt = (state - {("at-robot", robot), ("at", box, n), ("clear", beyond)}) | {
                        ("at-robot", n), ("at", box, beyond), ("clear", robot)}
                    if robot == n:
                        nxt = nxt - {("clear", robot)}
                    out.append(([*moves, f"(push {c} {n} {beyond} {way} {box})"], nxt))
                continue
            parent[n] = (c, way)
            queue.append(n)
    return out
"""

#: Runs shorter than this (CPU seconds) give no rate: a solved easy task's count says little.
MIN_SECONDS = 1.0
_PROGRESS = re.compile(r"genplan-search-progress: expansions=(\d+) .*?cpu_seconds=([\d.]+)")
_FINAL = re.compile(r"genplan-search: .*?expansions=(\d+)")


def measure(executor: Executor, source: str, task, domain) -> tuple[str, int, float]:
    """(status, expansions, expansions per CPU second) of one composed search."""
    outcome = executor.run(compose_search(source, domain), python_inputs(task), task=task.name)
    stderr = outcome.stderr or ""
    cpu = outcome.runtime
    final = _FINAL.findall(stderr)
    if outcome.ok and final:
        n = int(final[-1])
        return "solved", n, n / cpu if cpu >= MIN_SECONDS else 0.0
    progress = _PROGRESS.findall(stderr)
    if not progress:
        return outcome.status, 0, 0.0
    n, seconds = int(progress[-1][0]), float(progress[-1][1])
    return outcome.status, n, n / max(seconds, 1e-9)


def main() -> None:
    parser = sokoban_parser(__doc__, expand=0)
    parser.set_defaults(per_tier=2)
    parser.add_argument("--seconds", type=float, default=20.0, help="CPU seconds a run")
    args = parser.parse_args()
    base = sokoban_folder(args.root)
    domain = parse_domain(base / "domain.pddl")
    print(f"{'task':<12} {'objects':>8} | {'facts':>8} {'exp':>7} {'exp/s':>7} | {'own':>8} {'exp':>7} {'exp/s':>7}"
          f" | {'own/facts':>9}")  # fmt: skip
    ratios: list[float] = []
    with Executor(jobs=1, limits=Limits(timeout=args.seconds, memory=4096 * 2**20)) as executor:
        for tier, path in tier_sample(base, args.per_tier):
            task = parse_problem(path, domain)
            f_status, f_n, f_rate = measure(executor, FACTS, task, domain)
            o_status, o_n, o_rate = measure(executor, OWN, task, domain)
            ratio = o_rate / f_rate if f_rate and o_rate else float("nan")
            if ratio == ratio:
                ratios.append(ratio)
            print(f"{tier + '/' + path.stem:<12} {task.size:>8} | {f_status:>8} {f_n:>7} {f_rate:>7.0f} | "
                  f"{o_status:>8} {o_n:>7} {o_rate:>7.0f} | {ratio:>8.1f}x", flush=True)  # fmt: skip
    if ratios:
        print(f"median over {len(ratios)} tasks: own states expand {statistics.median(ratios):.1f}x as many states "
              f"per CPU second as fact states (same steps, same h; {args.seconds:g} s a run)")  # fmt: skip


if __name__ == "__main__":
    main()
