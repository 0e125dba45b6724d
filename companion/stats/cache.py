"""The ``summaries`` table: each game's summary, kept until its log or the formulas change.

A row records the last event its summary saw and the :data:`companion.stats.VERSION` it
was made by. It is used only while both still hold: any new event (an undo after the
end, a redo, a correction) or a new formula makes it stale, and it is made again from the
log. The log is the truth; this table is only a cache of what the log says, so losing it
loses nothing.

Summaries can take minutes to make for a big old history (every game replayed), so
:func:`make` runs on a worker thread with its own connection, writes a batch at a time,
and reports progress; reading (:func:`read`) takes a few indexed lookups a game.
"""

from __future__ import annotations

import json
import sqlite3
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Callable

from companion.dbrows import RowDamage, game_name
from companion.stats import VERSION
from companion.stats.replay import read_session, summarise

TABLE = """
CREATE TABLE summaries (
    session_id INTEGER PRIMARY KEY,  -- sessions(id)
    version    INTEGER NOT NULL,     -- companion.stats.VERSION that made it
    seq        INTEGER NOT NULL,     -- the last event of the log it summarises
    summary    TEXT NOT NULL         -- JSON: {"kind", "finished", "seats": [...]} or {"problem"}
);
"""
#: summaries written per transaction (one fsync each), and per progress report
BATCH = 20


@dataclass
class Found:
    """What the table holds: fresh summaries, and the games needing one made."""

    fresh: list[tuple[int, dict[str, Any]]]
    missing: list[int]


def read(db: sqlite3.Connection) -> Found:
    """Every game with at least one event: its summary if fresh, else its id in ``missing``."""
    fresh: list[tuple[int, dict[str, Any]]] = []
    missing: list[int] = []
    rows = db.execute(
        "SELECT s.id, (SELECT MAX(seq) FROM events WHERE session_id = s.id), m.version, m.seq, m.summary "
        "FROM sessions s LEFT JOIN summaries m ON m.session_id = s.id ORDER BY s.id")
    for session_id, last, version, seq, text in rows:
        if last is None:
            continue  # nothing played yet
        if version == VERSION and seq == last and isinstance(text, str):
            try:
                fresh.append((session_id, json.loads(text)))
                continue
            except ValueError:
                pass
        missing.append(session_id)
    return Found(fresh, missing)


def summary_of(db: sqlite3.Connection, session_id: int) -> tuple[int, dict[str, Any]]:
    """(last event, summary) of one game; a log that cannot be read or replayed gives a
    summary that says why instead (the game is then left out and counted as unreadable)."""
    try:
        logged = read_session(db, session_id)
    except (RowDamage, sqlite3.DatabaseError) as exc:
        return -1, {"problem": f"game {session_id} cannot be read: {exc}"}
    try:
        return logged.seq, summarise(logged.kind, logged.settings, logged.actions)
    except Exception as exc:  # noqa: BLE001 - a log its engine refuses is damage, never a crash
        return logged.seq, {"problem": f"game {session_id} ({game_name(logged.kind)}) does not replay: {exc}"}


def save(db: sqlite3.Connection, made: list[tuple[int, int, dict[str, Any]]]) -> None:
    """Store (session id, last event, summary) rows in one transaction."""
    db.execute("BEGIN IMMEDIATE")
    try:
        db.executemany("INSERT OR REPLACE INTO summaries (session_id, version, seq, summary) VALUES (?, ?, ?, ?)",
                       [(sid, VERSION, seq, json.dumps(summary, separators=(",", ":"))) for sid, seq, summary in made])
        db.execute("COMMIT")
    except sqlite3.Error:
        db.execute("ROLLBACK")
        raise


def _keep(db: sqlite3.Connection, made: list[tuple[int, int, dict[str, Any]]]) -> None:
    """Save what can be saved; a game that could not be read (seq -1) is tried again next time,
    and a write refused (a full card) only means the summaries are made again next time."""
    if not made:
        return
    try:
        save(db, [row for row in made if row[1] >= 0])
    except sqlite3.Error:
        pass


def make(path: str | Path, missing: list[int], progress: Callable[[int, list[tuple[int, dict[str, Any]]]], None],
         stop: Callable[[], bool] = lambda: False) -> None:
    """Make the ``missing`` summaries on a connection of its own (call from a worker
    thread): after each batch, ``progress(done, batch)`` with the batch's (id, summary).
    A summary that cannot be saved (a full card) is still reported; it is made again next time."""
    db = sqlite3.connect(path, timeout=10, isolation_level=None, check_same_thread=False)
    db.text_factory = lambda raw: raw.decode("utf-8", "replace")
    try:
        made: list[tuple[int, int, dict[str, Any]]] = []
        for done, session_id in enumerate(missing, 1):
            if stop():
                break
            made.append((session_id, *summary_of(db, session_id)))
            if len(made) == BATCH or done == len(missing):
                _keep(db, made)
                progress(done, [(sid, summary) for sid, _seq, summary in made])
                made = []
        _keep(db, made)  # stopped half way: what was made is kept
    finally:
        db.close()
