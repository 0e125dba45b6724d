"""Every game played, newest first, a page at a time, for the History screen.

A row says when the game was played, which game, who sat at it (a player record's current
name, a guest's name as typed), how it ended (or that it has not) and how long it ran, from
its first logged event to its last. All of it comes from the sessions and seats tables and
two index lookups into the log per game: no game is replayed, so a page costs the same
with 30 games stored or 3,000. Pages are LIMIT/OFFSET over the indexes the store keeps for
this list (newest first, all games or one kind: schema 5); a player's games are found
through the seats index.
"""

from __future__ import annotations

import sqlite3
from dataclasses import dataclass
from datetime import datetime
from typing import Any, Mapping

from companion.db.rows import LEFT_ALONE, RowDamage, game_name, session_fields
from companion.intake.errors import StoreError
from companion.games import GAMES, TITLES
from companion.db.roster import Seat, seat_names
from companion.db.store import Player, Store

#: games a page holds: a few screens of the list, so scrolling rarely waits for the next page
PAGE_SIZE = 40

_COLUMNS = "SELECT id, kind, settings, started, finished, result FROM sessions"


@dataclass(frozen=True)
class GameRow:
    """One game of the list, in words."""

    id: int
    kind: str
    game: str  # "Spurs"
    date: str  # "Wed 02 Dec 2026, 14:03"
    players: tuple[str, ...]
    result: str  # "Ann wins with 12 points; Bob 9, Cid 7" or "not finished"
    duration: str  # "1 h 05 min"
    finished: bool
    problem: str | None = None  # why the row cannot be read; the other fields are then placeholders


@dataclass(frozen=True)
class Filter:
    """Which games the list shows: one kind of game (None: all), one player's (None: everyone's)."""

    kind: str | None = None
    player_id: int | None = None


def games(store: Store, where: Filter = Filter(), *, offset: int = 0, limit: int = PAGE_SIZE) -> list[GameRow]:
    """A page of the games ``where`` selects, newest first (by start, then by id)."""
    clause, args = _where(where)
    # the page's ids from the index alone (skipping OFFSET entries reads no rows), then their rows
    ids = [sid for (sid,) in _read(store, f"SELECT id FROM sessions{clause} ORDER BY started DESC, id DESC "
                                          "LIMIT ? OFFSET ?", (*args, limit, offset))]
    rows = {row[0]: row for row in _read(store, f"{_COLUMNS} WHERE id IN ({','.join('?' * len(ids))})", tuple(ids))}
    seats = store.seats(ids)
    return [_row(store, rows[sid], seats.get(sid, [])) for sid in ids if sid in rows]


def game(store: Store, game_id: int) -> GameRow:
    """One game's row, as the list shows it."""
    rows = _read(store, f"{_COLUMNS} WHERE id = ?", (game_id,))
    if not rows:
        raise StoreError(f"no game session {game_id} in {store.path}")
    return _row(store, rows[0], store.seats([game_id]).get(game_id, []))


def count(store: Store, where: Filter = Filter()) -> int:
    """How many games ``where`` selects."""
    clause, args = _where(where)
    return _read(store, f"SELECT count(*) FROM sessions{clause}", args)[0][0]


def kinds(store: Store) -> list[str]:
    """The kinds of game played at least once, in the order Home offers them."""
    return [kind for kind in TITLES
            if _read(store, "SELECT 1 FROM sessions WHERE kind = ? LIMIT 1", (kind,))]


def players(store: Store) -> list[Player]:
    """The players (records, not guests) who sat at a game, by name."""
    seated = {pid for (pid,) in _read(store, "SELECT id FROM players p WHERE EXISTS "
                                             "(SELECT 1 FROM seats WHERE player_id = p.id)", ())}  # seats_player
    return [p for p in store.players() if p.id in seated]


# -- words ----------------------------------------------------------------------------------

def date_words(stamp: str) -> str:
    """A stored UTC time as the table's clock shows it: "Wed 02 Dec 2026, 14:03"."""
    return datetime.fromisoformat(stamp).astimezone().strftime("%a %d %b %Y, %H:%M")


def duration_words(seconds: float | None) -> str:
    """How long a game ran, to the minute: "under a minute", "42 min", "1 h 05 min", "3 days 2 h"."""
    if seconds is None:
        return "no moves yet"
    minutes = int(seconds // 60)
    if minutes < 1:
        return "under a minute"
    if minutes < 60:
        return f"{minutes} min"
    hours, minutes = divmod(minutes, 60)
    if hours < 24:
        return f"{hours} h {minutes:02d} min"
    days, hours = divmod(hours, 24)
    return f"{days} day{'s' * (days != 1)} {hours} h"


def result_words(kind: str, result: Mapping[str, Any] | None, names: Mapping[str, str]) -> str:
    """How a game ended: its winner(s) with their number, then everyone else's; ``names``
    maps a name as played to the player's current name."""
    if result is None:
        return "not finished"
    winners = [names.get(str(w), str(w)) for w in result.get("winners") or () if isinstance(w, str)]
    entry = GAMES[kind]
    tally = result.get(entry.figure)
    tally = {names.get(str(n), str(n)): v for n, v in tally.items()} if isinstance(tally, Mapping) else {}
    if not winners:
        return "finished"
    said = " and ".join(winners) + (" wins" if len(winners) == 1 else " win")
    best = tally.get(winners[0])
    if isinstance(best, int):
        said += f" with {best} {entry.unit if best == 1 else entry.units}"
    others = [f"{n} {v}" for n, v in tally.items() if n not in winners]
    return said + (f"; {', '.join(others)}" if others else "")


# -- reading --------------------------------------------------------------------------------

def _where(where: Filter) -> tuple[str, tuple[Any, ...]]:
    clauses: list[str] = []
    args: list[Any] = []
    if where.kind is not None:
        clauses.append("kind = ?")
        args.append(where.kind)
    if where.player_id is not None:
        clauses.append("id IN (SELECT session_id FROM seats WHERE player_id = ?)")  # the seats_player index
        args.append(where.player_id)
    return (" WHERE " + " AND ".join(clauses)) if clauses else "", tuple(args)


def _read(store: Store, query: str, args: tuple[Any, ...]) -> list[tuple]:
    try:
        return store._db.execute(query, args).fetchall()  # noqa: SLF001 - the store's own tables, read only
    except sqlite3.DatabaseError as exc:
        raise StoreError(f"the list of games in {store.path} cannot be read ({exc}). It was left untouched: "
                         "keep a copy, then run `companion doctor`.") from None


def last_played(store: Store, session_id: int) -> str | None:
    """When the game's last action was logged (one primary-key lookup), or None before any:
    Home tells a table's unfinished games apart by it."""
    return _read(store, "SELECT (SELECT at FROM events WHERE session_id = ? ORDER BY seq DESC LIMIT 1)",
                 (session_id,))[0][0]


def _span(store: Store, session_id: int) -> float | None:
    """Seconds from the game's first logged event to its last (two primary-key lookups)."""
    first, last = _read(store, "SELECT (SELECT at FROM events WHERE session_id = ?1 ORDER BY seq LIMIT 1), "
                               "(SELECT at FROM events WHERE session_id = ?1 ORDER BY seq DESC LIMIT 1)",
                        (session_id,))[0]
    try:
        return (datetime.fromisoformat(last) - datetime.fromisoformat(first)).total_seconds()
    except (TypeError, ValueError):  # no events yet, or a time that is not one (said by the log itself)
        return None


def _row(store: Store, row: tuple, seats: list[Seat]) -> GameRow:
    try:
        kind, settings, started, finished, result = session_fields(row)
    except RowDamage as damage:
        return GameRow(row[0], "", game_name(row[1]), "", (), "", "", False,
                       f"game session {row[0]} ({game_name(row[1])}) cannot be read: {damage}. {LEFT_ALONE}")
    played = seat_names(kind, settings)
    now = {name: seat.name for name, seat in zip(played, seats)}  # a renamed player: the new name
    names = tuple(seat.name for seat in seats) or tuple(played)
    return GameRow(row[0], kind, TITLES[kind], date_words(started), names, result_words(kind, result, now),
                   duration_words(_span(store, row[0])), finished is not None)
