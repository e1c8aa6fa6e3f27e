"""Reading the command line's comma-separated list options (``--time-limits 45,1800``, ``--sizes
10,100``, ``--domains ferry,gripper``): one reading for every command, so that spacing, empty items and
the errors for bad values behave alike everywhere."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TypeVar

from genplan.core.errors import GenplanError

N = TypeVar("N", int, float)


def split_list(text: str | Sequence[object]) -> list[str]:
    """``" a, b,,c "`` -> ``["a", "b", "c"]``; a sequence (from the Python API) is read item by item."""
    parts = text.split(",") if isinstance(text, str) else [str(x) for x in text]
    return [p.strip() for p in parts if p.strip()]


def positive_numbers(
    text: str | Sequence[object], read: Callable[[str], N], what: str, kind: str, example: str
) -> tuple[N, ...]:
    """The numbers of a list option, sorted and without repeats; each must be finite and positive.

    ``read`` turns an item into a number (raising ``ValueError`` when it cannot); ``what`` names one
    item (``"time limit"``), ``kind`` says what it must be (``"a positive number of seconds"``) and
    ``example`` is a valid option to suggest (``"--time-limits 45,1800"``)."""
    values: list[N] = []
    for item in split_list(text):
        try:
            value: float = read(item)
        except ValueError:
            value = float("nan")
        if not (value > 0 and value != float("inf")):
            raise GenplanError(f"The {what} {item!r} is not {kind}.", hint=f"Pass e.g. {example}.")
        values.append(value)  # type: ignore[arg-type]
    if not values:
        raise GenplanError(f"No {what} given.", hint=f"Pass e.g. {example}.")
    return tuple(sorted(set(values)))
