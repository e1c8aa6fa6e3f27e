"""The architecture as a test: imports inside ``genplan/`` go one way, and there is no import cycle.

Every import counts, also one inside a function or under ``TYPE_CHECKING``: a lazy import is still a
dependency a reader has to follow. ``docs/architecture.md`` draws the same layers.
"""

from __future__ import annotations

import ast
from collections import defaultdict
from collections.abc import Iterable, Mapping
from pathlib import Path

import pytest

PACKAGE = Path(__file__).resolve().parent.parent / "genplan"

#: The layers, lowest first: a module may import its own layer and the layers before it, never a later one.
LAYERS: tuple[str, ...] = (
    "core",  # plumbing: errors, paths, atomic files, prompt templates, the terminal
    "pddl",  # PDDL to frozen dataclasses and back
    "validate",  # genplan's validator, feedback, the VAL and unified-planning cross-checks
    "planners",  # Fast Downward: one run, its cache
    "execute",  # the sandbox, evaluation, and the Backend interface with its local implementation
    "cluster",  # the Dask implementation of Backend
    "generators",  # one task generator per builtin domain
    "benchmarks",  # suites, the registry, renamed variants, building the builtin suites
    "llm",  # the client, cache, accounting
    "runs",  # run folders and reading them back
    "generalize",  # the generalization check
    "search",  # search artifacts: the sandboxed search engine, composition, the exact checks
    "stages",  # one module per stage of synthesis
    "protocols",  # the staged protocol, the auto ladder, what they share
    "programs",  # using a synthesized program
    "experiments",  # sweeps, baselines, scaling, reports, published results
    "cli",  # the commands
)


def _modules(root: Path) -> dict[str, Path]:
    out = {}
    for path in sorted(root.rglob("*.py")):
        parts = list(path.relative_to(root.parent).with_suffix("").parts)
        if parts[-1] == "__init__":
            parts = parts[:-1]
        out[".".join(parts)] = path
    return out


def import_graph(root: Path = PACKAGE) -> dict[str, set[str]]:
    """Module -> the genplan modules it imports (``from pkg import submodule`` counts as the submodule)."""
    modules = _modules(root)
    graph: dict[str, set[str]] = defaultdict(set)
    for name, path in modules.items():
        package = name if path.name == "__init__.py" else name.rpartition(".")[0]
        for node in ast.walk(ast.parse(path.read_text(), filename=str(path))):
            targets: list[str] = []
            if isinstance(node, ast.Import):
                targets = [alias.name for alias in node.names]
            elif isinstance(node, ast.ImportFrom):
                if node.level:
                    base = package.split(".")[: len(package.split(".")) - node.level + 1]
                    source = ".".join(base + ([node.module] if node.module else []))
                else:
                    source = node.module or ""
                subs = [f"{source}.{alias.name}" for alias in node.names]
                targets = [s for s in subs if s in modules]
                if len(targets) < len(subs):
                    targets.append(source)
            for target in targets:
                if target in modules and target != name:
                    graph[name].add(target)
        graph.setdefault(name, set())
    return dict(graph)


def cycles(graph: Mapping[str, Iterable[str]]) -> list[list[str]]:
    """The strongly connected components of more than one node (Tarjan), each sorted."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []
    counter = [0]

    def visit(v: str) -> None:
        index[v] = low[v] = counter[0]
        counter[0] += 1
        stack.append(v)
        on_stack.add(v)
        for w in graph.get(v, ()):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on_stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            component = []
            while True:
                w = stack.pop()
                on_stack.discard(w)
                component.append(w)
                if w == v:
                    break
            if len(component) > 1:
                found.append(sorted(component))

    for v in sorted(graph):
        if v not in index:
            visit(v)
    return found


def layer_of(module: str) -> str | None:
    parts = module.split(".")
    return parts[1] if len(parts) > 1 else None


def package_graph(graph: Mapping[str, Iterable[str]]) -> dict[str, set[str]]:
    out: dict[str, set[str]] = defaultdict(set)
    for source, targets in graph.items():
        a = layer_of(source)
        for target in targets:
            b = layer_of(target)
            if a and b and a != b:
                out[a].add(b)
    return dict(out)


def test_the_cycle_finder_finds_a_planted_cycle() -> None:
    graph = {"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}
    assert cycles(graph) == [["a", "b", "c"]]
    assert cycles({"a": {"b"}, "b": set()}) == []


def test_the_import_graph_sees_lazy_and_type_checking_imports(tmp_path: Path) -> None:
    pkg = tmp_path / "genplan"
    (pkg / "low").mkdir(parents=True)
    (pkg / "__init__.py").write_text("")
    (pkg / "low" / "__init__.py").write_text("")
    (pkg / "low" / "a.py").write_text("def f():\n    from genplan.high import b\n")
    (pkg / "high.py").write_text(
        "from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    from genplan.low.a import f\n"
    )
    graph = import_graph(pkg)
    assert graph["genplan.low.a"] == {"genplan.high"}
    assert graph["genplan.high"] == {"genplan.low.a"}
    assert cycles(graph) == [["genplan.high", "genplan.low.a"]]


def test_no_import_cycle_between_modules() -> None:
    assert cycles(import_graph()) == []


def test_no_import_cycle_between_packages() -> None:
    assert cycles(package_graph(import_graph())) == []


def test_every_package_is_in_a_layer() -> None:
    top = {layer_of(m) for m in import_graph()} - {None}
    assert top <= set(LAYERS), f"add {sorted(top - set(LAYERS))} to LAYERS here and to docs/architecture.md"


@pytest.mark.parametrize("layer", LAYERS)
def test_imports_go_down_the_layers_only(layer: str) -> None:
    rank = {name: i for i, name in enumerate(LAYERS)}
    upward = sorted(
        f"{source} imports {target}"
        for source, targets in import_graph().items()
        if layer_of(source) == layer
        for target in targets
        if layer_of(target) in rank and rank[layer_of(target)] > rank[layer]  # type: ignore[index]
    )
    assert upward == []


def test_execution_never_imports_its_dask_implementation() -> None:
    graph = import_graph()
    for module, targets in graph.items():
        if layer_of(module) in {"execute", "planners", "validate", "pddl", "core"}:
            assert not {t for t in targets if layer_of(t) == "cluster"}, module


def test_architecture_doc_names_every_layer() -> None:
    doc = (PACKAGE.parent / "docs" / "architecture.md").read_text()
    missing = [layer for layer in LAYERS if f"`{layer}" not in doc]
    assert missing == []


def test_every_test_listed_as_slow_exists() -> None:
    """tests/conftest.py's SLOW_TESTS names tests by file and function; a renamed test must not drop out."""
    from tests.conftest import REPO, SLOW_TESTS

    for node in SLOW_TESTS:
        path, name = node.split("::")
        assert f"def {name}(" in (REPO / path).read_text(), f"{node} is listed in SLOW_TESTS but does not exist"
