"""Source (c) of the check: problem files a user gives (``genplan check --tasks DIR``)."""

from __future__ import annotations

from pathlib import Path

from genplan.core.errors import GenplanError
from genplan.pddl.model import Domain, Task


def load_task_folder(folder: Path, domain: Domain) -> list[tuple[str, Task]]:
    """Every ``*.pddl`` problem in ``folder`` (a domain file among them is skipped), by name.

    Malformed files raise the parser's error (file and line), which the CLI prints as one paragraph.
    """
    from genplan.pddl.parser import parse_problem

    if not folder.is_dir():
        raise GenplanError(f"--tasks {folder} is not a folder.", hint="Give a folder of PDDL problem files.")
    out = []
    for path in sorted(folder.glob("*.pddl")):
        head = path.read_text(errors="replace")[:2000].lower()
        if "(domain" in head and "(problem" not in head:
            continue
        out.append((path.stem, parse_problem(path, domain)))
    if not out:
        raise GenplanError(f"{folder} holds no PDDL problem files.", hint="Put files named *.pddl in it.")
    return out
