"""What the commands print, as a new user meets it in an 80-column terminal: whole paths and commands,
tables that read, help texts that keep their words, malformed input and a failed start reported at once."""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

from tests.test_cli import DOMAIN
from tests.test_terminal import body_lines, render

#: Left out of the commands' environment: they run as a new user's would, without any key.
KEY_VARS = ("OPENAI_API_KEY", "DEEPSEEK_API_KEY", "ANTHROPIC_API_KEY", "GEMINI_API_KEY", "GOOGLE_API_KEY")


def genplan(*args: str, cwd: Path, columns: int = 80) -> subprocess.CompletedProcess:
    """The command in a terminal ``columns`` wide (rich reads COLUMNS), without any API key."""
    env = {k: v for k, v in os.environ.items() if k not in KEY_VARS} | {"COLUMNS": str(columns)}
    return subprocess.run([sys.executable, "-m", "genplan.cli", *args], capture_output=True, text=True, cwd=cwd,
                          env=env, timeout=120)  # fmt: skip


def assert_reads_at_80(text: str, cells: list[str], *, copyable: tuple[str, ...] = ()) -> None:
    """Every line fits 80 columns (but a line holding a path or command to copy), nothing is cut short,
    no table cell is wrapped onto a continuation line, and every cell is whole on one line."""
    lines = text.splitlines()
    for line in lines:
        assert len(line) <= 80 or any(c in line for c in copyable), line
    assert "…" not in text
    assert all(cells[0] for cells in body_lines(text)), text  # a wrapped cell leaves a blank first cell
    for cell in cells:
        assert any(cell in line for line in lines), (cell, text)


# ----------------------------------------------------------------------------------------- malformed input
def test_a_problem_without_init_is_a_user_error(tmp_path: Path) -> None:
    (tmp_path / "d.pddl").write_text(DOMAIN)
    (tmp_path / "p.pddl").write_text("(define (problem t) (:domain d)\n  (:objects o)\n  (:goal (q o)))\n")
    (tmp_path / "x.plan").write_text("(a o)\n")
    result = genplan("validate", "d.pddl", "p.pddl", "x.plan", cwd=tmp_path)
    assert result.returncode == 2, result.stdout
    assert "p.pddl, line 1: The problem has no (:init ...) section." in result.stderr
    assert "Traceback" not in result.stderr and "cannot be executed" not in result.stdout + result.stderr


# ------------------------------------------------------------------------------------------ failed starts
def test_a_missing_key_is_reported_before_anything_is_created(tmp_path: Path) -> None:
    cache = tmp_path / "cache"
    result = genplan("synthesize", "ferry", "--cache-dir", str(cache), cwd=tmp_path)
    assert result.returncode == 2, result.stderr
    assert "OPENAI_API_KEY is not set" in result.stderr and "Traceback" not in result.stderr
    assert "stage" not in result.stderr  # no stage was started
    assert not cache.exists()  # no run folder, no call log, no reply cache


def test_a_sweep_without_a_key_writes_nothing(tmp_path: Path) -> None:
    cache = tmp_path / "cache"
    result = genplan("benchmark", "--domains", "ferry,gripper", "--seeds", "1", "--cache-dir", str(cache), cwd=tmp_path)
    assert result.returncode == 2, result.stderr
    assert "OPENAI_API_KEY is not set" in result.stderr and "Traceback" not in result.stderr
    assert not cache.exists()  # no manifest, no run folder


def test_an_unusable_api_base_is_reported_before_anything_is_created(tmp_path: Path) -> None:
    import socket

    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        closed = f"http://127.0.0.1:{s.getsockname()[1]}/v1"
    cache = tmp_path / "cache"
    for base, expected in (("localhost:8000/v1", "is not an http:// or https:// URL"), (closed, "Nothing answers")):
        result = genplan("synthesize", "ferry", "--model", "openai/stub", "--api-base", base, "--cache-dir",
                         str(cache), cwd=tmp_path)  # fmt: skip
        assert result.returncode == 2, result.stderr
        assert expected in result.stderr and base in result.stderr and "Traceback" not in result.stderr
        assert not cache.exists()


# --------------------------------------------------------------------------------------------- help texts
def _commands(group, path: tuple[str, ...] = ()):
    """Every command of the click group typer builds, with the words that lead to it."""
    yield path, group
    for name, command in sorted(getattr(group, "commands", {}).items()):
        yield from _commands(command, (*path, name))


def test_no_help_text_loses_a_bracketed_word_to_markup() -> None:
    import typer
    from typer.testing import CliRunner

    from genplan.cli import app

    bracketed = re.compile(r"\[[^\[\]\n]+\]")
    checked = []
    for path, command in _commands(typer.main.get_command(app)):
        sources = [command.help or "", *(getattr(p, "help", None) or "" for p in command.params)]
        # What the user must read: the source text with rich's escapes (\[) resolved.
        words = {w for text in sources for w in bracketed.findall(text.replace("\\[", "["))}
        result = CliRunner().invoke(app, [*path, "--help"], env={"COLUMNS": "250", "TERMINAL_WIDTH": "250"})
        assert result.exit_code == 0, (path, result.output)
        shown = " ".join(result.output.replace("│", " ").split())
        for word in words:
            assert word in shown, (path, word, result.output)
            checked.append((path, word))
    assert (("benchmarks", "costume"), "[types]") in checked  # the walk reached the subcommands' options
    assert (("benchmarks", "costume"), "[object_prefixes]") in checked


def test_paths_from_users_with_brackets_are_printed_as_they_are(tmp_path: Path) -> None:
    folder = tmp_path / "runs [old]" / "[bold]v2"
    folder.mkdir(parents=True)
    (folder / "d.pddl").write_text(DOMAIN)
    result = genplan("validate", str(folder / "d.pddl"), str(folder / "missing.pddl"), "x.plan", cwd=tmp_path)
    assert result.returncode == 2
    assert f"{folder / 'missing.pddl'} does not exist" in " ".join(result.stderr.split())
    # (This path holds a space, where the paragraph may wrap; paths without one stay whole, see test_terminal.)


def _words_whole_at_80(args: tuple[str, ...], cwd: Path) -> str:
    """The command's stderr at 80 columns, checked to wrap only between words (as at 1000 columns)."""
    narrow, wide = genplan(*args, cwd=cwd).stderr, genplan(*args, cwd=cwd, columns=1000).stderr
    assert " ".join(narrow.split()) == " ".join(wide.split()), (narrow, wide)  # the same words, in order
    for line in narrow.splitlines():
        assert len(line) <= 80 or " " not in line, line  # only a lone word longer than a line may overflow
        assert line.strip() not in {".", ",", ""}, narrow  # no full stop left alone on its line
    assert set(narrow.split()) == set(wide.split()), narrow  # no word broken across lines
    return narrow


def test_an_unknown_domain_in_inspect_suggests_only_what_works(tmp_path: Path) -> None:
    text = " ".join(_words_whole_at_80(("inspect", "nosuchdomain", "--cache-dir", str(tmp_path)), tmp_path).split())
    assert "no runs for the domain 'nosuchdomain'" in text
    assert "genplan synthesize nosuchdomain" not in text  # it would fail in turn
    assert "genplan benchmarks list" in text
    # With runs of another domain, those are named; a near miss is suggested.
    run = tmp_path / "runs" / "ferry" / "r1"
    run.mkdir(parents=True)
    (run / "run.json").write_text("{}")
    text = " ".join(genplan("inspect", "fery", "--cache-dir", str(tmp_path), cwd=tmp_path).stderr.split())
    assert "Did you mean 'ferry'?" in text and "Domains with runs: ferry." in text
    assert "synthesize fery" not in text


def test_report_error_leaves_no_lone_full_stop(tmp_path: Path) -> None:
    text = _words_whole_at_80(("report", "--out", "x"), tmp_path)
    assert "no runs to report." in " ".join(text.split())


# ------------------------------------------------------------------------------------------- 80 columns
def test_configs_reads_at_80_columns(tmp_path: Path) -> None:
    from genplan.protocols.config import PRESET_DESCRIPTIONS, PRESETS

    result = genplan("configs", cwd=tmp_path)
    assert result.returncode == 0, result.stderr
    cells = [name for name in PRESETS] + [str(c.max_llm_calls()) for c in PRESETS.values()]
    assert_reads_at_80(result.stdout, cells)
    lines = result.stdout.splitlines()
    joined = " ".join(result.stdout.split())
    for name, text in PRESET_DESCRIPTIONS.items():
        assert text in joined  # the whole description
        assert any(line.startswith(name) and text[:40] in line for line in lines), name  # not one word a line
    # the issue: one preset filled 13 lines. Now a row each, and each description takes at most 3 lines.
    starts = [i for i, line in enumerate(lines) if any(line.startswith(name + " ") for name in PRESETS)]
    assert len(starts) == len(PRESETS)
    note = next(i for i, line in enumerate(lines) if line.startswith("* The paper's protocol"))
    assert all(b - a <= 3 for a, b in zip(starts, [*starts[1:], note], strict=True))
    assert len(lines) <= 5 + 4 * len(PRESETS) + 8
    # The paper's presets are marked: their prompts are genplan's (issue 13), and the note says how.
    from genplan.protocols.config import PAPER_PRESETS, PROMPT_CHANGES

    assert all(any(line.startswith(f"│ {name} *") for line in lines) for name in PAPER_PRESETS)
    assert not any(line.startswith("│ auto *") for line in lines)
    assert PROMPT_CHANGES in joined


def test_benchmarks_list_and_generate_read_at_80_columns(tmp_path: Path) -> None:
    listed = genplan("benchmarks", "list", "--cache-dir", str(tmp_path / "c"), cwd=tmp_path)
    assert listed.returncode == 0, listed.stderr
    assert_reads_at_80(listed.stdout, ["blocksworld", "visitall"])
    out = tmp_path / "a folder [with brackets] and a rather long name to pass eighty columns" / "ferry-suite"
    made = genplan("benchmarks", "generate", "ferry", "--count", "25", "--debug", "2", "--out", str(out),
                   cwd=tmp_path)  # fmt: skip
    assert made.returncode == 0, made.stderr
    assert_reads_at_80(made.stdout, ["ferry: 25 task(s)", "debug", "..."], copyable=(str(out),))
    assert f"Use it with --suite {out} (domain ferry)." in made.stdout.splitlines()  # whole, on one line


def test_inspect_lists_runs_at_80_columns_with_whole_ids(tmp_path: Path) -> None:
    from genplan.runs import RunDir

    cache = tmp_path / "c"
    ids = ["no-strategy-debug-s1-deepseek-r1-distill-qwen-32b-1a2b3c4d", "f5-3-s2-gpt-4o-9f8e7d6c"]
    for k, run_id in enumerate(ids):
        RunDir(cache / "runs" / "ferry" / run_id).write_json("run.json", {
            "status": "done", "program": "p3.v0", "debug_solved": 6, "debug_total": 6, "coverage": 0.5 * k,
            "wall_time_s": 812.4,
        })  # fmt: skip
    result = genplan("inspect", "ferry", "--cache-dir", str(cache), cwd=tmp_path)
    assert result.returncode == 0, result.stderr
    assert_reads_at_80(result.stdout, [*ids, "812 s", "50.0%", "genplan inspect ferry --run ID"])


def test_benchmark_dry_run_reads_at_80_columns_with_whole_folders(tmp_path: Path) -> None:
    cache = tmp_path / "a cache folder with a name long enough to pass the edge of the terminal"
    result = genplan("benchmark", "--domains", "ferry,blocksworld", "--configs", "F5-3,no-strategy-debug",
                     "--seeds", "1", "--model", "openai/gpt-4o", "--dry-run", "--cache-dir", str(cache),
                     cwd=tmp_path)  # fmt: skip
    assert result.returncode == 0, result.stderr
    folders = [line.strip() for line in result.stdout.splitlines() if str(cache) in line]
    assert len(folders) == 4 and all(Path(f).parent.parent == cache / "runs" for f in folders)
    assert_reads_at_80(result.stdout, ["no-strategy-debug", "to run"], copyable=(str(cache),))


def test_sweep_results_split_their_seeds_at_80_columns() -> None:
    from genplan.cli import _sweep_table
    from genplan.experiments.sweep import SweepItem, SweepResult, SweepSpec

    spec = SweepSpec(domains=("blocksworld", "ferry"), presets=("no-strategy-debug", "F5-3"), seeds=(1, 2, 3, 4, 5))
    results = [
        SweepResult(SweepItem(d, p, s), "not started" if s == 5 else "done", coverage=None if s == 5 else 0.875)
        for d in spec.domains for p in spec.presets for s in spec.seeds
    ]  # fmt: skip
    text = render(_sweep_table(spec, results))
    assert_reads_at_80(text, ["no-strategy-debug", "87.5%", "not started", "seed 5"])
    assert text.count("seed 1") == 1 and text.count("seed 5") == 1


def test_baseline_and_scale_tables_read_at_80_columns() -> None:
    from genplan.experiments.baselines import BaselineSet, BaselineTask, summary_table
    from genplan.experiments.scale import rich_table

    tasks = tuple(BaselineTask(f"t{k}", "solved" if k % 3 else "timeout", 1.0, 5, None, 9) for k in range(1500))
    sets = [
        BaselineSet(d, "genplan17", planner, limit, 8192, "heldout", tasks)
        for d in ("blocksworld", "ferry") for planner in ("lmcut", "ff", "lama-first") for limit in (45.0, 1800.0)
    ]  # fmt: skip
    text = render(summary_table(sets, title="Baseline coverage: genplan17"))
    assert_reads_at_80(text, ["lama-first 1800s", "1000/1500", "2000/3000", "66.7%", "blocksworld"])

    sizes = [
        {"size": n, "objects_mean": n * 1.02,
         "program": {"solved": 3, "total": 3, "runtime_s_mean": 12.345, "plan_length_mean": 123456.7},
         "planner": {"solved": 2, "total": 3, "time_s_mean": 1234.5, "plan_length_mean": 98765.4, "skipped": False}}
        for n in (10, 100, 1000, 10000)
    ]  # fmt: skip
    result = {"program": "/x/prog.py", "domain": "ferry", "planner": "lama-first", "sizes": sizes}
    assert_reads_at_80(render(rich_table(result)), ["10000", "10200", "123457", "98765", "2/3"])
