"""Every command's ``--help`` at 80 columns, as a new user reads it: click's conventions (no ``<bool>``
after a flag, metavars in capitals, ``DOMAIN PROBLEM`` in the usage line), no line wider than the
terminal, no word broken across lines, no ragged paragraph."""

from __future__ import annotations

import re

import pytest
import typer
from typer.testing import CliRunner

from genplan.cli import app
from genplan.core.clihelp import reflow

#: The characters of rich's boxes, which are not words.
_BOX = str.maketrans({c: " " for c in "│╭╮╰╯─"})


def _commands(group, path: tuple[str, ...] = ()):
    yield path, group
    for name, command in sorted(getattr(group, "commands", {}).items()):
        yield from _commands(command, (*path, name))


COMMANDS = [path for path, _ in _commands(typer.main.get_command(app))]


def help_text(path: tuple[str, ...], columns: int) -> str:
    result = CliRunner().invoke(app, [*path, "--help"], env={"COLUMNS": str(columns), "TERMINAL_WIDTH": ""})
    assert result.exit_code == 0, (path, result.output)
    return result.output


def test_the_walk_reaches_every_command_and_subcommand() -> None:
    assert ("plan",) in COMMANDS and ("benchmarks", "costume") in COMMANDS and () in COMMANDS
    assert len(COMMANDS) >= 20


@pytest.mark.parametrize("path", COMMANDS, ids=lambda p: " ".join(p) or "genplan")
def test_help_reads_at_80_columns(path: tuple[str, ...]) -> None:
    text = help_text(path, 80)
    for line in text.splitlines():
        assert len(line) <= 80, (path, line)
    assert "<bool>" not in text and "<" + "str>" not in text, text
    assert "list[" not in text, text
    assert not re.search(r"\{\w+\}", text), text  # typer's {domain} placeholders
    usage = next(line for line in text.splitlines() if "Usage:" in line)
    pieces = usage.split("Usage:")[1].split()[1 + len(path) :]  # after "genplan" and the command's words
    for piece in pieces:
        assert piece == piece.upper(), (path, usage)  # [OPTIONS], DOMAIN, [RUN_DIRS]..., COMMAND [ARGS]...
    # No word broken across lines: every word at 80 columns is a word of the same help printed wide.
    wide = set(help_text(path, 400).translate(_BOX).split())
    for word in text.translate(_BOX).split():
        assert word in wide, (path, word, text)


def test_flags_take_no_placeholder_and_options_show_their_metavar() -> None:
    text = help_text(("plan",), 80)
    flag = next(line for line in text.splitlines() if "--no-cache" in line)
    assert flag.split("--no-cache")[1].split()[0] == "Do", flag
    assert re.search(r"--memory\s+INTEGER", text), text
    assert "Usage: genplan plan [OPTIONS] DOMAIN PROBLEM" in " ".join(text.split())
    report = " ".join(help_text(("report",), 80).split())
    assert "Usage: genplan report [OPTIONS] [RUN_DIRS]..." in report
    assert re.search(r"--scale PATH", report), report


def test_a_docstring_paragraph_is_one_paragraph_whatever_its_source_lines() -> None:
    assert (
        reflow("First line\n    goes on.\n\n    Second\n    paragraph.") == "First line goes on.\n\nSecond paragraph."
    )
    assert reflow("Keep\n\n\b\nthese\nlines") == "Keep\n\n\b\nthese\nlines"
    # The example: scale's second paragraph no longer ends in a short line of its own.
    text = help_text(("scale",), 80)
    assert "sizes after one where it solved no task." in " ".join(text.split())
    lines = [line.strip() for line in text.splitlines()]
    assert "solved no task." not in lines
