"""Reproducible input orderings, and the insertion-ordered set type programs receive.

The paper runs every task in several random orderings of its objects, initial facts and goal facts, and
counts it only if every ordering gives a valid plan: a program must not lean on one lucky order. Two
things make an ordering reproducible here:

- the order itself is a shuffle driven by SHA-256 of (task content, ordering index, seed), never by
  ``hash()`` or the ``random`` module's version-dependent helpers;
- the program sees exactly that order, because its inputs are :class:`OrderedSet` values (iteration in
  insertion order), and each ordering index runs under its own ``PYTHONHASHSEED`` (:func:`hash_seed`),
  so code that iterates a *plain* set it built itself (whose order depends on the hash seed) is exposed
  too, and exposed the same way on every machine.

The hash seed depends on (ordering index, seed) but not on the task: one warm interpreter per ordering
index then serves every task (an interpreter's hash seed is fixed when it starts), which is what makes
the executor fast.

Ordering 0 is shuffled like the others (the paper's orderings are all random); the canonical sorted
order is what prompts show, so a program that only works on sorted input is caught by every ordering.
"""

from __future__ import annotations

import hashlib
import random
from itertools import repeat, starmap
from operator import itemgetter
from typing import Any

from genplan.execute.orderedset import OrderedSet
from genplan.pddl.pyform import PyTask

__all__ = ["OrderedSet", "hash_seed", "ordering", "task_fingerprint", "task_orderings"]

#: Prefix of every digest so the streams cannot collide with other uses of SHA-256 in genplan.
_DOMAIN_TAG = "genplan-ordering-v1"


# ---------------------------------------------------------------------------------------- orderings
def _digest(*parts: object) -> bytes:
    text = "\0".join((_DOMAIN_TAG, *(str(p) for p in parts)))
    return hashlib.sha256(text.encode("utf-8")).digest()


def task_fingerprint(py: PyTask) -> str:
    """SHA-256 (hex) of a task's canonical inputs, ``repr((objects, init, goal))`` each sorted: orderings
    depend on content, not on file names. Computed once per :class:`PyTask` object
    (:attr:`PyTask.fingerprint`), so the evaluation's cache key and the orderings share it."""
    return py.fingerprint


def _shuffled(items: tuple[Any, ...], rng: random.Random) -> tuple[Any, ...]:
    """A uniform shuffle driven only by ``rng.random()``, whose output Python guarantees across versions
    (``random.shuffle``'s algorithm is not guaranteed): sort by one random key per item (a stable sort).

    Every step is a C-level call, with no Python code per item (a large task has 300,000 facts).
    """
    keys = list(starmap(rng.random, repeat((), len(items))))
    order = sorted(range(len(items)), key=keys.__getitem__)
    if len(order) < 2:
        return tuple(items[i] for i in order)
    return itemgetter(*order)(items)  # a tuple, given two or more indices


def ordering(py: PyTask, index: int, seed: int, *, fingerprint: str | None = None) -> PyTask:
    """The ``index``-th ordering of ``py`` under ``seed``: objects, init and goal shuffled independently.

    ``py`` is sorted first (unless it is known to be, :meth:`PyTask.canonical`), so the result depends only on
    the task's content, ``index`` and ``seed``; ``fingerprint`` (from :func:`task_fingerprint`) may be
    passed, as it was before ``py`` kept its own.
    """
    canonical = py.sorted()
    key = fingerprint or task_fingerprint(py)
    out = []
    for part, items in (("objects", canonical.objects), ("init", canonical.init), ("goal", canonical.goal)):
        rng = random.Random(int.from_bytes(_digest(key, index, seed, part), "big"))
        out.append(_shuffled(items, rng))
    return PyTask(objects=out[0], init=out[1], goal=out[2])


def hash_seed(index: int, seed: int) -> int:
    """The ``PYTHONHASHSEED`` of ordering ``index`` under ``seed``: in 1..2**32-1 (0 would disable hash
    randomization, which would make every ordering share the same set order)."""
    return 1 + int.from_bytes(_digest("hashseed", index, seed)[:8], "big") % (2**32 - 1)


def task_orderings(py: PyTask, orderings: int, seed: int) -> list[PyTask]:
    """Orderings ``0 .. orderings - 1`` of ``py`` under ``seed`` (what an evaluation runs a task in)."""
    fingerprint = task_fingerprint(py)
    return [ordering(py, index, seed, fingerprint=fingerprint) for index in range(orderings)]
