"""The planted-bug corpus (tests/data/planted/): every program is well labelled and passes its debugging tasks.

The corpus measures what `genplan check` catches: `correct/<domain>.py` is a correct generalized plan and
`bugs/<domain>__<slug>.py` the same kind of program with one plausible bug that the 6 debugging tasks of
its builtin suite do not reveal (larger or different tasks do). A planted bug is only useful if the
debugging tasks really miss it, so each program runs here, in the sandbox, on those 6 tasks in 4 input
orderings, exactly as the pipeline's debugging loop would see it; and its header, which tools read, must
parse and name a builtin domain.
"""

from __future__ import annotations

import re
import sys
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest

from genplan.benchmarks.registry import builtin_domains, resolve_suite
from genplan.execute import Executor, Limits
from genplan.execute.evaluate import evaluate

PLANTED = Path(__file__).resolve().parent / "data" / "planted"
CORRECT = sorted((PLANTED / "correct").glob("*.py"))
BUGS = sorted((PLANTED / "bugs").glob("*.py"))
#: The protocol's time limit: a planted program must pass its debugging tasks as the pipeline runs them.
TIMEOUT = 45.0

_CORRECT_HEADER = re.compile(r"# planted-correct: (?P<domain>[a-z0-9_-]+)\n")
_BUG_HEADER = re.compile(
    r"# planted-bug: (?P<domain>[a-z0-9_-]+)\n# bug: (?P<bug>\S.*)\n# reveals: (?P<reveals>\S.*)\n"
)


@dataclass(frozen=True)
class Planted:
    """One corpus program and what its header says."""

    path: Path
    domain: str
    #: ``None`` for a correct program.
    bug: str | None = None
    reveals: str | None = None


def parse_planted(path: Path) -> Planted:
    """Read the header; its folder says which form it must have (a bug's header is three lines)."""
    text = path.read_text()
    if path.parent.name == "correct":
        match = _CORRECT_HEADER.match(text)
        if match is None:
            raise ValueError(f"{path} must start with '# planted-correct: <domain>'")
        return Planted(path, match["domain"])
    match = _BUG_HEADER.match(text)
    if match is None:
        raise ValueError(f"{path} must start with the lines '# planted-bug: <domain>', '# bug: ...', '# reveals: ...'")
    return Planted(path, match["domain"], match["bug"].strip(), match["reveals"].strip())


def _id(path: Path) -> str:
    return f"{path.parent.name}/{path.stem}"


@pytest.fixture(scope="module")
def executor() -> Iterator[Executor]:
    """One executor for every program: its warm servers make a run cost milliseconds, not a new interpreter."""
    with Executor(limits=Limits(timeout=TIMEOUT)) as ex:
        yield ex


def test_the_corpus_is_found() -> None:
    # An empty glob (a moved folder) would parametrize the tests below over nothing and pass silently.
    assert CORRECT, f"no correct programs in {PLANTED / 'correct'}"
    assert BUGS, f"no planted bugs in {PLANTED / 'bugs'}"


def test_the_header_parser_rejects_a_malformed_header(tmp_path: Path) -> None:
    folder = tmp_path / "bugs"
    folder.mkdir()
    missing_reveals = folder / "ferry__x.py"
    missing_reveals.write_text("# planted-bug: ferry\n# bug: something\ndef generate_solution(o, i, g): ...\n")
    with pytest.raises(ValueError, match="reveals"):
        parse_planted(missing_reveals)
    good = folder / "ferry__y.py"
    good.write_text("# planted-bug: ferry\n# bug: b.\n# reveals: r\n")
    assert parse_planted(good) == Planted(good, "ferry", "b.", "r")


@pytest.mark.parametrize("path", CORRECT + BUGS, ids=_id)
def test_header_names_a_builtin_domain_and_matches_the_file_name(path: Path) -> None:
    planted = parse_planted(path)
    assert planted.domain in builtin_domains(), f"{path.name}: {planted.domain!r} is not a builtin domain"
    if path.parent.name == "correct":
        assert path.stem == planted.domain, f"a correct program is named <domain>.py, not {path.name}"
    else:
        domain, _, slug = path.stem.partition("__")
        assert domain == planted.domain and slug, f"a planted bug is named {planted.domain}__<slug>.py, not {path.name}"


@pytest.mark.skipif(sys.platform != "linux", reason="the sandbox tests assume Linux process semantics")
@pytest.mark.parametrize("path", CORRECT + BUGS, ids=_id)
def test_passes_every_debugging_task_in_every_ordering(path: Path, executor: Executor) -> None:
    planted = parse_planted(path)
    suite = resolve_suite(planted.domain)
    assert len(suite.split.debug) == 6
    tasks = [(task_id, suite.task(task_id)) for task_id in suite.split.debug]
    result = evaluate(path.read_text(), tasks, orderings=4, timeout=TIMEOUT, mode="debug", executor=executor)
    failures = [
        f"{r.task_id} (ordering {r.failed_ordering}): {r.status}: {r.feedback}" for r in result.results if not r.solved
    ]
    assert result.solved == result.total == 6, f"{path.name} fails debugging tasks:\n" + "\n".join(failures)
