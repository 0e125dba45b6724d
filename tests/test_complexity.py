"""No function at cyclomatic complexity D or worse (issue 34): more than 20 paths through one
function is more than a reader holds at once, so such a function is split into named steps.

Measured with radon (`radon cc -n D -s companion hardware ui bench` lists the same), the
figure the reviews quote: a function's closures count in it, and so do a class's methods
each on their own. Complexity 20 is the top of rank C.
"""

from __future__ import annotations

from radon.complexity import cc_rank, cc_visit

from tests.importgraph import ROOT

FOLDERS = ("companion", "hardware", "ui", "bench")
WORST_RANK = "C"


def _functions(code: str):
    for block in cc_visit(code):
        yield block
        yield from getattr(block, "methods", ())


def test_no_function_at_complexity_d_or_worse():
    found = [f"{path.relative_to(ROOT)}:{block.lineno} {block.fullname} {cc_rank(block.complexity)} "
             f"({block.complexity})"
             for folder in FOLDERS for path in sorted((ROOT / folder).rglob("*.py"))
             for block in _functions(path.read_text(encoding="utf-8"))
             if cc_rank(block.complexity) > WORST_RANK]
    assert not found, "split these into named steps:\n" + "\n".join(found)


def test_the_measure_sees_a_complex_function():
    """A function of 21 paths is ranked D; of 20, C: the bound above is the one meant."""
    def source(branches: int) -> str:
        return "def f(x):\n" + "".join(f"    if x == {i}:\n        return {i}\n" for i in range(branches)) \
            + "    return -1\n"

    assert [cc_rank(b.complexity) for b in _functions(source(20))] == ["D"]
    assert [cc_rank(b.complexity) for b in _functions(source(19))] == ["C"]
