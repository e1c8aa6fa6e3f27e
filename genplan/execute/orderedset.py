"""The insertion-ordered set that ``generate_solution`` receives as ``objects``, ``init`` and ``goal``.

Kept apart from :mod:`genplan.execute.orderings` so the fork server can import it without the rest of
genplan (every module the server holds makes each ``fork`` slower).
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, MutableSet

# Annotations only (this module lives in the fork server, where importing typing costs every fork).
TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any


class OrderedSet(MutableSet):
    """A mutable set that iterates in insertion order: what ``generate_solution`` receives.

    Why not a ``set`` subclass: C code that handles sets (``set(x)``, ``x | y``, ``set.update``) reads a
    subclass's hash table directly, in hash order, and can change it behind the subclass's back, so
    the promised order would silently not hold. A :class:`collections.abc.MutableSet` backed by a
    ``dict`` (insertion-ordered since Python 3.7) keeps the order everywhere the program can observe it.
    The cost: ``isinstance(x, set)`` is false (``isinstance(x, collections.abc.Set)`` is true); ``in``,
    ``len``, iteration, comparisons with plain sets, set algebra (results are ``OrderedSet``; left
    operand's order first), ``set(x)``, ``frozenset(x)``, ``sorted(x)``, ``copy``/``deepcopy`` and pickle
    all work. Like ``set`` it is unhashable.
    """

    __slots__ = ("_d",)

    def __init__(self, items: Iterable[Any] = ()) -> None:
        self._d: dict[Any, None] = dict.fromkeys(items)

    # -- the abstract methods
    def __contains__(self, item: object) -> bool:
        return item in self._d

    def __iter__(self) -> Iterator[Any]:
        return iter(self._d)

    def __len__(self) -> int:
        return len(self._d)

    def add(self, item: Any) -> None:
        self._d[item] = None

    def discard(self, item: Any) -> None:
        self._d.pop(item, None)

    # -- what set has beyond MutableSet
    __hash__ = None  # type: ignore[assignment]

    @classmethod
    def _from_iterable(cls, it: Iterable[Any]) -> OrderedSet:
        return cls(it)

    def __repr__(self) -> str:
        if not self._d:
            return "set()"
        return "{" + ", ".join(repr(x) for x in self._d) + "}"

    def __reduce__(self) -> tuple[Any, ...]:
        return (type(self), (list(self._d),))

    def copy(self) -> OrderedSet:
        return type(self)(self._d)

    __copy__ = copy

    def remove(self, item: Any) -> None:
        del self._d[item]

    def pop(self) -> Any:
        """Remove and return the *first* element (a plain set pops an arbitrary one)."""
        if not self._d:
            raise KeyError("pop from an empty set")
        item = next(iter(self._d))
        del self._d[item]
        return item

    def clear(self) -> None:
        self._d.clear()

    def update(self, *others: Iterable[Any]) -> None:
        for other in others:
            self._d.update(dict.fromkeys(other))

    def union(self, *others: Iterable[Any]) -> OrderedSet:
        out = self.copy()
        out.update(*others)
        return out

    def intersection(self, *others: Iterable[Any]) -> OrderedSet:
        keep = [set(o) if not isinstance(o, (set, frozenset, OrderedSet)) else o for o in others]
        return type(self)(x for x in self._d if all(x in o for o in keep))

    def intersection_update(self, *others: Iterable[Any]) -> None:
        self._d = self.intersection(*others)._d

    def difference(self, *others: Iterable[Any]) -> OrderedSet:
        drop: set[Any] = set()
        for other in others:
            drop.update(other)
        return type(self)(x for x in self._d if x not in drop)

    def difference_update(self, *others: Iterable[Any]) -> None:
        for other in others:
            for x in other:
                self._d.pop(x, None)

    def symmetric_difference(self, other: Iterable[Any]) -> OrderedSet:
        other_d = dict.fromkeys(other)
        return type(self)([*(x for x in self._d if x not in other_d), *(x for x in other_d if x not in self._d)])

    def symmetric_difference_update(self, other: Iterable[Any]) -> None:
        self._d = self.symmetric_difference(other)._d

    def issubset(self, other: Iterable[Any]) -> bool:
        other_s = other if isinstance(other, (set, frozenset, OrderedSet)) else set(other)
        return all(x in other_s for x in self._d)

    def issuperset(self, other: Iterable[Any]) -> bool:
        return all(x in self._d for x in other)

    def __and__(self, other: Any) -> OrderedSet:
        # The mixin iterates ``other`` (in its hash order if it is a plain set); keep our own order.
        if not isinstance(other, (set, frozenset, OrderedSet)):
            return NotImplemented
        return type(self)(x for x in self._d if x in other)

    # ``|`` and friends from the mixin accept only Sets; plain sets on the left give NotImplemented and
    # fall back to the reflected methods below, so ``{1} | ordered`` works and is ordered too.
    def __ror__(self, other: Any) -> OrderedSet:
        if not isinstance(other, (set, frozenset, OrderedSet)):
            return NotImplemented
        return type(self)(other).union(self)

    def __rand__(self, other: Any) -> OrderedSet:
        if not isinstance(other, (set, frozenset, OrderedSet)):
            return NotImplemented
        return type(self)(x for x in other if x in self._d)

    def __rsub__(self, other: Any) -> OrderedSet:
        if not isinstance(other, (set, frozenset, OrderedSet)):
            return NotImplemented
        return type(self)(x for x in other if x not in self._d)

    def __rxor__(self, other: Any) -> OrderedSet:
        if not isinstance(other, (set, frozenset, OrderedSet)):
            return NotImplemented
        return type(self)(other).symmetric_difference(self)
