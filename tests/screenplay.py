"""Screen models driven at engine speed: a game session kept in memory, and taps played
on a model the way the Kivy screen plays them (tap, then :func:`companion.contracts.screen.taken`:
the save made in the session, the model reading it back)."""

from __future__ import annotations

import json
import sys
from collections import Counter
from dataclasses import replace
from typing import Any, Mapping

from companion.contracts.engine import Engine, RuleError, dumps
from companion.contracts.screen import ScreenModel, Step, taken


def canonical(action: Mapping[str, Any]) -> dict[str, Any]:
    """The action as the store replays it (its JSON read back): a tuple becomes a list."""
    read: dict[str, Any] = json.loads(dumps(action))
    return read


class Table:
    """The store's game session without a disk (:class:`companion.contracts.screen.History`): do, undo
    and redo over the engine, each applying it as the store does (a do and a redo once, an
    undo not at all: the states in effect are kept), each one event (``events``: their kinds)."""

    def __init__(self, engine: Engine, settings: Mapping[str, Any] | None = None, *, state: Any = None) -> None:
        """A new game from ``settings``, or one already at ``state``."""
        self.engine = engine
        self.states = [engine.initial_state(settings or {}) if state is None else state]
        self.actions: list[dict[str, Any]] = []
        self.undone: list[dict[str, Any]] = []
        self.events: list[str] = []

    @property
    def seq(self) -> int:
        return len(self.events)

    @property
    def state(self) -> Any:
        return self.states[-1]

    @property
    def can_undo(self) -> bool:
        return len(self.states) > 1

    @property
    def can_redo(self) -> bool:
        return bool(self.undone)

    def do(self, action: Mapping[str, Any]) -> Any:
        read = canonical(action)
        self.states.append(self.engine.apply(self.state, read))
        self.actions.append(read)
        self.undone.clear()
        self.events.append("do")
        return self.state

    def undo(self) -> Any:
        if not self.can_undo:
            raise RuleError("undo", "there is nothing to undo")
        self.states.pop()
        self.undone.append(self.actions.pop())
        self.events.append("undo")
        return self.state

    def redo(self) -> Any:
        if not self.can_redo:
            raise RuleError("redo", "there is nothing to redo")
        self.states.append(self.engine.apply(self.state, self.undone[-1]))
        self.actions.append(self.undone.pop())
        self.events.append("redo")
        return self.state


def played(model: ScreenModel, table: Table, key: str, *args: Any) -> ScreenModel:
    """One tap, saved and read back as the screen does it."""
    return taken(model, model.tap(key, *args), table).model


def checked_tap(model: ScreenModel, table: Table, tap: tuple[Any, ...]) -> tuple[ScreenModel, Step]:
    """One tap played as the screen plays it, checked: a key the page does not offer
    changes nothing. The model after it and the tap's step, as saved (a save the store
    refused is none)."""
    step = model.tap(*tap)
    if tap[0] not in model.enabled():
        assert step.model == model and step.save is None, tap
    done = taken(model, step, table)
    return done.model, done


def reread(model: ScreenModel, table: Table) -> ScreenModel:
    """The model as the screen opens it again on ``table`` after actions it did not see (a
    test's set-up): the table's state, at the first page."""
    state = table.state
    return replace(model, state=state, flow=model.settled(model.first_flow(state), state), message="", news="",
                   can_undo=table.can_undo, can_redo=table.can_redo, seq=table.seq, past=(), future=())


class Applies:
    """Every call of ``engine``'s ``apply`` from now on (pytest's ``monkeypatch`` wraps it),
    counted by the function that made it ("module.Class.function"): ``made`` those that gave
    a state, ``refused`` those the rules refused."""

    def __init__(self, monkeypatch: Any, engine: Engine) -> None:
        self.made: Counter[str] = Counter()
        self.refused: Counter[str] = Counter()
        apply = engine.apply

        def counted(state: Any, action: Mapping[str, Any]) -> Any:
            caller = sys._getframe(1)
            where = f"{caller.f_globals['__name__']}.{caller.f_code.co_qualname}"
            try:
                after = apply(state, action)
            except RuleError:
                self.refused[where] += 1
                raise
            self.made[where] += 1
            return after

        monkeypatch.setattr(engine, "apply", counted)
