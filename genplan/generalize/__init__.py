"""The generalization check: does a program solve tasks beyond its debugging tasks?

``check_program`` runs a program on a stream of new tasks (generated, variants of the debugging tasks,
given), stops at the first solvable task it fails on and shrinks it (``genplan check``); the pipeline
feeds such counterexamples back into debugging. One module per concept:

- :mod:`~genplan.generalize.check`: the search and its result;
- :mod:`~genplan.generalize.generated`, :mod:`~genplan.generalize.variants`: the sources of tasks;
- :mod:`~genplan.generalize.walk`: random walks (reachable states) for the variants;
- :mod:`~genplan.generalize.naming`: which generator fits a suite's domain, in which names;
- :mod:`~genplan.generalize.shrink`: shrinking a failing task;
- :mod:`~genplan.generalize.solvable`: proving a task solvable;
- :mod:`~genplan.generalize.artifacts`: the files ``genplan check`` writes.
"""

from genplan.generalize.check import CheckResult, CheckSettings, Counterexample, check_program

__all__ = ["CheckResult", "CheckSettings", "Counterexample", "check_program"]
