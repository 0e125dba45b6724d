"""The base of the pages shown inside the Spurs game screen.

Every page lives under the game screen's one GameBar, so Undo and Redo are a tap away
on every step (a form, a draw, the final scores) and always act on the same session.
"""

from __future__ import annotations

from typing import Any, Mapping

from kivy.properties import ObjectProperty
from kivy.uix.screenmanager import Screen

from companion.spurs.state import SpursState


class Page(Screen):
    """A step of the Spurs flow. ``game`` is the SpursScreen that holds the session."""

    game = ObjectProperty(None)

    def open(self, **context: Any) -> None:
        """Take what the step is about (a player, a pending action) before it is shown."""

    def update(self, state: SpursState) -> None:
        """Redraw from the state; called whenever the page is shown or the state changed."""

    def send(self, action: Mapping[str, Any]) -> bool:
        """Send a finished form's action; back to the table once it is accepted, unless
        the state took the screen elsewhere (the game ended, a fight waits for a card)."""
        if not self.game.act(action):
            return False
        if self.game.pages.current == self.name:
            self.game.show("table")
        return True
