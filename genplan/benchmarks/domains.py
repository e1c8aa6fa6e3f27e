"""The builtin domains shipped in ``pddl_benchmarks/<domain>/domain.pddl``."""

from __future__ import annotations

from functools import cache
from pathlib import Path

from genplan.pddl.model import Domain
from genplan.pddl.parser import parse_domain

#: The repository's benchmark folder (genplan is installed editable; see README).
BENCHMARKS_DIR = Path(__file__).resolve().parent.parent.parent / "pddl_benchmarks"


def builtin_domain_path(name: str) -> Path:
    return BENCHMARKS_DIR / name / "domain.pddl"


@cache
def builtin_domain(name: str) -> Domain:
    """The parsed builtin domain ``name`` (parsed once per process)."""
    return parse_domain(builtin_domain_path(name))
