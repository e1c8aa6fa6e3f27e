"""Shared fixtures: the reference benchmark (unpacked on demand, never committed) and small tasks."""

from __future__ import annotations

import tarfile
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parent.parent
REFERENCE_TARBALL = REPO.parent / "shared" / "reference" / "genplan17.tar.gz"

#: The 17 domains of the paper, in the order of its tables.
DOMAINS = (
    "delivery", "ferry", "gripper", "heavy", "hiking", "miconic", "spanner",
    "beluga", "blocksworld", "goldminer", "grippers", "logistics", "minigrid",
    "rovers", "satellite", "transport", "visitall",
)  # fmt: skip


@pytest.fixture(scope="session")
def reference_root(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The paper's 17-domain benchmark unpacked into a temp dir: ``<root>/<domain>/...``.

    The data may not be committed (see ../shared/reference/PROVENANCE.md), so a user's fresh checkout
    does not have it; tests that need it skip with this reason there.
    """
    if not REFERENCE_TARBALL.is_file():
        pytest.skip(f"reference benchmark not available ({REFERENCE_TARBALL} is absent)")
    out = tmp_path_factory.mktemp("reference")
    with tarfile.open(REFERENCE_TARBALL) as tar:
        tar.extractall(out, filter="data")
    root = out / "genplan17"
    assert sorted(p.name for p in root.iterdir()) == sorted(DOMAINS)
    return root
