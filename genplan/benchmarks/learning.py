"""The IPC 2023 Learning Track's layout, read as its organizers publish it (no conversion).

The organizers' repository (``ipc2023-learning/benchmarks``) holds, per domain::

    <domain>/domain.pddl
    <domain>/training/easy/pNN.pddl              the training tasks (about 100)
    <domain>/testing/{easy,medium,hard}/pNN.pddl the 90 test tasks
    solutions/upper_bounds.json                  best known plan cost per test task (beside the domains)

genplan reads that as a suite:

- **task ids** keep the level visible: ``easy-p01``, ``medium-p12``, ``hard-p07`` for test tasks and
  ``train-p05`` for training tasks;
- **held out**: all 90 test tasks;
- **debugging tasks**: 6 training tasks, by :func:`debug_rule`; per seed, 2 of them are the prompt
  examples (:data:`PROMPT_PAIRS`); an import can name them instead (``--debug``), and then the first two
  named are the prompt examples of every seed;
- **the other training tasks** go to the generalization check as given tasks (``Suite.extra["given"]``);
- **reference costs** come from ``solutions/upper_bounds.json`` (or ``upper_bounds_from_ipc_planners.json``)
  beside the domains, for the IPC quality score;
- **features**: each test task's first comment line holds the generator's parameters
  (``;; rows=13, columns=16, robots=8, ...``). :func:`task_features` reads them for reports. They never
  reach a prompt or the check: the parser drops comments, and prompts and checks see parsed tasks only.

Nothing here parses a task: a suite of 150 MB (rovers) loads in milliseconds, and tasks are parsed only
when something needs them.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterable
from pathlib import Path

from genplan.benchmarks.suite import Split, Suite, SuiteError, task_sort_key

LEVELS = ("easy", "medium", "hard")
TRAIN_PREFIX = "train-"
LAYOUT = "ipc-learning"
#: How many training tasks debug a program, as in the paper's protocol.
N_DEBUG = 6
#: Prompt examples per seed, as positions in the debugging tasks (smallest first). The smallest training
#: task is often a "base case" with one object of each kind, too plain to teach anything, so the pairs
#: are drawn from the next three.
PROMPT_PAIRS = {1: (1, 2), 2: (1, 3), 3: (2, 3)}
UPPER_BOUND_FILES = ("upper_bounds.json", "upper_bounds_from_ipc_planners.json")
_TEST_ID = re.compile(r"^(easy|medium|hard)-p\d+$")


def is_learning_test_run(task_ids: Iterable[str]) -> bool:
    """Whether held-out task ids are the Learning Track's test tasks, as :func:`load_learning_suite` names
    them (a run's results say which layout it was scored on without the suite at hand)."""
    ids = list(task_ids)
    return bool(ids) and all(_TEST_ID.match(t) for t in ids)


def is_learning_domain_dir(path: Path) -> bool:
    """A domain folder of the Learning Track: ``domain.pddl`` with ``training/`` and ``testing/``."""
    return (path / "domain.pddl").is_file() and (path / "training").is_dir() and (path / "testing").is_dir()


def _problems(root: Path) -> tuple[dict[str, Path], list[str], list[str]]:
    """All problem files by task id, the training ids and the test ids (natural order)."""
    problems: dict[str, Path] = {}
    training: list[str] = []
    testing: list[str] = []
    for sub in sorted(p for p in (root / "training").iterdir() if p.is_dir()):
        for path in sorted(sub.glob("*.pddl")):
            # Training tasks are all "easy" in the published data; another level keeps its name.
            task_id = f"{TRAIN_PREFIX}{path.stem}" if sub.name == "easy" else f"{TRAIN_PREFIX}{sub.name}-{path.stem}"
            problems[task_id] = path
            training.append(task_id)
    for level in LEVELS:
        folder = root / "testing" / level
        for path in sorted(folder.glob("*.pddl")) if folder.is_dir() else ():
            task_id = f"{level}-{path.stem}"
            problems[task_id] = path
            testing.append(task_id)
    others = sorted(p.name for p in (root / "testing").iterdir() if p.is_dir() and p.name not in LEVELS)
    if others:
        raise SuiteError(f"{root / 'testing'} has folders other than easy, medium and hard: {', '.join(others)}.")
    return problems, sorted(training, key=task_sort_key), testing


def debug_rule(sizes: dict[str, int]) -> tuple[str, ...]:
    """Six debugging tasks from training tasks of the given sizes (bytes of PDDL).

    The rule: order the training tasks by size (then by id); keep the smaller half, which is small enough
    to show as prompt examples (on the Learning Track at most 8 KB, a few thousand tokens); take six tasks
    evenly spread over it, from the smallest to the largest kept. So the debugging tasks range from a base
    case to a task of the median training size, and the rule needs no parsing and no planner.
    """
    if len(sizes) < N_DEBUG:
        raise SuiteError(f"Only {len(sizes)} training tasks: {N_DEBUG} are needed as debugging tasks.")
    ordered = sorted(sizes, key=lambda t: (sizes[t], task_sort_key(t)))
    kept = ordered[: max(N_DEBUG, (len(ordered) + 1) // 2)]
    picks = [kept[round(i * (len(kept) - 1) / (N_DEBUG - 1))] for i in range(N_DEBUG)]
    return tuple(picks)


def reference_costs(root: Path) -> dict[str, float]:
    """Best known plan costs of ``root``'s test tasks from the organizers' ``solutions/`` beside it.

    Keys in the organizers' files are ``<domain>/testing/<level>/pNN.pddl``; here they become task ids.
    ``null`` entries (no IPC planner solved the task) are left out. Empty when no such file exists.
    """
    for folder in (root.parent / "solutions", root / "solutions"):
        for name in UPPER_BOUND_FILES:
            path = folder / name
            if path.is_file():
                return _costs_from_upper_bounds(path, root.name)
    return {}


_KEY = re.compile(r"^(?P<domain>[^/]+)/testing/(?P<level>[^/]+)/(?P<stem>[^/]+)\.pddl$")


def _costs_from_upper_bounds(path: Path, domain: str) -> dict[str, float]:
    try:
        data = json.loads(path.read_text())
    except json.JSONDecodeError as exc:
        raise SuiteError(f"{path} is not valid JSON (line {exc.lineno}: {exc.msg}).") from None
    if not isinstance(data, dict):
        raise SuiteError(f"{path} must map '<domain>/testing/<level>/pNN.pddl' to a plan cost.")
    out: dict[str, float] = {}
    for key, cost in data.items():
        m = _KEY.match(str(key))
        if m and m["domain"] == domain and isinstance(cost, int | float) and not isinstance(cost, bool):
            out[f"{m['level']}-{m['stem']}"] = float(cost)
    return out


def load_costs_file(path: Path) -> dict[str, float]:
    """A user's reference costs: a JSON object from task id to the best known plan cost."""
    try:
        data = json.loads(Path(path).read_text())
    except FileNotFoundError:
        raise SuiteError(f"The reference-cost file {path} does not exist.") from None
    except json.JSONDecodeError as exc:
        raise SuiteError(f"{path} is not valid JSON (line {exc.lineno}: {exc.msg}).") from None
    if not isinstance(data, dict):
        raise SuiteError(f'{path} must be a JSON object from task id to plan cost, e.g. {{"hard-p07": 412}}.')
    bad = [k for k, v in data.items() if not isinstance(v, int | float) or isinstance(v, bool) or v < 0]
    if bad:
        raise SuiteError(f"{path}: the cost of {bad[0]!r} is not a non-negative number.")
    return {str(k).removesuffix(".pddl"): float(v) for k, v in data.items()}


_FEATURE = re.compile(r"^\s*([A-Za-z_][\w-]*)\s*=\s*(.*?)\s*$")


def task_features(path: Path) -> dict[str, int | float | str]:
    """The generator parameters in a task's first comment line (``;; rows=13, columns=16, robots=8``).

    Only for reports: they say how the organizers made a task and are never shown to the model.
    """
    with Path(path).open(errors="replace") as f:
        first = f.readline()
    if not first.lstrip().startswith(";"):
        return {}
    out: dict[str, int | float | str] = {}
    for part in first.lstrip().lstrip(";").split(","):
        m = _FEATURE.match(part)
        if not m:
            continue
        key, value = m.group(1), m.group(2)
        try:
            out[key] = int(value)
        except ValueError:
            try:
                out[key] = float(value)
            except ValueError:
                out[key] = value
    return out


def load_learning_suite(root: Path, name: str | None = None, debug: tuple[str, ...] | None = None) -> Suite:
    """One domain folder of the Learning Track as a suite (see the module's docstring for the rules)."""
    problems, training, testing = _problems(root)
    if not testing:
        raise SuiteError(f"{root / 'testing'} holds no test tasks (expected easy/, medium/ and hard/ with *.pddl).")
    if debug:
        chosen = tuple(d if d in problems or d.startswith(TRAIN_PREFIX) else f"{TRAIN_PREFIX}{d}" for d in debug)
        unknown = [d for d in chosen if d not in training]
        if unknown:
            raise SuiteError(
                f"--debug names {', '.join(unknown)}, which {'is' if len(unknown) == 1 else 'are'} not a training "
                f"task of {root.name}.",
                hint=f"Training tasks are named like {training[0] if training else 'train-p01'}.",
            )
        if len(set(chosen)) < 2:
            raise SuiteError("--debug needs at least 2 distinct training tasks (2 are shown as prompt examples).")
        debug_ids = tuple(dict.fromkeys(chosen))
    else:
        debug_ids = debug_rule({t: problems[t].stat().st_size for t in training})
    if debug:
        prompt: tuple[tuple[int, tuple[str, ...]], ...] = ((1, debug_ids[:2]),)  # every seed: the first two named
    else:
        prompt = tuple((seed, (debug_ids[a], debug_ids[b])) for seed, (a, b) in sorted(PROMPT_PAIRS.items()))
    given = tuple(t for t in training if t not in set(debug_ids))
    split = Split(debug=debug_ids, prompt=prompt, heldout=tuple(testing))
    return Suite(
        name=name or root.name,
        domain_name=root.name,
        root=root,
        domain_path=root / "domain.pddl",
        problems=tuple(sorted(problems.items(), key=lambda kv: task_sort_key(kv[0]))),
        split=split,
        layout=LAYOUT,
        extra={"given": list(given), "reference_costs": reference_costs(root)},
    )
