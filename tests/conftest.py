"""Shared fixtures: the reference benchmark (unpacked on demand, never committed) and small tasks."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from genplan.core.paths import LEARNING_ENV_VAR, REFERENCE_ENV_VAR, learning_track_data, reference_data
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


#: The IPC 2023 Learning Track's domains.
LEARNING_DOMAINS = (
    "blocksworld", "childsnack", "ferry", "floortile", "miconic",
    "rovers", "satellite", "sokoban", "spanner", "transport",
)  # fmt: skip


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
