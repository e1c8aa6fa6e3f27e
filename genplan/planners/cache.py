"""The on-disk plan cache: one readable JSON file per (task text, configuration, limits, FD version).

Why this shape:

- The key hashes the PDDL text *genplan wrote* for the planner, not the user's files: the writer is
  canonical, so two spellings of the same task share an entry, and what is keyed is exactly what FD saw.
- The limits are part of the key, so timeouts and memory-outs can be cached too (a baseline sweep is not
  redone), without a result under a small limit ever answering a question about a larger one.
- The FD version is part of the key: a new planner is a new experiment.
- Files are plain JSON (inspectable with any tool) written to a temp file and renamed into place, so a
  killed process or two processes writing the same entry leave a whole file, never half of one.
- An unreadable file counts as a miss and is overwritten by the next run.
"""

from __future__ import annotations

import hashlib
import json
import os
import tempfile
from pathlib import Path
from typing import Any

from genplan.core.paths import cache_root
from genplan.planners.configs import PlannerConfig
from genplan.planners.result import PlannerResult

#: Bump when the key or the stored value changes meaning; old entries are then simply not found.
CACHE_FORMAT = 1


def cache_key(
    domain_text: str,
    problem_text: str,
    config: PlannerConfig,
    time_limit: float,
    memory_limit_mb: int,
    fd_version: str,
) -> str:
    """SHA-256 (hex) of the canonical JSON of everything that can change a planner's answer."""
    material = {
        "format": CACHE_FORMAT,
        "domain": hashlib.sha256(domain_text.encode("utf-8")).hexdigest(),
        "problem": hashlib.sha256(problem_text.encode("utf-8")).hexdigest(),
        "planner": config.name,
        "driver_args": list(config.driver_args),
        "search_args": list(config.search_args),
        "time_limit": float(time_limit),
        "memory_limit_mb": int(memory_limit_mb),
        "fd_version": fd_version,
    }
    text = json.dumps(material, sort_keys=True, separators=(",", ":"))
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


class PlanCache:
    """A directory of planner results, ``<root>/<key[:2]>/<key>.json``."""

    def __init__(self, cache_dir: str | Path | None = None) -> None:
        self.directory = cache_root(cache_dir) / "planners"

    def path(self, key: str) -> Path:
        return self.directory / key[:2] / f"{key}.json"

    def get(self, key: str) -> PlannerResult | None:
        """The stored result (marked ``cached=True``), or ``None`` when absent or unreadable."""
        path = self.path(key)
        try:
            data = json.loads(path.read_text())
            if data.get("format") != CACHE_FORMAT:
                return None
            return PlannerResult.from_json(data["result"], cached=True)
        except (OSError, ValueError, KeyError, TypeError, AttributeError):
            return None

    def put(self, key: str, result: PlannerResult, *, task_name: str = "") -> Path:
        """Store ``result`` atomically; ``task_name`` is recorded for people reading the file."""
        path = self.path(key)
        path.parent.mkdir(parents=True, exist_ok=True)
        entry: dict[str, Any] = {"format": CACHE_FORMAT, "task": task_name, "result": result.to_json()}
        fd, tmp = tempfile.mkstemp(prefix=f".{key[:16]}.", suffix=".tmp", dir=path.parent)
        try:
            with os.fdopen(fd, "w") as f:
                json.dump(entry, f, indent=1, sort_keys=True)
                f.write("\n")
            os.replace(tmp, path)
        except BaseException:
            Path(tmp).unlink(missing_ok=True)
            raise
        return path
