"""Renamed variants of a suite: anonymized (``action_1``, ``predicate_2``, ...) or costumed (a user's map).

The paper uses them to ask whether an LLM reasons about a domain or recalls it: structure is kept
exactly, only names change, consistently across the domain, every task, the split and shipped plans.
A plan is valid on the original exactly when its renamed plan is valid on the variant.

An anonymized suite must not give the domain away anywhere an LLM (or a curious reader) could look: the
problem names (``(define (problem miconic-p001) ...)``) are numbered too, task ids that contain an
original name are replaced by numbered ones, and the split names no source suite (the registry, which
lives outside the suite's folder, keeps where it came from).
"""

from __future__ import annotations

import json
import re
import tomllib
from dataclasses import dataclass, field, replace
from pathlib import Path

from genplan.benchmarks.suites import Suite, SuiteError
from genplan.pddl.model import ROOT_TYPE, ActionSchema, Atom, Domain, Parameter, Predicate, Task
from genplan.pddl.writer import write_domain, write_problem


@dataclass(frozen=True)
class Renaming:
    """Name maps; names not in a map stay as they are."""

    domain_name: str
    types: dict[str, str] = field(default_factory=dict)
    predicates: dict[str, str] = field(default_factory=dict)
    actions: dict[str, str] = field(default_factory=dict)
    #: Constants and objects by exact name.
    objects: dict[str, str] = field(default_factory=dict)
    #: Object name prefixes (``c`` -> ``nut`` turns ``c0`` into ``nut0``), longest prefix first.
    object_prefixes: dict[str, str] = field(default_factory=dict)
    #: Action and predicate parameters by name, without the ``?`` (``car`` -> ``scroll``): a costume's
    #: parameters would otherwise keep telling the original story (``?car``, ``?floor``).
    variables: dict[str, str] = field(default_factory=dict)
    #: Number every task's objects (``object_1`` ...) instead of mapping names.
    number_objects: bool = False
    #: Rename action parameters (``?car``) to ``?x1`` ... (their names carry meaning too).
    number_variables: bool = False
    #: Number the problems (``problem_1`` ...) and replace task ids that contain an original name.
    number_problems: bool = False

    def to_json(self) -> dict:
        """The renaming as plain JSON. The suite registry keeps it (never the variant's own folder, which
        must not carry the original names), so that tools which generate new tasks of the original domain
        (the generalization check) can give them the variant's names."""
        return {
            "domain_name": self.domain_name,
            "types": dict(sorted(self.types.items())),
            "predicates": dict(sorted(self.predicates.items())),
            "actions": dict(sorted(self.actions.items())),
            "objects": dict(sorted(self.objects.items())),
            "object_prefixes": dict(sorted(self.object_prefixes.items())),
            "variables": dict(sorted(self.variables.items())),
            "number_objects": self.number_objects,
            "number_variables": self.number_variables,
            "number_problems": self.number_problems,
        }

    @classmethod
    def from_json(cls, data: dict) -> Renaming:
        return cls(
            domain_name=str(data["domain_name"]),
            types=dict(data.get("types", {})),
            predicates=dict(data.get("predicates", {})),
            actions=dict(data.get("actions", {})),
            objects=dict(data.get("objects", {})),
            object_prefixes=dict(data.get("object_prefixes", {})),
            variables=dict(data.get("variables", {})),
            number_objects=bool(data.get("number_objects", False)),
            number_variables=bool(data.get("number_variables", False)),
            number_problems=bool(data.get("number_problems", False)),
        )

    def object_map(self, task: Task) -> dict[str, str]:
        """How this task's objects are renamed (constants by the domain-wide map)."""
        mapping: dict[str, str] = {}
        own = [name for name, _ in task.objects]
        if self.number_objects:
            start = len(task.domain.constants) + 1
            mapping = {name: f"object_{start + i}" for i, name in enumerate(sorted(own))}
        else:
            prefixes = sorted(self.object_prefixes.items(), key=lambda kv: -len(kv[0]))
            for name in own:
                if name in self.objects:
                    mapping[name] = self.objects[name]
                    continue
                for old, new in prefixes:
                    if name.startswith(old):
                        mapping[name] = new + name[len(old) :]
                        break
        for name, _ in task.domain.constants:
            mapping[name] = self.objects.get(name, name)
        return mapping


def anonymizer(domain: Domain) -> Renaming:
    """Number every name in declaration order: types, predicates, actions, constants, objects."""
    types = {t: f"type_{i}" for i, (t, _) in enumerate(domain.types, start=1)}
    preds = {p.name: f"predicate_{i}" for i, p in enumerate(domain.predicates, start=1)}
    acts = {a.name: f"action_{i}" for i, a in enumerate(domain.actions, start=1)}
    consts = {c: f"object_{i}" for i, (c, _) in enumerate(domain.constants, start=1)}
    return Renaming(
        domain_name="domain_1",
        types=types,
        predicates=preds,
        actions=acts,
        objects=consts,
        number_objects=True,
        number_variables=True,
        number_problems=True,
    )


#: A PDDL name as genplan writes it (lower case); a prefix must be one too, as it starts every object's name.
_PDDL_NAME = re.compile(r"[a-z][a-z0-9_-]*")


def _variable_names(domain: Domain) -> set[str]:
    """The parameter names of the domain's actions and predicates, without the ``?``."""
    params = [p for a in domain.actions for p in a.parameters] + [q for x in domain.predicates for q in x.parameters]
    return {p.name.lstrip("?") for p in params}


def load_costume(path: str | Path, domain: Domain) -> Renaming:
    """A rename map from TOML: ``[types]``, ``[predicates]``, ``[actions]``, ``[variables]``, ``[objects]``,
    ``[object_prefixes]`` tables of ``old = "new"``, an optional top-level ``domain = "name"``, and an optional
    ``number_problems = true`` (problem names ``problem_1`` ...; task ids that hold an original name are
    numbered too). Without the last two a costume keeps the parameter and problem names, which often name
    the original domain (``?car``, ``ferry-p001``): maps meant to hide it set both."""
    p = Path(path)
    try:
        data = tomllib.loads(p.read_text())
    except FileNotFoundError:
        raise SuiteError(f"The rename map {p} does not exist.") from None
    except tomllib.TOMLDecodeError as exc:
        raise SuiteError(f"The rename map {p} is not valid TOML: {exc}.") from None
    flags = {"domain", "number_problems"}
    known = flags | {"types", "predicates", "actions", "variables", "objects", "object_prefixes"}
    unknown = sorted(set(data) - known)
    if unknown:
        raise SuiteError(f"Unknown section(s) {', '.join(unknown)} in {p}.", hint=f"Known: {', '.join(sorted(known))}.")
    for section in sorted(known - flags):
        if not isinstance(data.get(section, {}), dict):
            raise SuiteError(f'[{section}] in {p} must be a table of old = "new" names.')
    if not isinstance(data.get("number_problems", False), bool):
        raise SuiteError(f"number_problems in {p} must be true or false.")
    tables = {k: {str(a).lower(): str(b).lower() for a, b in data.get(k, {}).items()} for k in known - flags}
    tables["variables"] = {a.lstrip("?"): b.lstrip("?") for a, b in tables["variables"].items()}
    domain_name = str(data.get("domain", domain.name + "-costume")).lower()
    invalid = sorted(n for table in tables.values() for n in table.values() if not _PDDL_NAME.fullmatch(n))
    invalid += [] if _PDDL_NAME.fullmatch(domain_name) else [domain_name]
    if invalid:
        raise SuiteError(
            f"The rename map {p} gives names PDDL does not allow: {', '.join(invalid)}.",
            hint="A name starts with a letter and holds only letters, digits, '-' and '_'.",
        )
    names = {
        "types": {t for t, _ in domain.types},
        "predicates": {x.name for x in domain.predicates},
        "actions": {a.name for a in domain.actions},
        "variables": _variable_names(domain),
    }
    for section, valid in names.items():
        missing = sorted(set(tables[section]) - valid)
        if missing:
            raise SuiteError(
                f"The rename map {p} renames {section} that the domain does not have: {', '.join(missing)}."
            )
    return Renaming(
        domain_name=domain_name,
        types=tables["types"],
        predicates=tables["predicates"],
        actions=tables["actions"],
        objects=tables["objects"],
        object_prefixes=tables["object_prefixes"],
        variables=tables["variables"],
        number_problems=bool(data.get("number_problems", False)),
    )


def _check_injective(r: Renaming, domain: Domain) -> None:
    """Two names mapped to one would merge concepts and change the domain: refuse."""
    for what, mapping, names in (
        ("types", r.types, [t for t, _ in domain.types]),
        ("predicates", r.predicates, [p.name for p in domain.predicates]),
        ("actions", r.actions, [a.name for a in domain.actions]),
    ):
        new = [mapping.get(n, n) for n in names]
        if len(set(new)) != len(new):
            raise SuiteError(f"The renaming maps two {what} to the same name.")
    for owner, params in [*((f"action {a.name}", a.parameters) for a in domain.actions),
                          *((f"predicate {x.name}", x.parameters) for x in domain.predicates)]:  # fmt: skip
        new = [_variable(r, i, q.name) for i, q in enumerate(params, start=1)]
        if len(set(new)) != len(new):
            raise SuiteError(f"The renaming gives two parameters of {owner} the same name.")


def _variable(r: Renaming, position: int, name: str) -> str:
    """A parameter's new name: numbered, mapped, or kept."""
    if r.number_variables:
        return f"?x{position}"
    return "?" + r.variables.get(name.lstrip("?"), name.lstrip("?"))


def rename_domain(domain: Domain, r: Renaming) -> Domain:
    _check_injective(r, domain)
    t = lambda name: r.types.get(name, name)  # noqa: E731
    o = lambda name: r.objects.get(name, name)  # noqa: E731

    def action(a: ActionSchema) -> ActionSchema:
        var = {p.name: _variable(r, i, p.name) for i, p in enumerate(a.parameters, start=1)}
        arg = lambda x: var.get(x, o(x))  # noqa: E731
        atom = lambda at: Atom(r.predicates.get(at.predicate, at.predicate), tuple(arg(x) for x in at.args))  # noqa: E731
        return ActionSchema(
            name=r.actions.get(a.name, a.name),
            parameters=tuple(Parameter(var[p.name], t(p.type)) for p in a.parameters),
            pre_pos=tuple(atom(x) for x in a.pre_pos),
            pre_neg=tuple(atom(x) for x in a.pre_neg),
            pre_eq=tuple((arg(x), arg(y)) for x, y in a.pre_eq),
            pre_neq=tuple((arg(x), arg(y)) for x, y in a.pre_neq),
            add=tuple(atom(x) for x in a.add),
            delete=tuple(atom(x) for x in a.delete),
        )

    return replace(
        domain,
        name=r.domain_name,
        types=tuple(sorted((t(a), t(b) if b != ROOT_TYPE else b) for a, b in domain.types)),
        constants=tuple((o(c), t(ty)) for c, ty in domain.constants),
        predicates=tuple(
            Predicate(
                r.predicates.get(p.name, p.name),
                tuple(Parameter(_variable(r, i, q.name), t(q.type)) for i, q in enumerate(p.parameters, 1)),
            )
            for p in domain.predicates
        ),
        actions=tuple(action(a) for a in domain.actions),
    )


def rename_task(task: Task, r: Renaming, domain: Domain, name: str | None = None) -> Task:
    """The task in the variant's names; ``name`` replaces the problem's name when given."""
    objs = r.object_map(task)
    if len(set(objs.values())) != len(objs):
        raise SuiteError(f"The renaming maps two objects of task {task.name} to the same name.")
    fact = lambda f: (r.predicates.get(f[0], f[0]), *(objs.get(a, a) for a in f[1:]))  # noqa: E731
    return Task(
        name=name or task.name,
        domain=domain,
        objects=tuple(sorted((objs.get(n, n), r.types.get(ty, ty)) for n, ty in task.objects)),
        init=frozenset(fact(f) for f in task.init),
        goal=frozenset(fact(f) for f in task.goal),
    )


def rename_plan(plan: list[str], task: Task, r: Renaming) -> list[str]:
    """The same plan in the variant's names (unknown names pass through unchanged)."""
    objs = r.object_map(task)
    out = []
    for step in plan:
        parts = step.strip().strip("()").split()
        if not parts:
            out.append(step)
            continue
        out.append("(" + " ".join([r.actions.get(parts[0], parts[0]), *(objs.get(a, a) for a in parts[1:])]) + ")")
    return out


def original_names(suite: Suite, *, problems: bool = True) -> set[str]:
    """Every name the suite's own files use, lower case: domain, types, predicates, actions, constants,
    objects and (with ``problems``) problem names: what an anonymized variant must not contain."""
    d = suite.domain
    names = {d.name, *(t for t, _ in d.types), *(p.name for p in d.predicates), *(a.name for a in d.actions),
             *(c for c, _ in d.constants)}  # fmt: skip
    for task_id, _ in suite.problems:
        task = suite.task(task_id)
        names |= {*(o for o, _ in task.objects), *((task.name,) if problems else ())}
    return {n.lower() for n in names} - {ROOT_TYPE}


def _name_parts(text: str) -> set[str]:
    """The name-like words of ``text``, whole and split at hyphens and underscores."""
    words = set(re.findall(r"[a-z0-9][a-z0-9_-]*", text.lower()))
    return words | {part for w in words for part in re.split(r"[-_]", w) if part}


def task_ids(suite: Suite, r: Renaming) -> dict[str, str]:
    """The variant's id of every task: unchanged, unless the renaming numbers problems and some id holds an
    original name (``ferry-l3-c2``); then every task is numbered (``task_1`` ...), in the suite's order.

    Problem names do not count here: an id is often the problem's own (neutral) name, ``instance-3``."""
    ids = [task_id for task_id, _ in suite.problems]
    if r.number_problems and any(_name_parts(i) & original_names(suite, problems=False) for i in ids):
        return {task_id: f"task_{k}" for k, task_id in enumerate(ids, start=1)}
    return {task_id: task_id for task_id in ids}


def write_variant(suite: Suite, r: Renaming, out: Path, kind: str) -> Path:
    """Write the renamed suite to ``out`` in the genplan layout (domain, problems, split, plans)."""
    if out.exists() and any(out.iterdir()):
        raise SuiteError(f"{out} exists and is not empty.", hint="Choose another --out or remove it.")
    domain = rename_domain(suite.domain, r)
    ids = task_ids(suite, r)
    (out / "problems").mkdir(parents=True, exist_ok=True)
    (out / "domain.pddl").write_text(write_domain(domain))
    for number, (task_id, _) in enumerate(suite.problems, start=1):
        task = suite.task(task_id)
        name = f"problem_{number}" if r.number_problems else None
        new_id = ids[task_id]
        (out / "problems" / f"{new_id}.pddl").write_text(write_problem(rename_task(task, r, domain, name)))
        plan = suite.shipped_plan(task_id)
        if plan is not None:
            (out / "plans").mkdir(exist_ok=True)
            (out / "plans" / f"{new_id}.plan").write_text("\n".join(rename_plan(plan, task, r)) + "\n")
    split = suite.split
    renamed = {
        "debug": [ids[t] for t in split.debug],
        "prompt": {str(s): [ids[t] for t in ts] for s, ts in split.prompt},
        "heldout": [ids[t] for t in split.heldout],
    }
    # Where the variant came from is kept by the registry, not here: the source's name is the domain's.
    renamed |= {"variant": kind, "anonymized": kind == "anonymized"}
    (out / "split.json").write_text(json.dumps(renamed, indent=2) + "\n")
    return out
