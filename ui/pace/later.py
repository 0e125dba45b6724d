"""Work a tap makes due but nobody waits for, done once the tap's answer is on screen; long
work done a part a frame."""

from __future__ import annotations

from typing import Any, Callable, Iterator

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


class OneATick:
    """Long work cut into parts, one part at each tick of the clock (a frame: a Pi has 16.7 ms
    for it), so that no frame waits on the whole: building a game's screen is hundreds of
    widgets from kv rules, 0.3 s here and well over a second on a Pi (issue 38). Each piece of
    work is a generator: every ``next()`` does one part; pieces started while another runs wait
    their turn. A part's layout and text rendering fall in the frame of its own tick (Kivy runs
    the layouts and labels a tick makes due before that tick's frame: kivy/base.py ``idle``).

    What the collector does between the parts is the work's own (the app's screens:
    ui/shell/app.py ``settled``, each part's objects collected, then frozen)."""

    def __init__(self) -> None:
        self._work: list[Iterator[Any]] = []
        self._tick = Clock.create_trigger(self._step)  # timeout 0: the next tick, not this one

    def start(self, work: Iterator[Any]) -> None:
        """Do ``work`` a part a tick, from the next tick, once the work started before is done."""
        self._work.append(work)
        self._tick()

    def stop(self) -> None:
        """Drop the work not yet done (the app stopped)."""
        self._work.clear()
        self._tick.cancel()

    @property
    def busy(self) -> bool:
        return bool(self._work)

    def _step(self, _dt: float) -> None:
        if not self._work:
            return
        work = self._work[0]
        try:
            next(work)
        except StopIteration:
            self._work.remove(work)
        finally:
            if self._work:
                self._tick()
