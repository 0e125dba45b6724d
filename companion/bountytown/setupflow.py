"""Setting up Bountytown as the rulebook's Setup does, without Kivy: who plays in seat order,
the characters they picked (remembered from their last game), the 3x3 town, the items for
sale and the three first bounties (a card the table typed before is one tap).

The setup is a value; each tap gives the next one. Nothing here is judged twice: ``start``
gives the settings once every form is filled in, and the engine judges them (the screen then
says the engine's refusal). A refusal stays whole under the title until 'Got it' or the
next tap, which changes what it was about.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field, replace
from typing import Any

from companion.bountytown import cardform
from companion.bountytown.cardform import Card
from companion.bountytown.state import ACTIVE_BOUNTIES, HAND_LIMIT, ITEM_PRICES, MIDDLE_ROW, PLAYERS, RULES, parse_bounty
from companion.bountytown.view import ABILITIES, SETUP_DIAGRAM
from companion.contracts.engine import RuleError

STEPS = ("Players", "Characters", "Town", "Store", "Bounties")
FIXED = range(3, 6)  # the middle row's places in the grid (rulebook Setup 1)
LIMIT = (1, 9)  # a character's hand limit
STOCK = 4  # copies of an item in the store at setup, at most
CHARACTER = 30  # characters of a character's name


@dataclass(frozen=True)
class Hero:
    """A seated player: the character they chose and its hand limit (some characters differ)."""

    player: str
    colour: str
    character: str = ""
    limit: int = HAND_LIMIT


@dataclass(frozen=True)
class Setup:
    step: str = STEPS[0]
    message: str = ""
    heroes: tuple[Hero, ...] = ()
    grid: tuple[str, ...] = SETUP_DIAGRAM
    selected: int = -1  # the grid cell tapped first (-1: none)
    custom: str = ""  # a location typed for the town
    stock: tuple[tuple[str, int], ...] = tuple((item, 1) for item in ITEM_PRICES)
    page: int = 0  # the bounty card on show
    cards: tuple[Card, ...] = (Card(),) * ACTIVE_BOUNTIES
    known: tuple[str, ...] = ()  # bounty cards the table typed in before (JSON)
    remembered: tuple[tuple[str, str, int], ...] = field(default=(), repr=False)  # player, character, limit

    @property
    def card(self) -> Card:
        return self.cards[self.page]

    def with_card(self, card: Card) -> Setup:
        return replace(self, cards=self.cards[:self.page] + (card,) + self.cards[self.page + 1:], message="")


def seated(setup: Setup, players: list[tuple[str, str]]) -> Setup:
    """The players picked, in seat order: a row kept as entered, a new one with the character
    and hand limit the player had last time."""
    rows = {h.player: h for h in setup.heroes}
    last = {name: (character, limit) for name, character, limit in setup.remembered}
    heroes = tuple(rows.get(name) or Hero(name, colour, *last.get(name, ("", HAND_LIMIT))) for name, colour in players)
    return replace(setup, heroes=heroes, message="")


def got_it(setup: Setup) -> Setup:
    """'Got it' on a refusal: the words have been read."""
    return replace(setup, message="")


def shown_step(setup: Setup, step: str) -> Setup:
    return replace(setup, step=step, message="") if step in STEPS else setup


def character(setup: Setup, player: str, text: str) -> Setup:
    return _hero(setup, player, lambda h: replace(h, character=text[:CHARACTER]))


def limited(setup: Setup, player: str, sign: int) -> Setup:
    return _hero(setup, player, lambda h: replace(h, limit=max(LIMIT[0], min(LIMIT[1], h.limit + sign))))


def _hero(setup: Setup, player: str, change: Any) -> Setup:
    heroes = tuple(change(h) if h.player == player else h for h in setup.heroes)
    return replace(setup, heroes=heroes, message="")


# --- the town ----------------------------------------------------------------------------------

def cell(setup: Setup, index: int) -> Setup:
    """A top or bottom cell tapped to pick it; another tapped swaps the two."""
    if not 0 <= index < len(setup.grid):
        return setup
    if index in FIXED:
        return replace(setup, message=f"The middle row is fixed: {', '.join(MIDDLE_ROW)} (rulebook Setup 1)")
    if setup.selected < 0 or setup.selected == index:
        return replace(setup, selected=-1 if setup.selected == index else index, message="")
    grid = list(setup.grid)
    grid[setup.selected], grid[index] = grid[index], grid[setup.selected]
    return replace(setup, grid=tuple(grid), selected=-1, message="", cards=_in_town(setup.cards, grid))


def placed(setup: Setup, name: str) -> Setup:
    """A spare or typed location put into the picked cell."""
    name = " ".join(name.split())
    if setup.selected < 0:
        return replace(setup, message="Tap a top or bottom cell of the town first, then the location to put there")
    if not name:
        return replace(setup, message="Type the location's name")
    if name in setup.grid:
        return replace(setup, message=f"{name} is already in town")
    grid = list(setup.grid)
    grid[setup.selected] = name
    return replace(setup, grid=tuple(grid), selected=-1, message="", custom="", cards=_in_town(setup.cards, grid))


def _in_town(cards: tuple[Card, ...], grid: list[str]) -> tuple[Card, ...]:
    """The bounty cards with only the locations still in town marked."""
    return tuple(replace(c, locations=tuple(n for n in c.locations if n in grid)) for c in cards)


def spares(setup: Setup) -> tuple[str, ...]:
    return tuple(name for name in ABILITIES if name not in setup.grid)


def stocked(setup: Setup, item: str, sign: int) -> Setup:
    stock = tuple((i, max(0, min(STOCK, n + sign)) if i == item else n) for i, n in setup.stock)
    return replace(setup, stock=stock, message="")


# --- the bounties ------------------------------------------------------------------------------

def known_card(setup: Setup, known: str) -> Setup:
    """A card typed before, on the form shown; the next form still empty is shown."""
    if known not in setup.known:
        return setup
    entry = json.loads(known)
    card = Card(entry["name"], entry["renown"], entry["draws"], entry["items"], tuple(entry["locations"]),
                tuple(entry["base"]))
    setup = setup.with_card(card)
    empty = [i for i, c in enumerate(setup.cards) if not c.name.strip()]
    return replace(setup, page=empty[0] if empty else setup.page)


def known_left(setup: Setup) -> tuple[str, ...]:
    """The cards typed before that this town can hold and no form shows yet."""
    names = {" ".join(c.name.split()) for c in setup.cards}
    return tuple(k for k in setup.known
                 if json.loads(k)["name"] not in names and set(json.loads(k)["locations"]) <= set(setup.grid))


# --- the start ---------------------------------------------------------------------------------

def settings(setup: Setup) -> dict[str, Any]:
    return {"players": [{"name": h.player, "character": " ".join(h.character.split()), "hand_limit": h.limit}
                        for h in setup.heroes],
            "grid": list(setup.grid), "bounties": [cardform.entry(c) for c in setup.cards],
            "store": [item for item, n in setup.stock for _ in range(n)]}


def ready(setup: Setup) -> Setup | dict[str, Any]:
    """The settings to start with, or the setup showing the first thing missing and why."""
    if not min(PLAYERS) <= len(setup.heroes) <= max(PLAYERS):
        return replace(setup, step="Players", message=f"Pick {min(PLAYERS)} to {max(PLAYERS)} players in seat order")
    for page, card in enumerate(setup.cards):
        why = cardform.missing(card)
        if why is None:
            try:
                parse_bounty(cardform.entry(card), setup.grid, RULES)
            except RuleError as exc:
                why = f"Refused: {exc}"
        if why:
            return replace(setup, step="Bounties", page=page, message=f"Bounty {page + 1}: {why}")
    return settings(setup)
