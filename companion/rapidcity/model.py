"""The words of a Rapid City card: locations, characters, cards, pad edges, touches, rounds.

These are plain frozen values so a round can be judged, stored, compared and replayed
without any hidden state. Times are milliseconds since the reveal (negative: before it),
as the round file records them (docs/roundfile.md).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Union

if TYPE_CHECKING:  # mypy's own dependency; the annotations are strings at run time
    from typing_extensions import TypeIs

LOCATIONS = ("prison", "tipi", "saloon")
CHARACTERS = ("indian", "sheriff", "bandit")
# ruling: R-R2 - six colours, in this order wherever the companion lists them
COLOURS = ("red", "blue", "green", "yellow", "black", "white")
HANDS = ("right", "left")
EDGES = ("press", "release")

# ruling: R-R6 - each character forbids one location type
FORBIDDEN_BY = {"indian": "tipi", "sheriff": "prison", "bandit": "saloon"}

#: R-R11: the bullet that ends the game
LAST_BULLET = 6
#: each version of the Rapid City rules the judge applies, and what it changed
RULES_VERSIONS: dict[int, str] = {
    1: "as first released (2026-11-30)",
    2: "a moved pawn is judged where it stands (R-R6), a press on a Disarmed card is a touch (R-R10), "
       "simultaneous touches favour the owner (R-R12), false starts cost a bullet on every card (R-R13) "
       "(2026-12-02)",
    3: "equal stamps always tie and no colour, seat or pad number orders a call (R-R8, R-R12), a chain of "
       "bounces is one press (R-R4), a tile its pawn left for another is free from when it left (R-R6), "
       "a false starter never heals (R-R8), every wrong-hand touch costs a bullet in ultimate mode (R-R9) "
       "(2026-12-06)",
    4: "a bullet earned by being first goes only to a toucher first by more than the tie threshold, so a tie "
       "on a pawn costs nobody a bullet for it (R-R12) (2026-12-07)",
}
RULES = max(RULES_VERSIONS)


@dataclass(frozen=True)
class Settings:
    """The referee's knobs (R-R4, R-R6, R-R8, R-R9), fixed for a game at setup, and the
    version of the rules the judge applies (:data:`RULES_VERSIONS`): a round file keeps the
    rules its card was judged under, so replaying it gives the call the table saw."""

    bounce_ms: float = 30
    window_ms: float = 5000
    tie_ms: float = 1
    ultimate: bool = False
    false_start_bullet: bool = False
    rules: int = RULES


@dataclass(frozen=True)
class Tile:
    """A location tile and the pad under it."""

    pad: int
    location: str


@dataclass(frozen=True)
class Edge:
    """One pad edge as the backend stamped it. ``player`` is who is on the tile (R-R5);
    bounce repeats and releases may leave it out."""

    pad: int
    edge: str
    t_ms: float
    player: str | None = None


@dataclass(frozen=True)
class Touch:
    """Who laid a hand on which pawn, and when (armed and disarmed cards)."""

    by: str
    pawn: str
    t_ms: float
    hand: str | None = None


@dataclass(frozen=True)
class CharacterCard:
    character: str

    def allowed(self) -> frozenset[str]:
        """Where a pawn is safe (R-R6)."""
        return frozenset(LOCATIONS) - {FORBIDDEN_BY[self.character]}

    def label(self) -> str:
        return self.character.capitalize()


@dataclass(frozen=True)
class TwoCharactersCard:
    """Two characters; kept in the canonical order of CHARACTERS so that the same card
    compares equal however a file lists the pair."""

    characters: tuple[str, str]

    def __post_init__(self) -> None:
        object.__setattr__(self, "characters", tuple(sorted(self.characters, key=CHARACTERS.index)))

    def allowed(self) -> frozenset[str]:
        """Only the location of the character not shown counts (R-R7)."""
        return frozenset(LOCATIONS) - {FORBIDDEN_BY[c] for c in self.characters}

    def label(self) -> str:
        return "/".join(c.capitalize() for c in self.characters)


@dataclass(frozen=True)
class HealingCard:
    location: str

    def label(self) -> str:
        return f"Healing ({self.location})"


@dataclass(frozen=True)
class ArmedCard:
    player: str
    hand: str

    def label(self) -> str:
        return f"{self.player} cowboy armed, {self.hand} hand"


@dataclass(frozen=True)
class DisarmedCard:
    player: str

    def label(self) -> str:
        return f"{self.player} cowboy disarmed"


Card = Union[CharacterCard, TwoCharactersCard, HealingCard, ArmedCard, DisarmedCard]
#: the cards the pads decide (:func:`decided_by_pads`)
PadCard = Union[CharacterCard, TwoCharactersCard, HealingCard]


def decided_by_pads(card: Card) -> TypeIs[PadCard]:
    """A card the pads decide: on a cowboy card (armed, disarmed) the touches do (R-R9,
    R-R10). The one test the judge and the screen both ask, so the screen never asks the
    table for what the judge will not count."""
    return not isinstance(card, (ArmedCard, DisarmedCard))


@dataclass(frozen=True)
class Round:
    """Everything the judge needs for one card (docs/architecture.md, principle 4). ``bullets`` is the
    standing before the card, one entry per player; treat it as read-only."""

    players: tuple[str, ...]
    tiles: tuple[Tile, ...]
    card: Card
    bullets: dict[str, int] = field(default_factory=dict)
    settings: Settings = Settings()
    events: tuple[Edge, ...] = ()
    touches: tuple[Touch, ...] = ()

    def location_of(self, pad: int) -> str:
        return next(t.location for t in self.tiles if t.pad == pad)

    def bullets_of(self, player: str) -> int:
        return self.bullets.get(player, 0)
