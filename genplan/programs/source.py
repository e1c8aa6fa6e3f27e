"""Reading a program file the user names: it must be Python that defines ``generate_solution``, or a search
artifact that defines a heuristic ``h`` (and no ``generate_solution``; see :mod:`genplan.search`), which the
caller composes into a program once it knows the domain (:func:`genplan.search.compose.runnable`).

A file that cannot be a program (not Python, NUL bytes, no ``generate_solution``) would otherwise be run on
every task and scored 0%, or reported by the check as a "counterexample": the user learns of a typo from a
coverage figure. This is checked before anything runs, without running anything: the source is parsed
(``ast``, in this process: parsing executes nothing), never executed here.
"""

from __future__ import annotations

import ast
from pathlib import Path

from genplan.core.errors import GenplanError

__all__ = ["ProgramError", "check_program_source", "load_program"]

ENTRY = "generate_solution"


class ProgramError(GenplanError):
    """The program file cannot be run as a generalized plan."""


def check_program_source(source: str, name: str = "the program") -> None:
    """Raise :class:`ProgramError` (with the line) unless ``source`` parses and defines :data:`ENTRY` at
    module level (a ``def``, an assignment or an import of that name)."""
    if "\0" in source:
        raise ProgramError(
            f"{name} contains NUL bytes: it is not a Python source file.",
            hint="Pass the .py file of the program (the text, not a compiled or binary file).",
        )
    try:
        tree = ast.parse(source, filename=name)
    except SyntaxError as e:
        where = f" (line {e.lineno}{f', column {e.offset}' if e.offset else ''})" if e.lineno else ""
        text = f": {e.text.strip()}" if e.text and e.text.strip() else ""
        raise ProgramError(
            f"{name} is not valid Python{where}: {e.msg}{text}.",
            hint="Fix the syntax error; `python -m py_compile FILE` shows the same error.",
        ) from None
    except (ValueError, RecursionError, MemoryError) as e:
        raise ProgramError(f"{name} could not be parsed as Python ({type(e).__name__}: {e}).") from None
    if not any(_defines(node) for node in tree.body):
        from genplan.search.compose import artifact_kind

        if artifact_kind(tree) == "search":
            return
        raise ProgramError(
            f"{name} does not define {ENTRY}(objects, init, goal) at its top level.",
            hint=f"A generalized plan is a Python file with a function `def {ENTRY}(objects, init, goal):` "
            "that returns the plan as a list of action strings (or, for a search, a heuristic "
            "`def h(state, goal, static, objects):` and no generate_solution).",
        )


def _defines(node: ast.stmt) -> bool:
    if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
        return node.name == ENTRY
    if isinstance(node, ast.Assign):
        return any(isinstance(t, ast.Name) and t.id == ENTRY for t in node.targets)
    if isinstance(node, ast.AnnAssign):
        return isinstance(node.target, ast.Name) and node.target.id == ENTRY
    if isinstance(node, ast.ImportFrom | ast.Import):
        return any((alias.asname or alias.name) == ENTRY for alias in node.names)
    if isinstance(node, ast.If | ast.Try):  # a definition under `if` or `try` (a fallback import, say)
        bodies = [node.body, node.orelse] + ([h.body for h in node.handlers] if isinstance(node, ast.Try) else [])
        return any(_defines(n) for body in bodies for n in body)
    return False


def load_program(path: Path) -> str:
    """The source of the program file ``path``, checked (see :func:`check_program_source`)."""
    if not path.exists():
        raise ProgramError(f"The program {path} does not exist.", hint="Check the path.")
    if path.is_dir():
        raise ProgramError(f"The program {path} is a folder; a .py file is expected.")
    source = path.read_text(errors="replace")
    check_program_source(source, f"The program {path}")
    return source
