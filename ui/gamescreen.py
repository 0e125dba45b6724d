"""The base of every game screen: it holds the session, sends actions, undoes and redoes.

An action reaches the store (committed to disk) before ``refresh`` redraws anything, so
what the screen shows has always been saved. A refused action leaves everything as it was
and its reason stays in the game bar until the next action.
"""

from __future__ import annotations

from typing import Any, Mapping

from kivy.properties import BooleanProperty, ObjectProperty, StringProperty
from kivy.uix.screenmanager import Screen

from companion.engine import RuleError
from companion.store import StoreError
from companion.games import TITLES
import ui.widgets  # noqa: F401  (registers GameBar and BigButton for the kv rules)


class GameScreen(Screen):
    session = ObjectProperty(None, allownone=True)
    title = StringProperty("")
    message = StringProperty("")
    can_undo = BooleanProperty(False)
    can_redo = BooleanProperty(False)

    def on_session(self, _screen: GameScreen, session: Any) -> None:
        if session is not None:
            self.title = TITLES.get(session.kind, session.kind)
            self.message = ""
            self.refresh()

    @property
    def state(self) -> Any:
        return self.session.state

    def act(self, action: Mapping[str, Any]) -> bool:
        """Send one action; True if it was accepted (and saved), False if refused."""
        try:
            self.session.do(action)
        except RuleError as exc:
            self.message = f"Refused: {exc}"
            return False
        except StoreError as exc:
            self.message = f"Not saved: {exc}"
            return False
        self.message = ""
        self.refresh()
        return True

    def undo(self) -> None:
        self._step(self.session.undo)

    def redo(self) -> None:
        self._step(self.session.redo)

    def _step(self, step) -> None:
        try:
            step()
        except (RuleError, StoreError) as exc:
            self.message = str(exc)
            return
        self.message = ""
        self.refresh()

    def refresh(self) -> None:
        """Redraw from ``self.state``. Subclasses extend this and call super()."""
        self.can_undo = self.session.can_undo
        self.can_redo = self.session.can_redo
