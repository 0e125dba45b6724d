"""The layers of docs/architecture.md, read from the source: ui above companion and
hardware, hardware above companion, and no cycle anywhere.

Every import counts, those inside functions too: a function-level import is still a
dependency, only a later one.
"""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
LAYERS = ("companion", "hardware", "ui")
#: who may import whom (besides itself)
ALLOWED = {"companion": {"hardware"}, "hardware": {"companion"}, "ui": {"companion", "hardware"}}


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


def _imports(path: Path, name: str) -> set[str]:
    """The project modules ``path`` imports, at any depth of its code."""
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
        else:
            continue
        for target in targets:
            while target and target not in MODULES:
                target = target.rpartition(".")[0]
            if target and target != name:
                found.add(target)
    return found


GRAPH = {name: _imports(path, name) for name, path in MODULES.items()}


def test_each_layer_imports_only_what_it_may():
    wrong = [f"{name} imports {target}" for name, targets in GRAPH.items() for target in targets
             if (a := name.partition(".")[0]) != (b := target.partition(".")[0]) and b not in ALLOWED[a]]
    assert not wrong, wrong


def test_the_core_never_imports_kivy_or_gpiozero():
    wrong = []
    for name, path in MODULES.items():
        if not name.startswith("companion"):
            continue
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            names = [a.name for a in node.names] if isinstance(node, ast.Import) else \
                [node.module or ""] if isinstance(node, ast.ImportFrom) else []
            wrong += [f"{name} imports {n}" for n in names if n.partition(".")[0] in ("kivy", "gpiozero", "lgpio")]
    assert not wrong, wrong


def test_no_import_cycle():
    """Tarjan's strongly connected components over every import: each must be one module."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    cycles: list[list[str]] = []

    def visit(node: str) -> None:
        index[node] = low[node] = len(index)
        stack.append(node)
        on_stack.add(node)
        for nxt in GRAPH[node]:
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
                cycles.append(sorted(component))

    for node in sorted(GRAPH):
        if node not in index:
            visit(node)
    assert not cycles, cycles
