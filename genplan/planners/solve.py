"""Solve a task with a named Fast Downward configuration: write, run, validate, cache.

Every plan is checked by genplan's own validator before it is returned or cached. Fast Downward is
trusted for search, not for agreeing with our reading of the PDDL: a plan we reject points to a planner
bug or a parse mismatch, and it is reported as an error instead of being used as an example plan.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from genplan.core.errors import GenplanError
from genplan.pddl.model import Task
from genplan.pddl.writer import write_domain, write_problem
from genplan.planners import downward
from genplan.planners.cache import PlanCache, cache_key
from genplan.planners.configs import PLANNERS, PlannerConfig
from genplan.planners.result import ERROR, LIMIT_INDEPENDENT, SOLVED, PlannerResult

#: Statuses worth remembering: each is a fact about (task, configuration, limits). Errors are not cached,
#: since they may come from a passing condition (a full disk, a killed process) and should be retried.
CACHED_STATUSES = frozenset({"solved", "timeout", "memory", "unsolvable"})


def planner_config(name: str | PlannerConfig) -> PlannerConfig:
    """The configuration called ``name`` (a configuration is itself); an unknown name is a user error
    listing the valid ones."""
    if isinstance(name, PlannerConfig):
        return name
    try:
        return PLANNERS[name]
    except KeyError:
        valid = ", ".join(PLANNERS)
        raise GenplanError(
            f"Unknown planner {name!r}.", hint=f"Choose one of: {valid} (lmcut is optimal, the others satisficing)."
        ) from None


def check_alias(alias: str) -> str:
    """``alias`` when the installed Fast Downward driver knows it; else a user error listing those it
    knows, before anything runs (the driver would fail only after translating the task)."""
    known = downward.aliases()
    if alias not in known:
        from difflib import get_close_matches

        close = get_close_matches(alias, known, n=1)
        guess = f"Did you mean {close[0]!r}? " if close else ""
        raise GenplanError(
            f"Fast Downward has no alias {alias!r}.", hint=f"{guess}Its aliases and portfolios: {', '.join(known)}."
        )
    return alias


def fast_downward_config(*, alias: str | None = None, search: str | None = None) -> PlannerConfig:
    """The configuration of ``--alias`` or ``--search``, checked before it runs: the alias must be one the
    driver knows, the search string must be non-empty with balanced parentheses."""
    from genplan.planners.configs import custom_config

    if alias is not None and search is not None:
        raise GenplanError("--alias and --search both choose the search.", hint="Pass one of them.")
    if alias is not None:
        return custom_config(alias=check_alias(alias.strip()))
    text = (search or "").strip()
    depth = 0
    for char in text:
        depth += {"(": 1, ")": -1}.get(char, 0)
        if depth < 0:
            break
    if not text or depth != 0:
        raise GenplanError(
            f"The search string {search!r} is not a Fast Downward search: its parentheses do not match."
            if text
            else "The search string is empty.",
            hint='Pass e.g. --search "astar(lmcut())" (see Fast Downward\'s documentation of search plugins).',
        )
    return custom_config(search=text)


def plan(
    task: Task,
    planner: str | PlannerConfig = "lama-first",
    *,
    time_limit: float = 60,
    memory_limit_mb: int = 8192,
    cache_dir: str | Path | None = None,
    use_cache: bool = True,
) -> PlannerResult:
    """Run ``planner`` (a name of :data:`PLANNERS`, or a configuration such as
    :func:`fast_downward_config`'s) on ``task`` under the limits and return an honest, validated result.

    The limits default to one minute and 8 GiB (the paper used 8 GB and 30 minutes for its baselines).
    Results other than errors are cached under ``<cache root>/planners/``; ``use_cache=False`` neither
    reads nor writes the cache.
    """
    config = planner_config(planner)
    if not time_limit > 0:
        raise GenplanError(f"The planner time limit must be positive, not {time_limit}.", hint="Pass e.g. 60.")
    if not memory_limit_mb > 0:
        raise GenplanError(
            f"The planner memory limit must be positive, not {memory_limit_mb} MiB.", hint="Pass e.g. 8192."
        )
    fd = downward.locate()
    domain_text = write_domain(task.domain)
    problem_text = write_problem(task)
    key = cache_key(domain_text, problem_text, config, time_limit, memory_limit_mb, fd.version)
    store = PlanCache(cache_dir) if use_cache else None

    if store is not None:
        hit = _checked_hit(task, store.get(key))
        if hit is not None:
            return hit

    result = _run(task, config, domain_text, problem_text, time_limit, memory_limit_mb, fd.version)
    if store is not None and result.status in CACHED_STATUSES:
        store.put(key, result, task_name=task.name)
    return result


def _key(task: Task, config: PlannerConfig, time_limit: float, memory_limit_mb: int) -> str:
    return cache_key(write_domain(task.domain), write_problem(task), config, time_limit, memory_limit_mb,
                     downward.locate().version)  # fmt: skip


def _checked_hit(task: Task, hit: PlannerResult | None) -> PlannerResult | None:
    """A cached plan is re-checked (cheap, in-process): a hand-edited or stale file must not slip through."""
    if hit is not None and (hit.status != SOLVED or (hit.plan is not None and _plan_error(task, hit.plan) is None)):
        return hit
    return None


def lookup_plan(
    task: Task, planner: str, *, time_limit: float, memory_limit_mb: int, cache_dir: str | Path | None = None
) -> PlannerResult | None:
    """The cached result of :func:`plan` for these arguments, or ``None``: the read half of :func:`plan`.

    With :func:`store_plan`, the write half, a caller that runs the planner elsewhere (on a Dask worker,
    see :func:`genplan.execute.planning.plan_tasks`) keeps every cache read and write in its own process.
    """
    key = _key(task, planner_config(planner), time_limit, memory_limit_mb)
    return _checked_hit(task, PlanCache(cache_dir).get(key))


def store_plan(task: Task, result: PlannerResult, *, cache_dir: str | Path | None = None) -> bool:
    """Cache ``result`` (computed by ``plan(..., use_cache=False)`` anywhere) as :func:`plan` would have.

    Errors are not stored, nor a result of another Fast Downward than this process's (its key would lie).
    Returns whether it was stored.
    """
    if result.status not in CACHED_STATUSES or result.fd_version != downward.locate().version:
        return False
    key = _key(task, planner_config(result.planner), result.time_limit, result.memory_limit_mb)
    PlanCache(cache_dir).put(key, result, task_name=task.name)
    return True


def optimal_plan(
    task: Task,
    *,
    time_limit: float = 60,
    memory_limit_mb: int = 8192,
    cache_dir: str | Path | None = None,
    use_cache: bool = True,
) -> PlannerResult:
    """An optimal plan by A* with LM-cut (what the pipeline shows as an example when the LLM has none)."""
    return plan(
        task, "lmcut", time_limit=time_limit, memory_limit_mb=memory_limit_mb, cache_dir=cache_dir,
        use_cache=use_cache,
    )  # fmt: skip


def _run(
    task: Task,
    config: PlannerConfig,
    domain_text: str,
    problem_text: str,
    time_limit: float,
    memory_limit_mb: int,
    fd_version: str,
) -> PlannerResult:
    raw = downward.run_downward(domain_text, problem_text, config, time_limit, memory_limit_mb)
    note = ""
    if downward.unsupported_conditional_effects(raw) and raw.wall_s < time_limit:
        # The conditional effects are an artefact of FD's encoding, not of the task (genplan's PDDL has
        # none): translate again with binary variables, within what is left of the time limit.
        first = raw
        raw = downward.run_downward(
            domain_text, problem_text, config, time_limit - first.wall_s, memory_limit_mb,
            translate_args=downward.BINARY_VARIABLES,
        )  # fmt: skip
        raw = dataclasses.replace(raw, wall_s=first.wall_s + raw.wall_s)
        note = "Translated with binary variables: with FD's default encoding the search rejected conditional effects."
    status, message = downward.classify(raw.exit_code, raw.plan_text is not None, raw.wall_s, time_limit)
    steps: tuple[str, ...] | None = None
    cost = None
    if status == SOLVED:
        steps, cost = downward.parse_plan_file(raw.plan_text or "")
        problem = _plan_error(task, steps)
        if problem is not None:
            status, steps, cost = ERROR, None, None
            message = f"Fast Downward returned a plan that genplan's validator rejects: {problem}"
    if status == ERROR and raw.exit_code is not None and "validator rejects" not in message:
        tail = downward.output_tail(raw)
        if tail:
            message = f"{message}. Last output:\n{tail}"
    if note:
        message = f"{message} ({note})" if message else note
    return PlannerResult(
        status=status,
        plan=steps,
        planner=config.name,
        time_s=round(raw.wall_s, 3),
        time_limit=float(time_limit),
        memory_limit_mb=int(memory_limit_mb),
        peak_memory_kb=downward.peak_memory_kb(raw.stdout),
        plan_cost=cost,
        expansions=downward.expansions(raw.stdout),
        exit_code=raw.exit_code,
        message=message,
        fd_version=fd_version,
    )


def _plan_error(task: Task, steps: Sequence[str]) -> str | None:
    """``None`` when genplan's validator accepts the plan, else its feedback text."""
    from genplan.validate import feedback, validate  # lazy: the validator is only needed once a plan exists

    verdict = validate(task, list(steps))
    if verdict.valid:
        return None
    return feedback(verdict, list(steps))


# ------------------------------------------------------------------------------------- elsewhere
@dataclass(frozen=True)
class PlanRequest:
    """One task for one planner under increasing time limits, to be run where the plan cache is not.

    ``known`` holds the results the caller already has (read from its cache), by limit: they are used, not
    recomputed. Plain frozen data, so it travels to a Dask worker as it is.
    """

    task: Task
    planner: str
    time_limits: tuple[float, ...]
    memory_limit_mb: int
    known: tuple[tuple[float, PlannerResult], ...] = ()


def plan_limits(request: PlanRequest) -> dict[float, PlannerResult]:
    """Run ``request``'s planner under each of its limits, smallest first, until an outcome that no larger
    limit can change (:data:`~genplan.planners.result.LIMIT_INDEPENDENT`); neither reads nor writes a cache.

    Returns the result of every limit it got to: a known one (``cached``) or one computed now.
    """
    known = dict(request.known)
    out: dict[float, PlannerResult] = {}
    for limit in sorted(request.time_limits):
        if out and list(out.values())[-1].status in LIMIT_INDEPENDENT:
            break
        result = known.get(limit)
        if result is None:
            result = plan(request.task, request.planner, time_limit=limit, memory_limit_mb=request.memory_limit_mb,
                          use_cache=False)  # fmt: skip
        out[limit] = result
    return out
