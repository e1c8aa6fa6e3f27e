"""Run folders: where a synthesis run keeps everything it made, and reading runs back.

- :mod:`~genplan.runs.folder`: the folder itself (``<cache>/runs/<domain>/<run-id>/``), finding runs;
- :mod:`~genplan.runs.summary`: what ``genplan inspect`` shows, and the ``summary.md`` of every run;
- :mod:`~genplan.runs.cost`: what a run's coverage cost (calls, tokens, coverage per call).
"""

from genplan.runs.folder import RunDir, find_run, list_runs, open_run, runs_root

__all__ = ["RunDir", "find_run", "list_runs", "open_run", "runs_root"]
