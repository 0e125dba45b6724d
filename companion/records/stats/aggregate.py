"""Adding summaries up: per game kind, per player and for everyone at the table.

Everything here is a sum, a count, or a list of values kept whole (reaction times, for
their median), so adding two sets of summaries' figures gives the figures of the two sets
together (:meth:`Figures.merge`): the screen can add a few new games to what it had.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from statistics import median
from typing import Any, Callable, Hashable, Iterable, Mapping, Sequence

from companion.records.stats.luck import merged_tail

#: the key of the figures of everyone who sat at a game kind, guests included
EVERYONE = "*"
#: the key guests' seats are added under (they are nobody's player)
GUESTS = "?"

#: (session id, seat index, seat) -> the player's key, or None for a guest
Who = Callable[[int, int, dict[str, Any]], Hashable | None]


@dataclass
class Luck:
    games: int = 0
    draws: int = 0
    hits: int = 0
    expected: float = 0.0
    variance: float = 0.0
    #: within a single game, the exact chance of such a run (see :mod:`companion.records.stats.luck`)
    single_tail: float = 1.0

    @classmethod
    def of_game(cls, figures: dict[str, Any]) -> Luck:
        """One game's luck as :meth:`companion.records.stats.luck.Run.to_json` gave it."""
        return cls(figures["games"], figures["draws"], figures["hits"], figures["expected"], figures["variance"], figures["tail"])

    def add(self, other: Luck) -> None:
        if not other.games:
            return
        self.single_tail = other.single_tail if not self.games else 1.0
        self.games += other.games
        self.draws += other.draws
        self.hits += other.hits
        self.expected += other.expected
        self.variance += other.variance

    @property
    def index(self) -> float | None:
        """Hits over the hits expected: 1.0 is exactly as lucky as the odds said."""
        return self.hits / self.expected if self.expected else None

    @property
    def tail(self) -> float:
        """How unlikely the run was: the chance of one at least this far out on its side."""
        return self.single_tail if self.games == 1 else merged_tail(self.hits, self.expected, self.variance)


@dataclass
class Figures:
    """One player's (or everyone's) figures at one game kind."""

    plays: int = 0  # finished games
    wins: int = 0
    score_total: float = 0.0
    fame: dict[str, int] = field(default_factory=dict)  # Spurs: source -> fame
    luck: Luck = field(default_factory=Luck)  # Spurs
    duels: dict[str, list[int]] = field(default_factory=dict)  # Bountytown: hand rank -> [won, lost]
    renown: list[list[float]] = field(default_factory=list)  # Bountytown: turn -> [renown total, games]
    reactions: dict[str, list[float]] = field(default_factory=dict)  # Rapid City: card type -> ms
    false_starts: int = 0  # Rapid City
    bullets: dict[str, int] = field(default_factory=dict)  # Rapid City: card type -> bullets

    @property
    def win_rate(self) -> float | None:
        return self.wins / self.plays if self.plays else None

    @property
    def average_score(self) -> float | None:
        return self.score_total / self.plays if self.plays else None

    def all_reactions(self) -> list[float]:
        return [t for times in self.reactions.values() for t in times]

    def reaction(self, card: str | None = None) -> tuple[float, float, int] | None:
        """(median, best, claims) of the reaction times (of one card type), None without any."""
        times = self.reactions.get(card, []) if card else self.all_reactions()
        return (median(times), min(times), len(times)) if times else None

    def average_renown(self) -> list[float]:
        """Average renown at the end of each turn, over the games that lasted that long."""
        return [total / games for total, games in self.renown]

    def add_seat(self, seat: dict[str, Any], finished: bool) -> None:
        """One seat of one game's summary (the hot path: thousands per opening)."""
        if finished:
            self.plays += 1
            self.wins += bool(seat["won"])
            self.score_total += seat["score"] or 0
        if "fame" in seat:
            _sum_into(self.fame, seat["fame"])
            luck = seat["luck"]
            if luck["games"]:
                self.luck.add(Luck.of_game(luck))
        if "renown" in seat:
            for hand, tally in seat["duels"].items():
                _tally_into(self.duels, hand, tally)
            _renown_into(self.renown, [(r, 1) for r in seat["renown"]])
        if "reactions" in seat:
            for card, times in seat["reactions"].items():
                self.reactions.setdefault(card, []).extend(times)
            self.false_starts += seat["false_starts"]
            _sum_into(self.bullets, seat["bullets"])

    def merge(self, other: Figures) -> None:
        self.plays += other.plays
        self.wins += other.wins
        self.score_total += other.score_total
        _sum_into(self.fame, other.fame)
        self.luck.add(other.luck)
        for hand, tally in other.duels.items():
            _tally_into(self.duels, hand, tally)
        _renown_into(self.renown, other.renown)
        for card, times in other.reactions.items():
            self.reactions.setdefault(card, []).extend(times)
        self.false_starts += other.false_starts
        _sum_into(self.bullets, other.bullets)


def _sum_into(total: dict[str, int], more: dict[str, int]) -> None:
    for key, n in more.items():
        total[key] = total.get(key, 0) + n


def _tally_into(duels: dict[str, list[int]], hand: str, tally: list[int]) -> None:
    mine = duels.setdefault(hand, [0, 0])
    mine[0] += tally[0]
    mine[1] += tally[1]


def _renown_into(renown: list[list[float]], more: Iterable[Sequence[float]]) -> None:
    """Add ``more`` [total renown, games] per turn into ``renown``, turn by turn."""
    for turn, (total, games) in enumerate(more):
        if turn == len(renown):
            renown.append([0, 0])
        renown[turn][0] += total
        renown[turn][1] += games


@dataclass
class Stats:
    """Figures by (game kind, player key); guests' seats under :data:`GUESTS`, and each
    kind's whole table (:data:`EVERYONE`) added up from those when asked for."""

    figures: dict[tuple[str, Hashable], Figures] = field(default_factory=dict)
    games: dict[str, int] = field(default_factory=dict)  # kind -> finished games
    #: games whose log could not be read or replayed, so they are left out
    unreadable: int = 0

    def of(self, kind: str, key: Hashable = EVERYONE) -> Figures:
        if key == EVERYONE:
            table = Figures()
            for (g, _k), figures in self.figures.items():
                if g == kind:
                    table.merge(figures)
            return table
        return self.figures.get((kind, key)) or Figures()

    def players(self, kind: str) -> list[Hashable]:
        """Keys of the players with figures at ``kind``, by wins then plays."""
        keys = [k for (g, k) in self.figures if g == kind and k != GUESTS]
        return sorted(keys, key=lambda k: (-self.figures[kind, k].wins, -self.figures[kind, k].plays, str(k)))

    def add(self, session_id: int, summary: dict[str, Any], who: Who) -> None:
        """One game's summary; ``who`` names each seat's player (None: a guest, counted
        only in the table's figures)."""
        if "problem" in summary:
            self.unreadable += 1
            return
        kind, finished = summary["kind"], summary["finished"]
        self.games[kind] = self.games.get(kind, 0) + finished
        figures = self.figures
        for index, seat in enumerate(summary["seats"]):
            key = who(session_id, index, seat)
            found = figures.get((kind, GUESTS if key is None else key))
            if found is None:
                found = figures[kind, GUESTS if key is None else key] = Figures()
            found.add_seat(seat, finished)

    def merge(self, other: Stats) -> None:
        for key, figures in other.figures.items():
            self.figures.setdefault(key, Figures()).merge(figures)
        for kind, n in other.games.items():
            self.games[kind] = self.games.get(kind, 0) + n
        self.unreadable += other.unreadable


def by_name(_session_id: int, _index: int, seat: dict[str, Any]) -> str:
    """Players known by the name they sat down with (a table without player records)."""
    return seat["name"]


def by_seat(seats: Mapping[int, Sequence[int | None]]) -> Who:
    """Players known by their record, from the seats (game id -> the player record of each
    seat in order, :func:`companion.records.stats.cache.player_seats`): a renamed player keeps
    their games, and a guest (or a game with no seats: damaged settings) is nobody's."""

    def who(session_id: int, index: int, _seat: dict[str, Any]) -> int | None:
        found = seats.get(session_id, ())
        return found[index] if index < len(found) else None

    return who


def aggregate(summaries: Iterable[tuple[int, dict[str, Any]]], who: Who = by_name) -> Stats:
    stats = Stats()
    for session_id, summary in summaries:
        stats.add(session_id, summary, who)
    return stats
