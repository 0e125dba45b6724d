"""The Rapid City draw pile (R-R1): which cards a game uses, and their seeded shuffle.

The companion is the draw pile (R-R3), so the deck must be reproducible from the game's
settings alone: the same colours, variants and seed always give the same order, which is
what lets the event log rebuild a game and lets a player check a past call.
"""

from __future__ import annotations

import random
from itertools import combinations
from typing import Iterable

from companion.rapidcity.model import (
    CHARACTERS,
    COLOURS,
    HANDS,
    LOCATIONS,
    ArmedCard,
    Card,
    CharacterCard,
    DisarmedCard,
    HealingCard,
    TwoCharactersCard,
)

CHARACTER_COPIES = 2


def cowboy_cards(colour: str) -> tuple[Card, ...]:
    """A colour's three cowboy cards (R-R1: not six; the component list misprints it)."""
    return (*(ArmedCard(colour, hand) for hand in HANDS), DisarmedCard(colour))


def deck_cards(colours: Iterable[str], healing: bool = False, two_characters: bool = False) -> tuple[Card, ...]:
    """Every card of a game in a fixed order, before shuffling.

    Cowboy cards follow the R-R2 colour order, not the seating, so the same players in
    another seating with the same seed draw the same cards.
    """
    # ruling: R-R1 - 6 characters plus each playing colour's 3 cowboy cards; variants add 3 + 3
    playing = set(colours)
    cards: list[Card] = [CharacterCard(c) for c in CHARACTERS for _ in range(CHARACTER_COPIES)]
    cards += [card for colour in COLOURS if colour in playing for card in cowboy_cards(colour)]
    if healing:
        cards += [HealingCard(location) for location in LOCATIONS]
    if two_characters:
        cards += [TwoCharactersCard(pair) for pair in combinations(CHARACTERS, 2)]
    return tuple(cards)


def shuffled_deck(colours: Iterable[str], seed: int, healing: bool = False,
                  two_characters: bool = False) -> tuple[Card, ...]:
    """The draw pile in drawing order, shuffled by ``random.Random(seed)``."""
    cards = list(deck_cards(colours, healing, two_characters))
    random.Random(seed).shuffle(cards)
    return tuple(cards)
