"""The ``genplan`` command line: thin typer commands over the library's functions.

Each command imports what it needs when it runs, so ``genplan --help`` stays instant (litellm alone
takes seconds to import). Errors a user can cause are :class:`GenplanError`: printed as one paragraph,
exit code 2, no traceback.
"""

from __future__ import annotations

import contextlib
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Annotated, Any

import typer
from rich.markup import escape
from rich.table import Table
from rich.text import Text

from genplan.core.clihelp import HelpTyper
from genplan.core.errors import GenplanError
from genplan.core.limits import PLANNER_MEMORY_MB, PROGRAM_MEMORY_MB, PROGRAM_TIMEOUT_S
from genplan.core.options import (
    DomainArg,
    PlannerMemoryOpt,
    PlannerTimeLimitOpt,
    PlannerTimeLimitsOpt,
    ProgramMemoryOpt,
    ProgramMemoryOrLimitsOpt,
    ProgramTimeoutOpt,
    ProgramTimeoutOrLimitsOpt,
    SplitOpt,
)
from genplan.core.terminal import FitColumns, copyable, listing, make_console, paragraph

app = HelpTyper(
    name="genplan",
    help="Synthesize generalized plans for PDDL domains with an LLM, checked by a sound validator.",
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
)


def _show_version(value: bool) -> None:
    if value:
        from genplan.core.version import version_text

        print(version_text())
        raise typer.Exit()


@app.callback()
def _main(
    version: Annotated[
        bool,
        typer.Option(
            "--version", help="Print genplan's version (and commit) and exit.", is_eager=True, callback=_show_version
        ),
    ] = False,
) -> None:
    """Synthesize generalized plans for PDDL domains with an LLM, checked by a sound validator."""


benchmarks_app = HelpTyper(help="Benchmark suites: list, show, generate, import, rename.", no_args_is_help=True)
app.add_typer(benchmarks_app, name="benchmarks")

# No markup: paths and messages from users may hold [brackets]. Styled text is built as rich Text.
console = make_console()
err_console = make_console(stderr=True)

CacheDir = Annotated[
    Path | None,
    typer.Option("--cache-dir", help="Cache root (default: $GENPLAN_CACHE_DIR or ./cache).", show_default=False),
]
LimitsOpt = Annotated[
    str,
    typer.Option(
        "--limits",
        help="Named time and memory limits a run: genplan (45 s, 4 GiB), ipc2023 (30 min, 8 GiB, the IPC "
        "Learning Track's) or property-guided (5 min, 8 GiB); --timeout and --memory override them.",
    ),
]
SuiteOpt = Annotated[
    str | None,
    typer.Option("--suite", help="Suite name (builtin, or one registered by `benchmarks import`) or folder."),
]
SearchStrategyOpt = Annotated[
    str | None,
    typer.Option(
        "--search-strategy",
        help="For a search file (a heuristic h): gbfs (greedy best-first search) or hill (hill climbing, for a "
        "heuristic `genplan check` found direct; falls back to gbfs when stuck). Default: the run's choice, "
        "else gbfs.",
        show_default=False,
    ),
]

# The cluster options of every command with CPU-heavy work (see genplan/cluster/ and the README's
# "Running on a cluster"). Without any of them the local executor runs everything, as before.
_PANEL = "Cluster (Dask)"
SchedulerOpt = Annotated[
    str | None,
    typer.Option(
        "--scheduler", help="Run the CPU work on the Dask cluster at tcp://HOST:PORT.", rich_help_panel=_PANEL
    ),
]
ClusterOpt = Annotated[
    str | None,
    typer.Option(
        "--cluster", help="Start a Dask cluster for the CPU work: local, slurm, htcondor, pbs, sge or lsf.",
        rich_help_panel=_PANEL,
    ),
]  # fmt: skip
WorkersOpt = Annotated[
    int | None,
    typer.Option(
        "--workers", help="Workers --cluster starts (local: default all cores; batch systems: required).",
        rich_help_panel=_PANEL, show_default=False,
    ),
]  # fmt: skip
ClusterConfigOpt = Annotated[
    Path | None,
    typer.Option(
        "--cluster-config", envvar="GENPLAN_CLUSTER_CONFIG", show_default=False, rich_help_panel=_PANEL,
        help=escape("TOML file whose [cluster] table holds the job settings (cores, memory, queue, walltime, ...) "
                    "of --cluster slurm, htcondor, pbs, sge or lsf."),
    ),
]  # fmt: skip
DashboardOpt = Annotated[
    bool, typer.Option("--dashboard", help="Print the address of the Dask dashboard.", rich_help_panel=_PANEL)
]


@contextlib.contextmanager
def _cluster(
    scheduler: str | None,
    kind: str | None,
    workers: int | None,
    config: Path | None,
    dashboard: bool,
    *,
    jobs: int | None = None,
) -> Iterator[Any]:
    """The Dask cluster the options ask for (``None``: the local executor); a note of where the work ran
    at the end. ``jobs`` (local parallelism) cannot be combined with a cluster."""
    from genplan.cluster import ClusterOptions, open_cluster

    options = ClusterOptions(scheduler, kind, workers, dashboard, config).check()
    if options.enabled and jobs is not None:
        raise GenplanError(
            "--jobs sets how many runs this machine does at once; with --scheduler or --cluster the Dask workers do "
            "the runs, one per worker thread.",
            hint="Drop --jobs (set the workers' threads with `dask worker --nthreads N`, or cores in the cluster "
            "config).",
        )
    with open_cluster(options, notify=lambda text: copyable(err_console, text, style="dim")) as cluster:
        yield cluster
        if cluster is not None:
            err_console.print(Text(f"cluster: {cluster.summary()}", style="dim"))


def _generator_domain(domain: str) -> str:
    """The builtin domain (with a generator) that ``domain`` names: the name itself, or, for a domain.pddl
    or a suite folder, the folder's name or the PDDL's domain name, whichever is a builtin domain."""
    from genplan.benchmarks.registry import builtin_domains, domain_file

    path = domain_file(domain)
    if path is None:
        return domain
    from genplan.pddl.parser import parse_domain

    names = [path.parent.resolve().name, parse_domain(path).name]
    known = [n for n in names if n in builtin_domains()]
    if not known:
        raise GenplanError(
            f"{path} is not a domain genplan has a generator for (it is named {' or '.join(map(repr, names))}).",
            hint=f"Generators exist for: {', '.join(builtin_domains())}.",
        )
    return known[0]


def _existing(path: Path, what: str) -> Path:
    if not path.exists():
        raise GenplanError(f"The {what} {path} does not exist.", hint="Check the path.")
    if path.is_dir():
        raise GenplanError(f"The {what} {path} is a folder; a file is expected.")
    return path


# --------------------------------------------------------------------------------------------- validate
@app.command()
def validate(
    domain: Annotated[Path, typer.Argument(help="PDDL domain file.")],
    problem: Annotated[Path, typer.Argument(help="PDDL problem file.")],
    plan: Annotated[Path, typer.Argument(help="Plan file: one action per line, '; comments' allowed.")],
) -> None:
    """Validate a plan with genplan's validator; print the verdict and the feedback an LLM would read.

    Exit code 0 when the plan is valid, 1 when it is not.
    """
    from genplan.pddl import load_task
    from genplan.validate import feedback, parse_plan_text
    from genplan.validate import validate as run_validator

    task = load_task(_existing(domain, "domain file"), _existing(problem, "problem file"))
    steps = parse_plan_text(_existing(plan, "plan file").read_text(errors="replace"))
    verdict = run_validator(task, steps)
    style = "green" if verdict.valid else "red"
    console.print(Text.assemble(("VALID" if verdict.valid else "INVALID", f"bold {style}"), f" ({len(steps)} steps)"))
    console.print(feedback(verdict, steps), markup=False, highlight=False, soft_wrap=True)
    raise typer.Exit(0 if verdict.valid else 1)


# ------------------------------------------------------------------------------------------------- plan
#: What the planner names mean, for the help of every option that takes one.
_PLANNER_NAMES = "lmcut (optimal), ff or lama-first (satisficing); `genplan planners` shows their Fast Downward options"


@app.command()
def plan(
    domain: Annotated[
        str, typer.Argument(help="PDDL domain file (or a folder holding domain.pddl, or a domain name).")
    ],
    problem: Annotated[Path, typer.Argument(help="PDDL problem file.")],
    planner: Annotated[
        str | None, typer.Option(help=f"{_PLANNER_NAMES} (default: lama-first).", show_default=False)
    ] = None,
    alias: Annotated[
        str | None,
        typer.Option(help="Run this Fast Downward alias or portfolio instead (e.g. lama-first, seq-opt-lmcut)."),
    ] = None,
    search: Annotated[
        str | None, typer.Option(help='Run this Fast Downward search string instead (e.g. "astar(lmcut())").')
    ] = None,
    planner_time_limit: PlannerTimeLimitOpt = 60.0,
    memory: PlannerMemoryOpt = PLANNER_MEMORY_MB,
    out: Annotated[
        Path | None,
        typer.Option(help="Write the plan to this file, in Fast Downward's format, instead of printing it."),
    ] = None,
    cache_dir: CacheDir = None,
    no_cache: Annotated[bool, typer.Option("--no-cache", help="Do not read or write the plan cache.")] = False,
) -> None:
    """Solve one task with Fast Downward and print the plan (validated by genplan's validator).

    The plan is printed, or written with --out, as Fast Downward writes it: one action a line, then a
    "; cost = N (unit cost)" line.
    """
    from genplan.pddl import load_task
    from genplan.planners import plan as run_planner
    from genplan.planners.solve import fast_downward_config
    from genplan.validate.plantext import plan_file_text

    if planner is not None and (alias is not None or search is not None):
        raise GenplanError("--planner, --alias and --search each choose the search.", hint="Pass one of them.")
    config = fast_downward_config(alias=alias, search=search) if alias or search else (planner or "lama-first")
    task = load_task(_existing(_domain_path(domain), "domain file"), _existing(problem, "problem file"))
    result = run_planner(
        task, config, time_limit=planner_time_limit, memory_limit_mb=memory, cache_dir=cache_dir,
        use_cache=not no_cache,
    )  # fmt: skip
    if result.status != "solved" or result.plan is None:
        paragraph(err_console, Text.assemble((result.status, "bold red"), f": {result.message}"))
        raise typer.Exit(1)
    text = plan_file_text(result.plan)
    cached = ", cached" if getattr(result, "cached", False) else ""
    note = f"{len(result.plan)} steps, {result.planner}, {result.time_s:.2f} s{cached}"
    if out is not None:
        out.write_text(text)
        copyable(err_console, f"plan written to {out} ({note})", style="dim")
        return
    for line in text.splitlines():
        copyable(console, line)
    copyable(console, f"; {note}", style="dim")


def _domain_path(domain: str) -> Path:
    """The domain.pddl of plan's DOMAIN: the file, the one in a folder, or a builtin domain's."""
    from genplan.benchmarks.registry import builtin_domains, domain_file
    from genplan.generators.domains import builtin_domain_path

    path = domain_file(domain)
    if path is not None:
        return path
    if domain in builtin_domains():
        return builtin_domain_path(domain)
    return Path(domain)  # reported as a missing file


# ------------------------------------------------------------------------------------------- planners
@app.command()
def planners() -> None:
    """List the planner names genplan takes and the Fast Downward configuration each one runs."""
    from genplan.planners import PLANNERS
    from genplan.planners.configs import fast_downward_options
    from genplan.planners.downward import aliases

    console.print(Text("Planners (--planner, --fallback, baselines --planners)", style="italic"))
    rows = [
        ((name, "optimal" if c.optimal else "satisficing"), fast_downward_options(c)) for name, c in PLANNERS.items()
    ]
    copyable(console, listing((("name", "left"), ("plans", "left")), rows))
    console.print(
        Text("Each runs as: fast-downward.py domain.pddl problem.pddl OPTIONS (the line under it).", style="dim")
    )
    console.print(Text("Fast Downward's own aliases and portfolios, for genplan plan --alias:", style="italic"))
    paragraph(console, "  " + ", ".join(aliases()))


# ------------------------------------------------------------------------------------------- benchmarks
@benchmarks_app.command("list")
def benchmarks_list(cache_dir: CacheDir = None) -> None:
    """List the builtin suites and the imported ones, with task counts and size ranges."""
    from genplan.benchmarks.registry import builtin_domains, load_registry
    from genplan.benchmarks.suites import SuiteError

    table = Table(title="Suites", title_justify="left")
    for col in ("suite", "domain", "tasks", "debug", "held-out", "objects\n(debug)", "objects\n(held-out)"):
        table.add_column(col, justify="right" if col not in {"suite", "domain"} else "left")

    def span(v: list[int]) -> str:
        return f"{v[0]}-{v[1]}" if v else "-"

    from genplan.benchmarks.registry import resolve_suite

    for domain in builtin_domains():
        try:
            suite = resolve_suite(domain)
        except SuiteError:
            table.add_row("builtin", domain, "-", "-", "-", "not generated", "")
            continue
        stats = suite.extra.get("stats", {})
        table.add_row(
            "builtin", domain, str(len(suite.problems)), str(len(suite.split.debug)), str(len(suite.split.heldout)),
            span(stats.get("objects_debug", [])), span(stats.get("objects_heldout", [])),
        )  # fmt: skip
    for name, entry in load_registry(cache_dir).items():
        for domain, s in sorted(entry.domains.items()):
            table.add_row(
                name, domain, str(s["tasks"]), str(s["debug"]), str(s["heldout"]),
                span(s["objects_debug"]), span(s["objects_heldout"]),
            )  # fmt: skip
    console.print(FitColumns(table, keep=2))


@benchmarks_app.command("show")
def benchmarks_show(
    domain: Annotated[str, typer.Argument(help="Domain name, e.g. ferry.")],
    suite: SuiteOpt = None,
    cache_dir: CacheDir = None,
) -> None:
    """Show one domain's suite: where it is, its split, prompt examples per seed, task sizes."""
    from genplan.benchmarks.registry import resolve_suite, suite_stats

    s = resolve_suite(domain, suite, cache_dir)
    stats = suite_stats(s)
    d = s.domain
    copyable(console, Text.assemble((s.name, "bold"), f" ({s.layout} layout) at {s.root}"))
    console.print(
        f"domain {d.name}: {len(d.actions)} actions ({', '.join(a.name for a in d.actions)}), "
        f"{len(d.predicates)} predicates, {'typed' if d.typed else 'untyped'}"
    )
    console.print(f"debugging tasks ({len(s.split.debug)}): {', '.join(s.split.debug)}")
    for seed, tasks in s.split.prompt:
        console.print(f"  seed {seed} prompt examples: {', '.join(tasks)}")
    o = stats["objects_heldout"]
    console.print(f"held-out tasks: {len(s.split.heldout)} (objects {o[0]}-{o[1]})" if o else "held-out tasks: 0")


@benchmarks_app.command("import")
def benchmarks_import(
    path: Annotated[
        Path,
        typer.Argument(
            help="A dataset folder (or one domain's folder) in the paper's layout or the IPC 2023 Learning Track's."
        ),
    ],
    name: Annotated[str | None, typer.Option(help="Name to register it under (default: the folder name).")] = None,
    debug: Annotated[
        str | None,
        typer.Option(
            help="Learning Track: the debugging tasks, comma-separated training tasks (p05 or train-p05), for "
            "every domain imported; the first two are the prompt examples "
            "(default: 6 spread over the smaller half of the training tasks)."
        ),
    ] = None,
    cache_dir: CacheDir = None,
) -> None:
    """Check a dataset and register it, so `--suite NAME` works everywhere. Nothing is copied."""
    from rich.progress import Progress

    from genplan.benchmarks.registry import import_dataset

    chosen = tuple(t.strip() for t in debug.split(",") if t.strip()) if debug else ()
    with Progress(console=err_console, transient=True) as progress:
        bar = progress.add_task("parsing tasks", total=None)
        entry = import_dataset(path, name, cache_dir, progress=lambda _t: progress.advance(bar), debug=chosen)
    total = sum(s["tasks"] for s in entry.domains.values())
    copyable(console, Text.assemble(
        "Registered suite ", (entry.name, "bold"), f": {len(entry.domains)} domain(s), {total} tasks, at {entry.path}."
    ))  # fmt: skip
    copyable(console, f"Use it with --suite {entry.name}; `genplan benchmarks list` shows it.")


@benchmarks_app.command("generate")
def benchmarks_generate(
    domain: Annotated[str, typer.Argument(help="Domain to generate tasks of, e.g. ferry.")],
    out: Annotated[Path, typer.Option("--out", help="Folder for the suite: new, empty, or generated here before.")],
    seed: Annotated[int, typer.Option(help="Seed of the first task; task k uses seed + k.")] = 1,
    size: Annotated[int | None, typer.Option(help="About this many objects per task (default: its defaults).")] = None,
    count: Annotated[int, typer.Option(help="How many tasks.")] = 1,
    param: Annotated[
        list[str] | None, typer.Option("--param", help="Set one generator parameter, key=value (repeatable).")
    ] = None,
    debug: Annotated[int, typer.Option(help="Make the N smallest tasks debugging tasks (default: all held out).")] = 0,
) -> None:
    """Generate tasks of any size as a suite folder (domain, problems, split.json); use it with --suite OUT."""
    from genplan.benchmarks.build import generate_suite, parse_assignments

    values = parse_assignments(domain, param or [])
    rows = generate_suite(domain, out, seed=seed, size=size, count=count, params=values, debug=debug)
    table = Table(title=f"{domain}: {len(rows)} task(s)", title_justify="left")
    for col in ("task", "role", "seed", "objects", "initial facts", "goal facts"):
        table.add_column(col, justify="left" if col in {"task", "role"} else "right")
    shown = rows if len(rows) <= 20 else [*rows[:10], None, *rows[-5:]]
    for r in shown:
        if r is None:
            table.add_row("...", "", "", "", "", "")
        else:
            table.add_row(r.task_id, r.role, str(r.seed), str(r.objects), str(r.init_facts), str(r.goal_facts))
    console.print(FitColumns(table, keep=1))
    copyable(console, f"Use it with --suite {out} (domain {domain}).")


# ----------------------------------------------------------------------------------------- renamed
@benchmarks_app.command("anonymize")
def benchmarks_anonymize(
    domain: Annotated[str, typer.Argument(help="Domain whose suite to rename.")],
    suite: SuiteOpt = None,
    out: Annotated[
        Path | None, typer.Option(help="Folder for the new suite (default: <cache>/suites/<domain>-anon).")
    ] = None,
    name: Annotated[str | None, typer.Option(help="Name to register it under (default: the folder name).")] = None,
    cache_dir: CacheDir = None,
) -> None:
    """Write a variant with every name replaced by a number (action_1, predicate_2, object_3, ...)."""
    from genplan.benchmarks.rename import anonymizer

    _write_variant(domain, suite, out, name, cache_dir, "anonymized", lambda s: anonymizer(s.domain), "anon")


@benchmarks_app.command("costume")
def benchmarks_costume(
    domain: Annotated[str, typer.Argument(help="Domain whose suite to rename.")],
    names: Annotated[
        Path,
        typer.Option(
            "--names",
            help=escape(
                "TOML rename map: [types], [predicates], [actions], [variables], [objects], [object_prefixes]; "
                "number_problems = true also numbers the problems (see pddl_benchmarks/costumes/)."
            ),
        ),
    ],
    suite: SuiteOpt = None,
    out: Annotated[
        Path | None, typer.Option(help="Folder for the new suite (default: <cache>/suites/<domain>-costume).")
    ] = None,
    name: Annotated[str | None, typer.Option(help="Name to register it under (default: the folder name).")] = None,
    cache_dir: CacheDir = None,
) -> None:
    """Write a variant renamed by your map (ferry -> squirrel, car -> nut, ...)."""
    from genplan.benchmarks.rename import load_costume

    _write_variant(domain, suite, out, name, cache_dir, "costumed", lambda s: load_costume(names, s.domain), "costume")


def _write_variant(domain, suite, out, name, cache_dir, kind, make_renaming, suffix) -> None:
    from genplan.benchmarks.registry import RegisteredSuite, resolve_suite, save_registered, suite_stats
    from genplan.benchmarks.rename import task_ids, write_variant
    from genplan.benchmarks.suites import load_suite_dir
    from genplan.core.paths import cache_root

    source = resolve_suite(domain, suite, cache_dir)
    folder = out or cache_root(cache_dir) / "suites" / f"{domain}-{suffix}"
    renaming = make_renaming(source)
    write_variant(source, renaming, folder, kind)
    variant = load_suite_dir(folder)
    # The registry keeps the map (the variant's own folder must not show the original names), so that
    # `genplan check` can give generated tasks the variant's names; it also says where the variant came from.
    stats = suite_stats(variant) | {"renaming": renaming.to_json(), "renamed_from": source.name}
    ids = task_ids(source, renaming)
    if any(old != new for old, new in ids.items()):
        stats["task_ids"] = ids
    entry = RegisteredSuite(name or folder.name, folder.resolve(), {folder.name: stats})
    save_registered(entry, cache_dir)
    copyable(console, Text.assemble(
        f"Wrote the {kind} suite ", (entry.name, "bold"), f" ({len(variant.problems)} tasks) to {folder}; "
        f"use it with `--suite {entry.name}` and the domain name {folder.name!r}.",
    ))  # fmt: skip


# ------------------------------------------------------------------------------------------- configs
@app.command()
def configs() -> None:
    """List the configuration presets (the paper's F5-3, F3-6, baseline and ablations, and auto)."""
    from genplan.protocols.config import PAPER_PRESETS, PRESET_DESCRIPTIONS, PRESETS, PROMPT_CHANGES

    table = Table(title="Presets (override any setting with an option or a TOML file)", title_justify="left")
    for col in ("preset", "N", "K_C", "K_S", "strategy", "reflection", "max calls"):
        table.add_column(col, justify="left" if col in {"preset", "strategy", "reflection"} else "right")
    for name, c in PRESETS.items():
        # The search protocol writes no program and no strategy: those columns do not apply to it.
        staged = (str(c.n_programs), str(c.code_rounds), str(c.strategy_rounds), c.strategy_style,
                  "yes" if c.code_reflection else "no") if c.protocol != "search" else ("-",) * 5  # fmt: skip
        table.add_row(name + (" *" if name in PAPER_PRESETS else ""), *staged, str(c.max_llm_calls()))
    console.print(FitColumns(table, keep=1))
    # The descriptions are prose: under the table, each wrapped beside its preset's name rather than
    # squeezed into a column.
    what = Table.grid(padding=(0, 2))
    what.add_column(no_wrap=True, style="bold")
    what.add_column()
    for name in PRESETS:
        what.add_row(name, PRESET_DESCRIPTIONS[name])
    console.print(what)
    # A note under the table rather than a column: the table must still read at 80 columns.
    console.print(Text("* The paper's protocol, with genplan's prompts: " + PROMPT_CHANGES, style="dim"))


# ------------------------------------------------------------------------------------------- inspect
@app.command()
def inspect(
    domain: Annotated[
        str, typer.Argument(help="Domain whose runs to show (a name, or its domain.pddl or suite folder).")
    ],
    run: Annotated[
        str | None, typer.Option("--run", help="Run id (or a unique prefix); default: list the runs.")
    ] = None,
    fmt: Annotated[str, typer.Option("--format", help="md (for people) or json (for machines).")] = "md",
    cache_dir: CacheDir = None,
) -> None:
    """List a domain's runs, or show one: strategy versions, plans, feedback, reflections, programs, diffs."""
    import json

    from genplan.runs import find_run, list_runs
    from genplan.runs.summary import collect, summary_markdown

    if fmt not in {"md", "json"}:
        raise GenplanError(f"Unknown format {fmt!r}.", hint="Use --format md or --format json.")
    from genplan.benchmarks.registry import domain_file

    path = domain_file(domain)
    if path is not None:  # runs are filed under the name of their suite's folder
        domain = path.parent.resolve().name
    if run is None:
        runs = list_runs(domain, cache_dir)
        if not runs:
            find_run(domain, None, cache_dir)  # raises the helpful "no runs" error
        if fmt == "json":
            console.print_json(json.dumps([{"run_id": r.run_id, **(r.read_json("run.json") or {})} for r in runs]))
            return
        from genplan.runs.cost import fmt_points, run_cost

        rows = []
        for r in runs:
            info = r.read_json("run.json") or {}
            cov = info.get("coverage")
            spent = run_cost(r.read_json("usage.json"))
            tokens = "-" if spent.tokens is None else f"{spent.tokens / 1000:.1f}k"
            cells = (
                str(info.get("status")), str(info.get("program") or "-"),
                f"{info.get('debug_solved')}/{info.get('debug_total')}" if info.get("debug_total") else "-",
                f"{100 * cov:.1f}%" if cov is not None else "-", str(spent.calls if spent.calls is not None else "-"),
                tokens, fmt_points(spent.per_call(cov)), fmt_points(spent.per_kilotoken(cov)),
                f"{info.get('wall_time_s', 0):.0f} s",
            )  # fmt: skip
            rows.append((cells, f"run {r.run_id}"))  # the id goes under its row: it is long, and copied whole
        columns = (("status", "left"), ("program", "left"), ("debug", "right"), ("held-out", "right"),
                   ("calls", "right"), ("tokens", "right"), ("/call", "right"), ("/1k tok", "right"),
                   ("time", "right"))  # fmt: skip
        console.print(Text(f"Runs of {domain}, newest first", style="italic"))
        copyable(console, listing(columns, rows))
        console.print(Text("/call, /1k tok: held-out coverage points per LLM call and per 1,000 tokens the run "
                           "used", style="dim"))  # fmt: skip
        copyable(console, f"Show one with: genplan inspect {domain} --run ID", style="dim")
        return
    chosen = find_run(domain, run, cache_dir)
    if fmt == "json":
        sys.stdout.write(json.dumps(collect(chosen), indent=2) + "\n")
    else:
        from rich.markdown import Markdown

        text = summary_markdown(chosen, details=True)
        if sys.stdout.isatty():
            console.print(Markdown(text))
        else:
            sys.stdout.write(text)


# ------------------------------------------------------------------------------------------ evaluate
@app.command()
def evaluate(
    program: Annotated[Path, typer.Argument(help="Python file defining generate_solution(objects, init, goal).")],
    domain: DomainArg,
    suite: SuiteOpt = None,
    split: SplitOpt = "heldout",
    orderings: Annotated[int, typer.Option(help="Input orderings per task; all must give a valid plan.")] = 4,
    timeout: ProgramTimeoutOrLimitsOpt = None,
    memory: ProgramMemoryOrLimitsOpt = None,
    limits: LimitsOpt = "genplan",
    seed: Annotated[int, typer.Option(help="Seeds the orderings.")] = 1,
    jobs: Annotated[int | None, typer.Option(help="Parallel runs (default: all cores).")] = None,
    first_failure: Annotated[bool, typer.Option("--first-failure", help="Stop at the first failing task.")] = False,
    report: Annotated[
        Path | None,
        typer.Option(help="Where to write the JSON report (default: evaluation-DOMAIN-SPLIT-<program sha256>.json)."),
    ] = None,
    force: Annotated[
        bool, typer.Option("--force", help="Write over a report that holds another program's result.")
    ] = False,
    reference_costs: Annotated[
        Path | None,
        typer.Option(
            help="JSON from task id to best known plan cost, for the IPC quality score (default: the suite's "
            "own, e.g. the Learning Track's solutions/upper_bounds.json)."
        ),
    ] = None,
    search_strategy: SearchStrategyOpt = None,
    cache_dir: CacheDir = None,
    scheduler: SchedulerOpt = None,
    cluster: ClusterOpt = None,
    workers: WorkersOpt = None,
    cluster_config: ClusterConfigOpt = None,
    dashboard: DashboardOpt = False,
) -> None:
    """Run a program in the sandbox on a suite's tasks; print coverage, plan quality and failures by category."""
    import json

    from genplan.benchmarks.learning import load_costs_file
    from genplan.benchmarks.registry import resolve_suite
    from genplan.core.paths import cache_root
    from genplan.execute.evaluate import evaluate_with_progress
    from genplan.execute.outcome import NEAR_LIMIT, limit_protocol
    from genplan.execute.quality import ipc_quality

    seconds, mib = limit_protocol(limits)
    timeout = seconds if timeout is None else timeout
    memory = mib if memory is None else memory
    from genplan.core.options import canonical_split
    from genplan.programs.source import load_program
    from genplan.search.compose import kind_of, runnable

    split = canonical_split(split)
    original = load_program(program)
    s = resolve_suite(domain, suite, cache_dir)
    kind = kind_of(original) or "program"
    from genplan.programs.solve import search_strategy as choose_strategy

    strategy = choose_strategy(search_strategy, None)
    source = runnable(original, s.domain, strategy)  # type: ignore[arg-type]
    ids = {"heldout": s.split.heldout, "debug": s.split.debug, "all": tuple(t for t, _ in s.problems)}[split]
    mode = "first_failure" if first_failure else ("debug" if split == "debug" else "heldout")
    from genplan.execute.provenance import guard_overwrite, program_sha256, provenance, short_sha

    # The program's hash names the default file, and a file of another program is never replaced silently:
    # checked before anything runs, so a refusal costs nothing.
    path = report or Path(f"evaluation-{s.domain_name}-{split}-{short_sha(original)}.json")
    guard_overwrite(path, program_sha256(original), force=force)
    with _cluster(scheduler, cluster, workers, cluster_config, dashboard, jobs=jobs) as dask:
        ev = evaluate_with_progress(
            source, s.lazy(ids), console=err_console, orderings=orderings, seed=seed,
            timeout=timeout, memory_mb=memory, jobs=jobs, mode=mode, cache_dir=cache_root(cache_dir), cluster=dask,
        )  # fmt: skip
    solved = sum(r.solved for r in ev.results)
    console.print(Text.assemble(
        (f"coverage {100 * solved / max(1, len(ev.results)):.1f}%", "bold"),
        f" ({solved}/{len(ev.results)} tasks, every one of {orderings} orderings valid)",
        *((" by search (kind: search, never mixed with a program's coverage)",) if kind == "search" else ()),
    ))  # fmt: skip
    costs = load_costs_file(reference_costs) if reference_costs else s.extra.get("reference_costs") or {}
    quality = ipc_quality(ev.results, costs) if costs else None
    if quality is not None:
        console.print(Text.assemble(
            "IPC quality score ", (f"{quality.score:.1f}", "bold"), f" of {quality.total} ",
            f"(per solved task min(1, C*/C); {quality.with_reference} with a known cost)",
        ))  # fmt: skip
    cats = {k: n for k, n in ev.by_category().items() if n}
    if cats:
        table = Table(title="failures by category", title_justify="left")
        table.add_column("category")
        table.add_column("tasks", justify="right")
        for cat, n in sorted(cats.items()):
            table.add_row(str(cat), str(n))
        console.print(FitColumns(table, keep=1))
    first = next((r for r in ev.results if not r.solved and r.feedback), None)
    if first is not None:
        lines = first.feedback.strip().splitlines()
        shown = "\n".join(lines[:FIRST_FAILURE_LINES]) + (
            f"\n[... {len(lines) - FIRST_FAILURE_LINES} more lines in the JSON report]"
            if len(lines) > FIRST_FAILURE_LINES else "")  # fmt: skip
        ordering = f", ordering {first.failed_ordering}" if first.failed_ordering is not None else ""
        console.print(Text(f"first failing task: {first.task_id}{ordering} ({first.status})", style="bold"))
        console.print(Text(shown))
    cpu, wall = ev.cpu_time()
    console.print(Text(f"program time {cpu:.1f} s CPU ({wall:.1f} s wall); the limit is {ev.limits.timeout:g} s of CPU "
                       "time a run", style="dim"))  # fmt: skip
    near = ev.near_limit()
    if near:
        console.print(Text(
            f"{len(near)} task(s) ended within {100 * NEAR_LIMIT:.0f}% of the CPU-time limit; another machine may "
            f"decide them otherwise: {', '.join(near[:6])}{' ...' if len(near) > 6 else ''}", style="yellow",
        ))  # fmt: skip
    limits_used = {"timeout_s": timeout, "memory_mb": memory, "orderings": orderings, "seed": seed, "preset": limits}
    record = {"provenance": provenance(program, original, limits_used), "domain": s.domain_name, "suite": s.name,
              "split": split, "kind": kind}  # fmt: skip
    data = record | ev.to_json() | ({"quality": quality.to_json()} if quality else {})
    if kind == "search":
        from genplan.search.stats import expansions_by_task

        data["search_strategy"] = strategy
        data["expansions"] = expansions_by_task(ev.results)
    path.write_text(json.dumps(data, indent=2) + "\n")
    copyable(console, f"report: {path}", style="dim")


#: Lines of the first failing task's feedback that ``evaluate`` prints (the rest is in its JSON report).
FIRST_FAILURE_LINES = 25


# ---------------------------------------------------------------------------------------- synthesize
@app.command()
def synthesize(
    domain: Annotated[str, typer.Argument(help="Domain name, e.g. ferry.")],
    suite: SuiteOpt = None,
    config: Annotated[
        str | None,
        typer.Option("--config", help="Preset (default: auto, or the config file's; see `genplan configs`)."),
    ] = None,
    config_file: Annotated[Path | None, typer.Option("--config-file", help="TOML file of settings.")] = None,
    model: Annotated[
        str | None,
        typer.Option(help="litellm model, e.g. openai/gpt-4o, deepseek/deepseek-chat (default: openai/gpt-4o)."),
    ] = None,
    api_base: Annotated[
        str | None, typer.Option("--api-base", help="OpenAI-compatible server URL (vLLM, Ollama).")
    ] = None,
    seed: Annotated[int | None, typer.Option(help="Picks the prompt examples; seeds every shuffle.")] = None,
    n_programs: Annotated[int | None, typer.Option("--n-programs", help="N: initial programs.")] = None,
    code_rounds: Annotated[int | None, typer.Option("--code-rounds", help="K_C: repairs per program.")] = None,
    strategy_rounds: Annotated[int | None, typer.Option("--strategy-rounds", help="K_S: strategy rounds.")] = None,
    repair_rounds: Annotated[
        int | None, typer.Option("--repair-rounds", help="auto: repair rounds of the direct program.")
    ] = None,
    task_descriptions: Annotated[
        str | None, typer.Option("--task-descriptions", help="together (as few calls as fit) or each (one a task).")
    ] = None,
    timeout: Annotated[float | None, typer.Option(help="CPU seconds per program run.")] = None,
    limits: Annotated[
        str | None,
        typer.Option(
            "--limits",
            help="Named time and memory limits a run: genplan (45 s, 4 GiB), ipc2023 (30 min, 8 GiB) or "
            "property-guided (5 min, 8 GiB) (default: the preset's; --timeout overrides).",
        ),
    ] = None,
    orderings: Annotated[int | None, typer.Option(help="Input orderings per task.")] = None,
    temperature: Annotated[float | None, typer.Option(help="Sampling temperature.")] = None,
    top_p: Annotated[float | None, typer.Option("--top-p", help="Nucleus sampling.")] = None,
    max_tokens: Annotated[int | None, typer.Option("--max-tokens", help="Completion token limit.")] = None,
    reasoning: Annotated[bool | None, typer.Option("--reasoning/--no-reasoning", help="A reasoning model.")] = None,
    generalize: Annotated[
        bool | None,
        typer.Option("--generalize/--no-generalize", help="The generalization check (default: as the preset says)."),
    ] = None,
    max_objects: Annotated[
        int | None,
        typer.Option(
            "--max-objects",
            help="The largest task (objects) programs must handle: the prompts say it and the check goes up to it "
            "(default: the check's own largest size, from the debugging tasks).",
        ),
    ] = None,
    max_calls: Annotated[int | None, typer.Option("--max-calls", help="Stop after this many paid calls.")] = None,
    max_cost: Annotated[float | None, typer.Option("--max-cost", help="Stop after this many dollars.")] = None,
    llm_concurrency: Annotated[
        int | None,
        typer.Option("--llm-concurrency", help="Independent LLM calls sent at once (default 4; 1: one at a time)."),
    ] = None,
    jobs: Annotated[int | None, typer.Option(help="Parallel program runs (default: all cores).")] = None,
    no_heldout: Annotated[bool, typer.Option("--no-heldout", help="Skip the held-out evaluation.")] = False,
    cache_dir: CacheDir = None,
) -> None:
    """Synthesize a generalized plan for DOMAIN: describe, strategy, programs, selection, held-out score.

    Resumable: run the same command again after a crash or Ctrl-C; cached LLM calls are not paid twice.
    """
    from genplan.benchmarks.registry import resolve_suite
    from genplan.execute.outcome import limit_protocol
    from genplan.llm import client_from_config
    from genplan.protocols.config import load_config, make_run_id
    from genplan.protocols.synthesize import synthesize as run_pipeline
    from genplan.runs import runs_root
    from genplan.runs.cost import efficiency_text, run_cost

    memory_mb = None
    if limits is not None:
        seconds, memory_mb = limit_protocol(limits)
        timeout = seconds if timeout is None else timeout
    cfg = load_config(
        config, config_file, model=model, api_base=api_base, seed=seed, n_programs=n_programs, memory_mb=memory_mb,
        code_rounds=code_rounds, strategy_rounds=strategy_rounds, timeout=timeout, orderings=orderings,
        temperature=temperature, top_p=top_p, max_tokens=max_tokens, reasoning=reasoning,
        max_calls=max_calls, max_cost=max_cost, generalize=generalize, llm_concurrency=llm_concurrency,
        repair_rounds=repair_rounds, task_descriptions=task_descriptions, max_objects=max_objects,
    )  # fmt: skip
    s = resolve_suite(domain, suite, cache_dir)
    log = runs_root(cache_dir) / s.domain_name / make_run_id(cfg, s.name) / "calls.jsonl"
    llm = client_from_config(cfg, cache_dir=cache_dir, log_path=log)

    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn

    bar: dict[str, Any] = {}

    def progress(event: str, info: dict) -> None:
        if event == "heldout" and bar:
            bar["progress"].advance(bar["task"])
            if info["solved"]:
                bar["solved"] += 1
            bar["progress"].update(bar["task"], description=f"held-out ({bar['solved']} solved)")
            return
        if bar:
            bar.pop("progress").stop()
            bar.clear()
        if event == "stage" and info["name"] == "held-out":
            err_console.print(Text.assemble(("stage", "bold cyan"), f" held-out tasks={info['tasks']}"))
            columns = (TextColumn("{task.description}", markup=False), BarColumn(), MofNCompleteColumn(),
                       TimeElapsedColumn())  # fmt: skip
            bar["progress"] = Progress(*columns, console=err_console, transient=True)
            bar["task"] = bar["progress"].add_task("held-out (0 solved)", total=info["tasks"])
            bar["solved"] = 0
            bar["progress"].start()
            return
        if event == "run":
            copyable(err_console, f"run {info['run_id']} -> {info['path']}", style="dim")
        elif event == "stage":
            extra = ", ".join(f"{k}={v}" for k, v in info.items() if k != "name")
            err_console.print(Text.assemble(("stage", "bold cyan"), f" {info['name']} {extra}"))
        elif event == "strategy":
            what = f"{info['solved']}/{info['of']} plans valid" if info["assessed"] else "not assessed"
            err_console.print(f"  strategy v{info['version']}: {what}")
        elif event == "program":
            err_console.print(f"  program {info['label']}: {info['solved']}/{info['of']} debugging tasks")
        elif event == "search":
            if not info["direct"]:
                how = "the checks found counterexamples"
            elif info.get("macro"):
                how = "macro steps sound on every state checked (searched greedily)"
            else:
                how = "direct on every state checked"
            err_console.print(f"  heuristic {info['label']}: {how}; search solved {info['solved']}/{info['of']} "
                              "debugging tasks")  # fmt: skip
        elif event == "probe":
            err_console.print(f"  heuristic {info['label']}: probe solved {info['solved']}/{info['of']} "
                              "generated tasks")  # fmt: skip
        elif event == "checked":
            err_console.print(
                f"  generalization check: no counterexample to {info['label']} among {info['tasks']} tasks "
                f"({info['seconds'] or 0:.0f} s)"
            )
        elif event == "generator":
            verdict = "accepted" if info["accepted"] else "rejected (the check goes on without one)"
            err_console.print(f"  task generator written by the model: {verdict}: {info['reason']}")
        elif event == "counterexample":
            err_console.print(
                f"  generalization check: {info['task']} ({info['objects']} objects) fails {info['found_by']} "
                f"({info['category']}); it is a debugging task from now on"
            )

    try:
        outcome = run_pipeline(s, cfg, llm, cache_dir=cache_dir, jobs=jobs, progress=progress, heldout=not no_heldout)
    finally:
        if bar:
            bar.pop("progress").stop()
    total = (outcome.usage or {}).get("total") or {}
    cost = total.get("cost")
    ended = Text.assemble((outcome.status, "bold"), f" in {outcome.wall_time:.1f} s: run {outcome.run.run_id}")
    copyable(console, ended)
    if outcome.program_path:
        what = "search (a heuristic genplan searches with)" if outcome.kind == "search" else "program"
        copyable(console, f"{what}: {outcome.program_path}")
        console.print(f"debugging tasks solved: {outcome.debug_solved}/{outcome.debug_total}")
    spent = run_cost(outcome.run.read_json("usage.json"))
    if outcome.coverage is not None:
        console.print(Text.assemble(
            "held-out coverage: ", (f"{100 * outcome.coverage:.1f}%", "bold"),
            f" ({outcome.heldout_solved}/{outcome.heldout_total})",
        ))  # fmt: skip
        per = efficiency_text(outcome.coverage, spent)
        if per:  # on a line of its own, so that it reads at 80 columns
            console.print(f"  that is {per}")
    if outcome.quality is not None:
        console.print(f"IPC quality score: {outcome.quality:.1f} of {outcome.heldout_total} (best known costs)")
    ladder = outcome.run.read_json("ladder.json")
    if ladder and ladder.get("selected_rung"):
        ran = [r["rung"] for r in ladder["rungs"] if not r.get("skipped")]
        console.print(f"selected from rung: {ladder['selected_rung']} (rungs run: {', '.join(ran)})")
    console.print(
        f"LLM: {total.get('calls', 0)} calls ({total.get('cached_calls', 0)} cached), "
        f"{total.get('prompt_tokens', 0)}+{total.get('completion_tokens', 0)} tokens paid, "
        f"cost {'unknown' if cost is None else f'${cost:.4f}'}"
    )
    copyable(console, f"inspect it: genplan inspect {s.domain_name} --run {outcome.run.run_id}", style="dim")
    if outcome.status != "done":
        raise typer.Exit(1)


# ----------------------------------------------------------------------------------------- benchmark
def _split_list(text: str, what: str) -> list[str]:
    from genplan.core.options import split_list

    items = split_list(text)
    if not items:
        raise GenplanError(f"No {what} given.", hint=f"Give a comma-separated list of {what}.")
    return items


@app.command()
def benchmark(
    domains: Annotated[str, typer.Option(help="Comma-separated domains, or 'all' (the 17 of the paper).")] = "all",
    configs: Annotated[str, typer.Option(help="Comma-separated presets (see `genplan configs`).")] = "F5-3",
    seeds: Annotated[str, typer.Option(help="Comma-separated seeds.")] = "1,2,3",
    model: Annotated[str | None, typer.Option(help="litellm model, e.g. openai/gpt-4o.")] = None,
    api_base: Annotated[str | None, typer.Option("--api-base", help="OpenAI-compatible server URL.")] = None,
    suite: SuiteOpt = None,
    config_file: Annotated[Path | None, typer.Option("--config-file", help="TOML settings for every run.")] = None,
    parallel: Annotated[int, typer.Option(help="Runs in flight at once (bounds concurrent LLM calls).")] = 2,
    llm_concurrency: Annotated[
        int | None,
        typer.Option("--llm-concurrency", help="Per run: independent LLM calls sent at once (default 4)."),
    ] = None,
    parallel_evals: Annotated[
        int | None,
        typer.Option(
            "--parallel-evals",
            show_default=False,
            help="Program evaluations using the CPU at once (default: 1; with a cluster, --parallel).",
        ),
    ] = None,
    jobs: Annotated[int | None, typer.Option(help="Worker processes per evaluation (default: all cores).")] = None,
    max_calls: Annotated[int | None, typer.Option("--max-calls", help="Per run: stop after this many calls.")] = None,
    max_cost: Annotated[float | None, typer.Option("--max-cost", help="Per run: stop after this many dollars.")] = None,
    temperature: Annotated[float | None, typer.Option(help="Sampling temperature.")] = None,
    reasoning: Annotated[bool | None, typer.Option("--reasoning/--no-reasoning", help="A reasoning model.")] = None,
    generalize: Annotated[
        bool | None,
        typer.Option("--generalize/--no-generalize", help="The generalization check (default: as the preset says)."),
    ] = None,
    no_heldout: Annotated[bool, typer.Option("--no-heldout", help="Skip the held-out evaluations.")] = False,
    dry_run: Annotated[bool, typer.Option("--dry-run", help="List the runs and the most calls they can make.")] = False,
    cache_dir: CacheDir = None,
    scheduler: SchedulerOpt = None,
    cluster: ClusterOpt = None,
    workers: WorkersOpt = None,
    cluster_config: ClusterConfigOpt = None,
    dashboard: DashboardOpt = False,
) -> None:
    """Run every (domain, configuration, seed): a sweep of synthesis runs, resumable and bounded.

    Finished runs are reused, unfinished ones continue from the cache. Then: `genplan report --sweep ID`.
    """
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn

    from genplan.benchmarks.registry import builtin_domains
    from genplan.experiments.sweep import SweepSpec, manifest_path, plan_summary, run_sweep

    names = builtin_domains() if domains.strip() == "all" else _split_list(domains, "domains")
    try:
        seed_list = tuple(int(x) for x in _split_list(seeds, "seeds"))
    except ValueError:
        raise GenplanError(f"--seeds must be comma-separated integers, not {seeds!r}.") from None
    overrides = {"model": model, "api_base": api_base, "max_calls": max_calls, "max_cost": max_cost,
                 "temperature": temperature, "reasoning": reasoning, "generalize": generalize,
                 "llm_concurrency": llm_concurrency}  # fmt: skip
    spec = SweepSpec(
        domains=tuple(names),
        presets=tuple(_split_list(configs, "configurations")),
        seeds=seed_list,
        suite=suite,
        config_file=str(config_file) if config_file else None,
        overrides={k: v for k, v in overrides.items() if v is not None},
        heldout=not no_heldout,
    )
    if dry_run:
        rows = plan_summary(spec, cache_dir)
        console.print(Text(f"sweep {spec.sweep_id}: {len(rows)} runs", style="italic"))
        columns = (("domain", "left"), ("config", "left"), ("seed", "right"), ("state", "left"),
                   ("max LLM calls", "right"))  # fmt: skip
        lines = [
            ((r["item"].domain, r["item"].preset, str(r["item"].seed), "finished" if r["finished"] else "to run",
              str(r["max_calls"])), str(r["run_dir"]))  # the folder goes under its row: long, and copied whole
            for r in rows
        ]  # fmt: skip
        copyable(console, listing(columns, lines))
        todo = sum(r["max_calls"] for r in rows if not r["finished"])
        console.print(f"at most {todo} LLM calls for the runs still to do (format re-asks aside)")
        return

    _preflight_sweep(spec, cache_dir)
    from genplan.cluster import ClusterOptions

    with_cluster = ClusterOptions(scheduler, cluster, workers, dashboard, cluster_config).check().enabled
    evals = parallel_evals if parallel_evals is not None else (parallel if with_cluster else 1)
    progress = Progress(
        TextColumn("{task.description}", markup=False), BarColumn(), MofNCompleteColumn(), TimeElapsedColumn(),
        console=err_console,
    )  # fmt: skip
    total = len(spec.items())

    def started(item) -> None:
        err_console.print(f"  started {item.label}", style="dim")

    def finished_one(r) -> None:
        progress.advance(bar)
        what = f"{100 * r.coverage:.1f}% held-out" if r.coverage is not None else r.status
        extra = " (already finished)" if r.reused else f" in {r.wall_time:.0f} s, {r.paid_calls} paid calls"
        style = "red" if r.status in {"failed", "crashed"} else None
        err_console.print(f"  {r.item.label}: {what}{extra}", style=style)
        if r.status == "failed":
            copyable(err_console, f"    {r.message}", style="red")

    with _cluster(scheduler, cluster, workers, cluster_config, dashboard, jobs=jobs) as dask, progress:
        bar = progress.add_task(f"sweep {spec.sweep_id}", total=total)
        results = run_sweep(spec, cache_dir=cache_dir, parallel=parallel, parallel_evals=evals, jobs=jobs,
                            on_result=finished_one, on_start=started, cluster=dask)  # fmt: skip

    console.print(_sweep_table(spec, results))
    failed = [r for r in results if r.status not in {"done", "no-program"}]
    paid = sum(r.paid_calls for r in results)
    costs = [r.cost for r in results]
    cost = "unknown" if any(c is None for c in costs) else f"${sum(costs):.4f}"
    console.print(f"{len(results) - len(failed)}/{len(results)} runs finished; {paid} paid LLM calls; cost {cost}")
    copyable(console, f"manifest: {manifest_path(spec.sweep_id, cache_dir)}")
    copyable(console, f"report: genplan report --sweep {manifest_path(spec.sweep_id, cache_dir)} --out report/",
             style="dim")  # fmt: skip
    if failed:
        raise typer.Exit(1)


def _preflight_sweep(spec: Any, cache_dir: Path | None) -> None:
    """Check the key, the model name and the api-base of the runs still to start, once per model, before
    the sweep writes anything: a sweep that cannot start leaves no manifest and no run folder behind.
    Runs that exist already are resumed from the cache, as ``synthesize`` does, and need no check."""
    from genplan.experiments.sweep import plan_summary
    from genplan.llm import client_from_config

    checked: set[tuple[str, str | None]] = set()
    for row in plan_summary(spec, cache_dir):
        cfg = spec.config(row["item"])
        if (row["run_dir"] / "run.json").exists() or (cfg.model, cfg.api_base) in checked:
            continue
        client_from_config(cfg, cache_dir=cache_dir).preflight()
        checked.add((cfg.model, cfg.api_base))


def _sweep_table(spec: Any, results: list) -> FitColumns:
    """Held-out coverage per (domain, configuration) and seed; with many seeds, split into several tables."""
    table = Table(title="Held-out coverage per run", title_justify="left")
    for col in ("domain", "config", *(f"seed {s}" for s in spec.seeds)):
        table.add_column(col, justify="left" if col in {"domain", "config"} else "right")
    by = {(r.item.domain, r.item.preset, r.item.seed): r for r in results}
    for d in spec.domains:
        for p in spec.presets:
            cells = []
            for s in spec.seeds:
                r = by[(d, p, s)]
                cells.append(f"{100 * r.coverage:.1f}%" if r.coverage is not None else r.status)
            table.add_row(d, p, *cells)
    return FitColumns(table, keep=2)


# -------------------------------------------------------------------------------------------- report
@app.command()
def report(
    out: Annotated[Path, typer.Option("--out", help="Folder for report.md, report.html, the CSVs and PNGs.")],
    run_dirs: Annotated[
        list[Path] | None,
        typer.Argument(
            help="Run folders, domain folders, runs roots or published results folders (docs/results/...); "
            "default: every run under <cache>/runs."
        ),
    ] = None,
    runs_root: Annotated[
        Path | None, typer.Option("--runs-root", help="Report every run under this folder (<domain>/<run-id>/).")
    ] = None,
    baselines: Annotated[
        str, typer.Option(help="Symbolic baselines to show: all, none, or e.g. lmcut-45,ff-45 (planner-seconds).")
    ] = "all",
    scale: Annotated[
        list[Path] | None, typer.Option("--scale", help="A scale.json from `genplan scale` (repeatable).")
    ] = None,
    suite: Annotated[
        str | None,
        typer.Option(
            "--suite",
            help="Only runs (and baselines) of this suite: a dataset (builtin, a registered "
            "name, a folder; paper, ipc2023 in a results folder), not a domain.",
        ),
    ] = None,
    sweep: Annotated[
        str | None,
        typer.Option("--sweep", help="A sweep's id (`benchmark` prints it) or its manifest, cache/sweeps/<id>.json."),
    ] = None,
    cache_dir: CacheDir = None,
) -> None:
    """Tables and plots over many runs: coverage per domain (mean and best seed, beside the symbolic
    baselines and the paper's Table 1), programs vs ff, error types, where the programs fail, LLM calls,
    tokens and cost, scaling curves.

    Writes Markdown, one CSV per table and one self-contained HTML page into --out.
    """
    from genplan.experiments.report.files import report_from_disk, write_report

    run_dirs = list(run_dirs or ())
    if sweep is not None:
        from genplan.experiments.sweep import load_manifest, manifest_path

        # An id names <cache>/sweeps/<id>.json; anything that is a file (or looks like a path) is the manifest.
        given = Path(sweep)
        if given.is_file() or "/" in sweep or sweep.endswith(".json"):
            manifest = _existing(given, "sweep manifest")
        else:
            manifest = manifest_path(sweep, cache_dir)
            if not manifest.is_file():
                raise GenplanError(
                    f"No sweep with the id {sweep!r}: there is no {manifest}.",
                    hint="Pass the id `genplan benchmark` printed, or the manifest's path (the sweeps run so far "
                    f"are in {manifest.parent}; with another cache, add --cache-dir).",
                )
        runs = load_manifest(manifest)["runs"]
        started = [Path(r["run_dir"]) for r in runs if r.get("run_dir") and Path(r["run_dir"]).is_dir()]
        if len(started) < len(runs):
            console.print(f"{len(runs) - len(started)} run(s) of the sweep never started; rerun the sweep "
                          "to complete it.", style="yellow")  # fmt: skip
        if not started:
            raise GenplanError(f"No run of the sweep {sweep} has started yet.", hint="Run `genplan benchmark` first.")
        run_dirs += started
    from genplan.experiments.report.runs import check_suite_option
    from genplan.experiments.results import is_results_folder, results_runs

    check_suite_option(suite, cache_dir)

    # A published results folder (coverage.csv, programs/) is read as its runs; run folders as before.
    published = [p for p in run_dirs if is_results_folder(p)]
    loaded = [run for folder in published for run in results_runs(folder)]
    rep = report_from_disk(
        [p for p in run_dirs if p not in published], runs_root=runs_root, baselines=baselines,
        scale_files=scale or (), suite=suite, cache_dir=cache_dir, loaded=loaded,
    )  # fmt: skip
    files = write_report(rep, out)
    cov = rep.coverage
    for config in cov.configs:
        mean, best, n = cov.average(config)
        if mean is not None:
            console.print(
                f"{config}: mean coverage {100 * mean:.1f}%, best seed {100 * (best or 0):.1f}% over {n} domain(s)"
            )
    if rep.incomplete:
        console.print(f"{len(rep.incomplete)} incomplete run(s), listed in the report.", style="yellow")
    copyable(console, f"report: {files.html} ({files.markdown.name}, {len(files.csv)} CSV files)")


# ----------------------------------------------------------------------------------------- baselines
@app.command()
def baselines(
    planners: Annotated[str, typer.Option(help=f"Comma-separated: {_PLANNER_NAMES}.")] = "lmcut,ff",
    time_limits: PlannerTimeLimitsOpt = "45,1800",
    domains: Annotated[str, typer.Option(help="Comma-separated domains, or 'all' (every one of the suite).")] = "all",
    suite: SuiteOpt = None,
    memory_limit: PlannerMemoryOpt = PLANNER_MEMORY_MB,
    jobs: Annotated[
        int | None,
        typer.Option(help="Planner runs at once (default: 1; each may use --memory).", show_default=False),
    ] = None,
    split: SplitOpt = "heldout",
    cache_dir: CacheDir = None,
    scheduler: SchedulerOpt = None,
    cluster: ClusterOpt = None,
    workers: WorkersOpt = None,
    cluster_config: ClusterConfigOpt = None,
    dashboard: DashboardOpt = False,
) -> None:
    """Fast Downward on a suite's held-out tasks: the symbolic baselines beside the programs.

    Per task: status, time, plan length, peak memory, in one JSON file per domain, planner and limit
    under <cache>/baselines/. Resumable: planner results are cached, so a rerun only runs what is missing.
    """
    from collections import Counter

    from genplan.core.options import canonical_split, split_list
    from genplan.experiments.baselines import memory_warning as baseline_memory_warning
    from genplan.experiments.baselines import (
        parse_planners,
        parse_time_limits,
        run_with_progress,
        suite_domains,
        summary_table,
    )

    split = canonical_split(split)
    names = suite_domains(suite, cache_dir) if domains.strip() == "all" else split_list(domains)
    planner_names, limits = parse_planners(planners), parse_time_limits(time_limits)
    with _cluster(scheduler, cluster, workers, cluster_config, dashboard, jobs=jobs) as dask:
        warning = baseline_memory_warning(jobs or 1, memory_limit) if dask is None else None
        if warning:
            err_console.print(Text.assemble(("warning:", "yellow"), f" {warning}"))
        sets = run_with_progress(
            names, planner_names, limits, console=err_console, suite=suite, split=split, memory_limit_mb=memory_limit,
            jobs=jobs or 1, cache_dir=cache_dir, cluster=dask,
        )  # fmt: skip
    console.print(summary_table(sets, title=f"Baseline coverage: {sets[0].suite}"))
    console.print(f"{split} tasks, {memory_limit} MiB per planner run", style="dim")
    statuses = Counter(t.status for s in sets for t in s.tasks)
    console.print(", ".join(f"{k}: {v}" for k, v in sorted(statuses.items())) or "no tasks")
    copyable(console, f"results: {sets[0].path.parent.parent if sets[0].path else ''}", style="dim")


# --------------------------------------------------------------------------------------------- scale
@app.command()
def scale(
    program: Annotated[Path, typer.Argument(help="Python file defining generate_solution(objects, init, goal).")],
    domain: Annotated[
        str, typer.Argument(help="Domain with a generator, e.g. ferry (or its domain.pddl, or its suite folder).")
    ],
    sizes: Annotated[str, typer.Option(help="Comma-separated task sizes (about this many objects).")] = "10,100,1000",
    tasks_per_size: Annotated[int, typer.Option("--tasks-per-size", help="Generated tasks per size.")] = 3,
    seed: Annotated[int, typer.Option(help="Seeds the generated tasks.")] = 1,
    planner: Annotated[str, typer.Option(help=f"{_PLANNER_NAMES}; or none.")] = "ff",
    planner_time_limit: PlannerTimeLimitOpt = 45.0,
    timeout: ProgramTimeoutOpt = PROGRAM_TIMEOUT_S,
    memory_mb: ProgramMemoryOpt = PROGRAM_MEMORY_MB,
    orderings: Annotated[int, typer.Option(help="Input orderings per task; all must give a valid plan.")] = 1,
    out: Annotated[
        Path | None, typer.Option(help="Output folder (default: scale-DOMAIN-PROGRAM-<program sha256>).")
    ] = None,
    force: Annotated[
        bool, typer.Option("--force", help="Write over a scale.json that holds another program's result.")
    ] = False,
    cache_dir: CacheDir = None,
    scheduler: SchedulerOpt = None,
    cluster: ClusterOpt = None,
    workers: WorkersOpt = None,
    cluster_config: ClusterConfigOpt = None,
    dashboard: DashboardOpt = False,
) -> None:
    """Does the program generalize? Run it on generated tasks of growing size, beside Fast Downward.

    Writes scale.json, scale.md and scale.png. The planner is skipped for the sizes after one where it
    solved no task.
    """
    from genplan.experiments.scale import (
        ScaleSettings,
        parse_sizes,
        planner_option,
        rich_table,
        run_scale,
        write_outputs,
    )

    domain = _generator_domain(domain)
    settings = ScaleSettings(
        program=_existing(program, "program"), domain=domain, sizes=parse_sizes(sizes), tasks_per_size=tasks_per_size,
        seed=seed, planner=planner_option(planner), planner_time_limit=planner_time_limit, program_timeout=timeout,
        program_memory_mb=memory_mb, orderings=orderings,
    )  # fmt: skip
    from genplan.execute.provenance import guard_overwrite, program_sha256, short_sha
    from genplan.programs.source import load_program

    source = load_program(settings.program)
    folder = out or Path(f"scale-{domain}-{program.stem}-{short_sha(source)}")
    guard_overwrite(folder / "scale.json", program_sha256(source), force=force)

    with (
        _cluster(scheduler, cluster, workers, cluster_config, dashboard) as dask,
        err_console.status("starting") as status,
    ):

        def progress(event: str, info: dict) -> None:
            # A status line is read as markup unless it is Text: task names and planners are not markup.
            if event == "size":
                status.update(Text(f"size {info['size']}: generating {tasks_per_size} task(s)"))
            elif event == "generated":
                status.update(Text(f"size {info['size']}: running the program ({max(info['objects'])} objects)"))
            elif event == "program":
                status.update(Text(f"program on {info['task']}: {info['status']}"))
            elif event == "planner":
                status.update(Text(f"{planner} on {info['task']}: {info['status']} in {info['time_s']:.1f} s"))
            elif event == "size_done":
                p, f = info["program"], info["planner"]
                fd = "skipped" if f["skipped"] else f"{f['solved']}/{f['total']}"
                err_console.print(f"size {info['size']}: program {p['solved']}/{p['total']}, {planner} {fd}")

        result = run_scale(settings, cache_dir=cache_dir, progress=progress, cluster=dask)
    paths = write_outputs(result, folder)
    console.print(rich_table(result))
    names = ", ".join(paths[k].name for k in ("json", "md", "png"))
    copyable(console, f"wrote {names} to {paths['json'].parent}", style="dim")


# --------------------------------------------------------------------------------------------- solve
@app.command()
def solve(
    domain: DomainArg,
    problem: Annotated[Path, typer.Argument(help="PDDL problem file.")],
    program: Annotated[Path | None, typer.Option(help="The generalized plan (a Python file).")] = None,
    run: Annotated[str | None, typer.Option("--run", help="Use this run's selected program (id or prefix).")] = None,
    fallback: Annotated[str, typer.Option(help=f"Planner when the program fails: {_PLANNER_NAMES}; or none.")] = "ff",
    timeout: ProgramTimeoutOpt = PROGRAM_TIMEOUT_S,
    planner_timeout: PlannerTimeLimitOpt = 300.0,
    memory: ProgramMemoryOpt = PROGRAM_MEMORY_MB,
    suite: SuiteOpt = None,
    out: Annotated[Path | None, typer.Option(help="Write the plan to this file instead of printing it.")] = None,
    search_strategy: SearchStrategyOpt = None,
    cache_dir: CacheDir = None,
) -> None:
    """Solve a task with a generalized plan; fall back to Fast Downward if the program fails.

    Without --program or --run, the newest run of DOMAIN that selected a program is used. The plan is
    always validated. Exit code 0 when solved, 1 when not.
    """
    from genplan.programs.solve import plan_text
    from genplan.programs.solve import solve as run_solve

    with err_console.status("running the program in the sandbox"):
        result = run_solve(
            domain, problem, program=program, run=run, fallback=fallback, timeout=timeout,
            planner_time_limit=planner_timeout, memory_mb=memory, suite=suite, cache_dir=cache_dir,
            strategy=search_strategy,
        )  # fmt: skip
    if result.program is not None:
        copyable(err_console, f"program: {result.program.path} ({result.program.origin})", style="dim")
    if result.program_status is not None:
        err_console.print(Text.assemble(("the program gave no valid plan", "yellow"), f": {result.program_failure}"))
        if result.planner_status is not None:
            err_console.print(f"fallback {fallback}: {result.planner_status} in {result.planner_time_s:.2f} s")
    if not result.solved:
        if result.planner_status is None:
            why = " (the program failed and --fallback is none)"
        else:
            why = f" (the program failed, and {fallback}: {result.planner_message or result.planner_status})"
        err_console.print(Text.assemble(("not solved", "bold red"), why))
        raise typer.Exit(1)
    text = plan_text(result)
    if out is not None:
        out.write_text(text)
        copyable(err_console, f"plan written to {out}", style="dim")
    else:
        sys.stdout.write(text)
    steps = len(result.plan or ())
    searched = f", {result.expansions} expansions" if result.expansions is not None else ""
    err_console.print(
        Text.assemble((f"solved by: {result.source}", "bold green"), f" ({steps} steps, valid{searched})")
    )


# --------------------------------------------------------------------------------------------- check
@app.command()
def check(
    program: Annotated[Path, typer.Argument(help="Python file defining generate_solution(objects, init, goal).")],
    domain: DomainArg,
    suite: SuiteOpt = None,
    budget: Annotated[
        float, typer.Option(help="Seconds to search for a failing task (shrinking comes on top).")
    ] = 60.0,
    max_objects: Annotated[
        int | None,
        typer.Option("--max-objects", help="Largest generated task (default: 10x the largest debugging task, >= 500)."),
    ] = None,
    seed: Annotated[int, typer.Option(help="Seeds the generated tasks, the variants and the orderings.")] = 1,
    tasks: Annotated[
        Path | None, typer.Option("--tasks", help="A folder of your own problem files to try as well.")
    ] = None,
    orderings: Annotated[int, typer.Option(help="Input orderings per task; any failing one counts.")] = 4,
    timeout: ProgramTimeoutOpt = PROGRAM_TIMEOUT_S,
    memory: ProgramMemoryOpt = PROGRAM_MEMORY_MB,
    shrink_budget: Annotated[
        float, typer.Option("--shrink-budget", help="Seconds to shrink a failing task (0: keep it as found).")
    ] = 60.0,
    jobs: Annotated[int | None, typer.Option(help="Parallel runs (default: all cores).")] = None,
    out: Annotated[
        Path | None, typer.Option(help="Output folder (default: check-DOMAIN-PROGRAM-<program sha256>).")
    ] = None,
    force: Annotated[
        bool, typer.Option("--force", help="Write over a check.json that holds another program's result.")
    ] = False,
    cache_dir: CacheDir = None,
    scheduler: SchedulerOpt = None,
    cluster: ClusterOpt = None,
    workers: WorkersOpt = None,
    cluster_config: ClusterConfigOpt = None,
    dashboard: DashboardOpt = False,
    generator_choice: Annotated[
        str | None,
        typer.Option(
            "--generator",
            help="Where generated tasks come from: builtin, model (a generator the model writes) or none "
            "(default: builtin when the domain has one, else model when --model is given).",
        ),
    ] = None,
    model: Annotated[
        str | None, typer.Option(help="litellm model that writes a task generator (with --generator model).")
    ] = None,
    api_base: Annotated[
        str | None, typer.Option("--api-base", help="OpenAI-compatible server URL (vLLM, Ollama).")
    ] = None,
) -> None:
    """Does the program generalize? Search new tasks for the smallest one it fails on.

    Tries generated tasks of growing size, variants of the debugging tasks (other initial states,
    goals, names and orders) and --tasks, each in several input orderings; stops at the first solvable
    task with an invalid plan, a crash or a timeout, and shrinks it. Never uses held-out tasks.
    Exit code 1 when a counterexample was found, 0 when none was found within the budget.
    """
    from genplan.benchmarks.registry import resolve_suite
    from genplan.generalize import CheckSettings, check_program
    from genplan.generalize.artifacts import write_check
    from genplan.generalize.naming import find_generator, registered_renaming
    from genplan.generalize.usertasks import load_task_folder
    from genplan.pddl.writer import write_problem
    from genplan.programs.source import load_program
    from genplan.search.compose import compose_search, kind_of

    source = load_program(program)
    s = resolve_suite(domain, suite, cache_dir)
    # Only the debugging tasks are read: the held-out tasks must never inform the check.
    debug = [(t, s.task(t)) for t in s.split.debug]
    given = load_task_folder(tasks, s.domain) if tasks is not None else []
    # A suite's other training tasks (the Learning Track's) are given too, after the user's own.
    given += [(t, s.task(t)) for t in s.extra.get("given", ())]
    settings = CheckSettings(
        budget_s=budget, max_objects=max_objects, seed=seed, orderings=orderings, timeout=timeout,
        memory_mb=memory, shrink_budget_s=shrink_budget, jobs=jobs,
    ).check()  # fmt: skip
    from genplan.execute.provenance import guard_overwrite, program_sha256, short_sha

    folder = out or Path(f"check-{s.domain_name}-{program.stem}-{short_sha(source)}")
    guard_overwrite(folder / "check.json", program_sha256(source), force=force)
    renaming = registered_renaming(s.root, cache_dir)
    builtin = find_generator(s.domain, hint=s.domain_name, renaming=renaming)
    choice = _generator_choice(generator_choice, builtin is not None, model, s.domain_name)
    generator = builtin if choice == "builtin" else None
    original = source
    if kind_of(source) == "search":
        strategy = _check_search_components(source, debug, given, generator, seed, timeout, memory, folder, cache_dir)
        source = compose_search(source, s.domain, strategy)
    with (
        _cluster(scheduler, cluster, workers, cluster_config, dashboard, jobs=jobs) as dask,
        contextlib.ExitStack() as stack,
        err_console.status("checking") as status,
    ):
        executor = None
        if choice == "model":
            assert model is not None
            status.update(Text("asking the model for a task generator"))
            generator, executor = _model_generator(s, debug, settings, model, api_base, cache_dir, folder, dask,
                                                   stack)  # fmt: skip

        def progress(event: str, info: dict) -> None:
            if event == "wave":
                status.update(Text(f"{info['source']} tasks: {info['family']} (up to {info['objects']} objects)"))
            elif event == "found":
                err_console.print(Text(f"{info['task']} ({info['objects']} objects) fails: {info['category']}"))
            elif event == "regenerate":
                status.update(Text(f"making a smaller task like {info['task']} ({info['objects']} objects)"))
            elif event == "shrink":
                status.update(Text(f"shrinking {info['task']} ({info['objects']} objects)"))

        result = check_program(
            source, s.domain, debug, settings=settings, generator=generator, user_tasks=given, cache_dir=cache_dir,
            progress=progress, cluster=dask, executor=executor if dask is None else None,
        )  # fmt: skip
    files = write_check(result, s.domain, folder, program, original)
    cex = result.counterexample
    tried = "; ".join(result.tried_summary()) or "no task"
    if cex is None:
        console.print(Text.assemble(("no counterexample", "bold green"), f" in {result.elapsed_s:.0f} s"))
        console.print(Text(f"tried: {tried}"))
        for note in result.notes:
            console.print(Text(f"note: {note}", style="dim"))
        copyable(console, f"details: {files.json}", style="dim")
        raise typer.Exit(0)
    shrunk = f", shrunk from {cex.found_objects} objects" if cex.task.size != cex.found_objects else ""
    console.print(Text.assemble(("counterexample", "bold red"), f" {cex.task_id}: {cex.task.size} objects{shrunk}, "
                                f"{cex.category}"))  # fmt: skip
    console.print(Text(f"made from: {cex.origin}"))
    console.print(Text(f"tried before it: {tried}", style="dim"))
    console.print(Text("\nThe task", style="bold"))
    copyable(console, write_problem(cex.task).rstrip())
    console.print(Text("\nWhat the program did", style="bold"))
    copyable(console, cex.feedback.rstrip())
    console.print("")
    for label, path in (("task (PDDL)", files.problem), ("task (Python)", files.python), ("plan", files.plan),
                        ("feedback", files.feedback), ("everything", files.json)):  # fmt: skip
        copyable(console, f"{label}: {path}", style="dim")
    raise typer.Exit(1)


#: What ``genplan check --generator`` accepts.
GENERATOR_CHOICES = ("builtin", "model", "none")


def _generator_choice(choice: str | None, has_builtin: bool, model: str | None, domain: str) -> str:
    """``--generator`` resolved: the builtin generator when there is one, else the model's when a model is
    given, else none; an impossible choice is the user's error."""
    if choice is None:
        return "builtin" if has_builtin else ("model" if model else "none")
    if choice not in GENERATOR_CHOICES:
        raise GenplanError(f"--generator must be one of {', '.join(GENERATOR_CHOICES)}, not {choice!r}.")
    if choice == "builtin" and not has_builtin:
        raise GenplanError(
            f"There is no builtin task generator for the domain {domain}.",
            hint="Pass --generator model with --model (and --api-base) to have the model write one, or "
            "--generator none.",
        )
    if choice == "model" and not model:
        raise GenplanError("--generator model needs a model to ask.", hint="Pass --model (and --api-base).")
    return choice


def _model_generator(
    s: Any, debug: list, settings: Any, model: str, api_base: str | None, cache_dir: Any, folder: Path,
    dask: Any, stack: contextlib.ExitStack,
) -> tuple[Any, Any]:  # fmt: skip
    """Ask the model for a task generator (cached like every call), keep it in ``folder`` and say what
    became of it; ``(generator or None, the executor it runs in)``."""
    from genplan.execute.pool import Executor
    from genplan.generalize.modelgen import GENERATOR_LIMITS
    from genplan.generalize.solvable import planner_decision
    from genplan.llm import make_client
    from genplan.stages.generator import ask_model_generator, generator_calls, generator_files

    folder.mkdir(parents=True, exist_ok=True)
    llm = make_client(model=model, api_base=api_base, cache_dir=cache_dir, log_path=folder / "calls.jsonl")
    stack.callback(llm.close)
    executor = stack.enter_context(Executor(jobs=settings.jobs, limits=GENERATOR_LIMITS))
    decide = planner_decision(settings.proof_time_limit, cache_dir, dask)
    generator, answer = ask_model_generator(llm, s.domain, s.domain_name, s.domain_path.read_text(), debug,
                                            executor=executor, decide=decide, settings=settings)  # fmt: skip
    calls = generator_calls(llm)
    for name, text in generator_files(answer, calls).items():
        (folder / name).write_text(text)
    paid = calls.get("paid_calls", 0)
    cost = f", {paid} paid" if paid else ", from the cache"
    verdict = "accepted" if answer.accepted else "rejected"
    style = "green" if answer.accepted else "yellow"
    err_console.print(Text(f"task generator written by the model: {verdict} ({len(answer.attempts)} attempt(s)"
                           f"{cost}): {answer.reason}", style=style))  # fmt: skip
    if not answer.accepted:
        err_console.print(Text("the check goes on without a generator", style="dim"))
    copyable(err_console, f"generator: {folder / 'generator.py'}", style="dim")
    return generator, executor


def _check_search_components(
    source: str,
    debug: list,
    given: list,
    generator: Any,
    seed: int,
    timeout: float,
    memory: int,
    folder: Path,
    cache_dir: Path | None,
) -> str:
    """``check`` on a search artifact, first: its successors and heuristic on sampled states of training
    tasks. Exits 1 with the counterexamples when they are wrong; else returns the strategy the
    generalization check then searches with (``hill`` when the heuristic is direct on every state)."""
    import json

    from genplan.search.check import check_search, check_tasks

    with err_console.status("checking the search artifact's components on sampled states"):
        found = check_search(
            source, check_tasks(debug, given, generator, seed=seed), seed=seed, timeout=timeout,
            memory_mb=min(memory, 4096), cache_dir=cache_dir,
        )  # fmt: skip
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "search-check.json").write_text(json.dumps(found.to_json(), indent=2) + "\n")
    what = "heuristic and successors" if found.has_successors else "heuristic (genplan's own successors)"
    counts = ", ".join(f"{k}: {n}" for k, n in found.by_kind().items()) or "no failure"
    console.print(Text(f"search artifact: {what} checked on {found.states} states of {found.tasks} training "
                       f"tasks ({counts}; inf proved on {found.inf_proved}, "
                       f"unproved on {found.inf_unproved})"))  # fmt: skip
    if found.errors:
        (folder / "search-feedback.txt").write_text(found.feedback() + "\n")
        console.print(Text("counterexample to the search artifact", style="bold red"))
        copyable(console, found.feedback())
        copyable(console, f"feedback: {folder / 'search-feedback.txt'}", style="dim")
        raise typer.Exit(1)
    strategy = "hill" if found.direct else "gbfs"
    how = "hill climbing (h is direct on every state checked)" if found.direct else "greedy best-first search"
    console.print(Text(f"the generalization check searches with {how}", style="dim"))
    return strategy


#: The exit code when the reader of the output closed the pipe: 128 + SIGPIPE, as a shell reports it.
_BROKEN_PIPE = 141


def main() -> None:
    """Entry point: run the app, turning user errors into one readable paragraph and exit code 2."""
    try:
        code = app(standalone_mode=False)
        if code == 130:  # typer turns Ctrl-C into a return value of 130 outside standalone mode
            raise KeyboardInterrupt
        sys.exit(code if isinstance(code, int) else 0)
    except GenplanError as exc:
        # Wrapped between words: the terminal would fold it inside one; a path stays whole for a copy.
        paragraph(err_console, Text.assemble(("error:", "bold red"), " ", exc.render()))
        sys.exit(exc.exit_code)
    except typer.Exit as exc:
        sys.exit(exc.exit_code)
    except SystemExit as exc:
        # When the reader of our output goes away (``genplan validate ... | head -1``), rich (or typer)
        # exits with 1, which for ``validate`` means "invalid plan". Exit as Unix tools do instead:
        # 128 + SIGPIPE. Both have already pointed the output elsewhere, so nothing more is written.
        broken = isinstance(exc.__context__, BrokenPipeError) or type(sys.stdout).__name__ == "PacifyFlushWrapper"
        if exc.code == 1 and broken:
            sys.exit(_BROKEN_PIPE)
        raise
    except (typer.Abort, KeyboardInterrupt):
        # Abort: end of input at a prompt; KeyboardInterrupt: Ctrl-C (see above).
        err_console.print("interrupted: everything finished so far is saved; run the same command again to "
                          "continue from there", style="yellow")  # fmt: skip
        sys.exit(130)
    except Exception as exc:
        # Usage errors (unknown command, bad option) arrive here with standalone_mode=False; typer
        # vendors click, so recognise them by their interface rather than by class.
        if callable(getattr(exc, "show", None)) and isinstance(getattr(exc, "exit_code", None), int):
            exc.show()
            sys.exit(exc.exit_code)
        raise


if __name__ == "__main__":
    main()
