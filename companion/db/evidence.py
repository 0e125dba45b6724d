"""Which release wrote an old game, from the other games of its file.

A game stored without its rules' version is replayed under the version its own log settles
(:func:`companion.db.versions.choose`). A log that fits more than one (the last card of an
unfinished Rapid City game, an unfinished Spurs or Bountytown game that met no changed
ruling) leaves the question to the file: its games were written one after another by the
releases a table ran, and a table only ever upgrades. So the other games stored without a
version, those whose logs do settle theirs, say which releases wrote the file and when (in
the order of their ids, which SQLite gives out in the order the games were started): a
game started after one a release of 2026-12-02 wrote was written by such a release too,
and one started before a game the first release wrote, by the first release. Within
these bounds, the release that wrote the settled games just before it is taken, else that
of those just after it (:func:`lean`): a table plays on with the release it has.

Nothing here is a date or the file's schema number, neither of which says which release
wrote a file (the first release wrote schema 1, and so did seven releases of 2026-12-02;
a table's clock may be anything). Nothing is written: the rows are read, never changed.
"""

from __future__ import annotations

import sqlite3
from dataclasses import dataclass
from typing import Any, Iterable, Iterator, Mapping

from companion.db.rows import RowDamage, event_action, session_fields
from companion.db.runstack import RunStack
from companion.db.timeline import step
from companion.db.versions import candidates, recorded, same_result, under
from companion.games import engine_for

#: the version of each game's rules each release played before games recorded theirs,
#: oldest release first: the first (3082ac1, 2026-11-30); the rulings of Spurs and Rapid
#: City (8e65a64, 2026-12-02); Bountytown's R-B7 and R-B8 as well (d5cb5c4, 2026-12-02, and
#: every release after it until versions were recorded, 2026-12-06)
RELEASES: tuple[Mapping[str, int], ...] = (
    {"spurs": 1, "bountytown": 1, "rapidcity": 1, "scorepad": 1},
    {"spurs": 2, "bountytown": 1, "rapidcity": 2, "scorepad": 1},
    {"spurs": 2, "bountytown": 2, "rapidcity": 2, "scorepad": 1},
)


@dataclass(frozen=True)
class Log:
    """One session's row and the actions in effect at its last event."""

    kind: str
    settings: dict[str, Any]
    started: str
    result: dict[str, Any] | None
    actions: list[dict[str, Any]]
    #: the last event read
    seq: int


def read_log(db: sqlite3.Connection, session_id: int) -> Log:
    """The session's row and the actions in effect at its last event, undone ones left out
    as the store leaves them out (:func:`companion.db.timeline.step`). A damaged row raises
    :class:`RowDamage`."""
    row = db.execute("SELECT id, kind, settings, started, finished, result FROM sessions WHERE id = ?",
                     (session_id,)).fetchone()
    if row is None:
        raise RowDamage(f"there is no game session {session_id}")
    kind, settings, started, _finished, result = session_fields(row)
    found: dict[int, dict[str, Any]] = {}
    undo, redo = RunStack(), RunStack()
    seq = 0
    for seq, (number, event, text) in enumerate(
            db.execute("SELECT seq, kind, action FROM events WHERE session_id = ? ORDER BY seq", (session_id,)), 1):
        action = event_action(seq, number, event, text)
        if action is not None:
            found[seq] = action
        if (event == "undo" and not undo) or (event == "redo" and not redo):
            raise RowDamage(f"event {seq} is an {event} with nothing to {event}")
        step(undo, redo, seq, event)
    return Log(kind, settings, started, result, [found[s] for s in undo], seq)


def settles(log: Log) -> frozenset[int]:
    """The versions, of those a game stored without one may have been played under, whose
    replay accepts the log and gives the result it stored (failing any, those that accept
    it): all of them when the log does not tell them apart."""
    engine = engine_for(log.kind)
    accepted, fitting = set(), set()
    for version in candidates(engine, log.settings):
        try:
            state = engine.initial_state(under(log.settings, version))
            for action in log.actions:
                state = engine.apply(state, action)
        except Exception:  # noqa: BLE001 - a log from disk this version refuses
            continue
        accepted.add(version)
        if same_result(engine, state, log.result):
            fitting.add(version)
    return frozenset(fitting or accepted)


def lean(kind: str, earlier: Iterable[tuple[str, frozenset[int]]],
         later: Iterable[tuple[str, frozenset[int]]]) -> int | None:
    """The version of ``kind``'s rules the file's other games say a game was played under,
    or None where they do not say. ``earlier`` and ``later``: (kind, the versions its log
    settles) of the file's other games stored without a version, started before the game
    (the last first) and after it (the next first).

    Each settled game was written by one of the releases (:data:`RELEASES`) that played its
    kind under a version it settles. The games just before this one are taken as written by
    the release that wrote it (a table plays on with the release it has): the releases all
    of them may have been written by, back to the first game that none of those could have
    written (there the table had upgraded). Failing a version there, the games just after it
    likewise. Failing that, the bounds they set (a table only upgrades: a game started
    earlier was written by the same release or an older one, a game started later by the
    same or a newer one)."""
    low, high = 0, len(RELEASES) - 1
    for after, games in ((False, earlier), (True, later)):
        run = set(range(low, high + 1))
        for other, versions in games:
            wrote = {n for n, played in enumerate(RELEASES) if played.get(other) in versions}
            if not wrote or len(wrote) == len(RELEASES):
                continue  # a kind every release played alike, or a log that settles nothing
            if not run & wrote:
                break  # the table upgraded (or went back) between that game and the nearer ones
            run &= wrote
            if (found := _only(kind, run)) is not None:
                return found
        low, high = (low, max(run)) if after else (min(run), high)
    return _only(kind, range(low, high + 1))


def _only(kind: str, releases: Iterable[int]) -> int | None:
    """The version of ``kind`` those releases played, when they all played one."""
    played = {RELEASES[n].get(kind) for n in releases}
    return played.pop() if len(played) == 1 and None not in played else None


class FileEvidence:
    """A file's games stored without a version, as evidence of which release wrote each of
    them (:func:`lean`). What each game's log settles is kept while its log stays as it was
    (its last event), so asking for every game of a file replays each one once."""

    def __init__(self, db: sqlite3.Connection) -> None:
        self._db = db
        self._settled: dict[int, tuple[int, frozenset[int]]] = {}

    def lean(self, session_id: int, kind: str) -> int | None:
        """:func:`lean` for game ``session_id`` (of ``kind``), from the file as it is now;
        None where its list of games cannot be read (doctor and the store say why)."""
        try:
            return lean(kind, self._others(session_id, "<", "DESC"), self._others(session_id, ">", "ASC"))
        except sqlite3.DatabaseError:
            return None

    def _others(self, session_id: int, side: str, order: str) -> Iterator[tuple[str, frozenset[int]]]:
        """(kind, the versions its log settles) of the games stored without a version before
        (``<``) or after (``>``) game ``session_id``, the nearest first; one whose rows are
        damaged is passed over (said where that game is opened)."""
        rows = self._db.execute(f"SELECT id, kind, settings, started, finished, result FROM sessions "
                                f"WHERE id {side} ? ORDER BY id {order}", (session_id,))
        for row in rows.fetchall():
            try:
                kind, settings, *_ = session_fields(row)
                if kind in RELEASES[0] and not recorded(settings):
                    yield kind, self._settles(row[0])
            except (RowDamage, sqlite3.DatabaseError):  # e.g. an event's text that is not UTF-8
                continue

    def _settles(self, session_id: int) -> frozenset[int]:
        """The versions the log of a game stored without one settles, worked out once for
        each last event it has."""
        log = read_log(self._db, session_id)
        kept = self._settled.get(session_id)
        if kept is None or kept[0] != log.seq:
            kept = self._settled[session_id] = (log.seq, settles(log))
        return kept[1]
