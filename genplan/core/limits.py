"""The default limits of a run, one value each for every command and the library.

Why a module of its own: the sandbox and the evaluation (``genplan.execute``) need these numbers, and
must not import the command line's option definitions (:mod:`genplan.core.options`, which imports typer)
to get them."""

from __future__ import annotations

#: CPU seconds a program run may take, in every command that runs programs (the paper's limit).
PROGRAM_TIMEOUT_S = 45.0
#: MiB a program run may use.
PROGRAM_MEMORY_MB = 4096
#: MiB a Fast Downward run may use (the paper's baselines had 8 GB).
PLANNER_MEMORY_MB = 8192
