"""What packed states save: genplan's greedy search against the same search keeping full states.

Why: a search keeps every state it has met. Until packed states (``GPPacked`` in
``genplan/search/runtime.py``), each was a frozenset of all its changing facts, and on the Learning
Track's sokoban every one of the 38 failures of a real model's heuristic was a MemoryError. This script
runs, per task and in one process (so the ratios compare like with like on the same machine state):

- ``packed``: the engine's own ``gp_gbfs`` (states kept as the ids of the facts that differ from the
  initial state);
- ``full``: the baseline, the same greedy best-first search keeping each state as a frozenset of its
  changing facts (what the engine did before), written out below;

both with the goal count as h (boxes not on their goal cell; no model involved) and stopped after
``--expand`` expansions (or at the goal). It prints each one's CPU seconds, expansions per second and the
peak memory the search allocated (``tracemalloc``, in a second run, since tracing slows Python), and the
ratios full / packed.

    python scripts/bench_search_memory.py [--root PATH] [--per-tier 3] [--expand 5000]

The Learning Track is --root, else $GENPLAN_LEARNING_TRACK, else /tmp/ipc/ipc2023-learning.
"""

from __future__ import annotations

import contextlib
import heapq
import statistics
import sys
import time
import tracemalloc
from collections.abc import Callable
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO))

from genplan.pddl.parser import parse_domain, parse_problem  # noqa: E402
from genplan.search.runtime import GPSearchError, GPStats, GPSuccessors, gp_gbfs  # noqa: E402
from genplan.search.states import engine  # noqa: E402

sys.path.insert(0, str(Path(__file__).resolve().parent))
from bench_successors import sokoban_folder, sokoban_parser, tier_sample  # noqa: E402


class _Enough(Exception):
    pass


def full_gbfs(initial: frozenset, goal: frozenset, succ: GPSuccessors, h: Callable, stats: GPStats) -> list[str]:
    """The baseline: greedy best-first search whose closed list and frontier hold full frozensets."""
    counter = 0
    parents: dict[frozenset, tuple[frozenset | None, str | None]] = {initial: (None, None)}
    frontier = [(h(initial), 0, counter, initial)]
    while frontier:
        _v, g, _c, state = heapq.heappop(frontier)
        stats.expansions += 1
        for action, nxt in succ(state):
            if nxt in parents:
                continue
            parents[nxt] = (state, action)
            if goal <= nxt:
                return [action]
            counter += 1
            heapq.heappush(frontier, (h(nxt), g + 1, counter, nxt))
    raise GPSearchError("exhausted")


def run(search: Callable, succ: GPSuccessors, goal: frozenset, limit: int, trace: bool) -> tuple[float, int, int]:
    """(CPU seconds, expansions, peak bytes allocated; 0 without tracing) of one search, stopped at
    ``limit`` expansions."""
    stats = GPStats()
    wanted = [f for f in goal if f[0] in succ.fluent_preds]

    def h(state: frozenset) -> int:
        if stats.expansions >= limit:
            raise _Enough
        return sum(1 for f in wanted if f not in state)

    if trace:
        tracemalloc.start()
    start = time.process_time()
    with contextlib.suppress(_Enough, GPSearchError):
        search(succ.initial, frozenset(wanted), succ if search is full_gbfs else succ.deltas, h, stats)
    cpu = time.process_time() - start
    peak = 0
    if trace:
        peak = tracemalloc.get_traced_memory()[1]
        tracemalloc.stop()
    return cpu, stats.expansions, peak


def main() -> None:
    args = sokoban_parser(__doc__, expand=5000).parse_args()
    base = sokoban_folder(args.root)
    domain = parse_domain(base / "domain.pddl")
    print(f"{'task':<12} {'objects':>8} {'facts':>6} | {'full s':>7} {'exp/s':>6} {'full MB':>8} | "
          f"{'packed s':>8} {'exp/s':>6} {'packed MB':>9} | {'time x':>6} {'memory x':>8}")  # fmt: skip
    speed: list[float] = []
    memory: list[float] = []
    for tier, path in tier_sample(base, args.per_tier):
        task = parse_problem(path, domain)
        succ = engine(task)
        goal = frozenset(task.goal)
        full_s, full_n, _ = run(full_gbfs, succ, goal, args.expand, trace=False)
        packed_s, packed_n, _ = run(gp_gbfs, succ, goal, args.expand, trace=False)
        _, _, full_mb = run(full_gbfs, succ, goal, args.expand, trace=True)
        _, _, packed_mb = run(gp_gbfs, succ, goal, args.expand, trace=True)
        speed.append((full_s / max(full_n, 1)) / max(packed_s / max(packed_n, 1), 1e-9))
        memory.append(full_mb / max(packed_mb, 1))
        print(f"{tier + '/' + path.stem:<12} {task.size:>8} {len(succ.initial):>6} | {full_s:>7.2f} "
              f"{full_n / max(full_s, 1e-9):>6.0f} {full_mb / 2**20:>8.1f} | {packed_s:>8.2f} "
              f"{packed_n / max(packed_s, 1e-9):>6.0f} {packed_mb / 2**20:>9.1f} | {speed[-1]:>6.2f} "
              f"{memory[-1]:>8.1f}", flush=True)  # fmt: skip
    print(f"median over {len(speed)} tasks: packed expands {statistics.median(speed):.2f}x as fast per expansion "
          f"and allocates {statistics.median(memory):.1f}x less memory at its peak than full states "
          f"({args.expand} expansions, goal-count h)")  # fmt: skip


if __name__ == "__main__":
    main()
