"""The run's call log: one JSON line per LLM call, appended, flushed and fsynced.

Why: a reply that was paid for must never be lost, and a run must be auditable afterwards (which prompt
produced which program, what the model reasoned, what each call cost). Each line holds the full
request, the reply text, the reasoning content kept apart from it, token usage, cost, latency, whether
it came from the cache, the attempts that failed on the way, and the error if the call failed.

Lines are written under an exclusive ``flock`` so that processes sharing one log never interleave.
"""

from __future__ import annotations

import json
import os
import threading
from pathlib import Path
from typing import Any

try:  # POSIX only; elsewhere the thread lock alone serialises writers of one process
    import fcntl
except ImportError:  # pragma: no cover
    fcntl = None  # type: ignore[assignment]


class CallLog:
    """Appends JSON objects to ``path`` as lines; safe across threads and processes."""

    def __init__(self, path: str | Path) -> None:
        # Nothing is created before the first entry: the log usually lives in the run's folder, and a run
        # that fails its preflight check (no key, unknown model) must leave no folder behind.
        self.path = Path(path)
        self._lock = threading.Lock()

    def append(self, entry: dict[str, Any]) -> None:
        line = (json.dumps(entry, ensure_ascii=False, sort_keys=True, default=str) + "\n").encode("utf-8")
        with self._lock:
            self.path.parent.mkdir(parents=True, exist_ok=True)
            fd = os.open(self.path, os.O_WRONLY | os.O_APPEND | os.O_CREAT, 0o644)
            try:
                if fcntl is not None:
                    fcntl.flock(fd, fcntl.LOCK_EX)
                view = memoryview(line)
                while view:
                    written = os.write(fd, view)
                    view = view[written:]
                os.fsync(fd)
            finally:
                os.close(fd)  # closing releases the lock


def read_log(path: str | Path) -> list[dict[str, Any]]:
    """All entries of a call log; a torn last line (a crash mid-write) is skipped."""
    entries = []
    p = Path(path)
    if not p.exists():
        return entries
    for line in p.read_text(encoding="utf-8").splitlines():
        if not line.strip():
            continue
        try:
            entries.append(json.loads(line))
        except json.JSONDecodeError:
            continue
    return entries
