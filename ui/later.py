"""Work a tap makes due but nobody waits for, done once the tap's answer is on screen."""

from __future__ import annotations

from typing import Any, Callable

from kivy.clock import Clock
from kivy.core.window import Window


class AfterFrame:
    """``work()`` once the frame on its way is on screen, at the clock's next tick, however
    often it is asked for before then: work a tap makes due but nobody waits for (a panel
    not on show) is done while the table reads the answer, not before the answer is drawn.
    Armed on the window's flip rather than as a timeout-0 event: that runs after the next
    frame only for a tap dispatched inside ``EventLoop.idle`` (a tap from the touchscreen);
    one dispatched outside it (tests, bench_taps) would run it before its own frame."""

    def __init__(self, work: Callable[[float], Any]) -> None:
        self._work = Clock.create_trigger(work)

    def __call__(self) -> None:
        Window.bind(on_flip=self._flipped)  # once, however often asked: Kivy binds a method once

    def _flipped(self, *_args: Any) -> None:
        Window.unbind(on_flip=self._flipped)
        self._work()
