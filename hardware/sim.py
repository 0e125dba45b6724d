"""The sim backend: the gpio backend on gpiozero's MockFactory, driven by keys and scripts.

It is the real gpio code path (Button, pin-level ``when_changed``, lockout, faults), only
the pins are mock pins, so what the sim shows is what the table will do. Two things are
added on top of ``MockFactory`` (gpiozero 2.0 pins/mock.py, installed copy read):

* :class:`SimFactory` ticks in app nanoseconds (``time.monotonic_ns``) instead of
  ``monotonic()`` seconds, so a scripted edge time survives the trip through the pin
  exactly (``FactoryClock`` is anchored at (0, 0): the identity).
* :class:`ScriptedPin` can stamp an edge with a given time. ``MockPin.drive_low()``
  stamps ``monotonic()`` at the moment of the call (``_change_state``); a scripted round
  needs the *true* time of each edge while the callbacks arrive later and out of order,
  which is how a test proves that timestamps, not arrival order, decide (principle 3).
"""

from __future__ import annotations

import threading
import time
from dataclasses import dataclass
from typing import Any, Iterable

from gpiozero.pins.mock import MockFactory, MockPin, PinState

from companion.intake.errors import InputError
from hardware.events import now_ns
from hardware.gpio import FactoryClock, GpioBackend
from hardware.padmap import PadMap


class ScriptedPin(MockPin):
    """A mock pin whose next edge may carry a given time (factory ticks)."""

    _stamp: int | None = None
    _state: bool  # MockPin's level (gpiozero has no type hints)

    def clear_states(self) -> None:
        self._last_change = self._factory.ticks()
        self.states = [PinState(0, self._state)]

    def _change_state(self, value: bool) -> bool:
        if self._state == value:
            return False
        t = self._factory.ticks() if self._stamp is None else self._stamp
        self.states.append(PinState(t - self._last_change, value))
        self._state, self._last_change = value, t
        return True

    def drive_at(self, high: bool, ticks: int) -> None:
        """Drive the input high or low as if the edge happened at ``ticks``."""
        self._stamp = ticks
        try:
            self.drive_high() if high else self.drive_low()
        finally:
            self._stamp = None


class SimFactory(MockFactory):
    """MockFactory whose ticks are the app clock's nanoseconds."""

    def __init__(self) -> None:
        super().__init__(pin_class=ScriptedPin)

    @staticmethod
    def ticks() -> int:
        return now_ns()

    @staticmethod
    def ticks_diff(later: int, earlier: int) -> float:
        return (later - earlier) / 1_000_000_000


@dataclass(frozen=True)
class ScriptedEdge:
    """One true edge of a scripted round: ``t_ns`` since the reveal, and when its
    callback is delivered (``deliver_ns`` since the reveal, never before ``t_ns``)."""

    pad: int
    pressed: bool
    t_ns: int
    deliver_ns: int


def scripted(simulation: Any) -> list[ScriptedEdge]:
    """The edges of a ``companion.rapidcity.simulate.Simulation`` (``edges`` as
    (t_ns, pad, pressed) since the reveal, ``arrival_ns`` when each callback arrives)."""
    return [ScriptedEdge(pad, pressed, t_ns, arrival)
            for (t_ns, pad, pressed), arrival in zip(simulation.edges, simulation.arrival_ns)]


class SimBackend(GpioBackend):
    """Pads without hardware: keys 1-6 press them, tests and demos script them."""

    name = "sim"

    def __init__(self, pads: PadMap, *, bounce_ms: float = 30.0, tick_s: float | None = 0.05) -> None:
        super().__init__(pads, pin_factory=SimFactory(), bounce_ms=bounce_ms, tick_s=tick_s)
        self._drive_lock = threading.Lock()
        self._timers: list[threading.Timer] = []
        self._script_end = 0  # app time of the last scripted edge played so far

    def _make_clock(self, factory: Any) -> FactoryClock:
        return FactoryClock(factory, anchor=(0, 0))

    def pin(self, pad: int) -> ScriptedPin:
        if pad not in self.pads:
            raise InputError(f"no pad {pad} in the pad map ({self.pads.source}); pads: {list(self.pads.numbers)}")
        return self._factory.pin(self.pads[pad].pin)

    def press(self, pad: int, at_ns: int | None = None) -> None:
        """Close pad ``pad``'s switch (key down), now or at a given app time."""
        self._drive(pad, False, at_ns)

    def release(self, pad: int, at_ns: int | None = None) -> None:
        """Open pad ``pad``'s switch (key up)."""
        self._drive(pad, True, at_ns)

    def hold(self, pad: int, seconds: float) -> None:
        """Press now and release after ``seconds`` of real time (a demo of a long press)."""
        self.press(pad)
        timer = threading.Timer(seconds, self.release, args=(pad,))
        timer.daemon = True
        self._timers.append(timer)
        timer.start()

    def play(self, edges: Iterable[ScriptedEdge], *, reveal_ns: int | None = None,
             realtime: bool = False) -> int:
        """Play a scripted round; returns the reveal's app time.

        Callbacks are delivered in ``deliver_ns`` order (each pad's own edges stay in
        time order, as a kernel line's events do), each edge stamped with its true time.
        Not realtime: delivered at once, with the reveal placed so the whole round is
        already in the past (or just after the previous script, if that ends later).
        Realtime: delivered as the script's clock comes round.
        """
        script = sorted(edges, key=lambda e: (e.deliver_ns, e.t_ns))
        if reveal_ns is None:
            last = max((e.deliver_ns for e in script), default=0)
            first = min((e.t_ns for e in script), default=0)
            # never before the end of the previous script: a pad's edges stay in time order
            reveal_ns = max(now_ns() if realtime else now_ns() - last, self._script_end - first + 1)
        self._script_end = max(self._script_end, reveal_ns + max((e.t_ns for e in script), default=0))
        per_pad: dict[int, list[ScriptedEdge]] = {}
        for edge in sorted(script, key=lambda e: e.t_ns):
            per_pad.setdefault(edge.pad, []).append(edge)
        for delivered in script:
            edge = per_pad[delivered.pad].pop(0)
            if realtime:
                time.sleep(max(0.0, (reveal_ns + delivered.deliver_ns - now_ns()) / 1e9))
            self._drive(edge.pad, not edge.pressed, reveal_ns + edge.t_ns)
        return reveal_ns

    def _drive(self, pad: int, high: bool, at_ns: int | None) -> None:
        pin = self.pin(pad)
        with self._drive_lock:
            pin.drive_at(high, now_ns() if at_ns is None else at_ns)

    def _close(self) -> None:
        for timer in self._timers:
            timer.cancel()
        self._timers.clear()
        super()._close()

    def _describe(self) -> tuple[bool, str]:
        if not self._buttons:
            return False, "sim pads not started"
        return True, f"simulated pads {', '.join(map(str, self.pads.numbers))} (keys 1-{max(self.pads.numbers)} press them in the app)"
