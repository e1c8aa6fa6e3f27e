"""The executor: warm fork servers, one per hash seed, fed from the main process in parallel.

:class:`Executor` starts fork servers (:mod:`genplan.execute.server`) lazily, one per
``PYTHONHASHSEED`` in use, keeps at most ``jobs`` runs in flight over all of them, and turns their
answers into :class:`~genplan.execute.outcome.Outcome` values. The main process never runs program
code, never unpickles anything a program wrote, and never blocks on a server: every pipe is
non-blocking and watched with a deadline, a server that dies or stops answering is killed and its runs
are retried once on a fresh one. Not thread-safe: use one executor per thread.
"""

from __future__ import annotations

import contextlib
import itertools
import os
import selectors
import signal
import subprocess
import sys
import time
import uuid
import weakref
from collections import deque
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from genplan.core.errors import GenplanError
from genplan.execute.outcome import Limits, Outcome
from genplan.execute.wire import decode_body, frame, split_frames
from genplan.pddl.pyform import PyTask

#: Marks every server's command line (and so every child it forks): how stray processes are found.
WORKER_MARK = "genplan-sandbox-worker"
_BOOT = "import sys; sys.path.insert(0, sys.argv[3]); from genplan.execute.server import main; main()"
_GENPLAN_ROOT = str(Path(__file__).resolve().parent.parent.parent)
#: Beyond a run's own timeout, how long a server may stay silent before it counts as hung.
SERVER_SLACK = 15.0
START_TIMEOUT = 30.0

#: Called with (request index, outcome); returning False stops the batch (runs not yet finished are
#: cancelled and their places in the result stay ``None``).
OnResult = Callable[[int, Outcome], "bool | None"]


@dataclass(frozen=True)
class RunRequest:
    """One run: a task's inputs in the order the program should see them, under one hash seed."""

    inputs: PyTask
    hash_seed: int
    task: str | None = None
    ordering: int | None = None
    #: A call of a model-written task generator instead of a program run: ``{"size": int | None,
    #: "params": dict | None, "seed": int}`` (see :func:`genplan.execute.sandbox.run_generator`). Its
    #: inputs are then empty and its "plan" holds the generated task as tagged lines.
    call: dict[str, Any] | None = None


def default_jobs() -> int:
    """The cores this process may use."""
    if hasattr(os, "sched_getaffinity"):
        return max(1, len(os.sched_getaffinity(0)))
    return max(1, os.cpu_count() or 1)


def worker_env(hash_seed: int) -> dict[str, str]:
    """The whole environment of a server: nothing of the user's (API keys live there)."""
    return {
        "PATH": "/usr/bin:/bin",
        "LANG": "C.UTF-8",
        "PYTHONHASHSEED": str(hash_seed),
        "PYTHONDONTWRITEBYTECODE": "1",
    }


def stray_processes(token: str) -> list[int]:
    """Pids of live processes started by the executor with ``token`` (Linux; elsewhere always empty)."""
    found = []
    proc = Path("/proc")
    if not proc.is_dir():
        return found
    needle = token.encode()
    for entry in proc.iterdir():
        if not entry.name.isdigit():
            continue
        try:
            cmdline = (entry / "cmdline").read_bytes()
            state = (entry / "stat").read_text().rsplit(")", 1)[1].split()[0]
        except OSError:
            continue
        if needle in cmdline and state != "Z":
            found.append(int(entry.name))
    return found


class _Server:
    """The main process's end of one fork server."""

    def __init__(self, hash_seed: int, token: str) -> None:
        self.hash_seed = hash_seed
        self.proc = subprocess.Popen(
            [sys.executable, "-S", "-P", "-B", "-c", _BOOT, WORKER_MARK, token, _GENPLAN_ROOT],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            env=worker_env(hash_seed),
            cwd="/",
            start_new_session=True,
            close_fds=True,
        )
        assert self.proc.stdin is not None and self.proc.stdout is not None
        self.rfd = self.proc.stdout.fileno()
        self.wfd = self.proc.stdin.fileno()
        os.set_blocking(self.rfd, False)
        os.set_blocking(self.wfd, False)
        self.inbuf = bytearray()
        self.outbuf = bytearray()
        self.inflight: dict[int, tuple[int, int, float]] = {}  # run id -> (index, attempt, sent)
        self.capabilities: dict[str, Any] | None = None
        self.dead = False
        self.last_used = time.monotonic()

    def send(self, obj: Any) -> None:
        self.outbuf += frame(obj)
        self.flush()

    def flush(self) -> None:
        while self.outbuf and not self.dead:
            try:
                n = os.write(self.wfd, self.outbuf)
            except BlockingIOError:
                return
            except (BrokenPipeError, OSError):
                self.dead = True
                return
            del self.outbuf[:n]

    def receive(self) -> list[Any]:
        """Frames available now; sets ``dead`` at end of file."""
        while True:
            try:
                data = os.read(self.rfd, 1 << 20)
            except BlockingIOError:
                break
            except OSError:
                data = b""
            if not data:
                self.dead = True
                break
            self.inbuf += data
        return split_frames(self.inbuf)

    def wait_hello(self, deadline: float) -> None:
        sel = selectors.DefaultSelector()
        sel.register(self.rfd, selectors.EVENT_READ)
        try:
            while self.capabilities is None:
                left = deadline - time.monotonic()
                if left <= 0 or self.dead:
                    break
                sel.select(left)
                for msg in self.receive():
                    if msg.get("hello"):
                        self.capabilities = msg["capabilities"]
                    elif "fatal" in msg:
                        self.kill()
                        raise GenplanError(f"The sandbox worker failed to start:\n{msg['fatal']}")
        finally:
            sel.close()
        if self.capabilities is None:
            self.kill()
            raise GenplanError(
                f"The sandbox worker ({sys.executable}) did not start within {START_TIMEOUT:g} seconds.",
                hint="Check that this Python can run 'import genplan.execute.server' on its own.",
            )

    def shutdown(self, wait: float = 2.0) -> None:
        if not self.dead:
            with contextlib.suppress(Exception):
                os.set_blocking(self.wfd, True)
                self.send({"op": "shutdown"})
        with contextlib.suppress(Exception):
            self.proc.stdin.close()  # type: ignore[union-attr]
        with contextlib.suppress(subprocess.TimeoutExpired):
            self.proc.wait(timeout=wait)
        self.kill()

    def kill(self) -> None:
        self.dead = True
        with contextlib.suppress(OSError):
            os.killpg(self.proc.pid, signal.SIGKILL)
        with contextlib.suppress(Exception):
            self.proc.kill()
        with contextlib.suppress(Exception):
            self.proc.wait(timeout=5)
        for stream in (self.proc.stdin, self.proc.stdout):
            with contextlib.suppress(Exception):
                stream.close()  # type: ignore[union-attr]


def _close_all(servers: dict[int, _Server]) -> None:
    for server in list(servers.values()):
        server.shutdown()
    servers.clear()


class Executor:
    """Runs untrusted programs in sandboxed children of warm fork servers, ``jobs`` at a time.

    Use as a context manager (or call :meth:`close`): closing ends every process it started.
    """

    def __init__(
        self,
        *,
        jobs: int | None = None,
        limits: Limits | None = None,
        max_servers: int = 8,
        seccomp: bool = True,
        landlock: bool = True,
    ) -> None:
        """``seccomp=False`` / ``landlock=False`` leave that wall out even where the kernel has it: to
        test the other walls, or to find out whether it is what breaks an unusual program."""
        if jobs is not None and jobs < 1:
            raise GenplanError(f"--jobs must be at least 1, not {jobs}.")
        self.seccomp = seccomp
        self.landlock = landlock
        self.jobs = jobs or default_jobs()
        #: Runs at once per core: on an oversubscribed machine each run gets less of a core, so the
        #: wall-clock backstop behind the CPU-time limit moves out (:meth:`Limits.wall_timeout`).
        self._cores = default_jobs()
        self.oversubscription = self.jobs / self._cores
        #: The highest crowding any run so far was started under (see :meth:`crowding`).
        self._crowded = self.oversubscription
        self.limits = limits or Limits()
        self.max_servers = max(1, max_servers)
        self.token = f"{WORKER_MARK}-{uuid.uuid4().hex}"
        self._servers: dict[int, _Server] = {}
        self._ids = itertools.count(1)
        self._finalizer = weakref.finalize(self, _close_all, self._servers)

    def crowding(self) -> float:
        """Runnable processes per core now: this executor's jobs, or the machine's load average when other
        work crowds it more. A run's share of a core, and so how far out its wall-clock backstop must be
        for its CPU-time limit to decide, depends on both."""
        try:
            load = os.getloadavg()[0]
        except OSError:  # pragma: no cover - no load average on this system
            load = 0.0
        now = max(self.oversubscription, load / self._cores)
        self._crowded = max(self._crowded, now)
        return now

    # -- lifecycle
    def close(self) -> None:
        self._finalizer()

    def __enter__(self) -> Executor:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def _ensure(self, seeds: Sequence[int]) -> None:
        """Start the servers for ``seeds`` (in parallel) that are not running."""
        if not self._finalizer.alive:
            raise GenplanError("This executor was closed; create a new one.")
        started = []
        for seed in dict.fromkeys(seeds):
            server = self._servers.get(seed)
            if server is not None and not server.dead:
                continue
            if server is not None:
                server.kill()
                del self._servers[seed]
            self._evict(keep=set(seeds))
            server = _Server(seed, self.token)
            self._servers[seed] = server
            started.append(server)
        deadline = time.monotonic() + START_TIMEOUT
        for server in started:
            try:
                server.wait_hello(deadline)
            except GenplanError:
                self._servers.pop(server.hash_seed, None)
                raise

    def _evict(self, keep: set[int]) -> None:
        while len(self._servers) >= self.max_servers:
            idle = [s for s in self._servers.values() if not s.inflight and s.hash_seed not in keep]
            if not idle:
                return
            victim = min(idle, key=lambda s: s.last_used)
            victim.shutdown()
            del self._servers[victim.hash_seed]

    def server_pids(self) -> list[int]:
        """Pids of the running fork servers (every other process with :attr:`token` is a run)."""
        return [s.proc.pid for s in self._servers.values() if not s.dead]

    def capabilities(self) -> dict[str, Any]:
        """What isolation is in force (asks a server; starts one if none runs)."""
        if not self._servers:
            self._ensure([1])
        server = next(iter(self._servers.values()))
        return dict(server.capabilities or {})

    # -- running
    def run(
        self,
        source: str,
        inputs: PyTask,
        *,
        hash_seed: int = 1,
        limits: Limits | None = None,
        task: str | None = None,
        ordering: int | None = None,
    ) -> Outcome:
        """Run ``source`` once on ``inputs`` (in the given order)."""
        request = RunRequest(inputs=inputs, hash_seed=hash_seed, task=task, ordering=ordering)
        outcome = self.run_many(source, [request], limits=limits)[0]
        assert outcome is not None
        return outcome

    def run_many(
        self,
        source: str,
        requests: Sequence[RunRequest],
        *,
        limits: Limits | None = None,
        on_result: OnResult | None = None,
        skip: Callable[[RunRequest], bool] | None = None,
        more: Callable[[], Sequence[RunRequest]] | None = None,
    ) -> list[Outcome | None]:
        """Run ``source`` on every request, ``jobs`` at a time; outcomes in request order.

        ``on_result`` sees each outcome as it arrives (for progress bars, or to stop early by returning
        False). ``skip`` is asked about each request just before it would start; a request it skips is
        not run. Only a stopped or skipped request's entry is ``None``.

        ``more`` streams: whenever every request so far has started, it is asked for the next ones (an
        empty answer ends the stream), which are numbered after them. The runs still in flight go on
        meanwhile, so a caller that prepares tasks as it is asked (parsing them, say) leaves no sandbox
        idle between batches. A request is let go once its outcome is known, so a stream holds only the
        inputs of the runs waiting or in flight.
        """
        limits = limits or self.limits
        todo: list[RunRequest | None] = list(requests)
        results: list[Outcome | None] = [None] * len(todo)
        if todo:
            self._ensure([r.hash_seed for r in requests])
        pending: deque[tuple[int, int]] = deque((i, 0) for i in range(len(todo)))
        owner: dict[int, _Server] = {}
        stopped = False
        try:
            while True:
                if not pending and more is not None and not stopped:
                    batch = list(more())
                    if not batch:
                        more = None
                    pending.extend((len(todo) + i, 0) for i in range(len(batch)))
                    todo += batch
                    results += [None] * len(batch)
                if not ((pending and not stopped) or owner):
                    break
                while pending and not stopped and len(owner) < self.jobs:
                    index, attempt = pending.popleft()
                    request = todo[index]
                    assert request is not None
                    if attempt == 0 and skip is not None and skip(request):
                        todo[index] = None
                        continue
                    self._submit(source, request, index, attempt, limits, owner)
                if not pending and more is not None and not stopped and len(owner) < self.jobs:
                    continue  # a slot is free: fill it from the next batch before waiting
                for server, frames in self._poll(owner, limits):
                    for msg in frames:
                        run_id = msg.get("id")
                        if run_id not in server.inflight:
                            continue  # a cancelled run's late answer
                        if msg.get("extended"):  # still computing at its backstop: not hung (see extend_deadline)
                            index, attempt, _ = server.inflight[run_id]
                            server.inflight[run_id] = (index, attempt, time.monotonic())
                            continue
                        index, _, _ = server.inflight.pop(run_id)
                        owner.pop(run_id, None)
                        request = todo[index]
                        assert request is not None
                        outcome = _to_outcome(msg, request)
                        results[index] = outcome
                        todo[index] = None
                        if on_result is not None and on_result(index, outcome) is False and not stopped:
                            stopped = True
                            self._cancel_all(owner)
                    if server.dead:
                        self._server_died(server, owner, pending, todo, results)
        except BaseException:
            # Interrupted (Ctrl-C) or a bug: leave no run behind.
            self._cancel_all(owner)
            for server in list(self._servers.values()):
                server.kill()
            self._servers.clear()
            raise
        return results

    def _submit(
        self, source: str, request: RunRequest, index: int, attempt: int, limits: Limits, owner: dict[int, _Server]
    ) -> None:
        server = self._servers.get(request.hash_seed)
        if server is None or server.dead:
            self._ensure([request.hash_seed])
            server = self._servers[request.hash_seed]
        run_id = next(self._ids)
        server.inflight[run_id] = (index, attempt, time.monotonic())
        server.last_used = time.monotonic()
        owner[run_id] = server
        py = request.inputs
        wire_limits = limits.to_wire(self.crowding())
        server.send(
            {
                "op": "run",
                "id": run_id,
                "source": source,
                "objects": list(py.objects),
                "init": list(py.init),
                "goal": list(py.goal),
                "limits": wire_limits,
                "call": request.call,
                "seccomp": self.seccomp,
                "landlock": self.landlock,
            }
        )

    def _poll(self, owner: dict[int, _Server], limits: Limits) -> list[tuple[_Server, list[Any]]]:
        """Wait (bounded) for answers; detect dead and hung servers."""
        busy = {id(s): s for s in owner.values()}
        if not busy:
            return []
        sel = selectors.DefaultSelector()
        now = time.monotonic()
        hung_after = limits.wall_timeout(self._crowded) + SERVER_SLACK
        wait = 1.0
        try:
            for server in busy.values():
                sel.register(server.rfd, selectors.EVENT_READ, server)
                if server.outbuf:  # a request larger than the pipe's buffer is still going out
                    sel.register(server.wfd, selectors.EVENT_WRITE, server)
                oldest = min(sent for _, _, sent in server.inflight.values())
                wait = min(wait, max(0.0, oldest + hung_after - now))
            ready = sel.select(wait)
        finally:
            sel.close()
        out = []
        for key, mask in ready:
            server = key.data
            if mask & selectors.EVENT_READ:
                out.append((server, server.receive()))
        for server in busy.values():
            server.flush()
            if server.inflight and not server.dead:
                oldest = min(sent for _, _, sent in server.inflight.values())
                if time.monotonic() - oldest > hung_after:
                    server.kill()  # hung: treat like a dead server
            if server.dead and all(server is not s for s, _ in out):
                out.append((server, []))
        return out

    def _server_died(
        self,
        server: _Server,
        owner: dict[int, _Server],
        pending: deque[tuple[int, int]],
        requests: Sequence[RunRequest | None],
        results: list[Outcome | None],
    ) -> None:
        """Retry the dead server's runs once on a fresh server; a second loss is the run's crash."""
        server.kill()
        if self._servers.get(server.hash_seed) is server:
            del self._servers[server.hash_seed]
        for run_id, (index, attempt, _) in list(server.inflight.items()):
            owner.pop(run_id, None)
            if attempt == 0:
                pending.appendleft((index, 1))
            else:
                req = requests[index]
                assert req is not None
                results[index] = Outcome(
                    status="crash",
                    detail="The sandbox worker running this program died twice; the run was abandoned.",
                    hash_seed=req.hash_seed,
                    ordering=req.ordering,
                    task=req.task,
                )
        server.inflight.clear()

    def _cancel_all(self, owner: dict[int, _Server]) -> None:
        by_server: dict[int, tuple[_Server, list[int]]] = {}
        for run_id, server in owner.items():
            by_server.setdefault(id(server), (server, []))[1].append(run_id)
        for server, ids in by_server.values():
            for run_id in ids:
                server.inflight.pop(run_id, None)
            with contextlib.suppress(Exception):
                server.send({"op": "cancel", "ids": ids})
        owner.clear()


def _to_outcome(answer: dict[str, Any], request: RunRequest) -> Outcome:
    status = answer["status"]
    fields: dict[str, Any] = {"plan": None, "detail": answer.get("detail", ""), "mutated": []}
    body = answer.get("body")
    if body is not None:
        decoded = decode_body(status, body)
        if decoded is None:
            status = "crash"
            fields["detail"] = "The program's process sent back a malformed result (was it tampered with?)."
        else:
            fields = decoded
    plan = fields["plan"]
    return Outcome(
        status=status,
        plan=tuple(plan) if status == "ok" and plan is not None else None,
        detail=fields["detail"],
        stdout=answer.get("stdout", ""),
        stderr=answer.get("stderr", ""),
        runtime=float(answer.get("runtime", 0.0)),
        wall=float(answer.get("wall", 0.0)),
        mutated=tuple(fields["mutated"]),
        hash_seed=request.hash_seed,
        ordering=request.ordering,
        task=request.task,
    )


def sandbox_capabilities() -> dict[str, Any]:
    """What the sandbox can enforce on this machine (for docs, ``doctor``-style output and tests)."""
    with Executor(jobs=1) as executor:
        return executor.capabilities()
