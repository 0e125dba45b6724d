"""A serial port that is allowed to come and go: the pad board's USB cable, a tile's reader.

One reader thread per port owns it: opens it, hands every chunk of bytes (with the host
time it was read) to a parser, and when the port vanishes (unplugged: pyserial raises
``SerialException`` or ``OSError`` on read, or the open fails) records why for the
screen and tries again every ``retry_s`` until it returns. Nothing here raises into
the app. Ports are opened with ``serial.serial_for_url`` so ``loop://`` works in tests
(pyserial's URL handlers: ``loop://`` echoes what is written to it).
"""

from __future__ import annotations

import threading
from typing import Any, Callable

from hardware.events import Ticks, now_ns

Opener = Callable[[str], Any]


def open_port(url: str, baudrate: int = 115200) -> Any:
    """The default opener: a real device path or any pyserial URL."""
    import serial

    return serial.serial_for_url(url, baudrate=baudrate, timeout=0.1)


class PortReader:
    """Keeps ``port`` open on its own thread; ``feed(data, t_ns)`` gets what it reads.

    ``port`` may be a callable returning the port name, looked up at each attempt (the
    pad board's default is "the first USB serial port", which changes on replug).
    ``on_open`` runs after every (re)open, before any data: parsers drop half lines and
    clocks resynchronise there. ``ticks`` stamps each read (the app's clock, or a test's).
    """

    def __init__(self, port: str | Callable[[], str | None], feed: Callable[[bytes, int], None], *,
                 opener: Opener = open_port, on_open: Callable[[], None] = lambda: None,
                 retry_s: float = 1.0, name: str = "serial", ticks: Ticks = now_ns) -> None:
        self._port = port
        self._ticks = ticks
        self._feed = feed
        self._opener = opener
        self._on_open = on_open
        self._retry_s = retry_s
        self._name = name
        self._stop = threading.Event()
        self._thread: threading.Thread | None = None
        self._handle: Any = None
        self.connected = False
        self.where = port if isinstance(port, str) else ""
        self.problem = "not started"
        self.opens = 0
        self.losses = 0

    def start(self) -> None:
        if self._thread is not None:
            return
        self._stop.clear()
        self._thread = threading.Thread(target=self._run, name=f"{self._name}-reader", daemon=True)
        self._thread.start()

    def stop(self) -> None:
        self._stop.set()
        handle = self._handle
        if handle is not None:
            _quietly_close(handle)
        if self._thread is not None:
            self._thread.join(timeout=2)
            self._thread = None
        self.connected = False
        self.problem = "stopped"

    def describe(self) -> str:
        """One line for the screen: where the port is and whether it is there."""
        where = self.where or "(no port)"
        return f"{where}: connected" if self.connected else f"{where}: {self.problem}"

    def _run(self) -> None:
        while not self._stop.is_set():
            if self._handle is None and not self._try_open():
                self._stop.wait(self._retry_s)
                continue
            try:
                data = self._handle.read(max(1, getattr(self._handle, "in_waiting", 0) or 0))
            except Exception as exc:  # pyserial raises SerialException, OSError, TypeError on unplug
                if self._stop.is_set():
                    break
                self._lost(f"unplugged ({exc or type(exc).__name__}); retrying every {self._retry_s:g} s")
                self._stop.wait(self._retry_s)
                continue
            if data:
                self._feed(bytes(data), self._ticks())
        self._handle = None

    def _try_open(self) -> bool:
        port = self._port if isinstance(self._port, str) else self._port()
        if not port:
            self.problem = f"not found (plug it in); retrying every {self._retry_s:g} s"
            return False
        self.where = port
        try:
            handle = self._opener(port)
        except Exception as exc:  # SerialException, OSError (ENOENT, EACCES), ValueError
            self.problem = f"cannot open ({exc}); retrying every {self._retry_s:g} s"
            return False
        self._on_open()
        self._handle = handle
        self.opens += 1
        self.connected = True
        self.problem = ""
        return True

    def _lost(self, why: str) -> None:
        handle, self._handle = self._handle, None
        if handle is not None:
            _quietly_close(handle)
        self.connected = False
        self.losses += 1
        self.problem = why


def _quietly_close(handle: Any) -> None:
    try:
        handle.close()
    except Exception:  # closing a port that is already gone must not raise
        pass
