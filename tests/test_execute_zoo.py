"""The zoo (tests/zoo/*.py): broken and hostile programs, each contained and classified exactly.

Every zoo program is harmless even outside the sandbox (see tests/zoo/README.md). After each run the
test checks that nothing it started is still alive, and that markers it tried to create do not exist.
"""

from __future__ import annotations

import os
import re
import signal
import socket
import subprocess
import sys
import time
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

from genplan.execute import Executor, Limits, Outcome, RunRequest, hash_seed, ordering
from genplan.execute.pool import stray_processes
from genplan.pddl.pyform import PyTask

pytestmark = pytest.mark.skipif(sys.platform != "linux", reason="the sandbox tests assume Linux process semantics")

ZOO = Path(__file__).resolve().parent / "zoo"
TASK = PyTask(objects=("a", "b", "c"), init=(("at", "a"),), goal=(("at", "b"),))
FAST = Limits(timeout=10)
LOOP = Limits(timeout=1.0)


def zoo(name: str) -> str:
    return (ZOO / f"{name}.py").read_text()


def wait_until(condition: Callable[[], bool], seconds: float = 3.0) -> bool:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if condition():
            return True
        time.sleep(0.02)
    return condition()


@pytest.fixture(scope="module")
def executor() -> Iterator[Executor]:
    with Executor(jobs=2, limits=FAST) as ex:
        yield ex
    assert wait_until(lambda: not stray_processes(ex.token)), stray_processes(ex.token)


@pytest.fixture
def run(executor: Executor) -> Callable[..., Outcome]:
    """Run a zoo program, then check that only the fork servers are left."""

    def go(name: str, inputs: PyTask = TASK, limits: Limits = FAST) -> Outcome:
        outcome = executor.run(zoo(name), inputs, limits=limits)
        left = lambda: set(stray_processes(executor.token)) <= set(executor.server_pids())  # noqa: E731
        assert wait_until(left), f"{name} left processes behind: {stray_processes(executor.token)}"
        return outcome

    return go


def handed(path: str | Path | int) -> PyTask:
    """A task whose only object is what the program should act on (a directory or a port)."""
    return PyTask(objects=(str(path),), init=(), goal=())


def assert_no_machine_paths(text: str) -> None:
    import genplan

    assert os.path.dirname(genplan.__file__) not in text
    assert "/genplan/execute/" not in text


# ---------------------------------------------------------------------------------------- never ending
@pytest.mark.parametrize("name", ["endless_loop", "swallow_signals"])
def test_endless_programs_time_out_with_their_stack(run: Callable[..., Outcome], name: str) -> None:
    started = time.monotonic()
    outcome = run(name, limits=LOOP)
    assert time.monotonic() - started < 3
    assert outcome.status == "timeout" and outcome.runtime == 1.0 and outcome.category == "timeout"
    assert "did not finish within 1 second of CPU time" in outcome.detail
    assert 'File "<program>", line' in outcome.detail and "generate_solution" in outcome.detail
    assert "steps" in outcome.detail  # the loop's source line
    assert_no_machine_paths(outcome.detail)


def test_the_cpu_limit_cannot_be_switched_off(run: Callable[..., Outcome]) -> None:
    outcome = run("stop_cpu_timer", limits=LOOP)
    assert outcome.status == "timeout" and outcome.runtime == 1.0
    assert "did not finish within 1 second of CPU time" in outcome.detail and "steps" in outcome.detail
    assert "refused 3" in outcome.stdout


def test_a_sleeping_program_meets_the_wall_clock_backstop(run: Callable[..., Outcome]) -> None:
    """Sleeping costs no CPU time: the wall-clock backstop (3 times the limit, plus a second; more on a
    loaded machine) stops it."""
    started = time.monotonic()
    outcome = run("sleeps", limits=LOOP)
    assert 3.5 < time.monotonic() - started < 30
    assert outcome.status == "timeout" and outcome.category == "timeout"
    assert outcome.runtime < 0.5 and outcome.wall >= 4.0
    assert re.search(r"did not finish within [\d.]+ seconds of wall-clock time", outcome.detail), outcome.detail
    assert "time.sleep" in outcome.detail


def test_deep_recursion_is_a_recursion_error(run: Callable[..., Outcome]) -> None:
    outcome = run("deep_recursion")
    assert outcome.status == "exception"
    assert outcome.detail.endswith("RecursionError: maximum recursion depth exceeded")
    assert "Previous line repeated" in outcome.detail and "in descend" in outcome.detail


# -------------------------------------------------------------------------------------------- memory
def test_a_20_gib_allocation_is_memory_exceeded(run: Callable[..., Outcome]) -> None:
    outcome = run("allocate_20gb")
    assert outcome.status == "memory" and outcome.category == "python exception"
    assert "MemoryError" in outcome.detail and "bytearray(20 * 2**30)" in outcome.detail


def test_growing_past_the_limit_is_memory_exceeded(run: Callable[..., Outcome]) -> None:
    outcome = run("memory_growth", limits=Limits(timeout=20, memory=256 * 2**20))
    assert outcome.status == "memory" and "blocks.append" in outcome.detail


# ------------------------------------------------------------------------------------------ processes
def test_fork_is_forbidden(run: Callable[..., Outcome]) -> None:
    outcome = run("fork_bomb")
    assert outcome.status == "forbidden"
    assert outcome.detail.startswith("os.fork() was blocked: programs may not start other processes.")
    assert "pid = os.fork()" in outcome.detail


def test_forking_around_the_audit_hook_is_stopped_by_the_kernel(
    run: Callable[..., Outcome], executor: Executor
) -> None:
    if not executor.capabilities()["seccomp"]:
        pytest.skip("no seccomp filter on this machine; rlimits stop the fork instead (see docs/sandbox.md)")
    outcome = run("fork_bypass")
    assert outcome.status == "forbidden"
    assert "system call the sandbox forbids" in outcome.detail and "fork_exec" in outcome.detail


@pytest.mark.parametrize(
    ("name", "event"), [("os_system", "os.system"), ("subprocess_run", "subprocess.Popen")]
)  # fmt: skip
def test_running_commands_is_forbidden(run: Callable[..., Outcome], tmp_path: Path, name: str, event: str) -> None:
    outcome = run(name, handed(tmp_path))
    assert outcome.status == "forbidden" and outcome.detail.startswith(f"{event}(")
    assert "programs may not start other processes" in outcome.detail
    assert not (tmp_path / "marker").exists()


# ------------------------------------------------------------------------------------------------ files
def test_writing_a_file_is_forbidden(run: Callable[..., Outcome], tmp_path: Path) -> None:
    outcome = run("write_file", handed(tmp_path))
    assert outcome.status == "forbidden" and outcome.detail.startswith("open(")
    assert "programs may not write files" in outcome.detail
    assert not (tmp_path / "marker").exists()


def test_deleting_a_file_is_forbidden(run: Callable[..., Outcome], tmp_path: Path) -> None:
    (tmp_path / "victim").write_text("keep me")
    outcome = run("delete_file", handed(tmp_path))
    assert outcome.status == "forbidden" and outcome.detail.startswith("os.remove(")
    assert (tmp_path / "victim").read_text() == "keep me"


def test_creating_a_fifo_around_the_audit_hook_is_stopped(
    run: Callable[..., Outcome], executor: Executor, tmp_path: Path
) -> None:
    if not executor.capabilities()["seccomp"]:
        pytest.skip("no seccomp filter on this machine (see docs/sandbox.md)")
    outcome = run("mkfifo_bypass", handed(tmp_path))
    assert outcome.status == "forbidden" and "os.mkfifo" in outcome.detail
    assert not (tmp_path / "fifo").exists()


def test_reading_files_outside_python_is_forbidden(run: Callable[..., Outcome], tmp_path: Path) -> None:
    (tmp_path / "secret.txt").write_text("hunter2")
    outcome = run("read_user_file", handed(tmp_path))
    assert outcome.status == "forbidden" and "programs may read only Python's own files" in outcome.detail
    assert outcome.plan is None and "hunter2" not in outcome.detail + outcome.stdout


def test_a_program_that_disables_the_audit_hook_still_cannot_read_outside(
    run: Callable[..., Outcome], executor: Executor, tmp_path: Path
) -> None:
    if not executor.capabilities()["landlock"]:
        pytest.skip("no Landlock in this kernel: reads are then guarded by the audit hook alone (docs/sandbox.md)")
    (tmp_path / "secret.txt").write_text("hunter2")
    outcome = run("disable_audit_hook", handed(tmp_path))
    assert outcome.status == "exception" and "PermissionError" in outcome.detail
    assert "hunter2" not in outcome.detail + outcome.stdout + outcome.stderr


def test_without_landlock_the_audit_hook_alone_guards_reads(tmp_path: Path) -> None:
    """Why Landlock is there: the audit hook lives inside the interpreter a program controls."""
    (tmp_path / "secret.txt").write_text("hunter2")
    with Executor(jobs=1, limits=FAST, landlock=False) as ex:
        plain = ex.run(zoo("read_user_file"), handed(tmp_path))
        sneaky = ex.run(zoo("disable_audit_hook"), handed(tmp_path))
    assert plain.status == "forbidden"
    assert sneaky.status == "ok" and sneaky.plan == ("(secret hunter2)",)


# ----------------------------------------------------------------------------------- environment, network
def test_environment_variables_hold_no_secrets(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("OPENAI_API_KEY", "sk-zoo-secret")
    with Executor(jobs=1, limits=FAST) as ex:
        outcome = ex.run(zoo("read_env"), TASK, hash_seed=9)
        parent_environ = ex.run(zoo("read_parent_environ"), TASK, hash_seed=9)
    assert outcome.status == "ok" and outcome.plan
    assert not any("sk-zoo-secret" in action or "OPENAI" in action for action in outcome.plan)
    assert parent_environ.status == "forbidden" and "/environ" in parent_environ.detail


def test_sockets_are_forbidden(run: Callable[..., Outcome]) -> None:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as listener:
        listener.bind(("127.0.0.1", 0))
        listener.listen()
        listener.setblocking(False)
        outcome = run("open_socket", handed(listener.getsockname()[1]))
        with pytest.raises(BlockingIOError):
            listener.accept()  # nobody connected
    assert outcome.status == "forbidden" and outcome.detail.startswith("socket.__new__(")
    assert "no network access" in outcome.detail


@pytest.mark.parametrize(
    ("name", "start", "why"),
    [
        ("signal_parent", "os.kill(", "may not signal other processes"),
        ("raise_limits", "resource.setrlimit(", "may not change their resource limits"),
        ("ctypes_libc", "ctypes.dlopen(", "may not load or call C libraries"),
    ],
)
def test_other_escapes_are_forbidden(run: Callable[..., Outcome], name: str, start: str, why: str) -> None:
    outcome = run(name)
    assert outcome.status == "forbidden" and outcome.detail.startswith(start) and why in outcome.detail


# --------------------------------------------------------------------------------------- exits, crashes
def test_sys_exit_is_an_exception(run: Callable[..., Outcome]) -> None:
    outcome = run("sys_exit")
    assert outcome.status == "exception" and outcome.detail.endswith("SystemExit: 3")


def test_os_exit_is_a_crash_with_its_status(run: Callable[..., Outcome]) -> None:
    outcome = run("os_exit")
    assert outcome.status == "crash" and "exited with status 7" in outcome.detail


def test_a_segfault_is_a_crash_with_signal_and_stack(run: Callable[..., Outcome]) -> None:
    outcome = run("segfault")
    assert outcome.status == "crash" and "SIGSEGV" in outcome.detail
    assert 'File "<program>", line 7, in generate_solution' in outcome.detail


def test_exceptions_show_the_programs_frames_only(run: Callable[..., Outcome]) -> None:
    outcome = run("raises")
    assert outcome.status == "exception"
    assert outcome.detail == (
        "Traceback (most recent call last):\n"
        '  File "<program>", line 9, in generate_solution\n'
        "    return [pick([])]\n"
        "            ^^^^^^^^\n"
        '  File "<program>", line 5, in pick\n'
        "    return items[0]\n"
        "           ~~~~~^^^\n"
        "IndexError: list index out of range"
    )


def test_syntax_errors_and_missing_functions_are_exceptions(executor: Executor) -> None:
    broken = executor.run("def generate_solution(objects, init, goal)\n    return []\n", TASK)
    assert broken.status == "exception" and 'File "<program>", line 1' in broken.detail
    assert "SyntaxError" in broken.detail
    missing = executor.run(zoo("no_function"), TASK)
    assert missing.status == "exception" and "does not define a function generate_solution" in missing.detail


# ----------------------------------------------------------------------------------------------- output
def test_printing_100_mb_is_captured_with_a_cap(run: Callable[..., Outcome]) -> None:
    outcome = run("print_100mb", limits=Limits(timeout=30))
    assert outcome.status == "ok" and outcome.plan == ("(done)",)
    assert len(outcome.stdout) < 12_000 and "bytes dropped" in outcome.stdout
    assert outcome.stdout.startswith("xxxx") and outcome.stdout.endswith("yyyy")


@pytest.mark.parametrize(
    ("name", "expected"),
    [
        ("returns_none", "it returned None"),
        ("returns_generator", "it returned a generator"),
        ("returns_tuples", "item 0 of the returned list is a tuple"),
        ("returns_10m_strings", "a list of 10000000 items, more than the limit of 1000000"),
    ],
)
def test_wrong_output_types(run: Callable[..., Outcome], name: str, expected: str) -> None:
    outcome = run(name)
    assert outcome.status == "bad_output" and expected in outcome.detail and outcome.plan is None
    assert len(outcome.detail) < 800 and " at 0x" not in outcome.detail


# ------------------------------------------------------------------------------------------------ inputs
def test_mutated_inputs_are_reported_and_do_not_leak_into_the_next_run(run: Callable[..., Outcome]) -> None:
    first = run("mutates_inputs")
    second = run("mutates_inputs")
    assert first.status == second.status == "ok"
    assert first.plan == second.plan == ("(sizes 3 1 1)",)
    assert first.mutated == ("objects", "init", "goal") and first.inputs_mutated


def test_set_iteration_order_differs_between_orderings_but_is_reproducible(executor: Executor) -> None:
    task = PyTask(objects=tuple(f"obj{i}" for i in range(30)), init=(), goal=())
    requests = [RunRequest(ordering(task, i, 1), hash_seed(i, 1), ordering=i) for i in range(4)]
    plans = [o.plan for o in executor.run_many(zoo("set_order"), requests) if o]
    again = [o.plan for o in executor.run_many(zoo("set_order"), requests) if o]
    assert plans == again and len(plans) == 4
    assert len(set(plans)) > 1  # a plain set's order follows the hash seed
    in_order = [o.plan for o in executor.run_many(zoo("input_order"), requests) if o]
    assert in_order == [tuple(f"(visit {x})" for x in r.inputs.objects) for r in requests]


# ------------------------------------------------------------------------------------ threads, forgery
def test_threads_left_running_do_not_delay_or_outlive_the_run(run: Callable[..., Outcome]) -> None:
    started = time.monotonic()
    outcome = run("leave_threads")
    assert outcome.status == "ok" and outcome.plan == ("(returned)",)
    assert time.monotonic() - started < 3


def test_patching_os_does_not_break_reporting(run: Callable[..., Outcome]) -> None:
    outcome = run("patch_os")
    assert outcome.status == "ok" and outcome.plan == ("(patched)",)


def test_a_forged_result_does_not_buy_extra_time(run: Callable[..., Outcome]) -> None:
    started = time.monotonic()
    outcome = run("forge_result")  # `run` also waits for the child to be gone
    assert outcome.plan == ("(forged)",)  # a program decides its own output anyway
    assert time.monotonic() - started < 4


# ------------------------------------------------------------------------------------- without seccomp
def test_without_seccomp_the_audit_hook_still_stops_the_ordinary_ways(tmp_path: Path) -> None:
    """The walls that macOS, other architectures and locked-down containers get."""
    with Executor(jobs=1, limits=FAST, seccomp=False) as ex:
        outcomes = {name: ex.run(zoo(name), handed(tmp_path)) for name in ("fork_bomb", "os_system", "write_file")}
        token = ex.token
    assert {name: o.status for name, o in outcomes.items()} == dict.fromkeys(outcomes, "forbidden")
    assert not (tmp_path / "marker").exists()
    assert wait_until(lambda: not stray_processes(token))


@pytest.mark.skipif(os.geteuid() == 0, reason="root is exempt from RLIMIT_NPROC (see docs/sandbox.md)")
def test_without_seccomp_rlimit_nproc_stops_forks_around_the_audit_hook() -> None:
    with Executor(jobs=1, limits=FAST, seccomp=False) as ex:
        forked = ex.run(zoo("fork_bypass"), TASK)
        threads = ex.run(zoo("leave_threads"), TASK)
        token = ex.token
    assert forked.status == "exception" and "BlockingIOError" in forked.detail
    assert threads.status == "exception" and "can't start new thread" in threads.detail
    assert wait_until(lambda: not stray_processes(token))


def test_the_wall_clock_backstop_is_extended_for_a_run_that_computes_never_for_one_that_sleeps() -> None:
    """At the backstop the server reads the child's CPU time: a process that used at least its share of a
    core since the last mark (starved by a machine crowded after it started) gets the backstop again, up to
    the limit's number of extensions; a sleeping one does not, and is stopped."""
    from genplan.execute.outcome import COMPUTING_SHARE, WALL_EXTENSIONS
    from genplan.execute.server import FIRST_LOOK, _Child, _cpu_seconds, extend_deadline

    limits = {**LOOP.to_wire(), "output": 1000, "max_plan_chars": 10, "max_plan_length": 10}
    assert limits["wall_extensions"] == WALL_EXTENSIONS and limits["computing_share"] == COMPUTING_SHARE
    burner = subprocess.Popen([sys.executable, "-c", "while True: pass"])
    sleeper = subprocess.Popen([sys.executable, "-c", "import time; time.sleep(60)"])
    try:
        started = time.monotonic()
        # until the burner has used 0.3 s of CPU (about as long by the clock on a quiet machine)
        while (_cpu_seconds(burner.pid) or 0.0) < 0.3 and time.monotonic() - started < 60:
            time.sleep(0.05)
        now = time.monotonic()
        busy, idle = (_Child(i, p.pid, limits, started, "") for i, p in enumerate((burner, sleeper)))
        assert extend_deadline(busy, now) and busy.extensions == 1
        assert busy.deadline == now + FIRST_LOOK and busy.cpu_mark >= 0.3 and busy.mark == now
        # the sleeper's start-up may pass for computing in the first window, never in the next one
        extend_deadline(idle, now)
        time.sleep(FIRST_LOOK)
        assert not extend_deadline(idle, time.monotonic()) and idle.extensions <= 1
        assert extend_deadline(busy, time.monotonic()) and busy.extensions == 2
        assert busy.deadline - time.monotonic() > FIRST_LOOK  # later extensions are whole backstops
        # the next extension judges the CPU time since the last one: a child stopped in between is not computing
        burner.send_signal(signal.SIGSTOP)
        time.sleep(3.0)  # at 1% of a core, 30 ms: more than it can have used between the mark and the stop
        assert not extend_deadline(busy, time.monotonic())
        burner.send_signal(signal.SIGCONT)
        busy.extensions = WALL_EXTENSIONS  # none left: stopped even while it computes
        assert not extend_deadline(busy, time.monotonic() + 5)
    finally:
        for p in (burner, sleeper):
            p.kill()
            p.wait()
