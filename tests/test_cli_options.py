"""One name, one meaning and one default for what several commands share (issue 23, item 7): the memory
limit, the planner's time limit, the program's timeout, the split, the domain argument. The old
spellings still parse, as hidden aliases."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest
import typer
from typer.testing import CliRunner

from genplan.cli import app
from genplan.core.clihelp import with_aliases
from genplan.core.errors import GenplanError
from genplan.core.limits import PROGRAM_TIMEOUT_S
from genplan.core.options import HIDDEN_ALIASES, canonical_split
from tests.test_cli import genplan

GROUP = typer.main.get_command(app)


def parsed(command: str, *args: str) -> dict:
    """The values ``genplan COMMAND ARGS`` would run with: parsed, not run."""
    cmd = GROUP.commands[command]
    with cmd.make_context(command, list(args)) as ctx:
        return dict(ctx.params)


def help_of(command: str) -> str:
    result = CliRunner().invoke(app, [command, "--help"], env={"COLUMNS": "200", "TERMINAL_WIDTH": ""})
    assert result.exit_code == 0, result.output
    return result.output


def option_names(command: str) -> set[str]:
    return {opt for p in GROUP.commands[command].params for opt in getattr(p, "opts", ())}


# ------------------------------------------------------------------------------------------ one name
def test_every_command_names_memory_and_planner_time_alike() -> None:
    for command in ("plan", "baselines", "scale", "solve", "check", "evaluate"):
        names = option_names(command)
        assert "--memory" in names, command
        assert not names & {"--memory-mb", "--memory-limit", "--planner-timeout", "--time-limits"}, command
    for command in ("plan", "baselines", "scale", "solve"):
        assert "--planner-time-limit" in option_names(command), command


@pytest.mark.parametrize(
    ("command", "old", "value", "param", "expected"),
    [
        ("scale", "--memory-mb", "512", "memory_mb", 512),
        ("baselines", "--memory-limit", "1024", "memory_limit", 1024),
        ("solve", "--planner-timeout", "7", "planner_timeout", 7.0),
        ("baselines", "--time-limits", "5,10", "time_limits", "5,10"),
        ("plan", "--timeout", "9", "planner_time_limit", 9.0),  # plan runs no program: --timeout was its planner's
    ],
)
def test_old_spellings_still_parse_as_the_canonical_option(
    command: str, old: str, value: str, param: str, expected: object
) -> None:
    args = {"plan": ["d.pddl", "p.pddl"], "scale": ["x.py", "ferry"], "solve": ["ferry", "p.pddl"]}.get(command, [])
    assert parsed(command, *args, old, value)[param] == expected
    assert parsed(command, *args, f"{old}={value}")[param] == expected
    assert old not in help_of(command)  # hidden: --help shows one name


def test_an_alias_never_shadows_a_real_option_nor_touches_arguments_after_a_double_dash() -> None:
    # In scale, --timeout is the program's; it must not become the planner's.
    assert parsed("scale", "x.py", "ferry", "--timeout", "3")["timeout"] == 3.0
    assert parsed("scale", "x.py", "ferry", "--timeout", "3")["planner_time_limit"] == 45.0
    own = {"--memory", "--timeout"}
    assert with_aliases(["--memory-mb", "1", "--", "--memory-mb"], own, HIDDEN_ALIASES) == [
        "--memory", "1", "--", "--memory-mb",
    ]  # fmt: skip


def test_one_default_for_the_program_timeout() -> None:
    assert PROGRAM_TIMEOUT_S == 45.0
    assert parsed("check", "x.py", "ferry")["timeout"] == PROGRAM_TIMEOUT_S
    assert parsed("scale", "x.py", "ferry")["timeout"] == PROGRAM_TIMEOUT_S
    assert parsed("solve", "ferry", "p.pddl")["timeout"] == PROGRAM_TIMEOUT_S
    assert f"(default: {PROGRAM_TIMEOUT_S:g}" in " ".join(help_of("evaluate").split())
    from genplan.execute.outcome import LIMIT_PROTOCOLS

    assert LIMIT_PROTOCOLS["genplan"][0] == PROGRAM_TIMEOUT_S  # the named limits agree


def test_baselines_says_its_several_time_limits_are_one_baseline_each() -> None:
    text = " ".join(help_of("baselines").split())
    assert "--planner-time-limit" in text and "comma-separated, give one baseline each" in text


# ----------------------------------------------------------------------------------------- the split
def test_split_names_are_the_same_everywhere() -> None:
    assert [canonical_split(s) for s in ("heldout", "eval", "debug", "all", "HELDOUT")] == [
        "heldout", "heldout", "debug", "all", "heldout",
    ]  # fmt: skip
    with pytest.raises(GenplanError, match="Unknown split 'test'"):
        canonical_split("test")
    assert parsed("evaluate", "x.py", "ferry")["split"] == parsed("baselines")["split"] == "heldout"


def _suite(tmp_path: Path) -> Path:
    from genplan.generators import ferry
    from genplan.generators.domains import builtin_domain_path
    from genplan.pddl.writer import write_problem

    root = tmp_path / "ferry"
    (root / "problems").mkdir(parents=True)
    shutil.copy(builtin_domain_path("ferry"), root / "domain.pddl")
    for k in range(3):
        task = ferry.generate(ferry.Params(locations=3, cars=1 + k), seed=k, name=f"instance-{k}")
        (root / "problems" / f"instance-{k}.pddl").write_text(write_problem(task))
    (root / "split.json").write_text(json.dumps({"debug": ["instance-0"], "heldout": ["instance-1", "instance-2"]}))
    return root


def test_evaluate_accepts_heldout_and_a_domain_pddl_path(tmp_path: Path) -> None:
    root = _suite(tmp_path)
    good = Path(__file__).parent / "zoo" / "good_ferry.py"
    for domain in (str(root / "domain.pddl"), str(root) + "/"):
        result = genplan("evaluate", str(good), domain, "--split", "heldout", "--orderings", "1", "--report", "r.json",
                         "--cache-dir", str(tmp_path / "c"), cwd=tmp_path)  # fmt: skip
        assert result.returncode == 0, result.stderr
        assert "coverage 100.0% (2/2 tasks" in result.stdout
        assert json.loads((tmp_path / "r.json").read_text())["tasks"][0]["task_id"] == "instance-1"


# ------------------------------------------------------------------------------------ the domain argument
def test_one_resolver_reads_a_domain_as_a_name_a_domain_pddl_or_a_suite_folder(tmp_path: Path) -> None:
    from genplan.benchmarks.registry import domain_file, resolve_suite
    from genplan.benchmarks.suite import SuiteError

    root = _suite(tmp_path)
    assert domain_file("ferry") is None  # a name, even with a folder of that name around
    assert domain_file(str(root / "domain.pddl")) == root / "domain.pddl"
    assert domain_file(str(root)) == root / "domain.pddl"
    by_path = resolve_suite(str(root / "domain.pddl"))
    assert by_path.split.heldout == ("instance-1", "instance-2") and by_path.domain.name == "ferry"
    assert resolve_suite(str(root)).split.debug == ("instance-0",)
    with pytest.raises(SuiteError, match="does not exist"):
        domain_file(str(tmp_path / "nope" / "domain.pddl"))
    lone = tmp_path / "lone"
    lone.mkdir()
    shutil.copy(root / "domain.pddl", lone / "domain.pddl")
    with pytest.raises(SuiteError, match="not in a suite folder"):
        resolve_suite(str(lone / "domain.pddl"))


def test_check_scale_solve_and_inspect_take_a_domain_path(tmp_path: Path) -> None:
    root = _suite(tmp_path)
    domain = str(root / "domain.pddl")
    from genplan.cli import _generator_domain

    assert _generator_domain(domain) == "ferry"
    # inspect files runs under the suite folder's name: the path reads as that domain.
    result = genplan("inspect", domain, "--cache-dir", str(tmp_path / "c"), cwd=tmp_path)
    assert result.returncode == 2 and "no runs for the domain 'ferry'" in " ".join(result.stderr.split())
    # check reads the suite of the path (a missing program is reported after the domain was understood).
    good = Path(__file__).parent / "zoo" / "good_ferry.py"
    result = genplan("check", str(good), domain, "--budget", "3", "--shrink-budget", "0", "--orderings", "1",
                     "--jobs", "1", "--out", "chk", "--cache-dir", str(tmp_path / "c"), cwd=tmp_path)  # fmt: skip
    assert result.returncode in (0, 1), result.stderr
    assert "Traceback" not in result.stderr
    # solve already took a domain.pddl; a suite folder works too.
    from genplan.programs.solve import load_domain

    assert load_domain(str(root)).name == load_domain(domain).name == "ferry"
