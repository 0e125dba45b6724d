"""The sum of every summary, kept so that opening Statistics reads one row, not thousands.

Adding up 3,000 games' summaries means decoding 3,000 JSON documents; the sum itself is a
few figures per player. So once the screen has added everything up it keeps the sum in
the ``summaries`` table's row :data:`ROW` (no game has that id), with what it covers:
each game's last event, and a fingerprint of who sat where (a player merged or renamed
into another changes whose figures a seat adds to). The next opening uses the sum only if
every game it covers is still fresh at the same event and the seats are the same; it then
reads only the games summed up since. Anything else and the sum is made again from the
summaries: like them, it is a cache of what the log says, never trusted over it.
"""

from __future__ import annotations

import hashlib
import json
import sqlite3
from dataclasses import asdict
from pathlib import Path
from typing import Any, Mapping, Sequence

from companion.records.stats import VERSION
from companion.records.stats.aggregate import Figures, Luck, Stats

#: the summaries row holding the sum (session ids start at 1)
ROW = -1


def seats_key(seats: Mapping[int, Sequence[int | None]]) -> str:
    """A fingerprint of which player record each seat of each game is
    (:func:`companion.records.stats.cache.player_seats`)."""
    return hashlib.sha256(repr(sorted(seats.items())).encode()).hexdigest()


def to_json(stats: Stats, covers: Mapping[int, int], seats: str) -> str:
    return json.dumps({
        "seats": seats, "covers": [[sid, seq] for sid, seq in covers.items()],
        "games": stats.games, "unreadable": stats.unreadable,
        "figures": [[kind, key, asdict(figures)] for (kind, key), figures in stats.figures.items()],
    }, separators=(",", ":"))


def from_json(text: str) -> tuple[Stats, dict[int, int], str]:
    """(the sum, game id -> last event it covers, seats fingerprint); ValueError (KeyError,
    TypeError) for a row that is not one this version wrote."""
    data = json.loads(text)
    figures: dict[tuple[str, Any], Figures] = {}
    for kind, key, fields in data["figures"]:
        figures[kind, key] = Figures(**{**fields, "luck": Luck(**fields["luck"])})
    stats = Stats(figures, dict(data["games"]), int(data["unreadable"]))
    return stats, {int(sid): int(seq) for sid, seq in data["covers"]}, str(data["seats"])


def load(db: sqlite3.Connection, seats: str) -> tuple[Stats, dict[int, int]] | None:
    """The kept sum and what it covers, if it was made by this version for these seats."""
    row = db.execute("SELECT summary FROM summaries WHERE session_id = ? AND version = ?", (ROW, VERSION)).fetchone()
    if row is None:
        return None
    try:
        stats, covers, key = from_json(row[0])
    except (ValueError, KeyError, TypeError):
        return None  # not ours to trust: made again
    return (stats, covers) if key == seats else None


def save(path: str | Path, text: str) -> None:
    """Keep a sum (:func:`to_json`) on a connection of its own (a worker thread's: the
    write and its sync never hold up the screen). A write refused only means the next
    opening adds up the summaries again."""
    db = sqlite3.connect(path, timeout=10, isolation_level=None)
    try:
        db.execute("INSERT OR REPLACE INTO summaries (session_id, version, seq, summary) VALUES (?, ?, 0, ?)",
                   (ROW, VERSION, text))
    except sqlite3.Error:
        pass
    finally:
        db.close()
