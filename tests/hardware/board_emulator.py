"""A pad board on a pty: the host side opens a real tty, as it does a Pico's /dev/ttyACM0.

The emulator speaks the firmware's protocol (wiring/firmware/main.py): heartbeats every
``period_s`` from a thread, or with ``period_s`` None only when the test calls ``beat()``,
with its own microsecond counter, which can run fast or slow (``ppm``), restart
(``soft_reset``), or stop talking while the tty stays open (``silence``), and lets a test
send any line stamped on that counter. Its counter runs on ``clock``: the app's, or a
:class:`ManualClock` the test moves and hands to the backend too, so no test waits on
real heartbeats or measures real time.
"""

from __future__ import annotations

import os
import threading
import time

from hardware.events import Ticks, now_ns

WRAP_US = 1 << 32


class ManualClock:
    """A host clock (:data:`hardware.events.Ticks`) that moves only when the test moves it."""

    def __init__(self, start_ns: int = 1_000_000_000_000) -> None:
        self.now_ns = start_ns

    def __call__(self) -> int:
        return self.now_ns

    def advance(self, seconds: float) -> int:
        self.now_ns += round(seconds * 1e9)
        return self.now_ns


class BoardEmulator:
    def __init__(self, *, period_s: float | None = 0.1, ppm: float = 0.0, start_us: int = 5_000_000,
                 version: str = "1.1", clock: Ticks = now_ns) -> None:
        self.master, self._slave = os.openpty()
        self.path = os.ttyname(self._slave)
        self.period_s = period_s
        self._ppm = ppm
        self._clock = clock
        self._beats = 0
        self._base = (clock(), start_us)  # (host ns, board us) the counter is counted from
        self._version = version
        self._beating = threading.Event()
        self._stop = threading.Event()
        self._lock = threading.Lock()
        self.last_heartbeat_ns: int | None = None
        self._thread = threading.Thread(target=self._run, name="board-emulator", daemon=True)

    def __enter__(self) -> "BoardEmulator":
        self._beating.set()
        if self.period_s is not None:
            self._thread.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self._stop.set()
        if self._thread.is_alive():
            self._thread.join(timeout=2)
        os.close(self.master)
        os.close(self._slave)

    def board_us(self, host_ns: int | None = None) -> int:
        """The board's 32-bit counter at a host time (now by default)."""
        base_ns, base_us = self._base
        host_ns = self._clock() if host_ns is None else host_ns
        return round(base_us + (host_ns - base_ns) / 1000 * (1 + self._ppm * 1e-6)) % WRAP_US

    def send(self, line: str) -> None:
        with self._lock:
            os.write(self.master, line.encode("ascii") + b"\n")

    def edge(self, pad: int, pressed: bool, host_ns: int) -> None:
        """An edge that happened at ``host_ns``, stamped on the board's counter."""
        self.send(f"{'P' if pressed else 'R'} {pad} {self.board_us(host_ns)}")

    def silence(self) -> None:
        """The firmware stops (crashed, wedged): the tty stays up, nothing more is sent."""
        self._beating.clear()

    def resume(self) -> None:
        self._beating.set()

    def soft_reset(self) -> None:
        """The board restarts: its counter begins again from 0 now."""
        self._base = (self._clock(), 0)
        self.send(f"V {self._version}")

    def beat(self) -> None:
        """One heartbeat now (on ``clock``), and like the firmware the version with every 10th."""
        at = self._clock()
        self.send(f"H {self.board_us(at)}")
        self.last_heartbeat_ns = at
        if self._beats % 10 == 0:
            self.send(f"V {self._version}")
        self._beats += 1

    def _run(self) -> None:
        assert self.period_s is not None, "only a board that beats by itself runs a thread"
        while not self._stop.wait(self.period_s):
            if self._beating.is_set():
                self.beat()


def wait_for(predicate, timeout: float = 5.0, step: float = 0.005) -> None:
    """Poll until ``predicate()`` (the reader thread has taken a line in); fails the test
    after ``timeout`` seconds, a bound on a hang, never a measure."""
    start = time.monotonic()
    while not predicate():
        if time.monotonic() - start > timeout:
            raise AssertionError("timed out waiting")
        time.sleep(step)
