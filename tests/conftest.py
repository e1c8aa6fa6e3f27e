"""Shared fixtures: the reference benchmark (unpacked on demand, never committed) and small tasks."""

from __future__ import annotations

import os
import shutil
from pathlib import Path

import pytest

from genplan.core.paths import LEARNING_ENV_VAR, REFERENCE_ENV_VAR, learning_track_data, reference_data
from genplan.core.paths import reference_root as locate_reference
from genplan.experiments.report.ipc2023 import LEARNING_DOMAINS

REPO = Path(__file__).resolve().parent.parent

# Error paragraphs wrap at the terminal's width (80 columns when there is no terminal), and a temporary
# path's length varies between test workers: a wide terminal keeps each message on one line, so tests can
# look for its phrases. The tests of the wrapping itself set COLUMNS themselves.
os.environ.setdefault("COLUMNS", "1000")

#: The 17 domains of the paper, in the order of its tables.
DOMAINS = (
    "delivery", "ferry", "gripper", "heavy", "hiking", "miconic", "spanner",
    "beluga", "blocksworld", "goldminer", "grippers", "logistics", "minigrid",
    "rovers", "satellite", "transport", "visitall",
)  # fmt: skip


def reference_source() -> Path:
    """The paper's data (tarball or folder), or skip: ``$GENPLAN_REFERENCE``, else the developers' copy.

    A fresh clone does not have the data (it may not be committed; see ../shared/reference/PROVENANCE.md),
    so the reason says how to provide it. A path named by the variable that does not exist fails instead.
    """
    source = reference_data()
    if source is None:
        pytest.skip(
            f"reference benchmark not available: set {REFERENCE_ENV_VAR} to the paper's genplan17.tar.gz "
            "or the folder it unpacks to"
        )
    return source


@pytest.fixture(scope="session")
def reference_root(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The paper's 17-domain benchmark in a temp dir: ``<root>/<domain>/...``.

    A tarball is unpacked there; a folder is copied there, so no test can change the user's data.
    """
    source = reference_source()
    out = tmp_path_factory.mktemp("reference")
    if source.is_dir():
        root = locate_reference(source, out)
        shutil.copytree(root, out / root.name)
        root = out / root.name
    else:
        root = locate_reference(source, out)
    missing = sorted(set(DOMAINS) - {p.name for p in root.iterdir() if p.is_dir()})
    assert not missing, f"the reference data {source} lacks the domains {', '.join(missing)}"
    return root


@pytest.fixture(scope="session")
def learning_root(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The IPC 2023 Learning Track as its organizers lay it out (``<root>/<domain>/training/...`` and
    ``<root>/solutions/``), unpacked or copied into a temp dir; skips with the reason when it is absent."""
    source = learning_track_data()
    if source is None:
        pytest.skip(
            f"IPC 2023 Learning Track data not available: set {LEARNING_ENV_VAR} to a clone of "
            "ipc2023-learning/benchmarks or a tarball of it"
        )
    out = tmp_path_factory.mktemp("learning")
    if source.is_dir():
        shutil.copytree(source, out / "ipc2023-learning")
        return out / "ipc2023-learning"
    root = locate_reference(source, out)
    missing = sorted(set(LEARNING_DOMAINS) - {p.name for p in root.iterdir() if p.is_dir()})
    assert not missing, f"the Learning Track data {source} lacks the domains {', '.join(missing)}"
    return root


def pytest_addoption(parser: pytest.Parser) -> None:
    parser.addoption(
        "--all-results",
        action="store_true",
        help="reproduce every published figure under docs/results/ (default: one per domain; "
        "scripts/verify_results.py does all of them without pytest)",
    )


#: Tests that took more than 2 s on 2 cores (``pytest --durations=0``, 2026-11-27) and carry no ``slow`` mark
#: of their own. They count as slow, as do the tests that read the reference datasets, so that
#: ``pytest -m "not slow"`` (the inner loop) stays near a minute and a half.
SLOW_TESTS = frozenset(
    {
        "tests/test_baselines.py::test_cli_prints_the_coverage_table_and_resumes",
        "tests/test_cli.py::test_ctrl_c_ends_with_a_message_exit_130_and_no_planner_left",
        "tests/test_cli_output.py::test_a_missing_key_is_reported_before_anything_is_created",
        "tests/test_cli_output.py::test_a_sweep_without_a_key_writes_nothing",
        "tests/test_cli_output.py::test_an_unusable_api_base_is_reported_before_anything_is_created",
        "tests/test_cluster.py::test_a_worker_killed_mid_sweep_loses_nothing",
        "tests/test_cluster.py::test_a_worker_of_another_genplan_is_refused",
        "tests/test_cluster.py::test_an_evaluation_on_the_workers_equals_a_local_one",
        "tests/test_cluster.py::test_baselines_on_the_workers_equal_local_ones_and_are_cached_here",
        "tests/test_cluster.py::test_losing_the_scheduler_stops_the_command_and_a_rerun_resumes",
        "tests/test_cluster.py::test_the_cli_starts_a_local_cluster_and_prints_its_dashboard",
        "tests/test_cluster.py::test_the_generalization_check_finds_the_same_counterexample_on_the_workers",
        "tests/test_cluster.py::test_the_zoo_is_contained_on_a_worker_exactly_as_here",
        "tests/test_cluster.py::test_verdicts_do_not_depend_on_the_executor_or_how_busy_the_machine_is",
        "tests/test_execute_zoo.py::test_a_sleeping_program_meets_the_wall_clock_backstop",
        "tests/test_ladder.py::test_no_rung_passes_without_a_check_of_its_last_program",
        "tests/test_generalize.py::test_a_bug_beyond_the_first_rounds_sizes_is_reached_while_the_budget_lasts",
        "tests/test_generalize.py::test_a_program_that_loops_does_not_make_the_check_overrun_its_budget",
        "tests/test_costumes.py::test_the_costumed_suite_keeps_no_original_name_and_its_plans",
        "tests/test_costumes.py::test_the_costumes_cover_the_papers_suites",
        "tests/test_execute_evaluate.py::test_results_are_cached_by_content",
        "tests/test_generalize.py::test_a_correct_program_has_no_counterexample",
        "tests/test_generalize.py::test_a_costumed_suite_gets_generated_tasks_in_its_own_names",
        "tests/test_generalize.py::test_a_generated_failure_is_made_smaller_through_its_generator",
        "tests/test_generalize.py::test_a_loop_cap_is_found_on_large_generated_tasks_and_the_found_task_fails",
        "tests/test_generalize.py::test_cli_exit_codes_and_files",
        "tests/test_generalize.py::test_the_check_reports_the_regenerated_task_with_where_it_came_from",
        "tests/test_generalize.py::test_the_pipeline_leaves_out_shuffled_names",
        "tests/test_generalize.py::test_variants_cover_every_family_and_by_construction_ones_are_solvable",
        "tests/test_generators.py::test_small_generated_tasks_are_solved_by_fast_downward",
        "tests/test_ladder.py::test_the_repair_rung_fixes_the_direct_program_and_the_strategy_rung_is_not_needed",
        "tests/test_ladder.py::test_without_repair_rounds_the_ladder_goes_from_direct_to_strategy",
        "tests/test_llm_litellm.py::test_reply_usage_reasoning_and_request",
        "tests/test_modelgen.py::test_cli_asks_once_with_the_debugging_tasks_only_keeps_the_generator_and_a_rerun_pays_no_call",
        "tests/test_modelgen.py::test_the_model_generator_finds_a_planted_failure_with_the_builtin_generator_off_and_shrinks_it",
        "tests/test_pipeline.py::test_full_scripted_ferry_run_and_cached_rerun",
        "tests/test_pipeline_generalize.py::test_counterexamples_feed_back_into_strategy_and_code",
        "tests/test_planners.py::test_memory_limit_gives_memory",
        "tests/test_protocol.py::test_a_crash_then_resume_sends_no_call_twice",
        "tests/test_protocol.py::test_an_answer_without_code_is_reasked_once_and_counted",
        "tests/test_protocol.py::test_each_preset_makes_exactly_its_call_sequence",
        "tests/test_rename.py::test_an_anonymized_suite_keeps_no_original_name",
        "tests/test_report.py::test_runs_are_found_and_read",
        "tests/test_report.py::test_written_files",
        "tests/test_results.py::test_a_figure_is_reproduced_or_found_to_differ",
        "tests/test_results.py::test_a_rebuilt_anonymized_suite_is_the_one_the_cli_makes",
        "tests/test_results.py::test_the_verify_script_exit_codes",
        "tests/test_scale.py::test_cli_prints_the_table_and_writes_the_files",
        "tests/test_solve.py::test_cli_paths_and_exit_codes",
        "tests/test_sweep.py::test_report_of_a_sweep_from_its_manifest",
    }
)
DATA_FIXTURES = {"reference_root", "learning_root"}


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    for item in items:
        if item.nodeid.split("[")[0] in SLOW_TESTS or DATA_FIXTURES & set(getattr(item, "fixturenames", ())):
            item.add_marker(pytest.mark.slow)
