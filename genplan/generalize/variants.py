"""Source (b) of the check: new tasks made from the debugging tasks, with no generator and no domain knowledge.

Debugging tasks are small and alike; a program fitted to them often leans on something they happen to
share. Each family below changes one such thing while keeping the task a legitimate task of the domain:

- ``reorder``: the same task, listed in other orders (new input orderings and hash seeds);
- ``rename-digits``: objects renumbered in the same numeric order, with numbers that sort differently
  as text (``x2`` < ``x10`` but ``"x10"`` < ``"x2"``);
- ``rename-long``, ``rename-style``: long names; names in another domain's style (``truck3`` for a car);
- ``rename-shuffled``: numbers assigned at random (a name says nothing about an object's place);
- ``goal-subset``: part of the goal (solvable: any plan for the whole goal reaches it);
- ``walk-goal``: a goal read off a state that random actions reach (solvable: the walk is a plan), of
  the kinds of goal facts the debugging tasks ask for (a package somewhere, not a truck somewhere);
- ``walk-init``: a state reached by random actions as the initial state, the original goal (must be
  proved solvable: the walk may have entered a dead end);
- ``walk-both``: a walked initial state and a goal walked from there (solvable by construction);
- ``recombine``: half of the original goal with half of a walked goal (must be proved solvable).
"""

from __future__ import annotations

import random
import re
from collections.abc import Callable, Iterator, Sequence
from dataclasses import replace

from genplan.generalize.candidates import Candidate
from genplan.generalize.generated import check_seed
from genplan.generalize.walk import random_walk
from genplan.pddl.model import Fact, Task

#: A name with a number in it: the text before the first number, the number, the rest (``f3_b0``).
_NUMBERED = re.compile(r"^(\D*)(\d+)(.*)$")
#: Prefixes in the style of other planning domains, for ``rename-style``.
_OTHER_STYLES = ("truck", "room", "ball", "city", "floor", "block", "pkg", "node", "tile", "crate", "rover", "nut")
#: Walk lengths used for new initial states and goals.
WALK_LENGTHS = (4, 12, 30)


def rename_objects(task: Task, mapping: dict[str, str], name: str) -> Task:
    """``task`` with its own objects renamed (constants keep their names)."""
    f = lambda fact: (fact[0], *(mapping.get(a, a) for a in fact[1:]))  # noqa: E731
    return Task(
        name=name,
        domain=task.domain,
        objects=tuple(sorted((mapping.get(n, n), t) for n, t in task.objects)),
        init=frozenset(f(x) for x in task.init),
        goal=frozenset(f(x) for x in task.goal),
    )


def _groups(task: Task) -> dict[tuple[str, str], list[tuple[int, str]]]:
    """The task's numbered objects grouped by what surrounds their first number (``f#_b0``): (text
    before, text after) -> [(number, name)], in numeric order."""
    out: dict[tuple[str, str], list[tuple[int, str]]] = {}
    for name, _ in task.objects:
        m = _NUMBERED.match(name)
        if m:
            out.setdefault((m.group(1), m.group(3)), []).append((int(m.group(2)), name))
    return {k: sorted(v) for k, v in sorted(out.items())}


def _fresh(mapping: dict[str, str], task: Task) -> bool:
    """A renaming is usable when it is injective and clashes with no constant."""
    new = list(mapping.values())
    constants = {c for c, _ in task.domain.constants}
    kept = {n for n, _ in task.objects if n not in mapping}
    return len(set(new)) == len(new) and not (set(new) & (constants | kept))


def digits_renaming(task: Task, rng: random.Random) -> dict[str, str]:
    """Numbers in the same order, crossing a digit boundary: sorting the names as text gets it wrong."""
    mapping: dict[str, str] = {}
    for (before, after), items in _groups(task).items():
        k = len(items)
        low = sorted(rng.sample(range(1, 10), min(k, 9) if k > 1 else 1))[: max(1, k // 2)]
        high = sorted(rng.sample(range(10, 10 + 12 * k), k - len(low)))
        for (_, name), number in zip(items, [*low, *high], strict=True):
            mapping[name] = f"{before}{number}{after}"
    return mapping


def shuffled_renaming(task: Task, rng: random.Random) -> dict[str, str]:
    """Numbers assigned at random: an object's name no longer tells its place in any order."""
    mapping: dict[str, str] = {}
    for (before, after), items in _groups(task).items():
        numbers = rng.sample(range(1, 10 + 12 * len(items)), len(items))
        for (_, name), number in zip(items, numbers, strict=True):
            mapping[name] = f"{before}{number}{after}"
    return mapping


def long_renaming(task: Task, rng: random.Random) -> dict[str, str]:
    """Long names, unique in their first 20 characters only by their last digits."""
    return {name: f"{name}-with-a-much-longer-name-than-usual-{i}" for i, (name, _) in enumerate(task.objects)}


def style_renaming(task: Task, rng: random.Random) -> dict[str, str]:
    """Each prefix replaced by a word from another domain (a car may be called ``room3``)."""
    mapping: dict[str, str] = {}
    styles = list(_OTHER_STYLES)
    rng.shuffle(styles)
    words: dict[str, str] = {}
    for (before, after), items in _groups(task).items():
        if before not in words:
            i = len(words)
            words[before] = styles[i % len(styles)] + ("" if i < len(styles) else str(i))
        for number, name in items:
            mapping[name] = f"{words[before]}{number}{after}"
    return mapping


RENAMINGS: dict[str, Callable[[Task, random.Random], dict[str, str]]] = {
    "rename-digits": digits_renaming,
    "rename-long": long_renaming,
    "rename-style": style_renaming,
    "rename-shuffled": shuffled_renaming,
}


#: What kind of goal fact a fact is: its predicate and the kinds of its arguments.
Signature = tuple[str, ...]


def _kinds(task: Task) -> dict[str, str]:
    """Each object's kind: its type in a typed domain, else the unary static facts it has (``car``)."""
    if task.domain.typed:
        return dict(task.all_objects)
    static = task.domain.static_predicates
    marks: dict[str, list[str]] = {name: [] for name in task.all_objects}
    for fact in task.init:
        if len(fact) == 2 and fact[0] in static and fact[1] in marks:
            marks[fact[1]].append(fact[0])
    return {name: "+".join(sorted(m)) for name, m in marks.items()}


def goal_signatures(tasks: Sequence[Task]) -> set[Signature]:
    """The kinds of goal facts the tasks ask for: a walked goal keeps only facts of these kinds, so it asks
    for the same sort of thing (a package somewhere), never something no task asks (a truck somewhere)."""
    out: set[Signature] = set()
    for task in tasks:
        kinds = _kinds(task)
        out.update((f[0], *(kinds.get(a, "?") for a in f[1:])) for f in task.goal)
    return out


def _walked_goal(
    task: Task, start: frozenset[Fact], length: int, rng: random.Random, allowed: set[Signature]
) -> frozenset[Fact]:
    """Facts of the allowed kinds that hold after a random walk from ``start`` and not in ``start``."""
    end, _ = random_walk(task, start, length, rng)
    kinds = _kinds(task)
    new = sorted(f for f in end - start if (f[0], *(kinds.get(a, "?") for a in f[1:])) in allowed)
    if not new:
        return frozenset()
    k = rng.randint(1, len(new))
    return frozenset(rng.sample(new, k))


def _unsatisfied(goal: frozenset[Fact], init: frozenset[Fact]) -> bool:
    return bool(goal) and not goal <= init


#: The variant families, in the order the check tries them (cheap and likely ones first).
FAMILIES: tuple[str, ...] = (
    "reorder", "rename-digits", "goal-subset", "walk-init-4", "walk-goal-12", "rename-style",
    "walk-both-12", "walk-init-12", "rename-shuffled", "recombine-12", "rename-long", "walk-init-30",
    "walk-goal-30", "walk-both-30",
)  # fmt: skip


def variant_batches(
    debug: Sequence[tuple[str, Task]], *, seed: int, reorder_seed: int, round_: int = 0, skip: Sequence[str] = ()
) -> Iterator[list[Candidate]]:
    """Batches of variants of the debugging tasks, one family per batch, cheap and likely ones first."""
    allowed = goal_signatures([t for _, t in debug])
    for family in (f for f in FAMILIES if f not in skip):
        batch = []
        for base_id, task in debug:
            rng = random.Random(check_seed("variant", seed, family, base_id))
            made = _variant(family, base_id, task, rng, reorder_seed, allowed, round_)
            if made is not None:
                batch.append(made)
        if batch:
            yield batch


def _variant(
    family: str,
    base_id: str,
    task: Task,
    rng: random.Random,
    reorder_seed: int,
    allowed: set[Signature],
    round_: int = 0,
) -> Candidate | None:
    vid = f"{family}-{base_id}" + (f"-r{round_ + 1}" if round_ else "")
    kind, _, length_text = family.rpartition("-") if family[-1].isdigit() else (family, "", "")
    length = int(length_text) if length_text else 0
    details: dict = {"base": base_id, "family": family}
    if family == "reorder":
        return Candidate(vid, replace(task, name=vid), "variant", family,
                         f"debugging task {base_id} with its objects and facts in other orders", True,
                         ordering_seed=reorder_seed, details=details)  # fmt: skip
    if family in RENAMINGS:
        mapping = RENAMINGS[family](task, rng)
        if not mapping or not _fresh(mapping, task):
            return None
        shown = ", ".join(f"{a}->{b}" for a, b in sorted(mapping.items())[:4])
        return Candidate(vid, rename_objects(task, mapping, vid), "variant", family,
                         f"debugging task {base_id} with objects renamed ({shown}, ...)", True,
                         details=details | {"renaming": mapping})  # fmt: skip
    if family == "goal-subset":
        goal = sorted(task.goal)
        if len(goal) < 2:
            return None
        sub = frozenset(rng.sample(goal, rng.randint(1, len(goal) - 1)))
        if not _unsatisfied(sub, task.init):
            return None
        return Candidate(vid, replace(task, name=vid, goal=sub), "variant", family,
                         f"debugging task {base_id} with {len(sub)} of its {len(goal)} goal facts", True,
                         details=details)  # fmt: skip
    preds = allowed
    if kind == "walk-init":
        start, steps = random_walk(task, task.init, length, rng)
        if not steps or not _unsatisfied(task.goal, start):
            return None
        return Candidate(vid, replace(task, name=vid, init=start), "variant", family,
                         f"debugging task {base_id} starting from the state after {len(steps)} random actions",
                         False, details=details | {"walk": [s.text() for s in steps]})  # fmt: skip
    if kind == "walk-goal":
        goal = _walked_goal(task, task.init, length, rng, preds)
        if not goal:
            return None
        return Candidate(vid, replace(task, name=vid, goal=goal), "variant", family,
                         f"debugging task {base_id} with a goal reached by {length} random actions", True,
                         details=details)  # fmt: skip
    if kind == "walk-both":
        start, steps = random_walk(task, task.init, length, rng)
        goal = _walked_goal(task, start, length, rng, preds)
        if not steps or not goal:
            return None
        return Candidate(vid, replace(task, name=vid, init=start, goal=goal), "variant", family,
                         f"debugging task {base_id} from a walked state to a walked goal", True,
                         details=details)  # fmt: skip
    if kind == "recombine":
        walked = _walked_goal(task, task.init, length, rng, preds)
        half = sorted(task.goal)
        keep = frozenset(rng.sample(half, max(1, len(half) // 2)))
        goal = keep | frozenset(sorted(walked)[: max(1, len(walked) // 2)])
        if goal == task.goal or not _unsatisfied(goal, task.init):
            return None
        return Candidate(vid, replace(task, name=vid, goal=goal), "variant", family,
                         f"debugging task {base_id} with half its goal and half of a walked goal", False,
                         details=details)  # fmt: skip
    raise ValueError(f"unknown variant family {family!r}")
