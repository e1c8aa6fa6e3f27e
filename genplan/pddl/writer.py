"""Write domains and tasks back to PDDL text.

Used for generated suites, renamed variants and planner input. Output is canonical (sorted facts and
objects, fixed layout) so the same task always gives the same bytes.
"""

from __future__ import annotations

from collections.abc import Iterable

from genplan.pddl.model import ROOT_TYPE, ActionSchema, Atom, Domain, Fact, Parameter, Task


def _params(params: Iterable[Parameter], typed: bool) -> str:
    if not typed:
        return " ".join(p.name for p in params)
    return " ".join(f"{p.name} - {p.type}" for p in params)


def _atom(a: Atom) -> str:
    return "(" + " ".join((a.predicate, *a.args)) + ")"


def _fact(f: Fact) -> str:
    return "(" + " ".join(f) + ")"


def _typed_names(pairs: Iterable[tuple[str, str]], typed: bool) -> list[str]:
    """Group names by type, keeping the order of first appearance of each type."""
    if not typed:
        return [" ".join(n for n, _ in pairs)] if pairs else []
    groups: dict[str, list[str]] = {}
    for name, typ in pairs:
        groups.setdefault(typ, []).append(name)
    return [f"{' '.join(names)} - {typ}" for typ, names in groups.items()]


def _action(a: ActionSchema, typed: bool) -> str:
    pre = [_atom(x) for x in a.pre_pos]
    pre += [f"(not {_atom(x)})" for x in a.pre_neg]
    pre += [f"(= {x} {y})" for x, y in a.pre_eq]
    pre += [f"(not (= {x} {y}))" for x, y in a.pre_neq]
    eff = [_atom(x) for x in a.add] + [f"(not {_atom(x)})" for x in a.delete]
    lines = [
        f"  (:action {a.name}",
        f"    :parameters ({_params(a.parameters, typed)})",
        f"    :precondition (and {' '.join(pre)})",
        f"    :effect (and {' '.join(eff)}))",
    ]
    return "\n".join(lines)


def required_requirements(domain: Domain) -> list[str]:
    """The requirements the domain actually uses, so planners and VAL accept the written file."""
    reqs = [":strips"]
    if domain.typed:
        reqs.append(":typing")
    if any(a.pre_neg for a in domain.actions):
        reqs.append(":negative-preconditions")
    if any(a.pre_eq or a.pre_neq for a in domain.actions):
        reqs.append(":equality")
    return reqs


def write_domain(domain: Domain) -> str:
    typed = domain.typed
    reqs = required_requirements(domain)
    out = [f"(define (domain {domain.name})", f"  (:requirements {' '.join(reqs)})"]
    if typed:
        out.append("  (:types")
        out += [f"    {line}" for line in _typed_names(domain.types, True)]
        out.append("  )")
    if domain.constants:
        out.append("  (:constants")
        out += [f"    {line}" for line in _typed_names(domain.constants, typed)]
        out.append("  )")
    out.append("  (:predicates")
    for p in domain.predicates:
        args = _params(p.parameters, typed)
        out.append(f"    ({p.name}{' ' + args if args else ''})")
    out.append("  )")
    out += [_action(a, typed) for a in domain.actions]
    out.append(")")
    return "\n".join(out) + "\n"


def write_problem(task: Task) -> str:
    typed = task.domain.typed
    out = [f"(define (problem {task.name})", f"  (:domain {task.domain.name})", "  (:objects"]
    objs = task.objects if typed else [(n, ROOT_TYPE) for n, _ in task.objects]
    out += [f"    {line}" for line in _typed_names(objs, typed)]
    out.append("  )")
    out.append("  (:init")
    out += [f"    {_fact(f)}" for f in sorted(task.init)]
    out.append("  )")
    out.append("  (:goal (and")
    out += [f"    {_fact(f)}" for f in sorted(task.goal)]
    out.append("  ))")
    out.append(")")
    return "\n".join(out) + "\n"
