"""Statistics of the builtin suites next to the paper's (its Table 8), and generation times at scale.

``scripts/make_benchmarks.py --stats`` measures every builtin suite and writes the tables into
``pddl_benchmarks/README.md``; ``--timing`` prints how long the generators take for tasks ten times the
size of the largest reference task. How plan lengths are measured matters for reading the tables:

- optimal lengths of debugging tasks are the lengths of the shipped plans (Fast Downward, A* with
  LM-cut, no time pressure: the debugging tasks are small);
- satisficing lengths come from one Fast Downward configuration (default ``ff``: lazy greedy search with
  the FF heuristic, the paper's satisficing baseline) under a short time limit, so large tasks may go
  unsolved: the tables say how many were solved, and averages cover the solved ones only, as the paper's.
"""

from __future__ import annotations

import textwrap
import time
from collections.abc import Sequence
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, replace
from pathlib import Path
from statistics import mean

from genplan.benchmarks.build import content_digest
from genplan.benchmarks.recipes import RECIPES
from genplan.benchmarks.suites import load_suite_dir
from genplan.generators import generator_module
from genplan.pddl.writer import write_problem

#: The paper's Table 8, per domain: N held-out tasks; then (debug avg, held-out avg, min, max) of the
#: optimal planner's plan lengths ("lm"), of the satisficing planner's ("ff"), and of the object counts.
#: ``None`` where the paper's planner solved no task.
PAPER_TABLE8: dict[str, tuple[int, tuple, tuple, tuple]] = {
    "delivery": (30, (10, None, None, None), (12, 96, 79, 115), (10, 62, 50, 73)),
    "ferry": (275, (7, 28, 4, 56), (7, 104, 4, 301), (8, 45, 5, 116)),
    "gripper": (53, (9, 35, 15, 52), (10, 77, 18, 165), (28, 53, 10, 81)),
    "heavy": (34, (6, 128, 4, 209), (6, 128, 4, 209), (6, 128, 4, 209)),
    "hiking": (28, (7, 13, 2, 26), (7, 13, 2, 26), (97, 108, 80, 121)),
    "miconic": (34, (23, 27, 11, 66), (25, 63, 12, 186), (20, 53, 9, 104)),
    "spanner": (34, (16, 33, 10, 52), (16, 37, 10, 52), (19, 47, 13, 64)),
    "beluga": (61, (None, None, None, None), (12, 48, 10, 159), (17, 27, 15, 34)),
    "blocksworld": (191, (7, 18, 0, 42), (9, 38, 0, 218), (4, 9, 3, 20)),
    "goldminer": (115, (10, 16, 5, 32), (11, 42, 5, 370), (7, 17, 4, 49)),
    "grippers": (131, (5, 18, 4, 54), (5, 126, 4, 340), (11, 63, 9, 144)),
    "logistics": (178, (7, 17, 0, 48), (7, 59, 0, 361), (12, 54, 9, 438)),
    "minigrid": (74, (6, 12, 0, 83), (6, 13, 0, 122), (25, 34, 10, 96)),
    "rovers": (25, (8, 14, 6, 36), (8, 15, 8, 37), (12, 16, 11, 28)),
    "satellite": (25, (6, 10, 6, 23), (6, 17, 6, 79), (8, 31, 9, 110)),
    "transport": (53, (10, 22, 16, 36), (10, 55, 16, 152), (14, 37, 18, 75)),
    "visitall": (193, (5, 15, 0, 50), (5, 87, 0, 2308), (6, 31, 1, 324)),
}


@dataclass(frozen=True)
class DomainStats:
    """Measured sizes and plan lengths of one suite."""

    domain: str
    debug: int
    heldout: int
    objects_debug: tuple[int, ...]
    objects_heldout: tuple[int, ...]
    optimal_debug: tuple[int, ...]
    #: Satisficing plan lengths of the solved debugging / held-out tasks.
    satisficing_debug: tuple[int, ...]
    satisficing_heldout: tuple[int, ...]
    #: Held-out tasks the satisficing planner was run on (see ``give_up_after``).
    tried_heldout: int = 0


def measure_domain(
    domain: str,
    folder: Path,
    *,
    planner: str = "ff",
    time_limit: float = 10.0,
    memory_limit_mb: int = 4096,
    cache_dir: str | Path | None = None,
    jobs: int = 1,
    give_up_after: int = 3,
) -> DomainStats:
    """Objects of every task, optimal lengths of the shipped plans, satisficing lengths by ``planner``.

    Held-out tasks are tried smallest first; after ``give_up_after`` failures in a row (timeouts, mostly)
    the larger ones are not tried: each would cost the full time limit and most would fail too. The
    result is the same whether or not the planner results come from the cache.
    """
    from genplan.planners import plan

    suite = load_suite_dir(folder)
    tasks = {i: suite.task(i) for i in [*suite.split.debug, *suite.split.heldout]}

    def solve(task_id: str) -> int | None:
        # Planned under a name derived from the content, so renumbering a suite keeps its cached results.
        task = tasks[task_id]
        task = replace(task, name=f"{domain}-{content_digest(task)[:16]}")
        r = plan(task, planner, time_limit=time_limit, memory_limit_mb=memory_limit_mb, cache_dir=cache_dir)
        return r.plan_length if r.solved else None

    jobs = max(1, jobs)
    lengths: dict[str, int | None] = {}
    with ThreadPoolExecutor(max_workers=jobs) as pool:
        lengths.update(zip(suite.split.debug, pool.map(solve, suite.split.debug), strict=True))
        order = sorted(suite.split.heldout, key=lambda i: (tasks[i].size, i))
        failures = 0
        for start in range(0, len(order), jobs):
            batch = order[start : start + jobs]
            for task_id, n in zip(batch, pool.map(solve, batch), strict=True):
                lengths[task_id] = n
                failures = 0 if n is not None else failures + 1
            if give_up_after and failures >= give_up_after:
                break
    optimal = [len(p) for i in suite.split.debug if (p := suite.shipped_plan(i)) is not None]
    return DomainStats(
        domain=domain,
        debug=len(suite.split.debug),
        heldout=len(suite.split.heldout),
        objects_debug=tuple(tasks[i].size for i in suite.split.debug),
        objects_heldout=tuple(tasks[i].size for i in suite.split.heldout),
        optimal_debug=tuple(optimal),
        satisficing_debug=tuple(n for i in suite.split.debug if (n := lengths[i]) is not None),
        satisficing_heldout=tuple(n for i in suite.split.heldout if (n := lengths.get(i)) is not None),
        tried_heldout=sum(1 for i in suite.split.heldout if i in lengths),
    )


# ----------------------------------------------------------------------------------------------- tables
def _avg(values: Sequence[int]) -> str:
    return str(round(mean(values))) if values else "-"


def _range(values: Sequence[int]) -> str:
    return f"{min(values)}-{max(values)}" if values else "-"


def _paper(value: object) -> str:
    return "-" if value is None else str(value)


def _paper_range(lo: object, hi: object) -> str:
    return "-" if lo is None else f"{lo}-{hi}"


def tables(rows: Sequence[DomainStats], planner: str = "ff") -> str:
    """Two markdown tables, paper and ours side by side: task counts and objects; plan lengths."""
    out = [
        "| domain | N paper | N ours | debug objects avg paper | ours | held-out objects avg paper | ours "
        "| held-out objects min-max paper | ours |",
        "|---|---:|---:|---:|---:|---:|---:|---:|---:|",
    ]
    for s in rows:
        n, _, _, obj = PAPER_TABLE8[s.domain]
        out.append(
            f"| {s.domain} | {n} | {s.heldout} | {obj[0]} | {_avg(s.objects_debug)} | {obj[1]} | "
            f"{_avg(s.objects_heldout)} | {_paper_range(obj[2], obj[3])} | {_range(s.objects_heldout)} |"
        )
    out += [
        "",
        f"| domain | optimal debug avg paper | ours (min-max) | {planner} debug avg paper | ours "
        f"| {planner} held-out avg paper | ours | {planner} held-out min-max paper | ours | solved/tried (ours) |",
        "|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|",
    ]
    for s in rows:
        _, lm, ff, _ = PAPER_TABLE8[s.domain]
        opt = f"{_avg(s.optimal_debug)} ({_range(s.optimal_debug)})" if s.optimal_debug else "-"
        out.append(
            f"| {s.domain} | {_paper(lm[0])} | {opt} | {_paper(ff[0])} | {_avg(s.satisficing_debug)} | "
            f"{_paper(ff[1])} | {_avg(s.satisficing_heldout)} | {_paper_range(ff[2], ff[3])} | "
            f"{_range(s.satisficing_heldout)} | {len(s.satisficing_heldout)}/{s.tried_heldout} |"
        )
    return "\n".join(out)


# ----------------------------------------------------------------------------------------------- timing
@dataclass(frozen=True)
class Timing:
    """How long one large task took to generate and to write as PDDL."""

    domain: str
    label: str
    objects: int
    init_facts: int
    generate_s: float
    write_s: float


def largest_reference(domain: str) -> int:
    r = RECIPES[domain]
    return max(r.heldout_quantiles[-1], r.debug_range[1])


def ten_x_timing(domains: Sequence[str], seed: int = 0) -> list[Timing]:
    """Generate one task of 10x the largest reference task per domain (plus the issue's 100 x 100 visitall)."""
    out = []
    for domain in domains:
        module = generator_module(domain)
        target = 10 * largest_reference(domain)
        cases = [(f"10 x {largest_reference(domain)}", module.params_for_size(target))]
        if domain == "visitall":
            cases.append(("100 x 100 grid", module.Params(width=100, height=100)))
        for label, params in cases:
            t0 = time.perf_counter()
            task = module.generate(params, seed)
            t1 = time.perf_counter()
            write_problem(task)
            t2 = time.perf_counter()
            out.append(Timing(domain, label, task.size, len(task.init), t1 - t0, t2 - t1))
    return out


def timing_table(rows: Sequence[Timing]) -> str:
    out = [
        "| domain | size | objects | initial facts | generate (s) | write PDDL (s) |",
        "|---|---|---:|---:|---:|---:|",
    ]
    out += [
        f"| {t.domain} | {t.label} | {t.objects:,} | {t.init_facts:,} | {t.generate_s:.2f} | {t.write_s:.2f} |"
        for t in rows
    ]
    total = sum(t.generate_s + t.write_s for t in rows)
    out.append(f"| total | | | | {total:.1f} (both) | |")
    return "\n".join(out)


# ----------------------------------------------------------------------------------------------- README
README_HEAD = """# Builtin benchmark suites

One folder per domain: `domain.pddl` (written by hand, equivalent to the paper's domain file),
`problems/p001.pddl ...` (named by size, smallest first), `split.json` (the 6 debugging tasks, the 2
prompt examples of seeds 1, 2 and 3, the held-out tasks), `plans/` (an optimal plan for every debugging
task) and `sources.json` (seed and generator parameters of every task, and the debugging candidates with
their optimal plan lengths).

Every task is made by genplan's own instance generators (`genplan/generators/`); none is copied from the
paper's data. `python scripts/make_benchmarks.py` rewrites the suites byte for byte (`--check` verifies
this), `--stats` rewrites this file, and `genplan benchmarks generate` makes suites of any size.

## How the suites imitate the paper's

- **Counts.** As many held-out tasks as the paper's Table 8 (N), plus 6 debugging tasks.
- **Sizes.** The held-out object counts follow the reference data's distribution: its quantile
  function, known at 7 percentiles (min, 10%, 25%, 50%, 75%, 90%, max), read at N evenly spaced points,
  with the smallest and largest task pinned to the reference's min and max. Proportions within a size
  (cars per location, buildings, robots, ...) are drawn at random around the reference's.
- **Debugging tasks.** The paper draws its 6 at random among the tasks that rank among the 16 smallest
  of the dataset both by object count and by optimal plan length. We make 16 small candidates on purpose
  (object counts spread over the range of the reference's debugging tasks), solve them optimally with
  Fast Downward (A* with LM-cut), and draw 6 at random among those whose optimal plan is among the
  shorter half (at least 6 of them); the other 10 are dropped.
  (Spanner's candidates span 12 to 30 objects: one of the reference's debugging tasks has 46, far beyond
  the others' 12 to 14, and A* with LM-cut does not solve tasks that large in minutes.)
- **Prompt examples.** For seeds 1, 2 and 3, 2 of the 6 debugging tasks, drawn at random.
- **Determinism.** All draws are seeded by strings (domain, role, index), never by `hash()`.

## Statistics

"Paper" is Table 8 of Stein et al. (measured by its authors on the reference data); "ours" is measured on
these suites. Object counts are exact. {how}

"""


def _wrap(block: str, width: int = 105) -> str:
    """Re-wrap a paragraph of running text; headings, lists and tables are left as they are."""
    if not block.strip() or block.lstrip().startswith(("#", "-", "|")):
        return block
    return textwrap.fill(" ".join(block.split()), width) + ("\n" if block.endswith("\n") else "")


def write_readme(
    path: Path,
    rows: Sequence[DomainStats],
    *,
    planner: str,
    time_limit: float,
    give_up_after: int = 3,
    timing: Sequence[Timing] | None = None,
) -> None:
    how = (
        f"Our optimal lengths are those of the shipped plans of the debugging tasks (A* with LM-cut). Our "
        f"satisficing lengths come from Fast Downward's `{planner}` configuration with a {time_limit:g} s limit "
        f"per task (4 GiB). Held-out tasks are tried smallest first, and after {give_up_after} failures in a "
        f"row the larger ones are not tried. Tasks not solved are left out of the average and the min-max, and "
        f"the last column says how many of the tried tasks were solved: where fewer than N were solved, our "
        f"satisficing columns describe the smaller tasks only (the paper's planner had far more time). Optimal "
        f"plan lengths of held-out tasks were not measured."
    )
    head = README_HEAD.replace("{how}", how)
    text = "\n\n".join(_wrap(block) for block in head.split("\n\n")) + tables(rows, planner) + "\n"
    if timing:
        text += (
            "\n## Generating at scale\n\n"
            + _wrap(
                "One task per domain with 10 times the objects of the largest reference task (seed 0), and the "
                "100 x 100 visitall grid, on the machine that built the suites:"
            )
            + "\n\n"
            + timing_table(timing)
            + "\n"
        )
    path.write_text(text)
