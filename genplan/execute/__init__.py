"""Running LLM-written programs safely and fast, in reproducible input orderings, and scoring them.

- :mod:`~genplan.execute.orderings`: the insertion-ordered input sets and the seeded orderings;
- :mod:`~genplan.execute.pool`: :class:`Executor`, warm fork servers feeding sandboxed children;
- :mod:`~genplan.execute.sandbox`, :mod:`~genplan.execute.seccomp`, :mod:`~genplan.execute.landlock`: the walls
  inside a child;
- :mod:`~genplan.execute.outcome`: :class:`Outcome`, :class:`Limits`, the failure kinds;
- :mod:`~genplan.execute.evaluate`: programs over tasks x orderings, validated, with coverage.

What is and is not isolated on each platform: ``docs/sandbox.md``.

Names are imported lazily: the fork server imports this package, and every module it holds makes each
``fork`` slower.
"""

from __future__ import annotations

import importlib

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any

_EXPORTS = {
    "OrderedSet": "genplan.execute.orderedset",
    "hash_seed": "genplan.execute.orderings",
    "ordering": "genplan.execute.orderings",
    "task_fingerprint": "genplan.execute.orderings",
    "CATEGORIES": "genplan.execute.outcome",
    "STATUSES": "genplan.execute.outcome",
    "Limits": "genplan.execute.outcome",
    "Outcome": "genplan.execute.outcome",
    "execution_feedback": "genplan.execute.outcome",
    "Executor": "genplan.execute.pool",
    "RunRequest": "genplan.execute.pool",
    "sandbox_capabilities": "genplan.execute.pool",
    "Evaluation": "genplan.execute.evaluate",
    "TaskOutcome": "genplan.execute.evaluate",
    "evaluate": "genplan.execute.evaluate",
    "evaluate_program": "genplan.execute.evaluate",
}

__all__ = sorted(_EXPORTS)


def __getattr__(name: str) -> Any:
    module = _EXPORTS.get(name)
    if module is None:
        raise AttributeError(f"module 'genplan.execute' has no attribute {name!r}")
    return getattr(importlib.import_module(module), name)
