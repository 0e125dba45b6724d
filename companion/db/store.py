"""The event log: one SQLite file that is the truth about every game played.

Every action a person takes is one row in ``events``, committed (WAL) before the screen shows
its effect: with ``synchronous=FULL`` on disk when the commit returns; in the app's store
(``sync_later``) in the WAL the operating system holds, and on disk a moment later, synced
off the UI thread (:mod:`companion.db.syncer`: what a SIGKILL or a pulled plug can cost).
A session's state is rebuilt by replaying its events through the game's engine, from the
newest snapshot that provably summarises the ones before (:mod:`companion.db.snapshots`).
Undo and redo are events too, so a redo is still possible after a restart.

The file is never overwritten or "repaired" behind a person's back: a damaged file, a file
that is not ours, or one written by a newer companion is refused with its path and what to do.
"""

from __future__ import annotations

import json
import os
import sqlite3
from dataclasses import dataclass
from datetime import datetime, timedelta, timezone
from pathlib import Path
from typing import Any, Callable, Iterable, Iterator, Mapping

from companion.db import schema, snapshots
from companion.db.schema import INSERT_SEAT, SCHEMA_VERSION
from companion.db.place import cannot_write, write_hint
from companion.db.snapshots import ReadOnly, Snapshot, Snapshots
from companion.db.syncer import Syncer
from companion.db.evidence import FileEvidence
from companion.db.versions import Refused, candidates, choose, recorded, same_result, under
from companion.db.rows import (LEFT_ALONE, RowDamage, describe, event_action, game_name, inserted_id,
                               json_object, session_fields)
from companion.contracts.engine import Engine, RuleError, dumps
from companion.intake.errors import InputError, StoreError
from companion.games import engine_for
from companion.intake.limits import quote
from companion.intake.names import clean
from companion.db.roster import Seat, link, name_key, player_keys, seat_names
from companion.db.transaction import Transaction
from companion.db.runstack import RunStack
from companion.db.timeline import Timeline, action_loader

#: tables quick-checked at every open: small whatever the history, and read by every screen
SMALL_TABLES = ("players", "prefs")
#: the prefs key where `companion doctor` records its full integrity check
FULL_CHECK = "full_check"

COLOURS = ("red", "blue", "green", "yellow", "black", "white", "orange", "purple", "brown", "pink")
MAX_NAME = 24


def default_db_path() -> Path:
    """``$XDG_DATA_HOME/companion/companion.db``, falling back to ``~/.local/share``."""
    base = os.environ.get("XDG_DATA_HOME") or os.path.join(os.path.expanduser("~"), ".local", "share")
    return Path(base) / "companion" / "companion.db"


def _now() -> str:
    return datetime.now(timezone.utc).isoformat(timespec="milliseconds")


@dataclass(frozen=True)
class Player:
    id: int
    name: str
    colour: str
    created: str


@dataclass(frozen=True)
class SessionInfo:
    """A row of the sessions list, without replaying the game."""

    id: int
    kind: str
    settings: dict[str, Any]
    started: str
    finished: str | None
    result: dict[str, Any] | None
    #: why this row cannot be read (its other fields are then placeholders); None when sound
    problem: str | None = None


class Store:
    """The open database. One per process; used from the UI thread only. ``sync_later`` (the
    app's store) leaves the disk's wait to a thread of its own (:mod:`companion.db.syncer`)."""

    def __init__(self, path: str | os.PathLike[str], *, sync_later: bool = False) -> None:
        self.path = Path(path)
        self._sync_later = sync_later
        self.syncer: Syncer | None = None
        try:
            self.path.parent.mkdir(parents=True, exist_ok=True)
        except OSError as exc:
            raise StoreError(f"cannot create the folder for the database {self.path}: {exc.strerror}") from None
        fresh = not self.path.exists() or self.path.stat().st_size == 0
        if not fresh:
            self._refuse_stranger()
        try:
            self._db = sqlite3.connect(self.path, isolation_level=None)
        except sqlite3.Error as exc:
            raise StoreError(f"cannot open the database {self.path} ({exc}): check that it and its folder "
                             "can be read and written, or pass --db to use another file.") from None
        self._db.text_factory = _text
        try:
            if fresh:
                self._configure()
                schema.create(self._db)
            else:
                self._check()
                self._configure()
                schema.migrate(self._db, self.path)
        except (sqlite3.DatabaseError, UnicodeDecodeError) as exc:  # the latter: SQLite's message quoting
            self._db.close()                                          # a schema that is no longer UTF-8
            if _cannot_reach(exc):
                raise StoreError(f"cannot open the database {self.path} ({exc}). {write_hint(self.path, exc)}") from None
            raise StoreError(
                f"the database {self.path} is damaged or is not a companion database ({exc}). "
                "It was left untouched: move it aside to start afresh, or pass --db to use another file."
            ) from None
        except StoreError:
            self._db.close()
            raise
        if sync_later:
            self.syncer = Syncer(self.path)
        #: the file's old games as evidence of the rules each was played under
        self.evidence = FileEvidence(self._db)

    def _configure(self) -> None:
        # WAL: readers never block the writer. FULL: a commit is on disk when it returns;
        # NORMAL with the syncer: in the WAL at once, on disk a moment later, and SQLite's own
        # checkpoint (run inside a commit, so inside a tap) left to the syncer's thread
        self._db.execute("PRAGMA journal_mode=WAL")
        self._db.execute(f"PRAGMA synchronous={'NORMAL' if self._sync_later else 'FULL'}")
        if self._sync_later:
            self._db.execute("PRAGMA wal_autocheckpoint=0")
        self._db.execute("PRAGMA foreign_keys=ON")

    def _refuse_stranger(self) -> None:
        """Refuse another application's file or a newer companion's before SQLite opens it
        for writing (closing that connection would checkpoint its -wal into it), from the
        marks read without writing (:func:`companion.db.schema.marks`)."""
        found = schema.marks(self.path)
        if found:
            self._refuse(schema.stranger(self.path, *found))

    def _refuse(self, why: str | None) -> None:
        """Refuse the file for ``why`` (None: nothing to refuse), with what to do about it."""
        if why:
            fix = "Upgrade the companion, or pass" if "newer" in why else "Pass"
            raise StoreError(f"{why}. It was left untouched: {fix} --db to use another file.")

    def _check(self) -> None:
        # again through SQLite, for a file whose marks could not be read without it
        self._refuse(schema.stranger(self.path, *(self._db.execute(f"PRAGMA {p}").fetchone()[0]
                                                  for p in ("application_id", "user_version"))))
        schema.check_tables(self._db, self.path)
        # A bounded check: the header and schema are read here; the small tables every
        # screen reads are checked whole (their pages, not the history's). The full check
        # is O(file size) (~6 ms a MB here, several times that on a Pi), so it is left to
        # `companion doctor`, which records when it last ran (:meth:`last_full_check`).
        problems = [found for table in SMALL_TABLES for found in self._file_check(f"quick_check({table})")
                    if found != "ok"] or ["ok"]
        if problems != ["ok"]:
            raise StoreError(
                f"the database {self.path} is damaged ({'; '.join(problems[:3])}). It was left untouched: "
                "keep a copy, then move it aside to start afresh, or pass --db to use another file."
            )

    def close(self) -> None:
        self._db.close()
        if self.syncer is not None:
            self.syncer.close()  # the last commits synced, the WAL checkpointed by its last connection

    def __enter__(self) -> Store:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def _transaction(self) -> Transaction:
        return Transaction(self._db, self.path, self.syncer.committed if self.syncer is not None else None)

    # -- app preferences (sound on/off and the like) -----------------------------------

    def pref(self, key: str, default: Any = None) -> Any:
        """The stored preference, or ``default`` when it is unset or its row is unreadable
        (a preference is never worth a crash; `companion doctor` reports the row)."""
        row = self._db.execute("SELECT value FROM prefs WHERE key = ?", (key,)).fetchone()
        if row is None or not isinstance(row[0], str):
            return default
        try:
            return json.loads(row[0])
        except (ValueError, RecursionError):
            return default

    def unreadable_prefs(self) -> list[str]:
        """Keys whose stored value is not JSON, so :meth:`pref` gives their default."""
        missing = object()
        return [key for (key,) in self._db.execute("SELECT key FROM prefs") if self.pref(key, missing) is missing]

    def set_pref(self, key: str, value: Any) -> None:
        with self._transaction():
            self._db.execute("INSERT OR REPLACE INTO prefs (key, value) VALUES (?, ?)", (key, json.dumps(value)))

    # -- player profiles -------------------------------------------------------------

    def players(self) -> list[Player]:
        """Every profile; a name stored as binary (only a damaged row can hold one) is shown
        described rather than handed to a screen that draws text."""
        rows = self._db.execute("SELECT id, name, colour, created FROM players ORDER BY name COLLATE NOCASE")
        return [Player(pid, name if isinstance(name, str) else describe(name), str(colour), str(created))
                for pid, name, colour, created in rows]

    def add_player(self, name: str, colour: str) -> Player:
        name = self._valid_name(name)
        colour = _valid_colour(colour)
        created = _now()
        with self._transaction():
            cur = self._db.execute(
                "INSERT INTO players (name, colour, created) VALUES (?, ?, ?)", (name, colour, created)
            )
        return Player(inserted_id(cur), name, colour, created)

    def update_player(self, player_id: int, *, name: str | None = None, colour: str | None = None) -> Player:
        current = self._player(player_id)
        name = current.name if name is None else self._valid_name(name, player_id)
        colour = current.colour if colour is None else _valid_colour(colour)
        with self._transaction():
            self._db.execute("UPDATE players SET name = ?, colour = ? WHERE id = ?", (name, colour, player_id))
        return Player(player_id, name, colour, current.created)

    def _player(self, player_id: int) -> Player:
        row = self._db.execute("SELECT id, name, colour, created FROM players WHERE id = ?", (player_id,)).fetchone()
        if row is None:
            raise InputError(f"no player with id {player_id}")
        return Player(*row)

    def player_named(self, name: str) -> Player | None:
        """The player whose name this is (compared as the seats link: spaces collapsed,
        ASCII case ignored), or None: a name typed for a game is theirs or a guest's."""
        wanted = name_key(str(name))
        return next((p for p in self.players() if name_key(p.name) == wanted), None)

    def merge_players(self, from_id: int, into_id: int) -> None:
        """Make ``from_id``'s games ``into_id``'s and remove ``from_id``, in one transaction
        (the same person entered twice). Refused, changing nothing, when they are the same
        record or sat at one game together: then they are two people, and merging them
        would seat one person twice."""
        source, target = self._player(from_id), self._player(into_id)
        if from_id == into_id:
            raise InputError(f"{source.name} cannot be merged into themselves")
        shared = self._db.execute(
            "SELECT count(DISTINCT a.session_id) FROM seats a JOIN seats b ON a.session_id = b.session_id "
            "WHERE a.player_id = ? AND b.player_id = ?", (from_id, into_id)).fetchone()[0]
        if shared:
            raise InputError(f"{source.name} and {target.name} played {shared} game{'s' * (shared != 1)} "
                             "together, so they are two people: give one of them another name")
        with self._transaction():
            self._db.execute("UPDATE seats SET player_id = ? WHERE player_id = ?", (into_id, from_id))
            self._db.execute("DELETE FROM players WHERE id = ?", (from_id,))

    # -- who sat where (companion.db.roster) ------------------------------------------

    def seats(self, session_ids: Iterable[int] | None = None) -> dict[int, list[Seat]]:
        """game id -> its seats in seat order (every game's, or those of ``session_ids``);
        a linked seat carries its player's current name. A game with damaged settings
        has no seats, so it is missing here."""
        query = ("SELECT s.session_id, s.seat, coalesce(p.name, s.name), s.player_id FROM seats s "
                 "LEFT JOIN players p ON p.id = s.player_id")
        if session_ids is None:
            rows = self._db.execute(query + " ORDER BY s.session_id, s.seat")
        else:
            rows = self._db.execute(query + " WHERE s.session_id IN (SELECT value FROM json_each(?)) "
                                    "ORDER BY s.session_id, s.seat", (json.dumps([int(i) for i in session_ids]),))
        found: dict[int, list[Seat]] = {}
        for sid, seat, name, player_id in rows:
            found.setdefault(sid, []).append(Seat(seat, name if isinstance(name, str) else describe(name), player_id))
        return found

    def player_sessions(self, player_id: int) -> list[int]:
        """The ids of the games this player sat at, newest first (by start, then by id)."""
        return [sid for sid, _started in self._db.execute(
            "SELECT DISTINCT s.id, s.started FROM seats t JOIN sessions s ON s.id = t.session_id "
            "WHERE t.player_id = ? ORDER BY s.started DESC, s.id DESC", (player_id,))]

    def _valid_name(self, name: str, player_id: int | None = None) -> str:
        """The name as kept (:func:`companion.intake.names.clean`), refused when it is empty, too
        long, or another player's (compared by :func:`name_key`, which the players table's
        NOCASE, ASCII only, cannot do)."""
        name = valid_name(name)
        clash = player_keys(self._db).get(name_key(name))
        if clash is not None and clash != player_id:
            raise InputError(f"there is already a player called {name!r}")
        return name

    # -- sessions --------------------------------------------------------------------

    def new_session(self, kind: str, settings: Mapping[str, Any]) -> GameSession:
        """Start a game under today's rules: the newest version of its kind's rules is
        recorded in its settings (``"rules"``, replacing any that a rematch copied from an
        older game), so it is replayed under them for ever (:mod:`companion.db.versions`).
        The engine checks the settings before anything is written."""
        engine = engine_for(kind)
        settings = under(settings, max(engine.rules_versions))
        engine.initial_state(settings)
        text = dumps(settings)
        with self._transaction():
            cur = self._db.execute(
                "INSERT INTO sessions (kind, settings, started) VALUES (?, ?, ?)",
                (kind, text, self._unique_start(kind, text)))
            self._seat(inserted_id(cur), kind, settings)
        return self.open_session(inserted_id(cur))

    def _unique_start(self, kind: str, settings: str) -> str:
        """Now, or a millisecond after a game of this kind and settings started at the same
        instant (two games set up in one millisecond): which game, its start and its settings
        are a game's identity in an export, so two games must never share them."""
        started = datetime.now(timezone.utc)
        while self._db.execute("SELECT 1 FROM sessions WHERE kind = ? AND started = ? AND settings = ?",
                               (kind, started.isoformat(timespec="milliseconds"), settings)).fetchone():
            started += timedelta(milliseconds=1)
        return started.isoformat(timespec="milliseconds")

    def _seat(self, session_id: int, kind: str, settings: Mapping[str, Any]) -> None:
        """The game's seats, each linked to the player of its name or a guest (inside the
        caller's transaction, so a game never exists without them). Two names of one
        player ("Ann" and "ann") are refused: a player sits once."""
        players = player_keys(self._db)
        seats = link(seat_names(kind, settings), players)
        twice = [seat.name for seat in seats if seat.player_id is None and name_key(seat.name) in players]
        if twice:
            raise RuleError("setup", f"{twice[0]} is the player {self._player(players[name_key(twice[0])]).name}, "
                                     "who is already seated: each player sits once")
        self._db.executemany(INSERT_SEAT, ((session_id, *seat) for seat in seats))

    def sessions(self, *, unfinished: bool | None = None, limit: int = 50,
                 ids: Iterable[int] | None = None) -> list[SessionInfo]:
        """Newest first. ``unfinished=True`` lists games that can be resumed; ``ids`` only
        those games (a player's, :meth:`player_sessions`)."""
        where = {None: "", True: "WHERE finished IS NULL", False: "WHERE finished IS NOT NULL"}[unfinished]
        if ids is not None:
            where += (" AND " if where else "WHERE ") + "id IN (SELECT value FROM json_each(?))"
        try:
            rows = self._db.execute(
                f"SELECT id, kind, settings, started, finished, result FROM sessions {where} ORDER BY id DESC LIMIT ?",
                (limit,) if ids is None else (json.dumps([int(i) for i in ids]), limit),
            ).fetchall()
        except sqlite3.DatabaseError as exc:
            raise StoreError(f"the list of games in {self.path} cannot be read ({exc}). It was left untouched: "
                             "keep a copy, then move it aside to start afresh.") from None
        return [_session_info(row, self.path) for row in rows]

    def open_session(self, session_id: int, *, check: bool = False) -> GameSession:
        """The game, from its newest snapshot plus the events after it; ``check`` (the
        doctor's) replays it from its first event instead, writes nothing, and leaves in
        ``snapshot_verdict`` which snapshots that replay confirmed and contradicted."""
        row = self._db.execute(
            "SELECT id, kind, settings, started, finished, result FROM sessions WHERE id = ?", (session_id,)
        ).fetchone()
        if row is None:
            raise StoreError(f"no game session {session_id} in {self.path}")
        info = _session_info(row, self.path)
        if info.problem:
            raise StoreError(info.problem)
        return GameSession(self, info, check=check)

    def _append(self, session_id: int, seq: int, kind: str, action: str | None,
                result: Mapping[str, Any] | None) -> None:
        """One event (``action`` is its canonical JSON text) and the session's
        finished/result columns, in one transaction."""
        at = _now()
        with self._transaction():
            self._db.execute(
                "INSERT INTO events (session_id, seq, kind, action, at) VALUES (?, ?, ?, ?, ?)",
                (session_id, seq, kind, action, at),
            )
            self._db.execute(
                "UPDATE sessions SET finished = ?, result = ? WHERE id = ?",
                (None if result is None else at, None if result is None else dumps(result), session_id),
            )

    def kept_rules(self, info: SessionInfo) -> tuple[int, list[str]] | None:
        """(the version the game was played under, what today's rules would say otherwise)
        as last worked out, while its log and its rules are as they were then; else None."""
        try:
            row = self._db.execute(
                "SELECT r.seq, r.engine, r.rules, r.told, (SELECT max(seq) FROM events WHERE session_id = r.session_id) "
                "FROM played_rules r WHERE r.session_id = ?", (info.id,)).fetchone()
            if row is None:
                return None
            seq, engine, rules, told, last = row
            if seq != (last or 0) or engine != snapshots.fingerprint(info.kind, SCHEMA_VERSION):
                return None
            words = json.loads(told)
        except (sqlite3.DatabaseError, ValueError, TypeError, RecursionError, KeyError):
            return None  # a cache: whatever is wrong with it, the game is worked out again
        if not isinstance(rules, int) or not isinstance(words, list) or not all(isinstance(w, str) for w in words):
            return None
        return rules, words

    def keep_rules(self, info: SessionInfo, seq: int, rules: int, told: list[str]) -> None:
        """Remember what :meth:`kept_rules` gives back; a write the disk refuses only means
        the game is worked out again next time."""
        try:
            with self._transaction():
                self._db.execute("INSERT OR REPLACE INTO played_rules (session_id, seq, engine, rules, told) "
                                 "VALUES (?, ?, ?, ?, ?)", (info.id, seq, snapshots.fingerprint(info.kind, SCHEMA_VERSION),
                                                            rules, json.dumps(told)))
        except StoreError:
            pass

    def integrity(self) -> str:
        """``"ok"`` or SQLite's description of what is wrong (for `companion doctor`): the
        full check, O(file size), so never on the app's way to its first screen."""
        return "; ".join(self._file_check("integrity_check"))

    def record_full_check(self, result: str, verdicts: Mapping[int, tuple[list[int], list[int]]]) -> None:
        """After a full check found the file sound (every game opened with ``check=True``;
        ``verdicts`` maps each game's id to its ``snapshot_verdict``): drop the snapshots a
        replay contradicted, mark the others, and remember when it ran (:meth:`last_full_check`)."""
        for info in self.sessions(limit=-1):
            if info.id in verdicts:
                self._snapshots_of(info).settle(*verdicts[info.id])
        counts = {"verified": sum(len(good) for good, _ in verdicts.values()),
                  "discarded": sum(len(bad) for _, bad in verdicts.values())}
        self.set_pref(FULL_CHECK, {"at": _now(), "result": result, "snapshots": counts})

    def last_full_check(self) -> dict[str, Any] | None:
        """``{"at": ISO time, "result": "ok", "snapshots": counts}`` of the last full check
        `companion doctor` ran, or None if it never has."""
        found = self.pref(FULL_CHECK)
        return found if isinstance(found, dict) and isinstance(found.get("at"), str) else None

    def _snapshots_of(self, info: SessionInfo) -> snapshots.Snapshots:
        return snapshots.Snapshots(self._db, info.id, info.kind, SCHEMA_VERSION)

    def _file_check(self, pragma: str) -> list[str]:
        """SQLite's check of the file's structure. A row breaking a CHECK constraint (an
        unknown event kind) is left to the row checks, which name the game and the row and
        keep every other game playable; SQLite skips CHECKs while ignore_check_constraints
        is on (sqlite's pragma.c: integrity_check tests ``SQLITE_IgnoreChecks``)."""
        self._db.execute("PRAGMA ignore_check_constraints=ON")
        try:
            return [row[0] for row in self._db.execute(f"PRAGMA {pragma}")]
        except (sqlite3.DatabaseError, UnicodeDecodeError) as exc:  # a page so bad the check cannot go on
            return [str(exc)]
        finally:
            self._db.execute("PRAGMA ignore_check_constraints=OFF")


def valid_name(name: str) -> str:
    """A player's name as kept (:func:`companion.intake.names.clean`), or :class:`InputError` when
    nothing visible is left or it is longer than MAX_NAME."""
    kept = clean(str(name))
    if not kept:
        unseen = " (only invisible characters were given)" if str(name).strip() else ""
        raise InputError(f"a player needs a name{unseen}")
    if len(kept) > MAX_NAME:
        raise InputError(f"names are at most {MAX_NAME} characters; {quote(kept)} has {len(kept)}")
    return kept


def _text(raw: bytes) -> str:
    """TEXT as str, with bytes that are not UTF-8 (a bit flipped on the SD card) read as
    U+FFFD: the default decoder would fail the whole query, hiding every other game, where
    this way the row is read and any damage it does is named with its row."""
    return raw.decode("utf-8", "replace")


def _cannot_reach(exc: Exception) -> bool:
    """SQLite could not open or lock the file (permissions, a folder in the way, another
    program, a full disk: the -shm file it must make cannot be): nothing says the file
    itself is damaged."""
    code = getattr(exc, "sqlite_errorname", "") or ""
    return cannot_write(exc) or code.startswith(("SQLITE_BUSY", "SQLITE_LOCKED"))


def _valid_colour(colour: str) -> str:
    if colour not in COLOURS:
        raise InputError(f"unknown colour {colour!r}; choose one of {', '.join(COLOURS)}")
    return colour


def _session_info(row: tuple, path: Path) -> SessionInfo:
    """The row as a SessionInfo; a damaged row comes back with ``problem`` saying what is
    wrong, so one bad game never hides (or crashes) the list of the others."""
    try:
        return SessionInfo(row[0], *session_fields(row))
    except RowDamage as damage:
        problem = (f"game session {row[0]} ({game_name(row[1])}) in {path} cannot be read "
                   f"(sessions row {row[0]}): {damage}. {LEFT_ALONE}")
        return SessionInfo(row[0], "", {}, "", None, None, problem)


class GameSession:
    """One game being played: its settings, its log, and the state the log replays to.

    Opening starts from the game's newest snapshot (:mod:`companion.db.snapshots`) once it is
    proved against the log, and replays only the events after it; the undo and redo stacks
    are kept as event numbers and any earlier state is rebuilt from a checkpoint
    (:mod:`companion.db.timeline`), so opening, undo and memory stay small however long the
    game. The log only ever grows. A game is replayed under the version of the rules it was
    played under (:attr:`rules`, :mod:`companion.db.versions`), never re-scored by a later one.
    """

    def __init__(self, store: Store, info: SessionInfo, *, check: bool = False) -> None:
        self.store = store
        self.info = info
        #: what the table should be told about how the game was opened: a checkpoint that
        #: failed its checks, so the game was replayed from its log ("" when nothing to tell)
        self.notice = ""
        # Everything below reads data from disk; any way it fails (an engine's own error on an
        # action it never wrote included) is damage to report, never a crash.
        try:
            self.engine: Engine = engine_for(info.kind)
            leaning = None if recorded(info.settings) else store.evidence.lean(info.id, info.kind)
            versions = candidates(self.engine, info.settings, info.started, leaning)
            self._snapshots = store._snapshots_of(info)
        except Exception as exc:  # noqa: BLE001 - see above
            raise self._damaged("cannot be resumed: its settings do not start a game",
                                f"sessions row {info.id}", exc) from None
        found = self._newest_checkpoint(versions)
        # a checking replay neither starts from nor writes snapshots: it judges them all
        stored = self._snapshots.rows() if check else {}
        if check:
            found, saved = None, None
        else:
            saved = ReadOnly(self._snapshots) if self.snapshot_problem else self._snapshots
            kept = store.kept_rules(info) if len(versions) > 1 else None
            known = kept[0] if kept else getattr(found[0].state, "rules", None) if found else None
            if known in versions:  # worked out before, on this log or the part a checkpoint proves: tried first
                versions.insert(0, versions.pop(versions.index(known)))
        try:
            self.rules, (self._timeline, confirmed) = choose(
                versions, lambda rules: self._replay(rules, found, saved, stored),
                lambda replayed: len(versions) == 1 or same_result(self.engine, replayed[0].state, info.result))
        except Refused as refused:
            if isinstance(refused.error, StoreError):
                raise refused.error from None
            what, row = ((f"cannot be replayed at event {describe(refused.at)}",
                          f"events row session_id={info.id}, seq={describe(refused.at)}") if refused.at else
                         ("cannot be resumed: its settings do not start a game", f"sessions row {info.id}"))
            raise self._damaged(what, row, refused.error) from None
        #: after a checking replay: the snapshots it confirmed, and those it contradicted
        #: (or that lie past the end of the log)
        self.snapshot_verdict = (confirmed, sorted(set(stored) - set(confirmed), key=str))
        self._timeline.flush()

    def _newest_checkpoint(self, versions: list[int]) -> tuple[Snapshot, Any] | None:
        """The newest snapshot proved against the log (and the hash over its events), made
        under one of ``versions``; else None, with :attr:`snapshot_problem` and :attr:`notice`
        saying why when one was there and failed a check."""
        found = self._snapshots.latest()
        problem = self._snapshots.problem or ""
        if found is not None and getattr(found[0].state, "rules", versions[0]) not in versions:
            problem = f"its checkpoint at event {found[0].seq} was made under other rules"
            found = None
        #: why the newest checkpoint could not be used, in words ("" when it was, or there was none)
        self.snapshot_problem = problem
        if problem:
            self.notice = (f"Game {self.info.id} ({game_name(self.info.kind)}): {problem}, so it was "
                           "replayed from its log instead. `companion doctor` says more.")
        return found

    def _replay(self, rules: int, found: tuple[Snapshot, Any] | None, saved: Snapshots | ReadOnly | None,
                stored: Mapping[Any, tuple]) -> tuple[Timeline, list[int]]:
        """The game replayed under version ``rules`` of its rules, from ``found`` (a proved
        snapshot and the hash over its events) when it was made under those rules, and the
        snapshots ``stored`` it confirmed on the way; :class:`Refused` at the event where the
        log does not replay (0: the settings do not start a game)."""
        store, info = self.store, self.info
        try:
            initial = self.engine.initial_state(under(info.settings, rules))
        except Exception as exc:  # noqa: BLE001 - see __init__
            raise Refused(0, exc) from None
        timeline = Timeline(self.engine, initial, action_loader(store._db, info.id), saved)
        if found is not None and getattr(found[0].state, "rules", rules) == rules:
            timeline.resume(*found)
        after = timeline.seq  # from the first event (whatever its number) without a snapshot
        try:
            events = store._db.execute("SELECT seq, kind, action FROM events WHERE session_id = ? "
                                       + ("AND seq > ? " if after else "") + "ORDER BY seq",
                                       (info.id, after) if after else (info.id,)).fetchall()
        except sqlite3.DatabaseError as exc:  # e.g. text that is not UTF-8
            raise Refused(None, StoreError(
                f"game session {info.id} ({game_name(info.kind)}) in {store.path} cannot be read "
                f"(its rows in the events table: {exc}). {LEFT_ALONE}")) from None
        confirmed: list[int] = []
        for expected, (seq, kind, action) in enumerate(events, timeline.seq + 1):
            try:
                timeline.replay(seq, kind, action, event_action(expected, seq, kind, action))
            except Exception as exc:  # noqa: BLE001 - see __init__
                raise Refused(seq, exc) from None
            if seq in stored and self._snapshots.matches(stored[seq], timeline):
                confirmed.append(seq)
        try:
            timeline.state  # an undo at the end leaves it to be rebuilt: now, not in a screen's hands
        except Exception as exc:  # noqa: BLE001 - see __init__
            raise Refused(timeline.seq, exc) from None
        return timeline, confirmed

    @property
    def id(self) -> int:
        return self.info.id

    @property
    def kind(self) -> str:
        return self.info.kind

    @property
    def settings(self) -> dict[str, Any]:
        return self.info.settings

    @property
    def state(self) -> Any:
        return self._timeline.state

    @property
    def actions(self) -> list[dict[str, Any]]:
        """The actions in effect now, oldest first (undone ones excluded), read from the log."""
        return self._timeline.actions_in_effect()

    @property
    def seq(self) -> int:
        """The number of the log's last event (0 before any)."""
        return self._timeline.seq

    @property
    def in_effect(self) -> RunStack:
        """The event numbers of the actions in effect, oldest first (:attr:`actions`' own)."""
        return self._timeline.undo

    @property
    def can_undo(self) -> bool:
        return bool(self._timeline.undo)

    @property
    def can_redo(self) -> bool:
        return bool(self._timeline.redo)

    @property
    def finished(self) -> bool:
        return self.result() is not None

    def result(self) -> Mapping[str, Any] | None:
        """The game's result once its engine says it is over."""
        return self.engine.result(self.state)

    def do(self, action: Mapping[str, Any]) -> Any:
        """Apply and log an action; returns the new state. An illegal action raises
        :class:`RuleError` and nothing is written."""
        text = dumps(action)
        new_state = self.engine.apply(self.state, json.loads(text))  # exactly what replay will see
        self._commit("do", text, new_state)
        return new_state

    def undo(self) -> Any:
        if not self._timeline.undo:
            raise RuleError("undo", "there is nothing to undo")
        self._commit("undo", None, self._rebuilt("undone", lambda: self._timeline.state_at(len(self._timeline.undo) - 1)))
        return self.state

    def redo(self) -> Any:
        if not self._timeline.redo:
            raise RuleError("redo", "there is nothing to redo")
        new_state = self._rebuilt("redone", lambda: self.engine.apply(self.state,
                                                                      self._timeline.action(self._timeline.redo[-1])))
        self._commit("redo", None, new_state)
        return new_state

    def _rebuilt(self, what: str, make: Callable[[], Any]) -> Any:
        """A state rebuilt from the log (an undo far back reads the actions between the nearest
        checkpoint and it): a log that no longer gives one, changed on disk since the game was
        opened, is damage said in words, never an exception out of the screen."""
        try:
            return make()
        except Exception as exc:  # noqa: BLE001 - data from disk
            raise self._damaged(f"cannot be {what}: its log no longer replays",
                                f"events rows session_id={self.id}", exc) from None

    def _commit(self, kind: str, action: str | None, new_state: Any) -> None:
        """Log the event, then move the timeline on; a snapshot, when one is due, is
        written after the event's own transaction."""
        seq = self._timeline.seq + 1
        self.store._append(self.id, seq, kind, action, self.engine.result(new_state))
        self._timeline.advance(seq, kind, action, new_state)
        self._timeline.flush()

    def _damaged(self, what: str, row: str, exc: Exception) -> StoreError:
        why = str(exc) if isinstance(exc, (RowDamage, RuleError)) else f"{type(exc).__name__}: {exc}"
        return StoreError(f"game session {self.info.id} ({game_name(self.info.kind)}) in {self.store.path} "
                          f"{what} ({row}): {why}. {LEFT_ALONE}")

    def events(self) -> Iterator[tuple[int, str, str | None, str]]:
        """The raw log (seq, kind, action JSON, time), for export and inspection."""
        yield from self.store._db.execute(
            "SELECT seq, kind, action, at FROM events WHERE session_id = ? ORDER BY seq", (self.id,)
        )

