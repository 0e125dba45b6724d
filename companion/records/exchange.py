"""Export and import: every game, its players and its whole log as one file to keep or move.

An export is the log itself (every do, undo and redo in order, with its time), not the
states it leads to: the log is the truth (docs/database.md), so an imported game replays to
exactly the state the original did. Snapshots are left out: they are a cache of that
replay, rebuilt by the first open. The layout of both formats is in docs/export.md.

Import checks the whole file first (its format and version, every value, and that every
game replays under the rules) and then writes it in one transaction: a damaged, foreign or
newer file changes nothing. A game already in the database (same game, start time and
settings: :func:`identity`) with the same log is skipped, so importing a file twice, or
into the database it came from, adds nothing; the same game with a different log is refused.
"""

from __future__ import annotations

import csv
import io
import json
import os
import sqlite3
from dataclasses import dataclass, field
from datetime import datetime, timezone
from pathlib import Path
from typing import Any, TextIO

from companion import __version__
from companion.db.backup import exclusive
from companion.db.lock import lock_path
from companion.files import remove_quietly
from companion.db.rows import RowDamage, describe, event_action, game_name, session_fields, timestamp
from companion.engine import RuleError, dumps
from companion.errors import InputError, StoreError
from companion.games import GAMES, engine_for
from companion.db.roster import Seat, link, name_key, seat_names
from companion.db.store import COLOURS, INSERT_SEAT, MAX_NAME, Store, player_keys
from companion.db.timeline import Timeline

FORMAT = "old-west-companion-export"
#: the export layout's version: raised when a key changes meaning; new keys may come without it
VERSION = 1
FORMATS = ("json", "csv")
#: the CSV layout: one table, one row per record, the ``record`` column says which kind
CSV_COLUMNS = ("record", "session", "seq", "game", "event", "time", "name", "colour",
               "finished", "settings", "result", "action")
#: an export larger than this is refused on import rather than read into memory
MAX_IMPORT_BYTES = 2 * 1024**3


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


@dataclass
class _Game:
    """One session of an export, checked and replayed, ready to insert."""

    where: str  # how a message names it ("session 3 in the file (Spurs)")
    kind: str
    rules: dict[str, Any]  # the settings
    settings: str  # canonical JSON, as the store writes it
    started: str
    events: list[tuple[int, str, str | None, str]]  # (seq, kind, action JSON or None, at)
    #: each seat's player's name (None: a guest), or None when the file has no seats (an
    #: export older than them): then each seat is linked by its name, as a new game is
    players: list[str | None] | None = None
    finished: str | None = None
    result: str | None = None


def identity(kind: str, started: str, settings: str) -> tuple[str, str, str]:
    """What makes two sessions the same game: which game, when it started (to the
    millisecond) and its settings (players included)."""
    return kind, started, settings


# -- export --------------------------------------------------------------------------------

def export(db: str | os.PathLike[str], out: TextIO, *, game: str | None = None, fmt: str = "json") -> ExportReport:
    """Write the database's players and games (only ``game``'s, when given) to ``out``.

    Read in one read transaction, so a game the app is playing meanwhile is exported as it
    stood at one moment. A game whose rows are damaged is left out and named in the report.
    """
    _check_db(db)
    read = sqlite3.connect(db)
    try:
        read.execute("BEGIN")  # one snapshot of the WAL for every query below
        writer = _JsonWriter(out, game) if fmt == "json" else _CsvWriter(out, game)
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
    ``session`` row followed by its ``event`` rows; JSON values stay JSON text in a cell."""

    def __init__(self, out: TextIO, game: str | None) -> None:
        self._csv = csv.writer(out, lineterminator="\n")
        self._csv.writerow(CSV_COLUMNS)
        self._row(record="export", name=FORMAT, seq=VERSION, time=_now(), game=game or "")

    def player(self, player: dict[str, Any]) -> None:
        self._row(record="player", name=player["name"], colour=player["colour"], time=player["created"])

    def start_sessions(self) -> None:
        pass

    def session(self, head: dict[str, Any], log: _Log, session_id: int) -> None:
        events = log.rows(session_id)
        self._row(record="session", session=head["id"], game=head["game"], time=head["started"],
                  finished=head["finished"] or "", settings=dumps(head["settings"]),
                  result="" if head["result"] is None else dumps(head["result"]))
        for seat in head["seats"]:
            self._row(record="seat", session=head["id"], seq=seat["seat"], name=seat["player"] or "")
        self._csv.writerows(("event", head["id"], seq, "", kind, at, "", "", "", "", "", action or "")
                            for seq, kind, action, at in events)

    def end(self) -> None:
        pass

    def _row(self, **cells: Any) -> None:
        self._csv.writerow([cells.get(column, "") for column in CSV_COLUMNS])


def _now() -> str:
    return datetime.now(timezone.utc).isoformat(timespec="milliseconds")


# -- import --------------------------------------------------------------------------------

def import_file(db: str | os.PathLike[str], source: str | os.PathLike[str]) -> ImportReport:
    """Load an export (JSON or CSV) into the database at ``db`` (made if there is none).

    The file is checked value by value before the database is opened; then, in one
    transaction, each game not already there is replayed under the rules and written with
    the players. Anything refused rolls it all back (and removes a database this call made).
    Refused while the app runs on ``db`` (it would not see the new games, and its own
    writes would interleave with these)."""
    doc = _read_export(Path(source))
    players = _players(doc.get("players"))
    sessions = doc.get("sessions")
    if not isinstance(sessions, list):
        raise InputError(f"{source}: its 'sessions' is {describe(sessions)}, not a list")
    games = [_game(item, number) for number, item in enumerate(sessions, 1)]
    fresh = not Path(db).exists()
    lock_made = not lock_path(db).exists()
    lock = exclusive(Path(db), "import")
    try:
        with Store(db):  # creates a new database, or checks (and migrates) the one there
            pass
        return _write(db, players, games)
    except BaseException:
        if fresh:  # nothing is left of a database this import began (its lock removed while held)
            for suffix in ("", "-wal", "-shm", "-journal", *([".lock"] * lock_made)):
                remove_quietly(Path(f"{db}{suffix}"))
        raise
    finally:
        lock.release()


def _read_export(source: Path) -> dict[str, Any]:
    """The export as a JSON-shaped document, whichever format it is in."""
    try:
        size = source.stat().st_size
        if size > MAX_IMPORT_BYTES:
            raise InputError(f"{source} is {size / 1024**3:.1f} GB, more than an export of this companion "
                             f"can be ({MAX_IMPORT_BYTES // 1024**3} GB)")
        text = source.read_text(encoding="utf-8")
    except IsADirectoryError:
        raise InputError(f"{source} is a folder; give the export file") from None
    except FileNotFoundError:
        raise InputError(f"there is no file {source}") from None
    except UnicodeDecodeError:
        hint = " but a database: `companion restore` puts a backup back" if _is_sqlite(source) else ""
        raise InputError(f"{source} is not a companion export (it is not UTF-8 text{hint})") from None
    except OSError as exc:
        raise InputError(f"cannot read {source} ({exc.strerror})") from None
    if text.lstrip().startswith("{"):
        try:
            doc = json.loads(text)
        except (ValueError, RecursionError) as exc:
            why = "its JSON is nested too deeply" if isinstance(exc, RecursionError) else f"not valid JSON: {exc}"
            raise InputError(f"{source} is damaged or not a companion export ({why})") from None
    elif text.startswith(",".join(CSV_COLUMNS)):
        doc = _from_csv(source, text)
    else:
        raise InputError(f"{source} is not a companion export (neither its JSON nor its CSV form)")
    if not isinstance(doc, dict) or doc.get("format") != FORMAT:
        raise InputError(f"{source} is not a companion export (its format is "
                         f"{describe(doc.get('format') if isinstance(doc, dict) else doc)}, not {FORMAT!r})")
    version = doc.get("version")
    if not isinstance(version, int) or isinstance(version, bool) or version < 1:
        raise InputError(f"{source} is damaged: its version is {describe(version)}, not a whole number")
    if version > VERSION:
        raise InputError(f"{source} was written by a newer companion (export version {version}; this one "
                         f"reads up to {VERSION}): upgrade the companion to import it")
    return doc


def _is_sqlite(path: Path) -> bool:
    with path.open("rb") as handle:
        return handle.read(16) == b"SQLite format 3\0"


def _from_csv(source: Path, text: str) -> dict[str, Any]:
    """The CSV layout read back into the JSON layout, so both are checked the same way."""
    doc: dict[str, Any] = {"players": [], "sessions": []}
    rows = csv.DictReader(io.StringIO(text, newline=""), strict=True)
    try:
        for line, row in enumerate(rows, 2):
            record = row.get("record")
            if record == "export":
                doc.update(format=row["name"], version=_whole(row["seq"], f"{source} line {line}"))
            elif record == "player":
                doc["players"].append({"name": row["name"], "colour": row["colour"], "created": row["time"]})
            elif record == "session":
                doc["sessions"].append({
                    "game": row["game"], "started": row["time"],
                    "settings": _cell_json(row["settings"], f"{source} line {line}"), "events": []})
            elif record == "seat" and doc["sessions"]:
                doc["sessions"][-1].setdefault("seats", []).append(
                    {"seat": _whole(row["seq"], f"{source} line {line}"), "player": row["name"] or None})
            elif record == "event" and doc["sessions"]:
                event = {"seq": _whole(row["seq"], f"{source} line {line}"), "event": row["event"], "at": row["time"]}
                if row["action"]:
                    event["action"] = _cell_json(row["action"], f"{source} line {line}")
                doc["sessions"][-1]["events"].append(event)
            else:
                raise InputError(f"{source} line {line}: a row of kind {describe(record)} "
                                 "(expected export, player, session, or seat or event after a session)")
    except csv.Error as exc:
        raise InputError(f"{source} is damaged (not valid CSV: {exc})") from None
    return doc


def _whole(cell: str | None, where: str) -> int:
    if cell is None or not cell.strip().isdigit():
        raise InputError(f"{where}: {describe(cell)} is not a whole number")
    return int(cell)


def _cell_json(cell: str | None, where: str) -> Any:
    try:
        return json.loads(cell or "")
    except (ValueError, RecursionError):
        raise InputError(f"{where}: {describe(cell)} is not JSON") from None


def _players(items: Any) -> list[tuple[str, str, str]]:
    if not isinstance(items, list):
        raise InputError(f"the export's 'players' is {describe(items)}, not a list")
    players = []
    for number, item in enumerate(items, 1):
        where = f"player {number} in the file"
        if not isinstance(item, dict):
            raise InputError(f"{where} is {describe(item)}, not an object")
        name, colour = item.get("name"), item.get("colour")
        if not isinstance(name, str) or not name.strip() or len(name) > MAX_NAME or name != " ".join(name.split()):
            raise InputError(f"{where}: its name {describe(name)} is not a player's name "
                             f"(1 to {MAX_NAME} characters, single spaces)")
        if colour not in COLOURS:
            raise InputError(f"{where} ({name}): its colour {describe(colour)} is none of {', '.join(COLOURS)}")
        try:
            created = timestamp(item.get("created"), "creation")
        except RowDamage as damage:
            raise InputError(f"{where} ({name}): {damage}") from None
        players.append((name, colour, created))
    return players


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
    if not isinstance(settings, dict):
        raise InputError(f"{where}: its settings are {describe(settings)}, not an object")
    try:
        started = timestamp(item.get("started"), "start")
        return _Game(where, kind, settings, dumps(settings), started, _events(item.get("events"), where),
                     _seat_players(item.get("seats"), len(seat_names(kind, settings))))
    except (RowDamage, TypeError, ValueError) as damage:  # ValueError: a NaN or a huge number in JSON
        raise InputError(f"{where}: {damage}") from None


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


def _events(items: Any, where: str) -> list[tuple[int, str, str | None, str]]:
    if not isinstance(items, list):
        raise RowDamage(f"its events are {describe(items)}, not a list")
    events = []
    for expected, event in enumerate(items, 1):
        if not isinstance(event, dict):
            raise RowDamage(f"event {expected} is {describe(event)}, not an object")
        seq, kind, action = event.get("seq"), event.get("event"), event.get("action")
        try:
            text = None if action is None else dumps(action)
            event_action(expected, seq, kind, text)
            at = timestamp(event.get("at"), "event")
        except RowDamage as damage:
            raise RowDamage(f"event {describe(seq)}: {damage}") from None
        events.append((seq, kind, text, at))
    return events


def _replay(game: _Game) -> None:
    """Replay the log as the store does (the same :class:`Timeline`), so a log the rules
    refuse is refused rather than imported as a game nobody can open, and take its result
    from that replay (the log is the truth; a result written in the file is not trusted)."""
    engine = engine_for(game.kind)
    actions = {seq: text for seq, kind, text, _at in game.events if kind == "do"}
    try:
        timeline = Timeline(engine, engine.initial_state(game.rules),
                            lambda seqs: {seq: json.loads(actions[seq]) for seq in seqs}, None)
        for seq, kind, text, _at in game.events:
            timeline.replay(seq, kind, text, None if text is None else json.loads(text))
        result = engine.result(timeline.state)
    except (RuleError, RowDamage) as exc:
        raise InputError(f"{game.where} does not replay under this companion's rules: {exc}") from None
    except Exception as exc:  # noqa: BLE001 - an engine's own error on data it never wrote
        raise InputError(f"{game.where} does not replay: {type(exc).__name__}: {exc}") from None
    if result is not None:
        game.result, game.finished = dumps(result), game.events[-1][3] if game.events else game.started


def _write(db: str | os.PathLike[str], players: list[tuple[str, str, str]], games: list[_Game]) -> ImportReport:
    report = ImportReport()
    conn = sqlite3.connect(db, isolation_level=None)
    try:
        conn.execute("PRAGMA synchronous=FULL")
        conn.execute("PRAGMA foreign_keys=ON")
        conn.execute("BEGIN IMMEDIATE")
        try:
            for name, colour, created in players:
                if not conn.execute("SELECT 1 FROM players WHERE name = ? COLLATE NOCASE", (name,)).fetchone():
                    conn.execute("INSERT INTO players (name, colour, created) VALUES (?, ?, ?)",
                                 (name, colour, created))
                    report.players += 1
            for game in games:
                if _already_there(conn, game):
                    report.present += 1
                    continue
                _replay(game)
                sid = conn.execute("INSERT INTO sessions (kind, settings, started, finished, result) "
                                   "VALUES (?, ?, ?, ?, ?)",
                                   (game.kind, game.settings, game.started, game.finished, game.result)).lastrowid
                conn.executemany("INSERT INTO events (session_id, seq, kind, action, at) VALUES (?, ?, ?, ?, ?)",
                                 ((sid, *event) for event in game.events))
                conn.executemany(INSERT_SEAT, ((sid, *seat) for seat in _linked(game, player_keys(conn))))
                report.sessions += 1
                report.events += len(game.events)
            conn.execute("COMMIT")
        except BaseException:
            conn.execute("ROLLBACK")
            raise
    except sqlite3.Error as exc:
        raise StoreError(f"could not import into {db} ({exc}); nothing was changed") from None
    finally:
        conn.close()
    return report


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


def _already_there(conn: sqlite3.Connection, game: _Game) -> bool:
    """Whether the same game (:func:`identity`) is in the database: True when its log is
    this one; a different log under the same identity is refused (which is right is a
    person's call, and importing both would show one game twice)."""
    for (sid,) in conn.execute("SELECT id FROM sessions WHERE kind = ? AND started = ? AND settings = ?",
                               identity(game.kind, game.started, game.settings)).fetchall():
        logged = conn.execute("SELECT seq, kind, action, at FROM events WHERE session_id = ? ORDER BY seq",
                              (sid,)).fetchall()
        if logged == game.events:
            return True
        raise InputError(f"{game.where} is game session {sid} of the database (same game, start and "
                         f"settings) with a different log ({len(logged)} events there, {len(game.events)} "
                         "in the file); nothing was imported")
    return False
