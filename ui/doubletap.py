"""A double tap never reaches a different button (issue 28, found at 800x480 with real taps).

A button that moves the screen on (Ready, Verdict, Confirm...) puts another step's button
where the finger is: Rapid City's Ready is followed by "Back (not ready)" in the same place,
so the second tap of a double tap on Ready called the card off. After a tap on such a
button, a touch that would make a double tap of it (Kivy's own rule, kivy/input/postproc/
doubletap.py: down within ``double_tap_time`` of the first tap's down, within
``double_tap_distance`` of where it came down, both from the Kivy config) reaches no widget.
Anywhere else, or later, a tap is a tap.

Use: a button class that moves on takes :class:`MovesOn` first (``class Go(MovesOn,
BigButton)``), or kv uses :class:`MoveOnButton`; nothing else to wire, for any game.
The times are the touches' own (``time_start``), so the guard does the same on a busy
machine and in a test that sets them.
"""

from __future__ import annotations

import math
from typing import Any

from kivy.config import Config
from kivy.core.window import Window

from ui.widgets import BigButton


class DoubleTapGuard:
    """Swallows the second tap of a double tap on a button that moved the screen on."""

    def __init__(self) -> None:
        self.time_s = Config.getint("postproc", "double_tap_time") / 1000
        self.distance = Config.getint("postproc", "double_tap_distance") / 1000  # of the window, as Kivy's
        self._first: tuple[float, float, float] | None = None  # (time_start, osx, osy) of the tap that moved on
        self._installed = False

    def moved_on(self, touch: Any) -> None:
        """``touch`` released a button that moved the screen on."""
        if touch is not None:
            self._first = (touch.time_start, touch.osx, touch.osy)
            self.install()

    def swallows(self, touch: Any) -> bool:
        """Whether ``touch`` is the second tap of a double tap on a button that moved on."""
        if self._first is None:
            return False
        started, x, y = self._first
        return (0 < touch.time_start - started < self.time_s
                and math.hypot(touch.sx - x, touch.sy - y) <= self.distance)

    def install(self) -> None:
        """Watch the window's touches (once; the first button that moves on does it)."""
        if not self._installed:
            Window.fbind("on_touch_down", self._down)
            Window.fbind("on_touch_move", self._rest)
            Window.fbind("on_touch_up", self._rest)
            self._installed = True

    def _down(self, _window: Any, touch: Any) -> bool:
        if self.swallows(touch):
            touch.ud[self] = True
            return True  # no widget gets it (a bound handler returning True stops the dispatch)
        return False

    def _rest(self, _window: Any, touch: Any) -> bool:
        return self in touch.ud


GUARD = DoubleTapGuard()


class MovesOn:
    """A button whose tap moves the screen on: the second tap of a double tap on it goes
    nowhere (:class:`DoubleTapGuard`). Put it first among the bases."""

    def on_release(self) -> None:
        GUARD.moved_on(getattr(self, "last_touch", None))
        super().on_release()  # type: ignore[misc]


class MoveOnButton(MovesOn, BigButton):
    """A :class:`BigButton` that moves the screen on."""
