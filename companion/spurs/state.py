"""The Spurs game state: immutable values, replaced whole by every action.

Everything is a frozen dataclass of ints, strings, tuples and bags, so two replays of
the same log compare equal and a refused action cannot have half-changed anything.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from companion.contracts.engine import RuleError, replace
from companion.spurs.bag import Bag, add_reds
from companion.spurs.desperado import Desperado
from companion.spurs.gold import GoldBag

STANDARD_DRAW = 3  # "The standard number to draw is three."
#: each version of the Spurs rules the engine plays, and what it changed (companion.contracts.engine.rules_of)
RULES_VERSIONS: dict[int, str] = {
    1: "as first released (2026-11-30)",
    2: "a Most marker nobody has goes to nobody (R-S6), the round-up's herd (R-S11), a Spur's extra "
       "draw only made available (R-S12), the Stagecoach's escort (R-S13) (2026-12-02)",
}
RULES = max(RULES_VERSIONS)


@dataclass(frozen=True)
class Carried:
    """A challenge token a character carries until cashing it in: a broken horse or a
    pelt (sold at a General Store) or a captured outlaw (turned in at a Sheriff's Office)."""

    token: str
    kind: str  # "horse" | "pelt" | "outlaw"
    cash: int
    fame: int


@dataclass(frozen=True)
class Player:
    name: str
    character: str
    riding: int
    bag: Bag
    fame: int = 0
    money: int = 0
    spurs: int = 0
    posters: int = 0
    gold: int = 0
    carried: tuple[Carried, ...] = ()
    equipment: tuple[str, ...] = ()

    def take_reds(self, reds: int = 1) -> Player:
        bag, fame = add_reds(self.bag, self.fame, reds)  # ruling: R-S3
        return replace(self, bag=bag, fame=fame)


@dataclass(frozen=True)
class Turn:
    """What the current player has done this turn.

    ``action`` is the one of A) Duel, B) Visit Town, C) Challenge, D) Rest taken so far;
    ``ended`` is set when the rules end the turn early (a failed challenge, resting);
    ``boost`` counts the Spurs spent as boosts, each an extra object made available on
    every later draw this turn (R-S12);
    ``visited`` lists buildings in visiting order (the last is where the player stands);
    ``used`` names once-a-visit options already taken (doctor draw, saloon card, robbery).
    """

    action: str | None = None
    ended: bool = False
    boost: int = 0
    visited: tuple[str, ...] = ()
    used: frozenset[str] = frozenset()


@dataclass(frozen=True)
class Gang:
    """Desperados waiting next to a challenge token after beating a character.

    Standard rule: ``waiting`` is the one who won and ``count`` the gang's full size, so
    the next fight starts with him and reveals ``count - 1`` more. House rule: ``waiting``
    is every undefeated card drawn, and they are the whole next fight.
    """

    token: str
    count: int
    waiting: tuple[Desperado, ...]


@dataclass(frozen=True)
class Fight:
    """A desperado fight in progress under the standard rule: bullets are drawn, some
    desperados beaten, and the next card must be revealed (action ``reveal``)."""

    token: str
    kind: str  # "desperado" | "gold"
    size: int
    gang: bool
    beaten: int
    unused: Bag
    gold: int


@dataclass(frozen=True)
class DrawRecord:
    """One draw, as the UI shows it: whose bag, how it was drawn and what came out."""

    player: str
    bag: str  # "bullets" | "gold"
    mode: str  # "digital" | "physical"
    seed: int | None
    drawn: Bag | GoldBag
    weapon: str | None = None

    @property
    def bullets(self) -> Bag:
        """What a draw from a bullets bag drew (a shot, a duellist's draw)."""
        if not isinstance(self.drawn, Bag):
            raise TypeError(f"a {self.bag} draw drew no bullets")
        return self.drawn

    def hits(self) -> int:
        """The hits of a shot: its bullets, counted for the weapon it was drawn with (R-S1)."""
        if self.weapon is None:
            raise TypeError("a draw from the whole bag has no weapon to hit with")
        return self.bullets.hits(self.weapon)


@dataclass(frozen=True)
class ScoreRow:
    name: str
    fame: int
    bonuses: tuple[str, ...]
    score: int
    money: int
    place: int


@dataclass(frozen=True)
class SpursState:
    players: tuple[Player, ...]
    target: int
    most_points: int
    gang_rule: str  # "standard" | "house"
    gold_bag: GoldBag
    bank: int
    current: int = 0
    turn: Turn = field(default_factory=Turn)
    gangs: tuple[Gang, ...] = ()
    fight: Fight | None = None
    last_draw: tuple[DrawRecord, ...] = ()
    last_outcome: str = ""
    game_over: bool = False
    final: tuple[ScoreRow, ...] = ()
    tied_for_first: tuple[str, ...] = ()
    winner: str | None = None
    stagecoach: str | None = None  # who escorts the Stagecoach (event card), R-S13
    rules: int = RULES  # the version of the rules the game is played under (companion.contracts.engine.rules_of)

    @property
    def player(self) -> Player:
        """The player whose turn it is."""
        return self.players[self.current]

    def index(self, name: object) -> int:
        for i, p in enumerate(self.players):
            if p.name == name:
                return i
        raise RuleError("players", f"{name!r} is not playing; players are {', '.join(p.name for p in self.players)}")

    def with_player(self, i: int, player: Player) -> SpursState:
        return replace(self, players=self.players[:i] + (player,) + self.players[i + 1:])

    def with_current(self, player: Player) -> SpursState:
        return self.with_player(self.current, player)

    def gang(self, token: str) -> Gang | None:
        return next((g for g in self.gangs if g.token == token), None)

    def with_gang(self, token: str, gang: Gang | None) -> SpursState:
        """The state with the token's waiting desperados replaced (None: cleared)."""
        kept = tuple(g for g in self.gangs if g.token != token)
        return replace(self, gangs=kept + ((gang,) if gang else ()))

    def carrier(self, token: str) -> Player | None:
        return next((p for p in self.players if any(c.token == token for c in p.carried)), None)
