"""Building suites from the instance generators: the builtin suites, and suites a user asks for.

A builtin suite (``scripts/make_benchmarks.py``) follows its :mod:`~genplan.benchmarks.recipes` recipe:

1. draw 16 small *candidate* tasks over the reference's range of debugging sizes, and the held-out
   tasks over the reference's distribution of sizes; every task differs from every other one;
2. solve the candidates optimally (Fast Downward, A* with LM-cut) and draw 6 at random among those
   with the shorter optimal plans (the shorter half, at least 6) as the debugging tasks. The paper
   draws its 6 among the tasks that rank among the 16 smallest of its dataset both by object count and
   by optimal plan length; our candidates are 16 small tasks made on purpose, and the draw keeps the
   plan-length criterion. The 10 candidates not drawn are dropped;
3. name all tasks ``p001``, ``p002``, ... by size, draw 2 debugging tasks per seed (1, 2, 3) as prompt
   examples, and write ``problems/``, ``plans/`` (the optimal plans of the debugging tasks),
   ``split.json`` and ``sources.json`` (seed and parameters of every task, and the candidates with
   their optimal plan lengths, so the draw can be checked).

Every random choice uses ``random.Random`` seeded with a string, or a seed derived with SHA-256, so the
same code writes the same bytes whatever ``PYTHONHASHSEED`` is. The only input that could vary between
machines is whether Fast Downward solves a candidate within its time limit: the candidates are small
enough that each needs under 40 s on the machine that built the suites, against a limit of 300 s, and
results are cached.
"""

from __future__ import annotations

import hashlib
import json
import random
import shutil
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import asdict, dataclass, fields, replace
from difflib import get_close_matches
from pathlib import Path
from typing import TYPE_CHECKING, Any

from genplan.benchmarks.recipes import DEBUG_POOL, DEBUG_TASKS, debug_pool_sizes, heldout_sizes, recipe, shape
from genplan.benchmarks.suites import PAPER_SEEDS, SuiteError
from genplan.core.errors import GenplanError
from genplan.generators import GeneratorError, check_size, generator_module
from genplan.generators.domains import builtin_domain_path
from genplan.pddl.model import Task
from genplan.pddl.writer import write_problem
from genplan.validate.plantext import parse_plan_text

if TYPE_CHECKING:
    from genplan.execute.backend import Backend

#: Files of a suite folder that the builders write (``domain.pddl`` is written by hand, never rebuilt).
MANAGED = ("split.json", "sources.json")
MANAGED_DIRS = ("problems", "plans")
#: Written into the split file of suites made by ``genplan benchmarks generate`` (so it may overwrite them).
GENERATED_MARK = "genplan benchmarks generate"
#: Attempts at drawing a task that differs from all earlier ones; tiny sizes grow by one object every 10.
MAX_ATTEMPTS = 40


class BuildError(GenplanError):
    """A suite cannot be built as asked."""


@dataclass(frozen=True)
class Drawn:
    """One generated task and where it came from."""

    task: Task
    role: str  # "candidate" or "heldout"
    index: int
    seed: int
    params: Any
    #: SHA-256 of the task's PDDL with its name blanked: equal digests mean the same task.
    digest: str


@dataclass(frozen=True)
class Optimal:
    """What an optimal-plan source knows about a task: the plan's length, and the plan if it has it."""

    length: int | None
    plan: tuple[str, ...] | None = None


#: Gives, for each task, its optimal plan (or at least its length); ``length`` is None when unsolved.
OptimalSource = Callable[[Sequence[Task]], list[Optimal]]


@dataclass(frozen=True)
class BuiltSuite:
    """A suite as files: relative path -> text."""

    domain: str
    files: dict[str, str]


# ------------------------------------------------------------------------------------------- helpers
def seed_of(key: str) -> int:
    """A 48-bit generator seed derived from a string (SHA-256: stable across processes and machines)."""
    return int.from_bytes(hashlib.sha256(key.encode("utf-8")).digest()[:6], "big")


def content_digest(task: Task) -> str:
    return hashlib.sha256(write_problem(replace(task, name="task")).encode("utf-8")).hexdigest()


def task_id(k: int) -> str:
    """``p001``, ``p002``, ...: three digits keep file listings in size order for up to 999 tasks."""
    return f"p{k:03d}"


def params_json(params: Any) -> dict[str, Any]:
    return asdict(params)


def _dump(data: object) -> str:
    """JSON that reads well and diffs well: short containers on one line, long lists of names wrapped."""
    return _format(data, 0) + "\n"


def _format(value: object, depth: int, width: int = 100) -> str:
    flat = json.dumps(value, ensure_ascii=False)
    pad = " " * (depth + 1)
    if not isinstance(value, dict | list) or len(flat) + depth <= width:
        return flat
    if isinstance(value, list) and not any(isinstance(v, dict | list) for v in value):
        lines, line = [], ""
        for item in (json.dumps(v, ensure_ascii=False) for v in value):
            if line and len(line) + len(item) + 2 > width - depth:
                lines.append(line)
                line = ""
            line = f"{line} {item}," if line else f"{item},"
        lines.append(line.rstrip(","))
        return "[\n" + "\n".join(pad + ln for ln in lines) + "\n" + " " * depth + "]"
    if isinstance(value, list):
        return "[\n" + ",\n".join(pad + _format(v, depth + 1) for v in value) + "\n" + " " * depth + "]"
    items = [f"{pad}{json.dumps(k, ensure_ascii=False)}: {_format(v, depth + 1)}" for k, v in value.items()]
    return "{\n" + ",\n".join(items) + "\n" + " " * depth + "}"


def plan_text(plan: Sequence[str], note: str) -> str:
    return "".join(f"{s}\n" for s in [f"; {note}: {len(plan)} steps", *plan])


def draw(domain: str, sizes: Sequence[int], role: str, seen: set[str]) -> list[Drawn]:
    """One task per size, each different from every task in ``seen`` (which it extends)."""
    module = generator_module(domain)
    out = []
    for i, size in enumerate(sizes):
        for attempt in range(MAX_ATTEMPTS):
            key = f"{domain}/{role}/{i}/{attempt}"
            params = shape(domain, size + attempt // 10, random.Random(key))
            seed = seed_of(key)
            task = module.generate(params, seed, f"{domain}-{role}-{i:03d}")
            digest = content_digest(task)
            if digest not in seen:
                break
        else:
            raise BuildError(f"Could not draw a {domain} task of about {size} objects unlike all earlier ones.")
        seen.add(digest)
        out.append(Drawn(task, role, i, seed, params, digest))
    return out


def select_debug(domain: str, candidates: Sequence[Drawn], optimal: Sequence[Optimal]) -> list[int]:
    """Indices of the 6 debugging tasks, drawn (seeded) among the candidates with the shorter optimal plans.

    Eligible are the candidates solved with a non-empty plan whose optimal length is among the shorter
    half of those (ties included, and at least 6): small by objects (all candidates are) and by optimal
    plan length, as in the paper.
    """
    solved = [(c.index, o.length) for c, o in zip(candidates, optimal, strict=True) if o.length and o.length >= 1]
    if len(solved) < DEBUG_TASKS:
        raise BuildError(
            f"Only {len(solved)} of the {len(candidates)} {domain} candidates were solved optimally; "
            f"{DEBUG_TASKS} debugging tasks are needed.",
            hint="Raise the optimal planner's time limit (--optimal-time-limit).",
        )
    lengths = sorted(n for _, n in solved)
    bound = lengths[max(DEBUG_TASKS, (len(lengths) + 1) // 2) - 1]
    eligible = [i for i, n in solved if n <= bound]
    return sorted(random.Random(f"{domain}/debug").sample(eligible, DEBUG_TASKS))


def prompt_pairs(domain: str, debug_ids: Sequence[str], seeds: Iterable[int] = PAPER_SEEDS) -> dict[str, list[str]]:
    """The 2 prompt examples of each seed: a draw seeded by domain and seed."""
    ordered = sorted(debug_ids)
    if len(ordered) < 2:
        return {}
    return {str(s): sorted(random.Random(f"{domain}/prompt/{s}").sample(ordered, 2)) for s in seeds}


def _span(values: Sequence[int]) -> list[int]:
    return [min(values), max(values)] if values else []


# ---------------------------------------------------------------------------------------- optimal plans
def downward_optimal(
    *,
    cache_dir: str | Path | None = None,
    time_limit: float = 300,
    memory_limit_mb: int = 4096,
    jobs: int = 1,
    cluster: Backend | None = None,
) -> OptimalSource:
    """Optimal plans from Fast Downward (A* with LM-cut), cached, ``jobs`` planner processes at a time, or
    on the workers of a Dask ``cluster`` (the cache stays in this process)."""
    from genplan.execute.backend import LocalBackend
    from genplan.execute.planning import plan_tasks

    def optimal(r: Any) -> Optimal:
        return Optimal(r.plan_length, r.plan) if r.solved else Optimal(None)

    def solve(tasks: Sequence[Task]) -> list[Optimal]:
        found = plan_tasks(list(tasks), "lmcut", time_limit=time_limit, memory_limit_mb=memory_limit_mb,
                           cache_dir=cache_dir, backend=cluster or LocalBackend(jobs=max(1, jobs)))  # fmt: skip
        return [optimal(r) for r in found]

    return solve


def recorded_optimal(folder: Path) -> OptimalSource:
    """Optimal plan lengths recorded in a built suite's ``sources.json`` (and its shipped plans).

    Rebuilding a suite with these instead of Fast Downward checks that everything *else* is reproduced,
    in seconds. A task the record does not know (by content digest) is an error, not a guess.
    """
    try:
        sources = json.loads((folder / "sources.json").read_text())
        entries = {c["digest"]: c for c in sources["candidates"]}
    except (OSError, ValueError, KeyError, TypeError) as exc:
        raise BuildError(f"{folder} has no readable record of optimal plan lengths ({exc}).") from None

    def solve(tasks: Sequence[Task]) -> list[Optimal]:
        out = []
        for task in tasks:
            entry = entries.get(content_digest(task))
            if entry is None:
                raise BuildError(f"The record in {folder / 'sources.json'} does not know the task {task.name}.")
            plan = None
            if entry.get("task"):
                plan = tuple(parse_plan_text((folder / "plans" / f"{entry['task']}.plan").read_text()))
            out.append(Optimal(entry["optimal_length"], plan))
        return out

    return solve


# ----------------------------------------------------------------------------------------- builtin suites
def build_builtin(domain: str, optimal: OptimalSource) -> BuiltSuite:
    """The files of ``domain``'s builtin suite (see the module docstring for the recipe)."""
    from genplan.validate import validate

    r = recipe(domain)
    seen: set[str] = set()
    candidates = draw(domain, debug_pool_sizes(r), "candidate", seen)
    heldout = draw(domain, heldout_sizes(r), "heldout", seen)
    solved = optimal([c.task for c in candidates])
    chosen = select_debug(domain, candidates, solved)

    debug = [candidates[i] for i in chosen]
    ordered = sorted([*debug, *heldout], key=lambda d: (d.task.size, len(d.task.init), d.digest))
    ids = {(d.role, d.index): task_id(k) for k, d in enumerate(ordered, start=1)}
    debug_ids = sorted(ids[("candidate", i)] for i in chosen)
    heldout_ids = [ids[("heldout", d.index)] for d in heldout]
    heldout_ids.sort()

    files: dict[str, str] = {}
    tasks_meta: dict[str, dict[str, Any]] = {}
    for d in ordered:
        tid = ids[(d.role, d.index)]
        files[f"problems/{tid}.pddl"] = write_problem(replace(d.task, name=f"{domain}-{tid}"))
        tasks_meta[tid] = {
            "role": "debug" if d.role == "candidate" else "heldout",
            "objects": d.task.size,
            "seed": d.seed,
            "params": params_json(d.params),
        }
    lengths = {}
    for i in chosen:
        plan = solved[i].plan
        if plan is None:
            raise BuildError(f"No optimal plan is at hand for the {domain} debugging task {candidates[i].task.name}.")
        verdict = validate(candidates[i].task, list(plan))
        if not verdict.valid or len(plan) != solved[i].length:
            raise BuildError(f"The optimal plan of {candidates[i].task.name} does not validate.")
        tid = ids[("candidate", i)]
        files[f"plans/{tid}.plan"] = plan_text(plan, "optimal plan (Fast Downward, A* with LM-cut)")
        lengths[tid] = len(plan)

    sizes = {tid: meta["objects"] for tid, meta in tasks_meta.items()}
    split = {
        "domain": domain,
        "debug": debug_ids,
        "prompt": prompt_pairs(domain, debug_ids),
        "heldout": heldout_ids,
        "stats": {
            "tasks": len(ordered),
            "objects_debug": _span([sizes[t] for t in debug_ids]),
            "objects_heldout": _span([sizes[t] for t in heldout_ids]),
            "optimal_length_debug": _span(list(lengths.values())),
        },
    }
    sources = {
        "generator": f"genplan.generators.{domain}",
        "recipe": {
            "heldout": r.heldout,
            "heldout_objects_at_percentiles": list(r.heldout_quantiles),
            "debug_objects": list(r.debug_range),
        },
        "selection": (
            f"{DEBUG_TASKS} debugging tasks drawn at random (seeded) among the {DEBUG_POOL} small candidates "
            "whose optimal plan (Fast Downward, A* with LM-cut) is non-empty and among the shorter half "
            f"(at least {DEBUG_TASKS}); the other candidates are dropped."
        ),
        "tasks": {tid: tasks_meta[tid] for tid in sorted(tasks_meta)},
        "candidates": [
            {
                "name": c.task.name,
                "digest": c.digest,
                "objects": c.task.size,
                "optimal_length": o.length,
                "task": ids.get(("candidate", c.index)) if c.index in chosen else None,
            }
            for c, o in zip(candidates, solved, strict=True)
        ],
    }
    files["split.json"] = _dump(split)
    files["sources.json"] = _dump(sources)
    return BuiltSuite(domain, dict(sorted(files.items())))


def write_suite_files(suite: BuiltSuite, folder: Path) -> int:
    """Write ``suite`` into ``folder``, removing managed files it no longer has; returns files written."""
    folder.mkdir(parents=True, exist_ok=True)
    for sub in MANAGED_DIRS:
        d = folder / sub
        if d.is_dir():
            for old in d.iterdir():
                if f"{sub}/{old.name}" not in suite.files and old.is_file():
                    old.unlink()
    for rel, text in suite.files.items():
        path = folder / rel
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(text.encode("utf-8"))
    return len(suite.files)


def managed_files(folder: Path) -> dict[str, bytes]:
    """The builder-written files of a suite folder, as bytes (for byte-for-byte comparison)."""
    out = {}
    for name in MANAGED:
        if (folder / name).is_file():
            out[name] = (folder / name).read_bytes()
    for sub in MANAGED_DIRS:
        if (folder / sub).is_dir():
            for p in sorted((folder / sub).iterdir()):
                if p.is_file():
                    out[f"{sub}/{p.name}"] = p.read_bytes()
    return out


def compare_folders(expected: Path, actual: Path) -> list[str]:
    """Differences between the managed files of two suite folders (empty when byte-identical)."""
    a, b = managed_files(expected), managed_files(actual)
    problems = [f"missing {rel}" for rel in sorted(set(a) - set(b))]
    problems += [f"unexpected {rel}" for rel in sorted(set(b) - set(a))]
    problems += [f"differs {rel}" for rel in sorted(set(a) & set(b)) if a[rel] != b[rel]]
    return problems


# ------------------------------------------------------------------------------------ generated on demand
@dataclass(frozen=True)
class GeneratedRow:
    """One task of a generated suite, for the summary table."""

    task_id: str
    seed: int
    objects: int
    init_facts: int
    goal_facts: int
    role: str


def check_names(domain: str, keys: Iterable[str]) -> None:
    """Every key is a parameter of ``domain``'s generator; else a GeneratorError suggesting the closest."""
    names = [f.name for f in fields(generator_module(domain).Params)]
    for key in keys:
        if key not in names:
            close = get_close_matches(key, names, n=1)
            hint = f"Did you mean {close[0]!r}? " if close else ""
            raise GeneratorError(
                f"The {domain} generator has no parameter {key!r}.",
                hint=f"{hint}Its parameters are: {', '.join(names)}.",
            )


def parse_assignments(domain: str, assignments: Sequence[str]) -> dict[str, Any]:
    """``["cars=40", "locations=8"]`` -> ``{"cars": 40, "locations": 8}``, checked against the domain's
    parameters (an unknown name suggests the closest); values are read as integers, else as numbers."""
    names = [f.name for f in fields(generator_module(domain).Params)]
    values: dict[str, Any] = {}
    for item in assignments:
        key, sep, raw = item.partition("=")
        key, raw = key.strip().replace("-", "_"), raw.strip()
        if not sep or not key or not raw:
            raise GeneratorError(
                f"A generator parameter is written key=value, not {item!r}.", hint=f"e.g. {names[0]}=10."
            )
        check_names(domain, [key])
        try:
            values[key] = int(raw)
        except ValueError:
            try:
                values[key] = float(raw)
            except ValueError:
                raise GeneratorError(f"The {domain} parameter {key} must be a number, not {raw!r}.") from None
    return values


def _check_out_folder(out: Path) -> None:
    """Refuse to write into a folder holding anything but a suite this command wrote before."""
    if out.exists() and not out.is_dir():
        raise BuildError(f"{out} exists and is not a folder.", hint="Pass a new folder with --out.")
    if not out.is_dir() or not any(out.iterdir()):
        return
    try:
        mark = json.loads((out / "split.json").read_text()).get("source")
    except (OSError, ValueError, AttributeError):
        mark = None
    if mark != GENERATED_MARK:
        raise BuildError(
            f"{out} is not empty and does not hold a suite written by `genplan benchmarks generate`; "
            "nothing was written, so that no file of yours is replaced.",
            hint="Pass a new or empty folder with --out.",
        )


def generate_suite(
    domain: str,
    out: Path,
    *,
    seed: int,
    size: int | None = None,
    count: int = 1,
    params: Mapping[str, Any] | None = None,
    debug: int = 0,
) -> list[GeneratedRow]:
    """Write ``count`` tasks of ``domain`` (seeds ``seed``, ``seed + 1``, ...) as a suite in ``out``.

    The parameters are the generator's ``params_for_size(size)`` (or its defaults without a size), with
    ``params`` overriding single values. The ``debug`` smallest tasks become debugging tasks (with
    prompt examples for seeds 1-3 when there are at least 2); the rest are held out. The folder is a
    genplan-layout suite, so ``--suite OUT`` works with it wherever tasks are needed.
    """
    module = generator_module(domain)
    for name, value, low in (("count", count, 1), ("debug", debug, 0), ("seed", seed, 0)):
        if not isinstance(value, int) or isinstance(value, bool) or value < low:
            raise BuildError(f"--{name} must be a whole number >= {low}, not {value!r}.")
    if debug > count:
        raise BuildError(f"--debug {debug} asks for more debugging tasks than --count {count} tasks.")
    if size is not None:
        check_size(size)
        base = module.params_for_size(size)
    else:
        base = module.Params()
    check_names(domain, params or {})
    chosen = replace(base, **dict(params or {}))
    chosen.check()
    _check_out_folder(out)

    tasks = [(seed + k, module.generate(chosen, seed + k)) for k in range(count)]
    order = sorted(range(count), key=lambda k: (tasks[k][1].size, k))
    debug_set = set(order[:debug])
    ids = [task_id(k + 1) for k in range(count)]
    files: dict[str, str] = {}
    rows = []
    for k, (s, task) in enumerate(tasks):
        tid = ids[k]
        files[f"problems/{tid}.pddl"] = write_problem(replace(task, name=f"{domain}-{tid}"))
        role = "debug" if k in debug_set else "heldout"
        rows.append(GeneratedRow(tid, s, task.size, len(task.init), len(task.goal), role))
    debug_ids = [ids[k] for k in sorted(debug_set)]
    heldout_ids = [ids[k] for k in range(count) if k not in debug_set]
    split = {
        "domain": domain,
        "source": GENERATED_MARK,
        "debug": debug_ids,
        "prompt": prompt_pairs(domain, debug_ids),
        "heldout": heldout_ids,
        "stats": {
            "tasks": count,
            "objects_debug": _span([r.objects for r in rows if r.role == "debug"]),
            "objects_heldout": _span([r.objects for r in rows if r.role == "heldout"]),
        },
    }
    sources = {
        "generator": f"genplan.generators.{domain}",
        "params": params_json(chosen),
        "tasks": {r.task_id: {"role": r.role, "objects": r.objects, "seed": r.seed} for r in rows},
    }
    files["split.json"] = _dump(split)
    files["sources.json"] = _dump(sources)
    if (out / "plans").is_dir():
        shutil.rmtree(out / "plans")
    write_suite_files(BuiltSuite(domain, files), out)
    (out / "domain.pddl").write_bytes(builtin_domain_path(domain).read_bytes())
    return rows


def ensure_suite_loads(folder: Path) -> None:
    """Load a freshly written suite once, so a broken one fails here and not in a later command."""
    from genplan.benchmarks.suites import load_suite_dir

    try:
        load_suite_dir(folder)
    except SuiteError as exc:  # pragma: no cover - a builder bug, not a user error
        raise BuildError(f"The suite written to {folder} does not load: {exc.render()}") from None
