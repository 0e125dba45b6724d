"""Pads wired straight to the Pi's GPIO, through gpiozero (any pin factory).

How the edge time is obtained, from gpiozero 2.0's sources (pins/__init__.py, pins/pi.py,
pins/local.py, pins/lgpio.py, pins/mock.py; the installed copy was read):

* A pin calls ``when_changed(ticks, state)`` for each edge, where ``ticks`` is the pin
  factory's time *of that edge*: lgpio passes the kernel's line-event timestamp
  (``LGPIOPin._call_when_changed``: ``ticks / 1e9``, CLOCK_MONOTONIC seconds, the same
  clock as ``LocalPiFactory.ticks()`` = ``time.monotonic()``); ``MockPin`` passes the
  ``monotonic()`` it stamped in ``_change_state`` when ``drive_low()`` changed the level.
  So we hook the *pin's* ``when_changed`` (``Button.when_pressed`` drops the ticks).
* Ticks are opaque; only ``Factory.ticks_diff(later, earlier)`` (seconds) may compare
  them, and some factories wrap (pigpio's 32-bit microseconds). :class:`FactoryClock`
  maps them into the app clock from one (ticks, monotonic_ns) reference pair taken
  together, re-taken every few seconds so a wrapping factory stays in range.
* ``PiPin._set_when_changed`` keeps only a ``WeakMethod``/``ref`` to the handler; if
  the handler dies, the next edge silently disables edge detection. The backend keeps
  a strong reference to every handler (``self._wires``).
* lgpio reports level 2 for a watchdog timeout, which is not an edge (lgpio's TIMEOUT);
  only levels 0 and 1 are edges.
* ``Button(..., bounce_time=None)``: the library's debounce stays off because it would
  report a shifted time; :mod:`hardware.debounce` does a leading-edge lockout instead.
"""

from __future__ import annotations

import os
import warnings
from typing import Any

from companion.intake.errors import InputError
from hardware.backend import Backend
from hardware.events import now_ns
from hardware.padmap import PadMap
from hardware.pipeline import EdgePipeline
from hardware.probe import lgpio_setup_problem

REBASE_EVERY_NS = 10 * 1_000_000_000


class FactoryClock:
    """A pin factory's ticks mapped into the app's monotonic nanoseconds.

    ``anchor`` fixes the reference pair for a factory whose ticks *are* app nanoseconds
    (the sim), making the mapping exact and never re-taken.
    """

    def __init__(self, factory: Any, anchor: tuple[Any, int] | None = None) -> None:
        self._factory = factory
        self._fixed = anchor is not None
        self._ref = anchor if anchor is not None else self._pair()

    def _pair(self) -> tuple[Any, int]:
        return self._factory.ticks(), now_ns()

    def rebase(self) -> None:
        """Take a fresh reference pair (one tuple assignment: callbacks on another
        thread see the old pair or the new one, never half of each)."""
        if not self._fixed:
            self._ref = self._pair()

    def to_ns(self, ticks: Any) -> int:
        ref_ticks, ref_ns = self._ref
        ahead = self._factory.ticks_diff(ticks, ref_ticks)
        behind = self._factory.ticks_diff(ref_ticks, ticks)
        # Factories that subtract give ahead == -behind; wrapping ones give two positive
        # numbers and the smaller one is the truth (an edge just before the reference).
        seconds = ahead if abs(ahead) <= abs(behind) else -behind
        return ref_ns + round(seconds * 1_000_000_000)


class _PadWire:
    """The handler for one pad's pin. Its bound method is what the pin holds weakly."""

    def __init__(self, pad: int, clock: FactoryClock, pipeline: EdgePipeline) -> None:
        self.pad = pad
        self._clock = clock
        self._pipeline = pipeline

    def on_change(self, ticks: Any, state: Any) -> None:
        if state not in (0, 1):  # lgpio level 2: watchdog timeout, no edge
            return
        # pull-up wiring: the switch closes to ground, so a low level is a press
        self._pipeline.edge(self.pad, not state, self._clock.to_ns(ticks))


class GpioBackend(Backend):
    """One gpiozero ``Button`` per pad. ``pin_factory`` None means gpiozero's default
    (lgpio on a Pi 4/5); tests pass a ``MockFactory``."""

    name = "gpio"

    def __init__(self, pads: PadMap, *, pin_factory: Any = None, bounce_ms: float = 30.0,
                 tick_s: float | None = 0.05) -> None:
        super().__init__(pads, bounce_ms=bounce_ms, tick_s=tick_s)
        self._factory = pin_factory
        self._buttons: list[Any] = []
        self._wires: list[_PadWire] = []  # strong references: gpiozero keeps weak ones
        self.clock: FactoryClock | None = None
        self._rebased_ns = 0
        self._error = ""

    @property
    def pin_factory(self) -> Any:
        return self._factory

    def _make_clock(self, factory: Any) -> FactoryClock:
        return FactoryClock(factory)

    def _open(self) -> None:
        from gpiozero import Button
        from gpiozero.exc import GPIOZeroError, PinFactoryFallback

        self._error = ""
        if self._factory is None and os.environ.get("GPIOZERO_PIN_FACTORY", "lgpio") == "lgpio":
            # gpiozero imports lgpio for its default factory, and lgpio opens a FIFO in its
            # working directory at import: where it cannot, the import raises OSError
            problem = lgpio_setup_problem()
            if problem:
                self._error = problem[0]
                raise InputError(f"cannot use the GPIO pads: {problem[0]}. Fix: {problem[1]}")
        try:
            # gpiozero warns once per default factory it falls back from: four lines off a Pi
            # before our one; the line below says what to do, and doctor which factory loads
            with warnings.catch_warnings():
                warnings.simplefilter("ignore", PinFactoryFallback)
                for pad in self.pads:
                    self._buttons.append(Button(pad.pin, pull_up=True, bounce_time=None,
                                                pin_factory=self._factory))
        except (GPIOZeroError, OSError, RuntimeError, ImportError) as exc:
            self._close()
            self._error = str(exc)
            raise InputError(
                f"cannot open the pads' GPIO pins ({type(exc).__name__}: {exc}). On a Pi: install lgpio "
                "(sudo apt install python3-lgpio), add the user to the gpio group, check the pad map, "
                "and run `companion doctor`, which names what is missing; elsewhere use --backend sim") from exc
        self._factory = self._buttons[0].pin_factory
        self.clock = self._make_clock(self._factory)
        self._rebased_ns = now_ns()
        for pad, button in zip(self.pads, self._buttons):
            self.pipeline.start(pad.number, button.is_pressed, now_ns())
            wire = _PadWire(pad.number, self.clock, self.pipeline)
            self._wires.append(wire)
            button.pin.when_changed = wire.on_change

    def _close(self) -> None:
        for button in self._buttons:
            button.close()
        self._buttons.clear()
        self._wires.clear()

    def tick(self, now: int | None = None) -> None:
        now = now_ns() if now is None else now
        if self.clock is not None and now - self._rebased_ns > REBASE_EVERY_NS:
            self.clock.rebase()
            self._rebased_ns = now
        super().tick(now)

    def _describe(self) -> tuple[bool, str]:
        if self._error:
            return False, f"GPIO not available: {self._error}"
        if not self._buttons:
            return False, "GPIO pads not started"
        factory = type(self._factory).__name__.removesuffix("Factory")
        pins = ", ".join(f"{pad.number}={pad.pin}" for pad in self.pads)
        return True, f"{len(self._buttons)} pads on GPIO via {factory} ({pins})"
