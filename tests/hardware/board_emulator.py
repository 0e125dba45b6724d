"""A pad board on a pty: the host side opens a real tty, as it does a Pico's /dev/ttyACM0.

The emulator speaks the firmware's protocol (wiring/firmware/main.py) from a thread:
heartbeats every ``period_s`` with its own microsecond counter, which can run fast or
slow (``ppm``), restart (``soft_reset``), or stop talking while the tty stays open
(``silence``), and lets a test send any line stamped on that counter.
"""

from __future__ import annotations

import os
import threading
import time

from hardware.events import now_ns

WRAP_US = 1 << 32


class BoardEmulator:
    def __init__(self, *, period_s: float = 0.1, ppm: float = 0.0, start_us: int = 5_000_000,
                 version: str = "1.1") -> None:
        self.master, self._slave = os.openpty()
        self.path = os.ttyname(self._slave)
        self.period_s = period_s
        self._ppm = ppm
        self._base = (now_ns(), start_us)  # (host ns, board us) the counter is counted from
        self._version = version
        self._beating = threading.Event()
        self._stop = threading.Event()
        self._lock = threading.Lock()
        self.last_heartbeat_ns: int | None = None
        self._thread = threading.Thread(target=self._run, name="board-emulator", daemon=True)

    def __enter__(self) -> "BoardEmulator":
        self._beating.set()
        self._thread.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self._stop.set()
        self._thread.join(timeout=2)
        os.close(self.master)
        os.close(self._slave)

    def board_us(self, host_ns: int | None = None) -> int:
        """The board's 32-bit counter at a host time (now by default)."""
        base_ns, base_us = self._base
        host_ns = now_ns() if host_ns is None else host_ns
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
        self._base = (now_ns(), 0)
        self.send(f"V {self._version}")

    def _run(self) -> None:
        beats = 0
        while not self._stop.wait(self.period_s):
            if self._beating.is_set():
                at = now_ns()
                self.send(f"H {self.board_us(at)}")
                self.last_heartbeat_ns = at
                if beats % 10 == 0:  # like the firmware: the version with every 10th heartbeat
                    self.send(f"V {self._version}")
                beats += 1


def wait_for(predicate, timeout: float = 5.0, step: float = 0.005) -> float:
    """Poll until ``predicate()``; the seconds it took. Fails the test on timeout."""
    start = time.monotonic()
    while not predicate():
        if time.monotonic() - start > timeout:
            raise AssertionError("timed out waiting")
        time.sleep(step)
    return time.monotonic() - start
