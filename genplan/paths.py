"""Where genplan keeps its caches and run artifacts.

One place decides the cache root so every module (LLM replies, planner results, runs, the suite
registry) agrees: an explicit ``--cache-dir`` wins, then ``GENPLAN_CACHE_DIR``, then ``./cache``.
"""

from __future__ import annotations

import os
from pathlib import Path

ENV_VAR = "GENPLAN_CACHE_DIR"


def cache_root(override: str | Path | None = None) -> Path:
    """The cache root directory (not created here; writers create what they need)."""
    if override is not None:
        return Path(override).expanduser()
    env = os.environ.get(ENV_VAR)
    if env:
        return Path(env).expanduser()
    return Path("cache")
