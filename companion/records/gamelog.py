"""One game's whole log in plain words, told a page at a time, however long the game.

Every logged event becomes a line (:class:`LogLine`): an action as its game's story tells
it (:mod:`companion.records.story`), an undo as "undone: " and the action it took back, a redo as
"redone: " and the action. The states a sentence is told from come from the store's own
replay (:class:`companion.db.timeline.Timeline` and the game's snapshots), never from a second
copy of the rules.

A 50,000-action game is never replayed whole to show a screenful: a page of :data:`PAGE`
events is told when it is first asked for, from the state at its start. Reading on from
the page before carries on the same replay; a page further off starts from a mark, the
undo and redo stacks at a page boundary, which a walk through the log's event kinds
records (cheap: no rule is applied), and its state is rebuilt from the nearest snapshot.
Reading a log writes nothing: snapshots are read, never saved.
"""

from __future__ import annotations

from collections import OrderedDict
from dataclasses import dataclass
from typing import Any

from companion.db import snapshots
from companion.records import story
from companion.db.rows import EVENT_KINDS, LEFT_ALONE, RowDamage, event_action, game_name, session_fields
from companion.intake.errors import StoreError
from companion.games import engine_for
from companion.db.runstack import RunStack
from companion.db.snapshots import ReadOnly, Snapshot, Snapshots
from companion.db.schema import SCHEMA_VERSION
from companion.db.store import SessionInfo, Store
from companion.db.versions import under
from companion.records.oldrules import version_played
from companion.db.timeline import Timeline, action_loader, step

#: events told at a time: one snapshot interval, so a page's start is near a checkpoint
PAGE = snapshots.EVERY
#: told pages kept (an LRU): a screenful back and forth never tells a page twice
KEPT_PAGES = 32
#: a mark (the stacks where a page starts) is kept every this many pages, and where a jump
#: landed: a mark's stacks grow with the game, so one per page would too (~20 MB at 50,000
#: actions with an undo every 50); a page between marks walks at most this many pages
MARK_EVERY = 10


@dataclass(frozen=True)
class LogLine:
    """One event of the log: its number, when it was logged, do/undo/redo, and the words."""

    seq: int
    at: str
    kind: str
    text: str


class GameLog:
    """The log of one game, in words. ``len()`` is its number of events; :meth:`line` tells one."""

    def __init__(self, store: Store, session_id: int) -> None:
        self._db = store._db  # noqa: SLF001 - a reader of the store's own tables, like the timeline
        row = self._db.execute("SELECT id, kind, settings, started, finished, result FROM sessions WHERE id = ?",
                               (session_id,)).fetchone()
        if row is None:
            raise StoreError(f"no game session {session_id} in {store.path}")
        self.id = session_id
        try:
            info = SessionInfo(session_id, *session_fields(row))
            self.kind = info.kind
            self.engine = engine_for(self.kind)
            #: the version of its rules the game was played under: its log is told under them
            self.rules = version_played(store, info)
            initial = self.engine.initial_state(under(info.settings, self.rules))
        except Exception as exc:  # noqa: BLE001 - data from disk: any failure is damage to report
            raise StoreError(f"game session {session_id} ({game_name(row[1])}) in {store.path} cannot be told: "
                             f"{exc}. {LEFT_ALONE}") from None
        self._initial = initial
        self._saved = ReadOnly(Snapshots(self._db, session_id, self.kind, SCHEMA_VERSION))
        self._actions = action_loader(self._db, session_id)
        # events are numbered 1..n (a gap is damage, said where it is): the last number is the count
        last = self._db.execute("SELECT max(seq) FROM events WHERE session_id = ?", (session_id,)).fetchone()[0]
        self.count = last if isinstance(last, int) and last > 0 else 0
        #: page number -> where that page starts: the stacks (the state only for the first page)
        self._marks: dict[int, Snapshot] = {0: Snapshot(0, 0, 0, "", initial, RunStack(), RunStack())}
        self._pages: OrderedDict[int, list[LogLine]] = OrderedDict()
        self._cursor: Timeline | None = None  # where the last page told ended
        self._broken: int | None = None  # the first event that would not replay

    def __len__(self) -> int:
        return self.count

    @property
    def pages(self) -> int:
        return -(-self.count // PAGE)

    def line(self, index: int) -> LogLine:
        """Event ``index`` (0 = the first) in words."""
        return self.page(index // PAGE)[index % PAGE]

    def page(self, number: int) -> list[LogLine]:
        """The lines of page ``number``, told now unless told lately."""
        if number in self._pages:
            self._pages.move_to_end(number)
            return self._pages[number]
        if not 0 <= number < max(1, self.pages):
            raise IndexError(f"the log has {self.pages} pages; no page {number}")
        lines = self._tell(number)
        self._pages[number] = lines
        if len(self._pages) > KEPT_PAGES:
            self._pages.popitem(last=False)
        return lines

    def action(self, seq: int) -> dict[str, Any]:
        """The action a 'do' event logged (for a screen that acts on a line: replaying a call)."""
        return self._actions([seq])[seq]

    # -- telling a page -----------------------------------------------------------------------

    def _tell(self, number: int) -> list[LogLine]:
        start, stop = number * PAGE, min(self.count, (number + 1) * PAGE)
        rows = self._db.execute("SELECT seq, kind, action, at FROM events WHERE session_id = ? AND seq > ? "
                                "AND seq <= ? ORDER BY seq", (self.id, start, stop)).fetchall()
        if self._broken is not None and self._broken <= start:
            return [self._untold(row) for row in rows]
        try:
            timeline = self._timeline_at(number)
        except Exception as exc:  # noqa: BLE001 - data from disk
            self._broken = start + 1
            return [LogLine(rows[0][0], str(rows[0][3]), str(rows[0][1]), self._damage(exc))] + [
                self._untold(row) for row in rows[1:]]
        lines = []
        for row in rows:
            if self._broken is not None:
                lines.append(self._untold(row))
                continue
            try:
                lines.append(self._line(timeline, *row))
            except Exception as exc:  # noqa: BLE001 - data from disk: said on its line, never a crash
                self._broken = row[0]
                lines.append(LogLine(row[0], str(row[3]), str(row[1]), self._damage(exc)))
        timeline.flush()  # drops the checkpoints it took (read-only: nothing is written)
        if self._broken is None:
            self._cursor = timeline
            self._mark(number + 1, timeline)
        return lines

    def _line(self, timeline: Timeline, seq: Any, kind: Any, text: Any, at: Any) -> LogLine:
        action = event_action(timeline.seq + 1, seq, kind, text)
        if kind == "do":
            before = timeline.state
            timeline.replay(seq, kind, text, action)
            assert action is not None, "a do event carries its action (event_action)"
            words = story.event(self.kind, kind, before, action, timeline.state)
        elif kind == "undo":
            if not timeline.undo:
                raise RowDamage("it undoes an action but there is none left to undo")
            action, after = timeline.action(timeline.undo[-1]), timeline.state
            timeline.replay(seq, kind, text, None)
            words = story.event(self.kind, kind, timeline.state, action, after)
        else:
            if not timeline.redo:
                raise RowDamage("it redoes an action but there is none to redo")
            action, before = timeline.action(timeline.redo[-1]), timeline.state
            timeline.replay(seq, kind, text, None)
            words = story.event(self.kind, kind, before, action, timeline.state)
        return LogLine(seq, at, kind, words)

    def _untold(self, row: tuple) -> LogLine:
        return LogLine(row[0], str(row[3]), str(row[1]),
                       f"not told: the log cannot be replayed past event {self._broken}")

    def _damage(self, exc: Exception) -> str:
        return f"this event cannot be replayed ({exc}); the game's log is told up to here"

    # -- where a page starts ---------------------------------------------------------------

    def _timeline_at(self, number: int) -> Timeline:
        """A replay standing at the start of page ``number``."""
        if self._cursor is not None and self._cursor.seq == number * PAGE:
            cursor, self._cursor = self._cursor, None  # it moves on with this page
            return cursor
        if number not in self._marks:
            self._walk_to(number)
        return self._from(self._marks[number])

    def _from(self, mark: Snapshot) -> Timeline:
        timeline = Timeline(self.engine, self._initial, self._actions, self._saved)
        undo, redo = mark.stacks()
        timeline.resume(Snapshot(mark.seq, mark.depth, mark.top, mark.prefix, mark.state, undo.copy(), redo.copy()))
        return timeline

    def _walk_to(self, number: int) -> None:
        """Follow the log from the nearest mark below page ``number`` to its start, marking
        each page boundary on the way. Only the stacks move (no rule is applied, no action
        read), so a mark's ``prefix`` is not the log's hash chain: marks are never saved.
        SQLite counts the events and lists only the undos and redos: the runs of actions
        between them are pushed whole, so a 50,000-event walk is a few hundred steps."""
        known = max(n for n in self._marks if n < number)
        mark = self._marks[known]
        undo, redo = (stack.copy() for stack in mark.stacks())
        start, stop = known * PAGE, number * PAGE
        span = (self.id, start, stop)
        found = self._db.execute("SELECT count(*), min(seq), max(seq) FROM events WHERE session_id = ? AND seq > ? "
                                 "AND seq <= ?", span).fetchone()
        if found != (stop - start, start + 1, stop):
            raise RowDamage(f"events {start + 1} to {stop} are not all in the log")
        at = start  # the last event walked

        def walked(seq: int) -> None:
            nonlocal at
            at = seq
            if at % PAGE == 0 and (at // PAGE % MARK_EVERY == 0 or at // PAGE == number):
                self._marks.setdefault(at // PAGE, Snapshot(at, len(undo), undo[-1] if undo else 0, "", None,
                                                            undo.copy(), redo.copy()))

        def actions_until(last: int) -> None:  # every event after `at` up to `last` did an action
            while at < last:
                end = min(last, (at // PAGE + 1) * PAGE)
                undo.extend(at + 1, end)
                redo.clear()
                walked(end)

        for seq, kind in self._db.execute("SELECT seq, kind FROM events WHERE session_id = ? AND seq > ? "
                                          "AND seq <= ? AND kind != 'do' ORDER BY seq", span):
            actions_until(seq - 1)
            if kind not in EVENT_KINDS or not (undo if kind == "undo" else redo):
                raise RowDamage(f"event {seq} is not a do, undo or redo the log allows")
            step(undo, redo, seq, kind)
            walked(seq)
        actions_until(stop)

    def _mark(self, number: int, timeline: Timeline) -> None:
        """Where page ``number`` starts, on every :data:`MARK_EVERY`-th page: the stacks
        only (a state per mark would grow with the game; the nearest snapshot rebuilds it)."""
        if number % MARK_EVERY:
            return
        undo = timeline.undo
        self._marks.setdefault(number, Snapshot(timeline.seq, len(undo), undo[-1] if undo else 0, timeline.prefix,
                                                None, undo.copy(), timeline.redo.copy()))
