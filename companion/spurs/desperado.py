"""Counting hits against desperados, one after another, from a single draw (R-S4).

The engine decides a fight with :func:`take_hits`; the odds count the same rule in
closed form (``companion.spurs.odds.whole_bag_probability``), and a test holds the two
equal over every draw, so the probability shown is the probability of what the engine does.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Sequence

from companion.intake.errors import InputError
from companion.spurs.bag import SPECIFIC_COLOUR, Bag, weapon_named


@dataclass(frozen=True)
class Desperado:
    """One Desperado card: its weapon and hits (top right corner) and its reward."""

    weapon: str
    hits: int
    cash: int = 0
    fame: int = 0


def take_hits(unused: Bag, weapon: str, hits: int) -> Bag | None:
    """The drawn bullets left after beating a desperado, or None if they cannot.

    Weapon-specific bullets are counted first and whites only cover a shortfall: a
    white hits for either weapon, so keeping whites back is never worse for whatever
    desperado comes next.
    """
    specific = SPECIFIC_COLOUR[weapon]
    from_specific = min(unused[specific], hits)  # ruling: R-S4
    from_white = hits - from_specific
    if from_white > unused.white:
        return None
    return unused.minus(Bag(**{specific: from_specific, "white": from_white}))


def parse_gang(text: str) -> list[tuple[str, int]]:
    """A gang from the CLI's ``revolver:1,rifle:2`` form, in reveal order."""
    gang = []
    for item in filter(None, (part.strip() for part in text.split(","))):
        weapon, sep, hits = (s.strip() for s in item.partition(":"))
        if not sep:
            raise InputError(f"gang member {item!r} should look like weapon:hits, e.g. revolver:1")
        try:
            needed = int(hits)
        except ValueError:
            raise InputError(f"hits for {item!r} must be a whole number") from None
        gang.append((weapon_named(weapon), needed))
    return check_gang(gang)


def check_gang(gang: Sequence[tuple[str, int]]) -> list[tuple[str, int]]:
    """Refuse an empty gang, unknown weapons and hits below 1."""
    if not gang:
        raise InputError("a gang needs at least one desperado, e.g. revolver:1,rifle:2")
    for weapon, hits in gang:
        weapon_named(weapon)
        if not isinstance(hits, int) or isinstance(hits, bool) or hits < 1:
            raise InputError(f"a {weapon} desperado needs 1 or more hits, got {hits!r}")
    return list(gang)
