"""The Fast Downward configurations genplan offers, by name.

The paper's baselines are A* with LM-cut (optimal) and greedy best-first search with the FF heuristic
(satisficing). For "GBFS with FF" we use *lazy* greedy search with FF as both the heuristic and the
source of preferred operators, which is the setting the reference system ran for its satisficing
baseline, and the usual "ff" configuration in the Fast Downward literature. lama-first (the first
iteration of LAMA 2011) is added because it is the strongest single satisficing configuration FD ships,
and the default where only *some* plan is wanted. All three searches are complete, so when one of them
exhausts the state space, unsolvability is proved.

The search strings use the ``let(...)`` syntax of current Fast Downward releases, which keeps a whole
configuration in one ``--search`` argument.
"""

from __future__ import annotations

from dataclasses import dataclass
from types import MappingProxyType


@dataclass(frozen=True)
class PlannerConfig:
    """One named planner configuration: the driver arguments that select it."""

    name: str
    description: str
    #: Arguments given to the driver before the task files (e.g. an alias).
    driver_args: tuple[str, ...]
    #: Arguments given after the task files (the search component's options).
    search_args: tuple[str, ...]
    #: True when the returned plans are guaranteed optimal.
    optimal: bool


_CONFIGS = (
    PlannerConfig(
        name="lmcut",
        description="A* search with the LM-cut heuristic: optimal plans (the paper's 'lm' baseline).",
        driver_args=(),
        search_args=("--search", "astar(lmcut())"),
        optimal=True,
    ),
    PlannerConfig(
        name="ff",
        description=(
            "Greedy best-first search (lazy) with the FF heuristic and its preferred operators: "
            "satisficing (the paper's 'ff' baseline)."
        ),
        driver_args=(),
        search_args=("--search", "let(hff, ff(), lazy_greedy([hff], preferred=[hff]))"),
        optimal=False,
    ),
    PlannerConfig(
        name="lama-first",
        description="The first iteration of LAMA 2011 (FF plus landmarks, lazy greedy): fast satisficing.",
        driver_args=("--alias", "lama-first"),
        search_args=(),
        optimal=False,
    ),
)

#: Every configuration by name, in a fixed order (optimal first).
PLANNERS: MappingProxyType[str, PlannerConfig] = MappingProxyType({c.name: c for c in _CONFIGS})


def fast_downward_options(config: PlannerConfig) -> str:
    """The Fast Downward options a configuration stands for, as one would type them after the task files
    (``--search "astar(lmcut())"``, ``--alias lama-first``): what a planner name means, shown to users."""
    args = [*config.driver_args, *config.search_args]
    return " ".join(f'"{a}"' if any(c in a for c in " (,") else a for a in args)


def custom_config(*, alias: str | None = None, search: str | None = None) -> PlannerConfig:
    """A configuration of Fast Downward's own: an alias of its driver (``lama-first``, ``seq-opt-lmcut``,
    a portfolio) or a search string (``astar(lmcut())``). It is named after what it runs, so that its
    results (and cache entries) can never be taken for those of a named configuration.

    Only the form is checked here; :func:`genplan.planners.solve.check_alias` checks an alias against the
    installed driver's."""
    if (alias is None) == (search is None):
        raise ValueError("give exactly one of alias and search")
    if alias is not None:
        return PlannerConfig(
            name=f"alias:{alias}", description=f"Fast Downward's alias {alias}.", driver_args=("--alias", alias),
            search_args=(), optimal=alias.startswith("seq-opt"),
        )  # fmt: skip
    assert search is not None
    return PlannerConfig(
        name=f"search:{search}", description="A Fast Downward search string.", driver_args=(),
        search_args=("--search", search), optimal=False,
    )  # fmt: skip
