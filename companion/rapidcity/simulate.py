"""A seeded, scripted table for tests and benchmarks: what the pads would see for one card.

The referee's promise is that switch bounce and late, reordered callbacks never change a
verdict (docs/architecture.md, principle 3). To test that we need rounds where the truth is known:
this module plays a card with simulated players (reactions of 250-900 ms, sometimes a
wrong tile, a taken tile, a near tie or a false start; on request, a pawn lifted and put
on another tile, which frees its first one for the others, R-R6) and returns both the
clean edges (one press and one release per placement) and what a backend really
delivers: every edge with a bounce train of 0-8 extra edges within 5 ms (on request, a
switch that chatters on for a few bounce windows, each edge within the window of the one
before: one press from version 3 of the rules, R-R4), each callback arriving 0-100 ms
late, hence out of order. The hardware sim backend replays ``edges`` through gpiozero
mock pins in ``delivery`` order.

Physical limits the script keeps, because the pads could not show anything else: a pad
that is down cannot be pressed again until it is up, and two pawns never land on one
tile at once, so presses on a pad are spaced by more than the bounce window, and a pawn
is lifted before it is put down elsewhere.

Pure: all randomness comes from ``random.Random(seed)``.
"""

from __future__ import annotations

import heapq
import random
from dataclasses import dataclass, field
from typing import Sequence

from companion.rapidcity.model import (
    ArmedCard,
    Card,
    CharacterCard,
    DisarmedCard,
    Edge,
    HealingCard,
    PadCard,
    Round,
    Settings,
    Tile,
    Touch,
    TwoCharactersCard,
)

NS_PER_MS = 1_000_000
REACTION_MS = (250, 900)
HOLD_MS = (40, 400)
DETOUR_MS = (80, 300)
BOUNCE_TRAIN_MS = 5
MAX_BOUNCE_EDGES = 8
JITTER_MS = 100
#: a chattering switch: this many more pairs of edges (open, closed) after a press, each edge at
#: most 0.9 of the bounce window after the one before
CHATTER_PAIRS = (2, 3)
#: how often one pawn may be lifted and put down elsewhere
MOVES_EACH = 2


@dataclass(frozen=True)
class Simulation:
    """One simulated card.

    ``edges`` are ``(t_ns_true, pad, pressed)`` in true time order, bounce included;
    ``identities[i]`` is who pressed, on the leading edge of each real press only (what
    an RFID read or a confirmation would attach); ``arrival_ns[i]`` is when edge i's
    callback arrives and ``delivery`` the edge indices in arrival order.
    """

    clean: Round
    edges: tuple[tuple[int, int, bool], ...]
    identities: tuple[str | None, ...]
    arrival_ns: tuple[int, ...]
    delivery: tuple[int, ...]

    def delivered(self) -> Round:
        """The round as the live path records it: every edge, bounce and all, listed in
        the order the callbacks arrived, stamped with the edge's own time."""
        events = tuple(
            Edge(self.edges[i][1], "press" if self.edges[i][2] else "release",
                 self.edges[i][0] / NS_PER_MS, self.identities[i])
            for i in self.delivery
        )
        return Round(self.clean.players, self.clean.tiles, self.clean.card, self.clean.bullets,
                     self.clean.settings, events, self.clean.touches)


@dataclass
class _Pads:
    """The clean presses so far, each one's chatter, and when each pad may next be pressed."""

    gap_ns: int
    bounce_ns: int
    chatter_rate: float = 0.0
    presses: list[tuple[int, int, str, int]] = field(default_factory=list)  # (t, pad, player, hold)
    chatter: dict[int, tuple[int, ...]] = field(default_factory=dict)  # press index -> offsets of its chatter
    free_at: dict[int, int] = field(default_factory=dict)
    claimed: set[int] = field(default_factory=set)

    def can_press(self, pad: int, t_ns: int) -> bool:
        return t_ns >= self.free_at.get(pad, -10**15)

    def press(self, pad: int, t_ns: int, player: str, rng: random.Random, hold: int | None = None) -> int:
        """A pawn put on ``pad`` at ``t_ns`` (lifted ``hold`` later); its hold."""
        hold = _ms_ns(rng.uniform(*HOLD_MS)) if hold is None else hold
        if self.chatter_rate and rng.random() < self.chatter_rate:
            offsets, at = [], 0
            for _ in range(2 * rng.randint(*CHATTER_PAIRS)):
                at += round(self.bounce_ns * rng.uniform(0.1, 0.9))
                offsets.append(at)
            self.chatter[len(self.presses)] = tuple(offsets)
            hold = max(hold, at + self.gap_ns)  # lifted after the chatter, never inside it
        self.presses.append((t_ns, pad, player, hold))
        self.free_at[pad] = t_ns + hold + self.gap_ns
        if t_ns >= 0:
            self.claimed.add(pad)
        return hold


def simulate(card: Card, players: Sequence[str], tiles: Sequence[Tile], seed: int, *,
             bullets: dict[str, int] | None = None, settings: Settings = Settings(),
             tie_rate: float = 0.15, mistake_rate: float = 0.1, false_start_rate: float = 0.02,
             move_rate: float = 0.0, chatter_rate: float = 0.0) -> Simulation:
    """Play ``card`` at a simulated table; the same arguments always give the same table.

    ``move_rate``: how often a pawn just put down is lifted and put on another tile (at most
    MOVES_EACH times); ``chatter_rate``: how often a press chatters on (the module docstring).
    Both are off by default, which leaves every seed's table as it was before they existed."""
    rng = random.Random(seed)
    players, tiles = tuple(players), tuple(tiles)
    bounce_ns = _ms_ns(settings.bounce_ms)
    pads = _Pads(gap_ns=bounce_ns + _ms_ns(BOUNCE_TRAIN_MS) + NS_PER_MS, bounce_ns=bounce_ns, chatter_rate=chatter_rate)
    touches: tuple[Touch, ...] = ()
    if isinstance(card, (CharacterCard, TwoCharactersCard, HealingCard)):
        _race_for_tiles(card, players, tiles, pads, rng, tie_rate, mistake_rate, false_start_rate, move_rate)
    elif isinstance(card, ArmedCard):
        touches = _armed_touches(card, players, rng, mistake_rate)
    elif isinstance(card, DisarmedCard):
        touches = tuple(Touch(p, rng.choice(players), _ms(rng), rng.choice(("right", "left")))
                        for p in players if rng.random() < mistake_rate)
    clean_edges: list[tuple[int, int, bool, str | None]] = []
    chatter: list[tuple[int, int, bool, None]] = []
    for i, (t, pad, player, hold) in enumerate(pads.presses):
        clean_edges += [(t, pad, True, player), (t + hold, pad, False, None)]
        chatter += [(t + off, pad, k % 2 == 1, None) for k, off in enumerate(pads.chatter.get(i, ()))]
    clean_edges.sort(key=lambda e: (e[0], e[1], not e[2]))
    clean = Round(players, tiles, card, dict(bullets or {p: 0 for p in players}), settings,
                  tuple(Edge(pad, "press" if down else "release", t / NS_PER_MS, who)
                        for t, pad, down, who in clean_edges),
                  tuple(sorted(touches, key=lambda t: t.t_ms)))
    raw: list[tuple[int, int, bool, str | None]] = list(chatter)
    for t, pad, down, who in clean_edges:
        raw.append((t, pad, down, who))
        raw += _bounce_train(t, pad, down, rng)
    raw.sort(key=lambda e: (e[0], e[1]))
    arrival = tuple(t + rng.randrange(JITTER_MS * NS_PER_MS + 1) for t, *_ in raw)
    return Simulation(
        clean=clean,
        edges=tuple((t, pad, down) for t, pad, down, _ in raw),
        identities=tuple(who for *_, who in raw),
        arrival_ns=arrival,
        delivery=tuple(sorted(range(len(raw)), key=lambda i: (arrival[i], i))),
    )


def _race_for_tiles(card: PadCard, players: tuple[str, ...], tiles: tuple[Tile, ...], pads: _Pads,
                    rng: random.Random, tie_rate: float, mistake_rate: float, false_start_rate: float,
                    move_rate: float) -> None:
    """Each player heads for a tile; a taken tile sends them on to the next (sometimes
    after slapping the taken one in frustration). Played out in time order with a heap so
    a slow detour never beats a faster player to a tile. A pawn lifted to move on frees
    its tile when it is lifted (R-R6), before it lands on the next one."""
    race = _Race(pads, rng, [t for t in tiles if _welcome(card, t.location)], players, move_rate)
    for order, player in enumerate(players):
        race.false_start(player, tiles, false_start_rate)
        race.head_off(order, player, tiles, tie_rate, mistake_rate)
    race.run()


class _Race:
    """The race for the tiles, run in time order: the heap holds each player's next arrival
    (t, order, player, route: the tiles still to try) and each pawn's lifting (route empty,
    the pad it is lifted from). The random draws come in the order the table's seed fixes."""

    def __init__(self, pads: _Pads, rng: random.Random, good: list[Tile], players: tuple[str, ...],
                 move_rate: float) -> None:
        self.pads = pads
        self.rng = rng
        self.good = good
        self.move_rate = move_rate
        self.heap: list[tuple[int, int, str, list[Tile], int | None]] = []
        self.planned: list[tuple[int, Tile]] = []  # (reaction, first tile) of each player so far
        self.moves = dict.fromkeys(players, 0)

    def false_start(self, player: str, tiles: tuple[Tile, ...], rate: float) -> None:
        """Sometimes a player slaps a tile before the card is shown."""
        if self.rng.random() < rate:
            tile = self.rng.choice(tiles)
            t = -_ms_ns(self.rng.uniform(20, 200))
            if self.pads.can_press(tile.pad, t):
                self.pads.press(tile.pad, t, player, self.rng)

    def head_off(self, order: int, player: str, tiles: tuple[Tile, ...], tie_rate: float,
                 mistake_rate: float) -> None:
        """A player's first tile (sometimes a wrong one), reaction, and the good tiles after it."""
        rng = self.rng
        first = rng.choice(tiles if rng.random() < mistake_rate or not self.good else self.good)
        reaction = _ms_ns(rng.uniform(*REACTION_MS))
        if self.planned and rng.random() < tie_rate:
            # a near tie with someone already planned, on another tile: a dead heat for the pads
            other_t, other_tile = rng.choice(self.planned)
            reaction = max(0, other_t + rng.choice((0, rng.randrange(-NS_PER_MS + 1, NS_PER_MS))))
            first = rng.choice([t for t in (self.good or tiles) if t != other_tile] or [first])
        self.planned.append((reaction, first))
        rest = [t for t in self.good if t != first]
        rng.shuffle(rest)
        heapq.heappush(self.heap, (reaction, order, player, [first, *rest], None))

    def run(self) -> None:
        while self.heap:
            t, order, player, route, lifted_from = heapq.heappop(self.heap)
            if lifted_from is not None:  # a pawn lifted to move on: its tile is free from now (R-R6)
                self.pads.claimed.discard(lifted_from)
            elif route[0].pad not in self.pads.claimed and self.pads.can_press(route[0].pad, t):
                self._take(t, order, player, route[0])
            else:
                self._turn_away(t, order, player, route)

    def _take(self, t: int, order: int, player: str, tile: Tile) -> None:
        """The pawn lands on a free tile; now and then it is lifted again to move on."""
        onward = [g for g in self.good if g != tile]
        if self.move_rate and onward and self.moves[player] < MOVES_EACH and self.rng.random() < self.move_rate:
            self.moves[player] += 1
            lifted = t + self.pads.press(tile.pad, t, player, self.rng)
            self.rng.shuffle(onward)
            heapq.heappush(self.heap, (lifted, order, player, [], tile.pad))
            heapq.heappush(self.heap, (lifted + _ms_ns(self.rng.uniform(*DETOUR_MS)), order, player, onward, None))
        else:
            self.pads.press(tile.pad, t, player, self.rng)

    def _turn_away(self, t: int, order: int, player: str, route: list[Tile]) -> None:
        """The tile is taken: sometimes slapped anyway (no dislodging), then on to the next."""
        if self.rng.random() < 0.3 and self.pads.can_press(route[0].pad, t):
            self.pads.press(route[0].pad, t, player, self.rng)
        if len(route) > 1:
            heapq.heappush(self.heap, (t + _ms_ns(self.rng.uniform(*DETOUR_MS)), order, player, route[1:], None))


def _welcome(card: PadCard, location: str) -> bool:
    """Where a sensible player heads: an allowed tile, or the building a Healing card shows."""
    if isinstance(card, HealingCard):
        return location == card.location
    return location in card.allowed()


def _armed_touches(card: ArmedCard, players: tuple[str, ...], rng: random.Random,
                   mistake_rate: float) -> tuple[Touch, ...]:
    """The attacker lunges at some opponents; each defender grabs a pawn (nearly always
    their own), sometimes with the wrong hand."""
    def hand() -> str:
        return card.hand if rng.random() >= mistake_rate else ("left" if card.hand == "right" else "right")

    touches = []
    opponents = [p for p in players if p != card.player]
    targets = rng.sample(opponents, rng.randint(0, len(opponents)))
    if rng.random() < mistake_rate:
        targets.append(card.player)
    for pawn in targets:
        touches.append(Touch(card.player, pawn, _ms(rng), hand()))
    for player in opponents:
        pawn = player if rng.random() >= mistake_rate else rng.choice(players)
        touches.append(Touch(player, pawn, _ms(rng), hand()))
    return tuple(touches)


def _bounce_train(t_ns: int, pad: int, down: bool, rng: random.Random) -> list[tuple[int, int, bool, None]]:
    """0-8 extra edges within 5 ms after an edge, alternating, ending in the edge's state."""
    count = rng.choice(range(0, MAX_BOUNCE_EDGES + 1, 2))
    offsets = sorted(rng.sample(range(1, _ms_ns(BOUNCE_TRAIN_MS) + 1), count))
    return [(t_ns + off, pad, down if i % 2 else not down, None) for i, off in enumerate(offsets)]


def _ms(rng: random.Random) -> float:
    """A reaction time in ms, to the 0.1 ms a touch is recorded with."""
    return round(rng.uniform(*REACTION_MS), 1)


def _ms_ns(ms: float) -> int:
    return round(ms * NS_PER_MS)
