"""Benchmark genplan's lifted successor generator against Fast Downward's translator on sokoban.

Why: a search artifact is searched with genplan's own successor generator (``genplan.search.runtime``),
which grounds nothing up front; Fast Downward first grounds every reachable action (its translator), which
on the Learning Track's large sokoban tasks is most of its time. The question is how soon each can start
searching, and how fast genplan's generator expands states.

Per task, in one run (so the ratios compare like with like on the same machine state):

- ``parse``: genplan's parser on the task (CPU seconds);
- ``first``: building the engine for the task and computing the initial state's successors (CPU seconds);
- ``expand``: expanding ``--expand`` states breadth-first from the initial state (CPU seconds), and the
  states per second that makes;
- ``translate``: Fast Downward's translator alone (``fast-downward.py --translate``, with ``--time-limit``,
  in a temp dir): its CPU seconds (user + system of the driver and the translator, like ours CPU time, so
  that a busy machine does not tilt the ratio), its wall-clock seconds, and the ground operators it made;
- ``ratio``: translate CPU / (parse + first).

Tasks are grouped by the Learning Track's tiers (easy, medium, hard); ``--per-tier`` picks evenly spaced
tasks of each tier (default 3; 0 for all 30). Printed as a table, one line per task, then per tier the
median ratio.

    python scripts/bench_successors.py [--root PATH] [--per-tier N] [--expand N] [--time-limit S]

The Learning Track is --root, else $GENPLAN_LEARNING_TRACK, else /tmp/ipc/ipc2023-learning.
"""

from __future__ import annotations

import argparse
import os
import re
import resource
import signal
import statistics
import subprocess
import sys
import tempfile
import time
from collections import deque
from pathlib import Path

from genplan.pddl.parser import parse_domain, parse_problem
from genplan.planners.downward import locate
from genplan.search.states import engine

#: The wall-clock backstop, as a multiple of the (CPU) time limit: generous, for a shared machine.
WALL_FACTOR = 4


def translate(domain: Path, problem: Path, time_limit: float) -> tuple[float | None, float | None, int | None]:
    """CPU and wall seconds of FD's translator on the task (``None`` past the limit), its ground operators."""
    fd = locate()
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    with tempfile.TemporaryDirectory(prefix="genplan-bench-") as tmp:
        cmd = [sys.executable, str(fd.driver), "--overall-time-limit", f"{int(time_limit)}s", "--translate",
               str(domain), str(problem)]  # fmt: skip
        start = time.perf_counter()
        # Its own session, so that the translator (a grandchild) is stopped with the driver: FD's limit is
        # CPU time, and on a busy machine the wall-clock backstop below can come first.
        proc = subprocess.Popen(cmd, cwd=tmp, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                                env=dict(os.environ, PYTHONHASHSEED="0"), start_new_session=True)  # fmt: skip
        try:
            stdout, _ = proc.communicate(timeout=time_limit * WALL_FACTOR)
        except subprocess.TimeoutExpired:
            os.killpg(proc.pid, signal.SIGKILL)
            proc.communicate()
            return None, None, None
        wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    if proc.returncode != 0:
        return None, None, None
    ops = re.findall(r"Translator operators: (\d+)", stdout)
    return cpu, wall, int(ops[-1]) if ops else None


def expand(succ, n: int) -> tuple[float, int]:
    """CPU seconds to expand up to ``n`` states breadth-first from the initial state, and how many."""
    start = time.process_time()
    seen = {succ.initial}
    queue = deque([succ.initial])
    done = 0
    while queue and done < n:
        state = queue.popleft()
        done += 1
        for _action, nxt in succ(state):
            if nxt not in seen:
                seen.add(nxt)
                queue.append(nxt)
    return time.process_time() - start, done


def tier_sample(base: Path, per_tier: int) -> list[tuple[str, Path]]:
    """``(tier, task file)`` for ``per_tier`` evenly spaced test tasks of each tier (all with 0)."""
    out = []
    for tier in ("easy", "medium", "hard"):
        problems = sorted((base / "testing" / tier).glob("*.pddl"))
        if per_tier and len(problems) > per_tier:
            step = (len(problems) - 1) / max(1, per_tier - 1)
            problems = [problems[round(i * step)] for i in range(per_tier)]
        out += [(tier, path) for path in problems]
    return out


def sokoban_parser(doc: str, expand: int) -> argparse.ArgumentParser:
    """The arguments both sokoban benchmarks take: the Learning Track's folder, tasks a tier, expansions."""
    parser = argparse.ArgumentParser(description=doc.split("\n\n")[0])
    default_root = os.environ.get("GENPLAN_LEARNING_TRACK", "/tmp/ipc/ipc2023-learning")
    parser.add_argument("--root", type=Path, default=Path(default_root))
    parser.add_argument("--per-tier", type=int, default=3)
    parser.add_argument("--expand", type=int, default=expand)
    return parser


def sokoban_folder(root: Path) -> Path:
    """The Learning Track's sokoban folder under ``root``; exits with the fix when it is not there."""
    base = root / "sokoban"
    if not (base / "domain.pddl").is_file():
        sys.exit(f"no sokoban domain under {base}: pass --root, the Learning Track's benchmarks folder")
    return base


def main() -> None:
    parser = sokoban_parser(__doc__, expand=1000)
    parser.add_argument("--time-limit", type=float, default=300.0)
    args = parser.parse_args()
    base = sokoban_folder(args.root)
    domain_path = base / "domain.pddl"
    domain = parse_domain(domain_path)
    print(f"{'task':<12} {'objects':>8} {'parse s':>8} {'first s':>8} {'succ':>5} {'expand s':>9} {'states/s':>9} "
          f"{'FD cpu s':>9} {'FD wall s':>9} {'operators':>10} {'ratio':>7}")  # fmt: skip
    ratios: dict[str, list[float]] = {}
    for tier, path in tier_sample(base, args.per_tier):
        start = time.process_time()
        task = parse_problem(path, domain)
        parsed = time.process_time() - start
        start = time.process_time()
        succ = engine(task)
        first = succ(succ.initial)
        first_s = time.process_time() - start
        expand_s, expanded = expand(succ, args.expand)
        cpu, wall, ops = translate(domain_path, path, args.time_limit)
        ratio = cpu / (parsed + first_s) if cpu is not None else None
        if ratio is not None:
            ratios.setdefault(tier, []).append(ratio)
        name = f"{tier}/{path.stem}"
        print(f"{name:<12} {task.size:>8} {parsed:>8.3f} {first_s:>8.3f} {len(first):>5} {expand_s:>9.3f} "
              f"{expanded / max(expand_s, 1e-9):>9.0f} "
              f"{(f'{cpu:.2f}' if cpu is not None else 'limit'):>9} "
              f"{(f'{wall:.2f}' if wall is not None else 'limit'):>9} {ops if ops is not None else '-':>10} "
              f"{(f'{ratio:.1f}' if ratio is not None else '-'):>7}", flush=True)  # fmt: skip
    for tier, values in ratios.items():
        print(f"{tier}: median translator CPU / (parse + first successors) = {statistics.median(values):.0f}x "
              f"over {len(values)} tasks")  # fmt: skip


if __name__ == "__main__":
    main()
