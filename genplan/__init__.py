"""genplan: LLM-synthesized generalized plans for PDDL domains, checked by a sound validator."""

__version__ = "0.1.0"
