"""The shared Gold/Stones bag of the Gold challenge (R-S5).

Drawn the same two ways as a bullet bag (R-S10), through the same sampling and
validation helpers, so a digital dig and a physical one change the bag identically.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from companion.spurs.bag import check_entered, sample_counts

START_GOLD, START_STONES = 10, 15  # ruling: R-S5


@dataclass(frozen=True)
class GoldBag:
    """Gold nuggets and stones: the shared bag, or what one dig brought up."""

    gold: int = START_GOLD
    stones: int = START_STONES

    def counts(self) -> dict[str, int]:
        return {"gold": self.gold, "stones": self.stones}

    @property
    def total(self) -> int:
        return self.gold + self.stones


def dig_digital(bag: GoldBag, rng: random.Random, asked: int) -> GoldBag:
    """The companion's dig: ``asked`` objects from the bag (all of them if fewer)."""
    return GoldBag(**sample_counts(bag.counts(), rng, asked))


def dig_physical(bag: GoldBag, entered: object, asked: int, optional: int = 0) -> GoldBag:
    """What the player pulled from the real bag, refused when the bag could not hold it
    (the last ``optional`` objects asked, a Spur's extra draws, may be left out)."""
    return GoldBag(**check_entered(bag.counts(), entered, asked, rule="R-S5", optional=optional))


def after_dig(bag: GoldBag, found: GoldBag) -> GoldBag:
    """Stones go back; the gold found is held by the player, out of the bag."""
    return GoldBag(gold=bag.gold - found.gold, stones=bag.stones)  # ruling: R-S5
