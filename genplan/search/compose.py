"""A search artifact composed into a program: the model's code, genplan's search engine and the domain.

Why compose instead of teaching the executor a second kind of run: the composed text is an ordinary
program (``generate_solution(objects, init, goal)`` returning a plan), so the sandbox, the validator, the
orderings, the cache and every report handle a search exactly as they handle a program, and the model's
code never runs in genplan's own process.

The model's code comes first, unchanged, so the line numbers of its tracebacks are its own. Then the
engine (:mod:`genplan.search.runtime`, whose names all start with ``_gp``/``GP``), the domain's schemas as
a data literal, and the entry point.
"""

from __future__ import annotations

import ast
from functools import cache
from pathlib import Path
from typing import Literal

from genplan.pddl.model import Domain

__all__ = [
    "ENCODE",
    "HEURISTIC",
    "KINDS",
    "STRATEGIES",
    "SUCCESSORS",
    "artifact_kind",
    "compose_search",
    "domain_literal",
    "runnable",
    "runtime_source",
]

#: The functions a search artifact defines: the heuristic (required) and the successor function (optional).
HEURISTIC = "h"
SUCCESSORS = "successors"
#: Optional: the model's own state representation, ``encode(facts, static, objects)`` (see
#: :func:`genplan.search.runtime.gp_solve`); ``h`` and ``successors`` then work on its states.
ENCODE = "encode"
#: What a Python file the user gives can be: a program (``generate_solution``) or a search (``h``).
KINDS = ("program", "search")
#: ``gbfs``: greedy best-first search; ``hill``: enforced hill climbing (for a heuristic that passed the
#: direct check; it falls back to greedy best-first search when it gets stuck).
STRATEGIES = ("gbfs", "hill")
Strategy = Literal["gbfs", "hill"]
_MARKER = "# --- runtime ---"


def top_level_names(tree: ast.Module) -> set[str]:
    """Names a module binds at its top level by ``def``, assignment or import (also under ``if``/``try``)."""
    names: set[str] = set()

    def visit(body: list[ast.stmt]) -> None:
        for node in body:
            if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef):
                names.add(node.name)
            elif isinstance(node, ast.Assign):
                names.update(t.id for t in node.targets if isinstance(t, ast.Name))
            elif isinstance(node, ast.AnnAssign) and isinstance(node.target, ast.Name):
                names.add(node.target.id)
            elif isinstance(node, ast.Import | ast.ImportFrom):
                names.update((a.asname or a.name).split(".")[0] for a in node.names)
            elif isinstance(node, ast.If | ast.Try):
                visit(node.body)
                visit(node.orelse)
                if isinstance(node, ast.Try):
                    for handler in node.handlers:
                        visit(handler.body)

    visit(tree.body)
    return names


def artifact_kind(tree: ast.Module) -> Literal["program", "search"] | None:
    """``program`` when the module defines ``generate_solution``, ``search`` when it defines ``h`` but no
    ``generate_solution`` (a program that also has an ``h`` stays a program), else ``None``."""
    names = top_level_names(tree)
    if "generate_solution" in names:
        return "program"
    if HEURISTIC in names:
        return "search"
    return None


def kind_of(source: str) -> Literal["program", "search"] | None:
    """:func:`artifact_kind` of a source text (``None`` when it does not parse)."""
    try:
        return artifact_kind(ast.parse(source))
    except (SyntaxError, ValueError, RecursionError, MemoryError):
        return None


@cache
def runtime_source() -> str:
    """The engine's text, as pasted into composed programs (from its marker line on)."""
    text = (Path(__file__).parent / "runtime.py").read_text()
    return text[text.index(f"\n{_MARKER}\n") + 1 :]


def domain_literal(domain: Domain) -> str:
    """The domain as a Python literal the engine reads: types with their ancestors, constants, and per
    action ``(name, params, pre_pos, pre_neg, eq, neq, add, delete)`` with atoms as ``(pred, args)``."""
    types = sorted(domain.type_names | {t for _, t in domain.constants})
    data = {
        "typed": domain.typed,
        "ancestors": {t: domain.ancestors(t) for t in types},
        "constants": tuple(domain.constants),
        "actions": tuple(
            (
                a.name,
                tuple((p.name, p.type) for p in a.parameters),
                tuple((x.predicate, x.args) for x in a.pre_pos),
                tuple((x.predicate, x.args) for x in a.pre_neg),
                a.pre_eq,
                a.pre_neq,
                tuple((x.predicate, x.args) for x in a.add),
                tuple((x.predicate, x.args) for x in a.delete),
            )
            for a in domain.actions
        ),
    }
    return repr(data)


def compose_search(source: str, domain: Domain, strategy: Strategy = "gbfs") -> str:
    """The program that searches ``domain``'s task with the artifact ``source`` (its ``h``, and its
    ``successors`` when it defines one) by ``strategy``."""
    if strategy not in STRATEGIES:
        raise ValueError(f"unknown search strategy {strategy!r}")
    names = top_level_names(ast.parse(source))
    successors = SUCCESSORS if SUCCESSORS in names else "None"
    encode = ENCODE if ENCODE in names else "None"
    return "\n".join(
        (
            source.rstrip("\n"),
            "",
            "",
            "# ======== composed by genplan: its search engine, the domain and the entry point ========",
            runtime_source().rstrip("\n"),
            "",
            f"GP_DOMAIN = {domain_literal(domain)}",
            "",
            "",
            "def generate_solution(objects, init, goal):",
            f"    return gp_solve(GP_DOMAIN, objects, init, goal, {HEURISTIC}, {successors}, {strategy!r}, {encode})",
            "",
        )
    )


def runnable(source: str, domain: Domain, strategy: Strategy = "gbfs") -> str:
    """What the sandbox runs for a checked artifact: a program as it is, a search composed."""
    return compose_search(source, domain, strategy) if kind_of(source) == "search" else source
