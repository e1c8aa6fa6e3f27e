"""The shipped costumes (``pddl_benchmarks/costumes/<domain>.toml``): each renames its domain completely and
one-to-one into names that give away neither the domain nor another benchmark domain, and keeps every task
solvable with the same plans."""

from __future__ import annotations

import tomllib
from pathlib import Path

import pytest

from genplan.benchmarks.registry import resolve_suite
from genplan.benchmarks.rename import _name_parts, load_costume, original_names, rename_plan, write_variant
from genplan.benchmarks.suites import Suite, SuiteError, load_suite_dir
from genplan.pddl.model import ROOT_TYPE, Domain
from genplan.planners import plan as fd_plan
from genplan.validate import validate

from .conftest import DOMAINS, REPO

COSTUMES = REPO / "pddl_benchmarks" / "costumes"
#: The domains of Silver et al., the ones the paper's Table 3 costumes.
SILVER = ("delivery", "ferry", "gripper", "heavy", "hiking", "miconic", "spanner")
PDDL_WORDS = {"define", "domain", "problem", "requirements", "strips", "typing", "types", "predicates", "action",
              "parameters", "precondition", "effect", "and", "not", "objects", "init", "goal", "constants",
              "object", "either", "negative-preconditions", "equality"}  # fmt: skip
SECTIONS = ("types", "predicates", "actions", "variables", "objects", "object_prefixes")


def _variables(domain: Domain) -> set[str]:
    params = [p for a in domain.actions for p in a.parameters] + [q for x in domain.predicates for q in x.parameters]
    return {p.name.lstrip("?") for p in params}


def _identifiers(domain: Domain) -> dict[str, set[str]]:
    """What a costume must rename, by section."""
    return {
        "types": {t for t, _ in domain.types} - {ROOT_TYPE},
        "predicates": {p.name for p in domain.predicates},
        "actions": {a.name for a in domain.actions},
        "variables": _variables(domain),
    }


def _vocabulary(domains: tuple[str, ...]) -> dict[str, set[str]]:
    """Every name-like word of the given builtin domains (whole names and their hyphen/underscore parts),
    with the domains that use it: domain and folder names, types, predicates, actions, parameters, constants."""
    words: dict[str, set[str]] = {}
    for name in domains:
        d = resolve_suite(name).domain
        names = {name, d.name, *(t for t, _ in d.types), *(p.name for p in d.predicates),
                 *(a.name for a in d.actions), *(c for c, _ in d.constants), *_variables(d)}  # fmt: skip
        for word in set().union(*(_name_parts(n) for n in names)) - {ROOT_TYPE}:
            words.setdefault(word, set()).add(name)
    return words


def _leaks(root: Path, names: set[str]) -> list[tuple[str, str]]:
    """(file, name) for every name of ``names`` in a file of the suite at ``root`` or in a file's name."""
    found = []
    for path in sorted(root.rglob("*")):
        words = _name_parts(str(path.relative_to(root)))
        if path.is_file():
            words |= _name_parts(path.read_text())
        found += [(str(path.relative_to(root)), n) for n in sorted(words & names)]
    return found


def _costume(domain: str, source: Suite, out: Path) -> Suite:
    renaming = load_costume(COSTUMES / f"{domain}.toml", source.domain)
    return load_suite_dir(write_variant(source, renaming, out, "costumed"))


def test_a_costume_ships_for_each_domain_of_silver_et_al() -> None:
    assert sorted(p.stem for p in COSTUMES.glob("*.toml")) == sorted(SILVER)
    assert set(SILVER) <= set(DOMAINS)
    assert "genplan benchmarks costume" in (COSTUMES / "README.md").read_text()


@pytest.mark.parametrize("domain", SILVER)
def test_the_costume_renames_everything_one_to_one(domain: str) -> None:
    source = resolve_suite(domain)
    data = tomllib.loads((COSTUMES / f"{domain}.toml").read_text())
    assert set(data) <= {"domain", "number_problems", *SECTIONS}
    assert data["number_problems"] is True  # problem names such as "ferry-p001" would give the domain away
    for section, names in _identifiers(source.domain).items():
        table = data.get(section, {})
        assert set(table) == names, (section, sorted(names ^ set(table)))
    # One-to-one within each section, and no new name is an old one (of any kind, so none reads as original).
    old = {domain, source.domain.name, *set().union(*_identifiers(source.domain).values()), *data["object_prefixes"]}
    for section in SECTIONS:
        new = list(data.get(section, {}).values())
        assert len(set(new)) == len(new), section
        assert not set(new) & old, (section, sorted(set(new) & old))
    assert data["domain"] not in old


@pytest.mark.parametrize("domain", SILVER)
def test_the_costume_uses_no_word_of_any_benchmark_domain(domain: str) -> None:
    """Not the original's words (that would give it away), nor another benchmark's (that would point a model
    at the wrong domain): as whole names, or as hyphen- and underscore-separated parts of one."""
    vocabulary = _vocabulary(DOMAINS)
    data = tomllib.loads((COSTUMES / f"{domain}.toml").read_text())
    new = [data["domain"], *(n.rstrip("-_") for section in SECTIONS for n in data.get(section, {}).values())]
    clashes = {n: {w: sorted(vocabulary[w]) for w in _name_parts(n) if w in vocabulary} for n in new}
    assert {n: c for n, c in clashes.items() if c} == {}


def test_the_vocabulary_check_finds_a_clash() -> None:
    """The check above is not vacuous: the example map of the costume command's help reuses spanner's nut."""
    vocabulary = _vocabulary(DOMAINS)
    assert "spanner" in vocabulary["nut"] and "rovers" in vocabulary["rock"] and "ferry" in vocabulary["ferry"]


@pytest.mark.parametrize("domain", SILVER)
def test_the_costumed_suite_keeps_no_original_name_and_its_plans(domain: str, tmp_path: Path) -> None:
    source = resolve_suite(domain)
    variant = _costume(domain, source, tmp_path / "variant")
    old = original_names(source) | _variables(source.domain)  # objects included: each one must be renamed
    assert _leaks(tmp_path / "variant", old - PDDL_WORDS) == []
    assert _leaks(source.root, old - PDDL_WORDS)  # the check finds names where they are
    assert len(variant.problems) == len(source.problems) and variant.split.debug == source.split.debug
    # The renamed domain file names every type, predicate, action and parameter anew.
    identifiers = set().union(*_identifiers(source.domain).values())
    assert not _name_parts(variant.domain_path.read_text()) & identifiers
    assert _name_parts(source.domain_path.read_text()) & identifiers
    # A planner's plan for the smallest debugging task validates on the costumed task, and so do the
    # suite's shipped plans, renamed; a plan cut short does not.
    smallest = min(variant.split.debug, key=lambda t: variant.task(t).size)
    task = variant.task(smallest)
    found = fd_plan(task, "lama-first", time_limit=30, cache_dir=tmp_path / "cache")
    assert found.status == "solved"
    assert validate(task, list(found.plan)).valid
    shipped = [t for t in variant.split.debug if source.shipped_plan(t)]
    assert shipped
    for task_id in shipped[:3]:
        plan = rename_plan(source.shipped_plan(task_id), source.task(task_id), load_costume(
            COSTUMES / f"{domain}.toml", source.domain))  # fmt: skip
        assert variant.shipped_plan(task_id) == plan
        assert validate(variant.task(task_id), plan).valid
        assert not validate(variant.task(task_id), plan[:-1]).valid


def test_the_costumes_cover_the_papers_suites(reference_root: Path, tmp_path: Path) -> None:
    """The paper's tasks name some objects differently (gripper's left/right, rooma/roomb): every object
    of every task is still renamed (an object left as it was would be a leak), and no original name survives
    anywhere in the costumed suite."""
    for domain in SILVER:
        source = resolve_suite(domain, reference_root / domain)
        variant = _costume(domain, source, tmp_path / domain)
        old = original_names(source) | _variables(source.domain)
        assert _leaks(tmp_path / domain, old - PDDL_WORDS) == [], domain
        assert len(variant.problems) == len(source.problems)


def test_costume_map_errors(tmp_path: Path) -> None:
    """Parameters of one action may not merge, unknown parameters and names PDDL refuses are user errors."""
    source = resolve_suite("ferry")
    names = tmp_path / "map.toml"
    names.write_text('[variables]\ncar = "x"\nloc = "x"\n')
    with pytest.raises(SuiteError, match="two parameters of action board"):
        write_variant(source, load_costume(names, source.domain), tmp_path / "v", "costumed")
    names.write_text('[variables]\nplane = "x"\n')
    with pytest.raises(SuiteError, match="does not have: plane"):
        load_costume(names, source.domain)
    names.write_text('[actions]\nsail = "2fly"\n[object_prefixes]\nc = "nut car"\n')
    with pytest.raises(SuiteError, match="PDDL does not allow: 2fly, nut car"):
        load_costume(names, source.domain)
    names.write_text("number_problems = 1\n")
    with pytest.raises(SuiteError, match="true or false"):
        load_costume(names, source.domain)
    # "?car" and "car" name the same parameter; without number_problems the problem names stay.
    names.write_text('[variables]\n"?car" = "scroll"\n')
    renaming = load_costume(names, source.domain)
    assert renaming.variables == {"car": "scroll"} and not renaming.number_problems
