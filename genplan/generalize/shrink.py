"""Shrink a failing task to a small one that fails the same way.

A counterexample is read by a person and pasted into an LLM prompt, so it should be as small as
possible. Shrinking removes goal facts, then objects (with every fact that mentions them), keeping a
change only when the program still fails with the same error category.

Two things keep a smaller task honest:

- **Solvable.** Dropping goal facts keeps a task solvable (a plan for the whole goal reaches any part
  of it). Dropping objects may not, so the result is proved solvable with Fast Downward at the end of
  every pass; if the proof fails, the pass is undone back to the last task that can be proved.
- **Legitimate.** Removing an object can leave a state no action could produce: the block that held
  up a tower gone, leaving a block on nothing. A program may rightly fail there. So a removal is kept
  only when every remaining object still looks like an object of its type did in a real task: its
  *profile* (the set of predicate positions it fills in the initial state) must be one seen in the
  original task or a debugging task. (Counting how often it fills each position would be stricter,
  but then a location with one car where there were two would count as new, and nothing would shrink.)
"""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace

from genplan.pddl.model import Task

#: A profile: the (predicate, argument position) pairs an object fills in the initial state.
Profile = frozenset[tuple[str, int]]


def profiles(task: Task) -> dict[str, Profile]:
    """Every object's profile in ``task``'s initial state."""
    filled: dict[str, set[tuple[str, int]]] = {name: set() for name in task.all_objects}
    for fact in task.init:
        for pos, arg in enumerate(fact[1:]):
            if arg in filled:
                filled[arg].add((fact[0], pos))
    return {name: frozenset(f) for name, f in filled.items()}


def seen_profiles(tasks: Sequence[Task]) -> dict[str, set[Profile]]:
    """Type name -> the profiles objects of that type have in ``tasks``."""
    out: dict[str, set[Profile]] = {}
    for task in tasks:
        types = task.all_objects
        for name, profile in profiles(task).items():
            out.setdefault(types[name], set()).add(profile)
    return out


def without(task: Task, removed: set[str]) -> Task:
    """``task`` without the objects ``removed`` and every fact that mentions one of them."""
    keep = lambda f: not any(a in removed for a in f[1:])  # noqa: E731
    return replace(
        task,
        objects=tuple(o for o in task.objects if o[0] not in removed),
        init=frozenset(f for f in task.init if keep(f)),
        goal=frozenset(f for f in task.goal if keep(f)),
    )


def legitimate(task: Task, allowed: dict[str, set[Profile]]) -> bool:
    """Every object's profile was seen for its type in a real task, and some goal is left to reach."""
    if not task.goal or task.goal <= task.init:
        return False
    types = task.all_objects
    return all(profile in allowed.get(types[name], ()) for name, profile in profiles(task).items())


@dataclass(frozen=True)
class Shrunk:
    task: Task
    #: What ``fails`` returned for it (the failing evaluation of the program).
    failure: object
    #: Changes kept.
    steps: int
    #: Whether the deadline cut shrinking short.
    cut_short: bool


#: Runs the program on a task: its failure (same category as the original) or None if it did not fail so.
Fails = Callable[[Task], object | None]
#: Proves a task solvable (True), or cannot (False).
Prove = Callable[[Task], bool]


def shrink(
    task: Task,
    failure: object,
    fails: Fails,
    prove: Prove,
    references: Sequence[Task],
    *,
    deadline: float,
) -> Shrunk:
    """The smallest task found before ``deadline`` (a ``time.monotonic()`` value) that still fails.

    ``task`` must be solvable and fail; ``references`` are real tasks of the domain (their object
    profiles define what a legitimate smaller task looks like).
    """
    allowed = seen_profiles([task, *references])
    steps = 0
    cut = False
    current, current_failure = task, failure
    while True:
        progress = False
        # 1. goal facts: delta debugging over the goal (always solvable, no proof needed)
        current, current_failure, n, cut = _ddmin(
            current, current_failure, sorted(current.goal), lambda t, keep: replace(t, goal=frozenset(keep)),
            fails, deadline, accept=lambda t: bool(t.goal) and not t.goal <= t.init,
        )  # fmt: skip
        steps += n
        progress |= n > 0
        if cut:
            break
        # 2. objects: the same over the task's own objects, then a solvability proof for the pass
        before, before_failure = current, current_failure
        own = sorted(name for name, _ in current.objects)
        trail: list[tuple[Task, object]] = []

        def drop(t: Task, keep: list[str], base: Task = before) -> Task:
            return without(base, set(dict(base.objects)) - set(keep))

        current, current_failure, n, cut = _ddmin(
            current, current_failure, own, drop, fails, deadline,
            accept=lambda t: legitimate(t, allowed), trail=trail,
        )  # fmt: skip
        if n and not prove(current):
            # Undo the pass back to the latest task that can be proved solvable (binary search).
            best, lo, hi = -1, 0, len(trail) - 2
            while lo <= hi:
                mid = (lo + hi) // 2
                if prove(trail[mid][0]):
                    best, lo = mid, mid + 1
                else:
                    hi = mid - 1
            current, current_failure = trail[best] if best >= 0 else (before, before_failure)
            n = best + 1
        steps += n
        progress |= n > 0
        if cut or not progress:
            break
    return Shrunk(current, current_failure, steps, cut)


def _ddmin(
    task: Task,
    failure: object,
    items: list,
    build: Callable[[Task, list], Task],
    fails: Fails,
    deadline: float,
    *,
    accept: Callable[[Task], bool],
    trail: list[tuple[Task, object]] | None = None,
) -> tuple[Task, object, int, bool]:
    """Delta debugging: remove chunks of ``items`` (halves, quarters, ... single items) while the task
    built from the rest is acceptable and still fails. Returns (task, failure, removals kept, cut short)."""
    kept = 0
    chunks = 2
    while len(items) >= 2:
        if time.monotonic() > deadline:
            return task, failure, kept, True
        size = max(1, len(items) // chunks)
        removed_any = False
        start = 0
        while start < len(items):
            if time.monotonic() > deadline:
                return task, failure, kept, True
            rest = items[:start] + items[start + size :]
            if not rest:
                start += size
                continue
            candidate = build(task, rest)
            if accept(candidate):
                result = fails(candidate)
                if result is not None:
                    task, failure, items = candidate, result, rest
                    kept += 1
                    removed_any = True
                    if trail is not None:
                        trail.append((task, failure))
                    continue  # the same position now holds the next chunk
            start += size
        if removed_any:
            chunks = max(2, chunks - 1)
        elif size == 1:
            break
        else:
            chunks = min(len(items), chunks * 2)
    return task, failure, kept, False
