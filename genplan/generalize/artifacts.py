"""What ``genplan check`` leaves on disk: the counterexample in the forms people and programs read.

- ``counterexample.pddl`` and ``domain.pddl``: the task, for a planner, VAL or ``genplan validate``;
- ``counterexample.py``: the inputs exactly as the failing run received them (``objects``, ``init``,
  ``goal`` as Python literals), with a line that runs the program on them;
- ``plan.txt``: the program's plan on that run; ``feedback.txt``: what the validator or the executor
  said about it;
- ``check.json``: everything, including what was tried (also written when nothing was found).
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path

from genplan.core.files import atomic_write
from genplan.generalize.check import CheckResult
from genplan.pddl.model import Domain
from genplan.pddl.pyform import python_inputs, render_python_task
from genplan.pddl.writer import write_domain, write_problem


@dataclass(frozen=True)
class CheckFiles:
    folder: Path
    json: Path
    problem: Path | None = None
    domain: Path | None = None
    python: Path | None = None
    plan: Path | None = None
    feedback: Path | None = None


def _write(path: Path, text: str) -> Path:
    """Write atomically: an interrupted check never leaves half a file behind."""
    atomic_write(path, text)
    return path


def python_form(result: CheckResult, program: str = "PROGRAM.py") -> str:
    """``counterexample.py``: the failing run's inputs as literals, and how to run the program on them."""
    cex = result.counterexample
    assert cex is not None
    inputs = cex.inputs or python_inputs(cex.task)
    return (
        f"# Counterexample found by `genplan check`: {cex.origin}.\n"
        f"# The program failed with: {cex.category} ({cex.status}).\n"
        "# These are the inputs in the order the failing run received them (sets have no order; the\n"
        "# program saw them built in this order, under the same PYTHONHASHSEED as the check's run).\n\n"
        f"{render_python_task(inputs)}\n\n"
        "if __name__ == '__main__':  # python counterexample.py, next to the program\n"
        "    import importlib.util\n\n"
        f"    spec = importlib.util.spec_from_file_location('program', {program!r})\n"
        "    module = importlib.util.module_from_spec(spec)\n"
        "    spec.loader.exec_module(module)\n"
        "    print('\\n'.join(module.generate_solution(objects, init, goal)))\n"
    )


def write_check(
    result: CheckResult, domain: Domain, out: Path, program: Path | None = None, source: str | None = None
) -> CheckFiles:
    """Write the check's outputs into ``out`` (created if needed) and say where they are; ``check.json``
    records the program (``source``, its text, as checked; else read from ``program``), the limits and the
    versions (:mod:`genplan.execute.provenance`)."""
    out.mkdir(parents=True, exist_ok=True)
    from genplan.execute.provenance import provenance

    settings = result.settings
    limits = {"timeout_s": settings.timeout, "memory_mb": settings.memory_mb, "orderings": settings.orderings,
              "seed": settings.seed, "budget_s": settings.budget_s, "shrink_budget_s": settings.shrink_budget_s,
              "max_objects": settings.max_objects}  # fmt: skip
    payload = {"provenance": provenance(program, source, limits)} | result.to_json()
    payload["program"] = str(program) if program else None
    js = _write(out / "check.json", json.dumps(payload, indent=2) + "\n")
    cex = result.counterexample
    if cex is None:
        return CheckFiles(out, js)
    plan_text = "\n".join(cex.plan) + "\n" if cex.plan else "; the program returned no plan\n"
    return CheckFiles(
        folder=out,
        json=js,
        problem=_write(out / "counterexample.pddl", write_problem(cex.task)),
        domain=_write(out / "domain.pddl", write_domain(domain)),
        python=_write(out / "counterexample.py", python_form(result, str(program) if program else "PROGRAM.py")),
        plan=_write(out / "plan.txt", plan_text),
        feedback=_write(out / "feedback.txt", cex.feedback.rstrip() + "\n"),
    )
