"""The rulings shipped with the app: every ruling the code cites is in them, and they carry
the clarified and new rulings the engines apply."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from companion.rulings import for_game, rulings

ROOT = Path(__file__).resolve().parents[1]
CITED = re.compile(r"\bR-[SBR]\d+\b")


def _citations() -> dict[str, list[str]]:
    """Ruling id -> where the code names it (comments, docstrings, refusal messages)."""
    found: dict[str, list[str]] = {}
    for package in ("companion", "hardware", "ui"):
        for path in sorted((ROOT / package).rglob("*")):
            if path.suffix not in (".py", ".kv"):
                continue
            for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
                for rid in CITED.findall(line):
                    found.setdefault(rid, []).append(f"{path.relative_to(ROOT)}:{number}")
    return found


def test_every_ruling_the_code_cites_is_in_the_rules_help():
    cited = _citations()
    assert "R-B3" in cited and "R-R4" in cited  # the scan sees the code's citations
    unknown = {rid: where[:3] for rid, where in cited.items() if rid not in rulings()}
    assert not unknown, f"cited but not in companion/rulings.md: {unknown}"


@pytest.mark.parametrize("rid, words", [
    ("R-S2", "Doctor's free draw is not shooting"),
    ("R-S6", "nobody receives that marker"),
    ("R-S11", "is refused with the rule"),
    ("R-S12", "re-rolls one die once"),
    ("R-S13", "Escorted Stagecoach"),
    ("R-B7", "at most (cards in hand minus wounds) cards"),
    ("R-B8", "not back to the Bounty deck"),
    ("R-R6", "knocked off"),
    ("R-R8", "a false starter does not heal"),
    ("R-R10", "A pad press during a Disarmed card is a touch"),
    ("R-R12", "benefit of the doubt"),
    ("R-R12", "a tie never costs anyone a bullet for that pawn"),
    ("R-R9", "A wrong-hand catch is still a catch"),
    ("R-R6", "Where a pawn stands at the close decides on every card type"),
    ("R-R4", "a press at or after the window's close is not a claim"),
    ("R-B10", "the defender keeps the Bounty and both players take a Wound"),
    ("R-R13", "cost a bullet on every card type"),
])
def test_the_new_and_clarified_rulings_are_shipped(rid, words):
    assert words in rulings()[rid]


def test_each_game_lists_its_rulings_in_order():
    for prefix, last in (("R-S", 13), ("R-B", 11), ("R-R", 13)):
        assert [rid for rid, _ in for_game(prefix)] == [f"{prefix}{n}" for n in range(1, last + 1)]


def test_the_rulings_text_stands_on_its_own():
    text = (ROOT / "companion" / "rulings.md").read_text(encoding="utf-8")
    assert "DESIGN.md" not in text and "shared" not in text and "beside this file" not in text
