"""One registry for builtin and imported suites, so ``--suite NAME|PATH`` means the same everywhere.

Builtin suites live in ``pddl_benchmarks/<domain>/``. Imported datasets are never copied (the paper's
data must not be redistributed): ``genplan benchmarks import PATH`` checks the dataset and records its
path and task statistics under a name in ``<cache>/suites.json``.
"""

from __future__ import annotations

import json
import os
import tempfile
from collections.abc import Callable
from dataclasses import dataclass
from difflib import get_close_matches
from pathlib import Path

from genplan.benchmarks.suites import Suite, SuiteError, is_suite_dir, load_suite_dir
from genplan.core.paths import cache_root
from genplan.generators.domains import BENCHMARKS_DIR

REGISTRY_FILE = "suites.json"


def builtin_domains() -> list[str]:
    """Domains that have a folder in ``pddl_benchmarks/``."""
    if not BENCHMARKS_DIR.is_dir():
        return []
    return sorted(p.name for p in BENCHMARKS_DIR.iterdir() if (p / "domain.pddl").is_file())


@dataclass(frozen=True)
class RegisteredSuite:
    """An imported dataset: a name, where it is, and what it holds (domain -> statistics)."""

    name: str
    path: Path
    domains: dict
    #: Debugging tasks named at import (``--debug``), for the layouts that choose them by a rule.
    debug: tuple[str, ...] = ()

    def domain_dir(self, domain: str) -> Path:
        if is_suite_dir(self.path):
            return self.path
        return self.path / domain


def _registry_path(cache_dir: str | Path | None) -> Path:
    return cache_root(cache_dir) / REGISTRY_FILE


def load_registry(cache_dir: str | Path | None = None) -> dict[str, RegisteredSuite]:
    path = _registry_path(cache_dir)
    if not path.is_file():
        return {}
    try:
        data = json.loads(path.read_text())
    except json.JSONDecodeError:
        raise SuiteError(
            f"The suite registry {path} is not valid JSON.",
            hint="Delete it and import your datasets again with `genplan benchmarks import`.",
        ) from None
    return {
        name: RegisteredSuite(name, Path(entry["path"]), entry.get("domains", {}), tuple(entry.get("debug", ())))
        for name, entry in sorted(data.items())
    }


def _entry_json(entry: RegisteredSuite) -> dict:
    out: dict = {"path": str(entry.path), "domains": entry.domains}
    if entry.debug:
        out["debug"] = list(entry.debug)
    return out


def save_registered(entry: RegisteredSuite, cache_dir: str | Path | None = None) -> None:
    """Add or replace one entry, atomically (a crash never leaves a half-written registry)."""
    path = _registry_path(cache_dir)
    path.parent.mkdir(parents=True, exist_ok=True)
    data = {n: _entry_json(e) for n, e in load_registry(cache_dir).items()}
    data[entry.name] = _entry_json(entry)
    fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=".suites-", suffix=".json")
    with os.fdopen(fd, "w") as f:
        json.dump(data, f, indent=2, sort_keys=True)
    os.replace(tmp, path)


def domain_file(domain: str | Path) -> Path | None:
    """The ``domain.pddl`` that ``domain`` names as a path: the file itself, or the one in a folder (a suite
    folder); ``None`` when ``domain`` is a name. The one reading of a domain argument for every command.

    It is a path when it looks like one (it ends in ``.pddl`` or holds a ``/``): a bare word stays a name
    even when the current folder holds a folder of that name (``./NAME`` then means the folder). A path
    that does not exist is a user error, not a domain name."""
    text = str(domain)
    if not (isinstance(domain, Path) or text.endswith(".pddl") or "/" in text or os.sep in text):
        return None
    path = Path(text).expanduser()
    if path.is_file():
        return path
    if path.is_dir():
        if (path / "domain.pddl").is_file():
            return path / "domain.pddl"
        raise SuiteError(f"The folder {path} holds no domain.pddl.", hint="Pass a domain.pddl, or a domain name.")
    raise SuiteError(f"The domain file {path} does not exist.", hint="Check the path, or pass a domain name.")


def resolve_suite(domain: str, suite: str | Path | None = None, cache_dir: str | Path | None = None) -> Suite:
    """The suite of ``domain``: builtin when ``suite`` is None, else a registered name or a path. Its
    tasks are parsed once per content and cache (``<cache>/parsed/``).

    ``domain`` may also be a path (see :func:`domain_file`): a ``domain.pddl`` in a suite folder, or the
    folder; its suite is that folder."""
    from dataclasses import replace

    path = domain_file(domain)
    if path is not None:
        folder = path.parent.resolve()
        if not is_suite_dir(folder):
            raise SuiteError(
                f"{path} is not in a suite folder: beside it there is no split file (split.json) and no "
                "Learning Track layout, so there are no debugging and held-out tasks to use.",
                hint="Import its dataset with `genplan benchmarks import FOLDER` and pass the domain name with "
                "--suite, or make one with `genplan benchmarks generate`.",
            )
        found = load_suite_dir(folder)
    else:
        found = _resolve_suite(domain, suite, cache_dir)
    return replace(found, parse_cache=cache_root(cache_dir))


def _resolve_suite(domain: str, suite: str | Path | None, cache_dir: str | Path | None) -> Suite:
    if suite is None or str(suite) == "builtin":
        return _builtin_suite(domain)
    registry = load_registry(cache_dir)
    if str(suite) in registry:
        entry = registry[str(suite)]
        folder = entry.domain_dir(domain)
        if not folder.is_dir():
            raise SuiteError(
                f"The suite {entry.name!r} ({entry.path}) has no domain {domain!r}.",
                hint=_suggest(domain, sorted(entry.domains)),
            )
        return load_suite_dir(folder, name=f"{entry.name}/{domain}" if folder != entry.path else entry.name,
                              debug=entry.debug or None)  # fmt: skip
    path = Path(suite).expanduser()
    if path.is_dir():
        if is_suite_dir(path):
            return load_suite_dir(path.resolve())
        if (path / domain).is_dir():
            return load_suite_dir((path / domain).resolve(), name=f"{path.name}/{domain}")
        raise SuiteError(
            f"{path} is neither a suite folder (domain.pddl plus a split file) nor a dataset with a {domain!r} folder.",
            hint=_suggest(domain, sorted(p.name for p in path.iterdir() if p.is_dir())),
        )
    names = [*sorted(registry), "builtin"]
    raise SuiteError(
        f"Unknown suite {str(suite)!r}: it is not a registered name and not an existing folder.",
        hint=_suggest(str(suite), names) or f"Registered suites: {', '.join(names)}.",
    )


def _suggest(word: str, options: list[str]) -> str:
    close = get_close_matches(word, options, n=1)
    if close:
        return f"Did you mean {close[0]!r}?"
    return f"Available: {', '.join(options)}." if options else ""


def _builtin_suite(domain: str) -> Suite:
    known = builtin_domains()
    if domain not in known:
        raise SuiteError(f"Unknown domain {domain!r}.", hint=_suggest(domain, known))
    folder = BENCHMARKS_DIR / domain
    if not (folder / "split.json").is_file():
        raise SuiteError(
            f"The builtin suite of {domain!r} has no tasks yet (no {folder / 'split.json'}).",
            hint="Generate it with `python scripts/make_benchmarks.py`, or pass a dataset with --suite PATH.",
        )
    return load_suite_dir(folder, name=domain)


def suite_stats(suite: Suite, progress: Callable[[str], None] | None = None) -> dict:
    """Task counts and object-count ranges of a suite; parsing every task also checks it is valid PDDL.

    Tasks are parsed one at a time and not kept: the Learning Track's rovers alone is 150 MB of PDDL."""
    from genplan.pddl.parser import parse_problem

    sizes: dict[str, int] = {}
    for task_id, path in suite.problems:
        sizes[task_id] = parse_problem(path, suite.domain).size
        if progress:
            progress(task_id)

    def span(ids: tuple[str, ...]) -> list[int]:
        vals = [sizes[i] for i in ids]
        return [min(vals), max(vals)] if vals else []

    return {
        "tasks": len(sizes),
        "debug": len(suite.split.debug),
        "heldout": len(suite.split.heldout),
        "objects_debug": span(suite.split.debug),
        "objects_heldout": span(suite.split.heldout),
        "layout": suite.layout,
    }


def import_dataset(
    path: str | Path,
    name: str | None = None,
    cache_dir: str | Path | None = None,
    progress: Callable[[str], None] | None = None,
    debug: tuple[str, ...] = (),
) -> RegisteredSuite:
    """Check a dataset (one suite folder, or one folder per domain) and register it under ``name``.

    Every problem file is parsed and every split checked, so a broken dataset fails here, once, with a
    clear message, rather than in the middle of a sweep. ``debug`` names the debugging tasks of every
    domain where the layout chooses them by a rule (the Learning Track's).
    """
    root = Path(path).expanduser().resolve()
    if not root.is_dir():
        raise SuiteError(f"Cannot import {root}: no such folder.")
    if is_suite_dir(root):
        folders = [root]
    else:
        folders = sorted(p for p in root.iterdir() if p.is_dir() and (p / "domain.pddl").is_file())
        if not folders:
            raise SuiteError(
                f"{root} holds no suite: expected domain.pddl with a split file, or one such folder per domain.",
                hint="The paper's layout is <domain>/domain.pddl, <domain>/problems/instance-K.pddl, "
                "<domain>/seed_splits.json and <domain>/seed_splits_eval.json; the Learning Track's is "
                "<domain>/domain.pddl, <domain>/training/easy/*.pddl and <domain>/testing/{easy,medium,hard}/*.pddl.",
            )
    domains = {}
    for folder in folders:
        suite = load_suite_dir(folder, debug=debug or None)
        domains[folder.name] = suite_stats(suite, progress)
    entry = RegisteredSuite(name or root.name, root, domains, tuple(debug))
    save_registered(entry, cache_dir)
    return entry
