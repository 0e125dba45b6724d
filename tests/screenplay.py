"""Screen models driven at engine speed: a game session kept in memory, and taps played
on a model the way the Kivy screen plays them (tap, save what the step says, sync)."""

from __future__ import annotations

from typing import Any, Mapping

from companion.engine import Engine, RuleError
from companion.screen import ScreenModel, Step, canonical


class Table:
    """The store's game session without a disk: do, undo and redo over the engine."""

    def __init__(self, engine: Engine, settings: Mapping[str, Any]) -> None:
        self.engine = engine
        self.states = [engine.initial_state(settings)]
        self.actions: list[dict[str, Any]] = []
        self.undone: list[dict[str, Any]] = []

    @property
    def state(self) -> Any:
        return self.states[-1]

    @property
    def can_undo(self) -> bool:
        return len(self.states) > 1

    @property
    def can_redo(self) -> bool:
        return bool(self.undone)

    def do(self, action: Mapping[str, Any]) -> None:
        self.states.append(self.engine.apply(self.state, canonical(action)))
        self.actions.append(canonical(action))
        self.undone.clear()

    def undo(self) -> None:
        if not self.can_undo:
            raise RuleError("undo", "there is nothing to undo")
        self.states.pop()
        self.undone.append(self.actions.pop())

    def redo(self) -> None:
        action = self.undone.pop()
        self.states.append(self.engine.apply(self.state, action))
        self.actions.append(action)

    def save(self, step: Step) -> None:
        if step.save is None:
            return
        if step.save.kind == "do":
            self.do(step.save.action)
        else:
            getattr(self, step.save.kind)()


def played(model: ScreenModel, table: Table, key: str, *args: Any) -> ScreenModel:
    """One tap, saved and synced as the screen does it."""
    step = model.tap(key, *args)
    table.save(step)
    return step.model.synced(table.state, table.can_undo, table.can_redo)


def checked_tap(model: ScreenModel, table: Table, tap: tuple[Any, ...]) -> tuple[ScreenModel, Step]:
    """One tap played as the screen plays it, checked: a key the page does not offer
    changes nothing. The model after it, synced, and the tap's step."""
    step = model.tap(*tap)
    if tap[0] not in model.enabled():
        assert step.model == model and step.save is None, tap
    table.save(step)
    return step.model.synced(table.state, table.can_undo, table.can_redo), step
