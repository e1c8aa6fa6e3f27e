"""``genplan plan`` follows Fast Downward's conventions (issue 23, item 10): a plan file in FD's format
with ``--out``, FD's own aliases and search strings, checked before they run, and planner names that
show the FD configuration they stand for."""

from __future__ import annotations

from pathlib import Path

import pytest
from typer.testing import CliRunner

from genplan.cli import app
from genplan.core.errors import GenplanError
from genplan.generators.domains import BENCHMARKS_DIR
from genplan.planners import PLANNERS
from genplan.planners.configs import fast_downward_options
from genplan.planners.downward import aliases, last_plan_file
from genplan.planners.solve import fast_downward_config
from genplan.validate.plantext import parse_plan_text, plan_file_text
from tests.test_cli import genplan

FERRY = BENCHMARKS_DIR / "ferry"


def _problem() -> Path:
    return sorted((FERRY / "problems").glob("*.pddl"))[0]


def _check_plan_file(text: str) -> list[str]:
    """The steps of an FD-format plan file: ``(action args)`` lines, then the unit-cost line, valid."""
    from genplan.pddl import load_task
    from genplan.validate import validate

    lines = text.splitlines()
    steps = [line for line in lines if not line.startswith(";")]
    assert steps and all(s.startswith("(") and s.endswith(")") for s in steps), text
    assert f"; cost = {len(steps)} (unit cost)" in lines, text
    assert parse_plan_text(text) == steps
    assert validate(load_task(FERRY / "domain.pddl", _problem()), steps).valid
    return steps


def test_plan_file_text_is_fast_downwards_format() -> None:
    assert plan_file_text(["(a x)", "(b)"]) == "(a x)\n(b)\n; cost = 2 (unit cost)\n"
    assert plan_file_text([], comment="note") == "; cost = 0 (unit cost)\n; note\n"


def test_plan_writes_the_plan_file_with_out(tmp_path: Path) -> None:
    result = genplan("plan", str(FERRY / "domain.pddl"), str(_problem()), "--out", "p.plan", "--no-cache",
                     cwd=tmp_path)  # fmt: skip
    assert result.returncode == 0, result.stderr
    assert "(" not in result.stdout  # written, not printed
    assert "plan written to p.plan" in result.stderr
    _check_plan_file((tmp_path / "p.plan").read_text())


def test_plan_prints_the_same_format_without_out(tmp_path: Path) -> None:
    result = genplan("plan", str(FERRY), str(_problem()), "--planner", "lmcut", "--no-cache", cwd=tmp_path)
    assert result.returncode == 0, result.stderr
    printed = "\n".join(line for line in result.stdout.splitlines() if not line.startswith("; ") or "cost" in line)
    _check_plan_file(printed)


CUSTOM = [
    ("--alias", "lama-first", "alias:lama-first"),
    ("--alias", "lama", "alias:lama"),  # anytime: it writes sas_plan.1, sas_plan.2, ...
    ("--search", "astar(lmcut())", "search:astar(lmcut())"),
]


@pytest.mark.parametrize(("flag", "value", "name"), CUSTOM)
def test_plan_runs_a_fast_downward_alias_or_search_string(tmp_path: Path, flag: str, value: str, name: str) -> None:
    result = genplan("plan", "ferry", str(_problem()), flag, value, "--planner-time-limit", "20", "--out", "p.plan",
                     "--cache-dir", str(tmp_path / "c"), cwd=tmp_path)  # fmt: skip
    assert result.returncode == 0, result.stderr
    assert name in result.stderr  # the run is named after what it ran, never after a genplan planner name
    _check_plan_file((tmp_path / "p.plan").read_text())


def test_an_unknown_alias_or_a_broken_search_is_refused_before_anything_runs(tmp_path: Path) -> None:
    cases = [
        (("--alias", "lama-frist"), "no alias 'lama-frist'. Did you mean 'lama-first'?"),
        (("--search", "astar(lmcut()"), "parentheses do not match"),
        (("--alias", "lama-first", "--planner", "ff"), "each choose the search"),
    ]
    for args, expected in cases:
        result = genplan("plan", "ferry", str(_problem()), *args, cwd=tmp_path)
        assert result.returncode == 2, (args, result.stderr)
        assert expected in " ".join(result.stderr.split()), (args, result.stderr)
        assert "Traceback" not in result.stderr
    with pytest.raises(GenplanError, match="both choose"):
        fast_downward_config(alias="lama", search="astar(blind())")


def test_the_driver_aliases_are_read_from_the_installed_fast_downward() -> None:
    known = aliases()
    assert {"lama-first", "lama", "seq-opt-lmcut", "seq-sat-fdss-2023"} <= set(known)
    assert list(known) == sorted(known)


def test_the_last_numbered_plan_of_an_anytime_search_is_read(tmp_path: Path) -> None:
    assert last_plan_file(tmp_path) is None
    for k in (1, 2, 10):
        (tmp_path / f"sas_plan.{k}").write_text(f"; plan {k}\n")
    assert last_plan_file(tmp_path) == tmp_path / "sas_plan.10"
    (tmp_path / "sas_plan").write_text("")
    assert last_plan_file(tmp_path) == tmp_path / "sas_plan"


def test_every_planner_name_shows_its_fast_downward_configuration() -> None:
    result = CliRunner().invoke(app, ["planners"], env={"COLUMNS": "80", "TERMINAL_WIDTH": ""})
    assert result.exit_code == 0, result.output
    lines = result.output.splitlines()
    assert fast_downward_options(PLANNERS["lmcut"]) == '--search "astar(lmcut())"'
    assert fast_downward_options(PLANNERS["lama-first"]) == "--alias lama-first"
    for name, config in PLANNERS.items():
        row = next(i for i, line in enumerate(lines) if line.split()[:1] == [name])
        assert lines[row + 1].strip() == fast_downward_options(config), result.output  # the options under the name
    assert "seq-sat-fdss-2023" in result.output  # the aliases --alias takes
    for command in ("plan", "baselines", "scale", "solve"):
        text = CliRunner().invoke(app, [command, "--help"], env={"COLUMNS": "200", "TERMINAL_WIDTH": ""}).output
        assert "genplan planners" in " ".join(text.split()), command
