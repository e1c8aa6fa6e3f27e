"""Which genplan this is: the package version, and the git commit when it runs from a checkout (so that a
result says exactly which code made it)."""

from __future__ import annotations

import subprocess
from functools import lru_cache
from pathlib import Path

from genplan import __version__

_ROOT = Path(__file__).resolve().parents[2]


@lru_cache(maxsize=1)
def git_commit() -> str | None:
    """The checkout's commit (with ``+dirty`` when files differ from it), or ``None`` outside a checkout."""
    if not (_ROOT / ".git").exists():
        return None
    try:
        head = subprocess.run(["git", "-C", str(_ROOT), "rev-parse", "HEAD"], capture_output=True, text=True,
                              timeout=5, check=True).stdout.strip()  # fmt: skip
        dirty = subprocess.run(["git", "-C", str(_ROOT), "status", "--porcelain", "--untracked-files=no"],
                               capture_output=True, text=True, timeout=5, check=True).stdout.strip()  # fmt: skip
    except (OSError, subprocess.SubprocessError):
        return None
    return f"{head}+dirty" if dirty else head


def version_text() -> str:
    """``genplan 0.1.0`` and, from a checkout, ``(commit abc123...)``."""
    commit = git_commit()
    return f"genplan {__version__}" + (f" (commit {commit})" if commit else "")
