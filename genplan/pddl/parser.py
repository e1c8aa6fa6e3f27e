"""Parse PDDL domain and problem files into the frozen dataclasses of :mod:`genplan.pddl.model`.

Accepts what real benchmark files contain: any letter case, requirements used but not declared,
``object`` declared as a type, constants, comments anywhere, action costs (dropped: plans are judged
for validity, not cost). Rejects what the pipeline cannot handle (conditional effects, quantifiers,
disjunctions, numeric fluents, derived predicates, negative goals) with an error naming the construct,
the file and the line.
"""

from __future__ import annotations

import re
import sys
import weakref
from bisect import bisect_left, bisect_right
from dataclasses import dataclass
from itertools import compress, count, repeat, starmap
from operator import call, itemgetter
from pathlib import Path
from typing import NamedTuple

from genplan.core.errors import PDDLError, UnsupportedPDDLError
from genplan.pddl.model import (
    ROOT_TYPE,
    ActionSchema,
    Atom,
    Domain,
    Fact,
    Parameter,
    Predicate,
    Task,
    sort_facts,
)
from genplan.pddl.pyform import fingerprint_of, python_objects


class Token(NamedTuple):
    """A lower-cased token and its line (a NamedTuple: big problem files hold millions of tokens)."""

    text: str
    line: int


#: A parsed s-expression: a token or a list of s-expressions, with the line where a list opens.
@dataclass(frozen=True)
class SList:
    items: tuple[Token | SList, ...]
    line: int


SExpr = Token | SList

_TOKEN_RE = re.compile(r"\(|\)|[^\s();]+")

_UNSUPPORTED = {
    "when": "conditional effects (when)",
    "forall": "universal quantifiers (forall)",
    "exists": "existential quantifiers (exists)",
    "or": "disjunctive conditions (or)",
    "imply": "implications (imply)",
    "increase": "numeric effects (increase)",
    "decrease": "numeric effects (decrease)",
    "assign": "numeric effects (assign)",
    "scale-up": "numeric effects (scale-up)",
    "scale-down": "numeric effects (scale-down)",
    "either": "either-types",
}
_COMPARISONS = {"<", ">", "<=", ">="}
# Requirements whose features we can honour (or drop safely, as with action costs).
_SUPPORTED_REQUIREMENTS = {
    ":strips",
    ":typing",
    ":negative-preconditions",
    ":equality",
    ":action-costs",
    ":adl",  # common as a blanket declaration; unsupported constructs are rejected where they appear
    ":disjunctive-preconditions",
    ":conditional-effects",
    ":quantified-preconditions",
    ":existential-preconditions",
    ":universal-preconditions",
}


class _Source:
    """The text being parsed and its name, so every error can say where it happened."""

    def __init__(self, text: str, name: str | None) -> None:
        self.text = text
        self.name = name

    def error(self, message: str, node: SExpr | None = None, *, hint: str | None = None) -> PDDLError:
        return PDDLError(message, file=self.name, line=node.line if node else None, hint=hint)

    def unsupported(self, construct: str, node: SExpr) -> UnsupportedPDDLError:
        return UnsupportedPDDLError(
            f"{construct} are not supported by genplan's pipeline.",
            file=self.name,
            line=node.line,
            hint="genplan handles STRIPS with typing, negative preconditions, equality and constants; "
            "compile the construct away or use another domain.",
        )


def _read(text_or_path: str | Path) -> tuple[str, str | None]:
    """Accept either PDDL text or a path to a file holding it."""
    if isinstance(text_or_path, Path) or ("(" not in text_or_path and len(text_or_path) < 4096):
        path = Path(text_or_path)
        try:
            return path.read_text(encoding="utf-8", errors="replace"), str(path)
        except FileNotFoundError:
            raise PDDLError(f"File not found: {path}.", hint="Check the path and try again.") from None
        except IsADirectoryError:
            raise PDDLError(f"{path} is a directory, not a PDDL file.") from None
        except OSError as exc:
            raise PDDLError(f"Cannot read {path}: {exc.strerror}.") from None
    return text_or_path, None


def tokenize(src: _Source) -> list[Token]:
    tokens: list[Token] = []
    findall = _TOKEN_RE.findall
    lines = src.text.lower().split("\n")
    # Only the non-empty lines, with their numbers, picked at C speed: a large problem's text reaches the
    # general reader with its :init blanked to hundreds of thousands of empty lines.
    for line, text in zip(compress(count(1), lines), filter(None, lines), strict=True):
        cut = text.find(";")
        if cut >= 0:
            text = text[:cut]
        tokens.extend(Token(t, line) for t in findall(text))
    return tokens


def parse_sexpr(src: _Source) -> SList:
    """Parse the text into one top-level list; unbalanced parentheses are reported with their line."""
    tokens = tokenize(src)
    if not tokens:
        raise src.error("The file is empty (no PDDL found).")
    stack: list[tuple[list[SExpr], int]] = []
    result: SList | None = None
    for tok in tokens:
        if tok.text == "(":
            stack.append(([], tok.line))
        elif tok.text == ")":
            if not stack:
                raise _extra_close(src, tok, "Unbalanced parentheses: a ')' closes nothing.")
            items, line = stack.pop()
            node = SList(tuple(items), line)
            if stack:
                stack[-1][0].append(node)
            elif result is None:
                result = node
            else:
                raise _extra_close(src, tok, "Text after the end of the definition.")
        else:
            if not stack:
                raise src.error(f"Unexpected text {tok.text!r} outside the (define ...) form.", tok)
            stack[-1][0].append(tok)
    if stack:
        suspect = _unclosed_suspect(src.text)
        if suspect is not None:
            line, col, where, start, before = suspect
            raise src.error(
                f"Unbalanced parentheses: a '(' is never closed. Probably the one on line {line} (column {col}): "
                f"line {where} starts {start!r} to the left of it while it is still open.",
                SList((), line),
                hint=f"Add the missing ')' by the end of line {before}.",
            )
        last = tokens[-1].line
        raise src.error(
            f"Unbalanced parentheses: {len(stack)} '(' never closed, the innermost opened here; the file ends "
            f"at line {last}.",
            SList((), stack[-1][1]),
            hint=f"Add the missing ')' by the end of line {last}, where that form or the file should end.",
        )
    assert result is not None
    return result


def _unclosed_suspect(text: str) -> tuple[int, int, int, str, int] | None:
    """Where a missing ')' probably is, read from the indentation (only when the file is known to be
    unbalanced, so it costs nothing on good files): the first list still open when a later line starts a
    form (``(``) at its own column or to the left of it, or a ``:keyword`` to the left of it. Returns the
    list's line and column (1-based), the line that gave it away, how that line starts and the last line
    with code before it; None when the indentation says nothing (a file on one line, for example)."""
    lines = [raw.split(";", 1)[0] for raw in text.split("\n")]
    stack: list[tuple[int, int]] = []  # (line, column) of each open '('
    previous = 0  # the last line with code
    for number, code in enumerate(lines, start=1):
        stripped = code.lstrip()
        if stripped and stripped[0] in "(:":
            column = len(code) - len(stripped)
            for open_line, open_col in stack[1:]:  # the outermost (define ...) encloses everything
                # A suspect counts only if a ')' at the end of the line before makes the file one form.
                # A keyword may sit under its list's '(' (flush-left files); a new form may not.
                left = open_col > column if stripped[0] == ":" else open_col >= column
                if open_line < number and left and _one_form(lines, number - 1):
                    return open_line, open_col + 1, number, stripped.split()[0][:30], previous
        for column, char in enumerate(code):
            if char == "(":
                stack.append((number, column))
            elif char == ")" and stack:
                stack.pop()
        if stripped:
            previous = number
    return None


def _extra_close(src: _Source, tok: Token, message: str) -> PDDLError:
    """The error for a ')' too many, pointing at the line that probably holds it (see :func:`_extra_suspect`)."""
    suspect = _extra_suspect(src.text)
    if suspect is None:
        return src.error(message, tok)
    line, where, start = suspect
    return src.error(
        f"{message} Probably a ')' too many on line {line}: it closes a list whose contents go on at line {where} "
        f"({start!r}, indented further in).",
        Token(")", line),
        hint=f"Remove one ')' from line {line}.",
    )


def _extra_suspect(text: str) -> tuple[int, int, str] | None:
    """Where a ')' too many probably is, read from the indentation (only on files known to be unbalanced):
    the first line that closes a list, after which the next line goes on to the right of that list's ``(``
    as if it were still open, and without one of whose ')' the file is one form."""
    lines = [raw.split(";", 1)[0] for raw in text.split("\n")]
    stack: list[int] = []  # column of each open '('
    closed_at: tuple[int, int] | None = None  # (line, smallest column of a list closed on it)
    for number, code in enumerate(lines, start=1):
        stripped = code.lstrip()
        if not stripped:
            continue
        column = len(code) - len(stripped)
        shifted = closed_at is not None and stripped[0] in "(:" and column > closed_at[1]
        if shifted and _one_form(lines, closed_at[0], remove=True):  # type: ignore[index]
            return closed_at[0], number, stripped.split()[0][:30]  # type: ignore[index]
        smallest = None
        for col, char in enumerate(code):
            if char == "(":
                stack.append(col)
            elif char == ")" and stack:
                opened = stack.pop()
                smallest = opened if smallest is None else min(smallest, opened)
        closed_at = (number, smallest) if smallest is not None else None
    return None


def _one_form(lines: list[str], after: int, *, remove: bool = False) -> bool:
    """Whether ``lines`` (comments removed) with one ')' added at the end of line ``after`` (1-based), or
    with ``remove`` its last ')' taken out, is a single balanced form: the depth never drops to 0 before
    the end, and is 0 there."""
    depth, closed = 0, False
    for number, code in enumerate(lines, start=1):
        if number == after:
            code = "".join(code.rsplit(")", 1)) if remove else code + ")"
        for char in code:
            if char == "(":
                if closed:
                    return False
                depth += 1
            elif char == ")":
                depth -= 1
                if depth < 0:
                    return False
                closed = depth == 0
    return depth == 0


def _head(node: SExpr) -> str | None:
    if isinstance(node, SList) and node.items and isinstance(node.items[0], Token):
        return node.items[0].text
    return None


def _names(src: _Source, items: tuple[SExpr, ...], what: str) -> list[Token]:
    out = []
    for it in items:
        if not isinstance(it, Token):
            if _head(it) == "either":
                raise src.unsupported(_UNSUPPORTED["either"], it)
            raise src.error(f"Expected a name in {what}, found a parenthesised expression.", it)
        out.append(it)
    return out


def _typed_list(src: _Source, items: tuple[SExpr, ...], what: str) -> list[tuple[Token, str]]:
    """Parse ``a b - t c - u d`` into ``[(a, t), (b, t), (c, u), (d, object)]``."""
    out: list[tuple[Token, str]] = []
    pending: list[Token] = []
    i = 0
    while i < len(items):
        it = items[i]
        if isinstance(it, Token) and it.text == "-":
            if i + 1 >= len(items):
                raise src.error(f"A '-' at the end of {what} is missing its type.", it)
            typ = items[i + 1]
            if isinstance(typ, SList):
                if _head(typ) == "either":
                    raise src.unsupported(_UNSUPPORTED["either"], typ)
                raise src.error(f"Expected a type name after '-' in {what}.", typ)
            if not pending:
                raise src.error(f"A type '- {typ.text}' in {what} has no names before it.", it)
            out.extend((p, typ.text) for p in pending)
            pending = []
            i += 2
            continue
        pending.extend(_names(src, (it,), what))
        i += 1
    out.extend((p, ROOT_TYPE) for p in pending)
    return out


@dataclass
class _Condition:
    pos: list[Atom]
    neg: list[Atom]
    eq: list[tuple[str, str]]
    neq: list[tuple[str, str]]


def _atom(src: _Source, node: SList, what: str) -> Atom:
    names = _names(src, node.items, what)
    if not names:
        raise src.error(f"Empty atom '()' in {what}.", node)
    return Atom(names[0].text, tuple(t.text for t in names[1:]))


def _condition(src: _Source, node: SExpr, cond: _Condition, what: str, *, allow_negation: bool) -> None:
    """Flatten a conjunctive condition, rejecting unsupported constructs by name."""
    if isinstance(node, Token):
        raise src.error(f"Expected a condition in {what}, found {node.text!r}.", node)
    head = _head(node)
    if head is None:
        if not node.items:
            return  # () is the empty condition
        raise src.error(f"Malformed condition in {what}.", node)
    if head == "and":
        for sub in node.items[1:]:
            _condition(src, sub, cond, what, allow_negation=allow_negation)
        return
    if head == "not":
        if len(node.items) != 2 or not isinstance(node.items[1], SList):
            raise src.error(f"Malformed negation in {what}: expected (not (pred ...)).", node)
        inner = node.items[1]
        if not allow_negation:
            raise UnsupportedPDDLError(
                "Negative goals are not supported by genplan's pipeline.",
                file=src.name,
                line=node.line,
                hint="Goals must be conjunctions of positive facts.",
            )
        ih = _head(inner)
        if ih in _UNSUPPORTED:
            raise src.unsupported(_UNSUPPORTED[ih], inner)
        if ih == "=":
            cond.neq.append(_equality(src, inner, what))
        else:
            cond.neg.append(_atom(src, inner, what))
        return
    if head in _UNSUPPORTED:
        raise src.unsupported(_UNSUPPORTED[head], node)
    if head in _COMPARISONS:
        raise src.unsupported("numeric comparisons", node)
    if head == "=":
        if any(isinstance(x, SList) for x in node.items[1:]):
            raise src.unsupported("numeric fluents", node)
        cond.eq.append(_equality(src, node, what))
        return
    cond.pos.append(_atom(src, node, what))


def _equality(src: _Source, node: SList, what: str) -> tuple[str, str]:
    names = _names(src, node.items[1:], what)
    if len(names) != 2:
        raise src.error(f"Equality in {what} must have exactly two arguments.", node)
    return names[0].text, names[1].text


def _effects(src: _Source, node: SExpr, add: list[Atom], delete: list[Atom], what: str) -> list[str]:
    """Flatten a conjunctive effect; returns notes about dropped action-cost effects."""
    notes: list[str] = []
    if isinstance(node, Token):
        raise src.error(f"Expected an effect in {what}, found {node.text!r}.", node)
    head = _head(node)
    if head is None:
        if not node.items:
            return notes
        raise src.error(f"Malformed effect in {what}.", node)
    if head == "and":
        for sub in node.items[1:]:
            notes += _effects(src, sub, add, delete, what)
        return notes
    if head == "not":
        if len(node.items) != 2 or not isinstance(node.items[1], SList):
            raise src.error(f"Malformed negative effect in {what}: expected (not (pred ...)).", node)
        delete.append(_atom(src, node.items[1], what))
        return notes
    if head == "increase" and _is_total_cost(node.items[1] if len(node.items) > 1 else None):
        return [f"dropped the action cost effect of {what}"]
    if head in _UNSUPPORTED:
        raise src.unsupported(_UNSUPPORTED[head], node)
    add.append(_atom(src, node, what))
    return notes


def _is_total_cost(node: SExpr | None) -> bool:
    return isinstance(node, SList) and _head(node) == "total-cost" and len(node.items) == 1


def _sections(src: _Source, root: SList, kind: str) -> tuple[str, list[SList]]:
    """Check ``(define (kind name) ...)`` and return the name and the sections."""
    if _head(root) != "define":
        raise src.error(f"Expected '(define ({kind} NAME) ...)' at the top of the file.", root)
    if len(root.items) < 2 or _head(root.items[1]) != kind:
        found = _head(root.items[1]) if len(root.items) > 1 else None
        if found in {"domain", "problem"} and found != kind:
            raise src.error(
                f"This is a {found} file, but a {kind} file was expected.",
                root,
                hint="Check the order of the arguments (domain file first, then problem file).",
            )
        raise src.error(f"Expected '({kind} NAME)' right after 'define'.", root)
    header = root.items[1]
    assert isinstance(header, SList)
    if len(header.items) != 2 or not isinstance(header.items[1], Token):
        raise src.error(f"Expected '({kind} NAME)'.", header)
    sections = []
    for sec in root.items[2:]:
        if not isinstance(sec, SList) or not sec.items or not isinstance(sec.items[0], Token):
            raise src.error("Expected a section like '(:predicates ...)'.", sec)
        sections.append(sec)
    return header.items[1].text, sections


def parse_domain(text_or_path: str | Path) -> Domain:
    """Parse a domain from PDDL text or a file path."""
    text, name = _read(text_or_path)
    src = _Source(text, name)
    root = parse_sexpr(src)
    dname, sections = _sections(src, root, "domain")
    requirements: list[str] = []
    types: dict[str, str] = {}
    typed = False
    constants: list[tuple[str, str]] = []
    predicates: list[Predicate] = []
    actions: list[ActionSchema] = []
    notes: list[str] = []
    for sec in sections:
        key = _head(sec)
        body = sec.items[1:]
        if key == ":requirements":
            for t in _names(src, body, ":requirements"):
                if t.text not in _SUPPORTED_REQUIREMENTS:
                    raise src.unsupported(f"Requirement {t.text}: its constructs", t)
                requirements.append(t.text)
        elif key == ":types":
            typed = True
            for tok, parent in _typed_list(src, body, ":types"):
                if tok.text == ROOT_TYPE:
                    continue  # declaring `object` (even `object - object`) is harmless
                types[tok.text] = parent
        elif key == ":constants":
            constants += [(t.text, typ) for t, typ in _typed_list(src, body, ":constants")]
        elif key == ":predicates":
            for p in body:
                if not isinstance(p, SList) or not p.items or not isinstance(p.items[0], Token):
                    raise src.error("Expected a predicate declaration like '(at ?x ?y)'.", p)
                params = _typed_list(src, p.items[1:], f"predicate {p.items[0].text}")
                predicates.append(Predicate(p.items[0].text, tuple(Parameter(t.text, ty) for t, ty in params)))
        elif key == ":functions":
            fns = [f for f in body if isinstance(f, SList)]
            if all(_is_total_cost(f) for f in fns):
                notes.append("dropped the total-cost function (action costs are ignored)")
                continue
            raise src.unsupported("Numeric fluents (:functions)", sec)
        elif key == ":action":
            action, act_notes = _parse_action(src, sec)
            actions.append(action)
            notes += act_notes
        elif key == ":derived":
            raise src.unsupported("Derived predicates (:derived)", sec)
        elif key in {":durative-action", ":process", ":event"}:
            raise src.unsupported(f"Temporal or hybrid constructs ({key})", sec)
        else:
            raise src.error(f"Unknown domain section {key!r}.", sec)
    domain = Domain(
        name=dname,
        requirements=tuple(requirements),
        types=tuple(sorted(types.items())),
        constants=tuple(constants),
        predicates=tuple(predicates),
        actions=tuple(actions),
        typed=typed,
        notes=tuple(notes),
    )
    _check_domain(src, domain, sections)
    return domain


def _parse_action(src: _Source, sec: SList) -> tuple[ActionSchema, list[str]]:
    if len(sec.items) < 2 or not isinstance(sec.items[1], Token):
        raise src.error("An action needs a name: '(:action NAME :parameters ...)'.", sec)
    name = sec.items[1].text
    what = f"action {name}"
    params: list[tuple[Token, str]] = []
    cond = _Condition([], [], [], [])
    add: list[Atom] = []
    delete: list[Atom] = []
    notes: list[str] = []
    rest = sec.items[2:]
    if len(rest) % 2:
        raise src.error(f"Malformed {what}: expected ':keyword value' pairs.", sec)
    for i in range(0, len(rest), 2):
        key, value = rest[i], rest[i + 1]
        if not isinstance(key, Token):
            raise src.error(f"Malformed {what}: expected a keyword such as :precondition.", key)
        if key.text == ":parameters":
            if not isinstance(value, SList):
                raise src.error(f"The parameters of {what} must be a list.", key)
            params = _typed_list(src, value.items, f"the parameters of {what}")
        elif key.text == ":precondition":
            _condition(src, value, cond, f"the precondition of {what}", allow_negation=True)
        elif key.text == ":effect":
            notes += _effects(src, value, add, delete, f"the effect of {what}")
        else:
            raise src.error(f"Unknown keyword {key.text!r} in {what}.", key)
    action = ActionSchema(
        name=name,
        parameters=tuple(Parameter(t.text, ty) for t, ty in params),
        pre_pos=tuple(cond.pos),
        pre_neg=tuple(cond.neg),
        pre_eq=tuple(cond.eq),
        pre_neq=tuple(cond.neq),
        add=tuple(add),
        delete=tuple(delete),
    )
    return action, notes


def _check_domain(src: _Source, domain: Domain, sections: list[SList]) -> None:
    """Catch inconsistencies early: unknown predicates, arities, variables and types in schemas."""
    line_of = {_action_name(s): s for s in sections if _head(s) == ":action"}
    preds = domain.predicate_by_name
    known_types = domain.type_names
    consts = dict(domain.constants)
    seen: set[str] = set()
    for p in domain.predicates:
        for prm in p.parameters:
            if prm.type not in known_types:
                raise src.error(f"Predicate {p.name} uses the undeclared type {prm.type!r}.")
    for a in domain.actions:
        node = line_of.get(a.name)
        if a.name in seen:
            raise src.error(f"The action {a.name!r} is defined twice.", node)
        seen.add(a.name)
        variables = {p.name for p in a.parameters}
        for prm in a.parameters:
            if not prm.name.startswith("?"):
                raise src.error(f"Parameter {prm.name!r} of action {a.name} must start with '?'.", node)
            if prm.type not in known_types:
                raise src.error(f"Action {a.name} uses the undeclared type {prm.type!r}.", node)
        for atom in (*a.pre_pos, *a.pre_neg, *a.add, *a.delete):
            if atom.predicate not in preds:
                raise src.error(f"Action {a.name} uses the undeclared predicate {atom.predicate!r}.", node)
            if len(atom.args) != preds[atom.predicate].arity:
                raise src.error(
                    f"Action {a.name} uses {atom.predicate!r} with {len(atom.args)} arguments; "
                    f"it is declared with {preds[atom.predicate].arity}.",
                    node,
                )
        for arg in (
            *(x for atom in (*a.pre_pos, *a.pre_neg, *a.add, *a.delete) for x in atom.args),
            *(x for pair in (*a.pre_eq, *a.pre_neq) for x in pair),
        ):
            if arg.startswith("?") and arg not in variables:
                raise src.error(f"Action {a.name} uses the variable {arg} that is not a parameter.", node)
            if not arg.startswith("?") and arg not in consts:
                raise src.error(f"Action {a.name} uses {arg!r}, which is neither a parameter nor a constant.", node)


def _action_name(sec: SList) -> str | None:
    return sec.items[1].text if len(sec.items) > 1 and isinstance(sec.items[1], Token) else None


_COMMENT_RE = re.compile(r";[^\n]*")
_INIT_OPEN_RE = re.compile(r"\(\s*:init(?=[\s()])")
_GOAL_OPEN_RE = re.compile(r"\(\s*:goal\s*\(\s*and(?=[\s()])")
_OBJECTS_RE = re.compile(r"\(\s*:objects(?=[\s()])([^()]*)\)")
#: A body of flat atoms up to the enclosing list's closing parenthesis (linear: no nested repetition;
#: possessive, since nothing it takes could ever be given back to a match, which makes it a third faster).
_FLAT_BODY_RE = re.compile(r"(?:\s*+\([^()]*+\))*+\s*+\)")
#: A flat atom, captured with its opening parenthesis: ``(at c0 l1``, so that the head is the first word
#: and starts with ``(`` (see :func:`_flat_atoms`).
_FLAT_ATOM_RE = re.compile(r"(\([^()]*)\)")
#: The whitespace ``str.split`` splits ASCII text at, besides the space.
_ASCII_SPACES = ("\t", "\n", "\x0b", "\x0c", "\r", "\x1c", "\x1d", "\x1e", "\x1f")


@dataclass
class _Atoms:
    """A section's flat atoms as facts, and what is known of them."""

    facts: list[Fact]
    #: Every name was found in the declared names, the first of each fact among the predicates and the
    #: others among the objects and constants (only the arities are left to check).
    declared: bool = False
    #: The facts are sorted (repeats, if any, next to each other).
    ordered: bool = False
    #: The sorted atoms' texts joined (``(at c0 l1(at c1 l0``), when they are ordered, there are two or
    #: more and the names are plain: :func:`_facts_repr` makes the facts' ``repr`` of it.
    joined: str | None = None


@dataclass
class _Flat:
    """What :func:`_flat_sections` read: the text with those bodies blanked, and each section it could read
    (``None``: the general reader reads that section)."""

    text: str
    objects: list[tuple[str, str]] | None = None
    init: _Atoms | None = None
    goal: _Atoms | None = None


@dataclass
class _Names:
    """The names facts may use, each mapped to itself (``(pred`` for a predicate, the form it has at the
    head of an atom read by :data:`_FLAT_ATOM_RE`), and what holds of all of them."""

    lookup: dict[str, str]
    #: No name holds a character below the space: a space-separated atom's text then sorts as its fact.
    above_space: bool
    #: Every name is printable ASCII without quotes or backslashes: its repr is itself in quotes.
    plain: bool
    #: How an atom of a predicate of arity 0 reads (``(handempty``): a one-element tuple's repr has a comma.
    nullary: tuple[str, ...]
    #: A predicate named ``=`` or ``not`` (which the fast reader leaves to the general one) exists.
    special: bool


def _declared_names(domain: Domain | None, objects: list[tuple[str, str]] | None) -> _Names:
    """The names a task's facts may use: its domain's (kept per domain) and its objects."""
    base = _domain_names(domain) if domain is not None else _EMPTY_NAMES
    names = list(map(itemgetter(0), objects or ()))
    lookup = base.lookup.copy()
    lookup.update(zip(names, names, strict=True))
    above_space, plain = _name_kinds("".join(names))
    return _Names(
        lookup=lookup,
        above_space=base.above_space and above_space,
        plain=base.plain and plain,
        nullary=base.nullary,
        special=base.special,
    )


def _name_kinds(joined: str) -> tuple[bool, bool]:
    """Whether no name in ``joined`` (names run together) holds a character below the space, and whether
    all are plain (printable ASCII without quotes or backslashes); by str methods, no Python per name."""
    printable = joined.isascii() and joined.isprintable()
    return printable or min(joined, default=" ") >= " ", printable and "'" not in joined and "\\" not in joined


def _domain_names(domain: Domain) -> _Names:
    """The domain's part of :func:`_declared_names` (its predicates as ``(pred`` and its constants), built
    once per domain object: a small problem's parse would spend a tenth of its time on it."""
    entry = _DOMAIN_NAMES.get(id(domain))
    if entry is not None and entry[0]() is domain:
        return entry[1]
    lookup = {"(" + p.name: p.name for p in domain.predicates}
    lookup.update((c, c) for c, _ in domain.constants)
    above_space, plain = _name_kinds("".join(lookup))
    names = _Names(
        lookup=lookup,
        above_space=above_space,
        plain=plain,
        nullary=tuple("(" + p.name for p in domain.predicates if not p.arity),
        special=any(p.name in ("=", "not") for p in domain.predicates),
    )
    key = id(domain)

    def forget(ref: weakref.ref, key: int = key) -> None:
        if _DOMAIN_NAMES.get(key, (None,))[0] is ref:
            del _DOMAIN_NAMES[key]

    _DOMAIN_NAMES[key] = (weakref.ref(domain, forget), names)
    return names


_DOMAIN_NAMES: dict[int, tuple[weakref.ref, _Names]] = {}
_EMPTY_NAMES = _Names(lookup={}, above_space=True, plain=True, nullary=(), special=False)


def _flat_atoms(text: str, opened: re.Match[str] | None, names: _Names, closes: int) -> tuple[int, int, _Atoms] | None:
    """The flat atoms after ``opened`` up to the closing parenthesis of the list it opened, with the span
    of that body; ``None`` for anything else (nested expressions, ``=``, ``not``, an empty atom).
    ``closes``: how many closing parentheses end the section after its body (see :func:`_flat_body`).

    Each name in a fact is one shared string: a task names each object in thousands of facts, and one
    string each saves most of the memory a large task takes. They are looked up in the declared names,
    twice as fast as interning them; the head of an atom keeps its ``(``, so it is found only among the
    predicates, and the other names only among the objects and constants. Some name not found there (an
    error the checks word later, or objects the fast reader did not read) and the names are interned.
    Every step is a C-level map: no Python code runs per atom.

    The atoms' texts are sorted before they are read: as strings, the faster way, and in the facts' order
    when every atom's names are separated by one space and no name holds a character below it (checked
    on the joined text); then the sorted text also gives the facts' ``repr`` by two replacements.
    """
    if opened is None:
        return None
    start = opened.end()
    found = _flat_body(text, start, closes)
    if found is None:
        return None
    end, atoms = found
    try:
        out = _Atoms(_looked_up(atoms, names), True)
    except KeyError:
        out = _Atoms(list(map(tuple, map(map, repeat(sys.intern), map(str.split, map(_AFTER_PAREN, atoms))))))
        if not all(out.facts):
            return None
    if (not out.declared or names.special) and not {"=", "not"}.isdisjoint(map(itemgetter(0), out.facts)):
        return None
    if out.declared and names.above_space:
        joined = "".join(atoms)
        # One space between names, none after "(" (the lookup would have failed) or before ")" (which
        # would show as " (" here, the next atom's start), and no other whitespace.
        out.ordered = (
            joined.isascii() and "  " not in joined and " (" not in joined and not joined.endswith(" ")
            and not any(c in joined for c in _ASCII_SPACES)
        )  # fmt: skip
        if out.ordered and names.plain and len(atoms) > 1 and not any(_has(atoms, a) for a in names.nullary):
            out.joined = joined
    return start, end, out


def _flat_body(text: str, start: int, closes: int) -> tuple[int, list[str]] | None:
    """Where the body of flat atoms that starts at ``start`` ends (the ``)`` after it) and its atoms as
    :data:`_FLAT_ATOM_RE` captures them (``(at c0 l1``), sorted; ``None`` when it is not such a body.

    The end is guessed first: the section ends ``closes`` closing parentheses before the next section
    (``(:``; the root's own one more when there is none). If the text up to there is only atoms and
    whitespace (as many ``(`` as ``)``, and each piece between two ``)`` an atom after whitespace), that is
    the body, read by ``str.split``: nearly twice as fast as the two regular expressions, which read it otherwise
    (the sections are in another order, or the body is not flat, and the general reader words why)."""
    after = text.find("(:", start)
    end = len(text) if after < 0 else after
    for _ in range(closes + (after < 0)):
        end = text.rfind(")", start, end)
        if end < 0:
            break
    else:
        region = text[start:end]
        n = region.count(")")
        if region.count("(") == n:
            pieces = region.split(")")
            if not pieces.pop().strip():
                atoms = sorted(map(str.lstrip, pieces))
                # Those starting with "(" are together once sorted: the first and the last tell.
                if not atoms or (atoms[0][:1] == "(" and atoms[-1][:1] == "("):
                    return end, atoms
    body = _FLAT_BODY_RE.match(text, start)
    if body is None:
        return None
    end = body.end() - 1
    atoms = _FLAT_ATOM_RE.findall(text, start, end)
    atoms.sort()
    return (end, atoms) if len(atoms) == text.count("(", start, end) else None


def _looked_up(atoms: list[str], names: _Names) -> list[Fact]:
    """The (sorted) atoms' facts, each name looked up in ``names`` (``KeyError``: one is not there). An
    ``itemgetter`` of an atom's words applied to the names makes its tuple in one call, a quarter faster
    than a ``map`` and a ``tuple``; but a one-word atom gives a bare string. Those of predicates of arity
    0 are found by bisection and made tuples; any other (an error, or spaces around a lone name) and the
    facts are made the slower way."""
    lookup = names.lookup
    facts = list(map(call, starmap(itemgetter, map(str.split, atoms)), repeat(lookup)))
    for head in names.nullary:  # "(handempty": sorted, they are together
        at = bisect_left(atoms, head)
        end = bisect_right(atoms, head, at)
        facts[at:end] = repeat((lookup[head],), end - at)
    if set(map(type, facts)) <= {tuple}:
        return facts
    return list(map(tuple, map(map, repeat(lookup.__getitem__), map(str.split, atoms))))


_AFTER_PAREN = itemgetter(slice(1, None))


def _has(ordered: list[str], item: str) -> bool:
    """Whether the sorted list ``ordered`` holds ``item`` (by bisection)."""
    at = bisect_left(ordered, item)
    return at < len(ordered) and ordered[at] == item


def _flat_objects(text: str) -> tuple[int, int, list[tuple[str, str]]] | None:
    """The ``(:objects a b - t c)`` list read without tokens; ``None`` when it is not well formed (the
    general reader then words the error). Python code runs per type given, not per object."""
    m = _OBJECTS_RE.search(text)
    if m is None:
        return None
    words = m.group(1).split()
    out: list[tuple[str, str]] = []
    at = 0
    while True:
        try:
            dash = words.index("-", at)
        except ValueError:
            break
        if dash == at or dash + 1 >= len(words) or words[dash + 1] == "-":
            return None  # no names before the '-', or no type after it
        out += zip(map(sys.intern, words[at:dash]), repeat(sys.intern(words[dash + 1])))
        at = dash + 2
    out += zip(map(sys.intern, words[at:]), repeat(ROOT_TYPE))
    return m.start(1), m.end(1), out


def _flat_sections(text: str, domain: Domain | None = None) -> _Flat:
    """The objects, the initial facts and a conjunctive goal of flat atoms, read at regular-expression
    speed, and the text with those bodies blanked out (their lines kept, so that errors the general reader
    finds later keep their line numbers).

    Large tasks are almost all :init and :objects: this is what makes a 10 MB problem parse in a fraction
    of a second. ``text`` is lower case without comments; ``domain`` gives the names facts may use
    besides the objects (its predicates and constants).
    """
    flat = _Flat(text)
    spans: list[tuple[int, int]] = []
    objects = _flat_objects(text)
    if objects is not None:
        spans.append(objects[:2])
        flat.objects = objects[2]
    names = _declared_names(domain, flat.objects)
    init = _flat_atoms(text, _INIT_OPEN_RE.search(text), names, 1)
    if init is not None:
        spans.append(init[:2])
        flat.init = init[2]
    goal = _flat_atoms(text, _GOAL_OPEN_RE.search(text), names, 2)
    if goal is not None:
        spans.append(goal[:2])
        flat.goal = goal[2]
    if spans:
        pieces, at = [], 0
        for a, b in sorted(spans):
            pieces += [text[at:a], "\n" * text.count("\n", a, b)]
            at = b
        flat.text = "".join([*pieces, text[at:]])
    return flat


def _without_comments(text: str) -> str:
    """``text`` without its comments (``;`` up to the end of the line), as ``_COMMENT_RE.sub("", text)``
    gives it, by splitting at the semicolons: Python code runs per comment, not per character, and a
    large file has a comment or two (the regular expression took a tenth of rovers' parse)."""
    if ";" not in text:
        return text
    first, *rest = text.split(";")
    # Each piece after a ';' is comment up to its first newline; a piece with none is all comment (a ';'
    # inside a comment starts a piece too).
    return "".join([first, *(piece[piece.find("\n") :] if "\n" in piece else "" for piece in rest)])


def _facts_repr(joined: str) -> str:
    """``repr`` of the facts of :attr:`_Atoms.joined` (``(at c0 l1(at c1 l0`` gives
    ``(('at', 'c0', 'l1'), ('at', 'c1', 'l0'))``), by two replacements instead of a repr per name and fact."""
    return "(('" + joined[1:].replace(" ", "', '").replace("(", "'), ('") + "'))"


def parse_problem(text_or_path: str | Path, domain: Domain) -> Task:
    """Parse a problem of ``domain`` from PDDL text or a file path."""
    text, name = _read(text_or_path)
    text = _without_comments(text).lower()
    # Names hold no NUL (nearly always true): facts then sort as strings, which is faster (see sort_facts).
    nul_free = "\0" not in text
    fast = _flat_sections(text, domain)
    text = fast.text
    src = _Source(text, name)
    root = parse_sexpr(src)
    pname, sections = _sections(src, root, "problem")
    objects: list[tuple[str, str]] = []
    fast_objects = False  # whether fast.objects are the task's (an :objects section was met)
    init: list[Fact] = []  # what the general reader reads of :init, besides fast.init
    goal = _Condition([], [], [], [])
    goal_node: SList | None = None
    fast_goal: _Atoms | None = None
    init_node: SList | None = None
    for sec in sections:
        key = _head(sec)
        body = sec.items[1:]
        if key == ":domain":
            names = _names(src, body, ":domain")
            if len(names) != 1:
                raise src.error("Expected '(:domain NAME)'.", sec)
            if names[0].text != domain.name:
                raise src.error(
                    f"This problem is for domain {names[0].text!r}, but the domain file defines {domain.name!r}.",
                    sec,
                    hint="Pass the matching domain file.",
                )
        elif key == ":requirements":
            continue
        elif key == ":objects":
            if fast.objects is not None:
                objects += fast.objects
                fast_objects = True
            objects += [(t.text, typ) for t, typ in _typed_list(src, body, ":objects")]
        elif key == ":init":
            init_node = sec
            for f in body:
                if isinstance(f, SList) and _head(f) == "=":
                    if len(f.items) == 3 and _is_total_cost(f.items[1]):
                        continue  # (= (total-cost) 0): action costs are ignored
                    raise src.unsupported("Numeric fluents", f)
                if isinstance(f, SList) and _head(f) == "not":
                    continue  # explicit negative initial facts are the closed-world default
                if not isinstance(f, SList):
                    raise src.error(f"Expected an initial fact, found {f.text!r}.", f)
                atom = _atom(src, f, ":init")
                init.append((atom.predicate, *atom.args))
        elif key == ":goal":
            if len(body) != 1:
                raise src.error("Expected exactly one goal condition in (:goal ...).", sec)
            goal_node = sec
            _condition(src, body[0], goal, ":goal", allow_negation=False)
            fast_goal = fast.goal  # its facts are added below (once: they are a set)
        elif key == ":metric":
            continue  # costs are ignored; a metric changes which plan is best, not which is valid
        else:
            raise src.error(f"Unknown problem section {key!r}.", sec)
    # PDDL requires both sections. A missing (:init ...) is malformed input, not an empty initial state:
    # read as empty, it would only surface later as a plan that "cannot be executed" at step 1.
    if init_node is None:
        raise src.error(
            "The problem has no (:init ...) section.",
            root,
            hint="PDDL requires one; write (:init) if the initial state really has no facts.",
        )
    if goal_node is None:
        raise src.error("The problem has no (:goal ...) section.", root)
    if goal.eq or goal.neq:
        raise UnsupportedPDDLError(
            "Equality in goals is not supported by genplan's pipeline.", file=src.name, line=goal_node.line
        )
    declared = False  # every name of the initial facts is known to be declared where it stands
    fingerprint = None
    goal_facts = [(a.predicate, *a.args) for a in goal.pos]
    if fast_goal is not None:
        if fast_goal.ordered and not goal_facts:
            goal_facts = fast_goal.facts
        else:
            goal_facts = sort_facts([*fast_goal.facts, *goal_facts], nul_free=nul_free)
    else:
        goal_facts = sort_facts(goal_facts, nul_free=nul_free)
    goal_facts = tuple(dict.fromkeys(goal_facts))  # without repeats: the fingerprint's goal
    objects.sort()
    if fast.init is not None and not init:
        # The fast reader read the whole :init section: its facts are in order when it could tell.
        fast_init = fast.init
        init = fast_init.facts if fast_init.ordered else sort_facts(fast_init.facts, nul_free=nul_free)
        declared = fast_init.declared and fast_objects
        if fast_init.joined is not None:
            py_objects = python_objects(domain, objects)
            fingerprint = fingerprint_of(repr(py_objects), _facts_repr(fast_init.joined), repr(goal_facts))
        fast.init = None  # the facts are the task's now; the joined text is no longer needed
    else:
        # The general reader read (some of) it: another :init section, or one the fast reader could not.
        init = sort_facts([*(fast.init.facts if fast.init is not None else ()), *init], nul_free=nul_free)
    task = Task.from_sorted(
        name=pname,
        domain=domain,
        objects=tuple(objects),
        init=init,
        goal=goal_facts,
        source=name,
        python_fingerprint=fingerprint,
    )
    _check_task(src, task, sections, declared=declared)
    return task


def _check_task(src: _Source, task: Task, sections: list[SList], *, declared: bool = False) -> None:
    """Declared objects, types, predicates and arities; ``declared``: the initial facts' names are known
    to be declared where they stand (:attr:`_Atoms.declared`), only their arities are left to check."""
    node_of = {_head(s): s for s in sections}
    domain = task.domain
    preds = domain.predicate_by_name
    constants = dict(domain.constants)
    names = set(map(itemgetter(0), task.objects))
    # The quick test first, as for the facts below; the loop finds the first error when it fails.
    if not (
        len(names) == len(task.objects)
        and names.isdisjoint(constants)
        and domain.type_names.issuperset(map(itemgetter(1), task.objects))
    ):
        seen: dict[str, str] = {}
        for obj, typ in task.objects:
            if obj in seen or obj in constants:
                raise src.error(f"The object {obj!r} is declared twice.", node_of.get(":objects"))
            if typ not in domain.type_names:
                raise src.error(f"The object {obj!r} has the undeclared type {typ!r}.", node_of.get(":objects"))
            seen[obj] = typ
    objs = task.all_objects
    arity = {name: p.arity for name, p in preds.items()}
    for section, facts, names_known in ((":init", task.sorted_init, declared), (":goal", task.sorted_goal, False)):
        # The quick test over all facts first, at C speed (large tasks have hundreds of thousands); the loop
        # below, in sorted order so that the first error reported is the same every time, only when it fails.
        if _facts_fit(facts, arity, objs, declared=names_known):
            continue
        for fact in facts:
            if fact[0] not in preds:
                raise src.error(
                    f"The fact {_fmt(fact)} in {section} uses the undeclared predicate {fact[0]!r}.",
                    node_of.get(section),
                )
            if len(fact) - 1 != preds[fact[0]].arity:
                raise src.error(
                    f"The fact {_fmt(fact)} in {section} has {len(fact) - 1} arguments; "
                    f"{fact[0]!r} is declared with {preds[fact[0]].arity}.",
                    node_of.get(section),
                )
            for arg in fact[1:]:
                if arg not in objs:
                    raise src.error(
                        f"The fact {_fmt(fact)} in {section} uses the undeclared object {arg!r}.",
                        node_of.get(section),
                    )


def _facts_fit(facts: tuple[Fact, ...], arity: dict[str, int], objs: dict[str, str], *, declared: bool = False) -> bool:
    """Every fact has a declared predicate with its arity, and only known objects as arguments (known
    already when ``declared``).

    ``facts`` is sorted, so each predicate's facts are one run: from the first fact of a run, the next
    run starts at ``(p + "\\0",)`` (the least name after ``p``), found by bisection. A run's arguments are
    then read a column at a time, with no Python code per fact.
    """
    known = objs.keys()
    lo, total = 0, len(facts)
    while lo < total:
        predicate = facts[lo][0]
        hi = bisect_left(facts, (predicate + "\0",), lo)
        n = arity.get(predicate)
        run = facts[lo:hi]
        if n is None or set(map(len, run)) != {n + 1}:
            return False
        if not declared:
            for i in range(1, n + 1):
                if not set(map(itemgetter(i), run)) <= known:
                    return False
        lo = hi
    return True


def _fmt(fact: Fact) -> str:
    return "(" + " ".join(fact) + ")"


def load_task(domain_path: str | Path, problem_path: str | Path, domain: Domain | None = None) -> Task:
    """Parse a domain file (unless ``domain`` is given) and one of its problem files."""
    if domain is None:
        domain = parse_domain(Path(domain_path))
    return parse_problem(Path(problem_path), domain)
