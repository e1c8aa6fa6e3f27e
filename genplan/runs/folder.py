"""The run directory: ``<cache>/runs/<domain>/<run-id>/`` holds everything a synthesis run produced.

A run id (:func:`genplan.protocols.config.make_run_id`) is derived from what the run computes (preset,
seed, model, suite, and a hash of every setting), so the same command finds the same directory and
continues it after a crash; LLM replies come back from the LLM cache, so nothing paid for is paid twice.
Every file is written atomically (temp file + rename): an interrupted run never leaves a half-written
artifact.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from genplan.core.errors import GenplanError
from genplan.core.files import atomic_write, to_jsonable
from genplan.core.paths import cache_root


@dataclass(frozen=True)
class RunDir:
    """One run's folder, with helpers that write readable JSON and Markdown atomically."""

    root: Path

    @property
    def run_id(self) -> str:
        return self.root.name

    @property
    def domain(self) -> str:
        return self.root.parent.name

    def path(self, rel: str) -> Path:
        return self.root / rel

    def write_json(self, rel: str, obj: Any) -> Path:
        path = self.path(rel)
        atomic_write(path, json.dumps(to_jsonable(obj), indent=2, sort_keys=False, ensure_ascii=False) + "\n")
        return path

    def write_text(self, rel: str, text: str) -> Path:
        path = self.path(rel)
        atomic_write(path, text if text.endswith("\n") else text + "\n")
        return path

    def read_json(self, rel: str) -> Any:
        path = self.path(rel)
        try:
            return json.loads(path.read_text())
        except FileNotFoundError:
            return None
        except json.JSONDecodeError:
            raise GenplanError(
                f"The run artifact {path} is corrupt (not valid JSON).",
                hint="Delete the run folder and run the command again; cached LLM replies make that cheap.",
            ) from None

    def exists(self, rel: str) -> bool:
        return self.path(rel).exists()


def runs_root(cache_dir: str | Path | None = None) -> Path:
    return cache_root(cache_dir) / "runs"


def open_run(domain: str, run_id: str, cache_dir: str | Path | None = None) -> RunDir:
    run = RunDir(runs_root(cache_dir) / domain / run_id)
    run.root.mkdir(parents=True, exist_ok=True)
    return run


def list_runs(domain: str, cache_dir: str | Path | None = None) -> list[RunDir]:
    """A domain's runs, newest first (by the time their status was last written)."""
    folder = runs_root(cache_dir) / domain
    if not folder.is_dir():
        return []
    runs = [RunDir(p) for p in folder.iterdir() if (p / "run.json").is_file()]
    return sorted(runs, key=lambda r: (r.path("run.json").stat().st_mtime, r.run_id), reverse=True)


def domains_with_runs(cache_dir: str | Path | None = None) -> list[str]:
    """The domains that have at least one run under the runs folder, sorted."""
    root = runs_root(cache_dir)
    if not root.is_dir():
        return []
    return sorted(p.name for p in root.iterdir() if p.is_dir() and list_runs(p.name, cache_dir))


def _no_runs_hint(domain: str, cache_dir: str | Path | None) -> str:
    """What to do when ``domain`` has no runs: only commands that work (a synthesize of an unknown domain
    would fail in turn), else the names that exist."""
    from difflib import get_close_matches

    from genplan.benchmarks.registry import builtin_domains, load_registry

    if domain in builtin_domains():
        return f"Start one with `genplan synthesize {domain}`, or pass --cache-dir."
    for name, entry in load_registry(cache_dir).items():
        if domain in entry.domains:
            return f"Start one with `genplan synthesize {domain} --suite {name}`, or pass --cache-dir."
    with_runs = domains_with_runs(cache_dir)
    close = get_close_matches(domain, [*with_runs, *builtin_domains()], n=1)
    hint = f"Did you mean {close[0]!r}? " if close else ""
    if with_runs:
        return hint + f"Domains with runs: {', '.join(with_runs)}."
    return hint + "No domain has runs yet; `genplan benchmarks list` lists the domains to synthesize for."


def find_run(domain: str, run_id: str | None, cache_dir: str | Path | None = None) -> RunDir:
    """A run by id (or unique prefix); the newest one when ``run_id`` is None."""
    runs = list_runs(domain, cache_dir)
    if not runs:
        raise GenplanError(
            f"There are no runs for the domain {domain!r} under {runs_root(cache_dir)}.",
            hint=_no_runs_hint(domain, cache_dir),
        )
    if run_id is None:
        return runs[0]
    matches = [r for r in runs if r.run_id == run_id] or [r for r in runs if r.run_id.startswith(run_id)]
    if len(matches) != 1:
        names = ", ".join(r.run_id for r in runs[:10])
        what = "matches several runs" if matches else "matches no run"
        raise GenplanError(f"The run id {run_id!r} {what} of {domain!r}.", hint=f"Runs: {names}.")
    return matches[0]
