"""Search artifacts: a heuristic (and optionally a successor function) the model writes, searched by genplan.

- :mod:`~genplan.search.runtime`: the stdlib-only search engine and lifted successor generator, pasted
  into the programs that run in the sandbox;
- :mod:`~genplan.search.compose`: recognising an artifact and composing it into a runnable program;
- :mod:`~genplan.search.states`: sampling states of training tasks for the checks;
- :mod:`~genplan.search.check`: the exact checks of the model's successors and heuristic, with feedback.
"""
