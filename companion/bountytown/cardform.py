"""A Bounty card typed in, as a value: at setup (the three first bounties) and at the end of a
turn (the cards revealed into empty slots). It mirrors the printed card: name, renown, the
3x3 town picture with its two locations marked, base cards (a value, then a suit), draws
and items. The engine (``state.parse_bounty``) judges the card; this keeps each field within
what a card can print and says what is missing in the players' words.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, replace
from typing import Any

from companion.bountytown.cards import SUITS
from companion.bountytown.state import Bounty
from companion.bountytown.view import SUIT_NAMES
from companion.intake.limits import BOUNTY_DRAWS

#: what a card prints, each field's range; the draws stepper stops at the most the rules take (R-B11)
LIMITS = {"renown": (0, 20), "draws": (0, BOUNTY_DRAWS), "items": (0, 5)}
BASE = 5  # a bounty prints at most five base cards
NAME = 40  # characters of a bounty's name


@dataclass(frozen=True)
class Card:
    name: str = ""
    renown: int = 1
    draws: int = 0
    items: int = 0
    locations: tuple[str, ...] = ()  # the two marked, oldest first
    base: tuple[str, ...] = ()
    value: int = 0  # the value tapped last on the pad (it stays: pairs share a value)


def stepped(card: Card, name: str, sign: int) -> Card:
    least, most = LIMITS.get(name, (0, 0))
    if name not in LIMITS or sign not in (-1, 1):
        return card
    return replace(card, **{name: max(least, min(most, getattr(card, name) + sign))})


def named(card: Card, text: object) -> Card:
    return replace(card, name=text[:NAME]) if isinstance(text, str) else card


def marked(card: Card, location: str, grid: tuple[str, ...]) -> Card:
    """A location tapped: marked, or unmarked; a third mark lets go of the oldest (a card shows two)."""
    if location not in grid:
        return card
    if location in card.locations:
        return replace(card, locations=tuple(n for n in card.locations if n != location))
    return replace(card, locations=(card.locations + (location,))[-2:])


def valued(card: Card, value: int) -> Card:
    return replace(card, value=value) if value in (1, 2, 3, 4, 5) else card


def suited(card: Card, suit: str) -> Card | str:
    """A suit tapped after a value: one base card; or why not."""
    if suit not in SUIT_NAMES.values():
        return card
    if not card.value:
        return "Tap a value (1 to 5) first, then the suit."
    if len(card.base) >= BASE:
        return f"A bounty shows at most {BASE} base cards."
    letter = next(s for s in SUITS if SUIT_NAMES[s] == suit)
    return replace(card, base=card.base + (f"{card.value}{letter}",))


def unbased(card: Card, index: int) -> Card:
    return replace(card, base=card.base[:index] + card.base[index + 1:]) if 0 <= index < len(card.base) else card


def missing(card: Card) -> str | None:
    """What the card still needs before the engine can judge it, in the players' words."""
    if not " ".join(card.name.split()):
        return "Type the bounty's name as printed on the card."
    if len(card.locations) != 2:
        return f"Tap the two places {' '.join(card.name.split())} is found at on the card's town picture."
    return None


def entry(card: Card) -> dict[str, Any]:
    """The card as the engine's settings and ``end_turn`` take it."""
    return {"name": " ".join(card.name.split()), "renown": card.renown, "locations": list(card.locations),
            "base": list(card.base), "draws": card.draws, "items": card.items}


def remembered(bounty: Bounty) -> str:
    """A card the table has typed in, kept to be revealed again in one tap."""
    return json.dumps({"name": bounty.name, "renown": bounty.renown, "locations": list(bounty.locations),
                       "base": list(bounty.base), "draws": bounty.draws, "items": bounty.items}, sort_keys=True)


def learned(known: tuple[str, ...], state: Any) -> tuple[str, ...]:
    """``known`` with every active bounty of ``state`` the table had not typed before."""
    names = {json.loads(k)["name"] for k in known}
    return known + tuple(remembered(b) for b in state.active if b.name not in names)


def words(known: str) -> str:
    """A remembered card in one line: "Sundance Kid (renown 2) at Bank / Boot Hill"."""
    card = json.loads(known)
    base = f"; base {' '.join(card['base'])}" if card["base"] else ""
    return f"{card['name']} (renown {card['renown']}) at {' / '.join(card['locations'])}{base}; draws {card['draws']}"
