"""Checkpoints of a game's state, so opening a long game does not replay its whole log.

The event log stays the truth; a snapshot is a cache of what replaying it gives, and is
only used once it is proved to summarise the log as it is now. A snapshot row is data on
an SD card like any other, so nothing in it is trusted before it is checked, in this order:

- ``engine`` is a fingerprint of the rules' source code, the state encoding and the store
  schema: after an upgrade that could change what a replay gives, older snapshots are
  ignored (and dropped at the next write), and the game is replayed from the log. That is
  not damage, and nothing is said about it.
- every column has the type the companion writes and a bounded size (a flipped bit can turn
  TEXT into a BLOB), ``digest`` covers the whole row, its stacks are runs of event numbers
  that agree with its ``depth`` and ``top``, and its state decodes through the game's own
  fixed table of classes (:mod:`companion.db.statecodec`: no class is looked up by a name
  found in the file), nested no deeper than a state can be.
- ``prefix`` is a SHA-256 over every event up to ``seq`` (:func:`event_bytes`), and it is
  checked against the log itself, with the events' numbering (:meth:`Snapshots.prove`), so an
  event changed, lost, renumbered or reordered under an intact snapshot is found before the
  snapshot is believed.
- ``companion doctor`` replays each game from its first event and compares every snapshot
  with the replay (:meth:`Snapshots.matches`).

A snapshot that fails any check is never used: the game is replayed from its log, and
:attr:`Snapshots.problem` says why, in words, for the screen and for `companion doctor`.
Nothing here raises on what it reads.

A snapshot is written every :data:`EVERY` events, in its own transaction after the action's
own, so a failure to write one never loses or refuses an action. The newest row of a game
also holds its undo and redo stacks (as runs of event numbers); older rows keep only the
state, to let an undo far into the past start from the nearest checkpoint below it.
"""

from __future__ import annotations

import hashlib
import json
import sqlite3
from contextlib import contextmanager
from dataclasses import dataclass
from datetime import datetime, timezone
from functools import cache
from pathlib import Path
from typing import Any, Iterable, Iterator, Sequence

from companion.db import statecodec, versions
from companion.contracts import engine as engine_module
from companion.games import GAMES, game, load
from companion.db.runstack import RunStack

#: events between two snapshots: the most a resume replays, and the most an undo replays
EVERY = 100
#: the longest state text read back: a Rapid City game at its largest (every card's round
#: file at companion.intake.limits.ROUND_FILE_BYTES, and its verdict) stays well under it
STATE_CHARS = 128_000_000
#: the longest stacks text: two numbers per break in the line of play, an undo at most every event
STACKS_CHARS = 16_000_000

TABLE = """
CREATE TABLE snapshots (
    session_id INTEGER NOT NULL REFERENCES sessions(id),
    seq        INTEGER NOT NULL,  -- the last event summarised
    depth      INTEGER NOT NULL,  -- actions in effect at that point
    top        INTEGER NOT NULL,  -- seq of the 'do' event of the action on top (0: none)
    engine     TEXT NOT NULL,     -- fingerprint of the rules, the encoding and the schema
    prefix     TEXT NOT NULL,     -- SHA-256 over events 1..seq (event_bytes)
    state      TEXT NOT NULL,     -- the state, in companion.db.statecodec's typed JSON
    stacks     TEXT,              -- {"undo": runs, "redo": runs} on the newest row only
    digest     TEXT NOT NULL,     -- SHA-256 of the columns above but stacks [":" SHA-256 of stacks]
    verified   TEXT,              -- when a full replay last confirmed it
    PRIMARY KEY (session_id, seq)
) WITHOUT ROWID;
"""

#: modules in a game's package that only put the log into words (companion.records.story): new
#: wording must not discard every snapshot, as a change to the rules rightly does
TOLD_ONLY = ("story.py",)
#: the events 1..n as the ``prefix`` hash takes them (:func:`event_bytes`, strung together by
#: SQLite in the order it reads them: the primary key's, the events' own), and what says their
#: numbering is 1, 2 ... n with no gap, repeat or number that is not a whole one. The text comes
#: back as the raw bytes SQLite holds (no decoding to str and encoding back, 1.8 MB at 50,000
#: events), joined by newlines (the last one is added by :meth:`Snapshots.prove`: one copy per
#: row fewer than appending it to each). The range leaves out any seq stored as text or a blob
#: (SQLite ranks them above every number), so a number that is not a whole one can only be a
#: REAL, and then sum() is a REAL too: count and an integer sum of start+1..stop say the
#: numbering, in one pass with no per-row typeof() or min()/max().
_PROOF = ("SELECT CAST(group_concat(kind || coalesce(action, ''), char(10)) AS BLOB), count(*), sum(seq) "
          "FROM events WHERE session_id = ? AND seq > ? AND seq <= ?")


def event_bytes(kind: str, action: str | None) -> bytes:
    """One event as the ``prefix`` hash takes it: its kind and its action's JSON (which never
    holds a raw newline), a newline after; the numbering is checked beside the hash."""
    return f"{kind}{action or ''}\n".encode()


def new_chain() -> Any:
    """The hash over no events yet; ``update(event_bytes(...))`` adds the next one."""
    return hashlib.sha256()


@cache
def fingerprint(kind: str, schema: int) -> str:
    """A hash of the source of the game's rules (its package, or its module for a one-file
    game, companion/contracts/engine.py, companion/db/versions.py and evidence.py), the state encoding
    and the store schema."""
    module = load(game(kind).engine.partition(":")[0])
    source = Path(module.__file__)
    files = sorted(p for p in source.parent.glob("*.py") if p.name not in TOLD_ONLY) \
        if module.__package__ != "companion" else [source]
    files.append(Path(engine_module.__file__))  # the seeded draws every game's rules use
    # which version of its rules an old game is replayed under (a checkpoint and the kept
    # answer of played_rules hold it): a change there must have them worked out again
    files.append(Path(versions.__file__))
    files.append(Path(versions.__file__).with_name("evidence.py"))  # it imports this module: named, not imported
    digest = hashlib.sha256(f"{kind}\n{statecodec.CODEC_VERSION}\n{schema}\n".encode())
    for path in files:
        digest.update(path.name.encode() + b"\n" + path.read_bytes())
    return digest.hexdigest()


@dataclass
class Snapshot:
    """A checkpoint: the state after event ``seq`` with ``depth`` actions in effect."""

    seq: int
    depth: int
    top: int
    prefix: str
    state: Any
    undo: RunStack | None = None  # the stacks, when this is a game's newest row
    redo: RunStack | None = None

    def stacks(self) -> tuple[RunStack, RunStack]:
        """(undo, redo), for the uses that need them: a game's newest row, a page mark."""
        if self.undo is None or self.redo is None:
            raise ValueError(f"the snapshot at event {self.seq} holds no undo and redo stacks")
        return self.undo, self.redo


class Snapshots:
    """The snapshot rows of one game, read and written on the store's connection."""

    def __init__(self, db: sqlite3.Connection, session_id: int, kind: str, schema: int) -> None:
        self._db = db
        self._id = session_id
        self.engine = fingerprint(kind, schema)
        self._codec = statecodec.codec(kind)
        #: why the newest snapshot could not be used (None: it was, or there was none to use)
        self.problem: str | None = None
        #: event number -> the log's hash there, at each snapshot's event the log was read to
        #: (:meth:`prove`): the newest's when the game opened, the older ones' on first need
        self._proven: dict[int, str] = {}
        self._older_proven = False

    def latest(self) -> tuple[Snapshot, Any] | None:
        """The newest snapshot with its stacks, proved against the log, and the hash over
        the events it covers (to go on from); None when there is none to use, with
        :attr:`problem` saying why when one was there but failed a check."""
        self.problem = None
        try:
            row = self._db.execute(
                "SELECT seq, depth, top, prefix, state, stacks, digest, engine FROM snapshots "
                "WHERE session_id = ? AND stacks IS NOT NULL ORDER BY seq DESC LIMIT 1", (self._id,)).fetchone()
        except sqlite3.DatabaseError as exc:
            self.problem = f"its checkpoints cannot be read ({exc})"
            return None
        if row is None or (isinstance(row[7], str) and row[7] != self.engine):
            return None  # none yet, or an older companion's: replayed from the log and written anew
        snap, why = self._checked(row[:7], with_stacks=True)
        if not isinstance(row[7], str):
            snap, why = None, f"its engine column holds {_said(row[7])}, not text"
        if snap is None:
            at = f"checkpoint at event {row[0]}" if isinstance(row[0], int) else "newest checkpoint"
            self.problem = f"its {at} is damaged ({why})"
            return None
        try:
            chain = self.prove([snap.seq])
        except (sqlite3.DatabaseError, UnicodeError) as exc:
            self.problem = f"its checkpoint at event {snap.seq} cannot be checked against its log ({exc})"
            return None
        if self._proven.get(snap.seq) != snap.prefix:
            last = self._db.execute("SELECT max(seq) FROM events WHERE session_id = ?", (self._id,)).fetchone()[0]
            self.problem = (f"its checkpoint at event {snap.seq} is past the end of its log (event {_said(last)}): "
                            "events are missing" if not isinstance(last, int) or last < snap.seq else
                            f"its checkpoint at event {snap.seq} does not match its log: an event up to "
                            f"{snap.seq} is not what it was when the checkpoint was saved")
            return None
        return snap, chain

    def prove(self, marks: Sequence[int]) -> Any:
        """The hash over the log's events up to the last of ``marks`` (event numbers, in
        order) as it holds them now, kept at each mark while the events up to it are
        numbered 1, 2, 3 ... without a break. SQLite strings each stretch of the log together
        in C (a 50,000-event log is one query, not 50,000 Python steps)."""
        chain, start = new_chain(), 0
        for stop in marks:
            raw, count, total = self._db.execute(_PROOF, (self._id, start, stop)).fetchone()
            if raw is not None:
                chain.update(raw)
                chain.update(b"\n")
            if count != stop - start or (count and (type(total) is not int or total != (start + 1 + stop) * count // 2)):
                break  # a gap, a repeat or a number that is not one: nothing from here on is proved
            self._proven[stop] = chain.hexdigest()
            start = stop
        return chain

    def below(self, depth: int, floor: int) -> Iterator[Snapshot]:
        """Proved snapshots with ``floor < depth' <= depth`` actions in effect, deepest first
        (the caller checks which of them lie on the game's current line)."""
        try:
            if not self._older_proven:  # the first undo to reach this far back reads the log for them
                self._older_proven = True
                self.prove([seq for (seq,) in self._db.execute(
                    "SELECT seq FROM snapshots WHERE session_id = ? AND engine = ? AND typeof(seq) = 'integer' "
                    "AND seq > 0 ORDER BY seq", (self._id, self.engine))])
            rows = self._db.execute(
                "SELECT seq, depth, top, prefix, state, NULL, digest FROM snapshots "
                "WHERE session_id = ? AND engine = ? AND depth <= ? AND depth > ? ORDER BY depth DESC, seq DESC",
                (self._id, self.engine, depth, floor)).fetchall()
        except (sqlite3.DatabaseError, UnicodeError):
            return
        for row in rows:
            snap, _why = self._checked(row, with_stacks=False)
            if snap is not None and self._proven.get(snap.seq) == snap.prefix:
                yield snap

    def save(self, snaps: Sequence[Snapshot]) -> None:
        """Write snapshots (the last one with its stacks) in one transaction. Raises
        sqlite3.Error when the disk refuses; the caller decides that this is harmless."""
        rows = [self._row(s, with_stacks=(s is snaps[-1])) for s in snaps]
        with self._transaction():
            # an upgrade's older snapshots are never read again; the head's stacks move on
            self._db.execute("DELETE FROM snapshots WHERE session_id = ? AND engine != ?", (self._id, self.engine))
            self._db.execute("UPDATE snapshots SET stacks = NULL, digest = substr(digest, 1, 64) "
                             "WHERE session_id = ? AND stacks IS NOT NULL", (self._id,))
            self._db.executemany("INSERT OR REPLACE INTO snapshots (session_id, seq, depth, top, engine, prefix, "
                                 "state, stacks, digest) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)", rows)
        self._proven.update((s.seq, s.prefix) for s in snaps)

    def rows(self) -> dict[Any, tuple]:
        """Every snapshot row of the game by event number, for :meth:`matches`."""
        return {row[0]: row for row in self._db.execute(
            "SELECT seq, depth, top, prefix, state, stacks, digest, engine FROM snapshots WHERE session_id = ?",
            (self._id,))}

    def matches(self, row: tuple, replay: Any) -> bool:
        """Whether a stored row (from :meth:`rows`) is of these rules, passes every check and
        says what a replay of the log (a :class:`companion.db.timeline.Timeline`) says at the
        same event."""
        *fields, engine = row
        snap, _why = self._checked(tuple(fields), with_stacks=fields[5] is not None, decode=False)
        if engine != self.engine or snap is None:
            return False
        undo = replay.undo
        if (snap.prefix, snap.depth, snap.top) != (replay.prefix, len(undo), undo[-1] if undo else 0):
            return False
        if snap.undo is not None and (snap.undo, snap.redo) != (undo, replay.redo):
            return False
        # The replay's state written out as this companion writes it is the stored text when
        # they agree, and writing is cheaper than reading (doctor compares a snapshot every
        # 100 events); only text that differs is read back, to compare the states themselves.
        text = row[4]
        try:
            return self._codec.dumps(replay.state) == text or self._codec.loads(text) == replay.state
        except statecodec.CodecError:
            return False

    def settle(self, good: Sequence[int], bad: Sequence[Any]) -> None:
        """Mark the snapshots a full replay confirmed, and delete those it contradicted."""
        now = datetime.now(timezone.utc).isoformat(timespec="seconds")
        with self._transaction():
            self._db.executemany("DELETE FROM snapshots WHERE session_id = ? AND seq = ?",
                                 [(self._id, seq) for seq in bad])
            self._db.executemany("UPDATE snapshots SET verified = ? WHERE session_id = ? AND seq = ?",
                                 [(now, self._id, seq) for seq in good])

    @contextmanager
    def _transaction(self) -> Iterator[None]:
        self._db.execute("BEGIN IMMEDIATE")
        try:
            yield
        except BaseException:
            self._db.execute("ROLLBACK")
            raise
        self._db.execute("COMMIT")

    def _row(self, snap: Snapshot, *, with_stacks: bool) -> tuple:
        state = self._codec.dumps(snap.state)
        # never store what would not read back as the very same state
        if self._codec.loads(state) != snap.state:
            raise statecodec.CodecError("the state does not survive its encoding")
        if with_stacks:
            undo, redo = snap.stacks()
            stacks: str | None = json.dumps({"undo": undo.runs(), "redo": redo.runs()})
        else:
            stacks = None
        body = (self._id, snap.seq, snap.depth, snap.top, self.engine, snap.prefix, state)
        return (*body, stacks, _digest(body, stacks))

    def _checked(self, row: tuple, *, with_stacks: bool, decode: bool = True) -> tuple[Snapshot | None, str]:
        """The row as a Snapshot once every check passes, else (None, what is wrong); with
        ``decode`` False its state is left unread (None) for the caller to check itself."""
        seq, depth, top, prefix, state, stacks, digest = row
        wrong = _wrong_types(seq, depth, top, prefix, state, stacks if with_stacks else "", digest)
        if wrong:
            return None, wrong
        body = (self._id, seq, depth, top, self.engine, prefix, state)
        if (digest if with_stacks else digest[:64]) != _digest(body, stacks if with_stacks else None):
            return None, "its digest does not match its contents"
        # A snapshot's claims are bounded by its own log: a row claiming more (a doctored
        # backup's undo history of 10^30 events) is damage, said, and never expanded.
        if depth > seq:
            return None, f"its depth claims more actions than the {seq:,} events it covers ({depth:,})"
        if top > seq:
            return None, f"its top claims event {top:,}, past the {seq:,} events it covers"
        try:
            snap = Snapshot(seq, depth, top, prefix, self._codec.loads(state) if decode else None)
            if with_stacks:
                parsed = json.loads(stacks)
                snap.undo, snap.redo = RunStack.from_runs(parsed["undo"]), RunStack.from_runs(parsed["redo"])
        except statecodec.CodecError as exc:
            return None, f"its state is not one of this game's: {exc}"
        except (ValueError, TypeError, KeyError, RecursionError):
            return None, "its undo and redo stacks are not runs of event numbers"
        for name, stack in (("undo", snap.undo), ("redo", snap.redo)):
            if stack is not None and not stack.within(seq):
                return None, f"its {name} stack claims more events than the {seq:,} it covers"
        if snap.undo is not None and (len(snap.undo) != depth or (snap.undo[-1] if depth else 0) != top):
            return None, "its undo stack does not agree with its depth"
        return snap, ""


def damaged(db: sqlite3.Connection, schema: int) -> list[tuple[int, str, str]]:
    """(game id, kind, why) of each game whose newest checkpoint of these rules fails the
    checks the app makes when it opens the game (:meth:`Snapshots.latest`), so a command
    that works on the file without opening its games (`companion import`) says what the app
    and `companion doctor` would; a file whose snapshots cannot be listed gives none here
    (doctor says why)."""
    try:
        games = db.execute("SELECT DISTINCT s.id, s.kind FROM sessions s JOIN snapshots p ON p.session_id = s.id "
                           "WHERE p.stacks IS NOT NULL ORDER BY s.id").fetchall()
    except sqlite3.DatabaseError:
        return []
    found = []
    for sid, kind in games:
        if kind not in GAMES:
            continue  # a damaged sessions row: said where that game is opened
        saved = Snapshots(db, sid, kind, schema)
        saved.latest()
        if saved.problem:
            found.append((sid, kind, saved.problem))
    return found


class ReadOnly:
    """A game's proved snapshots as checkpoints to start from, never written: for reading a
    log (which must not change the file), and for a game whose newest checkpoint failed its
    checks (left as it is for `companion doctor` to report)."""

    def __init__(self, saved: Snapshots) -> None:
        self._saved = saved

    def below(self, depth: int, floor: int) -> Iterator[Snapshot]:
        return self._saved.below(depth, floor)

    def save(self, _snaps: Sequence[Snapshot]) -> None:
        pass


def _wrong_types(seq: Any, depth: Any, top: Any, prefix: Any, state: Any, stacks: Any, digest: Any) -> str:
    """What is not as the companion writes it in a row's columns, or ""."""
    for name, value in (("seq", seq), ("depth", depth), ("top", top)):
        if not isinstance(value, int) or isinstance(value, bool) or value < 0:
            return f"its {name} column holds {_said(value)}, not an event count"
    for name, value, most in (("prefix", prefix, 64), ("digest", digest, 129), ("state", state, STATE_CHARS),
                              ("stacks", stacks, STACKS_CHARS)):
        if not isinstance(value, str):
            return f"its {name} column holds {_said(value)}, not text"
        if len(value) > most:
            return f"its {name} column is {len(value):,} characters long, more than a snapshot holds"
    return ""


def _said(value: Any) -> str:
    if isinstance(value, (bytes, bytearray)):
        return f"binary data ({len(value)} bytes)"
    text = repr(value)
    return text if len(text) <= 40 else text[:37] + "..."


def _digest(body: Iterable[Any], stacks: str | None) -> str:
    digest = hashlib.sha256(json.dumps(list(body)).encode()).hexdigest()
    return digest if stacks is None else f"{digest}:{hashlib.sha256(stacks.encode()).hexdigest()}"
