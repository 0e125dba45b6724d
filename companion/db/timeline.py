"""Which logged actions are in effect, which can be redone, and the state they lead to.

Keeping every intermediate state made undo a pop but cost ~1.4 KB and a few hundred live
objects per action, so a 50,000-action game took seconds to open and long GC pauses. Here
the undo and redo stacks are runs of event numbers (:class:`RunStack`: memory per undo,
not per action), the state is kept only for now and at a few checkpoints, and
any earlier state is rebuilt from the nearest checkpoint below it by applying the logged
actions in between (at most :data:`companion.db.snapshots.EVERY` of them, or the distance
to the nearest snapshot in the database): undo stays exact however far back it goes.

A checkpoint is named by its depth (actions in effect) and the event number of the action
on top. That pair names one line of play: below an action the stack is always the one it
was first done on (a redo only follows undos, and any new action clears the redo stack),
so a checkpoint applies whenever the current stack holds that event at that depth.
"""

from __future__ import annotations

import json
import sqlite3
from bisect import bisect_right, insort
from collections import OrderedDict
from typing import Any, Callable, Sequence

from companion.db import snapshots
from companion.db.rows import RowDamage
from companion.contracts.engine import Engine
from companion.db.runstack import RunStack
from companion.db.snapshots import ReadOnly, Snapshot, Snapshots, event_bytes, new_chain
from companion.db.statecodec import CodecError

#: states kept in memory besides the current one and the initial one: the latest
#: checkpoints and the states just before now, so a run of undos rarely replays anything
CACHED = 128

ActionLoader = Callable[[Sequence[int]], dict[int, dict[str, Any]]]


class Timeline:
    """The undo/redo stacks of one game and its current state. ``saved`` is where
    checkpoints are saved and found; without it (a checking replay) every checkpoint
    stays in memory and nothing is written."""

    def __init__(self, engine: Engine, initial: Any, actions: ActionLoader,
                 saved: Snapshots | ReadOnly | None) -> None:
        self.engine = engine
        self.undo = RunStack()  # seq of the 'do' event of each action in effect, oldest first
        self.redo = RunStack()  # seq of the 'do' event of each undone action, next redo last
        self.seq = 0
        self._chain: Any = new_chain()  # the hash over the events so far; None: not known
        self._initial = initial
        self._state: Any = initial  # None while it is not needed yet (after an undo in replay)
        self._actions = actions
        self._snapshots = saved
        self._cache: OrderedDict[tuple[int, int], Any] = OrderedDict()
        #: a checking replay's checkpoints (it has no saved ones to fall back on): depth ->
        #: top -> state, and the depths in order, so the nearest is found without a scan
        self._kept: dict[int, dict[int, Any]] = {}
        self._kept_depths: list[int] = []
        self._pending: list[Snapshot] = []
        self._since = 0

    # -- where the game stands --------------------------------------------------------

    @property
    def prefix(self) -> str:
        """The hash over events 1..seq (:func:`companion.db.snapshots.event_bytes`); "" when
        the timeline was resumed without it (a log being read from its middle)."""
        return self._chain.hexdigest() if self._chain is not None else ""

    @property
    def state(self) -> Any:
        if self._state is None:
            self._state = self.state_at(len(self.undo))
        return self._state

    def state_at(self, depth: int) -> Any:
        """The state with the first ``depth`` actions of the undo stack in effect."""
        if depth == len(self.undo) and self._state is not None:
            return self._state
        base_depth, state = self._nearest(depth)
        seqs = self.undo.between(base_depth, depth)
        actions = self._actions(seqs)
        for at, seq in enumerate(seqs, base_depth + 1):
            state = self.engine.apply(state, actions[seq])
            self._remember(at, seq, state, recent=True)  # the next undos find them here
        return state

    def action(self, seq: int) -> dict[str, Any]:
        return self._actions([seq])[seq]

    def actions_in_effect(self) -> list[dict[str, Any]]:
        seqs = list(self.undo)
        found = self._actions(seqs)
        return [found[seq] for seq in seqs]

    def resume(self, snap: Snapshot, chain: Any = None) -> None:
        """Start from a snapshot instead of the first event; ``chain`` is the hash over the
        events it covers (:meth:`companion.db.snapshots.Snapshots.latest`), without which no
        checkpoint can be saved. A snapshot whose state is None (a log being read from its
        middle, companion.records.gamelog) has it rebuilt from the nearest checkpoint when it
        is first needed."""
        self.undo, self.redo = snap.stacks()
        self.seq, self._chain, self._state = snap.seq, chain, snap.state
        if snap.state is not None:
            self._remember(snap.depth, snap.top, snap.state)

    # -- moving on: live (the caller computed the state) or replaying the log ----------

    def advance(self, seq: int, kind: str, action: str | None, after: Any) -> None:
        """Book event ``seq`` whose resulting state is ``after`` (None: work it out later)."""
        step(self.undo, self.redo, seq, kind)
        self._state = after
        self.seq = seq
        if self._chain is not None:
            self._chain.update(event_bytes(kind, action))
        self._since += 1
        if after is not None:
            if self._since >= snapshots.EVERY:
                self._checkpoint()
            else:
                self._remember(len(self.undo), self.undo.top if self.undo else 0, after, recent=True)

    def replay(self, seq: int, kind: str, text: str | None, action: dict[str, Any] | None) -> None:
        """Book one logged event (``action`` is ``text`` decoded). Raises RuleError or
        RowDamage (both ValueErrors) when the log does not replay."""
        if kind == "do":
            assert action is not None, "a do event carries its action (event_action)"
            after = self.engine.apply(self.state, action)
        elif kind == "undo":
            if not self.undo:
                raise RowDamage("it undoes an action but there is none left to undo")
            after = None
        elif kind == "redo":
            if not self.redo:
                raise RowDamage("it redoes an action but there is none to redo")
            after = self.engine.apply(self.state, self.action(self.redo[-1]))
        else:
            raise ValueError(f"unknown event kind {kind!r}")
        self.advance(seq, kind, text, after)

    # -- checkpoints ------------------------------------------------------------------

    def flush(self) -> None:
        """Save the checkpoints taken since the last flush; the newest also gets the
        stacks. A disk that refuses, or a state that cannot be encoded, only means the
        next open replays more of the log: the actions themselves are already saved."""
        if not self._pending or self._snapshots is None or self._chain is None:
            self._pending = []
            return
        if self._pending[-1].seq != self.seq:
            self._pending.append(self._snapshot())
        head = self._pending[-1]
        head.undo, head.redo = self.undo.copy(), self.redo.copy()
        try:
            self._snapshots.save(self._pending)
        except (sqlite3.Error, CodecError):
            pass
        self._pending = []

    def _checkpoint(self) -> None:
        snap = self._snapshot()
        self._remember(snap.depth, snap.top, snap.state)
        if self._snapshots is not None:
            self._pending.append(snap)
        self._since = 0

    def _snapshot(self) -> Snapshot:
        return Snapshot(self.seq, len(self.undo), self.undo[-1] if self.undo else 0, self.prefix, self.state)

    def _remember(self, depth: int, top: int, state: Any, *, recent: bool = False) -> None:
        """Keep a state for later undos: the most recent :data:`CACHED` of them, and in a
        checking replay every checkpoint too (it has no saved ones; a checkpoint is one
        state per :data:`companion.db.snapshots.EVERY` events, never every state)."""
        if self._snapshots is None and not recent:
            if depth not in self._kept:
                insort(self._kept_depths, depth)
            self._kept.setdefault(depth, {})[top] = state
            return
        self._cache[(depth, top)] = state
        self._cache.move_to_end((depth, top))
        if len(self._cache) > CACHED:
            self._cache.popitem(last=False)

    def _on_line(self, depth: int, top: int) -> bool:
        return depth == 0 or (depth <= len(self.undo) and self.undo[depth - 1] == top)

    def _nearest(self, depth: int) -> tuple[int, Any]:
        """The deepest known state at or below ``depth`` on the current line."""
        if depth and (exact := self._cache.get((depth, self.undo[depth - 1]))) is not None:
            return depth, exact  # an undo's state was usually kept when it was first reached
        best = (0, self._initial)
        for (d, top), state in self._cache.items():
            if best[0] < d <= depth and self._on_line(d, top):
                best = (d, state)
        for d in reversed(self._kept_depths[:bisect_right(self._kept_depths, depth)]):
            if d <= best[0]:
                break
            on_line = [state for top, state in self._kept[d].items() if self._on_line(d, top)]
            if on_line:
                best = (d, on_line[0])
                break
        if self._snapshots is not None and depth - best[0] > snapshots.EVERY:
            for snap in self._snapshots.below(depth, best[0]):
                if self._on_line(snap.depth, snap.top):
                    self._remember(snap.depth, snap.top, snap.state)
                    return snap.depth, snap.state
        return best


def step(undo: RunStack, redo: RunStack, seq: int, kind: str) -> None:
    """Move the undo and redo stacks past event ``seq`` (a do, an undo or a redo)."""
    if kind == "do":
        undo.append(seq)
        redo.clear()
    elif kind == "undo":
        redo.append(undo.pop())
    else:
        undo.append(redo.pop())


def action_loader(db: sqlite3.Connection, session_id: int) -> ActionLoader:
    """Reads logged actions by event number (the 'do' events that introduced them)."""

    def load(seqs: Sequence[int]) -> dict[int, dict[str, Any]]:
        found: dict[int, dict[str, Any]] = {}
        wanted = list(seqs)
        for start in range(0, len(wanted), 500):  # SQLite's default limit is 999 parameters
            chunk = wanted[start:start + 500]
            found.update((seq, json.loads(text)) for seq, text in db.execute(
                f"SELECT seq, action FROM events WHERE session_id = ? AND kind = 'do' AND seq IN "
                f"({','.join('?' * len(chunk))})", (session_id, *chunk)))
        if len(found) != len(set(wanted)):
            raise ValueError(f"the log lacks the actions of events {sorted(set(wanted) - set(found))[:3]}")
        return found

    return load
