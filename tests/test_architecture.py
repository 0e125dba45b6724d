"""The layers of docs/architecture.md, read from the source: ui above companion and
hardware, hardware above companion, and no cycle anywhere.

Every import counts, those inside functions too: a function-level import is still a
dependency, only a later one.
"""

from __future__ import annotations

import ast

from tests.importgraph import GRAPH, MODULES, cycles

#: who may import whom (besides itself)
ALLOWED = {"companion": {"hardware"}, "hardware": {"companion"}, "ui": {"companion", "hardware"}}


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
    found = cycles(GRAPH)
    assert not found, found
