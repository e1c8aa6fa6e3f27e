"""Solve a task with a generalized plan, falling back to Fast Downward when the program fails.

The program always runs in the sandbox (:mod:`genplan.execute`), never in this process, and its plan is
checked by genplan's validator before it is handed out. When the program crashes, times out or returns
an invalid plan, the reason is reported (with the validator's feedback for an invalid plan) and, unless
the fallback is ``none``, Fast Downward solves the task instead. Whatever happens, the user learns which
path produced the plan, or gets a clear "not solved".

Which program: ``--program FILE``, or the selected program of a run (``--run ID``), or else the newest
run of the domain that has one.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

from genplan.core.errors import GenplanError
from genplan.pddl.model import Domain, Task

if TYPE_CHECKING:
    from genplan.runs.folder import RunDir

#: ``--fallback`` values: a Fast Downward configuration, or ``none``.
FALLBACKS = ("ff", "lama-first", "lmcut", "none")
#: How many lines of the validator's (or the executor's) feedback the failure summary keeps.
FEEDBACK_LINES = 8


@dataclass(frozen=True)
class ProgramChoice:
    """Which program will run, and how it was found (for telling the user)."""

    path: Path
    #: ``"file"``, ``"run <id>"`` or ``"latest run <id>"``.
    origin: str
    #: For a run's search artifact, the search its run chose (``"hill"`` when the checks found the heuristic
    #: direct, else ``"gbfs"``), from ``4-selection.json``; ``None`` for a file or a program.
    strategy: str | None = None


@dataclass(frozen=True)
class SolveResult:
    """What ``genplan solve`` found: a valid plan and its source, or why there is none."""

    #: ``"program"``, ``"search"`` (a search artifact's plan), ``"fallback <planner>"`` or ``"not solved"``.
    source: str
    #: The validated plan (``None`` when not solved).
    plan: tuple[str, ...] | None
    program: ProgramChoice | None
    #: Why the program gave no valid plan: its status (``timeout``, ``exception``, a verdict kind, ...).
    program_status: str | None = None
    #: A few lines explaining the program's failure (the validator's or the executor's feedback).
    program_failure: str = ""
    program_runtime_s: float | None = None
    #: The fallback planner's status and message, when it ran.
    planner_status: str | None = None
    planner_message: str = ""
    planner_time_s: float | None = None
    #: States the search expanded, as its engine reported them (a search artifact only; informational:
    #: the count comes from the sandbox, so it is shown, never used for a verdict).
    expansions: int | None = None

    @property
    def solved(self) -> bool:
        return self.plan is not None


# ------------------------------------------------------------------------------------------- inputs
def load_domain(domain: str | Path, suite: str | Path | None = None, cache_dir: str | Path | None = None) -> Domain:
    """A domain given by name (the builtin file, or the suite's with ``suite``) or as a ``domain.pddl`` path."""
    from genplan.benchmarks.registry import domain_file
    from genplan.pddl.parser import parse_domain

    path = domain_file(domain)  # the one reading of a domain argument (a name, a domain.pddl, a folder)
    if path is not None:
        return parse_domain(path)
    if suite is None or str(suite) == "builtin":
        from genplan.benchmarks.registry import builtin_domains
        from genplan.generators.domains import builtin_domain_path

        if str(domain) not in builtin_domains():
            from difflib import get_close_matches

            close = get_close_matches(str(domain), builtin_domains(), n=1)
            raise GenplanError(
                f"Unknown domain {str(domain)!r}: it is neither a builtin domain nor an existing file.",
                hint=f"Did you mean {close[0]!r}?" if close else "Pass a domain name or the path of a domain.pddl.",
            )
        return parse_domain(builtin_domain_path(str(domain)))
    from genplan.benchmarks.registry import resolve_suite

    return resolve_suite(str(domain), suite, cache_dir).domain


def run_domain_names(domain_arg: str | Path, domain: Domain) -> list[str]:
    """Where a domain's runs may be filed: its name as given, and the name inside its PDDL."""
    from genplan.benchmarks.registry import domain_file

    path = domain_file(domain_arg)
    names = [path.parent.name] if path is not None else [str(domain_arg)]
    names.append(domain.name)
    return list(dict.fromkeys(n for n in names if n))


def choose_program(
    domain_names: list[str],
    *,
    program: str | Path | None = None,
    run: str | None = None,
    cache_dir: str | Path | None = None,
) -> ProgramChoice:
    """The program to run: the given file, the given run's selected program, or the newest run's."""
    from genplan.runs import find_run, list_runs, runs_root

    if program is not None and run is not None:
        raise GenplanError("Pass either --program or --run, not both.", hint="--run picks the program of a run.")
    if program is not None:
        path = Path(program).expanduser()
        if not path.is_file():
            raise GenplanError(f"The program {path} does not exist.", hint="Check the path.")
        return ProgramChoice(path, "file")
    if run is not None:
        errors = []
        for name in domain_names:
            try:
                found = find_run(name, run, cache_dir)
            except GenplanError as exc:
                errors.append(exc)
                continue
            path = found.path("program.py")
            if not path.is_file():
                status = (found.read_json("run.json") or {}).get("status", "unknown")
                raise GenplanError(
                    f"The run {found.run_id} of {found.domain!r} has no selected program (status: {status}).",
                    hint=f"See `genplan inspect {found.domain} --run {found.run_id}`, or pass --program FILE.",
                )
            return ProgramChoice(path, f"run {found.run_id}", _recorded_strategy(found))
        raise errors[0]
    for name in domain_names:
        for candidate in list_runs(name, cache_dir):
            path = candidate.path("program.py")
            if path.is_file():
                return ProgramChoice(path, f"latest run {candidate.run_id}", _recorded_strategy(candidate))
    raise GenplanError(
        f"No run of {' / '.join(repr(n) for n in domain_names)} under {runs_root(cache_dir)} has a selected program.",
        hint=f"Synthesize one with `genplan synthesize {domain_names[0]}`, or pass --program FILE or --run ID.",
    )


def _recorded_strategy(run: RunDir) -> str | None:
    """The search strategy a run selected with its artifact (None for a program or an older run)."""
    selection = run.read_json("4-selection.json") or {}
    strategy = selection.get("strategy")
    return strategy if selection.get("kind") == "search" and strategy in ("gbfs", "hill") else None


def search_strategy(option: str | None, choice: ProgramChoice | None) -> str:
    """The search a search artifact runs with: ``--search-strategy`` when given, else what its run chose,
    else greedy best-first search (complete whatever the heuristic; hill climbing pays off only for a
    heuristic the checks found direct)."""
    from genplan.search.compose import STRATEGIES

    if option is not None:
        if option not in STRATEGIES:
            raise GenplanError(
                f"Unknown search strategy {option!r}.",
                hint=f"Choose one of: {', '.join(STRATEGIES)} (hill: hill climbing, for a heuristic `genplan check` "
                "found direct; it falls back to gbfs when stuck).",
            )
        return option
    return (choice.strategy if choice is not None else None) or "gbfs"


def check_fallback(name: str) -> str | None:
    """``--fallback`` as a planner configuration, ``None`` for ``none``; anything else is a clear error."""
    if name == "none":
        return None
    if name not in FALLBACKS:
        raise GenplanError(f"Unknown fallback {name!r}.", hint=f"Choose one of: {', '.join(FALLBACKS)}.")
    return name


# -------------------------------------------------------------------------------------------- solve
def solve(
    domain: str | Path,
    problem: str | Path,
    *,
    program: str | Path | None = None,
    run: str | None = None,
    fallback: str = "ff",
    timeout: float = 60.0,
    memory_mb: int = 4096,
    planner_time_limit: float = 300.0,
    planner_memory_mb: int = 8192,
    suite: str | Path | None = None,
    cache_dir: str | Path | None = None,
    strategy: str | None = None,
) -> SolveResult:
    """``genplan solve``: load the task, pick the program, run it, fall back if needed.

    Every user error (unknown domain, missing problem, no program, bad fallback) is raised before
    anything runs.
    """
    from genplan.pddl.parser import parse_problem

    planner = check_fallback(fallback)
    parsed = load_domain(domain, suite, cache_dir)
    problem_path = Path(problem).expanduser()
    if not problem_path.is_file():
        raise GenplanError(f"The problem file {problem_path} does not exist.", hint="Check the path.")
    task = parse_problem(problem_path, parsed)
    choice = choose_program(run_domain_names(domain, parsed), program=program, run=run, cache_dir=cache_dir)
    chosen = search_strategy(strategy, choice)
    return solve_task(
        task, choice, fallback=planner, timeout=timeout, memory_mb=memory_mb, planner_time_limit=planner_time_limit,
        planner_memory_mb=planner_memory_mb, cache_dir=cache_dir, strategy=chosen,
    )  # fmt: skip


def solve_task(
    task: Task,
    program: ProgramChoice | None,
    *,
    fallback: str | None = "ff",
    timeout: float = 60.0,
    memory_mb: int = 4096,
    planner_time_limit: float = 300.0,
    planner_memory_mb: int = 8192,
    cache_dir: str | Path | None = None,
    strategy: str = "gbfs",
) -> SolveResult:
    """Run ``program`` on ``task`` in the sandbox; on failure fall back to ``fallback`` (a planner name or None).

    The program's plan counts only if genplan's validator accepts it. ``program=None`` goes straight
    to the planner.
    """
    status: str | None = None
    failure = ""
    runtime = None
    expansions = None
    if program is not None:
        kind, outcome = _run_program(program.path, task, timeout, memory_mb, strategy)
        runtime = round(outcome.runtime, 6)
        if kind == "search" and outcome.runs:
            expansions = search_expansions(outcome.runs[0].outcome.stderr)
        if outcome.solved and outcome.plan is not None:
            return SolveResult(kind, outcome.plan, program, program_runtime_s=runtime, expansions=expansions)
        status = outcome.status
        failure = failure_summary(outcome.status, outcome.category, outcome.feedback)
    if fallback is None:
        return SolveResult(
            "not solved", None, program, program_status=status, program_failure=failure, program_runtime_s=runtime,
            expansions=expansions,
        )  # fmt: skip
    from genplan.planners import plan

    result = plan(task, fallback, time_limit=planner_time_limit, memory_limit_mb=planner_memory_mb, cache_dir=cache_dir)
    return SolveResult(
        source=f"fallback {fallback}" if result.solved else "not solved",
        plan=result.plan,
        program=program,
        program_status=status,
        program_failure=failure,
        program_runtime_s=runtime,
        planner_status=result.status,
        planner_message=result.message,
        planner_time_s=result.time_s,
        expansions=expansions,
    )


def search_expansions(stderr: str) -> int | None:
    """The expansions a composed search reported on its last ``genplan-search:`` line, if any."""
    from genplan.search.stats import expansions

    return expansions(stderr)


def _run_program(path: Path, task: Task, timeout: float, memory_mb: int, strategy: str = "gbfs"):  # -> (kind, outcome)
    """One sandboxed run in the task's own input order, judged by the validator (``debug`` mode keeps the plan);
    a search artifact is composed into its program first."""
    from genplan.execute.evaluate import evaluate
    from genplan.programs.source import load_program
    from genplan.search.compose import kind_of, runnable

    raw = load_program(path)
    source = runnable(raw, task.domain, strategy)  # type: ignore[arg-type]
    evaluation = evaluate(
        source, [(task.name, task)], orderings=1, timeout=timeout, memory_mb=memory_mb, jobs=1, mode="debug"
    )
    return kind_of(raw) or "program", evaluation.results[0]


def failure_summary(status: str, category: str | None, feedback: str | None, lines: int = FEEDBACK_LINES) -> str:
    """``timeout: ...`` or ``invalid plan (precondition): ...``: the kind, then the feedback's first lines."""
    invalid = category in {"invalid action", "goal not satisfied"}
    head = f"invalid plan ({status})" if invalid else status
    text = (feedback or "").strip().splitlines()
    if len(text) > lines:
        text = [*text[:lines], f"... ({len(text) - lines} more lines)"]
    return head + (":\n" + "\n".join(text) if text else "")


def plan_text(result: SolveResult) -> str:
    """The plan as a plan file (Fast Downward's format), then a comment saying where it came from."""
    assert result.plan is not None
    origin = result.source
    if result.source in ("program", "search") and result.program is not None:
        origin = f"{result.source} {result.program.path} ({result.program.origin})"
        if result.expansions is not None:
            origin += f", {result.expansions} expansions"
    from genplan.validate.plantext import plan_file_text

    return plan_file_text(result.plan, comment=f"{len(result.plan)} steps, produced by {origin}")
