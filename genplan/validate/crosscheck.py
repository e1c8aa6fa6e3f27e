"""Cross-check genplan's validator against VAL and unified-planning on systematically mutated plans.

Used by the soundness tests (tests/test_validate_soundness.py) and by ``scripts/validator_agreement.py``,
which prints the agreement table. Starting from a valid plan (e.g. Fast Downward's), :func:`mutations`
derives plans that are wrong in every way the validator distinguishes, deterministically from a seed:

- *well-formed* mutations (known actions, right arity, known objects of the right types): a dropped,
  swapped or duplicated step, a truncated or empty plan, an argument replaced by another object that
  fits the parameter, upper case. Here the three validators must reach the same verdict, and ours must
  name the same failing step as VAL;
- *malformed* mutations: an unknown object, an object of the wrong type, an extra or a missing argument,
  an unknown action, a step without parentheses, two actions in one string. Ours must reject each at
  the mutated step with the precise kind; VAL's answer is only recorded (it is not a reliable judge of
  malformed plans, see :mod:`genplan.validate.val`).
"""

from __future__ import annotations

import dataclasses
import hashlib
import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from genplan.pddl.model import ROOT_TYPE, Task
from genplan.validate.validator import validate
from genplan.validate.verdict import (
    GOAL,
    MALFORMED,
    PRECONDITION,
    UNKNOWN_ACTION,
    UNKNOWN_OBJECT,
    WRONG_ARITY,
    WRONG_TYPE,
    Verdict,
)

#: An object name no task uses.
UNKNOWN_NAME = "zz-no-such-object"

WELL_FORMED_MUTATIONS = (
    "original", "drop", "swap", "duplicate", "truncate", "empty", "replace_arg", "upper_case",
)  # fmt: skip
MALFORMED_MUTATIONS = (
    "unknown_arg", "wrong_type_arg", "extra_arg", "missing_arg", "unknown_action", "no_parens", "two_actions",
)  # fmt: skip


@dataclass(frozen=True)
class Mutation:
    """A plan derived from a valid one, and what a precise validator must say about malformed ones."""

    name: str
    plan: tuple[str, ...]
    #: The 1-based step that was changed (``None`` for the original, the empty plan and upper case).
    step: int | None = None
    #: For malformed mutations: the error kind ours must report at ``step``; ``None`` if well-formed.
    expected_kind: str | None = None

    @property
    def well_formed(self) -> bool:
        return self.expected_kind is None


def seed_for(*parts: str) -> int:
    """A seed derived from names with hashlib (stable across processes, unlike ``hash()``)."""
    return int.from_bytes(hashlib.sha256("\0".join(parts).encode()).digest()[:8], "big")


def _split(step: str) -> list[str]:
    return step[1:-1].split()


def _join(parts: Sequence[str]) -> str:
    return "(" + " ".join(parts) + ")"


def mutations(task: Task, plan: Sequence[str], rng: random.Random, samples: int = 2) -> list[Mutation]:
    """The original plan and its mutations (``samples`` random instances of each positional kind).

    ``plan`` must be valid for ``task``: then every prefix executes, so a malformed mutation at step
    ``i`` must be reported at step ``i``.
    """
    plan = tuple(plan)
    n = len(plan)
    domain = task.domain
    objects = task.all_objects
    out = [Mutation("original", plan), Mutation("empty", ())]
    out.append(Mutation("upper_case", tuple("( " + s[1:-1].upper().replace(" ", "  ") + " )" for s in plan)))
    if n == 0:
        return out

    def fitting(type_name: str) -> list[str]:
        return sorted(o for o, t in objects.items() if domain.is_subtype(t, type_name))

    steps_with_args = [k for k in range(n) if len(_split(plan[k])) > 1]
    for _ in range(samples):
        i = rng.randrange(n)
        out.append(Mutation("drop", plan[:i] + plan[i + 1 :], i + 1))
        out.append(Mutation("duplicate", plan[: i + 1] + plan[i:], i + 1))
        out.append(Mutation("truncate", plan[: rng.randrange(n)], None))
        if n >= 2:
            j = rng.randrange(n - 1)
            if plan[j] != plan[j + 1]:
                swapped = (*plan[:j], plan[j + 1], plan[j], *plan[j + 2 :])
                out.append(Mutation("swap", swapped, j + 1))
        # Replace one argument by another object that fits the parameter's type.
        for _attempt in range(10):
            if not steps_with_args:
                break
            k = rng.choice(steps_with_args)
            parts = _split(plan[k])
            schema = domain.action_by_name[parts[0]]
            pos = rng.randrange(1, len(parts))
            others = [o for o in fitting(schema.parameters[pos - 1].type) if o != parts[pos]]
            if others:
                parts[pos] = rng.choice(others)
                out.append(Mutation("replace_arg", (*plan[:k], _join(parts), *plan[k + 1 :]), k + 1))
                break

    def at(k: int, step: str, name: str, kind: str) -> Mutation:
        return Mutation(name, (*plan[:k], step, *plan[k + 1 :]), k + 1, kind)

    k = rng.randrange(n)
    parts = _split(plan[k])
    out.append(at(k, _join([*parts, rng.choice(sorted(objects))]), "extra_arg", WRONG_ARITY))
    out.append(at(k, _join(["zz-" + parts[0], *parts[1:]]), "unknown_action", UNKNOWN_ACTION))
    out.append(at(k, " ".join(parts), "no_parens", MALFORMED))
    if k + 1 < n:
        joined = (*plan[:k], plan[k] + " " + plan[k + 1], *plan[k + 2 :])
        out.append(Mutation("two_actions", joined, k + 1, MALFORMED))
    if steps_with_args:
        k = rng.choice(steps_with_args)
        parts = _split(plan[k])
        pos = rng.randrange(1, len(parts))
        out.append(at(k, _join(parts[:-1]), "missing_arg", WRONG_ARITY))
        out.append(at(k, _join([*parts[:pos], UNKNOWN_NAME, *parts[pos + 1 :]]), "unknown_arg", UNKNOWN_OBJECT))
        # An object whose type does not fit the parameter (only possible in typed domains).
        for k in rng.sample(steps_with_args, min(len(steps_with_args), 10)):
            parts = _split(plan[k])
            schema = domain.action_by_name[parts[0]]
            pos = rng.randrange(1, len(parts))
            fits = set(fitting(schema.parameters[pos - 1].type))
            misfits = sorted(o for o in objects if o not in fits)
            if misfits:
                parts[pos] = rng.choice(misfits)
                out.append(at(k, _join(parts), "wrong_type_arg", WRONG_TYPE))
                break
    return out


# ---------------------------------------------------------------------------------------- comparing
def comparable(verdict: Verdict) -> tuple[str, int | None]:
    """Our verdict as ``(status, step)`` in VAL's and unified-planning's vocabulary."""
    if verdict.valid:
        return "valid", None
    if verdict.kind == GOAL:
        return "goal", None
    if verdict.kind == PRECONDITION:
        return "precondition", verdict.step
    return "bad_plan", verdict.step


def agrees(verdict: Verdict, status: str, step: int | None) -> bool:
    """Whether another validator's ``(status, step)`` is the same verdict as ours (same failing step)."""
    return comparable(verdict) == (status, step if status == "precondition" else None)


@dataclass(frozen=True)
class CaseResult:
    """One plan checked by the three validators."""

    domain: str
    task: str
    mutation: Mutation
    ours: Verdict
    #: VAL's ``(status, step)``; ``None`` when VAL was not run.
    val: tuple[str, int | None] | None
    #: unified-planning's ``(status, step)``; ``None`` when it was not run.
    up: tuple[str, int | None] | None
    #: The mutated step binds a parameter of type ``object`` to an object of another declared type
    #: (see :func:`root_type_binding`).
    root_binding: bool = False

    @property
    def val_agrees(self) -> bool | None:
        return None if self.val is None else agrees(self.ours, *self.val)

    @property
    def up_agrees(self) -> bool | None:
        return None if self.up is None else agrees(self.ours, *self.up)

    @property
    def precise(self) -> bool:
        """Malformed: ours reports the expected kind at the mutated step. Well-formed: ours reports no
        syntactic error (and, for the original and upper case, that the plan is valid)."""
        m = self.mutation
        if not m.well_formed:
            return self.ours.kind == m.expected_kind and self.ours.step == m.step
        if m.name in {"original", "upper_case"}:
            return self.ours.valid
        return self.ours.valid or self.ours.kind in {PRECONDITION, GOAL}


def root_type_binding(task: Task, step: str) -> bool:
    """Whether ``step`` binds a parameter of type ``object`` to an object declared with another type.

    PDDL's ``object`` is the root type, so this is well-typed; but when a domain also lists ``object``
    in its ``:types`` (grippers does), VAL and sometimes unified-planning read it as an ordinary type
    and reject the plan as ill-typed. The soundness tests single out these cases.
    """
    parts = _split(step.strip().lower())
    schema = task.domain.action_by_name.get(parts[0]) if parts else None
    if schema is None or len(parts) - 1 != schema.arity:
        return False
    objects = task.all_objects
    return any(
        p.type == ROOT_TYPE and objects.get(arg, ROOT_TYPE) != ROOT_TYPE
        for p, arg in zip(schema.parameters, parts[1:], strict=True)
    )


def check_plans(
    domain_name: str,
    task: Task,
    domain_path: str | Path,
    problem_path: str | Path,
    cases: Sequence[Mutation],
    *,
    run_val: bool = True,
    up_checker: object | None = None,
    val_time_limit: float = 60.0,
) -> list[CaseResult]:
    """Run ours, VAL (unless ``run_val`` is false) and unified-planning (when a
    :class:`genplan.validate.up_check.UpChecker` for the same files is given) on each mutation."""
    from genplan.validate.val import val_validate_files

    results = []
    for m in cases:
        ours = validate(task, list(m.plan))
        val = None
        if run_val:
            v = val_validate_files(domain_path, problem_path, m.plan, time_limit=val_time_limit)
            val = (v.status, v.step)
        up = None
        if up_checker is not None:
            u = up_checker.check(m.plan)  # type: ignore[attr-defined]
            up = (u.status, u.step)
        root = m.step is not None and m.step <= len(m.plan) and root_type_binding(task, m.plan[m.step - 1])
        results.append(CaseResult(domain_name, task.name, m, ours, val, up, root))
    return results


# ------------------------------------------------------------------------------ the reference domains
@dataclass(frozen=True)
class DomainReport:
    """Every plan checked in one reference domain, and the tasks the planner did not solve in time."""

    domain: str
    typed: bool
    cases: tuple[CaseResult, ...]
    #: ``(task id, planner status)`` of the tasks left out.
    skipped: tuple[tuple[str, str], ...]
    #: The number of tasks whose plans were mutated.
    n_tasks: int


def reference_task_ids(domain_dir: Path, n_debug: int = 6, quantiles: Sequence[float] = (0.3, 0.6)) -> list[str]:
    """The debugging tasks ``instance-0 .. instance-{n_debug-1}`` and, for larger tasks, the other tasks
    at the given quantiles of problem-file size (a stable choice that does not need planning first)."""
    debug = [f"instance-{i}" for i in range(n_debug)]
    others = sorted(
        (p for p in (domain_dir / "problems").glob("*.pddl") if p.stem not in debug),
        key=lambda p: (p.stat().st_size, p.name),
    )
    larger = [others[int(q * len(others))].stem for q in quantiles if others]
    return debug + sorted(set(larger) - set(debug), key=larger.index)


def run_domain(
    domain_dir: Path,
    *,
    solve: Callable[[Task], Any],
    samples: int = 2,
    up: str = "all",
    jobs: int = 2,
) -> DomainReport:
    """Plan the :func:`reference_task_ids` of one reference domain with ``solve`` (a planner: a task in, a
    result with ``plan`` and ``status`` out, e.g. :func:`genplan.planners.plan`; the validator does not depend
    on the planners, so the caller brings one), mutate each plan and check every mutation with ours, VAL and
    (``up="all"``: every task; ``"debug"``: the debugging tasks only; ``"none"``) unified-planning. Planner
    runs and VAL calls go in ``jobs`` threads."""
    from concurrent.futures import ThreadPoolExecutor

    from genplan.pddl.parser import parse_domain, parse_problem

    name = domain_dir.name
    domain_path = domain_dir / "domain.pddl"
    domain = parse_domain(domain_path)
    task_ids = reference_task_ids(domain_dir)

    def one(task_id: str) -> tuple[str, str, list[CaseResult]]:
        problem_path = domain_dir / "problems" / f"{task_id}.pddl"
        task = parse_problem(problem_path, domain)
        result = solve(task)
        if result.plan is None:
            return task_id, result.status, []
        cases = mutations(task, result.plan, random.Random(seed_for(name, task_id)), samples=samples)
        return task_id, result.status, check_plans(name, task, domain_path, problem_path, cases)

    with ThreadPoolExecutor(max_workers=max(1, jobs)) as pool:
        done = list(pool.map(one, task_ids))
    cases: list[CaseResult] = []
    skipped = []
    for task_id, status, results in done:
        if not results:
            skipped.append((task_id, status))
            continue
        if up == "all" or (up == "debug" and task_id.startswith("instance-") and int(task_id[9:]) < 6):
            from genplan.validate.up_check import UpChecker

            checker = UpChecker(domain_path, domain_dir / "problems" / f"{task_id}.pddl")
            results = [dataclasses.replace(r, up=_up_pair(checker.check(r.mutation.plan))) for r in results]
        cases += results
    return DomainReport(name, domain.typed, tuple(cases), tuple(skipped), len(done) - len(skipped))


def _up_pair(result: object) -> tuple[str, int | None]:
    return result.status, result.step  # type: ignore[attr-defined]


def summary_table(reports: Sequence[DomainReport]) -> str:
    """A plain-text table of the agreement counts, one line per domain and a total."""
    head = (
        f"{'domain':<12} {'tasks':>5} {'plans':>6} {'wf':>5} {'=VAL':>5} {'=UP':>5} {'VAL!=UP':>7} "
        f"{'objtype':>7} {'malf':>5} {'precise':>7} {'VALok':>5} {'VALcrash':>8}  skipped"
    )
    lines = [head, "-" * len(head)]
    totals = [0] * 11
    for r in reports:
        wf = [c for c in r.cases if c.mutation.well_formed]
        mf = [c for c in r.cases if not c.mutation.well_formed]
        row = [
            r.n_tasks,
            len(r.cases),
            len(wf),
            sum(bool(c.val_agrees) for c in wf),
            sum(bool(c.up_agrees) for c in wf),
            sum(c.val is not None and c.up is not None and c.val != c.up for c in wf),
            sum(c.root_binding for c in wf),
            len(mf),
            sum(c.precise for c in mf),
            sum(c.val is not None and c.val[0] == "valid" for c in mf),
            sum(c.val is not None and c.val[0] == "crash" for c in mf),
        ]
        totals = [a + b for a, b in zip(totals, row, strict=True)]
        skipped = ", ".join(f"{t} ({s})" for t, s in r.skipped) or "-"
        lines.append(f"{r.domain:<12} " + _row(row) + f"  {skipped}")
    lines.append("-" * len(head))
    lines.append(f"{'total':<12} " + _row(totals))
    lines.append(
        "wf: well-formed plans; =VAL/=UP: same verdict and failing step as ours; VAL!=UP: the two disagree; "
        "objtype: a parameter of type object bound to an object of another declared type (VAL calls it "
        "ill-typed when the domain lists object in :types); malf: malformed plans; precise: ours names the "
        "expected error at the mutated step; VALok: malformed plans VAL accepts; VALcrash: VAL crashes."
    )
    return "\n".join(lines)


def _row(values: Sequence[int]) -> str:
    widths = (5, 6, 5, 5, 5, 7, 7, 5, 7, 5, 8)
    return " ".join(f"{v:>{w}}" for v, w in zip(values, widths, strict=True))
