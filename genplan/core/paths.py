"""Where genplan keeps its caches and run artifacts, and where the paper's reference data is.

One place decides the cache root so every module (LLM replies, planner results, runs, the suite
registry) agrees: an explicit ``--cache-dir`` wins, then ``GENPLAN_CACHE_DIR``, then ``./cache``.

The paper's 17-domain benchmark may not be committed, so tests and scripts that measure against it
find it here, in one way: an explicit path wins, then ``GENPLAN_REFERENCE``, then the place this
project's developers keep it beside the checkout. It may be the tarball or the unpacked folder.
"""

from __future__ import annotations

import os
import tarfile
from pathlib import Path

from genplan.core.errors import GenplanError

ENV_VAR = "GENPLAN_CACHE_DIR"

#: Names the paper's data: ``genplan17.tar.gz`` or the folder it unpacks to.
REFERENCE_ENV_VAR = "GENPLAN_REFERENCE"
#: Where the developers keep the paper's data (``../shared/reference/`` beside the checkout).
DEFAULT_REFERENCE = Path(__file__).resolve().parents[3] / "shared" / "reference" / "genplan17.tar.gz"
#: Names the IPC 2023 Learning Track as cloned (``ipc2023-learning/benchmarks``), or a tarball of it.
LEARNING_ENV_VAR = "GENPLAN_LEARNING_TRACK"
#: Where the developers keep a copy of the Learning Track's data.
DEFAULT_LEARNING = DEFAULT_REFERENCE.parent / "ipc2023-learning.tar.xz"


def cache_root(override: str | Path | None = None) -> Path:
    """The cache root directory (not created here; writers create what they need)."""
    if override is not None:
        return Path(override).expanduser()
    env = os.environ.get(ENV_VAR)
    if env:
        return Path(env).expanduser()
    return Path("cache")


def reference_data(override: str | Path | None = None) -> Path | None:
    """The paper's data as the user named it (a tarball or a folder), or ``None`` when it is not there.

    An explicit ``override`` wins, then ``$GENPLAN_REFERENCE``, then :data:`DEFAULT_REFERENCE`. A path the
    user named that does not exist is an error, not "no data": skipping silently would hide the typo.
    """
    return _dataset(override, REFERENCE_ENV_VAR, DEFAULT_REFERENCE, "the paper's genplan17.tar.gz")


def learning_track_data(override: str | Path | None = None) -> Path | None:
    """The IPC 2023 Learning Track's data (the organizers' repository as cloned, or a tarball of it), found
    as :func:`reference_data` finds the paper's: ``override``, ``$GENPLAN_LEARNING_TRACK``, the developers'
    copy; ``None`` when it is not there."""
    return _dataset(override, LEARNING_ENV_VAR, DEFAULT_LEARNING, "a clone of ipc2023-learning/benchmarks")


def _dataset(override: str | Path | None, env_var: str, default: Path, what: str) -> Path | None:
    named = override if override is not None else (os.environ.get(env_var) or None)
    if named is None:
        return default if default.exists() else None
    path = Path(named).expanduser()
    if not path.exists():
        source = "given" if override is not None else f"named by {env_var}"
        raise GenplanError(
            f"The data {path} ({source}) does not exist.",
            hint=f"Point {env_var} at {what} (a folder, or a tarball of it).",
        )
    return path


def reference_root(source: str | Path, workdir: str | Path) -> Path:
    """The folder holding one folder per domain (``<root>/ferry/domain.pddl``, ...).

    A tarball is unpacked into ``workdir`` first; a folder is used in place. The domain folders may be
    the folder's children or its single subfolder's (``genplan17/ferry/...``), as the tarball holds them.
    """
    path = Path(source)
    if path.is_file():
        try:
            with tarfile.open(path) as tar:
                tar.extractall(workdir, filter="data")
        except tarfile.TarError as exc:
            raise GenplanError(
                f"The reference data {path} is neither a folder nor a readable tarball ({exc}).",
                hint=f"Point {REFERENCE_ENV_VAR} at the paper's genplan17.tar.gz or the folder it unpacks to.",
            ) from None
        path = Path(workdir)
    for candidate in (path, *sorted(p for p in path.iterdir() if p.is_dir())):
        if any((d / "domain.pddl").is_file() for d in candidate.iterdir() if d.is_dir()):
            return candidate
    raise GenplanError(
        f"The reference data {source} holds no domain folders (<domain>/domain.pddl).",
        hint=f"Point {REFERENCE_ENV_VAR} at the paper's genplan17.tar.gz or the folder it unpacks to.",
    )
