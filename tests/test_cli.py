"""The command line as a user meets it: exit codes and one-paragraph errors without tracebacks."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

DOMAIN = """(define (domain d) (:predicates (p ?x) (q ?x))
  (:action a :parameters (?x) :precondition (p ?x) :effect (and (q ?x) (not (p ?x)))))"""
PROBLEM = "(define (problem t) (:domain d) (:objects o) (:init (p o)) (:goal (q o)))"


def genplan(*args: str, cwd: Path) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "genplan.cli", *args], capture_output=True, text=True, cwd=cwd,
                          timeout=120)  # fmt: skip


def test_validate_exit_codes(tmp_path: Path) -> None:
    (tmp_path / "d.pddl").write_text(DOMAIN)
    (tmp_path / "p.pddl").write_text(PROBLEM)
    (tmp_path / "good.plan").write_text("; a plan\n(A O)\n; cost = 1 (unit cost)\n")
    (tmp_path / "bad.plan").write_text("(a o)\n(a o)\n")
    ok = genplan("validate", "d.pddl", "p.pddl", "good.plan", cwd=tmp_path)
    assert ok.returncode == 0 and "VALID" in ok.stdout
    bad = genplan("validate", "d.pddl", "p.pddl", "bad.plan", cwd=tmp_path)
    assert bad.returncode == 1 and "step 2" in bad.stdout


def test_a_closed_output_pipe_is_not_reported_as_an_invalid_plan(tmp_path: Path) -> None:
    # ``genplan validate ... | head -1``: the reader is gone before the verdict is written. Exit 1 would
    # say "invalid plan"; exit as Unix tools do, 128 + SIGPIPE, and print no traceback.
    (tmp_path / "d.pddl").write_text(DOMAIN)
    (tmp_path / "p.pddl").write_text(PROBLEM)
    (tmp_path / "good.plan").write_text("(a o)\n")
    proc = subprocess.Popen([sys.executable, "-m", "genplan.cli", "validate", "d.pddl", "p.pddl", "good.plan"],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, cwd=tmp_path)  # fmt: skip
    assert proc.stdout is not None and proc.stderr is not None
    proc.stdout.close()  # long before the command has imported what it needs to write anything
    err = proc.stderr.read().decode()
    assert proc.wait(timeout=120) == 141
    assert "Traceback" not in err


def test_user_errors_are_one_paragraph_without_traceback(tmp_path: Path) -> None:
    (tmp_path / "d.pddl").write_text("(define (domain d)\n(:predicates (p ?x)\n")
    (tmp_path / "p.pddl").write_text(PROBLEM)
    (tmp_path / "x.plan").write_text("")
    cases = [
        (("validate", "d.pddl", "p.pddl", "x.plan"), "line 2"),
        (("validate", "missing.pddl", "p.pddl", "x.plan"), "does not exist"),
        (("benchmarks", "show", "feryy"), "Did you mean 'ferry'"),
        (("synthesize", "ferry", "--config", "F5-4"), "Did you mean 'F5-3'"),
    ]
    for args, expected in cases:
        result = genplan(*args, "--cache-dir", str(tmp_path / "c"), cwd=tmp_path) if args[0] != "validate" else (
            genplan(*args, cwd=tmp_path))  # fmt: skip
        assert result.returncode == 2, (args, result.stderr)
        assert expected in " ".join(result.stderr.split()), (args, result.stderr)
        assert "Traceback" not in result.stderr


def test_inspect_without_runs(tmp_path: Path) -> None:
    result = genplan("inspect", "ferry", "--cache-dir", str(tmp_path), cwd=tmp_path)
    assert result.returncode == 2 and "genplan synthesize ferry" in " ".join(result.stderr.split())


def test_evaluate_command_reports_coverage_and_writes_json(tmp_path: Path) -> None:
    import json
    import shutil

    from genplan.generators import ferry
    from genplan.generators.domains import builtin_domain_path
    from genplan.pddl.writer import write_problem

    root = tmp_path / "ferry"
    (root / "problems").mkdir(parents=True)
    shutil.copy(builtin_domain_path("ferry"), root / "domain.pddl")
    for k in range(8):
        task = ferry.generate(ferry.Params(locations=3, cars=1 + k), seed=k, name=f"instance-{k}")
        (root / "problems" / f"instance-{k}.pddl").write_text(write_problem(task))
    (root / "split.json").write_text(json.dumps({"debug": [f"instance-{k}" for k in range(6)],
                                                 "heldout": ["instance-6", "instance-7"]}))  # fmt: skip
    good = Path(__file__).parent / "zoo" / "good_ferry.py"
    result = genplan("evaluate", str(good), "ferry", "--suite", str(root), "--split", "all", "--orderings", "2",
                     "--report", "r.json", "--cache-dir", str(tmp_path / "c"), cwd=tmp_path)  # fmt: skip
    assert result.returncode == 0, result.stderr
    assert "coverage 100.0% (8/8 tasks" in result.stdout
    report = json.loads((tmp_path / "r.json").read_text())
    assert len(report["tasks"]) == 8 and all(r["solved"] for r in report["tasks"])
    raises = tmp_path / "raises.py"
    raises.write_text("def generate_solution(objects, init, goal):\n    raise ValueError('no')\n")
    bad = genplan("evaluate", str(raises), "ferry", "--suite", str(root), "--split", "debug", "--orderings", "1",
                  "--report", "b.json", "--cache-dir", str(tmp_path / "c"), cwd=tmp_path)  # fmt: skip
    assert bad.returncode == 0 and "coverage 0.0% (0/6" in bad.stdout and "python exception" in bad.stdout
    # Why it failed, without opening the JSON: the first failing task with its feedback.
    assert "first failing task: instance-0, ordering 0 (exception)" in bad.stdout
    assert "ValueError: no" in bad.stdout and "program time" in bad.stdout


def test_ctrl_c_ends_with_a_message_exit_130_and_no_planner_left(tmp_path: Path) -> None:
    import signal
    import time

    from genplan.generators.domains import builtin_domain_path

    domain = builtin_domain_path("ferry")
    problem = domain.parent / "problems" / "p273.pddl"  # takes A* with LM-cut far longer than this test
    proc = subprocess.Popen(
        [sys.executable, "-m", "genplan.cli", "plan", str(domain), str(problem), "--planner", "lmcut", "--timeout",
         "120", "--cache-dir", str(tmp_path)],
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, cwd=tmp_path,
        # A shell that starts jobs in the background (CI runners, nohup) ignores SIGINT, and children inherit
        # that; a user's terminal does not. Give the command a terminal's default so Ctrl-C reaches it.
        preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL),
    )  # fmt: skip
    try:
        time.sleep(4)
        proc.send_signal(signal.SIGINT)
        _, err = proc.communicate(timeout=30)
    finally:
        if proc.poll() is None:
            proc.kill()
    assert proc.returncode == 130
    assert "interrupted" in err and "Traceback" not in err
    left = subprocess.run(["pgrep", "-f", str(problem)], capture_output=True, text=True)
    assert left.stdout.strip() == ""  # the planner's process group was killed with it


def test_version_names_the_release_and_the_commit() -> None:
    import genplan

    done = subprocess.run([sys.executable, "-m", "genplan.cli", "--version"], capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
    assert done.stdout.startswith(f"genplan {genplan.__version__}")
    if (Path(genplan.__file__).resolve().parents[1] / ".git").exists():
        assert re.search(r"\(commit [0-9a-f]{40}(\+dirty)?\)", done.stdout), done.stdout


def _small_ferry_suite(tmp_path: Path) -> Path:
    import json
    import shutil

    from genplan.generators import ferry
    from genplan.generators.domains import builtin_domain_path
    from genplan.pddl.writer import write_problem

    root = tmp_path / "ferry"
    (root / "problems").mkdir(parents=True)
    shutil.copy(builtin_domain_path("ferry"), root / "domain.pddl")
    for k in range(3):
        task = ferry.generate(ferry.Params(locations=3, cars=1 + k), seed=k, name=f"instance-{k}")
        (root / "problems" / f"instance-{k}.pddl").write_text(write_problem(task))
    (root / "split.json").write_text(json.dumps({"debug": ["instance-0", "instance-1"], "heldout": ["instance-2"]}))
    return root


def test_evaluate_records_the_program_and_never_replaces_another_programs_report(tmp_path: Path) -> None:
    """Issue 23, item 4: the JSON says what it scored (path, sha256, limits, versions); the default name holds
    the program's hash; a report of another program is replaced only with --force."""
    import hashlib
    import json

    root = _small_ferry_suite(tmp_path)
    good = Path(__file__).parent / "zoo" / "good_ferry.py"
    common = ("ferry", "--suite", str(root), "--split", "all", "--orderings", "1", "--cache-dir", str(tmp_path / "c"))
    first = genplan("evaluate", str(good), *common, cwd=tmp_path)
    assert first.returncode == 0, first.stderr
    sha = hashlib.sha256(good.read_bytes()).hexdigest()
    path = tmp_path / f"evaluation-ferry-all-{sha[:8]}.json"
    data = json.loads(path.read_text())
    record = data["provenance"]
    assert record["program"] == {"path": str(good.resolve()), "sha256": sha}
    assert record["limits"]["timeout_s"] == 45 and record["limits"]["memory_mb"] == 4096
    assert record["limits"]["orderings"] == 1
    assert record["versions"]["genplan"] and record["versions"]["fast_downward"].startswith("fast-downward")
    # Another program gets its own default file: the first result is still there.
    broken = tmp_path / "broken.py"
    broken.write_text("def generate_solution(objects, init, goal):\n    return []\n")
    second = genplan("evaluate", str(broken), *common, cwd=tmp_path)
    assert second.returncode == 0, second.stderr
    assert json.loads(path.read_text())["coverage"] == 1.0
    # Named the same file, it is refused, naming the file and the flag, and nothing is written.
    refused = genplan("evaluate", str(broken), *common, "--report", path.name, cwd=tmp_path)
    assert refused.returncode == 2 and "Traceback" not in refused.stderr
    message = " ".join((refused.stdout + refused.stderr).split())
    assert path.name in message and "--force" in message
    assert json.loads(path.read_text())["coverage"] == 1.0
    # The same program may rewrite its own report; --force replaces another's.
    again = genplan("evaluate", str(good), *common, "--report", path.name, cwd=tmp_path)
    assert again.returncode == 0, again.stderr
    forced = genplan("evaluate", str(broken), *common, "--report", path.name, "--force", cwd=tmp_path)
    assert forced.returncode == 0, forced.stderr
    assert json.loads(path.read_text())["provenance"]["program"]["sha256"] != sha
