"""Pull plans, pseudocode and programs out of what an LLM writes.

LLM answers are free text: numbered lists, indentation, code fences, a "Solution:" marker, trailing
comments, upper case; programs in several fenced blocks, or none, with example calls and prints at top
level. Each extractor returns ``None`` when nothing usable is there, so the stage can re-ask once with a
short format reminder.
"""

from __future__ import annotations

import ast
import builtins
import re
import threading
from collections.abc import Callable

_FENCE = re.compile(r"```[ \t]*([\w+-]*)[^\n]*\n(.*?)(?:```|\Z)", re.DOTALL)
_ACTION = re.compile(r"\(\s*([A-Za-z][\w-]*)((?:\s+[^\s()]+)*)\s*\)")
_MARKERS = re.compile(r"^\s*(?:#+\s*)?\**\s*(?:final\s+)?(?:solution|plan)\s*\**\s*:?\s*\**\s*$", re.I | re.M)


#: CPython 3.11 keeps the AST converter's recursion depth in interpreter-wide state, so two threads
#: parsing at once can fail with "SystemError: AST constructor recursion depth mismatch" (gh-106905).
#: Stages extract answers in the LLM client's worker threads, so every parse goes through this lock.
_PARSE_LOCK = threading.Lock()


def parse_python(source: str) -> ast.Module:
    """``ast.parse`` that is safe to call from several threads at once (raises ``SyntaxError`` as it)."""
    with _PARSE_LOCK:
        return ast.parse(source)


#: What may follow the last "Plan:" marker when the plan is empty: nothing, an empty fence, or a word saying so.
_EMPTY_PLAN = re.compile(
    r"\s*(?:```[\w+-]*\s*```)?\s*(?:\(?\s*(?:empty(?:\s+plan)?|none|no\s+actions?(?:\s+(?:are\s+)?needed)?)\s*\)?\.?)?\s*\Z",
    re.I,
)


def fenced_blocks(text: str) -> list[tuple[str, str]]:
    """``(language, body)`` of every fenced block, in order (an unclosed last fence runs to the end)."""
    return [(m.group(1).lower(), m.group(2)) for m in _FENCE.finditer(text)]


def extract_plan(text: str, action_names: frozenset[str] | set[str] | None = None) -> list[str] | None:
    """The plan in an answer, as normalised action strings ``'(board c0 l0)'``.

    Looks after the last "Solution:"/"Plan:" marker if there is one, else in the last fenced block that
    holds actions, else in the whole text; takes every line that holds a parenthesised action, whatever
    its numbering, bullets, indentation or trailing comment. With ``action_names`` given, parenthesised
    text that is not one of the domain's actions (e.g. a remark "(see above)") is skipped.
    """
    candidates: list[str] = []
    markers = list(_MARKERS.finditer(text))
    if markers:
        after = text[markers[-1].end() :]
        if _EMPTY_PLAN.match(after) and not _actions_in(after, action_names):
            return []  # the goal holds already: an empty plan, written as the prompt says
        candidates.append(after)
    blocks = [body for _, body in fenced_blocks(text)]
    candidates += list(reversed(blocks))
    candidates.append(text)
    for chunk in candidates:
        plan = _actions_in(chunk, action_names)
        if plan:
            return plan
    return None


def _actions_in(chunk: str, action_names: frozenset[str] | set[str] | None) -> list[str]:
    plan: list[str] = []
    for raw in chunk.splitlines():
        line = raw.split(";", 1)[0].split("#", 1)[0] if ";" in raw or "#" in raw else raw
        for m in _ACTION.finditer(line):
            name = m.group(1).lower()
            if action_names is not None and name not in action_names:
                continue
            args = m.group(2).split()
            plan.append("(" + " ".join([name, *(a.lower().strip(",") for a in args)]) + ")")
    return plan


def extract_pseudocode(text: str) -> str | None:
    """The pseudocode: the last fenced block (the prompts ask for one), else the text after a heading
    mentioning pseudocode, else ``None``."""
    blocks = [body.strip() for _, body in fenced_blocks(text) if body.strip()]
    if blocks:
        return blocks[-1]
    m = re.search(r"^.*pseudo-?code.*$", text, re.I | re.M)
    if m:
        rest = text[m.end() :].strip()
        if rest:
            return rest
    return None


# ----------------------------------------------------------------------------------------------- code
_KEEP_TOP_LEVEL = (ast.Import, ast.ImportFrom, ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)


def extract_program(text: str) -> str | None:
    """A program defining ``generate_solution``, with its helpers and imports, neutralised for import.

    Takes the fenced Python block that defines ``generate_solution`` plus the other blocks' imports,
    functions and classes (LLMs often split helpers into their own block); with no fences, the whole
    answer if it parses. Top-level statements that would run on import (example calls, prints, an
    ``if __name__ == '__main__'`` demo, loops) are removed; constant assignments stay.
    """
    return _extract(text, _defines_entry)


def _extract(text: str, is_main: Callable[[ast.Module], bool]) -> str | None:
    """The main block (the first that ``is_main``) with the other blocks' definitions and its constants."""
    blocks = [body for lang, body in fenced_blocks(text) if lang in {"", "python", "py", "python3"}]
    if not blocks:
        blocks = [text]
    parsed: list[tuple[ast.Module, list[str]]] = []
    main_index = None
    for body in blocks:
        try:
            module = parse_python(body)
        except SyntaxError:
            continue
        if main_index is None and is_main(module):
            main_index = len(parsed)
        parsed.append((module, body.splitlines()))
    if main_index is None:
        return None
    kept: list[tuple[str | None, str]] = []
    # Helpers from other blocks come first, so the main block's definitions win on name clashes.
    order = [i for i in range(len(parsed)) if i != main_index] + [main_index]
    imported = _imported_names([m for m, _ in parsed])
    for i in order:
        module, lines = parsed[i]
        for node in module.body:
            if isinstance(node, _KEEP_TOP_LEVEL) or (i == main_index and _is_constant_assignment(node, imported)):
                kept.append((getattr(node, "name", None), _source_of(node, lines)))
    # Of repeated definitions keep the last one: it is what Python would use.
    names = [name for name, _ in kept]
    final = [src for idx, (name, src) in enumerate(kept) if not (name and name in names[idx + 1 :])]
    return "\n\n".join(final) + "\n"


def extract_heuristic(text: str) -> str | None:
    """A search artifact: the fenced Python block that defines ``h`` (and maybe ``successors``), with the
    other blocks' helpers, neutralised for import like a program (:func:`extract_program`). An answer
    whose code defines ``generate_solution`` is a program, not a heuristic: ``None``."""
    return _extract(text, _defines_heuristic)


def _defines_heuristic(module: ast.Module) -> bool:
    names = {n.name for n in module.body if isinstance(n, ast.FunctionDef)}
    return "h" in names and "generate_solution" not in names


def _source_of(node: ast.stmt, lines: list[str]) -> str:
    """The node's original text (comments inside it included), decorators and all."""
    start = min([node.lineno, *(d.lineno for d in getattr(node, "decorator_list", []))])
    end = node.end_lineno or node.lineno
    return "\n".join(lines[start - 1 : end])


def _defines_entry(module: ast.Module) -> bool:
    return any(isinstance(n, ast.FunctionDef) and n.name == "generate_solution" for n in module.body)


def _is_constant_assignment(node: ast.stmt, imported: frozenset[str] = frozenset()) -> bool:
    """``NAME = <value>`` whose value calls only builtins and what the program imports (``float('inf')``,
    ``namedtuple(...)``, ``re.compile(...)``): safe to keep at import time, and programs need them (a real
    model's ``INF = float('inf')`` was once dropped, and its program died of a NameError). A value that
    calls anything else (the program's own functions, an example run) is left out."""
    if not isinstance(node, (ast.Assign, ast.AnnAssign)):
        return False
    value = node.value
    if value is None:
        return False
    for n in ast.walk(value):
        if isinstance(n, (ast.Await, ast.Yield, ast.YieldFrom, ast.Lambda, ast.NamedExpr)):
            return False
        if isinstance(n, ast.Call) and not _safe_callee(n.func, imported):
            return False
    return True


#: Builtins a constant may call at import time; I/O and code execution are not among them.
_SAFE_BUILTINS = frozenset(
    name for name in dir(builtins) if not name.startswith("_")
) - {"print", "input", "open", "exec", "eval", "compile", "breakpoint", "exit", "quit", "help", "globals",
     "locals", "vars", "delattr", "setattr", "memoryview"}  # fmt: skip


def _safe_callee(func: ast.expr, imported: frozenset[str]) -> bool:
    """A builtin, a name the program imports, or an attribute of one (``math.sqrt``, ``collections.deque``)."""
    root = func
    while isinstance(root, ast.Attribute):
        root = root.value
    if not isinstance(root, ast.Name):
        return False
    if root is func:
        return root.id in _SAFE_BUILTINS or root.id in imported
    return root.id in imported


def _imported_names(modules: list[ast.Module]) -> frozenset[str]:
    names: set[str] = set()
    for module in modules:
        for node in module.body:
            if isinstance(node, ast.Import):
                names.update((a.asname or a.name).split(".")[0] for a in node.names)
            elif isinstance(node, ast.ImportFrom):
                names.update(a.asname or a.name for a in node.names)
    return frozenset(names)
