"""The serial pad board (a Pico or an Arduino on USB) next to the tiles: microsecond stamps.

The board stamps each edge with its own microsecond counter, in the interrupt, so USB
and Python latency never touch the time (principle 3). Lines, one per event, ASCII:

    P <pad> <us>      press on pad <pad> at board time <us>
    R <pad> <us>      release
    T <pad> <tagid>   a pawn's RFID tag seen on that pad's tile (hex)
    H <us>            heartbeat, once a second

``<us>`` is the board's 32-bit microsecond counter (``time.ticks_us()`` masked to 32 bits
on a Pico, ``micros()`` on an Arduino): it wraps every 71.6 minutes.

Anything else - noise on the line, a half line from a replug, a bad number, a command
we do not know, a pad not in the map - is skipped and counted, never raised: a game
must not stop because a cable crackled (principle 7).
"""

from __future__ import annotations

import re
import threading
from typing import Callable

from hardware.backend import Backend
from hardware.events import TagRead
from hardware.padmap import PadMap
from hardware.serial_link import Opener, PortReader, open_port

WRAP_US = 1 << 32
MAX_LINE = 64
_TAG = re.compile(r"[0-9A-F]{4,20}")


class BoardClock:
    """Board microseconds -> host monotonic nanoseconds.

    The offset is fixed at the first heartbeat; the board's crystal then runs a few tens
    of ppm off the Pi's, so the rate is re-estimated from each later heartbeat (over at
    least ``min_span_s``, clamped to ``max_ppm``) and the mapping re-anchored where it
    stands, so it never jumps. USB latency only ever makes a line arrive *later* than its
    stamp, so a line received before its mapped time proves the offset too late, and the
    offset is pulled back to it. A heartbeat off by more than ``resync_s`` means the board
    restarted: start again from it.
    """

    def __init__(self, *, min_span_s: float = 10.0, max_ppm: float = 1000.0, resync_s: float = 1.0) -> None:
        self._min_span_us = round(min_span_s * 1e6)
        self._max_dev = max_ppm * 1e-6
        self._resync_ns = round(resync_s * 1e9)
        self.resyncs = 0
        self.reset()

    def reset(self) -> None:
        """Forget the board (it was unplugged: it may come back with a new counter)."""
        self._last_raw: int | None = None
        self._last_ext = 0
        self._first: tuple[int, int] | None = None  # (board us, host ns)
        self._anchor: tuple[int, int] = (0, 0)
        self._rate = 1000.0  # host ns per board us

    @property
    def synced(self) -> bool:
        return self._first is not None

    @property
    def ppm(self) -> float:
        """How fast the board's clock runs against the host's, in parts per million."""
        return (self._rate / 1000.0 - 1.0) * 1e6

    def unwrap(self, raw_us: int) -> int:
        """The 32-bit counter extended past its wraps. A stamp slightly older than the
        newest (an edge sent after a heartbeat) stays older; only forward steps advance."""
        if self._last_raw is None:
            self._last_raw, self._last_ext = raw_us, raw_us
            return raw_us
        step = (raw_us - self._last_raw + WRAP_US // 2) % WRAP_US - WRAP_US // 2
        ext = self._last_ext + step
        if step > 0:
            self._last_raw, self._last_ext = raw_us, ext
        return ext

    def heartbeat(self, raw_us: int, host_ns: int) -> None:
        board = self.unwrap(raw_us)
        if self._first is not None and abs(self._map(board) - host_ns) > self._resync_ns:
            self.resyncs += 1
            self.reset()
            board = self.unwrap(raw_us)
        if self._first is None:
            self._first = self._anchor = (board, host_ns)
            return
        first_board, first_host = self._first
        span = board - first_board
        if span >= self._min_span_us:
            rate = (host_ns - first_host) / span
            rate = min(max(rate, 1000.0 * (1 - self._max_dev)), 1000.0 * (1 + self._max_dev))
            self._anchor = (board, self._map(board))
            self._rate = rate
        self._bound(board, host_ns)

    def to_host(self, raw_us: int, host_ns: int) -> int | None:
        """The host time of a board stamp received at ``host_ns``; None before the first
        heartbeat (nothing to map with yet)."""
        if self._first is None:
            return None
        board = self.unwrap(raw_us)
        self._bound(board, host_ns)
        return self._map(board)

    def _map(self, board: int) -> int:
        anchor_board, anchor_host = self._anchor
        return anchor_host + round((board - anchor_board) * self._rate)

    def _bound(self, board: int, host_ns: int) -> None:
        late = self._map(board) - host_ns
        if late > 0:  # received before it happened: the offset was too late
            anchor_board, anchor_host = self._anchor
            self._anchor = (anchor_board, anchor_host - late)


class BoardParser:
    """Bytes from the board in, pad edges and tag reads out (to the callbacks).

    Pure apart from the callbacks, so tests feed it bytes directly.
    """

    SKIP_REASONS = ("garbage", "too long", "bad number", "unknown command", "unknown pad", "unsynced")

    def __init__(self, pads: PadMap, clock: BoardClock, *, edge: Callable[[int, bool, int], None],
                 tag: Callable[[TagRead], None]) -> None:
        self._pads = pads
        self._clock = clock
        self._edge = edge
        self._tag = tag
        self._buffer = bytearray()
        self._overflow = False  # a line grew past MAX_LINE: skip to its end
        self.lines = 0
        self.skipped = dict.fromkeys(self.SKIP_REASONS, 0)

    def restart(self) -> None:
        """The port was (re)opened: forget any half line from before. The tail of a line
        cut by a replug is never itself a valid line (every valid line starts with its
        command letter), so it is skipped and counted like any other garbage."""
        self._buffer.clear()
        self._overflow = False

    def feed(self, data: bytes, host_ns: int) -> None:
        for byte in data:
            if byte == 0x0A:  # \n ends a line; \r before it is stripped
                if not self._overflow:
                    self._line(bytes(self._buffer).rstrip(b"\r"), host_ns)
                self._buffer.clear()
                self._overflow = False
            elif not self._overflow:
                self._buffer.append(byte)
                if len(self._buffer) > MAX_LINE:
                    self.skipped["too long"] += 1
                    self._buffer.clear()
                    self._overflow = True

    def _line(self, raw: bytes, host_ns: int) -> None:
        try:
            words = raw.decode("ascii").split()
        except UnicodeDecodeError:
            words = None
        if words == []:
            return
        reason = self._obey(words, host_ns) if words else "garbage"
        if reason:
            self.skipped[reason] += 1
        else:
            self.lines += 1

    def _obey(self, words: list[str], host_ns: int) -> str | None:
        """Act on one line; the reason it was skipped, or None."""
        command, args = words[0], words[1:]
        if command not in ("H", "P", "R", "T"):
            return "unknown command" if len(command) == 1 and "A" <= command <= "Z" else "garbage"
        if len(args) != (1 if command == "H" else 2):
            return "bad number"
        if command == "H":
            us = _micros(args[0])
            if us is None:
                return "bad number"
            self._clock.heartbeat(us, host_ns)
            return None
        pad = _pad_number(args[0])
        if pad is None:
            return "bad number"
        if command == "T":
            tag = args[1].upper()
            if not _TAG.fullmatch(tag):
                return "bad number"
            if pad not in self._pads:
                return "unknown pad"
            self._tag(TagRead(pad, tag, host_ns))
            return None
        us = _micros(args[1])
        if us is None:
            return "bad number"
        if pad not in self._pads:
            return "unknown pad"
        t_ns = self._clock.to_host(us, host_ns)
        if t_ns is None:
            return "unsynced"
        self._edge(pad, command == "P", t_ns)
        return None


def _micros(text: str) -> int | None:
    return int(text) if text.isascii() and text.isdigit() and int(text) < WRAP_US else None


def _pad_number(text: str) -> int | None:
    return int(text) if text.isascii() and text.isdigit() and len(text) <= 3 else None


class SerialBackend(Backend):
    """Pads on a USB serial pad board. ``port`` None: the first USB serial port found
    (looked up again at every reconnect). ``opener`` is for tests (``loop://``, ptys)."""

    name = "serial"

    def __init__(self, pads: PadMap, *, port: str | None = None, baudrate: int = 115200,
                 opener: Opener | None = None, retry_s: float = 1.0, bounce_ms: float = 30.0,
                 tick_s: float | None = 0.05) -> None:
        super().__init__(pads, bounce_ms=bounce_ms, tick_s=tick_s)
        self.clock = BoardClock()
        self._lock = threading.Lock()
        self.parser = BoardParser(pads, self.clock, edge=self.pipeline.edge, tag=self.events.put)
        self.reader = PortReader(
            port if port is not None else first_usb_serial_port,
            self._feed,
            opener=opener or (lambda url: open_port(url, baudrate)),
            on_open=self._reopened, retry_s=retry_s, name="pad-board")

    def _feed(self, data: bytes, host_ns: int) -> None:
        with self._lock:
            self.parser.feed(data, host_ns)

    def _reopened(self) -> None:
        with self._lock:
            self.parser.restart()
            self.clock.reset()

    def _open(self) -> None:
        self.reader.start()

    def _close(self) -> None:
        self.reader.stop()

    def _describe(self) -> tuple[bool, str]:
        with self._lock:
            synced = self.clock.synced
        state = self.reader.describe()
        if self.reader.connected and not synced:
            state += ", waiting for the first heartbeat"
        return self.reader.connected and synced, f"pad board {state}"

    def _counters(self) -> dict[str, int]:
        with self._lock:
            skipped = {f"skipped: {why}": n for why, n in self.parser.skipped.items()}
            return {"lines": self.parser.lines, **skipped, "clock resyncs": self.clock.resyncs,
                    "reconnects": max(0, self.reader.opens - 1)}


def first_usb_serial_port() -> str | None:
    """The first port that looks like a microcontroller on USB (has a USB vendor id)."""
    from serial.tools import list_ports

    ports = sorted(list_ports.comports(), key=lambda p: p.device)
    for info in ports:
        if info.vid is not None:
            return info.device
    return None
