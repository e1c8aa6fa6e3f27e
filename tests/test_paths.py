"""The cache root: an explicit directory wins, then GENPLAN_CACHE_DIR, then ./cache."""

from __future__ import annotations

from pathlib import Path

import pytest

from genplan.paths import ENV_VAR, cache_root


def test_cache_root_precedence(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv(ENV_VAR, raising=False)
    assert cache_root() == Path("cache")
    monkeypatch.setenv(ENV_VAR, str(tmp_path / "env"))
    assert cache_root() == tmp_path / "env"
    assert cache_root(tmp_path / "explicit") == tmp_path / "explicit"
    assert cache_root(str(tmp_path / "explicit")) == tmp_path / "explicit"
    monkeypatch.setenv(ENV_VAR, "")
    assert cache_root() == Path("cache")


def test_cache_root_expands_home(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.setenv("HOME", str(tmp_path))
    assert cache_root("~/c") == tmp_path / "c"
    assert not (tmp_path / "c").exists()  # resolving a root never creates it


def test_run_artifacts_are_ordinary_readable_files(tmp_path) -> None:
    import os
    import stat

    from genplan.runs import atomic_write

    old = os.umask(0o022)
    try:
        atomic_write(tmp_path / "a.json", "{}")
    finally:
        os.umask(old)
    assert stat.S_IMODE((tmp_path / "a.json").stat().st_mode) == 0o644
