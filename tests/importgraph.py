"""The project's import graph, read from the source with ``ast``, for the tests that keep its
shape (tests/test_architecture.py: layers and module cycles; tests/test_import_cycles.py:
sub-package cycles).

Every import counts, those inside functions too: a function-level import is still a
dependency, only a later one. ``NAMED`` counts as well every string naming a project module
("module" or "module:attribute"), the way the game registry (companion/games.py) and the CLI
name the code they load by ``importlib``: a dependency looked up by name is still a dependency.
"""

from __future__ import annotations

import ast
from collections.abc import Iterable, Mapping
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
LAYERS = ("companion", "hardware", "ui")


def _modules() -> dict[str, Path]:
    found = {}
    for layer in LAYERS:
        for path in (ROOT / layer).rglob("*.py"):
            parts = list(path.relative_to(ROOT).with_suffix("").parts)
            if parts[-1] == "__init__":
                parts.pop()
            found[".".join(parts)] = path
    return found


MODULES = _modules()


def _imports(path: Path, name: str, by_name: bool) -> set[str]:
    """The project modules ``path`` imports (and, ``by_name``, names), at any depth of its code."""
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            targets = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                base = ".".join(package.split(".")[: len(package.split(".")) - node.level + 1] + ([base] if base else []))
            targets = [f"{base}.{alias.name}" for alias in node.names] + [base]
        elif by_name and isinstance(node, ast.Constant) and isinstance(node.value, str) \
                and node.value.partition(":")[0] in MODULES:
            targets = [node.value.partition(":")[0]]
        else:
            continue
        for target in targets:
            while target and target not in MODULES:
                target = target.rpartition(".")[0]
            if target and target != name:
                found.add(target)
    return found


#: module -> the project modules it imports
GRAPH = {name: _imports(path, name, by_name=False) for name, path in MODULES.items()}
#: module -> the project modules it imports or names for ``importlib``
NAMED = {name: _imports(path, name, by_name=True) for name, path in MODULES.items()}


def cycles(graph: Mapping[str, Iterable[str]]) -> list[list[str]]:
    """The strongly connected components of more than one node (Tarjan), each sorted: every
    node in one can reach every other, so each is an import cycle."""
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
    return sorted(found)
