"""What every backend does with a raw edge once it has a time in the app's clock.

One path for gpio, serial and sim, so the three cannot drift apart: count the edge for
fault watching, debounce it (leading-edge lockout, R-R4), leave it out while its pad is
faulted, and put what is left on the queue. Edges arrive from any thread (lgpio's alert
thread, a serial reader, a test); one lock keeps each pad's history in order.
"""

from __future__ import annotations

import queue
import threading

from hardware.debounce import LeadingEdgeLockout, Passed
from hardware.events import PadEvent, PadFault
from hardware.faults import FaultWatch
from hardware.padmap import PadMap


class EdgePipeline:
    """Raw edges in, PadEvents and PadFaults out on ``sink``."""

    def __init__(self, pads: PadMap, sink: queue.SimpleQueue, *, source: str,
                 bounce_ms: float = 30.0, faults: FaultWatch | None = None) -> None:
        self.pads = pads
        self._sink = sink
        self._source = source
        self._lock = threading.Lock()
        self._lockout = LeadingEdgeLockout(round(bounce_ms * 1_000_000))  # ruling: R-R4
        self._faults = faults or FaultWatch(pads.tile)
        self._delivered: dict[int, bool] = {}
        self.edges = 0
        self.withheld = 0  # debounced edges of a faulted pad, kept off the queue

    @property
    def bounce_ms(self) -> float:
        return self._lockout.bounce_ns / 1_000_000

    def set_bounce_ms(self, bounce_ms: float) -> None:
        """The game's bounce window (R-R4 is a per-game setting), so the lockout here and
        the judge's reading of the round file agree."""
        if bounce_ms < 0:
            raise ValueError(f"bounce window must not be negative, got {bounce_ms} ms")
        with self._lock:
            self._lockout.bounce_ns = round(bounce_ms * 1_000_000)

    def start(self, pad: int, pressed: bool, t_ns: int) -> None:
        """A pad's level when the backend opens it (no event: nothing changed)."""
        with self._lock:
            self._lockout.reset(pad, pressed)
            self._faults.start(pad, pressed, t_ns)
            self._delivered[pad] = pressed

    def resting(self, resting: bool, t_ns: int) -> None:
        """A card is out, or over at ``t_ns``: a pawn resting on its claimed tile is no stuck
        pad (FaultWatch.resting)."""
        with self._lock:
            self._faults.resting(resting, t_ns)

    def edge(self, pad: int, pressed: bool, t_ns: int) -> None:
        """One raw edge, stamped with the edge's own time (never its arrival)."""
        with self._lock:
            self.edges += 1
            changes = self._faults.edge(pad, pressed, t_ns)
            for passed in self._lockout.edge(pad, pressed, t_ns):
                self._offer(pad, passed)
            self._report(changes)

    def tick(self, now_ns: int) -> None:
        """Let time pass: release a short tap's lockout, raise and clear time faults."""
        with self._lock:
            for pad, passed in self._lockout.settle(now_ns):
                self._offer(pad, passed)
            self._report(self._faults.check(now_ns))

    def faults(self) -> tuple[PadFault, ...]:
        with self._lock:
            return self._faults.active()

    def bounces(self, pad: int) -> int:
        """Bounce edges dropped on ``pad`` so far."""
        with self._lock:
            return self._lockout.bounces(pad)

    def counters(self) -> dict[str, int]:
        with self._lock:
            return {"edges": self.edges, "bounces dropped": self._lockout.dropped,
                    "late edges": self._lockout.late, "withheld (faulted pad)": self.withheld}

    def _offer(self, pad: int, passed: Passed) -> None:
        if self._faults.is_faulted(pad):
            self.withheld += 1
            return
        self._put(pad, passed.pressed, passed.t_ns, settled=passed.settled)

    def _put(self, pad: int, pressed: bool, t_ns: int, *, settled: bool) -> None:
        self._delivered[pad] = pressed
        self._sink.put(PadEvent(pad, pressed, t_ns, self._source, settled))

    def _report(self, changes: list[PadFault]) -> None:
        for fault in changes:
            self._sink.put(fault)
            if not fault.active and not self._faults.is_faulted(fault.pad):
                # Back in judging: if the pad changed level while it was left out, say so
                # once, with the time of that change, so the screen's view is right.
                level, t = self._lockout.level(fault.pad)
                if t is not None and level != self._delivered.get(fault.pad, False):
                    self._put(fault.pad, level, t, settled=True)
