"""The options several commands share: one name, one meaning and one default each, defined once here.

Why: the same thing had a different name in each command (``--memory``, ``--memory-mb``,
``--memory-limit``), a different default (``--timeout`` 45 s in one, 60 s in another) or different
values (``--split eval`` against ``--split heldout``). Each shared option is now one definition below,
used by every command that has it; the old spellings still parse, as hidden aliases
(:data:`HIDDEN_ALIASES`), so scripts written against them keep working, but ``--help`` shows one name.

Also here: the reading of comma-separated list options (``--planner-time-limit 45,1800``, ``--sizes
10,100``, ``--domains ferry,gripper``), one for every command, so that spacing, empty items and the
errors for bad values behave alike everywhere.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from types import MappingProxyType
from typing import Annotated, TypeVar

import typer

from genplan.core.errors import GenplanError
from genplan.core.limits import PROGRAM_MEMORY_MB, PROGRAM_TIMEOUT_S

#: The task sets of a suite: its held-out tasks, its debugging tasks, or all of them.
SPLITS = ("heldout", "debug", "all")
#: Older names of a split that still work (``evaluate`` called the held-out tasks ``eval``).
_SPLIT_ALIASES = MappingProxyType({"eval": "heldout", "held-out": "heldout"})

#: Old spellings of options -> the canonical option they mean. A command accepts an old spelling when it
#: has the canonical option and no option of the old spelling's own name (``--timeout`` is the
#: planner's time limit in ``plan``, which runs no program; elsewhere it is the program's).
HIDDEN_ALIASES: Mapping[str, str] = MappingProxyType(
    {
        "--memory-mb": "--memory",
        "--memory-limit": "--memory",
        "--planner-timeout": "--planner-time-limit",
        "--time-limits": "--planner-time-limit",
        "--timeout": "--planner-time-limit",
    }
)


def canonical_split(name: str) -> str:
    """``heldout``, ``debug`` or ``all`` (``eval`` is read as ``heldout``); anything else is a user error."""
    split = _SPLIT_ALIASES.get(name.strip().lower(), name.strip().lower())
    if split not in SPLITS:
        raise GenplanError(f"Unknown split {name!r}.", hint=f"Use --split {', '.join(SPLITS[:-1])} or {SPLITS[-1]}.")
    return split


# The shared options, as typer annotations. Each names its unit and default in its help.
ProgramTimeoutOpt = Annotated[float, typer.Option("--timeout", help="CPU seconds per program run.", show_default=True)]
ProgramMemoryOpt = Annotated[int, typer.Option("--memory", help="Memory limit per program run, in MiB.")]
ProgramTimeoutOrLimitsOpt = Annotated[
    float | None,
    typer.Option(
        "--timeout", help=f"CPU seconds per program run (default: {PROGRAM_TIMEOUT_S:g}, or as --limits says).",
        show_default=False,
    ),
]  # fmt: skip
ProgramMemoryOrLimitsOpt = Annotated[
    int | None,
    typer.Option(
        "--memory", help=f"Memory limit per program run, in MiB (default: {PROGRAM_MEMORY_MB}, or as --limits says).",
        show_default=False,
    ),
]  # fmt: skip
PlannerMemoryOpt = Annotated[int, typer.Option("--memory", help="Memory limit per Fast Downward run, in MiB.")]
PlannerTimeLimitOpt = Annotated[
    float, typer.Option("--planner-time-limit", help="Seconds per Fast Downward run (a task).")
]
PlannerTimeLimitsOpt = Annotated[
    str,
    typer.Option(
        "--planner-time-limit",
        help="Seconds per Fast Downward run (a task); several, comma-separated, give one baseline each.",
    ),
]
SplitOpt = Annotated[str, typer.Option("--split", help="The tasks: heldout (the paper's evaluation), debug, or all.")]
DomainArg = Annotated[
    str,
    typer.Argument(
        help="Domain name (builtin, or of --suite), or a domain.pddl path, or a suite folder holding one.",
        show_default=False,
    ),
]

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
