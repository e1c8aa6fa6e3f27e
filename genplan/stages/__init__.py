"""The synthesis stages, one module each, every stage a plain function of dataclasses to dataclasses.

- :mod:`describe`: natural-language descriptions of the domain and of the debugging tasks;
- :mod:`strategy`: the strategy (pseudocode or prose) and its debugging against the validator;
- :mod:`codegen`: program variants and their debugging in reflection loops;
- :mod:`direct`: one program written straight from the PDDL and two examples (the auto protocol's first rung);
- :mod:`counterexamples`: the generalization check as a stage: counterexamples become debugging tasks;
- :mod:`select`: choosing the best program on the debugging tasks;
- :mod:`extract`: reading plans, pseudocode and programs out of LLM answers;
- :mod:`conversation`: the one helper all stages use to ask the LLM and re-ask on a format slip, and the
  one that sends independent requests at once.
"""
