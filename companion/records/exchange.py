"""Export and import: every game, its players and its whole log as one file to keep or move.

An export is the log itself (every do, undo and redo in order, with its time), not the
states it leads to: the log is the truth (docs/database.md), so an imported game replays to
exactly the state the original did. Snapshots are left out: they are a cache of that
replay, rebuilt by the first open. The layout of both formats is in docs/export.md; a CSV is
safe to open in a spreadsheet (:mod:`companion.records.csvcells`), and ``plays=True`` writes
the one-row-per-player table a person wants there instead (:mod:`companion.records.plays`).

Import streams the file (:mod:`companion.records.exportfile`: one game in memory at a time)
and takes each game on its own: a game whose values, seats or log the companion refuses is
named with the reason and left out, and every other game is imported. The file as a whole
is refused, and nothing changes, when it is not an export, is newer than this companion,
is damaged or is cut short (a JSON left open; a CSV without its closing counts), or when
the database cannot be written: the games go in in one transaction, committed only once
the whole file was read. A game already in the database (same game, start time and
settings: :func:`identity`) with the same log is skipped, so importing a file twice adds
nothing; the same game with a different log is refused.
"""

from __future__ import annotations

import csv
import json
import os
import sqlite3
from contextlib import closing
from dataclasses import dataclass, field
from datetime import datetime, timezone
from pathlib import Path
from typing import Any, TextIO

from companion import __version__
from companion.db.backup import exclusive
from companion.db.place import cannot_write, write_hint
from companion.db.roster import Seat, link, name_key, player_keys, seat_names
from companion.db.rows import (RowDamage, describe, event_action, game_name, inserted_id, session_fields,
                               timestamp)
from companion.db.schema import INSERT_SEAT, SCHEMA_VERSION
from companion.db.snapshots import damaged
from companion.db.store import COLOURS, Store, valid_name
from companion.db.timeline import Timeline
from companion.db.versions import Refused, candidates, choose, same_result, under
from companion.contracts.engine import RuleError, dumps
from companion.intake.errors import InputError, StoreError
from companion.intake.files import open_regular, remove_quietly
from companion.games import GAMES, engine_for
from companion.intake.limits import EXPORT_FILE_BYTES, EXPORT_GAME_EVENTS
from companion.records import plays as plays_table
from companion.records.csvcells import cell
from companion.records.exportfile import CSV_COLUMNS, FORMAT, ExportFile
from companion.intake.names import clean

#: the JSON layout's version: raised when a key changes meaning; new keys may come without it
VERSION = 1
#: the CSV layout's version: 2 escapes cells for spreadsheets and ends with a count
CSV_VERSION = 2
#: the newest version of each layout this companion reads
NEWEST = {"json": VERSION, "csv": CSV_VERSION}
FORMATS = ("json", "csv")


@dataclass
class ExportReport:
    sessions: int = 0
    events: int = 0
    players: int = 0
    #: one line for each game left out because its rows are damaged
    skipped: list[str] = field(default_factory=list)


@dataclass
class ImportReport:
    sessions: int = 0
    events: int = 0
    players: int = 0
    #: games already in the database with the same log, left as they were
    present: int = 0
    #: one line for each game or player of the file left out, saying why
    refused: list[str] = field(default_factory=list)
    #: said of the file as a whole (a CSV too old to carry its counts)
    note: str | None = None
    #: one line for each game of the database imported into whose newest checkpoint fails
    #: its checks (the app replays it from its log, and says so when it opens it)
    checkpoints: list[str] = field(default_factory=list)


@dataclass
class _Game:
    """One session of an export, checked and replayed, ready to insert."""

    where: str  # how a message names it ("session 3 in the file (Spurs)")
    kind: str
    rules: dict[str, Any]  # the settings
    settings: str  # canonical JSON, as the store writes it
    started: str
    events: list[tuple[int, str, str | None, str]]  # (seq, kind, action JSON or None, at)
    actions: dict[int, dict[str, Any]]  # each 'do' event's action, as read
    #: each seat's player's name (None: a guest), or None when the file has no seats (an
    #: export older than them): then each seat is linked by its name, as a new game is
    players: list[str | None] | None = None
    finished: str | None = None
    result: str | None = None
    #: the result the file says the table saw: only to tell which rules a game exported before
    #: games recorded theirs was played under (the replay's result is what is kept)
    told: Any = None


def identity(kind: str, started: str, settings: str) -> tuple[str, str, str]:
    """What makes two sessions the same game: which game, when it started (to the
    millisecond) and its settings (players included)."""
    return kind, started, settings


# -- export --------------------------------------------------------------------------------

def export(db: str | os.PathLike[str], out: TextIO, *, game: str | None = None, fmt: str = "json",
           plays: bool = False) -> ExportReport:
    """Write the database's players and games (only ``game``'s, when given) to ``out``;
    with ``plays`` (CSV only), the plays table instead (a row per finished game and player).

    Read in one read transaction, so a game the app is playing meanwhile is exported as it
    stood at one moment. A game whose rows are damaged is left out and named in the report.
    """
    _check_db(db)
    read = sqlite3.connect(db)
    try:
        read.execute("BEGIN")  # one snapshot of the WAL for every query below
        writer = _PlaysWriter(out) if plays else _JsonWriter(out, game) if fmt == "json" else _CsvWriter(out, game)
        report = ExportReport()
        read.text_factory = _lenient  # a few rows: a flipped bit is shown, not fatal
        for name, colour, created in read.execute("SELECT name, colour, created FROM players ORDER BY id"):
            writer.player({"name": name, "colour": colour, "created": created})
            report.players += 1
        writer.start_sessions()
        query = "SELECT id, kind, settings, started, finished, result FROM sessions"
        rows = read.execute(query + (" WHERE kind = ? ORDER BY id" if game else " ORDER BY id"),
                            (game,) if game else ()).fetchall()
        seats = _seats(read)
        read.text_factory = str  # the log: fast, and a game whose bytes are not UTF-8 is damaged
        log = _Log(read)
        for row in rows:
            try:
                kind, settings, started, finished, result = session_fields(row)
                count = log.check(row[0])
                writer.session({"id": row[0], "game": kind, "settings": settings, "started": started,
                                "finished": finished, "result": result, "seats": seats.get(row[0], [])},
                               log, row[0])
            except RowDamage as damage:
                report.skipped.append(f"game session {row[0]} ({game_name(row[1])}) left out: {damage}")
                continue
            report.sessions += 1
            report.events += count
        writer.end()
        read.execute("COMMIT")
    except sqlite3.DatabaseError as exc:
        raise StoreError(f"the database {db} cannot be read ({exc}); run `companion doctor`") from None
    finally:
        read.close()
    return report


def _seats(read: sqlite3.Connection) -> dict[int, list[dict[str, Any]]]:
    """game id -> its seats as the export writes them: the name played under and the
    player's current name (None for a guest), in seat order."""
    found: dict[int, list[dict[str, Any]]] = {}
    for sid, seat, name, player in read.execute(
            "SELECT s.session_id, s.seat, s.name, p.name FROM seats s LEFT JOIN players p ON p.id = s.player_id "
            "ORDER BY s.session_id, s.seat"):
        found.setdefault(sid, []).append({"seat": seat, "name": name, "player": player})
    return found


def _lenient(raw: bytes) -> str:
    return raw.decode("utf-8", "replace")


def _check_db(db: str | os.PathLike[str]) -> None:
    """The file is there and is a sound companion database (never creates one)."""
    if not Path(db).is_file():
        raise InputError(f"there is no database at {db}; pass --db PATH to name one")
    with Store(db):
        pass


#: a log row as the store writes it (what :func:`companion.db.rows.event_action` checks),
#: tested by SQLite itself: a year of history is 1.5 million rows, too many to parse in
#: Python. json_type() raises on text that is not JSON, and is NULL unless it is an object
#: (or for a 'type' that is not text).
_SOUND_ROW = """typeof(at) = 'text' AND julianday(at) IS NOT NULL AND CASE kind
    WHEN 'do' THEN json_type(action, '$.type') IS 'text'
    WHEN 'undo' THEN action IS NULL WHEN 'redo' THEN action IS NULL ELSE 0 END"""
#: each event as its JSON text, the action copied as stored (checked by _SOUND_ROW)
_EVENT_JSON = """'{"seq":' || seq || ',"event":"' || kind || '","at":' || json_quote(at)
    || CASE kind WHEN 'do' THEN ',"action":' || action ELSE '' END || '}'"""


class _Log:
    """One game's events read for export, each row checked: as JSON texts or as rows."""

    def __init__(self, read: sqlite3.Connection) -> None:
        self._read = read

    def check(self, session_id: int) -> int:
        """The number of events, numbered 1, 2, 3... (else :class:`RowDamage`)."""
        count, first, last, odd = self._read.execute(
            "SELECT count(*), min(seq), max(seq), total(typeof(seq) != 'integer') FROM events WHERE session_id = ?",
            (session_id,)).fetchone()
        if count and (odd or first != 1 or last != count):
            self._name_the_damage(session_id)
        return count

    def as_json(self, session_id: int) -> str:
        """The events as a JSON array's items, in order: joined by SQLite, in the order of
        the primary key (session_id, seq) it scans, so Python never touches a row."""
        [(count, sound, text)] = self._sound(session_id, (
            f"SELECT count(*), count(t), group_concat(t, ',') FROM (SELECT CASE WHEN {_SOUND_ROW} THEN "
            f"{_EVENT_JSON} END AS t FROM events WHERE session_id = ? ORDER BY seq)"), tuple)
        if sound != count:
            self._name_the_damage(session_id)
            raise RowDamage("its log is not what the companion writes")
        return text or ""

    def rows(self, session_id: int) -> list[tuple[int, str, str | None, str]]:
        return self._sound(session_id, f"SELECT seq, kind, action, at, {_SOUND_ROW} FROM events "
                                       "WHERE session_id = ? ORDER BY seq", lambda row: row[:4] if row[4] else None)

    def _sound(self, session_id: int, query: str, shape) -> list:
        """The query's rows shaped; a row shaped to None (unsound) or one SQLite cannot
        read is named by :meth:`_name_the_damage`."""
        try:
            found = [shape(row) for row in self._read.execute(query, (session_id,))]
        except sqlite3.OperationalError as exc:
            if "decode" in str(exc):
                raise RowDamage("its log holds bytes that are not UTF-8 text") from None
            found = [None]  # malformed JSON, or a BLOB where JSON belongs
        if None in found:
            self._name_the_damage(session_id)
            raise RowDamage("its log is not what the companion writes")
        return found

    def _name_the_damage(self, session_id: int) -> None:
        """Raise the store's :class:`RowDamage` for the first bad event, in its words (if
        the store's checks find none, return: the game is as the store would replay it)."""
        self._read.text_factory = _lenient
        try:
            events = self._read.execute("SELECT seq, kind, action, at FROM events WHERE session_id = ? "
                                        "ORDER BY seq", (session_id,)).fetchall()
        finally:
            self._read.text_factory = str
        for expected, (seq, kind, action, at) in enumerate(events, 1):
            try:
                event_action(expected, seq, kind, action)
                timestamp(at, "event")
            except RowDamage as damage:
                raise RowDamage(f"event {describe(seq)}: {damage}") from None


class _JsonWriter:
    """Writes the JSON export as it goes, a game a line, so memory stays flat however
    many games there are."""

    def __init__(self, out: TextIO, game: str | None) -> None:
        self._out = out
        head = {"format": FORMAT, "version": VERSION, "exported": _now(), "companion": __version__, "game": game}
        out.write(json.dumps(head)[:-1] + ',\n"players": [')
        self._first = True

    def player(self, player: dict[str, Any]) -> None:
        self._item(json.dumps(player))

    def start_sessions(self) -> None:
        self._out.write('],\n"sessions": [')
        self._first = True

    def session(self, head: dict[str, Any], log: _Log, session_id: int) -> None:
        self._item(json.dumps(head)[:-1] + ',"events":[' + log.as_json(session_id) + "]}")

    def end(self) -> None:
        self._out.write("\n]}\n")

    def _item(self, text: str) -> None:
        self._out.write(("\n" if self._first else ",\n") + text)
        self._first = False


class _CsvWriter:
    """The CSV layout (docs/export.md): an ``export`` row, then ``player`` rows, then each
    ``session`` row followed by its ``seat`` and ``event`` rows, then the ``end`` row with
    the count of each; JSON values stay JSON text in a cell, every text cell is made safe
    for a spreadsheet (:func:`cell`), and names are written as the companion keeps them."""

    def __init__(self, out: TextIO, game: str | None) -> None:
        self._csv = csv.writer(out, lineterminator="\n")
        self._csv.writerow(CSV_COLUMNS)
        self._row(record="export", name=FORMAT, seq=CSV_VERSION, time=_now(), game=game or "")
        self._counts = {"player": 0, "session": 0, "seat": 0, "event": 0}

    def player(self, player: dict[str, Any]) -> None:
        self._row(record="player", name=clean(player["name"]), colour=player["colour"], time=player["created"])
        self._counts["player"] += 1

    def start_sessions(self) -> None:
        pass

    def session(self, head: dict[str, Any], log: _Log, session_id: int) -> None:
        events = log.rows(session_id)
        self._row(record="session", session=head["id"], game=head["game"], time=head["started"],
                  finished=head["finished"] or "", settings=dumps(head["settings"]),
                  result="" if head["result"] is None else dumps(head["result"]))
        for seat in head["seats"]:
            self._row(record="seat", session=head["id"], seq=seat["seat"], name=clean(seat["player"] or ""))
        # every text cell of an event is a value the export checked (kind, time, the
        # action's JSON object), none a spreadsheet could read as a formula
        self._csv.writerows(("event", head["id"], seq, "", kind, at, "", "", "", "", "", action or "")
                            for seq, kind, action, at in events)
        self._counts["session"] += 1
        self._counts["seat"] += len(head["seats"])
        self._counts["event"] += len(events)

    def end(self) -> None:
        self._row(record="end", result=json.dumps(self._counts))

    def _row(self, **cells: Any) -> None:
        self._csv.writerow([cell(value) if isinstance(value := cells.get(column, ""), str) else value
                            for column in CSV_COLUMNS])


class _PlaysWriter:
    """The plays table (:mod:`companion.records.plays`): a row per finished game and player."""

    def __init__(self, out: TextIO) -> None:
        self._csv = csv.writer(out, lineterminator="\n")
        self._csv.writerow(plays_table.COLUMNS)

    def player(self, player: dict[str, Any]) -> None:
        pass

    def start_sessions(self) -> None:
        pass

    def session(self, head: dict[str, Any], log: _Log, session_id: int) -> None:
        for row in plays_table.rows(head["game"], head["started"], head["finished"], head["result"], head["seats"]):
            self._csv.writerow([cell(value) if isinstance(value, str) else value for value in row])

    def end(self) -> None:
        pass


def _now() -> str:
    return datetime.now(timezone.utc).isoformat(timespec="milliseconds")


# -- import --------------------------------------------------------------------------------

def import_file(db: str | os.PathLike[str], source: str | os.PathLike[str]) -> ImportReport:
    """Load an export (JSON or CSV) into the database at ``db`` (made if there is none).

    Each good game is imported and each refused one named in the report with why; the file
    as a whole is refused (:class:`InputError`, nothing changed, a database this call made
    removed) when it is not a whole export this companion reads, and so is a database that
    cannot be written (:class:`StoreError`). Refused while the app runs on ``db`` (it would
    not see the new games, and its own writes would interleave with these)."""
    with open_regular(source) as handle:
        size = os.fstat(handle.fileno()).st_size
        if size > EXPORT_FILE_BYTES:
            raise InputError(f"{source} is {size / 1024**3:.1f} GB, more than an export of this companion "
                             f"can be ({EXPORT_FILE_BYTES // 1024**3} GB)")
        file = ExportFile(handle, str(source))  # a file that is no export is refused here, before any write
        fresh = not Path(db).exists()
        lock = exclusive(Path(db), "import")
        try:
            with Store(db):  # creates a new database, or checks (and migrates) the one there
                pass
            report = _load(db, file)
            report.checkpoints = checkpoint_problems(db)
        except BaseException:
            if fresh:  # nothing is left of a database this import began
                for suffix in ("", "-wal", "-shm", "-journal"):
                    remove_quietly(Path(f"{db}{suffix}"))
            lock.release(tidy=True)
            raise
        lock.release()
        return report


def checkpoint_problems(db: str | os.PathLike[str]) -> list[str]:
    """A line for each game in ``db`` whose newest checkpoint fails its checks (a doctored
    backup's claims beyond its log, a flipped bit): the import leaves it as it is, as the
    app does, but says so, as the app and doctor do."""
    with closing(sqlite3.connect(db)) as conn:
        return [f"game session {sid} ({game_name(kind)}) in {db}: {why}. The app replays it from its log, "
                "which is sound; `companion doctor` says what to do" for sid, kind, why in damaged(conn, SCHEMA_VERSION)]


def _load(db: str | os.PathLike[str], file: ExportFile) -> ImportReport:
    """Every record of the file into ``db``, in one transaction committed only when the
    file proved whole."""
    conn = sqlite3.connect(db, isolation_level=None)
    try:
        conn.execute("PRAGMA synchronous=FULL")
        conn.execute("PRAGMA foreign_keys=ON")
        conn.execute("BEGIN IMMEDIATE")
        try:
            loader = _Loader(conn)
            for kind, number, item in file:
                _check_head(file, whole=False)
                if kind == "player":
                    loader.player(number, item)
                else:
                    loader.session(number, item)
            _check_head(file, whole=True)
            for key in ("players", "sessions"):
                if key not in file.lists:
                    raise InputError(f"{file.name}: its {key!r} is {describe(file.head.values.get(key))}, not a list")
            if file.head.uncounted:
                loader.report.note = (f"{file.name} was written before exports ended with a count of their rows, "
                                      "so a copy cut short at a line end could not be told from a whole one")
            conn.execute("COMMIT")
        except BaseException:
            if conn.in_transaction:
                conn.execute("ROLLBACK")
            raise
    except sqlite3.Error as exc:
        hint = f" {write_hint(db, exc)}" if cannot_write(exc) else ""
        raise StoreError(f"could not import into {db} ({exc}); nothing was changed.{hint}") from None
    finally:
        conn.close()
    return loader.report


def _check_head(file: ExportFile, *, whole: bool) -> None:
    """The file says it is a companion export of a version this companion reads: checked as
    soon as it says so (a JSON with sorted keys says its version last), and at the end."""
    head = file.head.values
    if "format" in head and head["format"] != FORMAT:
        raise InputError(f"{file.name} is not a companion export (its format is {describe(head['format'])}, "
                         f"not {FORMAT!r})")
    if "version" in head or whole:
        layout = "csv" if file.is_csv else "json"
        version = head.get("version")
        if not isinstance(version, int) or isinstance(version, bool) or version < 1:
            raise InputError(f"{file.name} is damaged: its version is {describe(version)}, not a whole number")
        if version > NEWEST[layout]:
            raise InputError(f"{file.name} was written by a newer companion (export version {version}; this one "
                             f"reads up to {NEWEST[layout]}): upgrade the companion to import it")
    if whole and "format" not in head:
        raise InputError(f"{file.name} is not a companion export (it does not say its format)")


class _Loader:
    """Writes the file's players and games as they are read, each game checked and replayed
    first: a refused one is named in the report and nothing of it is written."""

    def __init__(self, conn: sqlite3.Connection) -> None:
        self._conn = conn
        self._keys = player_keys(conn)
        self.report = ImportReport()

    def player(self, number: int, item: Any) -> None:
        try:
            name, colour, created = _player(item, number)
        except InputError as exc:
            self.report.refused.append(str(exc))
            return
        if name_key(name) in self._keys:  # already there, in any case or form: keeps its profile
            return
        self._keys[name_key(name)] = inserted_id(self._conn.execute(
            "INSERT INTO players (name, colour, created) VALUES (?, ?, ?)", (name, colour, created)))
        self.report.players += 1

    def session(self, number: int, item: Any) -> None:
        try:
            game = _game(item, number)
            if self._already_there(game):
                self.report.present += 1
                return
            _replay(game)
            seats = _linked(game, self._keys)
        except InputError as exc:
            self.report.refused.append(str(exc))
            return
        sid = self._conn.execute("INSERT INTO sessions (kind, settings, started, finished, result) "
                                 "VALUES (?, ?, ?, ?, ?)",
                                 (game.kind, game.settings, game.started, game.finished, game.result)).lastrowid
        self._conn.executemany("INSERT INTO events (session_id, seq, kind, action, at) VALUES (?, ?, ?, ?, ?)",
                               ((sid, *event) for event in game.events))
        self._conn.executemany(INSERT_SEAT, ((sid, *seat) for seat in seats))
        self.report.sessions += 1
        self.report.events += len(game.events)

    def _already_there(self, game: _Game) -> bool:
        """Whether the same game (:func:`identity`) is in the database: True when its log is
        this one; a different log under the same identity is refused (which is right is a
        person's call, and importing both would show one game twice)."""
        for (sid,) in self._conn.execute("SELECT id FROM sessions WHERE kind = ? AND started = ? AND settings = ?",
                                         identity(game.kind, game.started, game.settings)).fetchall():
            logged = self._conn.execute("SELECT seq, kind, action, at FROM events WHERE session_id = ? ORDER BY seq",
                                        (sid,)).fetchall()
            if logged == game.events:
                return True
            raise InputError(f"{game.where} is game session {sid} of the database (same game, start and "
                             f"settings) with a different log ({len(logged)} events there, {len(game.events)} "
                             "in the file)")
        return False


def _player(item: Any, number: int) -> tuple[str, str, str]:
    """A player of the file, its name as the companion keeps names (:func:`valid_name`)."""
    where = f"player {number} in the file"
    if not isinstance(item, dict):
        raise InputError(f"{where} is {describe(item)}, not an object")
    name, colour = item.get("name"), item.get("colour")
    if not isinstance(name, str):
        raise InputError(f"{where}: its name {describe(name)} is not text")
    try:
        name = valid_name(name)
    except InputError as exc:
        raise InputError(f"{where}: {exc}") from None
    if colour not in COLOURS:
        raise InputError(f"{where} ({name}): its colour {describe(colour)} is none of {', '.join(COLOURS)}")
    try:
        created = timestamp(item.get("created"), "creation")
    except RowDamage as damage:
        raise InputError(f"{where} ({name}): {damage}") from None
    return name, colour, created


def _game(item: Any, number: int) -> _Game:
    """One session of the export, checked value by value (:func:`_replay` checks its play)."""
    where = f"session {number} in the file"
    if not isinstance(item, dict):
        raise InputError(f"{where} is {describe(item)}, not an object")
    kind = item.get("game")
    if kind not in GAMES:
        raise InputError(f"{where}: its game {describe(kind)} is none of {', '.join(GAMES)}")
    where = f"session {number} in the file ({game_name(kind)})"
    settings = item.get("settings")
    try:
        if not isinstance(settings, dict):
            raise RowDamage(f"its settings are {describe(settings)}, not an object")
        text = _json_text(settings, "settings")
        names = seat_names(kind, settings)
        for name in names:  # a seat's name is stored as text, where half a character cannot go
            if any("\ud800" <= ch <= "\udfff" for ch in name):
                raise RowDamage(f"its seat name {describe(name)} holds half of a character (a lone surrogate)")
        started = timestamp(item.get("started"), "start")
        events, actions = _events(item.get("events"))
        told = item.get("result")
        return _Game(where, kind, settings, text, started, events, actions,
                     _seat_players(item.get("seats"), len(names)), told=told if isinstance(told, dict) else None)
    except RowDamage as damage:
        raise InputError(f"{where}: {damage}") from None


#: the store's canonical JSON (companion.contracts.engine.dumps) refusing what JSON does not allow,
#: made once: json.dumps builds an encoder on every call given options
_CANONICAL = json.JSONEncoder(sort_keys=True, separators=(",", ":"), allow_nan=False)


def _json_text(value: Any, what: str) -> str:
    """``value``'s canonical JSON text, as the store writes it (:func:`dumps`), or
    :class:`RowDamage` for a number JSON does not allow (NaN, Infinity, 1e999): stored, it
    would make a log no later export or query could read."""
    try:
        return _CANONICAL.encode(value)
    except ValueError:
        raise RowDamage(f"its {what} holds NaN or Infinity, which is not a number JSON allows") from None
    except RecursionError:
        raise RowDamage(f"its {what} is nested too deeply") from None


def _seat_players(items: Any, seated: int) -> list[str | None] | None:
    """The player's name at each seat (None: a guest), checked; None when not given."""
    if items is None:
        return None
    if not isinstance(items, list) or len(items) != seated:
        raise RowDamage(f"its seats are {describe(items)}, not a list of its {seated} seats")
    players = []
    for number, item in enumerate(items):
        player = item.get("player") if isinstance(item, dict) else None
        if not isinstance(item, dict) or item.get("seat") != number or not (player is None or isinstance(player, str)):
            raise RowDamage(f"seat {number} is {describe(item)}, not {{\"seat\": {number}, \"player\": name or null}}")
        players.append(player)
    return players


def _events(items: Any) -> tuple[list[tuple[int, str, str | None, str]], dict[int, dict[str, Any]]]:
    """The log as the store writes it, and each 'do' event's action; :class:`RowDamage`
    naming the first event that is not what the companion writes."""
    if not isinstance(items, list):
        raise RowDamage(f"its events are {describe(items)}, not a list")
    if len(items) > EXPORT_GAME_EVENTS:
        raise RowDamage(f"it has {len(items):,} events, more than any game ({EXPORT_GAME_EVENTS:,})")
    events: list[tuple[int, str, str | None, str]] = []
    actions: dict[int, dict[str, Any]] = {}
    for expected, event in enumerate(items, 1):
        if not isinstance(event, dict):
            raise RowDamage(f"event {expected} is {describe(event)}, not an object")
        seq: Any  # what the file holds, anything until checked below
        kind: Any
        action: Any
        seq, kind, action = event.get("seq"), event.get("event"), event.get("action")
        try:
            text = None if action is None else _json_text(action, "action")
            if not (kind == "do" and seq == expected and type(seq) is int and type(action) is dict
                    and type(action.get("type")) is str):  # the usual event, checked here at speed
                event_action(expected, seq, kind, text)  # the store's words for anything else
            at = timestamp(event.get("at"), "event")
        except RowDamage as damage:
            raise RowDamage(f"event {describe(seq)}: {damage}") from None
        events.append((seq, kind, text, at))
        if kind == "do":
            actions[seq] = action
    return events, actions


def _replay(game: _Game) -> None:
    """Replay the log as the store does (the same :class:`Timeline`), so a log the rules
    refuse is refused rather than imported as a game nobody can open, and take its result
    from that replay (the log is the truth; a result written in the file is not trusted).
    The game is played under the rules its settings name (``"rules"``); a game exported
    before games recorded theirs is replayed under the version the store would open it
    under (:mod:`companion.db.versions`: the newest that accepts its log and gives the
    result the file says its table saw), so an old game is neither refused nor re-scored."""
    engine = engine_for(game.kind)

    def replay_under(version: int) -> Any:
        timeline = Timeline(engine, engine.initial_state(under(game.rules, version)),
                            lambda seqs: {seq: game.actions[seq] for seq in seqs}, None)
        for seq, kind, text, _at in game.events:
            try:
                timeline.replay(seq, kind, text, game.actions.get(seq))
            except (RuleError, RowDamage) as exc:
                raise Refused(seq, exc) from None
        return timeline.state

    try:
        _version, state = choose(candidates(engine, game.rules, game.started), replay_under,
                                 lambda state: same_result(engine, state, game.told))
        result = engine.result(state)
    except Refused as refused:
        raise InputError(f"{game.where} does not replay under this companion's rules: {refused.error}") from None
    except RuleError as exc:  # a version of the rules this companion does not know
        raise InputError(f"{game.where} does not replay under this companion's rules: {exc}") from None
    except Exception as exc:  # noqa: BLE001 - an engine's own error on data it never wrote
        raise InputError(f"{game.where} does not replay: {type(exc).__name__}: {exc}") from None
    if result is not None:
        game.result, game.finished = dumps(result), game.events[-1][3] if game.events else game.started


def _linked(game: _Game, players: dict[str, int]) -> list[Seat]:
    """The game's seats, each linked to the player the file names (a renamed player's
    old games stay theirs), or by its name when the file names none."""
    names = seat_names(game.kind, game.rules)
    if game.players is None:
        return link(names, players)
    seats = []
    for number, (name, player) in enumerate(zip(names, game.players)):
        if player is not None and name_key(player) not in players:
            raise InputError(f"{game.where}: seat {number}'s player {describe(player)} is not one of the players")
        seats.append(Seat(number, name, None if player is None else players[name_key(player)]))
    if len({s.player_id for s in seats if s.player_id is not None}) < sum(s.player_id is not None for s in seats):
        raise InputError(f"{game.where}: its seats name one player twice")
    return seats
