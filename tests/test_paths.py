"""The cache root: an explicit directory wins, then GENPLAN_CACHE_DIR, then ./cache."""

from __future__ import annotations

from pathlib import Path

import pytest

from genplan.core.paths import ENV_VAR, cache_root


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

    from genplan.core.files import atomic_write

    old = os.umask(0o022)
    try:
        atomic_write(tmp_path / "a.json", "{}")
    finally:
        os.umask(old)
    assert stat.S_IMODE((tmp_path / "a.json").stat().st_mode) == 0o644


# ------------------------------------------------------------------------------------- reference data
def _tiny_reference(folder: Path) -> Path:
    """A stand-in for the paper's data: ``genplan17/<domain>/domain.pddl`` for two domains."""
    for domain in ("ferry", "gripper"):
        (folder / "genplan17" / domain).mkdir(parents=True)
        (folder / "genplan17" / domain / "domain.pddl").write_text(f"(define (domain {domain}))\n")
    return folder / "genplan17"


def test_genplan_reference_names_a_tarball_or_a_folder(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    import tarfile

    from genplan.core.paths import REFERENCE_ENV_VAR, reference_data, reference_root

    unpacked = _tiny_reference(tmp_path / "data")
    tarball = tmp_path / "genplan17.tar.gz"
    with tarfile.open(tarball, "w:gz") as tar:
        tar.add(unpacked, arcname="genplan17")

    monkeypatch.setenv(REFERENCE_ENV_VAR, str(tarball))
    assert reference_data() == tarball
    root = reference_root(reference_data(), tmp_path / "work")
    assert root == tmp_path / "work" / "genplan17" and (root / "ferry" / "domain.pddl").is_file()

    for folder in (unpacked, unpacked.parent):  # the domains' folder itself, or the folder holding it
        monkeypatch.setenv(REFERENCE_ENV_VAR, str(folder))
        assert reference_data() == folder
        assert reference_root(folder, tmp_path / "unused") == unpacked
    assert not (tmp_path / "unused").exists()  # a folder is used in place, never unpacked or copied
    assert reference_data(tarball) == tarball  # an explicit path (a script's --reference) wins


def test_a_wrong_genplan_reference_is_an_error_not_a_skip(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from genplan.core.errors import GenplanError
    from genplan.core.paths import REFERENCE_ENV_VAR, reference_data, reference_root

    monkeypatch.setenv(REFERENCE_ENV_VAR, str(tmp_path / "typo.tar.gz"))
    with pytest.raises(GenplanError, match=f"typo.tar.gz .named by {REFERENCE_ENV_VAR}. does not exist"):
        reference_data()
    (tmp_path / "empty").mkdir()
    with pytest.raises(GenplanError, match="holds no domain folders"):
        reference_root(tmp_path / "empty", tmp_path / "work")
    (tmp_path / "notes.txt").write_text("not a tarball")
    with pytest.raises(GenplanError, match="neither a folder nor a readable tarball"):
        reference_root(tmp_path / "notes.txt", tmp_path / "work")


def test_without_the_data_the_skip_reason_names_the_variable(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from genplan.core import paths
    from tests.conftest import reference_source

    monkeypatch.delenv(paths.REFERENCE_ENV_VAR, raising=False)
    monkeypatch.setattr(paths, "DEFAULT_REFERENCE", tmp_path / "absent.tar.gz")
    with pytest.raises(pytest.skip.Exception, match=paths.REFERENCE_ENV_VAR):
        reference_source()
    _tiny_reference(tmp_path)
    monkeypatch.setenv(paths.REFERENCE_ENV_VAR, str(tmp_path / "genplan17"))
    assert reference_source() == tmp_path / "genplan17"
