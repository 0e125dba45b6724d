"""The bullet bag and the rules of drawing from it (R-S1, R-S2, R-S3, R-S10).

A bag is a count per colour, never a list of tokens: two bags with the same counts are
the same bag, which keeps states comparable and lets the odds enumerate compositions
instead of ordered draws. Digital and physical draws both end as a drawn ``Bag`` and
go through the same :func:`after_shooting`, so the bag changes the same way whichever
the table used (R-S10).
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Mapping

from companion.contracts.engine import RuleError
from companion.intake.errors import InputError

COLOURS = ("grey", "brown", "white", "black", "red")
WEAPONS = ("revolver", "rifle")
RED_LIMIT = 3  # ruling: R-S3

# ruling: R-S1 - hits per weapon, and the colour each weapon leaves in the bag
HIT_COLOURS = {"revolver": ("grey", "white"), "rifle": ("brown", "white")}
SPECIFIC_COLOUR = {"revolver": "grey", "rifle": "brown"}
LEFT_IN_BAG = {"revolver": "brown", "rifle": "grey"}


@dataclass(frozen=True)
class Bag:
    """Bullets by colour: a player's bag, or the bullets drawn from it."""

    grey: int = 0
    brown: int = 0
    white: int = 0
    black: int = 0
    red: int = 0

    def __getitem__(self, colour: str) -> int:
        return getattr(self, colour)

    @property
    def total(self) -> int:
        return sum(self[c] for c in COLOURS)

    def counts(self) -> dict[str, int]:
        """Colour -> count, every colour present (the shape the UI and JSON use)."""
        return {c: self[c] for c in COLOURS}

    def plus(self, other: Bag) -> Bag:
        return Bag(**{c: self[c] + other[c] for c in COLOURS})

    def minus(self, other: Bag) -> Bag:
        """The bag with ``other`` taken out; callers take only what the bag holds
        (bullets drawn from it, or reds counted against it)."""
        return Bag(**{c: self[c] - other[c] for c in COLOURS})

    def pool(self, weapon: str | None) -> Bag:
        """The bullets a draw is made from: the whole bag, or for a weapon the bag
        without the colour that weapon leaves in it."""
        if weapon is None:
            return self
        return Bag(**{**self.counts(), LEFT_IN_BAG[weapon]: 0})  # ruling: R-S1

    def hits(self, weapon: str) -> int:
        """How many of these (drawn) bullets hit with ``weapon``; black and red never do."""
        return sum(self[c] for c in HIT_COLOURS[weapon])  # ruling: R-S1

    def __str__(self) -> str:
        shown = [f"{c}={self[c]}" for c in COLOURS if self[c]]
        return ",".join(shown) or "empty"


def bag_from_counts(counts: Mapping[str, object]) -> Bag:
    """A bag from colour -> count, refusing unknown colours and counts that are not
    whole numbers >= 0 (a colour left out is 0)."""
    for colour, n in counts.items():
        if colour not in COLOURS:
            raise InputError(f"unknown bullet colour {colour!r}; colours are {', '.join(COLOURS)}")
        if not isinstance(n, int) or isinstance(n, bool) or n < 0:
            raise InputError(f"{colour} count must be a whole number 0 or more, got {n!r}")
    return Bag(**counts)  # type: ignore[arg-type]  # each count is checked a whole number above


def parse_bag(text: str) -> Bag:
    """A bag from the CLI's ``grey=4,brown=2,...`` form."""
    counts: dict[str, object] = {}
    for item in filter(None, (part.strip() for part in text.split(","))):
        colour, sep, number = (s.strip() for s in item.partition("="))
        if not sep:
            raise InputError(f"bag item {item!r} should look like colour=count, e.g. grey=4")
        if colour in counts:
            raise InputError(f"bag names {colour!r} twice")
        try:
            counts[colour] = int(number)
        except ValueError:
            raise InputError(f"{colour} count must be a whole number, got {number!r}") from None
    return bag_from_counts(counts)


def weapon_named(text: object) -> str:
    if text not in WEAPONS:
        raise InputError(f"unknown weapon {text!r}; weapons are {', '.join(WEAPONS)}")
    return text


def sample_counts(counts: Mapping[str, int], rng: random.Random, asked: int) -> dict[str, int]:
    """Draw ``asked`` tokens (all if fewer) from a bag given as kind -> count.

    Tokens are laid out in the mapping's order and sampled without replacement, so
    the same seed always draws the same tokens from the same bag.
    """
    tokens = [kind for kind, n in counts.items() for _ in range(n)]
    drawn = dict.fromkeys(counts, 0)
    for kind in rng.sample(tokens, min(asked, len(tokens))):
        drawn[kind] += 1
    return drawn


def check_entered(counts: Mapping[str, int], entered: object, asked: int, *, rule: str,
                  optional: int = 0) -> dict[str, int]:
    """Validate tokens drawn from a physical bag against the bag they came from.

    The draw must be the size a digital draw would take (``asked``, or all the bag holds
    if fewer), so a forgotten or extra tap is caught rather than recorded; only the last
    ``optional`` of ``asked`` (the extra draws Spurs made available) may be left out.
    """
    if not isinstance(entered, Mapping):
        raise RuleError("R-S10", f"a physical draw needs 'drawn' as {{kind: count}}, got {entered!r}")
    drawn = dict.fromkeys(counts, 0)
    for kind, n in entered.items():
        if kind not in counts:
            raise RuleError("R-S10", f"cannot draw {kind!r}: this bag holds only {', '.join(counts)}")
        if not isinstance(n, int) or isinstance(n, bool) or n < 0:
            raise RuleError("R-S10", f"drawn {kind} must be a whole number 0 or more, got {n!r}")
        if n > counts[kind]:
            raise RuleError(rule, f"{n} {kind} entered but the bag holds {counts[kind]}")
        drawn[kind] = n
    size = min(asked, sum(counts.values()))
    fewest = min(asked - optional, size)  # ruling: R-S12 - a Spur's extra draw may go unused
    taken = sum(drawn.values())
    if not fewest <= taken <= size:
        takes = f"{size}" if fewest == size else f"{fewest} to {size} (a Spur's extra draw is yours to use or not)"
        raise RuleError(rule, f"this draw takes {takes} (asked {asked}, all if the bag holds fewer); {taken} entered")
    return drawn


def draw_digital(bag: Bag, rng: random.Random, asked: int, weapon: str | None = None) -> Bag:
    """The companion's draw: ``asked`` bullets from the weapon's pool (R-S1)."""
    return Bag(**sample_counts(bag.pool(weapon).counts(), rng, asked))


def check_physical(bag: Bag, entered: object, asked: int, weapon: str | None = None, optional: int = 0) -> Bag:
    """The bullets a player drew from the physical bag, refused with the reason when
    they could not have come out of this bag for this draw (``optional``: see
    :func:`check_entered`)."""
    if weapon is not None and isinstance(entered, Mapping) and entered.get(LEFT_IN_BAG[weapon]):
        raise RuleError("R-S1", f"a {weapon} draw leaves the {LEFT_IN_BAG[weapon]} bullets in the bag; "
                                f"{entered[LEFT_IN_BAG[weapon]]} {LEFT_IN_BAG[weapon]} entered")
    return Bag(**check_entered(bag.pool(weapon).counts(), entered, asked, rule="R-S1", optional=optional))


def after_shooting(bag: Bag, drawn: Bag) -> Bag:
    """The bag once the drawn bullets go back: every white leaves for good, the rest return."""
    return bag.minus(Bag(white=drawn.white))  # ruling: R-S2


def add_reds(bag: Bag, fame: int, reds: int) -> tuple[Bag, int]:
    """The bag and fame after taking ``reds`` red bullets: each one above the limit
    costs a Fame point instead, and fame stops at 0."""
    room = max(0, RED_LIMIT - bag.red)
    into_bag = min(reds, room)
    over = reds - into_bag
    return Bag(**{**bag.counts(), "red": bag.red + into_bag}), max(0, fame - over)  # ruling: R-S3

