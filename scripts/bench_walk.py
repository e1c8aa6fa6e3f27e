"""How fast are the generalization check's random actions on large tasks? The indexed join against a fixed order.

The check's variants walk random actions from the debugging tasks' states, and its own counterexamples
become debugging tasks, so a walk can start on a task of thousands of objects. For generated sokoban tasks
of growing size this script times, in the same run, one state's applicable actions found by
:func:`genplan.generalize.walk.applicable` (preconditions joined by their bound arguments through an
index) and by matching the preconditions in a fixed order (fewest facts first), each against all of its
predicate's facts, as the module did before. It checks that both list the same actions in the same order
and prints CPU seconds and the ratio. The fixed order is skipped above ``--baseline-up-to`` objects (at
4,000 objects it would take minutes per state).

    python scripts/bench_walk.py [--sizes 150,300,600,1000,4240] [--baseline-up-to 1000]
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO))

from genplan.generalize.walk import applicable, random_walk  # noqa: E402
from genplan.generators import sokoban  # noqa: E402
from genplan.pddl.model import Task  # noqa: E402


def fixed_order(task: Task, state: frozenset) -> list[tuple[str, tuple[str, ...]]]:
    """The baseline: each positive precondition in a fixed order against all of its predicate's facts."""
    by_pred: dict[str, list] = {}
    for fact in sorted(state):
        by_pred.setdefault(fact[0], []).append(fact)
    objects = task.all_objects
    out = []
    for schema in task.domain.actions:
        params = [p.name for p in schema.parameters]
        ptype = {p.name: p.type for p in schema.parameters}
        atoms = sorted(schema.pre_pos, key=lambda a: len(by_pred.get(a.predicate, ())))

        def bind(i: int, binding: dict, atoms=atoms):
            if i == len(atoms):
                yield binding
                return
            atom = atoms[i]
            for fact in by_pred.get(atom.predicate, ()):
                if len(fact) != len(atom.args) + 1:
                    continue
                new = dict(binding)
                if all((new.setdefault(a, v) == v) if a.startswith("?") else a == v
                       for a, v in zip(atom.args, fact[1:], strict=True)):  # fmt: skip
                    yield from bind(i + 1, new)

        for binding in bind(0, {}):
            fills = [binding]
            for p in (p for p in params if p not in binding):
                kinds = sorted(o for o, t in objects.items() if task.domain.is_subtype(t, ptype[p]))
                fills = [{**b, p: o} for b in fills for o in kinds]
            for full in fills:
                if not all(full[p] in objects and task.domain.is_subtype(objects[full[p]], ptype[p]) for p in params):
                    continue
                value = full.get
                if any(value(a, a) != value(b, b) for a, b in schema.pre_eq):
                    continue
                if any(value(a, a) == value(b, b) for a, b in schema.pre_neq):
                    continue
                if any(atom.ground(full) in state for atom in schema.pre_neg):
                    continue
                out.append((schema.name, tuple(full[p] for p in params)))
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sizes", default="150,300,600,1000,4240", help="sokoban task sizes, in objects")
    parser.add_argument("--baseline-up-to", type=int, default=1000, help="largest size the fixed order is timed at")
    args = parser.parse_args()
    print(f"{'objects':>8} {'join (s)':>9} {'30-step walk (s)':>17} {'fixed order (s)':>16} {'ratio':>8}")
    for size in (int(s) for s in args.sizes.split(",")):
        task = sokoban.generate(sokoban.params_for_size(size), 1, "bench")
        start = time.process_time()
        joined = [(s.schema.name, s.args) for s in applicable(task, task.init)]
        join_s = time.process_time() - start
        start = time.process_time()
        random_walk(task, task.init, 30, random.Random(1))
        walk_s = time.process_time() - start
        if task.size <= args.baseline_up_to:
            start = time.process_time()
            fixed = fixed_order(task, task.init)
            fixed_s = time.process_time() - start
            if fixed != joined:
                raise SystemExit(f"the two differ on a task of {task.size} objects")
            print(f"{task.size:>8} {join_s:>9.4f} {walk_s:>17.3f} {fixed_s:>16.3f} {fixed_s / join_s:>7.0f}x")
        else:
            print(f"{task.size:>8} {join_s:>9.4f} {walk_s:>17.3f} {'(skipped)':>16} {'':>8}")


if __name__ == "__main__":
    main()
