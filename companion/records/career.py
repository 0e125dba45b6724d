"""A player's games across every kind: what the per-player page lists and tallies.

Read from the seats (who the player was at each game) and each game's stored result, keyed
by the name the seat was played under (a renamed player's old results say the old name),
so no game is replayed: the page opens in a few queries whatever the history.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Mapping

from companion.db.roster import seat_names
from companion.db.store import Store
from companion.games import GAMES

@dataclass(frozen=True)
class Played:
    """One game a player sat at."""

    session_id: int
    kind: str
    started: str
    finished: bool
    won: bool  # False while unfinished
    figure: str  # "12 points", "3 bullets"; "" when unfinished or not in the result


@dataclass
class Tally:
    """One kind of game: finished games played, won, and games not finished."""

    played: int = 0
    won: int = 0
    unfinished: int = 0


def seat_outcome(kind: str, result: Mapping[str, Any] | None, name: str) -> tuple[bool, str]:
    """(won, figure) of the seat played under ``name``, from the game's stored result."""
    if not isinstance(result, Mapping):
        return False, ""
    winners = result.get("winners")
    entry = GAMES.get(kind)
    if entry is None:
        return False, ""
    figures = result.get(entry.figure)
    value = figures.get(name) if isinstance(figures, Mapping) else None
    figure = f"{value} {entry.units}" if isinstance(value, (int, float)) and not isinstance(value, bool) else ""
    return isinstance(winners, list) and name in winners, figure


def games_of(store: Store, player_id: int) -> list[Played]:
    """Every game the player sat at, newest first; a game whose row cannot be read is left
    out (Home names it)."""
    ids = store.player_sessions(player_id)
    seats = store.seats(ids)
    infos = {info.id: info for info in store.sessions(ids=ids, limit=-1) if info.problem is None}
    played = []
    for sid in ids:
        info = infos.get(sid)
        seat = next((s.seat for s in seats.get(sid, []) if s.player_id == player_id), None)
        names = seat_names(info.kind, info.settings) if info else []
        if info is None or seat is None or seat >= len(names):
            continue
        won, figure = seat_outcome(info.kind, info.result, names[seat])
        played.append(Played(sid, info.kind, info.started, info.result is not None, won, figure))
    return played


def tally(games: list[Played]) -> dict[str, Tally]:
    """Per kind of game, in the order first met (newest game's kind first)."""
    found: dict[str, Tally] = {}
    for game in games:
        count = found.setdefault(game.kind, Tally())
        if game.finished:
            count.played += 1
            count.won += game.won
        else:
            count.unfinished += 1
    return found
