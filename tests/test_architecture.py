"""Imports point one way: down the layers of ``docs/architecture.md``, and never round a loop.

The layers are read from the ``layers`` block of ``docs/architecture.md`` (top layer first), so
the drawing and the check cannot drift apart.  Every ``import`` and ``from … import`` of the
package is read with :mod:`ast`, including those inside functions and ``TYPE_CHECKING`` blocks:
a lazy import is still a dependency.
"""

from __future__ import annotations

import ast
import re
from collections.abc import Iterable, Mapping
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
PACKAGE = "badugi_ledger"
ARCHITECTURE = ROOT / "docs" / "architecture.md"


def read_layers(text: str) -> list[list[str]]:
    """The ``layers`` block of the architecture document: one layer a line, top layer first."""
    found = re.search(r"```layers\n(.*?)```", text, re.S)
    if found is None:
        raise AssertionError("docs/architecture.md has no ```layers block")
    return [line.split() for line in found.group(1).splitlines() if line.strip()]


def module_files(root: Path, package: str) -> dict[str, Path]:
    """Dotted module name -> file, for every module of ``package`` under ``root``."""
    modules: dict[str, Path] = {}
    for path in sorted((root / package).rglob("*.py")):
        parts = list(path.relative_to(root).with_suffix("").parts)
        if parts[-1] == "__init__":
            parts.pop()
        modules[".".join(parts)] = path
    return modules


def imports_of(name: str, path: Path, modules: Iterable[str], package: str) -> set[str]:
    """The package's modules that module ``name`` (at ``path``) imports, anywhere in it."""
    known = set(modules)
    is_package = path.name == "__init__.py"
    here = name.split(".") if is_package else name.split(".")[:-1]
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"), str(path))):
        if isinstance(node, ast.Import):
            targets = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = here[: len(here) - (node.level - 1)]
                target = ".".join([*base, *([node.module] if node.module else [])])
            else:
                target = node.module or ""
            # ``from pkg import module`` imports that module; ``from module import name`` the module
            targets = [
                f"{target}.{alias.name}" if f"{target}.{alias.name}" in known else target
                for alias in node.names
            ]
        else:
            continue
        for target in targets:
            if target != package and not target.startswith(package + "."):
                continue
            while target not in known:  # ``import pkg.mod.attr`` style: the longest module
                target = target.rpartition(".")[0]
            if target != name:
                found.add(target)
    return found


def import_graph(root: Path, package: str) -> dict[str, set[str]]:
    modules = module_files(root, package)
    return {name: imports_of(name, path, modules, package) for name, path in modules.items()}


def layer_of(module: str, ranks: Mapping[str, int], package: str) -> int | None:
    """A module's layer: that of its top-level module or subpackage (``None`` for the package
    itself, whose ``__init__`` must import nothing)."""
    if module == package:
        return None
    return ranks.get(module.split(".")[1])


def layer_problems(
    graph: Mapping[str, set[str]], layers: list[list[str]], package: str
) -> list[str]:
    """Every module outside the layers, and every import that points up a layer."""
    ranks = {part: len(layers) - i for i, line in enumerate(layers) for part in line}
    problems: list[str] = []
    for module, targets in sorted(graph.items()):
        rank = layer_of(module, ranks, package)
        if module == package:
            continue  # the public API (docs/api.md): above every layer, looked up lazily
        if package in targets:
            problems.append(f"{module} imports the package's public API, which is above it")
        if rank is None:
            problems.append(f"{module} is in no layer of docs/architecture.md")
            continue
        for target in sorted(targets):
            target_rank = layer_of(target, ranks, package)
            if target_rank is None or target_rank > rank:
                problems.append(f"{module} imports {target}, a layer above it")
    return problems


def cycles(graph: Mapping[str, set[str]]) -> list[list[str]]:
    """The strongly connected components of more than one module (Tarjan), each sorted."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []

    def visit(node: str) -> None:
        index[node] = low[node] = len(index)
        stack.append(node)
        on_stack.add(node)
        for nxt in sorted(graph.get(node, ())):
            if nxt not in index:
                visit(nxt)
                low[node] = min(low[node], low[nxt])
            elif nxt in on_stack:
                low[node] = min(low[node], index[nxt])
        if low[node] == index[node]:
            component = []
            while True:
                top = stack.pop()
                on_stack.discard(top)
                component.append(top)
                if top == node:
                    break
            if len(component) > 1:
                found.append(sorted(component))

    for node in sorted(graph):
        if node not in index:
            visit(node)
    return found


# --- the package -------------------------------------------------------------------------------


@pytest.fixture(scope="module")
def graph() -> dict[str, set[str]]:
    return import_graph(ROOT, PACKAGE)


def test_every_import_points_down_the_layers(graph: dict[str, set[str]]) -> None:
    layers = read_layers(ARCHITECTURE.read_text(encoding="utf-8"))
    assert layer_problems(graph, layers, PACKAGE) == []


def test_no_module_imports_itself_round_a_loop(graph: dict[str, set[str]]) -> None:
    assert cycles(graph) == []


def test_the_layers_name_what_exists(graph: dict[str, set[str]]) -> None:
    """A layer naming a module that no longer exists is a stale drawing."""
    layers = read_layers(ARCHITECTURE.read_text(encoding="utf-8"))
    tops = {module.split(".")[1] for module in graph if module != PACKAGE}
    assert sorted(part for line in layers for part in line if part not in tops) == []


def test_the_graph_sees_the_imports_it_must(graph: dict[str, set[str]]) -> None:
    """The reader resolves relative, function-level and package imports (a check that saw no
    imports would pass vacuously)."""
    assert "badugi_ledger.model.errors" in graph["badugi_ledger.text.parse"]
    assert "badugi_ledger.sources" in graph["badugi_ledger.ledger.importing"]  # inside a function
    assert "badugi_ledger.hands.badugi" in graph["badugi_ledger.hands.evaluate"]  # from . import
    assert sum(len(targets) for targets in graph.values()) > 150


# --- the check itself, on a planted package -----------------------------------------------------


def _plant(root: Path, files: Mapping[str, str]) -> dict[str, set[str]]:
    for name, text in files.items():
        path = root / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
    return import_graph(root, "pkg")


LAYERS = [["app"], ["low"], ["base"]]


def test_an_upward_import_inside_a_function_is_found(tmp_path: Path) -> None:
    graph = _plant(
        tmp_path,
        {
            "pkg/__init__.py": "",
            "pkg/app.py": "from .low import thing\n",
            "pkg/low/__init__.py": "",
            "pkg/low/thing.py": "def f():\n    from ..app import main\n",
            "pkg/base.py": "",
        },
    )
    assert layer_problems(graph, LAYERS, "pkg") == [
        "pkg.low.thing imports pkg.app, a layer above it"
    ]


def test_an_absolute_upward_import_and_an_unlisted_module_are_found(tmp_path: Path) -> None:
    graph = _plant(
        tmp_path,
        {
            "pkg/__init__.py": "",
            "pkg/app.py": "",
            "pkg/base.py": "import pkg.app\n",
            "pkg/extra.py": "",
            "pkg/low/__init__.py": "from pkg import base\n",
        },
    )
    assert layer_problems(graph, LAYERS, "pkg") == [
        "pkg.base imports pkg.app, a layer above it",
        "pkg.extra is in no layer of docs/architecture.md",
    ]


def test_a_cycle_within_one_layer_is_found(tmp_path: Path) -> None:
    graph = _plant(
        tmp_path,
        {
            "pkg/__init__.py": "",
            "pkg/low/__init__.py": "",
            "pkg/low/a.py": "from .b import x\n",
            "pkg/low/b.py": "from . import c\n",
            "pkg/low/c.py": "def f():\n    from .a import y\n",
            "pkg/low/d.py": "from .a import y\n",
        },
    )
    assert layer_problems(graph, LAYERS, "pkg") == []
    assert cycles(graph) == [["pkg.low.a", "pkg.low.b", "pkg.low.c"]]
