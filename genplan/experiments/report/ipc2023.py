"""Published figures on the IPC 2023 Learning Track's 900 test tasks, which the report shows beside genplan's.

Copied as published, each with its source:

- **Per domain** (tasks solved of 90), from Pereira, Corrêa and Seipp's property-guided heuristic synthesis
  (their Table 1; 5 min and 8 GiB a task): their direct heuristics with hill
  climbing (an average over three runs, Gemini 3.1 Pro), their re-run of sample-and-select (Corrêa et al.)
  with greedy best-first search, and the FF heuristic with greedy best-first search.
- **Totals only** (no per-domain figures in our sources), from the IPC 2023 Learning Track's results
  (30 min, 8 GiB, one core): the best entries by tasks solved, and the IPC quality scores of FDSS and LAMA.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from types import MappingProxyType

#: The Learning Track's domains, in the organizers' (alphabetical) order.
LEARNING_DOMAINS: tuple[str, ...] = (
    "blocksworld", "childsnack", "ferry", "floortile", "miconic",
    "rovers", "satellite", "sokoban", "spanner", "transport",
)  # fmt: skip
TASKS_PER_DOMAIN = 90

PROPERTY_GUIDED = "Pereira, Corrêa, Seipp: property-guided heuristic synthesis, Table 1 (5 min, 8 GiB)"
IPC2023 = "IPC 2023 Learning Track results (30 min, 8 GiB, one core)"


@dataclass(frozen=True)
class Anchor:
    """One published system: tasks solved per domain (where published), its total, and where it is from."""

    name: str
    source: str
    total: float
    per_domain: Mapping[str, float] = field(default_factory=lambda: MappingProxyType({}))
    #: ``"coverage"`` (tasks solved) or ``"quality"`` (the IPC quality score).
    measure: str = "coverage"


def _domains(*values: float) -> Mapping[str, float]:
    return MappingProxyType(dict(zip(LEARNING_DOMAINS, values, strict=True)))


#: Per-domain anchors, in the order the report shows them.
PER_DOMAIN: tuple[Anchor, ...] = (
    Anchor("direct heuristics + HC", PROPERTY_GUIDED, 623.3,
           _domains(77.3, 71.7, 72.3, 40.7, 90.0, 42.7, 55.7, 30.0, 75.0, 68.0)),
    Anchor("sample-and-select + GBFS", PROPERTY_GUIDED, 573, _domains(84, 58, 67, 30, 83, 44, 57, 30, 66, 54)),
    Anchor("FF + GBFS", PROPERTY_GUIDED, 298, _domains(23, 12, 45, 11, 61, 29, 35, 29, 30, 23)),
)  # fmt: skip
#: Anchors published as totals over the 900 tasks only.
TOTALS: tuple[Anchor, ...] = (
    Anchor("HUZAR (best IPC entry)", IPC2023, 572),
    Anchor("GOFAI", IPC2023, 560),
    Anchor("FD-SMAC baseline", IPC2023, 548),
    Anchor("FDSS", IPC2023, 574.1, measure="quality"),
    Anchor("LAMA", IPC2023, 517.6, measure="quality"),
)
