"""The builtin domains shipped in ``pddl_benchmarks/<domain>/domain.pddl``.

Where they are: ``pddl_benchmarks/`` next to the ``genplan`` package (a source checkout or an editable
install), else ``<prefix>/share/genplan/pddl_benchmarks`` (where a wheel installs them; see
``[tool.setuptools.data-files]`` in pyproject.toml).
"""

from __future__ import annotations

import sys
from functools import cache
from pathlib import Path

from genplan.pddl.model import Domain
from genplan.pddl.parser import parse_domain

#: The checkout's benchmark folder, and where a non-editable install puts it.
CHECKOUT_DIR = Path(__file__).resolve().parent.parent.parent / "pddl_benchmarks"
INSTALLED_DIR = Path(sys.prefix) / "share" / "genplan" / "pddl_benchmarks"


def _locate() -> Path:
    for path in (CHECKOUT_DIR, INSTALLED_DIR):
        if (path / "ferry" / "domain.pddl").is_file():  # not just any folder of that name
            return path
    return CHECKOUT_DIR


#: The folder holding one sub-folder per builtin domain.
BENCHMARKS_DIR = _locate()


#: genplan's own formulations of the domains whose generators are not among the builtin suites.
EXTRA_DIR = Path(__file__).resolve().parent / "pddl"


def builtin_domain_path(name: str) -> Path:
    """The domain file of builtin suite ``name``, else genplan's own formulation for an extra generator."""
    path = BENCHMARKS_DIR / name / "domain.pddl"
    extra = EXTRA_DIR / f"{name}.pddl"
    return path if path.is_file() or not extra.is_file() else extra


@cache
def builtin_domain(name: str) -> Domain:
    """The parsed builtin domain ``name`` (parsed once per process)."""
    return parse_domain(builtin_domain_path(name))
