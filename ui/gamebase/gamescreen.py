"""The base of every game screen: it holds the session, sends actions, undoes and redoes.

An action reaches the store (committed to disk) before ``refresh`` redraws anything, so
what the screen shows has always been saved. A refused action leaves everything as it was
and its reason stays, whole, under the game bar until 'Got it' or the next action. What happened
is also heard, so eyes can stay on the table: a refusal buzzes, the game's end plays a
fanfare and says who won.
"""

from __future__ import annotations

from typing import Any, Mapping

from kivy.properties import BooleanProperty, ObjectProperty, StringProperty
from kivy.uix.screenmanager import Screen

from companion.contracts.engine import RuleError
from companion.db.store import StoreError
from companion.games import TITLES
from companion.contracts.screen import game_over
from ui.sound import sounds
import ui.kit.widgets  # noqa: F401  (registers GameBar and BigButton for the kv rules)


class GameScreen(Screen):
    session = ObjectProperty(None, allownone=True)
    title = StringProperty("")
    message = StringProperty("")  # why the last action was refused, or could not be saved
    news = StringProperty("")  # what just happened that the table should hear about
    can_undo = BooleanProperty(False)
    can_redo = BooleanProperty(False)

    def on_session(self, _screen: GameScreen, session: Any) -> None:
        if session is not None:
            self.title = TITLES.get(session.kind, session.kind)
            self.message = self.news = ""
            self.refresh()

    def on_message(self, _screen: GameScreen, message: str) -> None:
        if message:
            sounds.play("refusal")

    def dismiss(self) -> None:
        """'Got it' on the notice: the words have been read."""
        self.message = self.news = ""

    @property
    def state(self) -> Any:
        return self.session.state

    def act(self, action: Mapping[str, Any]) -> bool:
        """Send one action; True if it was accepted (and saved), False if refused."""
        return self._step(lambda: self.session.do(action), "Refused: ")

    def undo(self) -> None:
        self._step(self.session.undo)

    def redo(self) -> None:
        self._step(self.session.redo)

    def _step(self, step, refused: str = "") -> bool:
        was_over = self.session.finished
        try:
            step()
        except RuleError as exc:
            self._refuse(f"{refused}{exc}")
            return False
        except StoreError as exc:
            self._refuse(f"Not saved: {exc}")
            return False
        self.message = self.news = ""
        if self.session.finished and not was_over:
            self.news = game_over(list(self.session.result().get("winners", [])))
            sounds.play("end")
        self.refresh()
        return True

    def _refuse(self, reason: str) -> None:
        self.message = ""  # the same refusal twice is still heard twice
        self.message = reason

    def refresh(self) -> None:
        """Redraw from ``self.state``. Subclasses extend this and call super()."""
        self.can_undo = self.session.can_undo
        self.can_redo = self.session.can_redo
