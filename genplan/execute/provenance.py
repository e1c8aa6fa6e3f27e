"""What a result file says about how it was made: the program (its path and sha256), the limits it ran
under, and the versions of genplan (with the git commit from a checkout) and Fast Downward.

Every JSON and report genplan writes carries this block under the key ``"provenance"``, so that a file
read later says which program it scored, and so that :func:`guard_overwrite` can refuse to replace the
result of one program by that of another (a broken program once silently replaced a 100% result under
the same default file name).
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from genplan.core.errors import GenplanError

#: The key of the block in every JSON genplan writes.
KEY = "provenance"


def program_sha256(source: str | bytes) -> str:
    """The sha256 of a program's text (what the evaluation cache keys programs by, too)."""
    data = source if isinstance(source, bytes) else source.encode("utf-8", "surrogatepass")
    return hashlib.sha256(data).hexdigest()


def short_sha(source: str | bytes) -> str:
    """The first 8 hex digits: enough to tell programs apart in a file name."""
    return program_sha256(source)[:8]


def fast_downward_version() -> str:
    """The shipped Fast Downward's version, or a note that it is missing (a result that never ran the
    planner is still recorded)."""
    from genplan.planners.downward import locate

    try:
        return locate().version
    except GenplanError:
        return "not installed"


def versions() -> dict[str, str | None]:
    """genplan's version and commit, and Fast Downward's version."""
    from genplan import __version__
    from genplan.core.version import git_commit

    return {"genplan": __version__, "commit": git_commit(), "fast_downward": fast_downward_version()}


def provenance(
    program: str | Path | None = None,
    source: str | bytes | None = None,
    limits: Mapping[str, Any] | None = None,
) -> dict[str, Any]:
    """The block: ``{"program": {"path", "sha256"} | None, "limits": {...}, "versions": {...}}``.

    ``source`` is the program's text (read from ``program`` when not given); ``limits`` the settings that
    bound the runs (time, memory, orderings, ...), recorded as given.
    """
    record: dict[str, Any] | None = None
    if program is not None or source is not None:
        if source is None:
            source = Path(program).read_bytes()  # type: ignore[arg-type]
        record = {"path": str(Path(program).resolve()) if program is not None else None,
                  "sha256": program_sha256(source)}  # fmt: skip
    return {"program": record, "limits": dict(limits or {}), "versions": versions()}


def recorded_program(path: Path) -> str | None:
    """The sha256 of the program the JSON file at ``path`` records, or ``None`` when it records none."""
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return None
    if not isinstance(data, dict):
        return None
    block = data.get(KEY) or {}
    program = block.get("program") if isinstance(block, dict) else None
    if isinstance(program, dict) and program.get("sha256"):
        return str(program["sha256"])
    legacy = data.get("program_sha256")  # scale.json recorded the program before the block existed
    return str(legacy) if legacy else None


def guard_overwrite(path: Path, sha256: str, *, force: bool, flag: str = "--force") -> None:
    """Refuse to write the result of program ``sha256`` over ``path`` when that file holds the result of
    another program (or of a program it does not name): that would silently lose a result.

    Rewriting the result of the same program is allowed (a rerun), and so is anything with ``force``.
    """
    if force or not path.exists():
        return
    if path.is_dir():
        raise GenplanError(f"{path} is a folder; a file is expected.", hint="Pass a file name.")
    existing = recorded_program(path)
    if existing == sha256:
        return
    whose = f"the program with sha256 {existing[:12]}..." if existing else "a result that does not record its program"
    raise GenplanError(
        f"{path} already holds {whose}, not the one just evaluated (sha256 {sha256[:12]}...); writing over it "
        "would lose that result.",
        hint=f"Pass another file name, or {flag} to replace it.",
    )
