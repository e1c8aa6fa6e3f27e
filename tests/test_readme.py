"""The README as a user who cloned the repository reads it (issue 23, item 12)."""

from __future__ import annotations

import re
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent


def _user_docs() -> list[Path]:
    return [REPO / "README.md", *sorted((REPO / "docs").rglob("*.md"))]


def test_user_facing_text_never_points_outside_the_repository() -> None:
    """A clone has no ``../shared``: the maintainers' folder must not appear where users read."""
    offenders = [str(p.relative_to(REPO)) for p in _user_docs() if "../shared" in p.read_text()]
    assert not offenders


def test_the_quick_start_runs_offline_before_it_needs_a_key() -> None:
    """The first code block installs, then runs a published program (every path it names exists) before
    the line that sets a key."""
    text = (REPO / "README.md").read_text()
    block = re.search(r"## Quick start.*?```bash\n(.*?)```", text, re.S)
    assert block is not None
    lines = block.group(1).splitlines()
    assert lines[0].startswith("pip install")
    key = next(i for i, line in enumerate(lines) if "API_KEY" in line)
    offline = lines[1:key]
    assert offline and all(line.startswith("genplan ") for line in offline)
    for line in offline:
        for word in line.split():
            if "/" in word:
                assert (REPO / word).exists(), word


def test_the_readme_links_the_paper_and_says_where_its_data_and_the_learning_tracks_come_from() -> None:
    text = (REPO / "README.md").read_text()
    assert "https://github.com/coli-saar/genplan-strategy-refine" in text
    assert "https://github.com/ipc2023-learning/benchmarks" in text
    for link in re.findall(r"\]\(([^)#]+\.md)\)", text):
        if not link.startswith("http"):
            assert (REPO / link).exists(), link
