"""Duel cards as the table writes them: value then suit, ``"3G"`` (ruling: R-B1).

Cards stay plain strings everywhere (actions, state, CLI) because that is how people
type them and how the event log stores them; this module is the one gate that turns
what somebody typed into a canonical card, or refuses it with the card named.
"""

from __future__ import annotations

from collections import Counter
from typing import Iterable

from companion.intake.errors import InputError

SUITS = "HDSCG"  # ruling: R-B1 (Hearts, Diamonds, Spades, Clubs, Gold)
VALUES = (1, 2, 3, 4, 5)
COPIES = 3  # ruling: R-B1: three copies of each card
#: the 25 card types, suit-major ("1H".."5H", "1D", ...): odds walk the deck suit by suit
CARD_TYPES: tuple[str, ...] = tuple(f"{v}{s}" for s in SUITS for v in VALUES)
DECK_SIZE = len(CARD_TYPES) * COPIES  # 75


def parse_card(text: object) -> str:
    """The canonical card for ``text`` (``" 3g"`` -> ``"3G"``); the reason it is not a card otherwise."""
    if not isinstance(text, str) or not text.strip():
        raise InputError(f"card {text!r} is empty; write value 1-5 then suit H D S C G, e.g. 3G")
    card = text.strip().upper()
    if len(card) != 2 or card[0] not in "12345":
        raise InputError(f"card {text!r}: the value must be 1 to 5 followed by one suit letter, e.g. 3G")
    if card[1] not in SUITS:
        raise InputError(f"card {text!r}: the suit must be one of H D S C G")
    return card


def check_copies(cards: Iterable[str]) -> None:
    """Refuse a collection that holds more copies of a card than the deck has."""
    for card, count in Counter(cards).items():
        if count > COPIES:
            raise InputError(f"{card} appears {count} times; the deck has {COPIES}")


def parse_cards(texts: Iterable[object]) -> tuple[str, ...]:
    """Canonical cards for a collection taken from one deck (so at most three of each)."""
    cards = tuple(parse_card(t) for t in texts)
    check_copies(cards)
    return cards


def parse_card_list(text: str) -> tuple[str, ...]:
    """Cards written the CLI way, ``"1H,1S,2G"``; an empty string is no cards."""
    return parse_cards(part for part in text.split(",")) if text.strip() else ()


def value_of(card: str) -> int:
    return int(card[0])


def suit_of(card: str) -> str:
    return card[1]


def sort_key(card: str) -> tuple[int, int]:
    """Order by value, then suit in R-B1 order, so listings read the same every time."""
    return value_of(card), SUITS.index(suit_of(card))
