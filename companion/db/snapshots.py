"""Checkpoints of a game's state, so opening a long game does not replay its whole log.

The event log stays the truth; a snapshot is a cache of what replaying it gives, and is
only used when it provably summarises the log as it is now:

- ``engine`` is a fingerprint of the rules' source code, the state encoding and the store
  schema: after an upgrade that could change what a replay gives, older snapshots are
  ignored (and dropped at the next write), and the game is replayed from the log.
- ``prefix`` chains a SHA-256 over every event up to ``seq``; ``digest`` covers the whole
  row, so a damaged row is never decoded into a state.
- ``companion doctor`` replays each game from its first event and compares every snapshot
  with the replay (:meth:`Snapshots.matches`): one that differs is deleted, never trusted.

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
from importlib import import_module
from pathlib import Path
from typing import Any, Iterable, Iterator, Sequence

from companion.db import statecodec
from companion import engine as engine_module
from companion.games import game
from companion.db.runstack import RunStack

#: events between two snapshots: the most a resume replays, and the most an undo replays
EVERY = 100

TABLE = """
CREATE TABLE snapshots (
    session_id INTEGER NOT NULL REFERENCES sessions(id),
    seq        INTEGER NOT NULL,  -- the last event summarised
    depth      INTEGER NOT NULL,  -- actions in effect at that point
    top        INTEGER NOT NULL,  -- seq of the 'do' event of the action on top (0: none)
    engine     TEXT NOT NULL,     -- fingerprint of the rules, the encoding and the schema
    prefix     TEXT NOT NULL,     -- SHA-256 chain over events 1..seq
    state      TEXT NOT NULL,     -- the state, in companion.db.statecodec's typed JSON
    stacks     TEXT,              -- {"undo": runs, "redo": runs} on the newest row only
    digest     TEXT NOT NULL,     -- SHA-256 of the columns above but stacks [":" SHA-256 of stacks]
    verified   TEXT,              -- when a full replay last confirmed it
    PRIMARY KEY (session_id, seq)
) WITHOUT ROWID;
"""

GENESIS = "0" * 64
#: modules in a game's package that only put the log into words (companion.records.story): new
#: wording must not discard every snapshot, as a change to the rules rightly does
TOLD_ONLY = ("story.py",)


def link(prefix: str, seq: int, kind: str, action: str | None) -> str:
    """The chain hash after one more event: it changes if any earlier event changes."""
    return hashlib.sha256(f"{prefix}\n{seq}\n{kind}\n{action or ''}".encode()).hexdigest()


@cache
def fingerprint(kind: str, schema: int) -> str:
    """A hash of the source of the game's rules (its package, or its module for a one-file
    game, and companion/engine.py), the state encoding and the store schema."""
    module = import_module(game(kind).engine.partition(":")[0])
    source = Path(module.__file__)
    files = sorted(p for p in source.parent.glob("*.py") if p.name not in TOLD_ONLY) \
        if module.__package__ != "companion" else [source]
    files.append(Path(engine_module.__file__))  # the seeded draws every game's rules use
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


class Snapshots:
    """The snapshot rows of one game, read and written on the store's connection."""

    def __init__(self, db: sqlite3.Connection, session_id: int, kind: str, schema: int) -> None:
        self._db = db
        self._id = session_id
        self.engine = fingerprint(kind, schema)

    def latest(self) -> Snapshot | None:
        """The newest usable snapshot with its stacks, or None (then the log is replayed)."""
        row = self._db.execute(
            "SELECT seq, depth, top, prefix, state, stacks, digest FROM snapshots "
            "WHERE session_id = ? AND engine = ? AND stacks IS NOT NULL ORDER BY seq DESC LIMIT 1",
            (self._id, self.engine)).fetchone()
        return None if row is None else self._decoded(row)

    def below(self, depth: int, floor: int) -> Iterator[Snapshot]:
        """Snapshots with ``floor < depth' <= depth`` actions in effect, deepest first
        (the caller checks which of them lie on the game's current line)."""
        rows = self._db.execute(
            "SELECT seq, depth, top, prefix, state, NULL, digest FROM snapshots "
            "WHERE session_id = ? AND engine = ? AND depth <= ? AND depth > ? ORDER BY depth DESC, seq DESC",
            (self._id, self.engine, depth, floor)).fetchall()
        for row in rows:
            snap = self._decoded(row, check_stacks=False)
            if snap is not None:
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

    def rows(self) -> dict[int, tuple]:
        """Every snapshot row of the game by event number, for :meth:`matches`."""
        return {row[0]: row for row in self._db.execute(
            "SELECT seq, depth, top, engine, prefix, state, stacks FROM snapshots WHERE session_id = ?", (self._id,))}

    def matches(self, row: tuple, replay: Any) -> bool:
        """Whether a stored row (from :meth:`rows`) says what a replay of the log (a
        :class:`companion.db.timeline.Timeline`) says at the same event."""
        _seq, depth, top, engine, stored_prefix, text, stacks = row
        prefix, undo, redo = replay.prefix, replay.undo, replay.redo
        if (engine, stored_prefix, depth, top) != (self.engine, prefix, len(undo), undo[-1] if undo else 0):
            return False
        try:
            if stacks is not None and json.loads(stacks) != {"undo": undo.runs(), "redo": redo.runs()}:
                return False
            return statecodec.loads(text) == replay.state
        except ValueError:  # CodecError is one too: damaged text
            return False

    def settle(self, good: Sequence[int], bad: Sequence[int]) -> None:
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
        state = statecodec.dumps(snap.state)
        # never store what would not read back as the very same state
        if statecodec.loads(state) != snap.state:
            raise statecodec.CodecError("the state does not survive its encoding")
        stacks = json.dumps({"undo": snap.undo.runs(), "redo": snap.redo.runs()}) if with_stacks else None
        body = (self._id, snap.seq, snap.depth, snap.top, self.engine, snap.prefix, state)
        return (*body, stacks, _digest(body, stacks))

    def _decoded(self, row: tuple, *, check_stacks: bool = True) -> Snapshot | None:
        seq, depth, top, prefix, state, stacks, digest = row
        body = (self._id, seq, depth, top, self.engine, prefix, state)
        expected = _digest(body, stacks if check_stacks else None)
        if (digest if check_stacks else digest[:64]) != expected:
            return None
        try:
            snap = Snapshot(seq, depth, top, prefix, statecodec.loads(state))
            if check_stacks:
                parsed = json.loads(stacks)
                snap.undo, snap.redo = RunStack.from_runs(parsed["undo"]), RunStack.from_runs(parsed["redo"])
                if len(snap.undo) != depth or (depth and snap.undo[-1] != top):
                    return None
        except (statecodec.CodecError, ValueError, KeyError, TypeError):
            return None
        return snap


def _digest(body: Iterable[Any], stacks: str | None) -> str:
    digest = hashlib.sha256(json.dumps(list(body)).encode()).hexdigest()
    return digest if stacks is None else f"{digest}:{hashlib.sha256(stacks.encode()).hexdigest()}"
