"""The reply cache: every paid reply is kept on disk, keyed by the request and a sample index.

Why these choices:

- Every call is cached, at any temperature. The key holds a *sample index*, so N stochastic samples of
  one prompt are N distinct entries, and a rerun replays exactly the same N replies.
- The key is a SHA-256 of the canonical JSON of the model string, the messages, the sampling parameters
  that are set, the sample index and a cache-format version. The *purpose* of a call is not part of it:
  the same request in two stages is the same question and gets the same answer. The *API base* is not
  part of it either: the same model served elsewhere answers the same kind of question; change the
  model string to keep replies of different servers apart.
- diskcache stores entries in SQLite transactions, so a process killed mid-write leaves either the whole
  entry or none, and several processes can share one cache directory. Eviction is off (a reply that was
  paid for must never silently disappear) and values stay inside the database (no side files).
- Values are JSON text, not pickles: readable by any tool and independent of genplan's classes.
"""

from __future__ import annotations

import hashlib
import json
import os
import threading
from pathlib import Path
from typing import Any

from genplan.core.paths import cache_root

from .types import Request

#: Bump when the key or the stored value changes meaning; old entries are then simply not found.
CACHE_FORMAT = 1

#: Moves only the LLM reply cache (``GENPLAN_CACHE_DIR`` moves every cache).
ENV_VAR = "GENPLAN_LLM_CACHE_DIR"


def default_cache_dir(override: str | Path | None = None) -> Path:
    """``override``, else ``$GENPLAN_LLM_CACHE_DIR``, else ``<cache root>/llm``."""
    if override is not None:
        return Path(override).expanduser()
    env = os.environ.get(ENV_VAR)
    if env:
        return Path(env).expanduser()
    return cache_root() / "llm"


def canonical_json(data: Any) -> str:
    """Key material: sorted keys, no whitespace, UTF-8 kept as is."""
    return json.dumps(data, sort_keys=True, separators=(",", ":"), ensure_ascii=False)


def cache_key(request: Request, sample: int) -> str:
    """The hex key of sample ``sample`` of ``request``."""
    payload = {"format": CACHE_FORMAT, "request": request.canonical(), "sample": int(sample)}
    return hashlib.sha256(canonical_json(payload).encode("utf-8")).hexdigest()


class ReplyCache:
    """A directory of cached replies shared safely by threads and processes."""

    def __init__(self, directory: str | Path | None = None) -> None:
        self.directory = default_cache_dir(directory)
        self._opened: Any = None
        self._open_lock = threading.Lock()

    @property
    def _cache(self) -> Any:
        """The diskcache, opened (and its directory created) on first use, not on construction: a run that
        fails its preflight check before any call must leave nothing behind."""
        if self._opened is None:
            with self._open_lock:
                if self._opened is None:
                    import diskcache  # imported here: only a client that caches needs it

                    self.directory.mkdir(parents=True, exist_ok=True)
                    self._opened = diskcache.Cache(
                        str(self.directory),
                        eviction_policy="none",
                        size_limit=2**62,
                        disk_min_file_size=2**30,  # keep every value in SQLite: one transaction per entry
                        timeout=120,
                    )
        return self._opened

    def get(self, key: str) -> dict[str, Any] | None:
        """The stored entry, or ``None``; an unreadable entry counts as absent."""
        raw = self._cache.get(key)
        if raw is None:
            return None
        try:
            value = json.loads(raw)
        except (TypeError, ValueError):
            return None
        return value if isinstance(value, dict) else None

    def add(self, key: str, entry: dict[str, Any]) -> dict[str, Any]:
        """Store ``entry`` unless the key is already there; return the entry that is stored.

        When two processes pay for the same request at once, the first one stored wins and both
        return it, so every later replay agrees with what was returned.
        """
        added = self._cache.add(key, canonical_json(entry))
        if added:
            return entry
        existing = self.get(key)
        if existing is None:  # pragma: no cover - a corrupt entry: replace it
            self._cache.set(key, canonical_json(entry))
            return entry
        return existing

    def __contains__(self, key: str) -> bool:
        return key in self._cache

    def __len__(self) -> int:
        return len(self._cache)

    def keys(self) -> list[str]:
        return sorted(self._cache.iterkeys())

    def close(self) -> None:
        if self._opened is not None:
            self._opened.close()

    def __enter__(self) -> ReplyCache:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()
