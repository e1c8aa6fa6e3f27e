"""The child side of a run: lock the process down, run ``generate_solution``, report one result.

This code runs in a process forked from a fork server (:mod:`genplan.execute.server`) and never
returns: it ends with ``os._exit``. The walls, in the order they are raised:

1. its own process group, killed by the kernel if the fork server dies (``PR_SET_PDEATHSIG``);
2. stdin from ``/dev/null``, stdout and stderr into pipes the server drains with a cap, every other
   descriptor closed (the server's protocol pipe in particular);
3. Landlock (:mod:`genplan.execute.landlock`) where the kernel has it: read-only access to Python's
   own files, no writes anywhere, no TCP, no signals out of the sandbox;
4. resource limits: address space (memory), CPU seconds (a backstop behind the wall clock), file size
   0 (no file grows), no core dumps, few descriptors, and no new processes where there is no seccomp;
5. the seccomp filter (:mod:`genplan.execute.seccomp`) where the kernel allows it;
6. a Python audit hook that refuses process creation, file writes, reads outside Python's own files,
   sockets, signals to other processes, loading C libraries through ``ctypes`` and changing limits.
   It cannot be caught by the program: on a forbidden event it writes the result itself and exits.

The environment is already scrubbed (the server starts with a minimal one) and the network namespace,
where available, is empty. The result travels in the format of :mod:`genplan.execute.wire` (never
pickle: nothing a program could forge is unpickled anywhere). This module and what it imports live in
every fork server, so it stays small: plain classes, no ``dataclasses``, no ``json``.
"""

from __future__ import annotations

import _signal
import contextlib
import faulthandler
import fcntl
import linecache
import os
import re
import resource
import sys
import threading
import time
import traceback
import types

from genplan.execute import seccomp
from genplan.execute.orderedset import OrderedSet
from genplan.execute.traces import PROGRAM_FILE, format_exception, format_stack
from genplan.execute.wire import encode_result

# Annotations only (this module lives in the fork server, where importing typing costs every fork).
TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any

#: Child descriptors after setup.
FD_RESULT = 3
FD_STACK = 4
#: Exit code when the sandbox itself could not be set up (not the program's fault).
EXIT_SETUP_FAILED = 70

_WRITE_FLAGS = os.O_WRONLY | os.O_RDWR | os.O_CREAT | os.O_TRUNC | os.O_APPEND
_PROCESS_EVENTS = frozenset(
    {"os.system", "os.exec", "os.posix_spawn", "os.spawn", "os.fork", "os.forkpty", "subprocess.Popen",
     "pty.spawn", "os.startfile"}
)  # fmt: skip
_FS_WRITE_EVENTS = frozenset(
    {"os.remove", "os.rename", "os.rmdir", "os.mkdir", "os.link", "os.symlink", "os.truncate", "os.chmod",
     "os.chown", "os.chflags", "os.lchflags", "os.utime", "os.setxattr", "os.removexattr", "os.lockf",
     "shutil.copyfile", "shutil.copymode", "shutil.copystat", "shutil.copytree", "shutil.move",
     "shutil.rmtree", "shutil.chown", "shutil.make_archive", "shutil.unpack_archive", "tempfile.mkstemp",
     "tempfile.mkdtemp"}
)  # fmt: skip
_NETWORK_EVENTS = frozenset(
    {"socket.__new__", "socket.bind", "socket.connect", "socket.getaddrinfo", "socket.gethostbyname",
     "socket.gethostbyaddr", "socket.getnameinfo", "socket.getservbyname", "socket.getservbyport",
     "socket.sendto", "socket.sendmsg", "socket.sethostname", "urllib.Request", "http.client.connect",
     "ftplib.connect", "smtplib.connect", "poplib.connect", "imaplib.open", "nntplib.connect",
     "telnetlib.Telnet.open", "webbrowser.open", "syslog.openlog", "syslog.syslog"}
)  # fmt: skip
_LIST_EVENTS = frozenset({"os.listdir", "os.scandir", "glob.glob", "glob.glob/2", "os.walk", "os.fwalk"})
_CTYPES_EVENTS = frozenset({"ctypes.dlopen", "ctypes.dlsym", "ctypes.dlsym/handle"})
_LIMIT_EVENTS = frozenset({"resource.setrlimit", "resource.prlimit"})
_WATCHED = frozenset(
    {"open", "os.kill", "os.killpg", "sqlite3.connect"}
    | _PROCESS_EVENTS
    | _FS_WRITE_EVENTS
    | _NETWORK_EVENTS
    | _LIST_EVENTS
    | _CTYPES_EVENTS
    | _LIMIT_EVENTS
)
#: Captured now: a program may replace ``os._exit`` or ``os.write``, and the result must still get out.
_exit, _write, _close = os._exit, os.write, os.close
_ADDRESS = re.compile(r" at 0x[0-9a-fA-F]+")
_RESET_SIGNALS = (_signal.SIGCHLD, _signal.SIGTERM, _signal.SIGHUP, _signal.SIGUSR1, _signal.SIGUSR2)
#: The signals of the CPU-time limit (``SIGPROF``, from ``ITIMER_PROF``) and of its backstop (``SIGXCPU``,
#: from ``RLIMIT_CPU``): a program may not catch, ignore or block them.
_KEPT_SIGNALS = frozenset(getattr(_signal, n) for n in ("SIGPROF", "SIGXCPU") if hasattr(_signal, n))
#: Captured now, before a child replaces them (see :func:`_keep_cpu_limit`).
_real_signal, _real_sigmask = _signal.signal, getattr(_signal, "pthread_sigmask", None)
_real_setitimer = getattr(_signal, "setitimer", None)
#: Single files a program may read besides Python's own (randomness, ``/dev/null``).
_READABLE_FILES = frozenset({"/dev/null", "/dev/zero", "/dev/urandom", "/dev/random"})


class ChildSpec:
    """Everything the child needs, prepared by the server before ``fork`` (nothing is sent later).

    ``call`` is ``None`` for a program run, else a model-written generator's call (:func:`run_generator`).
    ``limits`` is :meth:`genplan.execute.outcome.Limits.to_wire` (a plain dict, so the server need not
    import the dataclass machinery); ``deadline`` is the ``time.monotonic()`` value at which the server
    declares a timeout; ``landlock`` is a prepared :class:`genplan.execute.landlock.Policy` or ``None``.
    """

    __slots__ = (
        "call",
        "code",
        "deadline",
        "err_w",
        "goal",
        "init",
        "landlock",
        "limits",
        "null_r",
        "objects",
        "out_w",
        "read_roots",
        "result_w",
        "server_pid",
        "source",
        "stack_w",
        "use_seccomp",
    )  # fmt: skip

    def __init__(self, **fields: Any) -> None:
        for name in self.__slots__:
            setattr(self, name, fields[name])


def _move_fds(spec: ChildSpec) -> None:
    """Descriptors: 0 ``/dev/null``, 1 and 2 the output pipes, 3 result, 4 stacks; close the rest.

    ``sys.stdout`` and ``sys.stderr`` are the server's own objects on fds 1 and 2 (the server never
    writes to them, so their buffers are empty); they now write into the pipes, a line at a time.
    """
    wanted = (spec.null_r, spec.out_w, spec.err_w, spec.result_w, spec.stack_w)
    high = [fcntl.fcntl(fd, fcntl.F_DUPFD, 100) for fd in wanted]
    for target, fd in enumerate(high):
        os.dup2(fd, target, inheritable=target <= 2)
    os.closerange(5, 1 << 20)
    with contextlib.suppress(Exception):
        sys.stdout.reconfigure(line_buffering=True)  # type: ignore[union-attr]


def _set_limits(limits: dict[str, Any], no_processes: bool) -> None:
    def cap(res: int, soft: int, hard: int | None = None) -> None:
        # Unsupported here (e.g. RLIMIT_AS on macOS): the other walls remain.
        with contextlib.suppress(ValueError, OSError):
            resource.setrlimit(res, (soft, soft if hard is None else hard))

    if no_processes:
        if hasattr(resource, "RLIMIT_NPROC"):
            cap(resource.RLIMIT_NPROC, 0)
        return
    cap(resource.RLIMIT_AS, limits["memory"])
    cap(resource.RLIMIT_CPU, limits["cpu_seconds"], limits["cpu_seconds"] + 1)
    cap(resource.RLIMIT_FSIZE, 0)
    cap(resource.RLIMIT_CORE, 0)
    cap(resource.RLIMIT_NOFILE, 64)


def _keep_cpu_limit() -> None:
    """Make ``signal.signal``, ``signal.setitimer`` and ``signal.pthread_sigmask`` refuse to touch the CPU
    limit's signals and timer (``OSError``: not permitted), everything else working as usual.

    The audit hook does not see these calls, and a program that ignores ``SIGPROF`` would otherwise run
    to ``RLIMIT_CPU``'s hard limit and be killed without its stack. C code cannot be reached (``ctypes``
    is refused), so the Python functions are the only way in.
    """

    def refuse(what: str) -> OSError:
        return OSError(1, f"{what}: the sandbox keeps SIGPROF and SIGXCPU for the CPU-time limit")

    def signal(signalnum: Any, handler: Any) -> Any:
        if int(signalnum) in _KEPT_SIGNALS:
            raise refuse("signal.signal")
        return _real_signal(signalnum, handler)

    def setitimer(which: Any, seconds: Any, interval: Any = 0.0) -> Any:
        if int(which) == _signal.ITIMER_PROF:
            raise refuse("signal.setitimer")
        return _real_setitimer(which, seconds, interval)  # type: ignore[misc]

    def pthread_sigmask(how: Any, mask: Any) -> Any:
        mask = [int(m) for m in mask]
        if int(how) != _signal.SIG_UNBLOCK and _KEPT_SIGNALS.intersection(mask):
            raise refuse("signal.pthread_sigmask")
        return _real_sigmask(how, mask)  # type: ignore[misc]

    _signal.signal = signal
    wrappers = {"setitimer": setitimer if _real_setitimer else None, "pthread_sigmask": pthread_sigmask}
    for name, fn in wrappers.items():
        if fn is not None and hasattr(_signal, name):
            setattr(_signal, name, fn)
    module = sys.modules.get("signal")  # ``from _signal import *`` copied the originals into it
    if module is not None and _real_setitimer is not None:
        module.setitimer = setitimer  # type: ignore[attr-defined]


def _parent_death_signal() -> None:
    """Linux: the kernel kills this process when the fork server dies, so none outlives it."""
    if sys.platform != "linux":
        return
    with contextlib.suppress(OSError, AttributeError):
        seccomp.load_libc().prctl(1, _signal.SIGKILL, 0, 0, 0)  # PR_SET_PDEATHSIG


class _Reporter:
    """Writes the one result; whichever path gets there first (normal end or the audit hook)."""

    def __init__(self) -> None:
        self.lock = threading.Lock()
        self.wall_started = self.cpu_started = 0.0

    def start(self, cpu_limit: float) -> None:
        """The program starts now: its clocks start, and so does the CPU-time limit.

        ``ITIMER_PROF`` counts this process's CPU time (every thread, user and system) and raises
        ``SIGPROF`` when it reaches the limit; faulthandler writes the stack and the signal's default
        action ends the process. The limit is CPU time, not wall-clock time, so a verdict does not depend
        on how busy the machine is (the server's wall-clock deadline is only a backstop for a program that
        sleeps or blocks). The time spent building the inputs before this point is not the program's.
        """
        self.wall_started = time.perf_counter()
        self.cpu_started = time.process_time()
        if _real_setitimer is not None:
            _real_setitimer(_signal.ITIMER_PROF, max(cpu_limit, 0.001))

    def stop(self) -> tuple[float, float]:
        """The program is done: ``(cpu, wall)`` seconds since :meth:`start`, and the limit is off (checking
        its output and its inputs is genplan's work, bounded by the backstops)."""
        if _real_setitimer is not None:
            with contextlib.suppress(BaseException):
                _real_setitimer(_signal.ITIMER_PROF, 0)
        return time.process_time() - self.cpu_started, time.perf_counter() - self.wall_started

    def finish(
        self, status: str, times: tuple[float, float], plan: list[str] | None, detail: str, mutated: list[str]
    ) -> None:
        self.lock.acquire()  # never released: a second report (another thread) waits for _exit
        faulthandler.cancel_dump_traceback_later()
        cpu, wall = times
        try:
            data = encode_result(status, cpu, wall, plan, detail, mutated)
        except BaseException as e:
            why = f"the result could not be encoded: {type(e).__name__}"
            data = encode_result("crash", cpu, wall, None, why, [])
        for stream in (sys.stdout, sys.stderr):
            with contextlib.suppress(BaseException):
                stream.flush()
        # Close the output pipes before the result is complete: the server answers once every pipe is
        # closed and the result is whole, without waiting for this process's teardown.
        for fd in (1, 2, FD_STACK):
            with contextlib.suppress(OSError):
                _close(fd)
        view = memoryview(data)
        try:
            while view:
                view = view[_write(FD_RESULT, view) :]
        except OSError:
            pass
        _exit(0)


def short_repr(value: Any, limit: int = 300) -> str:
    """A bounded, address-free repr (program objects may have any repr, or none that works)."""
    import reprlib

    r = reprlib.Repr()
    r.maxlist = r.maxtuple = r.maxset = r.maxfrozenset = r.maxdeque = r.maxdict = 8
    r.maxstring = r.maxother = 80
    r.maxlevel = 3
    try:
        text = r.repr(value)
    except BaseException:
        text = f"<{type(value).__name__} object that cannot be shown>"
    text = _ADDRESS.sub("", text)
    if len(text) > limit:
        text = text[: limit - 3] + "..."
    return text


def _describe_type(value: Any) -> str:
    if value is None:
        return "None"
    if type(value) is types.GeneratorType:
        return "a generator (did the function use 'yield'? build and return a list)"
    name = type(value).__name__
    return f"{'an' if name[:1].lower() in 'aeiou' else 'a'} {name}"


def check_output(result: Any, max_length: int, max_chars: int) -> tuple[list[str] | None, str]:
    """``(plan, "")`` for a list of strings within the limits, else ``(None, why)``.

    ``type()`` rather than ``isinstance`` (which trusts a forgeable ``__class__``), and only C-level
    ``list``/``str`` operations on the value.
    """
    if not issubclass(type(result), list):
        return None, f"it returned {_describe_type(result)}: {short_repr(result)}"
    items = list.copy(result)
    if len(items) > max_length:
        return None, (
            f"it returned a list of {len(items)} items, more than the limit of {max_length} actions: "
            f"{short_repr(items)}"
        )
    plan: list[str] = []
    chars = 0
    for i, item in enumerate(items):
        if not issubclass(type(item), str):
            return None, (
                f"item {i} of the returned list is {_describe_type(item)}, not an action string like "
                f"'(action arg1 arg2)': {short_repr(item)}; the list: {short_repr(items)}"
            )
        text = str.__str__(item)
        chars += len(text)
        if chars > max_chars:
            return None, f"the returned actions hold more than {max_chars} characters in total"
        plan.append(text)
    return plan, ""


# ------------------------------------------------------------------------------ model-written generators
class GeneratorFault(Exception):
    """A model-written generator broke its interface (raised in the child, reported as an exception)."""


def _plain_int(value: Any) -> bool:
    return type(value) is int


def run_generator(namespace: dict[str, Any], call: dict[str, Any]) -> tuple[Any, dict[str, int]]:
    """Call a model-written generator as :mod:`genplan.generalize.modelgen` describes it: ``PARAMETERS``
    (name -> minimum), ``params_for_size(size) -> dict`` and ``generate(params, seed)``.

    ``call`` holds ``size`` (parameters from ``params_for_size``) or ``params`` (given), and ``seed``.
    Returns ``(what generate returned, the parameters used)``; the interface is checked here, where the
    values are, with a reason a model can act on. The domain is checked by genplan, outside the sandbox.
    """
    declared = namespace.get("PARAMETERS")
    if type(declared) is not dict or not declared:
        raise GeneratorFault("PARAMETERS must be a non-empty dict from parameter names to their minimums")
    minimums: dict[str, int] = {}
    for name, low in dict.items(declared):
        if type(name) is not str or not name.isidentifier() or not _plain_int(low):
            shown = f"{short_repr(name)}: {short_repr(low)}"
            raise GeneratorFault(f"PARAMETERS maps names (identifiers) to minimums (int), not {shown}")
        minimums[str.__str__(name)] = int(low)
    if call.get("params") is None:
        sizer = namespace.get("params_for_size")
        if not callable(sizer):
            raise GeneratorFault("the generator does not define params_for_size(size)")
        params = sizer(call["size"])
        where = f"params_for_size({call['size']})"
    else:
        params = dict(call["params"])
        where = "the parameters given"
    if type(params) is not dict:
        raise GeneratorFault(f"{where} returned {_describe_type(params)}, not a dict: {short_repr(params)}")
    params = dict(params)
    if set(params) != set(minimums):
        raise GeneratorFault(
            f"{where} returned the parameters {sorted(map(str, params))}, but PARAMETERS declares {sorted(minimums)}"
        )
    for name, value in params.items():
        if not _plain_int(value) or value < minimums[name]:
            raise GeneratorFault(
                f"{where} set {name} to {short_repr(value)}: it must be an int of at least {minimums[name]}"
            )
    fn = namespace.get("generate")
    if not callable(fn):
        raise GeneratorFault("the generator does not define generate(params, seed)")
    return fn(dict(params), call["seed"]), {k: int(v) for k, v in params.items()}


_CONTAINERS = (list, tuple, set, frozenset)


def _names_of(value: Any, what: str) -> list[str]:
    """The strings of a tuple or list of names, each a single token (no spaces, no parentheses)."""
    if type(value) not in (tuple, list) or not value:
        raise GeneratorFault(f"{what} must be a non-empty tuple of strings, not {short_repr(value)}")
    out = []
    for item in value:
        if type(item) is not str or not item or any(c.isspace() or c in "()" for c in item):
            raise GeneratorFault(f"{what} holds {short_repr(item)}, which is not a name (a string without spaces)")
        out.append(str.__str__(item))
    return out


def encode_generated(
    result: tuple[Any, dict[str, int]], max_items: int, max_chars: int
) -> tuple[list[str] | None, str]:
    """A generated task as tagged lines (``P name value``, ``O name [type]``, ``I pred args``, ``G pred
    args``), or ``(None, why)``: plain strings, so the result travels as data and nothing is unpickled."""
    value, params = result
    if type(value) not in (tuple, list) or len(value) != 3:
        shown = f"{_describe_type(value)}, not a tuple (objects, init, goal): {short_repr(value)}"
        return None, f"generate returned {shown}"
    objects, init, goal = value
    lines = [f"P {name} {params[name]}" for name in sorted(params)]
    for label, part in (("objects", objects), ("init", init), ("goal", goal)):
        if type(part) not in _CONTAINERS:
            return None, f"generate returned {label} as {_describe_type(part)}, not a set or list: {short_repr(part)}"
        if len(part) > max_items:
            return None, f"generate returned {len(part)} {label}, more than the limit of {max_items}"
    try:
        for item in objects:
            names = [item] if type(item) is str else _names_of(item, "an object")
            if len(names) > 2:
                raise GeneratorFault(f"an object is a name or a (name, type) tuple, not {short_repr(item)}")
            lines.append("O " + " ".join(_names_of(tuple(names), "an object")))
        for tag, part in (("I", init), ("G", goal)):
            for fact in part:
                lines.append(f"{tag} " + " ".join(_names_of(fact, "a fact of " + ("init" if tag == "I" else "goal"))))
    except GeneratorFault as e:
        return None, str(e)
    if sum(map(len, lines)) > max_chars:
        return None, f"the generated task holds more than {max_chars} characters"
    return lines, ""


def _mutated(inputs: dict[str, OrderedSet], canonical: dict[str, frozenset[Any]]) -> list[str]:
    changed = []
    for name, value in inputs.items():
        try:
            d = object.__getattribute__(value, "_d")
            same = type(d) is dict and frozenset(d) == canonical[name]
        except BaseException:
            same = False
        if not same:
            changed.append(name)
    return changed


class _Guard:
    """The audit hook: refuse forbidden events by reporting and exiting at once (nothing to catch)."""

    def __init__(self, spec: ChildSpec, reporter: _Reporter) -> None:
        self.reporter = reporter
        self.pid = os.getpid()
        self.roots = (*spec.read_roots, f"/proc/{self.pid}")
        self.busy = False

    def readable(self, path: Any) -> bool:
        if isinstance(path, int):
            return True  # an already open descriptor
        try:
            p = os.fsdecode(path)
            if not os.path.isabs(p):
                p = os.path.join(os.getcwd(), p)
            real = os.path.realpath(p)
        except BaseException:
            return False
        if real in _READABLE_FILES:
            return True
        return any(real == r or real.startswith(r + os.sep) for r in self.roots)

    def __call__(self, event: str, args: tuple[Any, ...]) -> None:
        if event not in _WATCHED or self.busy:
            return
        why = None
        if event == "open":
            path, mode, flags = (*tuple(args), None, None, None)[:3]
            writing = (isinstance(flags, int) and flags & _WRITE_FLAGS) or (
                isinstance(mode, str) and any(c in mode for c in "wax+")
            )
            if writing and not isinstance(path, int):
                why = "programs may not write files"
            elif not writing and not self.readable(path):
                why = "programs may read only Python's own files"
        elif event in _PROCESS_EVENTS:
            why = "programs may not start other processes"
        elif event in _FS_WRITE_EVENTS:
            why = "programs may not change the file system"
        elif event in _NETWORK_EVENTS:
            why = "programs have no network access"
        elif event in _LIST_EVENTS:
            path = args[0] if args and args[0] is not None else "."
            if not self.readable(path):
                why = "programs may list only Python's own directories"
        elif event in ("os.kill", "os.killpg"):
            if event == "os.killpg" or (args and args[0] != self.pid):
                why = "programs may not signal other processes"
        elif event in _CTYPES_EVENTS:
            why = "programs may not load or call C libraries through ctypes"
        elif event in _LIMIT_EVENTS:
            if event == "resource.setrlimit" or (len(args) > 2 and args[2] is not None):
                why = "programs may not change their resource limits"
        elif event == "sqlite3.connect" and not (args and args[0] in (":memory:", b":memory:")):
            why = "programs may not open database files"
        if why is not None:
            self.forbid(event, args, why)

    def forbid(self, event: str, args: tuple[Any, ...], why: str) -> None:
        self.busy = True
        shown = ", ".join(short_repr(a, 120) for a in args)
        try:
            stack = format_stack(traceback.extract_stack(sys._getframe(2)))
        except BaseException:
            stack = ""
        detail = f"{event}({shown}) was blocked: {why}."
        if stack:
            detail += "\n" + stack
        self.reporter.finish("forbidden", self.reporter.stop(), None, detail, [])


def child_main(spec: ChildSpec) -> None:
    """Run the program once under every available wall and report; never returns."""
    with contextlib.suppress(OSError):
        os.setpgid(0, 0)
    try:
        _parent_death_signal()
        if os.getppid() != spec.server_pid:
            _exit(EXIT_SETUP_FAILED)
        if spec.landlock is not None:  # before the descriptors it needs are closed
            with contextlib.suppress(OSError):  # the server's probe passed; the other walls remain anyway
                seccomp.no_new_privs()
                spec.landlock.restrict()
        # _signal, not signal: the wrappers convert to enums, which touches (and so copies) many pages.
        _signal.set_wakeup_fd(-1)
        for sig in _RESET_SIGNALS:
            _signal.signal(sig, _signal.SIG_DFL)
        _signal.signal(_signal.SIGINT, _signal.default_int_handler)
        if hasattr(_signal, "SIGXFSZ"):
            _signal.signal(_signal.SIGXFSZ, _signal.SIG_IGN)  # a write past RLIMIT_FSIZE fails, not kills
        _move_fds(spec)
        faulthandler.enable(file=FD_STACK, all_threads=True)
        # the CPU-time limit (SIGPROF), RLIMIT_CPU's backstop, and the server asking for the stack of a run it
        # stops at an extended wall-clock backstop (SIGUSR2; the watchdog below dumps only at the first one)
        for name in ("SIGXCPU", "SIGPROF", "SIGUSR2"):
            if hasattr(_signal, name):
                faulthandler.register(getattr(_signal, name), file=FD_STACK, all_threads=True, chain=True)
        if spec.use_seccomp:
            faulthandler.register(_signal.SIGSYS, file=FD_STACK, all_threads=False, chain=True)
        _keep_cpu_limit()
        limits = spec.limits
        _set_limits(limits, no_processes=False)
        seccomp_on = False
        if spec.use_seccomp:
            with contextlib.suppress(OSError):
                seccomp.install(os.getpid())
                seccomp_on = True
        # The watchdog thread that dumps the stack at the deadline must exist before RLIMIT_NPROC
        # (which, without seccomp, is what stops new processes, and threads with them).
        faulthandler.dump_traceback_later(max(0.01, spec.deadline - time.monotonic() - 0.05), file=FD_STACK)
        if not seccomp_on:
            _set_limits(limits, no_processes=True)

        reporter = _Reporter()
        inputs = {"objects": OrderedSet(spec.objects), "init": OrderedSet(spec.init), "goal": OrderedSet(spec.goal)}
        # From the sets' dicts, which hold each fact's hash: half the time of hashing 300,000 facts again.
        canonical = {name: frozenset(value._d) for name, value in inputs.items()}
        module = types.ModuleType("program")
        module.__file__ = PROGRAM_FILE
        sys.modules["program"] = module
        linecache.cache[PROGRAM_FILE] = (len(spec.source), None, spec.source.splitlines(True), PROGRAM_FILE)
        guard = _Guard(spec, reporter)
        code = spec.code
    except BaseException as e:  # the sandbox failed, not the program
        with contextlib.suppress(OSError):
            _write(FD_STACK, f"sandbox setup failed: {e!r}\n".encode())
        _exit(EXIT_SETUP_FAILED)

    sys.addaudithook(guard)
    reporter.start(limits["timeout"])
    status, plan, detail = "ok", None, ""
    try:
        exec(code, module.__dict__)
        if spec.call is not None:
            result = run_generator(module.__dict__, spec.call)
            runtime = reporter.stop()
            try:
                plan, why = encode_generated(result, limits["max_plan_length"], limits["max_plan_chars"])
            except BaseException as e:
                plan, why = None, f"its output could not be checked: {type(e).__name__}"
        else:
            fn = module.__dict__.get("generate_solution")
            if not callable(fn):
                raise NameError("the program does not define a function generate_solution(objects, init, goal)")
            result = fn(inputs["objects"], inputs["init"], inputs["goal"])
            runtime = reporter.stop()
            try:
                plan, why = check_output(result, limits["max_plan_length"], limits["max_plan_chars"])
            except BaseException as e:
                plan, why = None, f"its output could not be checked: {type(e).__name__}"
        if plan is None:
            status, detail = "bad_output", why
        del result
    except MemoryError as e:
        runtime = reporter.stop()
        status = "memory"
        try:
            detail = format_exception(e)
        except BaseException:
            detail = "MemoryError"
    except BaseException as e:  # SystemExit and KeyboardInterrupt are the program's too
        runtime = reporter.stop()
        status = "exception"
        try:
            detail = format_exception(e)
        except BaseException as inner:
            detail = f"{type(e).__name__} (its traceback could not be formatted: {type(inner).__name__})"
    # The hook stays on: checking for mutated inputs may hash objects of the program's own classes.
    reporter.finish(status, runtime, plan, detail, _mutated(inputs, canonical))
