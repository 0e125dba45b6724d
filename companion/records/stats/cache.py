"""The ``summaries`` table: each game's summary, kept until its log or the formulas change.

A row records the last event its summary saw and the :data:`companion.records.stats.VERSION` it
was made by. It is used only while both still hold: any new event (an undo after the
end, a redo, a correction) or a new formula makes it stale, and it is made again from the
log. The log is the truth; this table is only a cache of what the log says, so losing it
loses nothing. The table itself is made with the file's others (companion.db.schema), so the
store below never imports the records.

Summaries can take minutes to make for a big old history (every game replayed), so
:func:`make` runs on a worker thread with its own connection, writes a batch at a time,
and reports progress; reading (:func:`read`) takes a few indexed lookups a game.
"""

from __future__ import annotations

import json
import sqlite3
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable, Mapping

from companion.db.evidence import FileEvidence
from companion.db.rows import RowDamage, game_name
from companion.records.stats import VERSION
from companion.records.stats.replay import read_session, summarise

#: summaries written per transaction (one fsync each), and per progress report
BATCH = 20


@dataclass
class Found:
    """What the table holds: fresh summaries, and the games needing one made."""

    fresh: list[tuple[int, dict[str, Any]]]
    missing: list[int]
    #: game id -> last event, of every game whose fresh summary is counted (read now or covered)
    seqs: dict[int, int] = field(default_factory=dict)
    #: a game of ``covered`` is no longer what was covered (its log moved on, or it is gone)
    changed: bool = False


def read(db: sqlite3.Connection, covered: Mapping[int, int] | None = None) -> Found:
    """Every game with at least one event: its summary if fresh, else its id in ``missing``.
    A game in ``covered`` (game id -> last event: already added up, :mod:`.rollup`) whose
    summary is fresh at that event is counted in ``seqs`` but not read again."""
    covered = covered or {}
    found = Found([], [])
    wanted: list[int] = []
    rows = db.execute(
        "SELECT s.id, (SELECT MAX(seq) FROM events WHERE session_id = s.id), m.version, m.seq "
        "FROM sessions s LEFT JOIN summaries m ON m.session_id = s.id ORDER BY s.id")
    for session_id, last, version, seq in rows:
        if last is None:
            continue  # nothing played yet
        if version == VERSION and seq == last:
            found.seqs[session_id] = seq
            if covered.get(session_id) != seq:
                wanted.append(session_id)
        else:
            found.missing.append(session_id)
    for start in range(0, len(wanted), 500):  # SQLite's default limit is 999 parameters
        chunk = wanted[start:start + 500]
        for session_id, text in db.execute(f"SELECT session_id, summary FROM summaries WHERE session_id IN "
                                           f"({','.join('?' * len(chunk))})", chunk):
            try:
                found.fresh.append((session_id, json.loads(text)))
            except (ValueError, TypeError):
                del found.seqs[session_id]
                found.missing.append(session_id)
    found.changed = any(found.seqs.get(sid) != seq for sid, seq in covered.items())
    return found


def player_seats(db: sqlite3.Connection) -> dict[int, list[int | None]]:
    """Game id -> the player record of each seat in order (None: a guest), from the seats
    table (docs/database.md): what the figures are added up by, read without building
    every seat's name."""
    found: dict[int, list[int | None]] = {}
    for session_id, player_id in db.execute("SELECT session_id, player_id FROM seats ORDER BY session_id, seat"):
        found.setdefault(session_id, []).append(player_id)
    return found


def summary_of(db: sqlite3.Connection, session_id: int,
               evidence: FileEvidence | None = None) -> tuple[int, dict[str, Any]]:
    """(last event, summary) of one game; a log that cannot be read or replayed gives a
    summary that says why instead (the game is then left out and counted as unreadable),
    kept like any other until the log changes (-1: not even its last event could be read)."""
    try:
        logged = read_session(db, session_id, evidence)
    except (RowDamage, sqlite3.DatabaseError) as exc:
        try:
            last = db.execute("SELECT MAX(seq) FROM events WHERE session_id = ?", (session_id,)).fetchone()[0]
        except sqlite3.DatabaseError:
            last = None
        return last if isinstance(last, int) else -1, {"problem": f"game {session_id} cannot be read: {exc}"}
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


def make(path: str | Path, missing: list[int], progress: Callable[[int, list[tuple[int, int, dict[str, Any]]]], None],
         stop: Callable[[], bool] = lambda: False) -> None:
    """Make the ``missing`` summaries on a connection of its own (call from a worker
    thread): after each batch, ``progress(done, batch)`` with the batch's (id, last event,
    summary); the last event is -1 for a game that could not be read at all.
    A summary that cannot be saved (a full card) is still reported; it is made again next time."""
    db = sqlite3.connect(path, timeout=10, isolation_level=None, check_same_thread=False)
    db.text_factory = lambda raw: raw.decode("utf-8", "replace")
    try:
        made: list[tuple[int, int, dict[str, Any]]] = []
        evidence = FileEvidence(db)  # one for the whole batch: each old game's neighbours settled once
        for done, session_id in enumerate(missing, 1):
            if stop():
                break
            made.append((session_id, *summary_of(db, session_id, evidence)))
            if len(made) == BATCH or done == len(missing):
                _keep(db, made)
                progress(done, made)
                made = []
        _keep(db, made)  # stopped half way: what was made is kept
    finally:
        db.close()
