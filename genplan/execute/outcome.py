"""What running a program once gives: a plan, or a failure of a named kind, with its evidence.

A program's failure is data, not an exception in genplan: the pipeline turns it into feedback for the
LLM, the evaluation counts it by category. Each kind carries the detail that helps fix the program:
the cleaned traceback, where a timed-out program was, which forbidden operation it tried, a short repr
of a wrong output, the signal that killed it.
"""

from __future__ import annotations

import base64
import json
import math
import re
import zlib
from dataclasses import dataclass, field
from typing import Any, Literal

from genplan.core.errors import GenplanError
from genplan.core.limits import PROGRAM_MEMORY_MB, PROGRAM_TIMEOUT_S
from genplan.execute.wire import STATUSES
from genplan.pddl.gridmap import draw_map
from genplan.pddl.model import Fact, Task
from genplan.pddl.pyform import python_objects

__all__ = ["CATEGORIES", "STATUSES", "STATUS_CATEGORY", "Limits", "Outcome", "Status", "execution_feedback"]

#: ``ok``: a list of strings came back (not yet validated); every other status is a failure.
Status = Literal["ok", "exception", "timeout", "memory", "forbidden", "bad_output", "crash"]

#: The paper's error categories (its Table 6), spelled as :func:`genplan.validate.error_category` spells
#: the two plan errors. Memory, forbidden operations, wrong output types and crashes are failures of the
#: program's *execution*, which the paper reports under Python exceptions.
PYTHON_EXCEPTION = "python exception"
TIMEOUT = "timeout"
CATEGORIES: tuple[str, ...] = (PYTHON_EXCEPTION, TIMEOUT, "invalid action", "goal not satisfied")
STATUS_CATEGORY: dict[str, str] = {
    "exception": PYTHON_EXCEPTION,
    "memory": PYTHON_EXCEPTION,
    "forbidden": PYTHON_EXCEPTION,
    "bad_output": PYTHON_EXCEPTION,
    "crash": PYTHON_EXCEPTION,
    "timeout": TIMEOUT,
}

GiB = 2**30
#: The wall-clock backstop behind the CPU-time limit: this multiple of the limit (more when the executor
#: runs more programs at once than there are cores, see :meth:`Limits.wall_timeout`), plus a second.
WALL_FACTOR = 3.0
#: A run still computing when its backstop comes (it used at least :data:`COMPUTING_SHARE` of a core since
#: its start or its last extension) gets the backstop again, up to this many times: a machine crowded
#: after the run started (the load average lags a minute) must not turn a CPU-time verdict into a wall-
#: clock one. A program that sleeps or blocks uses almost no CPU and is stopped at the first backstop.
WALL_EXTENSIONS = 8
#: The least share of a core that counts as computing. Low, because the kernel shares a core between
#: sessions first (autogroup), and all of an executor's runs can share one session: on a machine with other
#: busy sessions, eight runs on two cores got about 3% each, and a 5% threshold stopped them. A program
#: that sleeps uses next to nothing; one that polls may pass, and then waits at most the extensions out.
COMPUTING_SHARE = 0.01
#: Runs that end within this fraction of the CPU-time limit are *near the limit*: another machine (a
#: slower core, a different cache) may decide them the other way, and reports flag them.
NEAR_LIMIT = 0.1


#: Named per-task limits, for comparisons under another system's conditions: ``(seconds, MiB)``. genplan's
#: own is the paper's (45 s a run); the IPC 2023 Learning Track gave planners 30 min and 8 GiB a task, the
#: property-guided synthesis paper 5 min and 8 GiB. Input orderings are not part of them: genplan's 4 stay
#: the default (``--orderings 1`` runs a program once a task, as a planner runs).
LIMIT_PROTOCOLS: dict[str, tuple[float, int]] = {
    "genplan": (PROGRAM_TIMEOUT_S, PROGRAM_MEMORY_MB),
    "ipc2023": (1800.0, 8192),
    "property-guided": (300.0, 8192),
}


def limit_protocol(name: str) -> tuple[float, int]:
    """``(seconds, MiB)`` of a named protocol, or a clear error naming the known ones."""
    if name not in LIMIT_PROTOCOLS:
        raise GenplanError(f"Unknown limits {name!r}.", hint=f"Use one of: {', '.join(LIMIT_PROTOCOLS)}.")
    return LIMIT_PROTOCOLS[name]


@dataclass(frozen=True)
class Limits:
    """Resource limits of one run; part of every evaluation cache key.

    The time limit is CPU time, as in Downward Lab and the IPC: a verdict must not depend on how busy the
    machine is, how many runs share it, or which executor ran it. A wall-clock backstop
    (:meth:`wall_timeout`) stops a program that sleeps or blocks.
    """

    #: CPU seconds (every thread, user and system) for loading the program and calling ``generate_solution``.
    timeout: float = 45.0
    #: Address-space limit in bytes (``RLIMIT_AS`` where the OS has it).
    memory: int = 4 * GiB
    #: Bytes of stdout and of stderr kept (head and tail; the middle is dropped and counted).
    output: int = 10_000
    #: Longest plan accepted; a longer list is a wrong output (it cannot be a sensible plan, and moving
    #: it between processes would cost more than the run).
    max_plan_length: int = 1_000_000
    #: Most characters over all actions of a plan.
    max_plan_chars: int = 64 * 2**20

    def __post_init__(self) -> None:
        if not (self.timeout > 0 and math.isfinite(self.timeout)):
            raise GenplanError(
                f"The time limit must be a positive number of seconds, not {self.timeout!r}.",
                hint="Pass for example --timeout 45.",
            )
        if self.memory < 64 * 2**20:
            raise GenplanError(
                f"The memory limit of {self.memory // 2**20} MiB is too small for a Python interpreter.",
                hint="Use at least 64 MiB (the default is 4096).",
            )

    @property
    def cpu_seconds(self) -> int:
        """``RLIMIT_CPU`` of the whole child: a backstop behind the CPU-time limit, for a program that
        switches its timer off (the child's setup before the program starts counts here too)."""
        return math.ceil(self.timeout * 1.1) + 2

    def wall_timeout(self, oversubscription: float = 1.0) -> float:
        """The wall-clock backstop: :data:`WALL_FACTOR` times the CPU limit, or 1.5 times the crowding
        (runnable processes per core: the executor's jobs, or the machine's load) when that is higher,
        plus a second, so that a program that computes is stopped by its CPU limit first."""
        return self.timeout * max(WALL_FACTOR, 1.5 * max(oversubscription, 1.0)) + 1.0

    def near(self, cpu: float) -> bool:
        """Whether a run that used ``cpu`` seconds ended within :data:`NEAR_LIMIT` of the limit."""
        return cpu >= self.timeout * (1 - NEAR_LIMIT)

    def to_wire(self, oversubscription: float = 1.0) -> dict[str, Any]:
        """The plain dict the fork server and the child work with."""
        return {
            **self.to_json(),
            "cpu_seconds": self.cpu_seconds,
            "wall_timeout": self.wall_timeout(oversubscription),
            "wall_extensions": WALL_EXTENSIONS,
            "computing_share": COMPUTING_SHARE,
        }

    def to_json(self) -> dict[str, Any]:
        return {
            "timeout": self.timeout,
            "memory": self.memory,
            "output": self.output,
            "max_plan_length": self.max_plan_length,
            "max_plan_chars": self.max_plan_chars,
        }


@dataclass(frozen=True)
class Outcome:
    """One run of a program on one ordering of one task."""

    status: Status
    #: The returned plan when ``status == "ok"``, else ``None``.
    plan: tuple[str, ...] | None = None
    #: Empty for ``ok``; otherwise the evidence (traceback, stack, blocked operation, repr, signal).
    detail: str = ""
    #: Captured output, capped (see :attr:`Limits.output`), with a note of what was dropped.
    stdout: str = ""
    stderr: str = ""
    #: CPU seconds spent loading the program and in ``generate_solution`` (the limit for a timeout).
    runtime: float = 0.0
    #: Wall-clock seconds of the same (more than ``runtime`` on a busy machine).
    wall: float = 0.0
    #: Which inputs the program changed in place: a subset of ``("objects", "init", "goal")``. Every
    #: run gets fresh copies, so this is reported, not propagated.
    mutated: tuple[str, ...] = ()
    hash_seed: int | None = None
    ordering: int | None = None
    #: The caller's name for the task, if it gave one.
    task: str | None = field(default=None)

    @property
    def ok(self) -> bool:
        return self.status == "ok"

    @property
    def inputs_mutated(self) -> bool:
        return bool(self.mutated)

    @property
    def category(self) -> str | None:
        """The paper's error category of an execution failure (``None`` for ``ok``: that depends on
        the validator's verdict)."""
        return STATUS_CATEGORY.get(self.status)

    def to_json(self) -> dict[str, Any]:
        return {
            "status": self.status,
            "plan": list(self.plan) if self.plan is not None else None,
            "detail": self.detail,
            "stdout": self.stdout,
            "stderr": self.stderr,
            "runtime": self.runtime,
            "wall": self.wall,
            "mutated": list(self.mutated),
            "hash_seed": self.hash_seed,
            "ordering": self.ordering,
            "task": self.task,
        }

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Outcome:
        plan = data.get("plan")
        return cls(
            status=data["status"],
            plan=tuple(plan) if plan is not None else None,
            detail=data.get("detail", ""),
            stdout=data.get("stdout", ""),
            stderr=data.get("stderr", ""),
            runtime=float(data.get("runtime", 0.0)),
            wall=float(data.get("wall", 0.0)),
            mutated=tuple(data.get("mutated", ())),
            hash_seed=data.get("hash_seed"),
            ordering=data.get("ordering"),
            task=data.get("task"),
        )


_PROGRESS_RE = re.compile(
    r"^genplan-search-progress: expansions=(\d+) evaluations=(\d+) best_h=(\S+) initial_h=(\S+)"
    r"(?: cpu_seconds=([\d.]+) wall_seconds=([\d.]+) h_seconds=([\d.]+) successors_seconds=([\d.]+))?"
    r"(?: best_at=(\d+),(\d+),([\d.]+))?(?: duplicate_seconds=([\d.]+))?(?: facts_seconds=([\d.]+))?$",
    re.M,
)
#: With the model's own states, the repr of the expanded state with the lowest h, after each progress line.
_BEST_STATE_RE = re.compile(r"^genplan-search-best-state: (.*)$", re.M)
#: With the model's own states, that state's facts now and then (:func:`genplan.search.runtime.gp_best_facts`).
_BEST_FACTS_RE = re.compile(r"^genplan-search-best-facts: h=(\S{1,24}) ([A-Za-z0-9+/=]{1,4000})$", re.M)
#: The most bytes a facts line may unpack to, and the most facts it may hold (it comes from the program).
_FACTS_BYTES = 2_000_000
_FACTS_MAX = 20_000


def best_facts(stderr: str) -> tuple[str, tuple[Fact, ...], tuple[Fact, ...]] | None:
    """The h of the own-state search's lowest-h state when its facts were last worked out, and the facts
    added to and deleted from the initial state to reach it, from the last facts line; None when there is
    none or it does not decode (a line cut by the output cap, or one the program wrote). Only ever drawn
    for the model, never trusted for a verdict."""
    found = _BEST_FACTS_RE.findall(stderr or "")
    if not found:
        return None
    h, text = found[-1]
    try:
        packed = base64.b64decode(text, validate=True)
        unpacker = zlib.decompressobj()
        data = unpacker.decompress(packed, _FACTS_BYTES)
        if unpacker.unconsumed_tail:
            return None
        parts = json.loads(data)
    except (ValueError, zlib.error):
        return None
    if not (isinstance(parts, list) and len(parts) == 2 and all(isinstance(p, list) for p in parts)):
        return None
    if sum(len(p) for p in parts) > _FACTS_MAX or not all(isinstance(f, str) and f for p in parts for f in p):
        return None
    added, deleted = (tuple(tuple(f.split()) for f in p) for p in parts)
    return h, added, deleted


@dataclass(frozen=True)
class SearchProgress:
    """How far a composed search got, from its progress lines (:func:`genplan.search.runtime.gp_progress`)."""

    expansions: int
    evaluations: int
    #: The lowest h among the expanded states, and the initial state's, as the search wrote them.
    best_h: str
    initial_h: str
    #: The expansions of the first progress line that already had :attr:`best_h`: after it, the search
    #: found no lower h (a plateau, or dead ends that h does not recognise).
    best_since: int
    #: The search's CPU and wall-clock seconds so far, and the wall-clock seconds in the model's h and
    #: successors (None: the line did not say; searches composed before these were written).
    cpu_seconds: float | None = None
    wall_seconds: float | None = None
    h_seconds: float | None = None
    successors_seconds: float | None = None
    #: With the model's own states: the expanded state with the lowest h, as its repr (None otherwise).
    best_state: str | None = None
    #: When the lowest h was reached: the expansions, evaluations and CPU seconds then (None: the line did
    #: not say; searches composed before it was written).
    best_at: tuple[int, int, float] | None = None
    #: With the model's own states, the wall-clock seconds of the duplicate check: dictionary lookups that
    #: call the states' ``__hash__`` and ``__eq__`` (None: the line did not say).
    duplicate_seconds: float | None = None

    def _late(self) -> tuple[int, int, float, float] | None:
        """``(expansions, evaluations, cpu, after)`` of the lowest h when it came a while before the line (at
        least a quarter of the search's CPU time and a second); None when it did not, or the line did not
        say (lines written before ``best_at`` and the timings were)."""
        if self.best_at is None or self.cpu_seconds is None:
            return None
        expansions, evaluations, cpu = self.best_at
        after = self.cpu_seconds - cpu
        return (expansions, evaluations, cpu, after) if after >= max(1.0, self.cpu_seconds / 4) else None

    def _went_back_up(self) -> bool:
        """After a late lowest h, the search computed h mostly on states queued earlier on the way down
        (more than four calls of h an expansion)."""
        late = self._late()
        return late is not None and self.evaluations - late[1] > 4 * max(1, self.expansions - late[0])

    def stall(self) -> str:
        """What the search did after it reached its lowest h: in time and calls of h when that was a while
        before the line (:meth:`_late`), else in expansions when it came in the first quarter of them
        (lines without times, and short runs); "" when it was still going down."""
        late = self._late()
        if late is None:
            since = self.best_at[0] if self.best_at is not None else self.best_since
            first = "the first" if since == 1 else f"the first {since:,}"
            return f", and no state expanded after {first} had a lower h" if since * 4 <= self.expansions else ""
        expansions, evaluations, cpu, after = late
        text = (f", first reached at expansion {expansions:,} after {cpu:.1f} s of CPU time; in the {after:.1f} s "
                f"after it, the search expanded {self.expansions - expansions:,} more states and computed h "
                f"{self.evaluations - evaluations:,} more times without finding a lower h")  # fmt: skip
        return text + (", most of them on states queued earlier on the way down" if self._went_back_up() else "")

    def stall_hint(self) -> str:
        """The likely cause of a stall that :meth:`stall` tells in calls of h (" ..." or ""). Dead ends come
        first: a real-model run's repair read an earlier wording as a plateau, and the state it stalled on
        was a dead end its h missed (boxes that could never be pushed apart)."""
        if not self._went_back_up():
            return ""
        return (" h rated every state near the one with the lowest h far higher, so the search went back up: check "
                "first whether that state is a dead end that h does not recognise (h should be inf there); if "
                "it is not, it is far from the goal though h rates it close.")  # fmt: skip

    def time_split(self) -> str:
        """Where the search's time went, as shares of its wall-clock time (a busy machine stretches all
        of them alike), after its CPU time (what the limit counts); "" when the line did not say. With own
        states, the duplicate check (dictionary lookups that call the states' ``__hash__`` and ``__eq__``,
        the model's code) has a share of its own: in real-model runs whose states' ``__eq__`` walked the
        grid, genplan's share was 74% and 93% while it was counted in it, and the time limit stopped a
        search inside that ``__eq__``. Lines without that figure count it in genplan's share, and say so."""
        if not self.wall_seconds or self.cpu_seconds is None or self.h_seconds is None:
            return ""
        h = self.h_seconds / self.wall_seconds
        succ = (self.successors_seconds or 0.0) / self.wall_seconds
        dup = (self.duplicate_seconds or 0.0) / self.wall_seconds if self.best_state else 0.0
        parts = [f"h {100 * h:.0f}%"]
        if succ:
            parts.append(f"your successors {100 * succ:.0f}%")
        own = ""
        if self.best_state and self.duplicate_seconds is not None:
            parts.append(f"telling a new state from one met before (your states' __hash__ and __eq__, called by "
                         f"a dictionary lookup) {100 * dup:.0f}%")  # fmt: skip
        elif self.best_state:
            own = "your states' __hash__ and __eq__, which it calls to tell a new state from one met before, "
        parts.append(f"genplan's search the rest, {100 * max(0.0, 1 - h - succ - dup):.0f}% ({own}successors of "
                     "its own if you wrote none, building and keeping states, ordering the queue)")  # fmt: skip
        return f" Of the search's first {self.cpu_seconds:.1f} s of CPU time: " + ", ".join(parts) + "."

    def state_line(self, what: str = "The expanded state with the lowest h") -> str:
        """The own-state search's shown state as a line of feedback ("" for a search over facts)."""
        return f"\n{what}, as your code made it: {self.best_state}" if self.best_state else ""


def search_progress(stderr: str) -> SearchProgress | None:
    """The last progress line a composed search wrote, and since when its lowest h stood. Informational
    only: the program could print such lines itself, and they are only ever shown, never trusted for a
    verdict."""
    found = _PROGRESS_RE.findall(stderr or "")
    if not found:
        return None
    expansions, evaluations, best, initial, *times = found[-1]
    times, at, duplicate = times[:4], times[4:7], times[7:]
    since = next(int(line[0]) for line in found if line[2] == best)
    timing = [float(t) if t else None for t in times]
    states = _BEST_STATE_RE.findall(stderr)
    best_at = (int(at[0]), int(at[1]), float(at[2])) if at and at[0] else None
    return SearchProgress(int(expansions), int(evaluations), best[:20], initial[:20], since, *timing,
                          best_state=states[-1][:1600] if states else None, best_at=best_at,
                          duplicate_seconds=float(duplicate[0]) if duplicate and duplicate[0] else None)  # fmt: skip


def stall_map(stderr: str, task: Task, progress: SearchProgress | None) -> str:
    """The own-state search's lowest-h state drawn as a map, as a paragraph of feedback ("" when the search
    wrote no facts of it, or the task is not a grid: :mod:`genplan.pddl.gridmap`); ``progress`` (the same
    output's, :func:`search_progress`) tells whether it is the lowest-h state of the last progress line."""
    delta = best_facts(stderr)
    if delta is None:
        return ""
    h, added, deleted = delta
    same = progress is not None and progress.best_h == h
    static_preds = task.domain.static_predicates
    static = [f for f in task.sorted_init if f[0] in static_preds]
    # Only facts the task could have: the line came from the program, which could have written anything.
    objects = {name for name, _ in task.objects} | {name for name, _ in task.domain.constants}
    arity = {p.name: p.arity for p in task.domain.predicates}
    added = [f for f in added if arity.get(f[0]) == len(f) - 1 and all(a in objects for a in f[1:])]
    state = (set(task.sorted_init) - set(static) - set(deleted)) | set(added)
    drawn = draw_map(python_objects(task.domain, task.objects), static, state, task.sorted_goal)
    if not drawn:
        return ""
    what = "The same state" if same else f"An expanded state with h {h} (the lowest h when genplan last drew one)"
    return f"\n{what}, drawn as a map of the task's grid:\n```\n{drawn}\n```"


def execution_feedback(outcome: Outcome, task: Task | None = None) -> str:
    """What to tell the LLM about a run that did not return a plan (a returned plan is judged by the
    validator, whose feedback says what is wrong with it). With ``task``, a search that stalled on a grid
    task has the state it stalled at drawn as a map (:func:`stall_map`)."""
    status = outcome.status
    detail = outcome.detail.strip()
    progress = search_progress(outcome.stderr) if status in ("timeout", "memory") else None
    drawn = stall_map(outcome.stderr, task, progress) if task is not None and progress is not None else ""
    if status == "timeout":
        if progress is not None and progress.expansions <= 1:  # the line of expansion 1 is written as it starts
            return (
                f"{detail}\nThe search had not finished expanding the initial state (its h was {progress.initial_h}): "
                "computing its successors and h on each of them took the whole time, so each call is far too "
                "slow for a task of this size." + progress.state_line("The initial state")
            )
        if progress is not None:  # a composed search (genplan.search.runtime) that ran out of time
            return (
                f"{detail}\nThe search had expanded at least {progress.expansions:,} states without reaching the goal "
                f"(the lowest h among them was {progress.best_h}{progress.stall()}; the initial state's h was "
                f"{progress.initial_h}).{progress.stall_hint()}"
                f"{progress.time_split()}" + progress.state_line() + drawn
            )
        return f"{detail}\nAn endless loop is the usual cause: check that every loop reaches its exit condition."
    if status == "exception":
        return f"Running the program raised an exception:\n{detail}"
    if status == "memory":
        if progress is not None:  # a composed search that ran out of memory: say how soon
            expansions, evaluations = progress.expansions, progress.evaluations
            return (
                f"The search ran out of memory; it had expanded at least {expansions:,} states and computed h on "
                f"{evaluations:,}. genplan's search keeps only what changed from a state to the next and the "
                "action taken, a few hundred bytes a state (more for long macro steps); memory that runs out "
                "within a few thousand states is most often kept by h or successors for every state they see "
                f"(a cache keyed by states, or full states kept in a module-level dict or list).\n{detail}"
                + progress.state_line()
                + drawn
            )
        return (
            "The program ran out of memory; look for a data structure that grows without bound (or a search "
            f"that keeps every state it ever saw).\n{detail}"
        )
    if status == "forbidden":
        return (
            "The program tried something that programs may not do here (start processes, write files, use "
            f"the network, ...); a plan generator only needs to compute with its inputs.\n{detail}"
        )
    if status == "bad_output":
        return (
            "The program must return a list of action strings (List[str]), like ['(action arg1 arg2)', ...], "
            f"but {detail}"
        )
    if status == "crash":
        return f"The program's process crashed. {detail}"
    return ""
