"""The PDDL parser, writer and Python form."""

from __future__ import annotations

import ast
import dataclasses
from pathlib import Path

import pytest

from genplan.core.errors import PDDLError, UnsupportedPDDLError
from genplan.pddl import (
    parse_domain,
    parse_problem,
    python_inputs,
    render_python_task,
    write_domain,
    write_problem,
)
from tests.conftest import DOMAINS, REPO

FERRY = """
; a comment before everything
(define (domain ferry) ; and one after the header
  (:predicates (not-eq ?x ?y) (car ?c) (location ?l) (at-ferry ?l) (at ?c ?l) (empty-ferry) (on ?c))
  (:action sail :parameters (?from ?to)
    :precondition (and (not-eq ?from ?to) (location ?from) (location ?to) (at-ferry ?from))
    :effect (and (at-ferry ?to) (not (at-ferry ?from))))
  (:action board :parameters (?car ?loc)
    :precondition (and (car ?car) (location ?loc) (at ?car ?loc) (at-ferry ?loc) (empty-ferry))
    :effect (and (on ?car) (not (at ?car ?loc)) (not (empty-ferry))))
  (:action debark :parameters (?car ?loc)
    :precondition (and (car ?car) (location ?loc) (on ?car) (at-ferry ?loc))
    :effect (and (at ?car ?loc) (empty-ferry) (not (on ?car)))))
"""

FERRY_PROBLEM = """
(define (problem p1) (:domain ferry)
  (:objects l0 l1 c0)
  (:init (location l0) (location l1) (car c0) (not-eq l0 l1) (not-eq l1 l0)
         (empty-ferry) (at c0 l0) (at-ferry l1))
  (:goal (and (at c0 l1))))
"""

TYPED = """
(define (domain shop)
  (:requirements :strips :typing)
  (:types robot place - object truck - vehicle vehicle - object)
  (:constants depot - place)
  (:predicates (at ?v - vehicle ?p - place) (home ?r - robot) (free))
  (:action drive :parameters (?t - truck ?from ?to - place)
    :precondition (and (at ?t ?from) (not (= ?from ?to)) (not (home ?t)))
    :effect (and (at ?t ?to) (not (at ?t ?from)))))
"""

TYPED_PROBLEM = """
(define (problem s1) (:domain shop)
  (:objects t1 - truck shopa shopb - place r1 - robot)
  (:init (at t1 depot) (free))
  (:goal (and (at t1 shopa))))
"""


def test_parses_untyped_domain_with_comments() -> None:
    d = parse_domain(FERRY)
    assert d.name == "ferry"
    assert not d.typed
    assert [a.name for a in d.actions] == ["sail", "board", "debark"]
    board = d.action_by_name["board"]
    assert [p.name for p in board.parameters] == ["?car", "?loc"]
    assert {str(a) for a in board.delete} == {"(at ?car ?loc)", "(empty-ferry)"}
    assert d.static_predicates == frozenset({"not-eq", "car", "location"})


def test_parses_typed_domain_constants_and_equality() -> None:
    d = parse_domain(TYPED)
    assert d.typed
    assert d.type_parent["truck"] == "vehicle"
    assert d.is_subtype("truck", "vehicle") and d.is_subtype("truck", "object")
    assert not d.is_subtype("vehicle", "truck")
    assert d.constants == (("depot", "place"),)
    drive = d.action_by_name["drive"]
    assert drive.pre_neq == (("?from", "?to"),)
    assert [str(a) for a in drive.pre_neg] == ["(home ?t)"]
    assert [(p.name, p.type) for p in drive.parameters] == [("?t", "truck"), ("?from", "place"), ("?to", "place")]


def test_problem_and_python_form() -> None:
    d = parse_domain(TYPED)
    t = parse_problem(TYPED_PROBLEM, d)
    assert t.all_objects == {"depot": "place", "t1": "truck", "shopa": "place", "shopb": "place", "r1": "robot"}
    py = python_inputs(t)
    # Typed: (name, most specific type) tuples, constants included, sorted.
    assert py.objects == (("depot", "place"), ("r1", "robot"), ("shopa", "place"), ("shopb", "place"), ("t1", "truck"))
    assert py.init == (("at", "t1", "depot"), ("free",))
    text = render_python_task(py)
    env: dict = {}
    for line in text.splitlines():
        name, literal = line.split(" = ", 1)
        env[name] = ast.literal_eval(literal)
    assert env["objects"] == set(py.objects)
    assert env["init"] == {("at", "t1", "depot"), ("free",)}
    assert env["goal"] == {("at", "t1", "shopa")}


def test_untyped_python_form_is_names() -> None:
    t = parse_problem(FERRY_PROBLEM, parse_domain(FERRY))
    assert python_inputs(t).objects == ("c0", "l0", "l1")
    assert "objects = {'c0', 'l0', 'l1'}" in render_python_task(python_inputs(t))


def test_case_insensitive_and_undeclared_requirements() -> None:
    text = """(DEFINE (DOMAIN Up) (:REQUIREMENTS :STRIPS)
      (:PREDICATES (On ?X ?Y) (Clear ?X))
      (:ACTION Stack :PARAMETERS (?X ?Y) :PRECONDITION (AND (Clear ?Y) (NOT (On ?X ?Y)))
        :EFFECT (AND (On ?X ?Y) (NOT (Clear ?Y)))))"""
    d = parse_domain(text)
    assert d.actions[0].name == "stack"
    assert [str(a) for a in d.actions[0].pre_neg] == ["(on ?x ?y)"]  # used, never declared
    p = parse_problem("(DEFINE (PROBLEM P) (:DOMAIN UP) (:OBJECTS A B) (:INIT (CLEAR B)) (:GOAL (AND (ON A B))))", d)
    assert p.goal == frozenset({("on", "a", "b")})


def test_object_declared_as_type() -> None:
    d = parse_domain("""(define (domain g) (:requirements :typing) (:types room object robot)
      (:predicates (at ?o - object ?r - room))
      (:action noop :parameters (?o - object ?r - room) :precondition (at ?o ?r) :effect (at ?o ?r)))""")
    assert dict(d.types) == {"room": "object", "robot": "object"}
    assert d.is_subtype("robot", "object")


def test_action_costs_are_dropped_with_a_note() -> None:
    d = parse_domain("""(define (domain c) (:requirements :action-costs) (:functions (total-cost) - number)
      (:predicates (p) (q))
      (:action a :parameters () :precondition (p) :effect (and (q) (increase (total-cost) 1))))""")
    assert d.actions[0].add[0].predicate == "q" and len(d.actions[0].add) == 1
    assert any("cost" in n for n in d.notes)
    t = parse_problem(
        "(define (problem x) (:domain c) (:init (p) (= (total-cost) 0)) (:goal (q)) (:metric minimize (total-cost)))", d
    )
    assert t.init == frozenset({("p",)})


@pytest.mark.parametrize(
    ("snippet", "construct"),
    [
        ("(when (p) (q))", "conditional effects"),
        ("(forall (?x) (q))", "universal quantifiers"),
        ("(increase (fuel) 1)", "numeric effects"),
    ],
)
def test_unsupported_effects_named_with_line(snippet: str, construct: str) -> None:
    text = (
        "(define (domain u)\n (:predicates (p) (q))\n (:action a :parameters ()\n"
        f"  :precondition (p)\n  :effect {snippet}))"
    )
    with pytest.raises(UnsupportedPDDLError) as exc:
        parse_domain(text)
    assert construct in exc.value.render()
    assert exc.value.line == 5


@pytest.mark.parametrize(
    ("precondition", "construct"),
    [
        ("(or (p) (q))", "disjunctive"),
        ("(exists (?x) (p))", "existential"),
        ("(imply (p) (q))", "implications"),
        ("(> (fuel) 1)", "numeric comparisons"),
    ],
)
def test_unsupported_preconditions(precondition: str, construct: str) -> None:
    text = (
        f"(define (domain u) (:predicates (p) (q)) (:action a :parameters () :precondition {precondition} :effect (q)))"
    )
    with pytest.raises(UnsupportedPDDLError, match=construct):
        parse_domain(text)


def test_derived_and_numeric_fluents_rejected(tmp_path: Path) -> None:
    f = tmp_path / "d.pddl"
    f.write_text("(define (domain u)\n(:predicates (p))\n(:derived (p) (p)))")
    with pytest.raises(UnsupportedPDDLError) as exc:
        parse_domain(f)
    assert "Derived predicates" in exc.value.render() and str(f) in exc.value.render() and exc.value.line == 3
    with pytest.raises(UnsupportedPDDLError, match="Numeric fluents"):
        parse_domain("(define (domain u) (:functions (fuel ?x)) (:predicates (p)))")


def test_negative_goal_rejected() -> None:
    d = parse_domain(FERRY)
    with pytest.raises(UnsupportedPDDLError, match="Negative goals"):
        parse_problem("(define (problem p) (:domain ferry) (:objects c) (:init) (:goal (not (on c))))", d)


def test_malformed_pddl_messages(tmp_path: Path) -> None:
    with pytest.raises(PDDLError, match="never closed") as exc:
        parse_domain("(define (domain x)\n(:predicates (p)\n")
    assert exc.value.line == 2
    with pytest.raises(PDDLError, match="File not found"):
        parse_domain(tmp_path / "missing.pddl")
    with pytest.raises(PDDLError, match="undeclared predicate 'r'"):
        parse_domain("(define (domain x) (:predicates (p)) (:action a :parameters () :precondition (r) :effect (p)))")
    with pytest.raises(PDDLError, match="declared with 1"):
        parse_domain(
            "(define (domain x) (:predicates (p ?a)) (:action a :parameters (?a) :precondition (p) :effect (p ?a)))"
        )
    with pytest.raises(PDDLError, match="problem file, but a domain file"):
        parse_domain("(define (problem x) (:domain y))")
    d = parse_domain(FERRY)
    with pytest.raises(PDDLError, match="undeclared object 'zz'"):
        parse_problem("(define (problem p) (:domain ferry) (:objects c) (:init (car zz)) (:goal (on c)))", d)
    with pytest.raises(PDDLError, match="for domain 'other'"):
        parse_problem("(define (problem p) (:domain other) (:objects c) (:init) (:goal (on c)))", d)


def test_a_problem_without_init_is_malformed_not_empty(tmp_path: Path) -> None:
    # PDDL requires (:init ...). Read as an empty initial state, its absence surfaced only as a plan that
    # "cannot be executed" at step 1; it must be reported like a missing (:goal ...), with file and line.
    d = parse_domain(FERRY)
    f = tmp_path / "p.pddl"
    f.write_text("; no initial state\n(define (problem p) (:domain ferry)\n  (:objects c)\n  (:goal (on c)))\n")
    with pytest.raises(PDDLError) as exc:
        parse_problem(f, d)
    assert "no (:init ...) section" in exc.value.render()
    assert exc.value.file == str(f) and exc.value.line == 2
    assert exc.value.render().startswith(f"{f}, line 2: ")
    # An empty (:init) is a valid (empty) initial state; a missing (:goal) is still reported.
    assert parse_problem("(define (problem p) (:domain ferry) (:objects c) (:init) (:goal (on c)))", d).init == set()
    with pytest.raises(PDDLError, match="no \\(:goal"):
        parse_problem("(define (problem p) (:domain ferry) (:objects c) (:init (car c)))", d)


def test_writer_round_trip() -> None:
    d = parse_domain(TYPED)
    assert parse_domain(write_domain(d)) == d
    t = parse_problem(TYPED_PROBLEM, d)
    assert parse_problem(write_problem(t), d) == t
    assert write_problem(t) == write_problem(parse_problem(write_problem(t), d))


@pytest.mark.slow
@pytest.mark.parametrize("name", DOMAINS)
def test_reference_domains_parse_and_round_trip(reference_root: Path, name: str) -> None:
    """All 17 reference domains and their problems (upper-case IPC files included) parse and round-trip."""
    d = parse_domain(reference_root / name / "domain.pddl")
    assert parse_domain(write_domain(d)) == d
    problems = sorted((reference_root / name / "problems").glob("*.pddl"))
    assert problems
    for p in problems[:: max(1, len(problems) // 12)]:
        t = parse_problem(p, d)
        assert t.goal and t.init
        assert parse_problem(write_problem(t), d) == t


def test_reference_typed_objects_use_most_specific_type(reference_root: Path) -> None:
    d = parse_domain(reference_root / "beluga" / "domain.pddl")
    t = parse_problem(reference_root / "beluga" / "problems" / "instance-0.pddl", d)
    objects = dict(python_inputs(t).objects)
    assert objects["t1"] == "beluga-truck"  # never 'beluga-truck - truck'
    assert objects["nonep"] == "part"  # constants are included


# ------------------------------------------------------------------------------ the fast :init path
def _general(monkeypatch: pytest.MonkeyPatch, text_or_path, domain):
    """The same problem parsed without the fast path (the general s-expression reader only)."""
    import genplan.pddl.parser as parser

    with monkeypatch.context() as m:
        m.setattr(parser, "_flat_sections", lambda text, _domain=None: parser._Flat(text))
        return parser.parse_problem(text_or_path, domain)


def _both_errors(monkeypatch: pytest.MonkeyPatch, text: str, domain) -> tuple[PDDLError, PDDLError]:
    """The error the fast path's parse raises and the one the general reader's raises, for comparison."""
    with pytest.raises(PDDLError) as fast:
        parse_problem(text, domain)
    with pytest.raises(PDDLError) as general:
        _general(monkeypatch, text, domain)
    return fast.value, general.value


@pytest.mark.parametrize(
    "init",
    [
        "(location l0) (location l1) (car c0) (not-eq l0 l1) (not-eq l1 l0) (empty-ferry) (at c0 l0) (at-ferry l1)",
        # comments holding parentheses, upper case, facts split over lines, no space before a parenthesis
        "(LOCATION l0) ; (car l0) is not a fact\n (location\n l1)(car c0)(not-eq l0 l1)(not-eq l1 l0)"
        " (empty-ferry) (at c0 l0) (at-ferry l1)",
        # the general reader's cases: costs, explicit negative facts
        "(= (total-cost) 0) (location l0) (location l1) (car c0) (not-eq l0 l1) (not-eq l1 l0) (empty-ferry)"
        " (at c0 l0) (at-ferry l1) (not (on c0))",
    ],
    ids=["flat", "comments-case-lines", "costs-negation"],
)
def test_the_fast_init_path_reads_what_the_general_reader_reads(monkeypatch: pytest.MonkeyPatch, init: str) -> None:
    d = parse_domain(FERRY)
    text = f"(define (problem p1) (:domain ferry)\n (:objects l0 l1 c0)\n (:init {init})\n (:goal (and (at c0 l1))))"
    fast = parse_problem(text, d)
    assert fast == _general(monkeypatch, text, d)
    assert ("location", "l1") in fast.init and len(fast.init) == 8


@pytest.mark.parametrize(
    "problem",
    [
        # the goal before the initial facts; the initial facts last; a metric after the goal
        "(:objects l0 l1 c0) (:goal (and (at c0 l1))) (:init (location l0) (location l1) (car c0))",
        "(:objects l0 l1 c0) (:goal (and (at c0 l1) (location l0)))\n(:init (location l0)\n(car c0) )",
        "(:objects l0 l1 c0) (:init (location l0) (car c0)) (:goal (and (at c0 l1))) (:metric minimize (total-cost))",
        # a space in "( :goal": the next section is not found where it starts
        "(:objects l0 l1 c0) (:init (location l0) (car c0))\n( :goal (and (at c0 l1)))",
        # nothing, or no flat body, where the end is guessed: the regular expressions or the general reader
        "(:objects l0 l1 c0) (:init)\n (:goal (and (at c0 l1)))",
        "(:objects l0 l1 c0) (:init (location l0) (not (car c0)) (car c0)) (:goal (and (at c0 l1)))",
        "(:objects l0 l1 c0) (:init (location l0) (= (total-cost) 0)) (:goal (and (at c0 l1) (car c0)))",
    ],
    ids=["goal-first", "init-last", "metric", "spaced-section", "empty-init", "negation", "cost"],
)
def test_the_fast_reader_finds_each_body_wherever_the_sections_stand(
    monkeypatch: pytest.MonkeyPatch, problem: str
) -> None:
    import re

    import genplan.pddl.parser as parser

    d = parse_domain(FERRY)
    text = f"(define (problem p1) (:domain ferry)\n {problem})"
    fast = parse_problem(text, d)
    assert fast == _general(monkeypatch, text, d)
    assert ("at", "c0", "l1") in fast.goal and fast.python_fingerprint in (None, python_inputs(fast).fingerprint)
    if "total-cost" not in problem and "not" not in problem and "( :goal" not in problem:
        # the usual layouts are read where the end is guessed, without the regular expression
        monkeypatch.setattr(parser, "_FLAT_BODY_RE", re.compile(r"(?!)"))
        flat = parser._flat_sections(text, d)
        assert flat.init is not None and flat.goal is not None
        assert sorted(flat.init.facts) == sorted(fast.init) and sorted(flat.goal.facts) == sorted(fast.goal)


@pytest.mark.parametrize(
    "init",
    [
        "(location l0) (car c0) ()",
        "(location l0) junk (car c0)",
        "(location l0) (car c0)) (x y",
        "(location l0 (car c0))",
    ],
    ids=["empty-atom", "junk-between", "stray-close", "nested"],
)
def test_a_malformed_body_gets_the_general_readers_error(monkeypatch: pytest.MonkeyPatch, init: str) -> None:
    d = parse_domain(FERRY)
    text = f"(define (problem p1) (:domain ferry)\n (:objects l0 l1 c0)\n (:init {init})\n (:goal (and (at c0 l1))))"
    fast, general = _both_errors(monkeypatch, text, d)
    assert str(fast) == str(general)


def test_errors_after_a_fast_init_keep_their_line(monkeypatch: pytest.MonkeyPatch) -> None:
    d = parse_domain(FERRY)
    facts = "\n".join(f"(location l{i})" for i in range(2))
    for body, line in ((f"(:init {facts}\n (car c0))\n (:goal (and (at c0 l9))))", 6),
                       (f"(:init {facts}\n (car c9))\n (:goal (and (at c0 l1))))", 3)):  # fmt: skip
        text = f"(define (problem p1) (:domain ferry)\n (:objects l0 l1 c0)\n {body}"
        fast, general = _both_errors(monkeypatch, text, d)
        assert str(fast) == str(general) and fast.line == line, str(fast)


@pytest.mark.slow
@pytest.mark.parametrize("name", DOMAINS)
def test_the_fast_init_path_agrees_on_every_reference_task(
    monkeypatch: pytest.MonkeyPatch, reference_root: Path, name: str
) -> None:
    d = parse_domain(reference_root / name / "domain.pddl")
    for p in sorted((reference_root / name / "problems").glob("*.pddl"))[::5]:
        assert parse_problem(p, d) == _general(monkeypatch, p, d), p.name


def test_parsed_problems_are_cached_by_content(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    import genplan.pddl.cache as cache

    d = parse_domain(FERRY)
    problem = tmp_path / "p1.pddl"
    problem.write_text(FERRY_PROBLEM)
    first = cache.parse_problem_cached(problem, d, tmp_path / "c")
    entries = list((tmp_path / "c" / "parsed").rglob("*.marshal"))
    assert first == parse_problem(problem, d) and len(entries) == 1
    with monkeypatch.context() as m:  # read from the cache: the parser is not called
        m.setattr(cache, "parse_problem", lambda *_a: pytest.fail("parsed again"))
        again = cache.parse_problem_cached(problem, d, tmp_path / "c")
        assert again == first
        # with what the parser knew: the sorted facts, and the fingerprint it wrote (None with a 0-ary fact)
        assert again.__dict__["sorted_init"] == first.sorted_init == tuple(sorted(first.init))
        assert again.python_fingerprint == first.python_fingerprint
        assert python_inputs(again).fingerprint == _old_fingerprint(first)
        plain = tmp_path / "p2.pddl"  # no 0-ary fact: the parser writes the fingerprint, the cache keeps it
        plain.write_text(FERRY_PROBLEM.replace("(empty-ferry)", ""))
        m.undo()
        written = cache.parse_problem_cached(plain, d, tmp_path / "c").python_fingerprint
        m.setattr(cache, "parse_problem", lambda *_a: pytest.fail("parsed again"))
        assert (
            written is not None and cache.parse_problem_cached(plain, d, tmp_path / "c").python_fingerprint == written
        )
    entries[0].write_bytes(b"\x00damaged")  # a damaged entry is parsed again and replaced
    assert cache.parse_problem_cached(problem, d, tmp_path / "c") == first
    problem.write_text(FERRY_PROBLEM.replace("(at c0 l1)", "(at c0 l0)"))  # new content, new entry
    assert cache.parse_problem_cached(problem, d, tmp_path / "c").goal == {("at", "c0", "l0")}
    assert len(list((tmp_path / "c" / "parsed").rglob("*.marshal"))) == 3


# ------------------------------------------------------- sorted facts, checks and fingerprints from the parser
def _old_fingerprint(task) -> str:
    """The fingerprint as it was first defined: SHA-256 of the repr of the sorted Python form."""
    import hashlib

    py = python_inputs(task)
    text = repr((tuple(sorted(py.objects)), tuple(sorted(py.init)), tuple(sorted(py.goal))))
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


def test_facts_sorted_as_joined_strings_are_in_the_tuples_order() -> None:
    """With no NUL in any name, comparing ``"\\0".join(fact)`` orders facts as comparing the tuples does
    (names that are prefixes of others, characters below the space, non-ASCII, different lengths)."""
    import random

    from genplan.pddl.model import sort_facts

    rng = random.Random(7)
    alphabet = ["a", "ab", "a-b", "b", "\x01", "a\x01", "~", "é", "a b", "z9", ""]
    facts = [tuple(rng.choice(alphabet) for _ in range(rng.randrange(1, 5))) for _ in range(3000)]
    assert sort_facts(facts, nul_free=True) == sorted(facts)
    with_nul = [*facts, ("a\0b",), ("a", "\0"), ("a\0",)]
    assert sort_facts(with_nul) == sorted(with_nul)


def test_facts_fit_on_sorted_facts_agrees_with_checking_each_fact() -> None:
    import random

    from genplan.pddl.parser import _facts_fit

    rng = random.Random(3)
    arity = {"at": 2, "a": 1, "at-x": 1, "b": 0}
    objs = {"o1": "object", "o2": "object", "at": "object"}
    names = ["at", "a", "at-x", "b", "c", "o1", "o2", "o3"]
    for _ in range(3000):
        facts = tuple(sorted({(rng.choice(names), *rng.choices(names, k=rng.randrange(3))) for _ in range(4)}))
        expected = all(arity.get(f[0], -1) == len(f) - 1 and all(x in objs for x in f[1:]) for f in facts)
        assert _facts_fit(facts, arity, objs) == expected, facts
        lengths_only = all(arity.get(f[0], -1) == len(f) - 1 for f in facts)
        assert _facts_fit(facts, arity, objs, declared=True) == lengths_only, facts


@pytest.mark.parametrize(
    "init",
    [
        "(at c1 l1) (location l1) (location l0) (car c1) (car c0) (at c0 l0) (at-ferry l1) (empty-ferry)",
        # repeats; tabs, newlines, double spaces and spaces before ')' inside atoms (the text does not sort as the
        # facts do, and is not used for the fingerprint)
        "(at c1 l1) (location l1) (location\tl0) (car  c1) (car c0 ) (at\nc0 l0) (at-ferry l1) (at c1 l1)",
        # a quote and a backslash in names (their repr differs from the name in quotes), one fact only
        "(location l'0)",
        "(location l\\0) (location l1)",
        # '( name' does not look up; a NUL in a name
        "( location l0) (location l1) (car c0) (at c0 l0)",
        "(location l0) (location l\x001) (car c0)",
    ],
    ids=["plain", "whitespace-repeats", "quote", "backslash", "space-after-paren", "nul"],
)
def test_parsed_facts_come_sorted_with_the_same_fingerprint(monkeypatch: pytest.MonkeyPatch, init: str) -> None:
    d = parse_domain(FERRY)
    names = "l0 l1 l'0 l\\0 l\x001 c0 c1"
    goal = "(:goal (and (at c0 l1) (at c0 l1)))"
    text = f"(define (problem p1) (:domain ferry)\n (:objects {names})\n (:init {init})\n {goal})"
    task = parse_problem(text, d)
    assert task == _general(monkeypatch, text, d)
    assert task.sorted_init == tuple(sorted(task.init)) and task.sorted_goal == tuple(sorted(task.goal))
    py = python_inputs(task)
    assert py.init == task.sorted_init and py.fingerprint == _old_fingerprint(task)
    if task.python_fingerprint is not None:  # written by the parser from the file's text
        assert task.python_fingerprint == _old_fingerprint(task)


def test_the_parser_writes_the_fingerprint_of_a_plain_task() -> None:
    for domain, problem in (
        (FERRY, FERRY_PROBLEM),
        (TYPED, TYPED_PROBLEM),
        (TYPED, TYPED_PROBLEM.replace("(free)", "(at t1 shopb)")),
    ):
        task = parse_problem(problem, parse_domain(domain))
        assert python_inputs(task).fingerprint == _old_fingerprint(task)
    # Not with a fact of arity 0 (its tuple's repr has a comma): computed from the Python form when needed.
    assert parse_problem(FERRY_PROBLEM.replace("(empty-ferry)", ""), parse_domain(FERRY)).python_fingerprint
    assert parse_problem(FERRY_PROBLEM, parse_domain(FERRY)).python_fingerprint is None
    assert parse_problem(TYPED_PROBLEM.replace("(free)", "(at t1 shopb)"), parse_domain(TYPED)).python_fingerprint
    assert parse_problem(TYPED_PROBLEM, parse_domain(TYPED)).python_fingerprint is None


@pytest.mark.parametrize(
    "init, message",
    [
        ("(location l0) (at l0 l0 l0)", "has 3 arguments"),
        ("(location l0) (location at)", "undeclared object 'at'"),  # a predicate's name as an argument
        ("(l0 l0) (location l0)", "undeclared predicate 'l0'"),  # an object's name as the head
        ("(location l0) (location depot)", "undeclared object 'depot'"),
    ],
)
def test_facts_checked_by_their_names_position(monkeypatch: pytest.MonkeyPatch, init: str, message: str) -> None:
    d = parse_domain(FERRY)
    text = f"(define (problem p1) (:domain ferry)\n (:objects l0 c0)\n (:init {init})\n (:goal (and (at c0 l0))))"
    fast, general = _both_errors(monkeypatch, text, d)
    assert message in str(fast) and str(fast) == str(general)
    assert fast.line == general.line == 3


def test_replacing_a_parsed_tasks_facts_forgets_what_the_parser_knew() -> None:
    from dataclasses import replace

    task = parse_problem(FERRY_PROBLEM.replace("(empty-ferry)", ""), parse_domain(FERRY))
    assert task.python_fingerprint is not None
    changed = replace(task, init=task.init | {("car", "l1")})
    assert changed.python_fingerprint is None and ("car", "l1") in changed.sorted_init
    assert python_inputs(changed).fingerprint == _old_fingerprint(changed) != python_inputs(task).fingerprint


def test_an_atom_without_arguments_of_a_predicate_with_some(monkeypatch: pytest.MonkeyPatch) -> None:
    """Where no predicate has arity 0 the fast reader makes each fact by one ``itemgetter`` call, which
    gives a bare name for a one-word atom: that is caught, and the error is the general reader's."""
    d = parse_domain("(define (domain d) (:predicates (p ?x) (q ?x ?y)))")
    for init, expected in (("(p a) (q a b) (p)", "has 0 arguments"), ("(p a) (q a b) (p b)", None)):
        text = f"(define (problem t) (:domain d)\n (:objects a b)\n (:init {init})\n (:goal (and (p a) (q b a))))"
        if expected is None:
            task = parse_problem(text, d)
            assert task == _general(monkeypatch, text, d) and task.python_fingerprint == _old_fingerprint(task)
            continue
        fast, general = _both_errors(monkeypatch, text, d)
        assert expected in str(fast) and str(fast) == str(general) and fast.line == 3


def test_comments_are_cut_as_the_regular_expression_cuts_them() -> None:
    import random

    from genplan.pddl.parser import _COMMENT_RE, _without_comments

    rng = random.Random(1)
    pieces = ["a", ";", "\n", " ", "b;", ";;", "\n\n", "\r", "x\ny", "(p ; c)\n"]
    for _ in range(5000):
        text = "".join(rng.choice(pieces) for _ in range(rng.randrange(12)))
        assert _without_comments(text) == _COMMENT_RE.sub("", text), repr(text)


# ------------------------------------------------------------------ where an unbalanced parenthesis is
_FERRY_SAIL = """(define (domain ferry)
  (:requirements :strips)
  (:predicates (at ?x ?y)
               (on ?x)
               (at-ferry ?x))

  (:action sail
    :parameters (?from ?to)
    :precondition (and (at-ferry ?from))
    :effect (and (at-ferry ?to) (not (at-ferry ?from))))
)
"""


def test_a_missing_parenthesis_is_reported_where_it_is_missing_not_at_the_define() -> None:
    """Issue 23, item 11: the indentation shows which list was left open."""
    parse_domain(_FERRY_SAIL)
    broken = _FERRY_SAIL.replace("(and (at-ferry ?from))\n", "(and (at-ferry ?from)\n")
    with pytest.raises(PDDLError) as info:
        parse_domain(broken)
    assert info.value.line == 9
    assert "line 9 (column 19)" in str(info.value) and "by the end of line 9." in str(info.value)


def test_a_parenthesis_too_many_is_reported_on_its_line() -> None:
    broken = _FERRY_SAIL.replace("(and (at-ferry ?from))\n", "(and (at-ferry ?from)))\n")
    with pytest.raises(PDDLError) as info:
        parse_domain(broken)
    assert info.value.line == 9 and "Remove one ')' from line 9" in str(info.value)
    # one at the very end still says it closes nothing, on the last line
    with pytest.raises(PDDLError, match="closes nothing") as info:
        parse_domain(_FERRY_SAIL + ")\n")
    assert info.value.line == 12


def test_unbalanced_parentheses_in_every_builtin_domain_are_located() -> None:
    """Every line of the 17 builtin domains with a ')' removed or doubled: the error names that line or the
    next (a ')' at the end of a form may be missing from either), or says to add the ')' by the end of it,
    in at least 95% of the cases (without the indentation reading: 10%)."""
    right = total = 0
    for domain in DOMAINS:
        lines = (REPO / "pddl_benchmarks" / domain / "domain.pddl").read_text().split("\n")
        for i, line in enumerate(lines):
            code = line.split(";", 1)[0]
            if ")" not in code:
                continue
            cut = code.rfind(")")
            for changed in (line[:cut] + line[cut + 1 :], line.replace(")", "))", 1)):
                with pytest.raises(PDDLError) as info:
                    parse_domain("\n".join([*lines[:i], changed, *lines[i + 1 :]]))
                total += 1
                text = str(info.value)
                named = info.value.line in (i + 1, i + 2)
                right += named or any(f"by the end of line {n}." in text for n in (i + 1, i + 2))
    assert total > 1000 and right / total >= 0.95, (right, total)


def _big_ferry(locations: int = 60, cars: int = 40):
    from genplan.pddl.pyform import PyTask

    locs = [f"l{i}" for i in range(locations)]
    cs = [f"c{i}" for i in range(cars)]
    init = [("not-eq", a, b) for a in locs for b in locs if a != b]
    init += [("location", x) for x in locs] + [("car", c) for c in cs]
    init += [("at", c, locs[i % locations]) for i, c in enumerate(cs)] + [("at-ferry", "l0"), ("empty-ferry",)]
    goal = [("at", c, locs[(i + 1) % locations]) for i, c in enumerate(cs)]
    return PyTask(tuple(sorted(locs + cs)), tuple(sorted(init)), tuple(sorted(goal)))


def test_a_large_task_is_quoted_shorter_as_valid_python_leaving_out_the_largest_static_facts_first() -> None:
    """A repair request quotes a failed task within a limit: whole when it fits; else objects and
    one-argument facts as comprehensions (lossless), then static predicates left out, largest first,
    never a changing fact or the goal."""
    from genplan.pddl.pyform import quote_python_task

    py = _big_ferry()
    full = render_python_task(py)
    assert quote_python_task(py, len(full), {"not-eq"}).text == full
    assert not quote_python_task(py, len(full), {"not-eq"}).compact

    def run(text: str) -> dict:
        names: dict = {}
        exec(text, names)  # our own rendering
        return names

    whole = run(full)
    # Room for everything once compact: nothing is left out, and the literal means the same task.
    roomy = quote_python_task(py, len(full) - 1, {"not-eq", "car", "location"})
    assert roomy.compact and roomy.omitted == () and len(roomy.text) < len(full)
    back = run(roomy.text)
    assert all(back[k] == whole[k] for k in ("objects", "init", "goal"))
    # A tight limit: not-eq (3,540 facts) goes first; car and location are small enough to stay.
    tight = quote_python_task(py, 3000, {"not-eq", "car", "location"})
    assert tight.omitted == (("not-eq", 3540),) and len(tight.text) <= 3000
    back = run(tight.text)
    assert back["objects"] == whole["objects"] and back["goal"] == whole["goal"]
    assert back["init"] == {f for f in whole["init"] if f[0] != "not-eq"}
    # Changing facts are never left out, even when the limit cannot be met.
    tiny = quote_python_task(py, 100, {"not-eq", "car", "location"})
    assert tiny.omitted == (("not-eq", 3540), ("location", 60), ("car", 40))
    assert run(tiny.text)["init"] == {f for f in whole["init"] if f[0] in ("at", "at-ferry", "empty-ferry")}
    # Typed objects become one comprehension per type.
    kinds = tuple(sorted((o, "car" if o[0] == "c" else "location") for o in py.objects))
    typed = dataclasses.replace(py, objects=kinds)
    t = quote_python_task(typed, 3000, {"not-eq"})
    assert run(t.text)["objects"] == set(typed.objects) and t.text.count("for n in") == 2
    # Name lists in natural order: l9 before l10, as a reader counts, not as text sorts.
    assert "'l0 l1 l2 l3 l4 l5 l6 l7 l8 l9 l10 l11" in tight.text and "'c0 c1 c2 c3" in tight.text
