"""Task generators the model writes, for domains without a builtin one: run sandboxed, checked, judged.

A domain a user brings (or floortile before it had a generator) leaves the check with variants of the
debugging tasks only, which never reach the sizes where programs break. The model is then asked once
for a generator (:mod:`genplan.stages.generator`), in this interface:

- ``PARAMETERS = {"name": minimum, ...}``: the size parameters, each an ``int`` with its least value;
- ``params_for_size(size) -> dict``: parameters for a task of about ``size`` objects, so that the check's
  geometric size ladder (:mod:`genplan.generalize.generated`) uses it like a builtin generator;
- ``generate(params, seed) -> (objects, init, goal)``: a task in the Python form the programs receive.

The code is untrusted: every call runs in the sandbox (:func:`genplan.execute.sandbox.run_generator`),
under the programs' walls, and comes back as plain strings. Every task is then checked against the
domain here (:func:`check_task`), and nothing it makes is trusted to be solvable: a failure on one counts
only once Fast Downward proved it solvable, as for the builtin generators' ``unproven`` tasks.

Before the check uses a generator, :func:`assess` judges it on small sizes: it must run, make tasks of
the domain, make different tasks, make larger tasks for larger sizes, and make mostly solvable ones.
"""

from __future__ import annotations

import hashlib
import random
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from genplan.execute.outcome import Limits
from genplan.pddl.model import ROOT_TYPE, Domain, Task
from genplan.pddl.pyform import python_inputs

if TYPE_CHECKING:
    from genplan.execute.pool import Executor

#: The name the check and its artifacts give a model-written generator (``GeneratorNames.generator``).
MODEL = "model"
#: Limits of one generator call: generating a task is quick; a loop that never ends is not.
GENERATOR_LIMITS = Limits(timeout=10.0, memory=1024 * 2**20, max_plan_length=400_000, max_plan_chars=32 * 2**20)
#: A generator passes when at least this share of the sample tasks the planner decided is solvable.
SOLVABLE_SHARE = 0.5
#: Seeds per size in the assessment.
ASSESS_SEEDS = 3


@dataclass(frozen=True)
class Made:
    """One generator call: the task (``None`` when it failed) and the parameters it used."""

    size: int | None
    seed: int
    params: Mapping[str, int]
    task: Task | None
    #: Why there is no task: the sandbox's report, or what is wrong with the task.
    error: str = ""


def check_task(domain: Domain, objects: Sequence[tuple[str, ...]], init: Sequence[tuple[str, ...]],
               goal: Sequence[tuple[str, ...]]) -> str:  # fmt: skip
    """Why the generated parts are not a task of ``domain`` (``""``: they are one).

    Names are compared in lower case (PDDL ignores case). Objects are ``(name,)`` or ``(name, type)``.
    """
    declared: dict[str, str] = dict(domain.constants)
    for item in objects:
        name = item[0].lower()
        if domain.typed:
            if len(item) != 2:
                return f"the object {name!r} has no type: a typed domain's objects are (name, type) tuples"
            kind = item[1].lower()
            if kind not in domain.type_names:
                return f"the object {name!r} has the type {kind!r}, which the domain does not declare"
        else:
            if len(item) == 2 and item[1].lower() != ROOT_TYPE:
                return f"the object {name!r} has the type {item[1]!r}, but the domain has no types"
            kind = ROOT_TYPE
        if declared.get(name, kind) != kind:
            return f"the object {name!r} is declared twice, as {declared[name]!r} and as {kind!r}"
        declared[name] = kind
    predicates = domain.predicate_by_name
    for label, facts in (("initial state", init), ("goal", goal)):
        for fact in facts:
            pred, args = fact[0].lower(), [a.lower() for a in fact[1:]]
            shown = "(" + " ".join([pred, *args]) + ")"
            known = predicates.get(pred)
            if known is None:
                return f"the {label} fact {shown} uses the predicate {pred!r}, which the domain does not declare"
            if len(args) != known.arity:
                return (f"the {label} fact {shown} has {len(args)} argument(s), but {pred} takes "
                        f"{known.arity}")  # fmt: skip
            for arg, param in zip(args, known.parameters, strict=True):
                if arg not in declared:
                    return f"the {label} fact {shown} names the object {arg!r}, which is not among the objects"
                if domain.typed and not domain.is_subtype(declared[arg], param.type):
                    return (f"the {label} fact {shown} gives {pred} the object {arg!r} of type "
                            f"{declared[arg]!r} where it takes a {param.type!r}")  # fmt: skip
    if not goal:
        return "the goal is empty (every plan, even the empty one, reaches it: such a task tests nothing)"
    return ""


def decode(domain: Domain, lines: Sequence[str], name: str) -> tuple[dict[str, int], Task | None, str]:
    """The parameters and the task of a generator call's tagged lines (see
    :func:`genplan.execute.sandbox.encode_generated`), or the reason it is not a task of ``domain``."""
    params: dict[str, int] = {}
    objects: list[tuple[str, ...]] = []
    init: list[tuple[str, ...]] = []
    goal: list[tuple[str, ...]] = []
    for line in lines:
        tag, _, rest = line.partition(" ")
        parts = tuple(rest.split(" "))
        if tag == "P" and len(parts) == 2 and parts[1].lstrip("-").isdigit():
            params[parts[0]] = int(parts[1])
        elif tag == "O" and 1 <= len(parts) <= 2:
            objects.append(parts)
        elif tag in ("I", "G") and parts and parts[0]:
            (init if tag == "I" else goal).append(parts)
        else:
            return params, None, "the sandbox returned a malformed task (was it tampered with?)"
    why = check_task(domain, objects, init, goal)
    if why:
        return params, None, why
    constants = dict(domain.constants)
    own = sorted({(o[0].lower(), o[1].lower() if len(o) == 2 else ROOT_TYPE) for o in objects if o[0].lower()
                  not in constants})  # fmt: skip
    facts = [frozenset(tuple(p.lower() for p in f) for f in part) for part in (init, goal)]
    return params, Task(name=name, domain=domain, objects=tuple(own), init=facts[0], goal=facts[1]), ""


def fingerprint(task: Task) -> str:
    """The task's Python-form fingerprint without its name: what tells two generated tasks apart."""
    return python_inputs(task).fingerprint


class ModelGenerator:
    """A model-written generator bound to a domain and a sandbox: makes tasks in batches.

    Not plain data (it holds the executor); what is persisted is :attr:`source` and the verdict.
    """

    def __init__(self, source: str, domain: Domain, executor: Executor, limits: Limits = GENERATOR_LIMITS) -> None:
        self.source = source
        self.domain = domain
        self.executor = executor
        self.limits = limits
        #: Minimums by name, learned from the first call that returned parameters (the sandbox checked them).
        self.minimums: dict[str, int] = parameter_minimums(source)

    def make(self, calls: Sequence[tuple[int | None, Mapping[str, int] | None, int, str]]) -> list[Made]:
        """One task per ``(size, params, seed, task id)`` call (``params`` None: ``params_for_size(size)``),
        run together in the sandbox."""
        from genplan.execute.pool import RunRequest
        from genplan.pddl.pyform import PyTask

        empty = PyTask((), (), ())
        requests = [
            RunRequest(empty, 1, task=task_id,
                       call={"size": size, "params": dict(params) if params is not None else None, "seed": seed})
            for size, params, seed, task_id in calls
        ]  # fmt: skip
        outcomes = self.executor.run_many(self.source, requests, limits=self.limits)
        made: list[Made] = []
        for (size, params, seed, task_id), outcome in zip(calls, outcomes, strict=True):
            if outcome is None or outcome.status != "ok" or outcome.plan is None:
                detail = outcome.detail if outcome is not None else "not run"
                status = outcome.status if outcome is not None else "not run"
                made.append(Made(size, seed, dict(params or {}), None, f"{status}: {detail}".strip()))
                continue
            used, task, why = decode(self.domain, outcome.plan, task_id)
            made.append(Made(size, seed, used, task, why))
        return made


def parameter_minimums(source: str) -> dict[str, int]:
    """``PARAMETERS`` read from the source's syntax tree (never run here: the code is untrusted); empty
    when it is not a plain literal (the sandbox checks it at every call anyway)."""
    import ast

    try:
        tree = ast.parse(source)
    except (SyntaxError, ValueError):
        return {}
    for node in tree.body:
        if isinstance(node, ast.Assign) and any(isinstance(t, ast.Name) and t.id == "PARAMETERS" for t in node.targets):
            try:
                value = ast.literal_eval(node.value)
            except (ValueError, SyntaxError, TypeError):
                return {}
            if isinstance(value, dict) and all(isinstance(k, str) and type(v) is int for k, v in value.items()):
                return dict(value)
    return {}


def perturbed(params: Mapping[str, int], minimums: Mapping[str, int], rng: random.Random) -> dict[str, int]:
    """Every parameter scaled by a random factor, not below its minimum (as the builtin generators'
    parameters are pushed up or down, to reach the corners ``params_for_size`` never takes)."""
    return {k: max(minimums.get(k, 0), round(v * rng.choice((0.3, 0.5, 0.75, 1.0, 1.5, 2.0))))
            for k, v in sorted(params.items())}  # fmt: skip


def lowered(params: Mapping[str, int], minimums: Mapping[str, int], tier: str) -> list[dict[str, int]]:
    """Smaller parameters for shrinking, as :func:`genplan.generalize.regenerate.lowered` does for the
    builtin ones: ``"scale"`` all halved together, ``"halve"`` each halved alone, ``"step"`` each lowered
    by one; never below a minimum, largest cuts first."""
    if tier == "scale":
        scaled = {k: max(minimums.get(k, 0), v // 2) for k, v in sorted(params.items())}
        return [scaled] if scaled != dict(params) else []
    out: list[tuple[int, dict[str, int]]] = []
    for name, value in sorted(params.items()):
        new = value // 2 if tier == "halve" else value - 1
        if tier == "halve" and new >= value - 1:
            continue
        if new < minimums.get(name, 0) or new >= value:
            continue
        out.append((value - new, {**params, name: new}))
    out.sort(key=lambda dc: -dc[0])
    return [p for _, p in out]


@dataclass(frozen=True)
class Verdict:
    """Whether a model-written generator may feed the check, and why (a reason a model can act on)."""

    accepted: bool
    reason: str
    #: One row per sample task: size, seed, parameters, objects, proved solvable, error.
    samples: tuple[dict[str, Any], ...] = field(default=())

    def to_json(self) -> dict[str, Any]:
        return {"accepted": self.accepted, "reason": self.reason, "samples": list(self.samples)}


def assessment_sizes(debug: Sequence[Task], max_objects: int | None = None) -> list[int]:
    """The small sizes a generator is judged at: the smallest and largest debugging task and twice that,
    where a planner still proves tasks solvable quickly."""
    smallest = min((t.size for t in debug), default=5)
    largest = max((t.size for t in debug), default=10)
    sizes = sorted({smallest, largest, 2 * largest})
    if max_objects is not None:
        sizes = sorted({min(s, max_objects) for s in sizes})
    return sizes


def assess_seed(*parts: object) -> int:
    """Seeds of the assessment: a tagged digest, never the seeds of a builtin suite."""
    text = "genplan-modelgen-v1/" + "/".join(map(str, parts))
    return int.from_bytes(hashlib.sha256(text.encode()).digest()[:4], "big")


def assess(
    generator: ModelGenerator,
    sizes: Sequence[int],
    decide: Callable[[Task], bool | None],
    seeds: int = ASSESS_SEEDS,
) -> Verdict:
    """Judge a generator on ``seeds`` tasks at each of ``sizes``: rejected, with the first reason, when a
    call fails or times out, a task is not one of the domain, all tasks are alike, larger sizes do not
    give larger tasks, fewer than :data:`SOLVABLE_SHARE` of the tasks the planner decided are solvable, or
    none is proved solvable. ``decide`` is :func:`genplan.generalize.solvable.planner_decision` (None:
    undecided within its limit, which the planner often is on larger tasks of hard domains)."""
    calls = [(size, None, assess_seed(size, k), f"assess-{size}-{k + 1}") for size in sizes for k in range(seeds)]
    made = generator.make(calls)
    rows: list[dict[str, Any]] = []
    for m in made:
        rows.append({"size": m.size, "seed": m.seed, "params": dict(m.params),
                     "objects": m.task.size if m.task else None, "error": m.error})  # fmt: skip

    def shown(m: Made) -> str:
        params = ", ".join(f"{k}={v}" for k, v in sorted(m.params.items()))
        return f"size {m.size}" + (f" ({params})" if params else "") + f", seed {m.seed}"

    for m in made:
        if m.task is None:
            return Verdict(False, f"the call at {shown(m)} made no task of the domain: {m.error}", tuple(rows))
    tasks = [m.task for m in made if m.task is not None]
    prints = {fingerprint(t) for t in tasks}
    if len(prints) == 1:
        return Verdict(False, f"all {len(tasks)} tasks it made (sizes {', '.join(map(str, sizes))}, {seeds} seeds "
                       "each) are identical: it ignores its size and its seed", tuple(rows))  # fmt: skip
    if len(sizes) > 1:
        low = max(m.task.size for m in made if m.size == sizes[0] and m.task)
        high = max(m.task.size for m in made if m.size == sizes[-1] and m.task)
        if high <= low:
            return Verdict(False, f"params_for_size({sizes[-1]}) makes tasks no larger than params_for_size("
                           f"{sizes[0]}) ({high} objects at most against {low}): larger sizes must give larger "
                           "tasks", tuple(rows))  # fmt: skip
    seen: dict[str, bool | None] = {}
    for m, row in zip(made, rows, strict=True):
        assert m.task is not None
        key = fingerprint(m.task)
        if key not in seen:
            seen[key] = decide(m.task)
        row["proved"] = seen[key]
    solvable = sum(r["proved"] is True for r in rows)
    unsolvable = sum(r["proved"] is False for r in rows)
    counts = f"{solvable} of its {len(made)} tasks were proved solvable by Fast Downward and {unsolvable} unsolvable"
    if unsolvable and solvable < SOLVABLE_SHARE * (solvable + unsolvable):
        first = next(m for m, r in zip(made, rows, strict=True) if r["proved"] is False)
        return Verdict(False, f"only {counts} (for example the task at {shown(first)} has no plan): most of its "
                       "tasks cannot be solved", tuple(rows))  # fmt: skip
    if not solvable:
        why = (f"none of its {len(made)} tasks was proved solvable by Fast Downward, not even the smallest (size "
               f"{sizes[0]}): make small tasks that are surely solvable")  # fmt: skip
        return Verdict(False, why, tuple(rows))
    return Verdict(True, f"{counts}, the others undecided within the limit; {len(prints)} distinct tasks",
                   tuple(rows))  # fmt: skip
