"""Facts from the paper (Stein et al., *Improved Generalized Planning with LLMs through Strategy
Refinement and Reflection*): its domain order and column order of configurations, which the report's
tables follow, and the figures of its Table 1, which the report shows beside genplan's coverage.

The figures are the paper's numbers copied as published (percentages of held-out tasks solved, rounded to
integers by the paper); only genplan's names for domains and presets are ours. Where the paper's own
figures disagree, they are kept as published: heavy, GPT-4o, Si1 has an average of 100 over three runs but
53 for the best run, and the published "Avg" row differs from the mean of the published domain rows by up
to 4 points in some columns (GPT-4o -MC: 40 published, 43.7 from the rows). That is why the report
averages the domain rows itself, over the domains it has runs of, instead of quoting the "Avg" row.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from types import MappingProxyType

#: The paper's domain order: Silver et al.'s seven domains, then the additional ten.
PAPER_DOMAINS: tuple[str, ...] = (
    "delivery", "ferry", "gripper", "heavy", "hiking", "miconic", "spanner",
    "beluga", "blocksworld", "goldminer", "grippers", "logistics", "minigrid",
    "rovers", "satellite", "transport", "visitall",
)  # fmt: skip
#: The paper's column order of configurations (Bas, F5-3, F3-6, -MC, -SD, -CR); others follow sorted.
PAPER_CONFIGS: tuple[str, ...] = ("baseline", "F5-3", "F3-6", "no-multi", "no-strategy-debug", "no-reflection")


@dataclass(frozen=True)
class PaperCoverage:
    """One model's row of the paper's Table 1 for one domain: a percentage per column of
    :data:`TABLE1_COLUMNS`."""

    #: The average coverage over the paper's three runs ("Avg coverage three runs").
    mean: tuple[int, ...]
    #: The coverage of the best of the three runs ("Coverage best run").
    best: tuple[int, ...]

    def of(self, preset: str) -> tuple[int, int] | None:
        """(average, best run) of a genplan preset, or ``None`` when the paper has no such column."""
        column = TABLE1_PRESETS.get(preset)
        if column is None:
            return None
        i = TABLE1_COLUMNS.index(column)
        return self.mean[i], self.best[i]


#: The paper's columns of Table 1, in its order: Si1 is Silver et al.'s original framework (not a genplan
#: preset), Bas the paper's re-implemented baseline, F5-3 and F3-6 its method (N programs, K_C code
#: rounds), and -MC, -SD, -CR its ablations of F3-6 (no multiple programs, no strategy debugging, no code
#: reflection).
TABLE1_COLUMNS: tuple[str, ...] = ("Si1", "Bas", "F5-3", "F3-6", "-MC", "-SD", "-CR")
#: genplan's preset -> the paper's column.
TABLE1_PRESETS: Mapping[str, str] = MappingProxyType({
    "baseline": "Bas", "F5-3": "F5-3", "F3-6": "F3-6",
    "no-multi": "-MC", "no-strategy-debug": "-SD", "no-reflection": "-CR",
})  # fmt: skip
#: The models of Table 1 (the paper's non-reasoning LLMs): GPT-4o and Llama 3.3.
TABLE1_MODELS: tuple[str, ...] = ("gpt-4o", "llama-3.3")
#: The model whose figures the report shows. GPT-4o: the paper's Table 1 model that it also uses for its
#: costumed and anonymized variants (Table 3) and for its manual analysis of the programs; and one model
#: for every preset, so a row compares protocols, not the better of two models picked cell by cell.
REPORT_MODEL = "gpt-4o"

#: The paper's Table 1, per domain (genplan's names) and model.
PAPER_TABLE1: Mapping[str, Mapping[str, PaperCoverage]] = MappingProxyType({
    "delivery": MappingProxyType({
        "gpt-4o": PaperCoverage((100, 100, 100, 100, 100, 100, 100), (100, 100, 100, 100, 100, 100, 100)),
        "llama-3.3": PaperCoverage((100, 100, 100, 100, 67, 100, 100), (100, 100, 100, 100, 100, 100, 100)),
    }),
    "ferry": MappingProxyType({
        "gpt-4o": PaperCoverage((33, 100, 100, 100, 100, 35, 100), (100, 100, 100, 100, 100, 100, 100)),
        "llama-3.3": PaperCoverage((100, 100, 67, 100, 100, 100, 100), (100, 100, 100, 100, 100, 100, 100)),
    }),
    "gripper": MappingProxyType({
        "gpt-4o": PaperCoverage((79, 100, 100, 88, 100, 100, 100), (100, 100, 100, 100, 100, 100, 100)),
        "llama-3.3": PaperCoverage((64, 55, 100, 67, 100, 88, 88), (64, 100, 100, 100, 100, 100, 100)),
    }),
    "heavy": MappingProxyType({
        "gpt-4o": PaperCoverage((100, 67, 100, 100, 100, 100, 100), (53, 100, 100, 100, 100, 100, 100)),
        "llama-3.3": PaperCoverage((100, 100, 100, 100, 88, 92, 97), (100, 100, 100, 100, 100, 100, 100)),
    }),
    "hiking": MappingProxyType({
        "gpt-4o": PaperCoverage((100, 0, 33, 67, 0, 0, 67), (100, 0, 100, 100, 0, 0, 100)),
        "llama-3.3": PaperCoverage((100, 43, 95, 67, 81, 100, 67), (100, 100, 100, 100, 100, 100, 100)),
    }),
    "miconic": MappingProxyType({
        "gpt-4o": PaperCoverage((11, 4, 68, 33, 0, 1, 4), (32, 12, 100, 100, 0, 3, 12)),
        "llama-3.3": PaperCoverage((41, 4, 5, 4, 10, 0, 0), (100, 12, 12, 9, 18, 0, 0)),
    }),
    "spanner": MappingProxyType({
        "gpt-4o": PaperCoverage((0, 6, 33, 67, 33, 67, 33), (0, 15, 100, 100, 100, 100, 100)),
        "llama-3.3": PaperCoverage((0, 0, 33, 67, 0, 1, 12), (0, 0, 100, 100, 0, 3, 35)),
    }),
    "beluga": MappingProxyType({
        "gpt-4o": PaperCoverage((0, 0, 0, 0, 0, 0, 0), (0, 0, 0, 0, 0, 0, 0)),
        "llama-3.3": PaperCoverage((7, 0, 0, 0, 0, 0, 0), (10, 0, 0, 0, 0, 0, 0)),
    }),
    "blocksworld": MappingProxyType({
        "gpt-4o": PaperCoverage((2, 12, 6, 7, 6, 5, 4), (4, 20, 12, 13, 8, 6, 6)),
        "llama-3.3": PaperCoverage((50, 0, 14, 11, 5, 8, 11), (100, 1, 20, 22, 14, 12, 14)),
    }),
    "goldminer": MappingProxyType({
        "gpt-4o": PaperCoverage((6, 0, 4, 11, 2, 3, 2), (14, 0, 6, 24, 6, 6, 6)),
        "llama-3.3": PaperCoverage((3, 0, 0, 1, 0, 2, 0), (5, 0, 0, 4, 0, 5, 0)),
    }),
    "grippers": MappingProxyType({
        "gpt-4o": PaperCoverage((100, 33, 100, 100, 71, 100, 100), (100, 100, 100, 100, 100, 100, 100)),
        "llama-3.3": PaperCoverage((71, 100, 100, 100, 100, 100, 100), (93, 100, 100, 100, 100, 100, 100)),
    }),
    "logistics": MappingProxyType({
        "gpt-4o": PaperCoverage((2, 45, 100, 94, 94, 77, 74), (6, 100, 100, 100, 100, 100, 100)),
        "llama-3.3": PaperCoverage((7, 12, 42, 46, 60, 21, 16), (14, 19, 94, 100, 83, 26, 41)),
    }),
    "minigrid": MappingProxyType({
        "gpt-4o": PaperCoverage((0, 31, 48, 61, 37, 36, 42), (0, 42, 54, 72, 68, 42, 47)),
        "llama-3.3": PaperCoverage((21, 26, 65, 51, 41, 53, 46), (42, 37, 82, 60, 42, 64, 54)),
    }),
    "rovers": MappingProxyType({
        "gpt-4o": PaperCoverage((0, 0, 7, 0, 0, 1, 0), (0, 0, 20, 0, 0, 4, 0)),
        "llama-3.3": PaperCoverage((0, 0, 0, 0, 0, 0, 0), (0, 0, 0, 0, 0, 0, 0)),
    }),
    "satellite": MappingProxyType({
        "gpt-4o": PaperCoverage((33, 48, 69, 29, 67, 60, 45), (60, 68, 100, 44, 72, 100, 52)),
        "llama-3.3": PaperCoverage((31, 4, 36, 36, 35, 32, 37), (36, 12, 44, 44, 44, 44, 44)),
    }),
    "transport": MappingProxyType({
        "gpt-4o": PaperCoverage((0, 0, 33, 67, 0, 0, 0), (0, 0, 100, 100, 0, 0, 0)),
        "llama-3.3": PaperCoverage((0, 0, 60, 26, 19, 59, 33), (0, 0, 89, 79, 57, 100, 100)),
    }),
    "visitall": MappingProxyType({
        "gpt-4o": PaperCoverage((70, 80, 80, 100, 33, 78, 51), (100, 100, 100, 100, 100, 100, 100)),
        "llama-3.3": PaperCoverage((20, 15, 60, 52, 55, 88, 47), (35, 20, 81, 100, 100, 100, 91)),
    }),
})  # fmt: skip
#: The paper's "Avg" row of Table 1 (the mean over its 17 domains, as published), per model.
PAPER_TABLE1_AVERAGE: Mapping[str, PaperCoverage] = MappingProxyType({
    "gpt-4o": PaperCoverage((37, 37, 58, 60, 40, 49, 48), (48, 50, 76, 74, 56, 57, 60)),
    "llama-3.3": PaperCoverage((42, 31, 54, 48, 45, 50, 42), (53, 41, 66, 66, 56, 56, 58)),
})  # fmt: skip
