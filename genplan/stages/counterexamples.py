"""The generalization check as a pipeline stage: counterexamples become debugging tasks.

Six small, alike debugging tasks let a strategy or a program pass while it is still wrong for larger or
different tasks, and then no feedback ever arrives. After the strategy passes every debugging task, and
again after a program does, this stage looks for a task it fails:

- **for a strategy**, which cannot be run, the LLM writes plans by following it for a few new tasks
  (small generated tasks and walked variants of the debugging tasks, chosen deterministically so that
  a resumed run asks the same questions); the first invalid plan is the counterexample;
- **for a program**, :func:`genplan.generalize.check_program` searches within a time budget and shrinks
  what it finds. The result is cached by content (program, domain, tasks, settings), so a resumed run
  gets the same counterexample without searching again.

Either way the counterexample joins the debugging tasks for the rest of the run: it is fed back through
the existing reflection and revision prompts, later versions are judged on it, and selection counts it.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Sequence
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

from genplan.core.files import atomic_write
from genplan.generalize import CheckSettings
from genplan.generalize.candidates import Candidate
from genplan.generalize.naming import GeneratorNames
from genplan.pddl.model import Domain, Task
from genplan.pddl.writer import write_domain, write_problem

if TYPE_CHECKING:
    from genplan.execute.backend import Backend

#: Bump when what a cached check holds changes meaning.
CACHE_FORMAT = 1


@dataclass(frozen=True)
class FoundCounterexample:
    """A counterexample that became a debugging task."""

    #: Its debugging-task id for the rest of the run: ``check1``, ``check2``, ... (numbered with the tasks
    #: the strategy check showed the LLM that did not fail).
    task_id: str
    task: Task
    #: "strategy" or "program": which stage's check found it.
    stage: str
    #: The version it was found against ("strategy v0", "p1.v0").
    found_by: str
    #: How the task was made (generator and parameters, or the variant of which debugging task).
    origin: str
    category: str
    feedback: str
    #: What the check tried, and how long it took (for ``genplan inspect``).
    check: dict[str, Any] = field(default_factory=dict)

    def to_json(self) -> dict[str, Any]:
        return {
            "task_id": self.task_id,
            "stage": self.stage,
            "found_by": self.found_by,
            "origin": self.origin,
            "category": self.category,
            "feedback": self.feedback,
            "objects": self.task.size,
            "problem_pddl": write_problem(self.task),
            "check": self.check,
        }


# ------------------------------------------------------------------------------------------ strategy
def strategy_candidates(
    debug: Sequence[tuple[str, Task]], generator: GeneratorNames | None, *, seed: int, count: int, round_: int
) -> list[Candidate]:
    """``count`` new tasks a person could still solve by hand, unlike the debugging tasks in some way.

    Alternates generated tasks (1.5x to 3x the largest debugging task, with varied parameters) and
    walked variants of the debugging tasks (other initial states and goals); only tasks solvable by
    construction, and none equal to a debugging task. Deterministic in ``seed`` and ``round_``.
    """
    from genplan.generalize.generated import check_seed, generated_batches
    from genplan.generalize.variants import variant_batches

    if count <= 0:
        return []
    known = {t for _, t in debug}
    largest = max((t.size for t in known), default=5)
    gen: list[Candidate] = []
    if generator is not None:
        sizes = sorted({round(largest * f) for f in (1.5, 2.0, 3.0)})
        for batch in generated_batches(generator, sizes, per_size=2, seed=check_seed("strategy", seed, round_),
                                       max_objects=3 * largest + 2, round_=round_):  # fmt: skip
            gen.extend(batch)
    var = [
        c
        for b in variant_batches(debug, seed=check_seed("strategy", seed, round_), reorder_seed=0, round_=round_)
        for c in b
        if c.solvable and c.family.startswith(("walk-both", "walk-goal"))
    ]
    out: list[Candidate] = []
    for pair in zip(gen + [None] * len(var), var + [None] * len(gen), strict=False):
        for cand in pair:
            if cand is not None and cand.task not in known and len(out) < count:
                out.append(cand)
    return out[:count]


# ------------------------------------------------------------------------------------------ program
def check_key(
    source: str,
    domain: Domain,
    tasks: Sequence[Task],
    settings: CheckSettings,
    how: str | None,
    given: Sequence[tuple[str, Task]] = (),
) -> str:
    """Content key of one program check: what it was given decides what it finds."""
    content = {
        "format": CACHE_FORMAT,
        "source": source,
        "domain": write_domain(domain),
        "tasks": sorted(write_problem(t) for t in tasks),
        "settings": asdict(settings),
        "generator": how,
    }
    if given:  # absent otherwise, so that the keys of checks without given tasks stay what they were
        content["given"] = [[tid, write_problem(t)] for tid, t in given]
    blob = json.dumps(content, sort_keys=True)
    return hashlib.sha256(blob.encode("utf-8", "surrogatepass")).hexdigest()


def program_check(
    source: str,
    domain: Domain,
    debug: Sequence[tuple[str, Task]],
    generator: GeneratorNames | None,
    settings: CheckSettings,
    cache_dir: Path,
    cluster: Backend | None = None,
    given: Sequence[tuple[str, Task]] = (),
) -> dict[str, Any]:
    """Search a counterexample to ``source``; the check's JSON (cached by content under ``checks/``).

    ``given`` are tasks to try first (a suite's training tasks beyond the debugging ones).

    The JSON is :meth:`CheckResult.to_json`: ``found``, and for a counterexample its
    ``problem_pddl``, ``category``, ``feedback`` and ``origin``.
    """
    from genplan.generalize import check_program

    key = check_key(source, domain, [t for _, t in debug], settings, generator.identity if generator else None, given)
    path = cache_dir / "checks" / key[:2] / f"{key}.json"
    if path.is_file():
        try:
            return json.loads(path.read_text())
        except json.JSONDecodeError:
            pass  # a damaged entry is recomputed
    result = check_program(source, domain, debug, settings=settings, generator=generator, cache_dir=cache_dir,
                           cluster=cluster, user_tasks=given)  # fmt: skip
    data = result.to_json()
    atomic_write(path, json.dumps(data))
    return data


def check_summary(data: dict[str, Any]) -> dict[str, Any]:
    """The part of a check's JSON worth keeping in the run directory."""
    return {k: data.get(k) for k in ("elapsed_s", "exhausted", "generator", "tried_summary", "notes", "unproved")}


# ------------------------------------------------------------------------------------------ the stage
class CounterexampleSearch:
    """The run's counterexamples: finds them for the strategy and code stages and numbers them.

    ``extra`` maps every counterexample's id to its task (the pipeline's evaluator reads it);
    ``found`` lists them in the order found; ``on_found`` sees each one as soon as it is added, and
    ``on_check`` the list of every check run so far (found or not) after each one.
    """

    def __init__(
        self,
        domain: Domain,
        debug: Sequence[tuple[str, Task]],
        generator: GeneratorNames | None,
        *,
        settings: CheckSettings,
        strategy_tasks: int,
        cache_dir: Path,
        on_found: Any = None,
        on_check: Any = None,
        on_checked: Any = None,
        cluster: Backend | None = None,
        given: Sequence[tuple[str, Task]] = (),
    ) -> None:
        self.domain = domain
        self.debug = list(debug)
        #: Tasks the program check tries first: the suite's training tasks beyond the debugging ones.
        self.given = list(given)
        self.generator = generator
        self.settings = settings
        self.strategy_tasks = strategy_tasks
        self.cache_dir = cache_dir
        self.cluster = cluster
        self.on_found = on_found or (lambda _c: None)
        self.on_check = on_check or (lambda _checks: None)
        #: Sees every program check that found nothing: ``(version label, the check's JSON)``.
        self.on_checked = on_checked or (lambda _label, _data: None)
        self.extra: dict[str, Task] = {}
        self.found: list[FoundCounterexample] = []
        #: One entry per check run, found or not: which version, what it tried, what it found.
        self.checks: list[dict[str, Any]] = []
        self._strategy_checks = 0
        #: New tasks named so far: every task the LLM sees gets its own name (``check1``, ``check2``, ...),
        #: so that a log never shows two different tasks under one name.
        self._named = 0

    def _new_id(self) -> str:
        self._named += 1
        return f"check{self._named}"

    def known(self) -> list[tuple[str, Task]]:
        """The debugging tasks and the counterexamples so far."""
        return [*self.debug, *((c.task_id, c.task) for c in self.found)]

    def _add(self, task: Task, task_id: str | None = None, **info: Any) -> FoundCounterexample:
        from dataclasses import replace

        task_id = task_id or self._new_id()
        cex = FoundCounterexample(task_id=task_id, task=replace(task, name=task_id), **info)
        self.found.append(cex)
        self.extra[task_id] = cex.task
        self.on_found(cex)
        return cex

    def _record(self, stage: str, version: str, found: str | None, **details: Any) -> None:
        self.checks.append({"stage": stage, "version": version, "found": found, **details})
        self.on_check(self.checks)

    def for_strategy(self, llm: Any, judge: Any, domain_description: str, *, reasoning: bool = False):
        """A finder for :func:`genplan.stages.strategy.debug_strategy`."""
        from genplan.stages.strategy import DebugTask, attempt_plan

        def find(version: Any) -> Any:
            self._strategy_checks += 1
            cands = strategy_candidates(self.known(), self.generator, seed=self.settings.seed,
                                        count=self.strategy_tasks, round_=self._strategy_checks - 1)  # fmt: skip
            asked: list[str] = []
            for cand in cands:
                # Asked under the id it keeps if it fails, so that later versions see the same task name.
                task_id = self._new_id()
                from dataclasses import replace

                named = replace(cand.task, name=task_id)
                probe = DebugTask(task_id, named, write_problem(named), "")
                attempt = attempt_plan(llm, judge, domain_description, version.text, probe, reasoning=reasoning)
                asked.append(task_id)
                if attempt.valid:
                    continue
                self._add(named, task_id, stage="strategy", found_by=f"strategy v{version.index}", origin=cand.origin,
                          category=str(attempt.verdict.get("kind") or "no plan"), feedback=attempt.feedback,
                          check={"tried": [c.origin for c in cands]})  # fmt: skip
                self._record("strategy", f"strategy v{version.index}", task_id, asked=asked)
                return probe, attempt
            self._record("strategy", f"strategy v{version.index}", None, asked=asked)
            return None

        return find

    def for_program(self):
        """A finder for :func:`genplan.stages.codegen.generate_programs`."""
        from genplan.pddl.parser import parse_problem
        from genplan.pddl.pyform import python_inputs
        from genplan.stages.codegen import CodeTask, TaskResult

        def find(version: Any) -> Any:
            if version.source is None:
                return None
            data = program_check(version.source, self.domain, self.known(), self.generator, self.settings,
                                 self.cache_dir, self.cluster, given=self.given)  # fmt: skip
            if not data.get("found"):
                self._record("program", version.label, None, **check_summary(data))
                self.on_checked(version.label, data)
                return None
            info = data["counterexample"]
            task = parse_problem(info["problem_pddl"], self.domain)
            cex = self._add(
                task, stage="program", found_by=version.label, origin=info["origin"], category=info["category"],
                feedback=info["feedback"], check=check_summary(data),
            )  # fmt: skip
            self._record("program", version.label, cex.task_id, **check_summary(data))
            result = TaskResult(cex.task_id, False, None, cex.feedback, cex.category)
            return CodeTask(cex.task_id, python_inputs(cex.task)), result

        return find
