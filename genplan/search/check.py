"""The exact checks of a search artifact, with counterexamples as feedback.

On states sampled from training tasks (:mod:`genplan.search.states`; never held-out tasks):

- the model's ``successors`` against the PDDL's own (genplan's engine): *sound*, every returned successor is
  real, reached by the action named; *complete*, every real successor is returned;
- its heuristic ``h`` for the *direct* property (every non-goal state with a finite h has a successor with a
  lower h: then hill climbing needs no search) and for returning infinity only on dead ends (a state with
  ``h == inf`` that Fast Downward solves is a counterexample; one it proves unsolvable is fine; one it cannot
  decide in time is counted as unproved, never reported).

The model's code runs only in the sandbox: a checker program (the artifact, the engine and the sampled
states, composed like a search) returns one JSON line per state, which this module parses strictly and
judges against genplan's own successors, computed here. Each failure names the state, the action and what
was expected (``templates/search_feedback.j2``).
"""

from __future__ import annotations

import ast
import json
import math
from collections import defaultdict
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from pathlib import Path
from typing import TYPE_CHECKING, Any

from genplan.core.prompts import render
from genplan.execute.outcome import Limits, execution_feedback
from genplan.pddl.model import Fact, Task
from genplan.pddl.pyform import python_inputs, quote_facts, render_set
from genplan.search.compose import ENCODE, SUCCESSORS, domain_literal, runtime_source, top_level_names
from genplan.search.states import SampledState, engine, sample_states

if TYPE_CHECKING:
    from genplan.generalize.naming import GeneratorNames

__all__ = ["KINDS", "SearchCheck", "SearchFailure", "check_search", "check_tasks", "checker_program"]

#: Failure kinds, in the order feedback shows them (successor errors first: a heuristic is judged on them).
KINDS = (
    "run failed",  # the checker program crashed, timed out or returned malformed lines
    "successors error",  # successors raised or returned something that is not (action, state) pairs
    "unsound successor",  # a returned action is not applicable, or is not an action of the domain
    "wrong next state",  # the action is real but the state returned for it is not its result
    "missing successor",  # an applicable action successors did not return
    "h error",  # h raised or returned something that is not a number (or, with own states, encode raised)
    "zero on a non-goal state",  # with own states the search stops where h is 0
    "not zero on a goal state",  # ... and never stops where it is not
    "infinite on a goal state",
    "infinite on a solvable state",  # Fast Downward found a plan from a state where h is inf
    "not direct",  # no successor has a lower h
)
#: Successors of a state shown in a "not direct" failure.
SHOWN_SUCCESSORS = 8
#: A counterexample's state (or goal) longer than this, in characters, is quoted with its one-argument facts
#: as comprehensions over name lists (:func:`~genplan.pddl.pyform.quote_facts`): a state of a large sokoban
#: training task holds about 1,500 ``clear`` facts: about 35,000 characters written out, 15,000 so.
STATE_QUOTE_CHARS = 4_000


@dataclass(frozen=True)
class SearchFailure:
    """One counterexample: which check failed, on which state, for which action, and what was expected."""

    kind: str
    task_id: str
    #: How the state was reached (see :class:`~genplan.search.states.SampledState`).
    origin: str
    #: The state's fluent facts, sorted.
    state: tuple[Fact, ...]
    action: str | None
    expected: str
    got: str
    #: The task's goal, sorted (the heuristic is judged against it).
    goal: tuple[Fact, ...] = ()

    def to_json(self) -> dict[str, Any]:
        return {
            "kind": self.kind,
            "task_id": self.task_id,
            "origin": self.origin,
            "state": [list(f) for f in self.state],
            "action": self.action,
            "expected": self.expected,
            "got": self.got,
            "goal": [list(f) for f in self.goal],
        }


@dataclass(frozen=True)
class SearchCheck:
    """What the checks found on ``states`` sampled states."""

    states: int
    tasks: int
    #: Whether the artifact has its own ``successors`` (else only the heuristic was checked).
    has_successors: bool
    failures: tuple[SearchFailure, ...]
    #: States with ``h == inf`` that Fast Downward proved dead ends, and those it could not decide in time.
    inf_proved: int = 0
    inf_unproved: int = 0
    #: The model's successors returned macro steps (several actions each): they are checked for soundness
    #: only (a macro step leaves steps out on purpose), and the heuristic is not judged direct over them.
    macro: bool = False
    #: The artifact defines ``encode``: h and successors work on the model's own states. Searched by greedy
    #: best-first search only, with h == 0 as the goal test (so h is judged on that, not on directness).
    own_states: bool = False

    @property
    def errors(self) -> tuple[SearchFailure, ...]:
        """Failures that make the artifact wrong (all but "not direct", which only rules out hill climbing:
        greedy best-first search needs no direct heuristic)."""
        return tuple(f for f in self.failures if f.kind != "not direct")

    @property
    def successors_ok(self) -> bool:
        return not any(f.kind in KINDS[:5] for f in self.failures)

    @property
    def direct(self) -> bool:
        """The heuristic passed every check: hill climbing may be used (``strategy="hill"``). Never over
        macro steps or own states, where directness is not checked."""
        return not self.failures and not self.macro and not self.own_states

    def by_kind(self) -> dict[str, int]:
        counts: dict[str, int] = defaultdict(int)
        for failure in self.failures:
            counts[failure.kind] += 1
        return {k: counts[k] for k in KINDS if counts[k]}

    def feedback(self, limit: int = 3) -> str:
        """The counterexamples as the model reads them: the first ``limit`` of the most basic kind first."""
        ordered = sorted(self.failures, key=lambda f: KINDS.index(f.kind))
        shown = [
            {
                "kind": f.kind,
                "task_id": f.task_id,
                "origin": f.origin,
                "state": quote_facts(f.state, STATE_QUOTE_CHARS),
                "action": f.action or "",
                "expected": f.expected,
                "got": f.got,
                "goal": quote_facts(f.goal, STATE_QUOTE_CHARS),
            }
            for f in ordered[:limit]
        ]
        return render(
            "search_feedback.j2",
            failures=shown,
            more=max(0, len(ordered) - limit),
            counts=self.by_kind(),
            states=self.states,
            has_successors=self.has_successors,
            macro=self.macro,
            own_states=self.own_states,
        )

    def to_json(self) -> dict[str, Any]:
        return {
            "states": self.states,
            "tasks": self.tasks,
            "has_successors": self.has_successors,
            "direct": self.direct,
            "macro": self.macro,
            "own_states": self.own_states,
            "errors": len(self.errors),
            "by_kind": self.by_kind(),
            "inf_proved": self.inf_proved,
            "inf_unproved": self.inf_unproved,
            "failures": [f.to_json() for f in self.failures],
        }


def check_tasks(
    debug: Sequence[tuple[str, Task]],
    given: Sequence[tuple[str, Task]] = (),
    generator: GeneratorNames | None = None,
    *,
    seed: int = 1,
    max_objects: int = 60,
    max_given: int = 6,
) -> list[tuple[str, Task]]:
    """The tasks whose states are checked: the debugging tasks, the ``max_given`` smallest of the given
    ones (a Learning Track suite gives about a hundred), a few variants of the debugging tasks (renamed
    objects, walked initial states, goal subsets) and, with a generator, small generated tasks (two sizes).
    Never held-out tasks: the caller passes only training tasks."""
    from genplan.generalize.generated import generated_batches, size_ladder
    from genplan.generalize.variants import FAMILIES, variant_batches

    smallest = sorted(given, key=lambda item: (item[1].size, item[0]))[:max_given]
    tasks = [*debug, *smallest]
    keep = ("rename-digits", "walk-init-4", "goal-subset")
    skip = [f for f in FAMILIES if f not in keep]
    for batch in variant_batches(debug, seed=seed, reorder_seed=seed, skip=skip):
        tasks += [(c.task_id, c.task) for c in batch[:2]]
    if generator is not None:
        sizes = size_ladder(8, max_objects)[:2]
        for batch in generated_batches(generator, sizes, per_size=2, seed=seed, max_objects=max_objects):
            tasks += [(c.task_id, c.task) for c in batch]
    return tasks


# ------------------------------------------------------------------------------------------ the program
def checker_program(source: str, task: Task, states: Sequence[SampledState]) -> str:
    """The program that evaluates the artifact on ``states`` (all of ``task``) in the sandbox."""
    names = top_level_names(ast.parse(source))
    successors = SUCCESSORS if SUCCESSORS in names else "None"
    encode = ENCODE if ENCODE in names else "None"
    literal = repr([[list(f) for f in s.facts] for s in states])
    return "\n".join(
        (
            source.rstrip("\n"),
            "",
            "",
            "# ======== composed by genplan: its checker, the domain and the states to check ========",
            runtime_source().rstrip("\n"),
            "",
            f"GP_DOMAIN = {domain_literal(task.domain)}",
            f"GP_STATES = {literal}",
            "",
            "",
            "def generate_solution(objects, init, goal):",
            f"    return gp_check_states(GP_DOMAIN, objects, init, goal, GP_STATES, h, {successors}, {encode})",
            "",
        )
    )


class _Malformed(Exception):
    pass


def _records(plan: Sequence[str], n: int) -> list[dict[str, Any]]:
    """The checker's lines, parsed and type-checked; any deviation is :class:`_Malformed`."""
    if len(plan) != n:
        raise _Malformed(f"{len(plan)} lines for {n} states")
    out = []
    for index, line in enumerate(plan):
        record = json.loads(line)
        if not isinstance(record, dict) or record.get("i") != index:
            raise _Malformed(f"line {index} is not the record of state {index}")
        if not (isinstance(record.get("h"), float) or (record.get("h") is None and record.get("h_error"))):
            raise _Malformed(f"line {index}: h is not a number")
        succ_h = record.get("succ_h")
        if not isinstance(succ_h, list) or not all(
            isinstance(x, list)
            and len(x) == 3
            and isinstance(x[0], str)
            and (isinstance(x[1], float) or (x[1] is None and isinstance(x[2], str)))
            for x in succ_h
        ):
            raise _Malformed(f"line {index}: malformed successor values")
        if "succ" in record and not (
            isinstance(record["succ"], list)
            and all(
                isinstance(x, list) and len(x) == 3 and isinstance(x[0], str) and all(_facts(y) for y in x[1:])
                for x in record["succ"]
            )
        ):
            raise _Malformed(f"line {index}: malformed successors")
        if "own_mismatch" in record and not (
            isinstance(record["own_mismatch"], list)
            and all(
                isinstance(x, list) and len(x) == 3 and isinstance(x[0], int) and 0 <= x[0] < len(record["succ"])
                and isinstance(x[1], str) and isinstance(x[2], str)
                for x in record["own_mismatch"]
            )
        ):  # fmt: skip
            raise _Malformed(f"line {index}: malformed own-state comparisons")
        out.append(record)
    return out


def _facts(value: object) -> bool:
    return isinstance(value, list) and all(
        isinstance(f, list) and f and all(isinstance(x, str) for x in f) for f in value
    )


# ------------------------------------------------------------------------------------------- judging
def _text(facts: Sequence[Fact] | frozenset[Fact]) -> str:
    return render_set(sorted(facts)) if facts else "nothing"


def _norm(action: str) -> str:
    return " ".join(action.lower().split())


def _macro_end(
    state: frozenset[Fact], steps: list[str], succ: Callable[[frozenset[Fact]], list[tuple[str, frozenset[Fact]]]]
) -> tuple[frozenset[Fact] | None, str]:
    """Where a macro step's actions lead from ``state`` by the PDDL's semantics, or ``None`` and why not
    (the first action that is not applicable where it is taken)."""
    for index, step in enumerate(steps, 1):
        nxt = dict(succ(state)).get(step)
        if nxt is None:
            return None, f"its action {index} of {len(steps)}, {step}, is not applicable where it is taken"
        state = nxt
    return state, ""


def _judge(
    sampled: SampledState,
    record: dict[str, Any],
    real: list[tuple[str, frozenset[Fact]]],
    has_successors: bool,
    macro: Callable[[frozenset[Fact]], list[tuple[str, frozenset[Fact]]]] | None = None,
    own: bool = False,
) -> tuple[list[SearchFailure], bool]:
    """The failures on one state, and whether its ``h`` is infinite on a non-goal state (to prove).
    ``macro``: the model's successors return macro steps (somewhere), and this is genplan's successor
    function to follow them with; they are then checked for soundness only, and ``h`` is not judged direct.
    ``own``: the artifact has its own states (``encode``): each step is also judged by whether ``encode``
    of the facts it leads to is the state successors returned, and ``h`` by being 0 exactly on goal
    states (the search's goal test), not by directness."""
    state = sampled.state
    failures: list[SearchFailure] = []

    def fail(kind: str, action: str | None, expected: str, got: str) -> None:
        failures.append(
            SearchFailure(kind, sampled.task_id, sampled.origin, sampled.facts, action, expected, got, _goal(sampled))
        )

    by_action = dict(real)
    if has_successors:
        if "succ_error" in record:
            fail("successors error", None, "a list of (action, next state) pairs", str(record["succ_error"]))
        else:
            returned: set[str] = set()
            for position, shown_state, mapped in record.get("own_mismatch", []):
                steps = record["succ"][position][0].split("\n")
                shown = " then ".join(steps[:6]) + (" ..." if len(steps) > 6 else "")
                fail("wrong next state", shown,
                     f"the state encode returns for the facts this step leads to: {mapped}",
                     f"successors returned {shown_state}")  # fmt: skip
            for action, added, removed in record.get("succ", []):
                got_next = (state | {tuple(f) for f in added}) - {tuple(f) for f in removed}
                if "\n" in action and macro is not None:  # a macro step: its actions followed one by one
                    steps = [_norm(a) for a in action.split("\n")]
                    end, why = _macro_end(state, steps, macro)
                    shown = " then ".join(steps[:6]) + (" ..." if len(steps) > 6 else "")
                    if end is None:
                        fail("unsound successor", shown, "only macro steps whose every action is applicable "
                             "in turn", f"the macro step {shown} was returned, but {why}")  # fmt: skip
                    elif got_next != end:
                        fail(
                            "wrong next state",
                            shown,
                            f"adds {_text(end - state)} and deletes {_text(state - end)}",
                            f"adds {_text(got_next - state)} and deletes {_text(state - got_next)}",
                        )
                    continue
                action_n = _norm(action)
                returned.add(action_n)
                if action_n not in by_action:
                    fail(
                        "unsound successor",
                        action,
                        "only actions applicable in this state (every precondition holds)",
                        f"{action} was returned, but it is not applicable here",
                    )
                elif got_next != by_action[action_n]:
                    want = by_action[action_n]
                    fail(
                        "wrong next state",
                        action,
                        f"adds {_text(want - state)} and deletes {_text(state - want)}",
                        f"adds {_text(got_next - state)} and deletes {_text(state - got_next)}",
                    )
            for action, nxt in real:
                if action not in returned and macro is None:  # macro steps leave steps out on purpose
                    fail(
                        "missing successor",
                        action,
                        f"{action} (applicable here; it adds {_text(nxt - state)} and deletes {_text(state - nxt)})",
                        "successors did not return it",
                    )
    if record.get("h_error"):
        fail("h error", None, "a number (float('inf') for a dead end)", str(record["h_error"]))
        return failures, False
    listed = [a for a, _v, _e in record["succ_h"]]
    if listed != [a for a, _ in real]:
        raise _Malformed("the successors the checker evaluated are not genplan's")
    for action, _value, problem in record["succ_h"]:
        if problem:
            fail("h error", action, "a number (float('inf') for a dead end) on the state after this action", problem)
            return failures, False
    value = record["h"]
    static = sampled.task.static_facts
    is_goal = sampled.task.goal <= (state | static)
    if own:
        if is_goal and value != 0:
            fail("not zero on a goal state", None, "h = 0 on a state where every goal fact holds (with your own "
                 "states the search stops only where h is 0)", f"h = {value:g}")  # fmt: skip
        elif not is_goal and value == 0:
            missing = sorted(sampled.task.goal - (state | static))
            fail("zero on a non-goal state", None, "h > 0 on a state where a goal fact is false (with your own "
                 "states the search stops at the first state where h is 0)",
                 f"h = 0, but {_text(missing)} {'is' if len(missing) == 1 else 'are'} false here")  # fmt: skip
        if value == math.inf and not is_goal:
            return failures, True
        if value == math.inf:
            fail("infinite on a goal state", None, "a finite value (0 is usual) on a state where the goal holds", "inf")
        return failures, False
    if is_goal:
        if value == math.inf:
            fail("infinite on a goal state", None, "a finite value (0 is usual) on a state where the goal holds", "inf")
        return failures, False
    if value == math.inf:
        return failures, True
    if macro is not None:  # searched over the model's macro steps, whose values the checker does not see
        return failures, False
    lower = [(a, v) for a, v, _e in record["succ_h"] if v < value]
    if not lower:
        shown = ", ".join(f"{a}: {v:g}" for a, v, _e in record["succ_h"][:SHOWN_SUCCESSORS])
        more = len(record["succ_h"]) - SHOWN_SUCCESSORS
        fail(
            "not direct",
            None,
            f"a successor with h lower than this state's h = {value:g}",
            (f"its successors have h {shown}" + (f" (and {more} more)" if more > 0 else ""))
            if record["succ_h"]
            else "the state has no successor (h should be inf: no plan leaves it)",
        )
    return failures, False


def check_search(
    source: str,
    tasks: Sequence[tuple[str, Task]],
    *,
    per_task: int = 12,
    max_walk: int = 20,
    seed: int = 1,
    timeout: float = 30.0,
    memory_mb: int = 2048,
    prove_time_limit: float = 10.0,
    max_proofs: int = 8,
    cache_dir: str | Path | None = None,
) -> SearchCheck:
    """Check the artifact ``source`` on states sampled from ``tasks`` (training tasks only).

    Each task's states are evaluated in one sandboxed run under ``timeout`` CPU seconds and ``memory_mb``.
    Up to ``max_proofs`` states with ``h == inf`` are given to Fast Downward (``lmcut``: complete, so an
    exhausted search is a proof) for ``prove_time_limit`` seconds each, in a temp dir.
    """
    from genplan.execute.pool import Executor

    names = top_level_names(ast.parse(source))
    has_successors = SUCCESSORS in names
    own = ENCODE in names
    sampled = sample_states(tasks, per_task=per_task, max_walk=max_walk, seed=seed)
    by_task: dict[str, list[SampledState]] = defaultdict(list)
    for s in sampled:
        by_task[s.task_id].append(s)
    failures: list[SearchFailure] = []
    to_prove: list[SampledState] = []
    judged: list[tuple[list[SampledState], list[dict[str, Any]]]] = []
    limits = Limits(timeout=timeout, memory=memory_mb * 2**20)
    with Executor(jobs=1, limits=limits) as executor:
        for task_id, group in by_task.items():
            task = group[0].task
            outcome = executor.run(checker_program(source, task, group), python_inputs(task), task=task_id)
            first = group[0]
            if not outcome.ok or outcome.plan is None:
                failures.append(
                    SearchFailure("run failed", task_id, first.origin, first.facts, None,
                                  f"h (and successors) finishing on {len(group)} states of {task_id} within "
                                  f"{timeout:g} s of CPU time and {memory_mb} MiB",
                                  execution_feedback(outcome).strip()[:3000], _goal(first))
                )  # fmt: skip
                continue
            try:
                records = _records(outcome.plan, len(group))
                judged.append((group, records))
            except (ValueError, _Malformed) as exc:
                failures.append(_malformed(first, exc))
    # Macro steps anywhere make the whole function a macro one: a state where every step it returns happens
    # to be a single action is not judged complete either.
    macro = any("\n" in step[0] for _, records in judged for r in records for step in r.get("succ", ()))
    for group, records in judged:
        first = group[0]
        succ = engine(first.task)
        try:
            for s, record in zip(group, records, strict=True):
                found, infinite = _judge(s, record, succ(s.state), has_successors, succ if macro else None, own)
                failures.extend(found)
                if infinite:
                    to_prove.append(s)
        except (ValueError, _Malformed) as exc:
            failures.append(_malformed(first, exc))
    proved, unproved = 0, 0
    for s in to_prove[:max_proofs]:
        plan = _plan_from(s, prove_time_limit, cache_dir)
        if plan is None:
            unproved += 1
        elif plan == ():
            proved += 1
        else:
            shown = " ".join(plan[:12]) + (" ..." if len(plan) > 12 else "")
            failures.append(
                SearchFailure("infinite on a solvable state", s.task_id, s.origin, s.facts, None,
                              "inf only on states from which no plan reaches the goal",
                              f"h = inf, but this plan of {len(plan)} steps reaches the goal: {shown}", _goal(s))
            )  # fmt: skip
    unproved += max(0, len(to_prove) - max_proofs)
    if own and not has_successors:
        first = sampled[0] if sampled else None
        failures.insert(0, SearchFailure(
            "successors error", first.task_id if first else "", first.origin if first else "",
            first.facts if first else (), None,
            "successors(state, static, objects) over the states encode returns (genplan cannot compute "
            "successors of your own states)", "the code defines encode but no successors",
            _goal(first) if first else ()))  # fmt: skip
    return SearchCheck(len(sampled), len(by_task), has_successors, tuple(failures), proved, unproved, macro, own)


def _malformed(first: SampledState, exc: Exception) -> SearchFailure:
    """The failure of a task whose checker output could not be read (or did not match genplan's states)."""
    return SearchFailure("run failed", first.task_id, first.origin, first.facts, None,
                         "one well-formed result line per state", f"the checker's output was malformed: {exc}",
                         _goal(first))  # fmt: skip


def _goal(s: SampledState) -> tuple[Fact, ...]:
    return s.task.sorted_goal


def _plan_from(s: SampledState, time_limit: float, cache_dir: str | Path | None) -> tuple[str, ...] | None:
    """A plan from the state (non-empty), ``()`` when Fast Downward proves there is none, ``None`` when it
    cannot decide within the limit."""
    from genplan.planners import plan

    task = replace(s.task, name=f"{s.task_id}-state", init=frozenset(s.facts) | s.task.static_facts)
    result = plan(task, "lmcut", time_limit=time_limit, memory_limit_mb=2048, cache_dir=cache_dir)
    if result.status == "solved" and result.plan:
        return tuple(result.plan)
    if result.status == "unsolvable":
        return ()
    return None
