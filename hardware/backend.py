"""The one interface every pad backend keeps (docs/architecture.md, principle 5).

The UI holds a backend and nothing more specific: it calls ``start()``, drains
``events`` from the Kivy Clock, shows ``status()`` on the screen and calls ``close()``
on the way out. Events are put on the queue from whichever thread saw them (lgpio's
alert thread, a serial reader, the sim's player); ``queue.SimpleQueue`` is the stdlib
queue that is safe to put from any thread, even from a callback that interrupts a get.

A small ticker thread lets time pass for the parts that act on silence: the end of a
tap's lockout, a pad held too long, a chattering pad gone quiet, a clock to re-anchor.
"""

from __future__ import annotations

import queue
import threading
from dataclasses import dataclass, field
from typing import Callable, Mapping

from hardware.events import Event, PadFault, now_ns
from hardware.padmap import PadMap
from hardware.pipeline import EdgePipeline
from hardware.rdm6300 import TagReaders


class EventQueue(queue.SimpleQueue):
    """The backend's queue, which can also wake the consumer when something arrives.

    The UI drains it every frame anyway; ``wake`` (set by the UI, called on the putting
    thread right after each put) lets a claim be drawn in the very next frame instead of
    waiting out the frame interval (Kivy's free clock: ``Clock.schedule_once_free``)."""

    wake: Callable[[], None] | None = None

    def put(self, item: Event, block: bool = True, timeout: float | None = None) -> None:
        super().put(item, block, timeout)
        wake = self.wake
        if wake is not None:
            wake()


@dataclass(frozen=True)
class Status:
    """What the screen shows about the pads: is the hardware there (``ok``), one line
    saying what it is or what is wrong (``detail``), the pads left out (``faults``) and
    counters for the curious (skipped serial lines, bounces dropped...). ``health`` is
    one word for machines (`companion pads --json`): "ok", "unavailable", or for the pad
    board "waiting", "silent" (plugged in, heartbeats stopped) and "unplugged"."""

    backend: str
    ok: bool
    detail: str
    faults: tuple[PadFault, ...] = ()
    counters: Mapping[str, int] = field(default_factory=dict)
    health: str = "ok"


class Backend:
    """Base of the gpio, serial and sim backends. Subclasses open their hardware in
    :meth:`_open`, release it in :meth:`_close`, and feed raw edges to ``self.pipeline``."""

    name = "backend"

    def __init__(self, pads: PadMap, *, bounce_ms: float = 30.0, tick_s: float | None = 0.05) -> None:
        self.pads = pads
        self.events = EventQueue()
        self.pipeline = EdgePipeline(pads, self.events, source=self.name, bounce_ms=bounce_ms)
        self.tags = TagReaders(pads, self.events)  # pads with an ``rfid`` port (R-R5)
        self._tick_s = tick_s
        self._stop = threading.Event()
        self._ticker: threading.Thread | None = None
        self._started = False

    def start(self) -> None:
        """Open the hardware and begin putting events on ``events``. Idempotent."""
        if self._started:
            return
        self._open()
        self.tags.start()
        self._started = True
        self._stop.clear()
        if self._tick_s:
            self._ticker = threading.Thread(target=self._tick_loop, name=f"{self.name}-ticker", daemon=True)
            self._ticker.start()

    def stop(self) -> None:
        """Stop watching and release pins and ports; ``start()`` may be called again."""
        if not self._started:
            return
        self._stop.set()
        if self._ticker is not None:
            self._ticker.join(timeout=2)
            self._ticker = None
        self.tags.stop()
        self._close()
        self._started = False

    def close(self) -> None:
        """Release everything for good (the app is quitting)."""
        self.stop()

    def __enter__(self) -> "Backend":
        self.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def drain(self) -> list[Event]:
        """Everything on the queue now, oldest first, without blocking (the UI's tick)."""
        out = []
        while True:
            try:
                out.append(self.events.get_nowait())
            except queue.Empty:
                return out

    def tick(self, now: int | None = None) -> None:
        """Let time pass (the ticker calls this; tests call it with their own times)."""
        self.pipeline.tick(now_ns() if now is None else now)

    def status(self) -> Status:
        health, detail = self._condition()
        detail = "; ".join([detail, *self.tags.describe()])
        counters = {**self.pipeline.counters(), **self._counters(), **self.tags.counters()}
        return Status(self.name, health == "ok", detail, self.pipeline.faults(), counters, health)

    def _tick_loop(self) -> None:
        while not self._stop.wait(self._tick_s):
            self.tick()

    def _open(self) -> None:
        raise NotImplementedError

    def _close(self) -> None:
        raise NotImplementedError

    def _condition(self) -> tuple[str, str]:
        """(health word, detail line); backends with more states than up/down override it."""
        ok, detail = self._describe()
        return ("ok" if ok else "unavailable"), detail

    def _describe(self) -> tuple[bool, str]:
        raise NotImplementedError

    def _counters(self) -> dict[str, int]:
        return {}
