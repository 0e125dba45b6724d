"""The database file's layout, its mark and the upgrades from every older schema.

Kept apart from the store's reading and writing: what a file of each schema holds, how an
older one is brought up to this one (each step all or nothing), and the check that every
table and column is there before anything else touches a file.
"""

from __future__ import annotations

import shutil
import sqlite3
import tempfile
from functools import cache
from pathlib import Path

from companion.db import snapshots
from companion.db.roster import link, player_keys, seat_names
from companion.db.rows import RowDamage, json_object
from companion.db.transaction import Transaction
from companion.intake.errors import StoreError

#: 2 added the snapshots table (companion.db.snapshots); a version 1 file gains it on open;
#: 3 the summaries table (companion.records.stats.cache);
#: 4 the seats table (who sat where, linked to player records), filled in from the games'
#: settings when an older file is first opened;
#: 5 the indexes the History list pages through, newest first, all games or one kind;
#: 6 the played_rules table (which rules an old game was played under, and what today's would say)
SCHEMA_VERSION = 6
#: PRAGMA application_id marks the file as ours ("OWC1"), so we never adopt a stranger's database.
APPLICATION_ID = 0x4F574331

#: the first bytes of every SQLite file (sqlite's fileformat2.html)
SQLITE_MAGIC = b"SQLite format 3\0"

#: tables a migration adds: not required of a file older than that schema version
ADDED_IN = {"snapshots": 2, "summaries": 3, "seats": 4, "played_rules": 6}

#: who sat where (companion.db.roster). IF NOT EXISTS: the migration to 4 keeps a table already
#: there; its index finds a player's games and holds each player to one seat a game
#: (guests, NULL, may repeat)
_SEATS = """
CREATE TABLE IF NOT EXISTS seats (
    session_id INTEGER NOT NULL REFERENCES sessions(id),
    seat       INTEGER NOT NULL,
    player_id  INTEGER REFERENCES players(id),
    name       TEXT NOT NULL,
    PRIMARY KEY (session_id, seat)
) WITHOUT ROWID;
CREATE UNIQUE INDEX IF NOT EXISTS seats_player ON seats(player_id, session_id);
"""
#: newest first (companion.records.history): a page of the list reads its rows in index order, never
#: sorting every game; the same for one kind of game
_LIST_INDEXES = """
CREATE INDEX IF NOT EXISTS sessions_newest ON sessions(started, id);
CREATE INDEX IF NOT EXISTS sessions_kind ON sessions(kind, started, id);
"""
#: each game's summary for the statistics, kept until its log or the formulas change
#: (companion.records.stats.cache reads and writes it; every table of the file is made here)
_SUMMARIES = """
CREATE TABLE summaries (
    session_id INTEGER PRIMARY KEY,  -- sessions(id)
    version    INTEGER NOT NULL,     -- companion.records.stats.VERSION that made it
    seq        INTEGER NOT NULL,     -- the last event of the log it summarises
    summary    TEXT NOT NULL         -- JSON: {"kind", "finished", "seats": [...]} or {"problem"}
);
"""
#: a cache of what replaying an old game says (companion.records.oldrules), so the screens
#: that name it need not replay it: used only while the log and the rules are as they were
_PLAYED_RULES = """
CREATE TABLE IF NOT EXISTS played_rules (
    session_id INTEGER PRIMARY KEY,  -- sessions(id): a game stored without its rules, or under older ones
    seq        INTEGER NOT NULL,     -- the last event of the log it was worked out from
    engine     TEXT NOT NULL,        -- the rules' fingerprint then (companion.db.snapshots.fingerprint)
    rules      INTEGER NOT NULL,     -- the version of its rules the game was played under
    told       TEXT NOT NULL         -- JSON list: where today's rules would call it otherwise, in words
);
"""
_SCHEMA = """
CREATE TABLE players (
    id      INTEGER PRIMARY KEY,
    name    TEXT NOT NULL UNIQUE COLLATE NOCASE,
    colour  TEXT NOT NULL,
    created TEXT NOT NULL
);
CREATE TABLE sessions (
    id       INTEGER PRIMARY KEY,
    kind     TEXT NOT NULL,
    settings TEXT NOT NULL,
    started  TEXT NOT NULL,
    finished TEXT,
    result   TEXT
);
CREATE TABLE events (
    session_id INTEGER NOT NULL REFERENCES sessions(id),
    seq        INTEGER NOT NULL,
    kind       TEXT NOT NULL CHECK (kind IN ('do', 'undo', 'redo')),
    action     TEXT,
    at         TEXT NOT NULL,
    PRIMARY KEY (session_id, seq)
) WITHOUT ROWID;
CREATE TABLE prefs (
    key   TEXT PRIMARY KEY,
    value TEXT NOT NULL
);
""" + snapshots.TABLE + _SUMMARIES + _SEATS + _LIST_INDEXES + _PLAYED_RULES
#: one seat, as :meth:`Store.new_session` and an import write them: (session_id, *Seat)
INSERT_SEAT = "INSERT INTO seats (session_id, seat, name, player_id) VALUES (?, ?, ?, ?)"


def create(db: sqlite3.Connection) -> None:
    """A new file: every table, our mark and this schema's version."""
    # executescript commits any open transaction first, so the script carries its own.
    db.executescript(f"BEGIN IMMEDIATE;{_SCHEMA}PRAGMA application_id={APPLICATION_ID};"
                     f"PRAGMA user_version={SCHEMA_VERSION};COMMIT;")


def marks(path: Path) -> tuple[int, int] | None:
    """The file's (application id, schema version) as SQLite reads them now, its -wal
    included, found without writing a byte of it or beside it; None when it is no SQLite
    file (SQLite then says what it is).

    A file is refused on these before it is opened for writing: SQLite's last connection
    to close checkpoints the -wal into the file and removes it, so even reading the marks
    of a refused file through a read-write open changed it. The header is read from the
    file itself when it has no -wal; else from a private copy of its first page and its
    -wal (the -wal holds the newest page 1, when a committed transaction changed it, and
    SQLite checks its frames), which SQLite opens in a scratch folder."""
    try:
        with open(path, "rb") as handle:
            head = handle.read(100)
            wal = Path(f"{path}-wal")
            if not head.startswith(SQLITE_MAGIC) or len(head) < 100:
                return None
            if not wal.is_file() or wal.stat().st_size == 0:
                return int.from_bytes(head[68:72], "big", signed=True), int.from_bytes(head[60:64], "big", signed=True)
            size = int.from_bytes(head[16:18], "big")
            size = 65536 if size == 1 else size
            if size < 512 or size & (size - 1):
                return None  # no page size SQLite writes: a damaged header, which opening says
            handle.seek(0)
            first_page = handle.read(size)
        with tempfile.TemporaryDirectory(prefix="companion-marks-") as folder:
            copy = Path(folder) / "head.db"
            copy.write_bytes(first_page)
            shutil.copyfile(wal, f"{copy}-wal")
            conn = sqlite3.connect(copy)
            try:
                return tuple(conn.execute(f"PRAGMA {p}").fetchone()[0]
                             for p in ("application_id", "user_version"))
            finally:
                conn.close()
    except (OSError, sqlite3.Error):
        return None  # unreadable: opening it says why, as for any file


def stranger(path: Path | str, app_id: int, version: int) -> str | None:
    """Why a file with these marks is not one this companion may open (another
    application's, or a newer companion's), or None."""
    if app_id != APPLICATION_ID:
        return f"{path} is not a companion database (application id {app_id:#x})"
    if version > SCHEMA_VERSION:
        return f"{path} was written by a newer companion (schema {version}; this one reads up to {SCHEMA_VERSION})"
    return None


def check_tables(db: sqlite3.Connection, path: Path) -> None:
    """Every table and column the companion uses is there. Checked before anything is
    configured, so a file with our mark but half a schema is refused as it is (switching
    it to WAL first would already rewrite its header)."""
    version = db.execute("PRAGMA user_version").fetchone()[0]
    for table, columns in schema_columns().items():
        if version < ADDED_IN.get(table, 0):
            continue
        found = {row[1] for row in db.execute(f"PRAGMA table_info({table})")}
        missing = [c for c in columns if c not in found]
        if missing:
            what = f"the table {table!r}" if not found else f"the column(s) {', '.join(missing)} of {table!r}"
            raise StoreError(
                f"the database {path} is damaged: {what} is missing. It was left untouched: "
                "keep a copy, then move it aside to start afresh, or pass --db to use another file."
            )


def migrate(db: sqlite3.Connection, path: Path) -> None:
    """Bring an older file up to this schema, each step in one transaction (all or nothing)."""
    def version() -> int:
        return db.execute("PRAGMA user_version").fetchone()[0]

    if version() < 2:
        db.executescript(f"BEGIN IMMEDIATE;{snapshots.TABLE}PRAGMA user_version=2;COMMIT;")
    if version() < 3:
        db.executescript(f"BEGIN IMMEDIATE;{_SUMMARIES}PRAGMA user_version=3;COMMIT;")
    if version() < 4:
        with Transaction(db, path):
            if version() < 4:  # not another process's work
                for statement in filter(str.strip, _SEATS.split(";")):
                    db.execute(statement)
                _backfill_seats(db)
                db.execute("PRAGMA user_version=4")
    if version() < 5:
        db.executescript(f"BEGIN IMMEDIATE;{_LIST_INDEXES}PRAGMA user_version=5;COMMIT;")
    if version() < 6:
        db.executescript(f"BEGIN IMMEDIATE;{_PLAYED_RULES}PRAGMA user_version=6;COMMIT;")


def _backfill_seats(db: sqlite3.Connection) -> None:
    """Seats for every game already stored, read from its settings (one query, one
    insert: ~3,000 games at start-up). A game whose settings are damaged gets no seats
    (its row is left as it is; the games list reports it); so do the games after a
    page of the sessions table SQLite cannot read, which the games list reports too."""
    players = player_keys(db)
    seats: list[tuple[int, int, str, int | None]] = []
    try:
        for sid, kind, settings in db.execute("SELECT id, kind, settings FROM sessions"):
            try:
                names = seat_names(kind, json_object(settings, "settings"))
            except RowDamage:
                continue
            seats.extend((sid, *seat) for seat in link(names, players))
    except sqlite3.DatabaseError:
        if not db.in_transaction:  # SQLite gave the transaction up: nothing was written
            raise
    db.executemany(INSERT_SEAT.replace("INSERT", "INSERT OR IGNORE"), seats)  # a game seated already


@cache
def schema_columns() -> dict[str, list[str]]:
    """table -> its columns, read from _SCHEMA itself so the check cannot drift from it."""
    scratch = sqlite3.connect(":memory:")
    try:
        scratch.executescript(_SCHEMA)
        tables = [row[0] for row in scratch.execute("SELECT name FROM sqlite_master WHERE type = 'table'")]
        return {t: [row[1] for row in scratch.execute(f"PRAGMA table_info({t})")] for t in tables}
    finally:
        scratch.close()
