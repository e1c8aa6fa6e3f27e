"""Instance generators for the 17 benchmark domains, one module per domain.

Every module ``genplan.generators.<domain>`` provides:

- ``Params``: a frozen dataclass of size parameters with defaults, and a ``check()`` method raising
  :class:`GeneratorError` for impossible values (e.g. more nuts than spanners);
- ``generate(params: Params, seed: int, name: str | None = None) -> Task``: a solvable task of the kind
  the reference benchmark holds, over the builtin domain, the same for the same ``(params, seed)``
  whatever ``PYTHONHASHSEED`` is (use ``random.Random(seed)`` and sort before sampling from sets);
- ``params_for_size(size: int) -> Params``: parameters giving a task of roughly ``size`` objects, so
  suites and scaling checks can ask for "a task of size N" in any domain.

A generator that keeps a task only when its own strategy can solve it (beluga) is biased towards the
tasks that strategy finds easy. Its ``Params`` may then have a field ``unproven`` (default 0): with
``unproven=1`` it skips that filter, and the task may be unsolvable. Suites never use it; the
generalization check does, and proves such a task solvable with Fast Downward before a program's failure
on it counts (see :data:`UNPROVEN`).
"""

from __future__ import annotations

import importlib
from dataclasses import fields
from types import ModuleType
from typing import Any

from genplan.core.errors import GenplanError
from genplan.pddl.model import Task

#: The domains that have a generator (module name = domain name with '-' replaced by '_').
GENERATOR_DOMAINS = (
    "delivery", "ferry", "gripper", "heavy", "hiking", "miconic", "spanner",
    "beluga", "blocksworld", "goldminer", "grippers", "logistics", "minigrid",
    "rovers", "satellite", "transport", "visitall",
)  # fmt: skip


#: Generators for domains that are not among the 17 builtin suites (the IPC 2023 Learning Track's others).
#: Their own formulation of the domain, written by us, is ``genplan/generators/pddl/<domain>.pddl``; the
#: Learning Track's formulation is reached through a dialect (:mod:`genplan.generators.dialects`).
EXTRA_GENERATOR_DOMAINS: tuple[str, ...] = ("childsnack", "floortile", "sokoban")


#: The ``Params`` field of a generator that can skip its own solvability filter (see the module docstring).
UNPROVEN = "unproven"


class GeneratorError(GenplanError):
    """Impossible or unknown generator parameters."""


def check_integers(params: Any, domain: str) -> None:
    """Every size parameter is a whole number (``True`` is not one), else a clear GeneratorError."""
    for key, value in vars(params).items():
        if not isinstance(value, int) or isinstance(value, bool):
            raise GeneratorError(f"The {domain} parameter {key} must be an integer, not {value!r}.")


def check_size(size: int) -> None:
    """A task size for ``params_for_size`` is a positive whole number."""
    if not isinstance(size, int) or isinstance(size, bool) or size < 1:
        raise GeneratorError(f"A task size must be a positive integer, not {size!r}.")


def generator_module(domain: str) -> ModuleType:
    """The generator module of ``domain``; an unknown domain suggests the closest name."""
    known = (*GENERATOR_DOMAINS, *EXTRA_GENERATOR_DOMAINS)
    if domain not in known:
        from difflib import get_close_matches

        close = get_close_matches(domain, known, n=1)
        hint = f"Did you mean {close[0]!r}?" if close else f"Known: {', '.join(known)}."
        raise GeneratorError(f"There is no instance generator for the domain {domain!r}.", hint=hint)
    return importlib.import_module(f"genplan.generators.{domain.replace('-', '_')}")


def make_params(domain: str, **values: Any) -> Any:
    """Build the ``Params`` of ``domain`` from keyword values, rejecting unknown names clearly."""
    module = generator_module(domain)
    names = {f.name for f in fields(module.Params)}
    unknown = sorted(set(values) - names)
    if unknown:
        raise GeneratorError(
            f"Unknown parameter(s) {', '.join(unknown)} for the {domain} generator.",
            hint=f"Its parameters are: {', '.join(sorted(names))}.",
        )
    params = module.Params(**values)
    params.check()
    return params


def generate(domain: str, seed: int, name: str | None = None, **values: Any) -> Task:
    """Generate one task of ``domain`` with the given size parameters and seed."""
    return generator_module(domain).generate(make_params(domain, **values), seed, name)
