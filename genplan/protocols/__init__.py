"""Synthesis protocols: ordered uses of the stages in :mod:`genplan.stages`.

- :mod:`~genplan.protocols.config`: the settings of a run, and the presets (F5-3, F3-6, ``auto``, ...);
- :mod:`~genplan.protocols.context`: what every protocol shares (the run context, judging, evaluating);
- :mod:`~genplan.protocols.staged`: the paper's staged protocol;
- :mod:`~genplan.protocols.ladder`: the ``auto`` escalation ladder;
- :mod:`~genplan.protocols.conclude`: selection and the held-out score, how every protocol ends;
- :mod:`~genplan.protocols.artifacts`: the stages' results as files of the run folder;
- :mod:`~genplan.protocols.synthesize`: the entry point, which runs the configured protocol.
"""
