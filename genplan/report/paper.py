"""Facts from the paper (Stein et al., *Improved Generalized Planning with LLMs through Strategy
Refinement and Reflection*) that the report lays out its tables by: its domain order and its column order
of configurations.
"""

from __future__ import annotations

#: The paper's domain order: Silver et al.'s seven domains, then the additional ten.
PAPER_DOMAINS: tuple[str, ...] = (
    "delivery", "ferry", "gripper", "heavy", "hiking", "miconic", "spanner",
    "beluga", "blocksworld", "goldminer", "grippers", "logistics", "minigrid",
    "rovers", "satellite", "transport", "visitall",
)  # fmt: skip
#: The paper's column order of configurations (Bas, F5-3, F3-6, -MC, -SD, -CR); others follow sorted.
PAPER_CONFIGS: tuple[str, ...] = ("baseline", "F5-3", "F3-6", "no-multi", "no-strategy-debug", "no-reflection")
