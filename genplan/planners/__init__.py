"""Fast Downward as genplan's symbolic planner: optimal and satisficing configurations, honest statuses,
limits on time and memory, validated plans and an on-disk cache.

>>> result = plan(task, "lmcut", time_limit=30)   # doctest: +SKIP
>>> result.status, result.plan_length              # doctest: +SKIP
('solved', 7)
"""

from genplan.planners.cache import PlanCache, cache_key
from genplan.planners.configs import PLANNERS, PlannerConfig
from genplan.planners.result import LIMIT_INDEPENDENT, STATUSES, PlannerResult
from genplan.planners.solve import lookup_plan, optimal_plan, plan, planner_config, store_plan

__all__ = [
    "LIMIT_INDEPENDENT",
    "PLANNERS",
    "STATUSES",
    "PlanCache",
    "PlannerConfig",
    "PlannerResult",
    "cache_key",
    "lookup_plan",
    "optimal_plan",
    "plan",
    "planner_config",
    "store_plan",
]
