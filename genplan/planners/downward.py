"""Running Fast Downward as a subprocess, and reading what it says honestly.

We call the ``fast-downward.py`` driver shipped inside the ``up-fast-downward`` wheel directly, not
through unified-planning's engine wrapper: the wrapper needs every task converted into a
unified-planning problem first, passes no memory limit, reports a component stopped by the CPU limit as
an internal error, and keeps the planner's statistics (peak memory, expansions) to itself. The driver
runs the translator (``python -m fast_downward.translate``, from the same wheel) and the search binary
``downward``; it needs no network.

Limits. The driver enforces ``--overall-time-limit`` as a *CPU-time* limit (``RLIMIT_CPU``) shared by the
translator and the search, and ``--overall-memory-limit`` as an address-space limit (``RLIMIT_AS``) on
each component. CPU time never exceeds wall-clock time for these single-threaded components, so on a
loaded machine FD's own limit may not fire when the wall clock says it should: we therefore also wait
for the process only the driver's limit (``time_limit`` rounded up to whole seconds, at least 2) plus
``WALL_GRACE_S`` seconds of wall-clock time, and then kill its whole process group (it runs in a session
of its own, so the translator and the search die with the driver). The grace lets FD stop by itself on
an idle machine, which yields its statistics and a precise exit code.

Exit codes (``driver/returncodes.py`` of the shipped FD 26.6, https://www.fast-downward.org/latest/
documentation/exit-codes/): 0 success; 1-3 a portfolio found a plan and then ran out of memory/time;
10 translator proved unsolvable; 11 search proved unsolvable; 12 an incomplete search gave up
(no proof); 13 unsolvable within a cost bound; 20/21 translator out of memory/time; 22/23/24 search out
of memory/time/both; 30-37 critical or input errors. A component killed by a signal is passed on by the
driver as ``256 - signal`` (e.g. 232 = SIGXCPU, the CPU limit hitting the translator).
"""

from __future__ import annotations

import contextlib
import importlib.metadata
import importlib.util
import math
import os
import re
import signal
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass
from functools import cache
from pathlib import Path

from genplan.core.errors import GenplanError
from genplan.planners.configs import PlannerConfig
from genplan.planners.result import ERROR, MEMORY, SOLVED, TIMEOUT, UNSOLVABLE

#: Extra wall-clock seconds granted beyond the time limit before we kill the process group ourselves.
WALL_GRACE_S = 2.0

#: How much of the planner's output an error message quotes.
_TAIL_LINES = 12

# FD's exit codes (driver/returncodes.py).
SUCCESS = 0
PLAN_FOUND_CODES = frozenset({1, 2, 3})
TRANSLATE_UNSOLVABLE = 10
SEARCH_UNSOLVABLE = 11
SEARCH_UNSOLVED_INCOMPLETE = 12
SEARCH_UNSOLVABLE_WITHIN_BOUND = 13
TRANSLATE_OUT_OF_MEMORY = 20
TRANSLATE_OUT_OF_TIME = 21
SEARCH_OUT_OF_MEMORY = 22
SEARCH_OUT_OF_TIME = 23
SEARCH_OUT_OF_MEMORY_AND_TIME = 24
SEARCH_UNSUPPORTED = 34

_CODE_NAMES = {
    30: "translator critical error",
    31: "translator input error",
    32: "search critical error",
    33: "search input error",
    34: "search: unsupported feature",
    35: "driver critical error",
    36: "driver input error",
    37: "driver: unsupported",
}


@dataclass(frozen=True)
class Downward:
    """Where the shipped Fast Downward lives, and which version it is."""

    driver: Path
    version: str


@cache
def locate() -> Downward:
    """Find the driver inside the installed ``up-fast-downward`` package (once per process)."""
    hint = "Install it with `pip install up-fast-downward==1.0.0` (a dependency of genplan)."
    # find_spec locates the package without importing it (its __init__ pulls in unified-planning: ~1.5 s).
    spec = importlib.util.find_spec("up_fast_downward")
    if spec is None or not spec.submodule_search_locations:
        raise GenplanError("Fast Downward is not installed: the package up-fast-downward is missing.", hint=hint)
    root = Path(next(iter(spec.submodule_search_locations))) / "downward"
    driver = root / "fast-downward.py"
    search = root / "builds" / "release" / "bin" / "downward"
    if not driver.is_file() or not search.is_file():
        raise GenplanError(
            f"The up-fast-downward package at {root.parent} lacks the Fast Downward driver or search binary.",
            hint="Reinstall it: `pip install --force-reinstall up-fast-downward==1.0.0`.",
        )
    fd_version = "unknown"
    version_file = root / "driver" / "version.py"
    if version_file.is_file():
        m = re.search(r"__version__\s*=\s*[\"']([^\"']+)[\"']", version_file.read_text())
        if m:
            fd_version = m.group(1)
    try:
        pkg = importlib.metadata.version("up-fast-downward")
    except importlib.metadata.PackageNotFoundError:
        pkg = "unknown"
    return Downward(driver=driver, version=f"fast-downward {fd_version} (up-fast-downward {pkg})")


@cache
def aliases() -> tuple[str, ...]:
    """The names the shipped driver accepts after ``--alias``: its aliases and its portfolios, sorted.

    Read from the driver's files rather than imported: importing the package pulls in unified-planning
    (about 1.5 s), and the names are all that is needed to reject a misspelt alias before a run."""
    driver_dir = locate().driver.parent / "driver"
    text = (driver_dir / "aliases.py").read_text() if (driver_dir / "aliases.py").is_file() else ""
    names = set(re.findall(r"""^ALIASES\[["']([^"']+)["']\]""", text, flags=re.MULTILINE))
    portfolios = driver_dir / "portfolios"
    if portfolios.is_dir():
        names |= {p.stem.replace("_", "-") for p in portfolios.glob("*.py")}
    return tuple(sorted(names))


@dataclass(frozen=True)
class RawRun:
    """What came out of one driver process, before interpretation."""

    #: The driver's exit code; negative for a signal; ``None`` when we killed it at the wall-clock limit.
    exit_code: int | None
    stdout: str
    stderr: str
    #: The ``sas_plan`` file's text, if the planner wrote one.
    plan_text: str | None
    wall_s: float
    #: The driver's pid, which is also its process-group id (for checking that nothing survived).
    pid: int


def driver_time_limit(time_limit: float) -> int:
    """The whole seconds given to the driver: ``time_limit`` rounded up, and at least 2.

    The driver grants the translator the *whole* seconds left after its own start-up (``int(limit -
    elapsed)``), so with a limit of 1 s the translator would get 0 s and every task would "time out".
    """
    return max(2, math.ceil(time_limit))


def command(
    fd: Downward,
    config: PlannerConfig,
    time_limit: float,
    memory_limit_mb: int,
    translate_args: tuple[str, ...] = (),
) -> list[str]:
    """The driver command line, run inside the temp dir holding ``domain.pddl`` and ``problem.pddl``."""
    component_args = [*config.search_args]
    if translate_args:
        component_args = ["--translate-options", *translate_args, "--search-options", *config.search_args]
    return [
        sys.executable,
        str(fd.driver),
        "--plan-file",
        "sas_plan",
        "--overall-time-limit",
        f"{driver_time_limit(time_limit)}s",
        "--overall-memory-limit",
        f"{int(memory_limit_mb)}M",
        *config.driver_args,
        "domain.pddl",
        "problem.pddl",
        *component_args,
    ]


def run_downward(
    domain_text: str,
    problem_text: str,
    config: PlannerConfig,
    time_limit: float,
    memory_limit_mb: int,
    *,
    translate_args: tuple[str, ...] = (),
    wall_limit: float | None = None,
) -> RawRun:
    """Run FD once in a fresh temp dir; ``wall_limit`` defaults to the driver's limit plus ``WALL_GRACE_S``."""
    fd = locate()
    if wall_limit is None:
        wall_limit = max(time_limit, driver_time_limit(time_limit)) + WALL_GRACE_S
    with tempfile.TemporaryDirectory(prefix="genplan-fd-") as tmp:
        work = Path(tmp)
        (work / "domain.pddl").write_text(domain_text)
        (work / "problem.pddl").write_text(problem_text)
        cmd = command(fd, config, time_limit, memory_limit_mb, translate_args)
        # A fixed hash seed keeps the (Python) translator's output independent of the caller's.
        env = dict(os.environ, PYTHONHASHSEED="0")
        exit_code, wall, pid = run_killable(cmd, work, wall_limit, env=env)
        plan_file = last_plan_file(work)
        return RawRun(
            exit_code=exit_code,
            stdout=_read(work / "stdout.txt"),
            stderr=_read(work / "stderr.txt"),
            plan_text=plan_file.read_text(errors="replace") if plan_file is not None else None,
            wall_s=wall,
            pid=pid,
        )


def last_plan_file(work: Path) -> Path | None:
    """The plan a run wrote: ``sas_plan``, or, for an anytime search or a portfolio (``--alias lama``,
    ``seq-sat-fdss-2023``), which write ``sas_plan.1``, ``sas_plan.2``, ... each better than the one
    before, the last of those."""
    if (work / "sas_plan").is_file():
        return work / "sas_plan"
    numbered = [p for p in work.glob("sas_plan.*") if p.suffix[1:].isdigit()]
    return max(numbered, key=lambda p: int(p.suffix[1:])) if numbered else None


#: Translator options that make every state variable binary. FD's translator otherwise groups facts into
#: multi-valued variables, and a delete effect on a fact the action does not require then becomes a
#: *conditional* effect ("if the variable has this value, set it to none-of-those"), which LM-cut does not
#: support (exit code 34). With binary variables the same delete is unconditional.
BINARY_VARIABLES = ("--invariant-generation-max-candidates", "0")


def unsupported_conditional_effects(raw: RawRun) -> bool:
    """True when the search refused the task because the translator introduced conditional effects."""
    return raw.exit_code == SEARCH_UNSUPPORTED and "conditional effects" in (raw.stdout + raw.stderr)


def run_killable(
    cmd: list[str], cwd: Path, wall_limit: float, *, env: dict[str, str] | None = None
) -> tuple[int | None, float, int]:
    """Run ``cmd`` in its own session with output to files in ``cwd``; kill its group at ``wall_limit``.

    Returns ``(exit code or None if killed by us, wall seconds, pid)``. Output goes to files rather than
    pipes so a chatty search can never block on a full pipe, and so the log survives a kill. The group is
    also killed when the caller is interrupted (Ctrl-C), so no search keeps running in the background. It
    is killed only while the driver is still unreaped, so its id cannot have been reused by then.
    """
    start = time.monotonic()
    with open(cwd / "stdout.txt", "wb") as out, open(cwd / "stderr.txt", "wb") as err:
        proc = subprocess.Popen(
            cmd, cwd=cwd, stdin=subprocess.DEVNULL, stdout=out, stderr=err, env=env, start_new_session=True
        )
        try:
            code: int | None = proc.wait(timeout=wall_limit)
        except subprocess.TimeoutExpired:
            code = None
            _kill_group(proc.pid)
            proc.wait()
        except BaseException:
            _kill_group(proc.pid)
            proc.wait()
            raise
    return code, time.monotonic() - start, proc.pid


def _kill_group(pgid: int) -> None:
    with contextlib.suppress(ProcessLookupError, PermissionError):
        os.killpg(pgid, signal.SIGKILL)


def _read(path: Path) -> str:
    return path.read_text(errors="replace") if path.is_file() else ""


# ------------------------------------------------------------------------------------------ interpretation
def parse_plan_file(text: str) -> tuple[tuple[str, ...], int | None]:
    """The steps of a ``sas_plan`` file (lower case, comments dropped) and the cost it states."""
    steps: list[str] = []
    cost = None
    for raw in text.splitlines():
        line = raw.strip()
        if not line:
            continue
        if line.startswith(";"):
            m = re.match(r";\s*cost\s*=\s*(\d+)", line)
            if m:
                cost = int(m.group(1))
            continue
        steps.append(" ".join(line.lower().split()))
    return tuple(steps), cost


def _last_int(pattern: str, text: str) -> int | None:
    found = re.findall(pattern, text, flags=re.MULTILINE)
    return int(found[-1]) if found else None


def peak_memory_kb(stdout: str) -> int | None:
    return _last_int(r"^Peak memory: (\d+) KB", stdout)


def expansions(stdout: str) -> int | None:
    return _last_int(r"\] Expanded (\d+) state\(s\)\.\s*$", stdout)


def _signal_of(code: int) -> int | None:
    """The signal that ended a component: negative codes directly, or the driver's ``256 - signal``."""
    if code < 0:
        return -code
    if 128 < code < 256 and code not in _CODE_NAMES:
        return 256 - code
    return None


def _signal_name(sig: int) -> str:
    try:
        return signal.Signals(sig).name
    except ValueError:
        return f"signal {sig}"


def classify(exit_code: int | None, has_plan: bool, wall_s: float, time_limit: float) -> tuple[str, str]:
    """The honest status and a one-line reason for an FD exit code.

    A plan on disk with a success code is "solved" (still to be validated by the caller). Only the
    codes that mean a proof map to "unsolvable"; code 12 (an incomplete search gave up) does not.
    """
    if exit_code is None:
        return TIMEOUT, f"no result within the wall-clock limit ({time_limit:g} s plus grace); killed"
    if exit_code == SUCCESS or exit_code in PLAN_FOUND_CODES:
        if has_plan:
            return SOLVED, ""
        return ERROR, f"Fast Downward reported success (exit code {exit_code}) but wrote no plan file"
    if exit_code == TRANSLATE_UNSOLVABLE:
        return UNSOLVABLE, "the translator proved the task unsolvable"
    if exit_code == SEARCH_UNSOLVABLE:
        return UNSOLVABLE, "the search exhausted the reachable state space: the task is unsolvable"
    if exit_code == SEARCH_UNSOLVED_INCOMPLETE:
        return ERROR, "the search gave up without a plan, but it is incomplete, so nothing is proved"
    if exit_code == SEARCH_UNSOLVABLE_WITHIN_BOUND:
        return ERROR, "no plan within the cost bound (unexpected: genplan sets no bound)"
    if exit_code == TRANSLATE_OUT_OF_MEMORY:
        return MEMORY, "the translator ran out of memory"
    if exit_code == SEARCH_OUT_OF_MEMORY:
        return MEMORY, "the search ran out of memory"
    if exit_code == SEARCH_OUT_OF_MEMORY_AND_TIME:
        return MEMORY, "the search ran out of memory and time"
    if exit_code == TRANSLATE_OUT_OF_TIME:
        return TIMEOUT, f"the translator reached the time limit ({time_limit:g} s)"
    if exit_code == SEARCH_OUT_OF_TIME:
        return TIMEOUT, f"the search reached the time limit ({time_limit:g} s)"
    if exit_code in _CODE_NAMES:
        return ERROR, f"Fast Downward failed: {_CODE_NAMES[exit_code]} (exit code {exit_code})"
    sig = _signal_of(exit_code)
    if sig == signal.SIGXCPU:
        return TIMEOUT, f"a component was stopped by the CPU-time limit ({time_limit:g} s)"
    if sig == signal.SIGKILL and wall_s >= time_limit:
        # The hard CPU limit (one second above the soft one) ends a component with SIGKILL.
        return TIMEOUT, f"a component was killed at the time limit ({time_limit:g} s)"
    if sig is not None:
        return ERROR, (
            f"a Fast Downward component died from {_signal_name(sig)} (exit code {exit_code}); a SIGKILL "
            "before the time limit usually means the system ran out of memory"
        )
    return ERROR, f"Fast Downward ended with an unknown exit code {exit_code}"


def output_tail(raw: RawRun) -> str:
    """The last lines of the planner's output, for an error message."""
    text = (raw.stderr.strip() or raw.stdout.strip()).splitlines()
    return "\n".join(text[-_TAIL_LINES:])
