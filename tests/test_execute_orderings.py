"""Input orderings and the insertion-ordered set programs receive (genplan.execute.orderings/orderedset)."""

from __future__ import annotations

import copy
import dataclasses
import hashlib
import json
import os
import pickle
import random
import subprocess
import sys
from collections.abc import Set

import pytest

import genplan.pddl.pyform as pyform
from genplan.execute.orderedset import OrderedSet
from genplan.execute.orderings import _shuffled, hash_seed, ordering, task_fingerprint
from genplan.pddl.pyform import PyTask

REPO = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))

TASK = PyTask(
    objects=tuple(f"o{i}" for i in range(12)),
    init=(*tuple(("at", f"o{i}", f"l{i % 3}") for i in range(12)), ("handempty",)),
    goal=tuple(("at", f"o{i}", "l0") for i in range(6)),
)


# ------------------------------------------------------------------------------------------ OrderedSet
def test_iterates_in_insertion_order_and_behaves_like_a_set() -> None:
    s = OrderedSet(["c", "a", "b", "a"])
    assert list(s) == ["c", "a", "b"]
    assert len(s) == 3 and "a" in s and "z" not in s
    assert s == {"a", "b", "c"} and {"a", "b", "c"} == s and s != {"a"}
    assert s <= {"a", "b", "c", "d"} and frozenset("abcd") >= s and s.issubset("abcd") and s.issuperset("ab")
    assert sorted(s) == ["a", "b", "c"] and set(s) == {"a", "b", "c"} and frozenset(s) == frozenset("abc")
    assert isinstance(s, Set) and not isinstance(s, set)
    assert repr(s) == "{'c', 'a', 'b'}" and repr(OrderedSet()) == "set()"


def test_set_algebra_returns_ordered_sets_in_a_stable_order() -> None:
    s = OrderedSet(["c", "a", "b"])
    for result, expected in (
        (s | {"z"}, ["c", "a", "b", "z"]),
        (s & {"b", "c"}, ["c", "b"]),
        (s - {"a"}, ["c", "b"]),
        (s ^ OrderedSet(["a", "y"]), ["c", "b", "y"]),
        (s.union(["q"], ["r"]), ["c", "a", "b", "q", "r"]),
        (s.intersection(["b", "a"]), ["a", "b"]),
        (s.difference(["c"]), ["a", "b"]),
        (s.symmetric_difference(["b", "x"]), ["c", "a", "x"]),
    ):
        assert type(result) is OrderedSet
        assert list(result) == expected
    assert type({"z"} | s) is OrderedSet and {"z"} | s == {"a", "b", "c", "z"}
    assert {"a", "q"} - s == {"q"} and {"a", "q"} & s == {"a"} and {"a", "q"} ^ s == {"b", "c", "q"}


def test_mutation_methods() -> None:
    s = OrderedSet(["c", "a"])
    s.add("b")
    s.discard("zz")
    s.update(["d"], ["a", "e"])
    assert list(s) == ["c", "a", "b", "d", "e"]
    s.remove("d")
    with pytest.raises(KeyError):
        s.remove("d")
    assert s.pop() == "c"  # the first element, not an arbitrary one
    s |= {"f"}
    s -= {"a"}
    s &= {"b", "e", "f"}
    assert list(s) == ["b", "e", "f"]
    s.intersection_update(["e", "f"])
    s.difference_update(["f"])
    s.symmetric_difference_update(["g", "e"])
    assert list(s) == ["g"]
    s.clear()
    with pytest.raises(KeyError):
        s.pop()


def test_copies_are_independent_and_keep_order() -> None:
    s = OrderedSet([("at", "b"), ("at", "a")])
    for other in (s.copy(), copy.copy(s), copy.deepcopy(s), pickle.loads(pickle.dumps(s))):
        assert type(other) is OrderedSet and list(other) == list(s)
        other.add(("new",))
        assert ("new",) not in s
    with pytest.raises(TypeError):
        hash(s)


# ------------------------------------------------------------------------------------------- orderings
def test_ordering_is_a_permutation_and_reproducible() -> None:
    first = ordering(TASK, 0, seed=1)
    assert sorted(first.objects) == sorted(TASK.objects)
    assert sorted(first.init) == sorted(TASK.init) and sorted(first.goal) == sorted(TASK.goal)
    assert ordering(TASK, 0, seed=1) == first
    shuffled_input = PyTask(TASK.objects[::-1], TASK.init[::-1], TASK.goal[::-1])
    assert ordering(shuffled_input, 0, seed=1) == first  # depends on content, not on the given order


def test_orderings_differ_by_index_seed_and_task() -> None:
    by_index = {ordering(TASK, i, seed=1) for i in range(4)}
    assert len(by_index) == 4
    assert ordering(TASK, 0, seed=2) != ordering(TASK, 0, seed=1)
    other = PyTask((*TASK.objects, "extra"), TASK.init, TASK.goal)
    assert ordering(other, 0, seed=1).init != ordering(TASK, 0, seed=1).init
    assert task_fingerprint(other) != task_fingerprint(TASK)
    # Ordering 0 is shuffled too (not the canonical sorted order).
    assert ordering(TASK, 0, seed=1).objects != tuple(sorted(TASK.objects))


def test_hash_seeds_are_valid_distinct_and_fixed() -> None:
    seeds = [hash_seed(i, s) for s in (1, 2, 3) for i in range(4)]
    assert all(1 <= h <= 2**32 - 1 for h in seeds)
    assert len(set(seeds)) == len(seeds)
    assert hash_seed(0, 1) == hash_seed(0, 1)


def test_orderings_do_not_depend_on_the_interpreters_hash_seed() -> None:
    code = (
        "import json; from genplan.execute.orderings import ordering, hash_seed; "
        "from genplan.pddl.pyform import PyTask; "
        f"t = PyTask(*json.loads({json.dumps(json.dumps([TASK.objects, TASK.init, TASK.goal]))})); "
        "t = PyTask(tuple(t.objects), tuple(map(tuple, t.init)), tuple(map(tuple, t.goal))); "
        "print(repr([ordering(t, i, 7) for i in range(3)] + [hash_seed(2, 7)]))"
    )
    outputs = set()
    for seed in ("0", "1", "12345"):
        env = {**os.environ, "PYTHONHASHSEED": seed}
        done = subprocess.run(
            [sys.executable, "-c", code], env=env, cwd=REPO, capture_output=True, text=True, check=True
        )
        outputs.add(done.stdout)
    assert len(outputs) == 1
    assert next(iter(outputs)).startswith("[PyTask(")


def test_the_shuffle_is_the_one_of_one_sort_key_per_item() -> None:
    """The C-level shuffle gives what the first definition gave: sort the indices by one random key each."""

    def first_definition(items: tuple, rng: random.Random) -> tuple:
        keys = [rng.random() for _ in items]
        return tuple(items[i] for i in sorted(range(len(items)), key=keys.__getitem__))

    for n in (0, 1, 2, 3, 50, 5000):
        items = tuple(range(n))
        assert _shuffled(items, random.Random(n)) == first_definition(items, random.Random(n))
        assert type(_shuffled(items, random.Random(n))) is tuple


def test_the_fingerprint_is_computed_once_per_task_and_not_carried_to_a_changed_copy(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    calls = []
    real = pyform.fingerprint_of
    monkeypatch.setattr(pyform, "fingerprint_of", lambda *parts: calls.append(1) or real(*parts))
    py = PyTask(TASK.objects[::-1], TASK.init[::-1], TASK.goal)
    text = repr((tuple(sorted(py.objects)), tuple(sorted(py.init)), tuple(sorted(py.goal))))
    assert task_fingerprint(py) == hashlib.sha256(text.encode("utf-8")).hexdigest() == task_fingerprint(py)
    assert ordering(py, 0, 1) == ordering(py, 0, 1, fingerprint=task_fingerprint(py))
    assert len(calls) == 1
    changed = dataclasses.replace(py, goal=TASK.goal[:1])
    assert task_fingerprint(changed) != task_fingerprint(py) and len(calls) == 2


def test_a_task_known_to_be_sorted_is_not_sorted_again() -> None:
    canonical = PyTask.canonical(tuple(sorted(TASK.objects)), tuple(sorted(TASK.init)), tuple(sorted(TASK.goal)))
    assert canonical.sorted() is canonical and canonical == TASK.sorted()
    assert TASK.sorted() is not TASK  # not known to be sorted: sorted, into a new task
    assert ordering(canonical, 2, 5) == ordering(TASK, 2, 5)
    # What is known stays beside the fields: equality, repr and a changed copy do not see it.
    plain = PyTask(canonical.objects, canonical.init, canonical.goal)
    assert repr(canonical) == repr(plain) and canonical == plain and hash(canonical) == hash(plain)
    assert dataclasses.replace(canonical, init=TASK.init).sorted().init == tuple(sorted(TASK.init))
