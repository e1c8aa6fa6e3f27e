"""Shared fixtures: the reference benchmark (unpacked on demand, never committed) and small tasks."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from genplan.core.paths import REFERENCE_ENV_VAR, reference_data
from genplan.core.paths import reference_root as locate_reference

REPO = Path(__file__).resolve().parent.parent

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


def pytest_addoption(parser: pytest.Parser) -> None:
    parser.addoption(
        "--all-results",
        action="store_true",
        help="reproduce every published figure under docs/results/ (default: one per domain; "
        "scripts/verify_results.py does all of them without pytest)",
    )
