"""Who sat where: the seats of a game, and which player record each one is.

Each game keeps its seat names in its own settings shape (Spurs and Bountytown: a list of
``{"name": ...}``; the score pad: a list of names; Rapid City: colours, with an optional
``names`` map, a colour without a name being called by its colour, ruling R-R2).
:func:`seat_names` reads all of them, so the store, history and statistics never need to
know the shapes. A seat whose name is a player record's (compared by
:func:`companion.intake.names.key`: case, Unicode forms and invisible characters aside) is that
player; any other name is a guest: someone who played one game and has no record, so never
appears in player lists or stats.
"""

from __future__ import annotations

import sqlite3
from typing import Any, Iterable, Mapping, NamedTuple

from companion.intake.names import clean, key as name_key

__all__ = ["Seat", "link", "name_key", "seat_names"]


class Seat(NamedTuple):
    """One seat of one game. ``name`` is the player's current name for a linked seat (a
    renamed player's history shows the new name), the name played under for a guest."""

    seat: int  # 0 = the first player, then in seat order
    name: str
    player_id: int | None  # None: a guest


def seat_names(kind: str, settings: Mapping[str, Any]) -> list[str]:
    """The names at the table in seat order, as the game calls them; an empty list when the
    settings are not what the companion writes (a damaged row) or the game is unknown."""
    if not isinstance(settings, Mapping):
        return []
    players = settings.get("players")
    if not isinstance(players, list):
        return []
    if kind == "rapidcity":
        names = settings.get("names", {})
        if not isinstance(names, Mapping) or not all(isinstance(p, str) for p in players):
            return []
        # ruling: R-R2 - a colour is the player; a name, when given, is what they are called
        named = [names.get(colour) for colour in players]
        return [name.strip() if isinstance(name, str) and clean(name) else colour
                for colour, name in zip(players, named)]
    if kind == "scorepad":
        found = players
    elif kind in ("spurs", "bountytown"):
        found = [p.get("name") if isinstance(p, Mapping) else None for p in players]
    else:
        return []
    return list(found) if all(isinstance(n, str) and clean(n) for n in found) else []


def link(names: Iterable[str], players: Mapping[str, int]) -> list[Seat]:
    """Seats for ``names`` in order; ``players`` maps :func:`name_key` (that is,
    :func:`companion.intake.names.key`: case, Unicode forms and invisible characters aside) of each
    player's name to their id, and a name not in it is a guest. A player sits once: a second name
    of theirs at the same game ("Ann" and "ann", which only an old game can hold, since
    :meth:`companion.db.store.Store.new_session` refuses it) is a guest."""
    seats: list[Seat] = []
    for i, name in enumerate(names):
        player_id = players.get(name_key(name))
        seats.append(Seat(i, name, None if any(s.player_id == player_id for s in seats) else player_id))
    return seats


def player_keys(db: sqlite3.Connection) -> dict[str, int]:
    """:func:`name_key` of each player's name -> their id: what a seat's
    name is looked up in (a name stored as binary, only a damaged row's, links nobody; of
    two names an older companion let in under one key, "JOSÉ" and "José", the first made)."""
    keys: dict[str, int] = {}
    for pid, name in db.execute("SELECT id, name FROM players ORDER BY id"):
        if isinstance(name, str):
            keys.setdefault(name_key(name), pid)
    return keys
