"""The serial pad board (a Pico or an Arduino on USB) next to the tiles: microsecond stamps.

The board stamps each edge with its own microsecond counter, in the interrupt, so USB
and Python latency never touch the time (principle 3). Lines, one per event, ASCII:

    P <pad> <us>      press on pad <pad> at board time <us>
    R <pad> <us>      release
    T <pad> <tagid>   a pawn's RFID tag seen on that pad's tile (hex)
    H <us>            heartbeat, once a second
    V <version>       the firmware's version (at start and every 10 s)
    O <count>         edges the board lost because its buffer was full (when it changes)

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
from hardware.events import TagRead, Ticks, now_ns
from hardware.padmap import PadMap
from hardware.serial_link import Opener, PortReader, open_port

WRAP_US = 1 << 32
MAX_LINE = 64
_TAG = re.compile(r"[0-9A-F]{4,20}")
_VERSION = re.compile(r"[0-9A-Za-z.+_-]{1,16}")
HEARTBEAT_S = 1.0  # the firmware's heartbeat period
VERSION_EVERY_S = 10.0  # the firmware sends its version with every 10th heartbeat
#: the version of wiring/firmware/main.py this host speaks with (a test keeps them equal):
#: `companion doctor` names a board that runs another
FIRMWARE_VERSION = "1.1"
SILENT_AFTER_BEATS = 2.5
"""No heartbeat for this many periods and the board is "silent": two beats missed and
the third half a period overdue, so a dead board is named within three periods of its
last sign of life, while one heartbeat lost or held up on USB never trips it."""


class BoardClock:
    """Board microseconds -> host monotonic nanoseconds.

    The offset is fixed at the first heartbeat. USB latency only ever makes a line arrive
    *later* than its stamp, so a line received a little before its mapped time proves
    the offset too late, and the offset is pulled back to it; a line that would pull it
    back by more than ``outlier_ms`` is not believed (a corrupt or future stamp must not
    shift every later claim): the clock ignores it and the parser skips it.

    The board's crystal runs a few tens of ppm off the Pi's. The rate is estimated from
    the heartbeats that arrived fastest near the start and near the end of the span
    seen so far (the lower envelope, so one heartbeat held up in a USB buffer does not
    bend it), over at least ``min_span_s``, clamped to ``max_ppm``, and the mapping is
    re-anchored where it stands, so it never jumps.

    A heartbeat far off the mapping (more than ``outlier_ms`` early or ``resync_s`` late)
    is held as a suspect: if the next one agrees with it the board's counter really
    jumped (a soft reset, a reflash) and the clock starts again from it, keeping the
    crystal's rate; if not, it was noise and is dropped.
    """

    def __init__(self, *, min_span_s: float = 10.0, max_ppm: float = 1000.0, resync_s: float = 1.0,
                 outlier_ms: float = 100.0) -> None:
        self._min_span_us = round(min_span_s * 1e6)
        self._max_dev = max_ppm * 1e-6
        self._resync_ns = round(resync_s * 1e9)
        self._outlier_ns = round(outlier_ms * 1e6)
        self.resyncs = 0
        self.outliers = 0
        self._rate = 1000.0  # host ns per board us; kept across a board reset (same crystal)
        self.reset()

    def reset(self) -> None:
        """Forget the board's counter (unplugged or restarted: it may come back anywhere)."""
        self._last_raw: int | None = None
        self._last_ext = 0
        self._beats: list[tuple[int, int]] = []  # (board us, host ns) of believed heartbeats
        self._anchor: tuple[int, int] | None = None
        self._suspect: tuple[int, int] | None = None  # (raw us, host ns) of a heartbeat far off

    @property
    def synced(self) -> bool:
        return self._anchor is not None

    @property
    def ppm(self) -> float:
        """How fast the board's clock runs against the host's, in parts per million:
        positive when the board counts more microseconds than the host lives through."""
        return (1000.0 / self._rate - 1.0) * 1e6

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
        if self._anchor is None:
            self._start(raw_us, host_ns)
            return
        error = self._map(self._peek(raw_us)) - host_ns  # > 0: mapped after it arrived
        if error > self._outlier_ns or error < -self._resync_ns:
            suspect, self._suspect = self._suspect, (raw_us, host_ns)
            if suspect is not None and _agree(suspect, (raw_us, host_ns), self._outlier_ns):
                self.resyncs += 1  # two in a row agree: the counter jumped (a board reset)
                self.reset()
                self._start(suspect[0], suspect[1])
                self.heartbeat(raw_us, host_ns)
            else:
                self.outliers += 1
            return
        self._suspect = None
        board = self.unwrap(raw_us)
        self._beats.append((board, host_ns))
        self._estimate_rate(board)
        self._bound(board, host_ns)

    def to_host(self, raw_us: int, host_ns: int) -> int | None:
        """The host time of a board stamp received at ``host_ns``; None before the first
        heartbeat (nothing to map with yet) or when the stamp is off the clock: more than
        ``outlier_ms`` after its arrival, or more than ``resync_s`` before it (a board that
        restarted since its last heartbeat, or a corrupt number)."""
        if self._anchor is None:
            return None
        error = self._map(self._peek(raw_us)) - host_ns
        if error > self._outlier_ns or error < -self._resync_ns:
            self.outliers += 1
            return None
        board = self.unwrap(raw_us)
        self._bound(board, host_ns)
        return self._map(board)

    def _start(self, raw_us: int, host_ns: int) -> None:
        board = self.unwrap(raw_us)
        self._anchor = (board, host_ns)
        self._beats = [(board, host_ns)]

    def _peek(self, raw_us: int) -> int:
        """``unwrap`` without remembering it (a suspect must not move the counter)."""
        if self._last_raw is None:
            return raw_us
        return self._last_ext + (raw_us - self._last_raw + WRAP_US // 2) % WRAP_US - WRAP_US // 2

    def _estimate_rate(self, board: int) -> None:
        first_board = self._beats[0][0]
        span = board - first_board
        if span < self._min_span_us:
            return
        # the fastest-delivered heartbeat of the first and of the last quarter of the span
        edge = span // 4
        early = [b for b in self._beats if b[0] - first_board <= edge]
        late = [b for b in self._beats if board - b[0] <= edge]
        a = min(early, key=lambda b: b[1] - b[0] * 1000)
        z = min(late, key=lambda b: b[1] - b[0] * 1000)
        rate = (z[1] - a[1]) / (z[0] - a[0])
        rate = min(max(rate, 1000.0 * (1 - self._max_dev)), 1000.0 * (1 + self._max_dev))
        self._anchor = (board, self._map(board))
        self._rate = rate
        if len(self._beats) > 4096:  # hours of heartbeats: keep the envelope's ends
            self._beats = self._beats[::2]

    def _map(self, board: int) -> int:
        assert self._anchor is not None, "mapped only once anchored"  # the hot path: no check under -O
        anchor_board, anchor_host = self._anchor
        return anchor_host + round((board - anchor_board) * self._rate)

    def _bound(self, board: int, host_ns: int) -> None:
        late = self._map(board) - host_ns
        if late > 0:  # received before it happened: the offset was too late
            assert self._anchor is not None, "bound only once anchored"
            anchor_board, anchor_host = self._anchor
            self._anchor = (anchor_board, anchor_host - late)


def _agree(first: tuple[int, int], second: tuple[int, int], tolerance_ns: int) -> bool:
    """Do two heartbeats (raw us, host ns) tell the same offset, within ``tolerance_ns``?"""
    board_step = (second[0] - first[0]) % WRAP_US
    return abs(board_step * 1000 - (second[1] - first[1])) <= tolerance_ns


class BoardParser:
    """Bytes from the board in, pad edges and tag reads out (to the callbacks).

    Pure apart from the callbacks, so tests feed it bytes directly.
    """

    SKIP_REASONS = ("garbage", "too long", "bad number", "unknown command", "unknown pad", "unsynced",
                    "off the board clock")

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
        self.heartbeats = 0
        self.last_heartbeat_ns: int | None = None  # host time of the last heartbeat
        self.firmware = ""  # the board's version, from its `V` line
        self.board_lost = 0  # edges the board dropped with its ring full, from its `O` line

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
        if command not in ("H", "P", "R", "T", "V", "O"):
            return "unknown command" if len(command) == 1 and "A" <= command <= "Z" else "garbage"
        if len(args) != (2 if command in "PRT" else 1):
            return "bad number"
        if command == "V":
            if not _VERSION.fullmatch(args[0]):
                return "bad number"
            self.firmware = args[0]
            return None
        if command in ("H", "O"):
            number = _micros(args[0])
            if number is None:
                return "bad number"
            if command == "O":
                self.board_lost = number
                return None
            self._clock.heartbeat(number, host_ns)
            self.heartbeats += 1
            self.last_heartbeat_ns = host_ns
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
        if not self._clock.synced:
            return "unsynced"
        t_ns = self._clock.to_host(us, host_ns)
        if t_ns is None:
            return "off the board clock"
        self._edge(pad, command == "P", t_ns)
        return None


def _micros(text: str) -> int | None:
    return int(text) if text.isascii() and text.isdigit() and int(text) < WRAP_US else None


def _pad_number(text: str) -> int | None:
    return int(text) if text.isascii() and text.isdigit() and len(text) <= 3 else None


class SerialBackend(Backend):
    """Pads on a USB serial pad board. ``port`` None: the first USB serial port found
    (looked up again at every reconnect). ``opener`` is for tests (``loop://``, ptys);
    ``heartbeat_s`` is the firmware's heartbeat period (tests run a faster board).
    ``ticks`` is the host clock every line's arrival, the heartbeat watch and the lockouts'
    end are read on: the app's, or a test's that moves only when the test moves it."""

    name = "serial"

    def __init__(self, pads: PadMap, *, port: str | None = None, baudrate: int = 115200,
                 opener: Opener | None = None, retry_s: float = 1.0, bounce_ms: float = 30.0,
                 tick_s: float | None = 0.05, heartbeat_s: float = HEARTBEAT_S,
                 clock: BoardClock | None = None, ticks: Ticks = now_ns) -> None:
        super().__init__(pads, bounce_ms=bounce_ms, tick_s=tick_s)
        self._ticks = ticks
        self.clock = clock or BoardClock()
        self.silent_after_ns = round(SILENT_AFTER_BEATS * heartbeat_s * 1e9)
        self._lock = threading.Lock()
        self._opened_ns = 0
        self.parser = BoardParser(pads, self.clock, edge=self.pipeline.edge, tag=self.events.put)
        self.reader = PortReader(
            port if port is not None else first_usb_serial_port,
            self._feed,
            opener=opener or (lambda url: open_port(url, baudrate)),
            on_open=self._reopened, retry_s=retry_s, name="pad-board", ticks=ticks)

    def _feed(self, data: bytes, host_ns: int) -> None:
        with self._lock:
            self.parser.feed(data, host_ns)

    def _reopened(self) -> None:
        with self._lock:
            self.parser.restart()
            self.clock.reset()
            self._opened_ns = self._ticks()

    def _open(self) -> None:
        self.reader.start()

    def _close(self) -> None:
        self.reader.stop()

    def health(self, now: int | None = None) -> tuple[str, str]:
        """("ok" | "waiting" | "silent" | "unplugged", one line for the screen).

        "silent" is the board that is plugged in but has stopped talking (crashed
        firmware, a wedged loop): USB is still up, so only the missing heartbeats tell."""
        now = self._ticks() if now is None else now
        state = self.reader.describe()
        if not self.reader.connected:
            return "unplugged", f"pad board {state}"
        with self._lock:
            last = self.parser.last_heartbeat_ns
            since = now - (self._opened_ns if last is None or last < self._opened_ns else last)
            firmware, lost = self.parser.firmware, self.parser.board_lost
        state += f", firmware {firmware}" if firmware else ""
        state += f", {lost} edges lost on the board (its buffer was full)" if lost else ""
        if since > self.silent_after_ns:
            heard = "no heartbeat since it was opened" if last is None or last < self._opened_ns \
                else f"no heartbeat for {since / 1e9:.1f} s"
            return "silent", (f"pad board {state} but SILENT: {heard}; claims are not judged. "
                              "Check the board's firmware, or unplug and replug it")
        if last is None or last < self._opened_ns:
            return "waiting", f"pad board {state}, waiting for the first heartbeat"
        return "ok", f"pad board {state}"

    def tick(self, now: int | None = None) -> None:
        super().tick(self._ticks() if now is None else now)

    def _condition(self) -> tuple[str, str]:
        return self.health()

    def _counters(self) -> dict[str, int]:
        with self._lock:
            skipped = {f"skipped: {why}": n for why, n in self.parser.skipped.items()}
            return {"lines": self.parser.lines, "heartbeats": self.parser.heartbeats, **skipped,
                    "clock resyncs": self.clock.resyncs, "clock outliers": self.clock.outliers,
                    "edges lost on the board (ring full)": self.parser.board_lost,
                    "reconnects": max(0, self.reader.opens - 1)}


def first_usb_serial_port() -> str | None:
    """The first port that looks like a microcontroller on USB (has a USB vendor id)."""
    from serial.tools import list_ports

    ports = sorted(list_ports.comports(), key=lambda p: p.device)
    for info in ports:
        if info.vid is not None:
            return info.device
    return None
