"""What the companion remembers of a Bountytown table, and how a game is set up.

Card tracking stays light: the Duel cards in people's hands are on the table, not here.
The companion records what changes the score and the rules' bookkeeping: where everyone
stands, wounds, items, bounties, renown, whose turn it is and what they have used.
States are frozen dataclasses so the store can keep every one of them for undo.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Mapping

from companion.bountytown.cards import parse_card, parse_cards
from companion.contracts.engine import RuleError, replace, rules_of
from companion.intake.errors import InputError
from companion.intake.limits import BOUNTY_DRAWS

HAND_LIMIT = 5
ACTIONS_PER_TURN = 3
ACTIVE_BOUNTIES = 3
PLAYERS = range(3, 7)
#: each version of the Bountytown rules the engine plays, and what it changed (companion.contracts.engine.rules_of)
RULES_VERSIONS: dict[int, str] = {
    1: "as first released (2026-11-30)",
    2: "wound cards are dead space in a duel (R-B7), a bounty lost to a critical wound leaves the game "
       "(R-B8) (2026-12-02)",
    3: "a duellist at the Bank plays from the hand left after its discard on declaring: at most 4 cards of a "
       "full hand, fewer with wounds (R-B7, R-B9) (2026-12-06)",
    4: "a bounty card draws at most 5 cards, the rulebook's largest (R-B11) (2026-12-07)",
}
BANK_DISCARD_COUNTS = 3  # the first version where R-B7 counts the hand after the Bank's discard (R-B9)
#: the first version that refuses a bounty drawing more than the rulebook's largest (R-B11);
#: a game stored under an older one replays the cards its table typed in as they were
DRAWS_BOUNDED = 4
RULES = max(RULES_VERSIONS)
ITEM_PRICES: dict[str, int] = {
    "First Aid Kit": 3,
    "Rifle": 3,
    "Crucifix": 4,
    "Box of Ammunition": 4,
    "Cowboy Hat": 5,
}
SHERIFF, DOCS, STORE = "Sheriff's Office", "Doc's", "General Store"
MIDDLE_ROW = (SHERIFF, DOCS, STORE)  # rulebook Setup 1: fixed, left to right
TRAIN = "Train"


@dataclass(frozen=True)
class Bounty:
    """A bounty card as entered: where it can be dueled, its printed base cards, how
    many cards it draws, its renown and how many face-down items it carries."""

    name: str
    renown: int
    locations: tuple[str, str]
    base: tuple[str, ...] = ()
    draws: int = 0
    items: int = 0


@dataclass(frozen=True)
class Player:
    name: str
    character: str
    location: str = SHERIFF
    hand_limit: int = HAND_LIMIT
    wounds: int = 0
    items: tuple[str, ...] = ()
    captured: tuple[Bounty, ...] = ()  # can be stolen or lost
    turned_in: tuple[Bounty, ...] = ()  # locked at the Sheriff's Office
    renown_adjust: int = 0  # renown changed by hand (the ``adjust`` action), beside the bounties'

    @property
    def renown(self) -> int:
        # ruling: R-B6: renown counts every captured bounty, turned-in or not
        return sum(b.renown for b in self.captured + self.turned_in) + self.renown_adjust

    def bounty(self, name: str | None) -> Bounty:
        for bounty in self.captured:
            if bounty.name == name:
                return bounty
        locked = " (turned in, so it is locked)" if any(b.name == name for b in self.turned_in) else ""
        raise RuleError("Duels Against Players", f"{self.name} holds no bounty {name!r} that can be taken{locked}")


@dataclass(frozen=True)
class GameState:
    players: tuple[Player, ...]
    grid: tuple[str, ...]  # nine location names, row by row
    active: tuple[Bounty, ...]
    store: tuple[str, ...]  # items for sale
    turn: int = 0  # index of the current player
    actions_used: int = 0
    abilities_used: tuple[str, ...] = ()  # locations whose free ability was used this turn
    turn_over: bool = False  # a critical wound ended the current player's turn
    finished: bool = False  # the Train was revealed
    final_duel: tuple[str, ...] = ()  # tied leaders who still have to duel (R-B6)
    winners: tuple[str, ...] = ()
    escaped: tuple[str, ...] = ()  # bounties that escaped a duel: discarded for good
    discarded: tuple[str, ...] = ()  # bounties lost to a critical wound: out of the game (R-B8)
    rules: int = RULES  # the version of the rules the game is played under (companion.contracts.engine.rules_of)

    @property
    def current(self) -> Player:
        return self.players[self.turn]

    def player(self, name: object) -> Player:
        for p in self.players:
            if p.name == name:
                return p
        raise RuleError("players", f"{name!r} is not playing; players are {', '.join(p.name for p in self.players)}")

    def with_player(self, player: Player) -> "GameState":
        return replace(self, players=tuple(player if p.name == player.name else p for p in self.players))

    def active_bounty(self, name: object) -> Bounty:
        for bounty in self.active:
            if bounty.name == name:
                return bounty
        raise RuleError("Bounties", f"{name!r} is not an active bounty; active: {', '.join(b.name for b in self.active) or 'none'}")


def initial_state(settings: Mapping[str, Any]) -> GameState:
    """A game as the rulebook's Setup leaves it: everyone at the Sheriff's Office, the
    first player to act, three active bounties, the store stocked."""
    grid = parse_grid(settings.get("grid"))
    entries = settings.get("players")
    if not isinstance(entries, list) or len(entries) not in PLAYERS:
        raise RuleError("setup", f"Bountytown needs 3 to 6 players, got {entries!r}")
    players = tuple(_parse_player(e) for e in entries)
    if len({p.name for p in players}) != len(players):
        raise RuleError("setup", "each player may sit at the table only once")
    rules = rules_of(settings, RULES_VERSIONS)
    active = tuple(parse_bounty(b, grid, rules) for b in settings.get("bounties") or ())
    if len(active) != ACTIVE_BOUNTIES or len({b.name for b in active}) != ACTIVE_BOUNTIES:
        raise RuleError("setup", f"setup places {ACTIVE_BOUNTIES} different active bounties, got {len(active)}")
    return GameState(players, grid, active, parse_items(settings.get("store", []), "store"),
                     rules=rules)


def parse_grid(grid: object) -> tuple[str, ...]:
    if not isinstance(grid, list) or len(grid) != 9 or not all(isinstance(n, str) and n for n in grid):
        raise RuleError("setup", "the grid is a list of 9 location names, row by row")
    if tuple(grid[3:6]) != MIDDLE_ROW:
        raise RuleError("setup", f"the middle row is {', '.join(MIDDLE_ROW)} from left to right; got {grid[3:6]}")
    if len(set(grid)) != 9:
        raise RuleError("setup", "each location appears once in the grid")
    return tuple(grid)


def _parse_player(entry: object) -> Player:
    if not isinstance(entry, Mapping) or not isinstance(entry.get("name"), str) or not entry["name"]:
        raise RuleError("setup", f"a player is {{'name': ..., 'character': ...}}, got {entry!r}")
    limit = entry.get("hand_limit", HAND_LIMIT)
    if not isinstance(limit, int) or isinstance(limit, bool) or limit < 1:
        raise RuleError("setup", f"{entry['name']}'s hand limit must be a positive whole number, got {limit!r}")
    return Player(entry["name"], str(entry.get("character", "")), hand_limit=limit)


def parse_bounty(entry: object, grid: tuple[str, ...], rules: int) -> Bounty:
    """A bounty card typed in from the table; refused with what is wrong on it. Under
    ``rules`` older than :data:`DRAWS_BOUNDED` any number of draws is taken, so a stored
    game whose table typed in more than the rulebook's largest still replays and opens."""
    if not isinstance(entry, Mapping) or not isinstance(entry.get("name"), str) or not entry["name"]:
        raise RuleError("Bounties", f"a bounty needs a name, got {entry!r}")
    name = entry["name"]
    if name == TRAIN:
        raise RuleError("Bounties", f"{TRAIN!r} is the Train card, not a bounty")
    locations = entry.get("locations")
    if not isinstance(locations, list) or len(locations) != 2 or len(set(locations)) != 2 or not set(locations) <= set(grid):
        raise RuleError("Bounties", f"{name}: 'locations' must be two different locations of the grid, got {locations!r}")
    numbers = {key: entry.get(key, 0) for key in ("renown", "draws", "items")}
    for key, number in numbers.items():
        if not isinstance(number, int) or isinstance(number, bool) or number < 0:
            raise RuleError("Bounties", f"{name}: {key!r} must be a whole number 0 or more, got {number!r}")
    try:
        base = tuple(parse_card(c) for c in entry.get("base", []))
    except InputError as exc:
        raise RuleError("R-B1", f"{name}'s base cards: {exc}") from None
    if numbers["draws"] > BOUNTY_DRAWS and rules >= DRAWS_BOUNDED:
        raise RuleError("R-B11", f"{name} draws {numbers['draws']} cards: a bounty card draws at most "
                                 f"{BOUNTY_DRAWS}, the rulebook's largest")
    if not base and not numbers["draws"]:
        raise RuleError("Bounties", f"{name} has no base cards and draws none: it could not duel")
    return Bounty(name, numbers["renown"], (locations[0], locations[1]), base, numbers["draws"], numbers["items"])


def parse_items(items: object, what: str) -> tuple[str, ...]:
    if not isinstance(items, list) or not all(i in ITEM_PRICES for i in items):
        raise RuleError("Items", f"{what} must list items from: {', '.join(ITEM_PRICES)}; got {items!r}")
    return tuple(items)


def cards_entered(action: Mapping[str, Any], key: str, least: int = 0, most: int = 5) -> tuple[str, ...]:
    """The Duel cards an action names under ``key``, checked as cards (R-B1) and count."""
    texts = action.get(key, [])
    if not isinstance(texts, list):
        raise RuleError("R-B1", f"{key!r} must be a list of cards like [\"3G\"], got {texts!r}")
    try:
        cards = parse_cards(texts)
    except InputError as exc:
        raise RuleError("R-B1", f"{key}: {exc}") from None
    if not least <= len(cards) <= most:
        raise RuleError("Duels", f"{key!r} must hold {least} to {most} cards, got {len(cards)}")
    return cards
