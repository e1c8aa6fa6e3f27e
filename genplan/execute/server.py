"""The fork server: a warm interpreter that compiles programs once and forks one sandboxed child per run.

Why a fork server: starting Python and importing what a program needs costs tens of milliseconds, a
``fork`` of a warm interpreter about one. The interpreter's hash seed is fixed at start, so there is
one server per ``PYTHONHASHSEED`` (one per ordering index, see :mod:`genplan.execute.orderings`).

The server is started by :class:`genplan.execute.pool.Executor` with a scrubbed environment (no API
keys) in its own session, and at start moves itself into new user and network namespaces where the
kernel allows, so its children have no network at all. It speaks length-prefixed pickles with the
executor on its stdin/stdout (both ends trusted); children reach it only through pipes carrying text
and the result format of :mod:`genplan.execute.wire`. It runs many children at once, watches their
deadlines, kills a late child's whole process group once its stack is dumped, and reaps everything it
started. If the executor goes away, the server kills its children and exits; if the server is killed,
the kernel kills the children (``PR_SET_PDEATHSIG``).

Fork cost grows with the server's memory (about 0.1 ms per MB here), so the server imports little:
no ``dataclasses``, no ``json``, no genplan module beyond the sandbox. Standard-library modules a
program imports are loaded into the server when the program is compiled (from a fixed list of safe
ones), so each child finds them ready without every child paying for every module.
"""

from __future__ import annotations

import contextlib
import errno
import gc
import os
import selectors
import signal
import sys
import time
import traceback

from genplan.execute import landlock, seccomp
from genplan.execute.sandbox import EXIT_SETUP_FAILED, ChildSpec, child_main
from genplan.execute.traces import PROGRAM_FILE, format_faulthandler, scrub
from genplan.execute.wire import parse_header, split_frames, write_frame

# Annotations only (this module lives in the fork server, where importing typing costs every fork).
TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any

#: Imported at start: what most generated programs use.
PRELOAD = ("collections", "copy", "functools", "heapq", "itertools", "math")
#: Imported when a compiled program names them: standard-library modules without side effects at
#: import. (Names only, never from the program's text directly: anything else it imports is loaded in
#: the sandboxed child, under the audit hook.)
ON_DEMAND = frozenset(
    {"abc", "array", "bisect", "dataclasses", "datetime", "decimal", "enum", "fractions", "graphlib",
     "inspect", "json", "numbers", "operator", "pprint", "queue", "random", "reprlib", "statistics",
     "string", "textwrap", "time", "types", "unicodedata", "warnings", "weakref", "contextlib", "copyreg",
     "struct", "hashlib", "threading", "typing_extensions", "sys", "os", "math", "cmath", "secrets",
     "ast", "difflib", "pickle", "shlex", "uuid", "zlib", "base64", "binascii", "io"}
)  # fmt: skip

#: Seconds a timed-out child gets to finish writing its stack before SIGKILL.
KILL_GRACE = 0.3
#: A stack dump counts as complete after this many seconds without new bytes.
STACK_QUIET = 0.02
#: Seconds an answered child has to exit before it is killed.
LINGER = 1.0
MAX_SOURCE = 2_000_000
STACK_CAP = 64_000
_exit = os._exit  # a program may replace os._exit; the child must never fall back into the server
CLONE_NEWUSER = 0x10000000
CLONE_NEWNET = 0x40000000


# ----------------------------------------------------------------------------------------- capture
class Capped:
    """Keeps the first and last bytes of a stream up to ``limit`` in total and counts the rest."""

    __slots__ = ("head", "head_limit", "last", "tail", "tail_limit", "total")

    def __init__(self, limit: int) -> None:
        self.head_limit = limit * 6 // 10
        self.tail_limit = limit - self.head_limit
        self.head = bytearray()
        self.tail = bytearray()
        self.total = 0
        self.last = 0.0

    def add(self, data: bytes) -> None:
        self.total += len(data)
        self.last = time.monotonic()
        room = self.head_limit - len(self.head)
        if room > 0:
            self.head += data[:room]
            data = data[room:]
        if data:
            self.tail += data
            if len(self.tail) > self.tail_limit:
                del self.tail[: len(self.tail) - self.tail_limit]

    def text(self) -> str:
        dropped = self.total - len(self.head) - len(self.tail)
        head = self.head.decode("utf-8", "replace")
        if dropped <= 0:
            return head + self.tail.decode("utf-8", "replace")
        return f"{head}\n[... {dropped} bytes dropped ...]\n{self.tail.decode('utf-8', 'replace')}"


class _Child:
    """The server's record of one running child."""

    __slots__ = (
        "cancelled", "cpu", "cpu_mark", "deadline", "err", "extensions", "fds", "kill_at", "killed", "limits",
        "mark", "out", "pid", "responded", "result", "result_cap", "result_overflow", "run_id", "source_lines",
        "stack", "started", "status", "timed_out",
    )  # fmt: skip

    def __init__(self, run_id: int, pid: int, limits: dict[str, Any], started: float, source: str) -> None:
        self.run_id = run_id
        self.pid = pid
        self.limits = limits
        self.started = started
        # The wall-clock backstop: the limit itself is CPU time, enforced inside the child (ITIMER_PROF).
        self.deadline = started + limits["wall_timeout"]
        # Extensions of the backstop so far, and the child's CPU seconds and the clock at the last one (or
        # its start): what tells a starved run that computes from one that sleeps (see check_deadlines).
        self.extensions = 0
        self.cpu_mark = 0.0
        self.mark = started
        self.source_lines = source.splitlines()
        self.fds: dict[int, str] = {}
        self.out = Capped(limits["output"])
        self.err = Capped(limits["output"])
        self.stack = Capped(STACK_CAP)
        self.result = bytearray()
        self.result_cap = 2 * limits["max_plan_chars"] + 4 * limits["max_plan_length"] + 2**20
        self.result_overflow = False
        self.timed_out = False
        self.kill_at = 0.0
        self.killed = False
        self.cancelled = False
        self.status: int | None = None
        #: CPU seconds the child's process used in all (from its exit's resource usage), once reaped.
        self.cpu: float | None = None
        #: Answered before its exit was seen (result whole, every pipe closed); must exit by ``kill_at``.
        self.responded = False


# ------------------------------------------------------------------------------------------ isolation
def isolate() -> dict[str, Any]:
    """Enter new user and network namespaces where possible; say what is in force."""
    caps: dict[str, Any] = {
        "platform": sys.platform,
        "user_namespace": False,
        "network_namespace": False,
        "seccomp": False,
        "audit_hook": True,
        "rlimit_as": sys.platform == "linux",
        "parent_death_signal": sys.platform == "linux",
        "notes": [],
    }
    if os.geteuid() == 0:
        caps["notes"].append(
            "running as root: RLIMIT_NPROC does not stop new processes (seccomp and the audit hook do)"
        )
    if sys.platform != "linux":
        caps["notes"].append("no namespaces, seccomp or parent-death signal outside Linux")
        return caps
    import ctypes

    libc = seccomp.load_libc()
    uid, gid = os.geteuid(), os.getegid()
    if libc.unshare(CLONE_NEWUSER | CLONE_NEWNET) == 0:
        caps["user_namespace"] = caps["network_namespace"] = True
        try:
            for name, text in (("setgroups", "deny"), ("uid_map", f"{uid} {uid} 1"), ("gid_map", f"{gid} {gid} 1")):
                with open(f"/proc/self/{name}", "w") as f:
                    f.write(text)
        except OSError as e:
            caps["notes"].append(f"user namespace without an id map ({e.strerror})")
    else:
        first = errno.errorcode.get(ctypes.get_errno(), "?")
        if libc.unshare(CLONE_NEWNET) == 0:
            caps["network_namespace"] = True
        else:
            caps["notes"].append(f"no network namespace (unshare: {first})")
    return caps


def probe_seccomp() -> tuple[bool, str]:
    """Fork a throw-away child that installs the filter and checks that a socket is refused."""
    if not seccomp.supported():
        return False, "no seccomp filter on this platform"
    pid = os.fork()
    if pid == 0:
        code = 1
        try:
            seccomp.install(os.getpid())
            import socket

            try:
                socket.socket(socket.AF_INET, socket.SOCK_STREAM)
            except PermissionError:
                code = 0
        except BaseException:
            code = 2
        os._exit(code)
    deadline = time.monotonic() + 5
    while time.monotonic() < deadline:
        done, status = os.waitpid(pid, os.WNOHANG)
        if done:
            ok = os.WIFEXITED(status) and os.WEXITSTATUS(status) == 0
            return ok, "" if ok else f"the seccomp filter could not be installed (probe status {status})"
        time.sleep(0.001)
    with contextlib.suppress(OSError):
        os.kill(pid, signal.SIGKILL)
    os.waitpid(pid, 0)
    return False, "the seccomp probe did not finish"


def probe_landlock(roots: tuple[str, ...]) -> tuple[landlock.Policy | None, str]:
    """Prepare the Landlock policy and check it in a throw-away child: a stdlib file must stay readable,
    a file outside the roots must not."""
    if sys.platform != "linux":
        return None, ""
    policy = landlock.Policy(roots)
    if not policy.abi:
        return None, "no Landlock in this kernel"
    pid = os.fork()
    if pid == 0:
        code = 1
        try:
            seccomp.no_new_privs()
            policy.restrict()
            with open(os.__file__, "rb"):
                pass
            try:
                with open("/etc/hostname", "rb"):
                    pass
            except FileNotFoundError:
                code = 0  # nothing to test against; the restriction itself succeeded
            except PermissionError:
                code = 0
        except BaseException:
            code = 2
        os._exit(code)
    _, status = os.waitpid(pid, 0)
    if os.WIFEXITED(status) and os.WEXITSTATUS(status) == 0:
        return policy, ""
    return None, f"Landlock could not be applied (probe status {status})"


def read_roots() -> tuple[str, ...]:
    """Directories a program may read: Python's standard library, site-packages, genplan's package
    (its sandbox frames appear in tracebacks) and the time zone data. Not the checkout or the home
    directory: they may hold ``.env`` files with API keys."""
    import sysconfig

    import genplan

    paths = sysconfig.get_paths()
    roots = {os.path.realpath(paths[k]) for k in ("stdlib", "platstdlib", "purelib", "platlib") if k in paths}
    roots.add(os.path.realpath(os.path.dirname(genplan.__file__)))
    roots.add(os.path.realpath(os.path.join(sys.base_prefix, "lib")))  # holds the stdlib and libpython
    roots.add("/usr/share/zoneinfo")
    return tuple(sorted(r for r in roots if r and r != "/"))


def _names(code: Any) -> set[str]:
    """Every name a code object and its nested code objects refer to."""
    out = set(code.co_names)
    for const in code.co_consts:
        if hasattr(const, "co_names"):
            out |= _names(const)
    return out


# --------------------------------------------------------------------------------------------- server
class Server:
    def __init__(
        self,
        proto_in: int,
        proto_out: int,
        caps: dict[str, Any],
        roots: tuple[str, ...],
        policy: landlock.Policy | None,
    ) -> None:
        self.policy = policy
        self.proto_in = proto_in
        self.proto_out = proto_out
        self.caps = caps
        self.roots = roots
        self.parent = os.getppid()
        self.pid = os.getpid()
        self.sel = selectors.DefaultSelector()
        self.inbuf = bytearray()
        self.children: dict[int, _Child] = {}  # by pid
        self.by_fd: dict[int, _Child] = {}
        self.by_run: dict[int, _Child] = {}
        self.compiled: dict[str, tuple[Any, str]] = {}
        self.null_r = os.open(os.devnull, os.O_RDONLY)
        self.wake_r, self.wake_w = os.pipe()
        os.set_blocking(self.wake_r, False)
        os.set_blocking(self.wake_w, False)
        signal.signal(signal.SIGCHLD, lambda *_: None)
        signal.set_wakeup_fd(self.wake_w, warn_on_full_buffer=False)
        os.set_blocking(self.proto_in, False)
        self.sel.register(self.proto_in, selectors.EVENT_READ, "proto")
        self.sel.register(self.wake_r, selectors.EVENT_READ, "wake")
        self.running = True

    # -- requests
    def compile(self, source: str) -> tuple[Any, str]:
        key = source  # the text itself: hashing would cost an import in every fork
        hit = self.compiled.get(key)
        if hit is not None:
            return hit
        if len(source) > MAX_SOURCE:
            entry: tuple[Any, str] = (None, f"the program is too long ({len(source)} characters; limit {MAX_SOURCE})")
        else:
            try:
                entry = (compile(source, PROGRAM_FILE, "exec", dont_inherit=True), "")
            except (SyntaxError, ValueError, OverflowError, RecursionError, MemoryError) as e:
                entry = (None, scrub("".join(traceback.format_exception_only(type(e), e)).rstrip()))
        if entry[0] is not None:
            for name in sorted(_names(entry[0]) & ON_DEMAND):
                if name not in sys.modules:
                    with contextlib.suppress(Exception):
                        __import__(name)
        if len(self.compiled) >= 64:
            self.compiled.pop(next(iter(self.compiled)))
        self.compiled[key] = entry
        return entry

    def start(self, req: dict[str, Any]) -> None:
        run_id: int = req["id"]
        limits: dict[str, Any] = req["limits"]
        code, error = self.compile(req["source"])
        if code is None:
            self.respond(run_id, {"status": "exception", "detail": error, "runtime": 0.0})
            return
        pipes: dict[str, tuple[int, int]] = {}
        try:
            for kind in ("result", "stack", "out", "err"):
                pipes[kind] = os.pipe()
            self.fork_child(run_id, req, code, limits, pipes)
        except OSError as e:  # out of descriptors or processes: the run fails, the server goes on
            for r, w in pipes.values():
                for fd in (r, w):
                    with contextlib.suppress(OSError):
                        os.close(fd)
            self.respond(run_id, {"status": "crash", "detail": f"The run could not be started: {e}.", "runtime": 0.0})

    def fork_child(
        self, run_id: int, req: dict[str, Any], code: Any, limits: dict[str, Any], pipes: dict[str, tuple[int, int]]
    ) -> None:
        started = time.monotonic()
        spec = ChildSpec(
            code=code,
            source=req["source"],
            objects=req["objects"],
            init=req["init"],
            goal=req["goal"],
            call=req.get("call"),
            limits=limits,
            deadline=started + limits["wall_timeout"],
            result_w=pipes["result"][1],
            stack_w=pipes["stack"][1],
            out_w=pipes["out"][1],
            err_w=pipes["err"][1],
            null_r=self.null_r,
            use_seccomp=self.caps["seccomp"] and req.get("seccomp", True),
            server_pid=self.pid,
            read_roots=self.roots,
            landlock=self.policy if req.get("landlock", True) else None,
        )
        # Frozen objects are skipped by the child's garbage collector, so it copies fewer pages.
        gc.freeze()
        try:
            pid = os.fork()
        finally:
            if os.getpid() == self.pid:
                gc.unfreeze()
        if pid == 0:  # pragma: no cover - runs in the child, which reports through pipes
            try:
                child_main(spec)
            finally:
                _exit(EXIT_SETUP_FAILED)
        with contextlib.suppress(OSError):
            os.setpgid(pid, pid)
        child = _Child(run_id, pid, limits, started, req["source"])
        for kind, (r, w) in pipes.items():
            os.close(w)
            os.set_blocking(r, False)
            child.fds[r] = kind
            self.by_fd[r] = child
            self.sel.register(r, selectors.EVENT_READ, "child")
        self.children[pid] = child
        self.by_run[run_id] = child

    def handle_request(self, req: dict[str, Any]) -> None:
        op = req.get("op")
        if op == "run":
            self.start(req)
        elif op == "cancel":
            for run_id in req["ids"]:
                child = self.by_run.get(run_id)
                if child is not None:
                    child.cancelled = True
                    self.kill(child)
        elif op == "shutdown":
            self.running = False

    # -- children
    def kill(self, child: _Child) -> None:
        if child.status is None and not child.killed:
            child.killed = True
            with contextlib.suppress(OSError):
                os.killpg(child.pid, signal.SIGKILL)
            with contextlib.suppress(OSError):
                os.kill(child.pid, signal.SIGKILL)

    def close_fd(self, child: _Child, fd: int) -> None:
        self.sel.unregister(fd)
        os.close(fd)
        del child.fds[fd]
        del self.by_fd[fd]

    def read_fd(self, fd: int) -> None:
        """Read what is there; at end of file close it (and answer early if that was the last one)."""
        child = self.by_fd[fd]
        kind = child.fds[fd]
        while True:
            try:
                data = os.read(fd, 1 << 16)
            except BlockingIOError:
                return
            except InterruptedError:
                continue
            except OSError:
                data = b""
            if not data:
                self.close_fd(child, fd)
                if not child.fds and child.status is None:
                    self.answer_early(child)
                return
            if kind == "result":
                if len(child.result) + len(data) > child.result_cap:
                    child.result_overflow = True
                else:
                    child.result += data
            else:
                getattr(child, kind).add(data)

    def answer_early(self, child: _Child) -> None:
        """Every pipe is closed and a whole result is in: answer now, reap later (a process teardown
        costs about a millisecond). The child must still exit promptly: a program that forged a result
        and closed its pipes to escape its deadline is killed shortly after."""
        if child.result_overflow or child.timed_out or child.cancelled or parse_header(child.result) is None:
            return
        child.responded = True
        child.kill_at = time.monotonic() + LINGER
        self.by_run.pop(child.run_id, None)
        self.respond(child.run_id, classify(child))

    def reap(self) -> None:
        peek = hasattr(os, "waitid") and hasattr(os, "WNOWAIT")
        while True:
            try:
                if peek:
                    info = os.waitid(os.P_ALL, 0, os.WEXITED | os.WNOHANG | os.WNOWAIT)
                    pid = info.si_pid if info is not None else 0
                else:  # pragma: no cover - no waitid: reap first (a tiny pid-reuse window for killpg)
                    pid, status, usage = os.wait3(os.WNOHANG)
            except ChildProcessError:
                return
            if not pid:
                return
            # Kill whatever the child may have left in its group, while the exited child still holds
            # its pid (a zombie), so the group id cannot have been reused.
            with contextlib.suppress(OSError):
                os.killpg(pid, signal.SIGKILL)
            if peek:
                try:
                    _, status, usage = os.wait4(pid, 0)
                except ChildProcessError:
                    status, usage = 0, None
            child = self.children.get(pid)
            if child is None:
                continue
            child.status = status
            if usage is not None:
                child.cpu = usage.ru_utime + usage.ru_stime
            if child.responded:
                for fd in list(child.fds):
                    self.close_fd(child, fd)
                del self.children[pid]
            else:
                self.finish(child)

    def finish(self, child: _Child) -> None:
        for fd in list(child.fds):
            if fd in child.fds:
                self.read_fd(fd)  # drain what the dead child wrote
            if fd in child.fds:  # still open: a stray holder; give up on it
                self.close_fd(child, fd)
        del self.children[child.pid]
        if not child.responded:
            self.by_run.pop(child.run_id, None)
            self.respond(child.run_id, classify(child))

    def check_deadlines(self) -> float:
        """Flag and kill late children; return seconds until the next deadline matters."""
        now = time.monotonic()
        wait = 1.0
        for child in list(self.children.values()):
            if child.status is not None or child.killed:
                continue
            if child.responded:
                if now >= child.kill_at:
                    self.kill(child)
                else:
                    wait = min(wait, child.kill_at - now)
                continue
            if not child.timed_out:
                if now < child.deadline:
                    wait = min(wait, child.deadline - now)
                    continue
                if extend_deadline(child, now):
                    # the executor counts a server hung when a run is silent past its backstop: say it is not
                    self.respond(child.run_id, {"extended": child.extensions})
                    wait = min(wait, child.deadline - now)
                    continue
                child.timed_out = True
                child.kill_at = now + KILL_GRACE
                if child.extensions:  # the watchdog's dump came at the first backstop: ask for a fresh one
                    with contextlib.suppress(OSError):
                        os.kill(child.pid, signal.SIGUSR2)
            stack_done = child.stack.total > 0 and now - child.stack.last >= STACK_QUIET
            if now >= child.kill_at or stack_done:
                self.kill(child)
            else:
                wait = min(wait, STACK_QUIET, child.kill_at - now)
        return max(wait, 0.0)

    def respond(self, run_id: int, payload: dict[str, Any]) -> None:
        payload["id"] = run_id
        write_frame(self.proto_out, payload)

    # -- loop
    def serve(self) -> None:
        seed = os.environ.get("PYTHONHASHSEED")
        write_frame(self.proto_out, {"hello": True, "pid": self.pid, "capabilities": self.caps, "hash_seed": seed})
        try:
            while self.running:
                timeout = self.check_deadlines() if self.children else 1.0
                for key, _ in self.sel.select(timeout):
                    if key.data == "proto":
                        self.read_requests()
                    elif key.data == "wake":
                        with contextlib.suppress(OSError):
                            while os.read(self.wake_r, 4096):
                                pass
                    elif key.fd in self.by_fd:
                        self.read_fd(key.fd)
                self.reap()
                if os.getppid() != self.parent:
                    self.running = False
        finally:
            for child in list(self.children.values()):
                self.kill(child)
            for pid in list(self.children):
                with contextlib.suppress(OSError):
                    os.waitpid(pid, 0)

    def read_requests(self) -> None:
        while True:
            try:
                data = os.read(self.proto_in, 1 << 20)
            except BlockingIOError:
                break
            except InterruptedError:
                continue
            if not data:
                self.running = False  # the executor closed our stdin or died
                break
            self.inbuf += data
        for req in split_frames(self.inbuf):
            self.handle_request(req)


# ------------------------------------------------------------------------------------- classification
_SIGNAL_TEXT = {
    "SIGSEGV": "segmentation fault: invalid memory access, from ctypes, a C extension, or a C stack overflow",
    "SIGBUS": "bus error",
    "SIGILL": "illegal instruction",
    "SIGFPE": "arithmetic error in C code",
    "SIGABRT": "aborted by a fatal error in the interpreter or a C library",
}


#: Seconds of the first extension of a backstop: judged on the CPU time of this window alone, without the
#: child's setup (see :func:`extend_deadline`).
FIRST_LOOK = 2.0


def extend_deadline(child: _Child, now: float) -> bool:
    """At a child's wall-clock backstop: move it out by one more backstop when the child is computing (it
    used at least ``computing_share`` of a core since its start or its last extension) and may still
    have extensions; a sleeping or blocked child is stopped. Why: the backstop is set from the crowding
    when the run starts, and a machine crowded later (the load average lags) starves a computing run
    past it, which would turn a CPU-time verdict into a wall-clock one (a test with four times as many
    runs as cores timed out runs that needed 85% of their CPU time)."""
    limits = child.limits
    if child.extensions >= limits.get("wall_extensions", 0):
        return False
    cpu = _cpu_seconds(child.pid)
    if cpu is None or cpu - child.cpu_mark < limits.get("computing_share", 1.0) * (now - child.mark):
        return False
    child.extensions += 1
    child.cpu_mark, child.mark = cpu, now
    # The first window holds the child's setup (fork, sandbox, loading the program), which uses CPU even
    # when the program then sleeps: the first extension is a short look at the CPU time alone.
    first = child.extensions == 1
    child.deadline = now + (min(limits["wall_timeout"], FIRST_LOOK) if first else limits["wall_timeout"])
    child.stack = Capped(STACK_CAP)  # the watchdog dumped the stack at the first backstop: not the end
    return True


def _cpu_seconds(pid: int) -> float | None:
    """The CPU seconds (user and system, every thread) a running child has used so far, from
    ``/proc/<pid>/stat``; None where it cannot be read (another OS, or the child is gone)."""
    try:
        with open(f"/proc/{pid}/stat", "rb") as f:
            fields = f.read().rsplit(b")", 1)[1].split()
        return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")
    except (OSError, IndexError, ValueError):
        return None


def _signal_name(sig: int) -> str:
    try:
        return signal.Signals(sig).name
    except ValueError:
        return f"signal {sig}"


def seconds(t: float) -> str:
    return "1 second" if t == 1 else f"{t:g} seconds"


def classify(child: _Child) -> dict[str, Any]:
    """Turn what a finished child left behind into a response (the body is decoded by the executor).

    ``runtime`` is CPU seconds, ``wall`` wall-clock seconds: the program's own clocks when it reported,
    else the server's (the child's whole CPU time from its exit, and the time since the fork).
    """
    limits = child.limits
    elapsed = time.monotonic() - child.started
    cpu = child.cpu if child.cpu is not None else elapsed
    base: dict[str, Any] = {"stdout": child.out.text(), "stderr": child.err.text(), "runtime": cpu, "wall": elapsed}
    if child.cancelled:
        return {**base, "status": "crash", "detail": "cancelled"}
    if child.result_overflow:
        detail = "it returned more data than a plan within the limits can hold"
        return {**base, "status": "bad_output", "detail": detail}
    parsed = parse_header(child.result)
    if parsed is not None and (not child.timed_out or parsed[1] <= limits["timeout"]):
        status, cpu, wall, body = parsed
        return {**base, "status": status, "runtime": cpu, "wall": wall, "body": body}
    stack_raw = child.stack.text()
    stack = format_faulthandler(stack_raw, child.source_lines)
    where = f"\n{stack}" if stack else ""
    if child.timed_out:
        detail = (
            f"The program did not finish within {seconds(elapsed)} of wall-clock time, having used "
            f"{cpu:.1f} of its {seconds(limits['timeout'])} of CPU time: it waits or sleeps (the wall-clock limit "
            "is a backstop behind the CPU-time limit)."
        )
        detail += f" It was stopped here:\n{stack}" if stack else " Its stack could not be captured."
        return {**base, "status": "timeout", "detail": detail}
    status = child.status or 0
    if os.WIFSIGNALED(status):
        name = _signal_name(os.WTERMSIG(status))
        if name == "SIGPROF":  # the CPU-time limit (the child's ITIMER_PROF)
            detail = f"The program did not finish within {seconds(limits['timeout'])} of CPU time."
            detail += f" It was stopped here:\n{stack}" if stack else " Its stack could not be captured."
            return {**base, "status": "timeout", "detail": detail, "runtime": float(limits["timeout"])}
        if name == "SIGXCPU":  # RLIMIT_CPU: the backstop, for a program that switched the limit off
            detail = f"The program used more than {seconds(limits['cpu_seconds'])} of CPU time.{where}"
            return {**base, "status": "timeout", "detail": detail}
        if name == "SIGSYS":
            detail = (
                "The program made a system call the sandbox forbids (creating a process, writing a file, "
                f"signalling another process, or similar), going around Python's own checks.{where}"
            )
            return {**base, "status": "forbidden", "detail": detail}
        if name == "SIGKILL" and not child.killed:
            detail = f"The process was killed (SIGKILL) by the system, most likely because memory ran out.{where}"
            return {**base, "status": "memory", "detail": detail}
        text = _SIGNAL_TEXT.get(name, "")
        detail = f"The process was killed by {name}" + (f" ({text})" if text else "") + f".{where}"
        return {**base, "status": "crash", "detail": detail}
    code = os.WEXITSTATUS(status) if os.WIFEXITED(status) else -1
    if code == EXIT_SETUP_FAILED and "sandbox setup failed" in stack_raw:
        return {**base, "status": "crash", "detail": stack_raw.strip()}
    detail = (
        f"The process exited with status {code} before returning a plan (os._exit() or an exit from C code "
        f"ends the interpreter at once; return the plan instead).{where}"
    )
    return {**base, "status": "crash", "detail": detail}


# ------------------------------------------------------------------------------------------ entry
def main() -> None:
    """Entry point of the server process (see :class:`genplan.execute.pool.Executor`)."""
    # Keep the protocol off fds 0/1, so that nothing printed by accident can corrupt it.
    proto_in, proto_out = os.dup(0), os.dup(1)
    null = os.open(os.devnull, os.O_RDONLY)
    os.dup2(null, 0)
    os.dup2(2, 1)
    os.close(null)
    os.chdir("/")
    import resource

    with contextlib.suppress(ValueError, OSError):  # four pipes per running child
        _, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
        resource.setrlimit(resource.RLIMIT_NOFILE, (hard if hard != resource.RLIM_INFINITY else 65536, hard))
    try:
        caps = isolate()
        for name in PRELOAD:
            with contextlib.suppress(ImportError):
                __import__(name)
        caps["seccomp"], note = probe_seccomp()
        if note:
            caps["notes"].append(note)
        if caps["seccomp"]:
            seccomp.prepare()  # build the filter once, before any fork
        elif sys.platform == "linux":
            seccomp.load_libc()
        roots = read_roots()
        policy, note = probe_landlock(roots)
        caps["landlock"] = policy.abi if policy else 0
        if note:
            caps["notes"].append(note)
        # The server runs without ``site`` (its .pth hooks cost memory, so every fork); programs may
        # still import installed packages from site-packages. They must not find modules outside the
        # readable roots (e.g. the checkout genplan runs from): pruned here once, not in every child.
        import sysconfig

        paths = sysconfig.get_paths()
        sys.path.extend(p for p in dict.fromkeys((paths["purelib"], paths["platlib"])) if p not in sys.path)
        sys.path[:] = [p for p in sys.path if p and any(os.path.realpath(p).startswith(r) for r in roots)]
        sys.path_importer_cache.clear()
        gc.collect()
        Server(proto_in, proto_out, caps, roots, policy).serve()
    except BaseException:
        with contextlib.suppress(Exception):
            write_frame(proto_out, {"fatal": traceback.format_exc()})
        raise
