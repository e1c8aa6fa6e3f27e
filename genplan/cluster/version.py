"""Which genplan a process runs: the fingerprint a driver and its Dask workers must share.

A worker that runs another genplan would compute other results under the driver's cache keys (another
validator, another sandbox, another Fast Downward), and the driver would store them as if they were its
own. So every task a worker runs first compares its fingerprint with the driver's, and the driver asks
every worker present when it connects. The fingerprint holds:

- genplan's version (``genplan.__version__``, read when asked, not at import);
- a digest of genplan's own source files, so two checkouts of the same version that differ in one line
  (a developer's editable install) still count as different;
- the Python version (``major.minor``) and the version of the ``up-fast-downward`` package, whose
  planner answers the baselines.
"""

from __future__ import annotations

import hashlib
import importlib.metadata
import sys
from functools import cache
from pathlib import Path

#: The parts of a fingerprint, in the order messages name them.
PARTS = ("genplan", "source", "python", "fast-downward")


@cache
def _source_digest() -> str:
    """SHA-256 over the paths and contents of genplan's ``.py`` files (12 hex digits); once per process."""
    root = Path(__file__).resolve().parent.parent
    digest = hashlib.sha256()
    for path in sorted(root.rglob("*.py")):
        digest.update(path.relative_to(root).as_posix().encode())
        digest.update(b"\0")
        digest.update(path.read_bytes())
        digest.update(b"\0")
    return digest.hexdigest()[:12]


@cache
def _fast_downward() -> str:
    try:
        return importlib.metadata.version("up-fast-downward")
    except importlib.metadata.PackageNotFoundError:
        return "not installed"


def fingerprint() -> dict[str, str]:
    """This process's genplan, as a plain dict (it travels to and from workers)."""
    import genplan

    return {
        "genplan": str(genplan.__version__),
        "source": _source_digest(),
        "python": f"{sys.version_info.major}.{sys.version_info.minor}",
        "fast-downward": _fast_downward(),
    }


def describe(found: dict[str, str]) -> str:
    """``genplan 0.1.0 (source 1a2b3c4d5e6f, Python 3.11, up-fast-downward 1.0.0)``."""
    return (
        f"genplan {found.get('genplan', '?')} (source {found.get('source', '?')}, Python {found.get('python', '?')}, "
        f"up-fast-downward {found.get('fast-downward', '?')})"
    )


def differences(worker: dict[str, str], driver: dict[str, str]) -> list[str]:
    """The parts in which ``worker`` differs from ``driver`` (empty when they match)."""
    return [part for part in PARTS if worker.get(part) != driver.get(part)]


class VersionMismatch(RuntimeError):
    """Raised inside a worker's task when the worker's genplan is not the driver's.

    Plain positional arguments, so it pickles back to the driver unchanged.
    """

    def __init__(self, worker: str, found: dict[str, str], expected: dict[str, str]) -> None:
        super().__init__(worker, found, expected)
        self.worker = worker
        self.found = found
        self.expected = expected


def check_driver(expected: dict[str, str], worker: str) -> None:
    """Refuse to work for a driver that runs another genplan (called first in every worker task)."""
    found = fingerprint()
    if differences(found, expected):
        raise VersionMismatch(worker, found, expected)
