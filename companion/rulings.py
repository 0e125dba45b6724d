"""The product's rulings (where the rulebooks are silent), shown in the app's rules help.

``rulings.md`` is the same text as the team's RULINGS.md, shipped with the package so a
table can read what the companion assumed without the repository at hand.
"""

from __future__ import annotations

import re
from functools import cache
from importlib.resources import files

_RULING = re.compile(r"^- (R-[SBR]\d+) (.*)")


@cache
def rulings() -> dict[str, str]:
    """Ruling id -> its text (continuation lines joined)."""
    found: dict[str, str] = {}
    current = None
    for line in files("companion").joinpath("rulings.md").read_text(encoding="utf-8").splitlines():
        match = _RULING.match(line)
        if match:
            current = match.group(1)
            found[current] = match.group(2)
        elif current and line.startswith("  ") and line.strip():
            found[current] += " " + line.strip()
        else:
            current = None
    return found


def for_game(prefix: str) -> list[tuple[str, str]]:
    """The rulings of one game: prefix "R-S" (Spurs), "R-B" (Bountytown), "R-R" (Rapid City)."""
    return [(rid, text) for rid, text in rulings().items() if rid.startswith(prefix)]
