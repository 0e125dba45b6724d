"""No import cycle between the sub-packages of companion/ and hardware/ (issue 34).

tests/test_architecture.py keeps modules from importing each other in a circle; this keeps
the packages apart too, so each can be read, tested and changed from the ones below it
alone. A node is a sub-package (companion.spurs, companion.db, companion.intake, ...), each
module left at companion's top level on its own (companion.cli, companion.doctor,
companion.games, companion.rulings: the command line above everything and the registry
between the games and the store), and hardware. Imports inside functions count, and so does
a module named in a string for ``importlib`` (the game registry's
"companion.spurs.engine:ENGINE"): each is a dependency.
"""

from __future__ import annotations

from tests.importgraph import NAMED, cycles

SUBPACKAGES = ("companion.db", "companion.records", "companion.spurs", "companion.bountytown",
               "companion.rapidcity", "companion.scorepad", "companion.intake",
               "companion.contracts", "companion.kiosk")


def _node(module: str) -> str | None:
    """The graph node a module belongs to, or None outside companion/ and hardware/."""
    top = module.partition(".")[0]
    if top == "hardware":
        return top
    if top != "companion":
        return None
    return next((p for p in SUBPACKAGES if module == p or module.startswith(p + ".")), module)


def _package_graph() -> tuple[dict[str, set[str]], dict[tuple[str, str], list[str]]]:
    """node -> nodes it depends on, and for each such edge the module imports behind it."""
    graph: dict[str, set[str]] = {}
    why: dict[tuple[str, str], list[str]] = {}
    for module, targets in NAMED.items():
        for target in targets:
            a, b = _node(module), _node(target)
            if a is None or b is None or a == b:
                continue
            graph.setdefault(a, set()).add(b)
            why.setdefault((a, b), []).append(f"{module} -> {target}")
    return graph, why


def test_no_cycle_between_subpackages():
    graph, why = _package_graph()
    found = cycles(graph)
    report = []
    for component in found:
        members = set(component)
        report.append(" <-> ".join(component) + ":\n" + "\n".join(
            f"    {a} -> {b} ({', '.join(sorted(why[a, b])[:3])})"
            for (a, b) in sorted(why) if a in members and b in members))
    assert not found, "import cycles between sub-packages:\n" + "\n".join(report)
