"""Which level each pad's tile shows: a pad at rest at once, a pad that keeps changing
(a switch chattering below the fault threshold) at most once per hold.

Kivy redraws the whole window whenever anything on it changed (``EventLoop.idle`` draws
when ``window.canvas.needs_redraw``; ``WindowBase.on_draw`` clears and draws the whole
render context: kivy/base.py, kivy/core/window/__init__.py, installed copy read). So a
tile that showed every edge of a pad chattering at 50 edges a second would cost 50
frames a second, and a claim arriving meanwhile waits for the frame in progress. The
judge still gets every edge at once; only the pad's DOWN/up on its tile is paced here.
Nothing here is judged: times are when the screen heard of a change, not edge stamps.
"""

from __future__ import annotations


class PadLevels:
    """Each pad's true level (``actual``: what Ready checks), the level its tile shows
    (``shown``) and the changes held back from the screen. A change is shown at once when
    the pad's tile last changed at least ``hold_ns`` ago and the screen does not ask to
    hold it (a card in play: ``hold``); otherwise it waits for :meth:`take_held`, which the
    screen calls when it draws a frame anyway (a claim, a fault) and once a second."""

    def __init__(self, hold_ns: int) -> None:
        self.hold_ns = hold_ns
        self.actual: dict[int, bool] = {}
        self.shown: dict[int, bool] = {}
        self._shown_ns: dict[int, int] = {}  # when each pad's tile last changed level
        self._held: dict[int, bool] = {}

    def report(self, pad: int, pressed: bool, now_ns: int, *, hold: bool = False) -> bool:
        """A pad's level after the latest edges; True if its tile is to show it now."""
        self.actual[pad] = pressed
        self._held.pop(pad, None)
        if self.shown.get(pad) == pressed:
            return False  # back where the tile already is
        last = self._shown_ns.get(pad)
        if hold or (last is not None and now_ns - last < self.hold_ns):
            self._held[pad] = pressed
            return False
        self._show(pad, pressed, now_ns)
        return True

    def take_held(self, now_ns: int) -> dict[int, bool]:
        """The held levels, to be shown now; each pad's hold starts again from here."""
        held, self._held = self._held, {}
        for pad, pressed in held.items():
            self._show(pad, pressed, now_ns)
        return held

    def _show(self, pad: int, pressed: bool, now_ns: int) -> None:
        self.shown[pad] = pressed
        self._shown_ns[pad] = now_ns
