"""Suites: a domain file, its tasks and a split, whether builtin, generated or imported.

A suite is what every command that needs tasks takes (``--suite NAME|PATH``). Two on-disk layouts
are understood:

- **genplan layout** (our builtin suites, generated and renamed ones): ``domain.pddl``,
  ``problems/*.pddl``, ``split.json`` with ``debug`` (6 task ids), ``prompt`` (seed -> 2 of them) and
  ``heldout``, and optionally ``plans/<task>.plan`` (optimal plans of the debugging tasks);
- **paper layout** (the repository of Stein et al.): ``domain.pddl``, ``problems_pddl/`` or
  ``problems/`` with ``instance-K.pddl``, ``seed_splits.json`` (keys like ``"1-2-4-25"`` per seed with
  ``prompt``, ``validate`` and ``eval``) and ``seed_splits_eval.json`` (``split_eval_final``);
- **IPC 2023 Learning Track layout** (the organizers' repository): ``domain.pddl``, ``training/easy/``
  and ``testing/{easy,medium,hard}/`` (:mod:`genplan.benchmarks.learning` says how it is split).

A dataset root holding one such folder per domain (like ``genplan17/`` or ``ipc2023-learning/``) is a
suite collection: the domain name picks the folder.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

from genplan.benchmarks.learning import is_learning_domain_dir, load_learning_suite
from genplan.benchmarks.suite import PAPER_SEEDS, Split, Suite, SuiteError, task_sort_key

__all__ = ["PAPER_SEEDS", "Split", "Suite", "SuiteError", "is_suite_dir", "load_suite_dir", "task_sort_key"]


def _load_json(path: Path) -> object:
    try:
        return json.loads(path.read_text())
    except FileNotFoundError:
        raise SuiteError(f"The split file {path} is missing.") from None
    except json.JSONDecodeError as exc:
        raise SuiteError(f"The split file {path} is not valid JSON (line {exc.lineno}: {exc.msg}).") from None


def _problem_files(root: Path) -> dict[str, Path]:
    for sub in ("problems", "problems_pddl"):
        d = root / sub
        if d.is_dir():
            return {p.stem: p for p in sorted(d.glob("*.pddl"))}
    return {}


def _strip(names: list[str]) -> tuple[str, ...]:
    return tuple(n[:-5] if n.endswith(".pddl") else n for n in names)


def _check_split(name: str, split: Split, problems: dict[str, Path], where: Path) -> None:
    """A split must name existing tasks, keep debugging and held-out tasks apart, and be complete."""
    missing = sorted({*split.debug, *split.heldout, *(t for _, ts in split.prompt for t in ts)} - set(problems))
    if missing:
        raise SuiteError(
            f"The split of suite {name!r} ({where}) names {len(missing)} task(s) without a problem file, "
            f"e.g. {', '.join(missing[:3])}.",
            hint="Regenerate the suite or fix the split file.",
        )
    overlap = sorted(set(split.debug) & set(split.heldout))
    if overlap:
        raise SuiteError(
            f"The split of suite {name!r} ({where}) uses {', '.join(overlap[:3])} both for debugging and "
            "for held-out evaluation.",
            hint="A held-out task must never be seen during synthesis; fix the split file.",
        )
    for seed, tasks in split.prompt:
        if not set(tasks) <= set(split.debug):
            raise SuiteError(f"The prompt examples of seed {seed} in suite {name!r} ({where}) are not debugging tasks.")


def load_genplan_suite(root: Path, name: str | None = None) -> Suite:
    data = _load_json(root / "split.json")
    if not isinstance(data, dict) or not {"debug", "heldout"} <= set(data):
        raise SuiteError(f"{root / 'split.json'} must hold 'debug', 'prompt' and 'heldout' lists.")
    problems = _problem_files(root)
    split = Split(
        debug=_strip(data["debug"]),
        prompt=tuple(sorted((int(s), _strip(t)) for s, t in data.get("prompt", {}).items())),
        heldout=_strip(data["heldout"]),
    )
    name = name or root.name
    _check_split(name, split, problems, root)
    plans = tuple(sorted((p.stem, p) for p in (root / "plans").glob("*.plan"))) if (root / "plans").is_dir() else ()
    # A suite written anywhere (``genplan benchmarks generate --out DIR``) names its domain in the split
    # file; otherwise the folder's name is the domain's, as in ``pddl_benchmarks/<domain>/``.
    domain_name = data.get("domain") if isinstance(data.get("domain"), str) else root.name
    return Suite(
        name=name,
        domain_name=domain_name,
        root=root,
        domain_path=root / "domain.pddl",
        problems=tuple(sorted(problems.items(), key=lambda kv: task_sort_key(kv[0]))),
        split=split,
        layout="genplan",
        plans=plans,
        extra={k: v for k, v in data.items() if k not in {"debug", "prompt", "heldout"}},
    )


_SEED_KEY = re.compile(r"^(\d+)-")


def load_paper_suite(root: Path, name: str | None = None) -> Suite:
    """Read a domain folder in the layout of the paper's repository."""
    seeds = _load_json(root / "seed_splits.json")
    if not isinstance(seeds, dict) or not seeds:
        raise SuiteError(f"{root / 'seed_splits.json'} holds no seed splits.")
    problems = _problem_files(root)
    prompt: list[tuple[int, tuple[str, ...]]] = []
    debug_sets: list[tuple[str, ...]] = []
    evals: list[tuple[str, ...]] = []
    for key, entry in seeds.items():
        m = _SEED_KEY.match(key)
        if not m or not isinstance(entry, dict) or not {"prompt", "validate", "eval"} <= set(entry):
            raise SuiteError(
                f"Unexpected entry {key!r} in {root / 'seed_splits.json'}: expected keys like '1-2-4-25' "
                "holding 'prompt', 'validate' and 'eval' lists."
            )
        p = _strip(entry["prompt"])
        prompt.append((int(m.group(1)), p))
        debug_sets.append(tuple(sorted({*p, *_strip(entry["validate"])}, key=task_sort_key)))
        evals.append(tuple(sorted(_strip(entry["eval"]), key=task_sort_key)))
    if len(set(debug_sets)) != 1:
        raise SuiteError(
            f"The seeds in {root / 'seed_splits.json'} use different debugging tasks; genplan expects the "
            "same debugging tasks for every seed (only the prompt examples change)."
        )
    heldout = evals[0]
    eval_file = root / "seed_splits_eval.json"
    if eval_file.is_file():
        final = _load_json(eval_file)
        if not isinstance(final, dict) or "split_eval_final" not in final:
            raise SuiteError(f"{eval_file} must hold a 'split_eval_final' list.")
        heldout = tuple(sorted(_strip(final["split_eval_final"]), key=task_sort_key))
    split = Split(debug=debug_sets[0], prompt=tuple(sorted(prompt)), heldout=heldout)
    name = name or root.name
    _check_split(name, split, problems, root)
    return Suite(
        name=name,
        domain_name=root.name,
        root=root,
        domain_path=root / "domain.pddl",
        problems=tuple(sorted(problems.items(), key=lambda kv: task_sort_key(kv[0]))),
        split=split,
        layout="paper",
    )


def is_suite_dir(path: Path) -> bool:
    return (path / "domain.pddl").is_file() and (
        (path / "split.json").is_file() or (path / "seed_splits.json").is_file() or is_learning_domain_dir(path)
    )


def load_suite_dir(path: Path, name: str | None = None, *, debug: tuple[str, ...] | None = None) -> Suite:
    """Load one domain's suite from a folder in any of the layouts.

    ``debug`` names the debugging tasks where the layout leaves them to a rule (the Learning Track's)."""
    if not (path / "domain.pddl").is_file():
        raise SuiteError(f"{path} has no domain.pddl, so it is not a suite folder.")
    if debug and not is_learning_domain_dir(path):
        raise SuiteError(f"{path} fixes its debugging tasks in its split file; --debug applies to the Learning Track.")
    if (path / "split.json").is_file():
        return load_genplan_suite(path, name)
    if (path / "seed_splits.json").is_file():
        return load_paper_suite(path, name)
    if is_learning_domain_dir(path):
        return load_learning_suite(path, name, debug)
    raise SuiteError(
        f"{path} has a domain.pddl but no split file (split.json, or seed_splits.json in the paper's layout) "
        "and no training/ and testing/ folders (the Learning Track's layout).",
        hint="Generate the suite with `genplan benchmarks generate` or add the split file.",
    )
