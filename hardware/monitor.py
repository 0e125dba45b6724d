"""`companion pads`: watch the pads in a terminal while wiring them.

Prints every edge as it arrives - pad, tile, press or release, the edge's time in ms
since the monitor started, and the backend that stamped it - every fault as it is
raised or cleared, and every change in the hardware's health (a pad board unplugged,
or plugged in but silent), so a loose wire or a bouncy switch shows up before a game
does. With ``--json`` each of those is one JSON object per line, for scripts:

    {"pad": 3, "edge": "press", "t_ms": 1234.567}
    {"board": "silent", "detail": "pad board /dev/ttyACM0: connected but SILENT: ..."}
    {"pad": 2, "fault": "stuck", "active": true, "t_ms": 15000.0, "detail": "..."}
    {"pad": 2, "tag": "0A1B2C3D4E", "t_ms": 99.5}

``board`` is the backend's health word: "ok", "unavailable", and for the pad board
"waiting", "silent" and "unplugged".
"""

from __future__ import annotations

import argparse
import json
import os
import queue
import select
import sys
from typing import TYPE_CHECKING, Any, TextIO, cast

from hardware.events import Event, PadEvent, PadFault, TagRead, Ticks, now_ns

if TYPE_CHECKING:
    from hardware.backend import Backend
    from hardware.sim import SimBackend

#: the longest the monitor waits for an event before it looks at the health and the clock again
POLL_S = 0.1


def run(args: argparse.Namespace, out: TextIO | None = None, *, ticks: Ticks = now_ns) -> int:
    """Monitor until ``args.seconds`` pass on ``ticks`` (None: until Ctrl-C). Exit code 0.
    ``ticks`` is the pad board's host clock too, so a test drives the whole watch's time."""
    from hardware.choose import open_backend

    backend = open_backend(args.backend, pads=getattr(args, "pads", None), port=getattr(args, "port", None),
                           ticks=ticks)
    lines = Lines(backend, out or sys.stdout, getattr(args, "json", False), ticks())
    backend.start()
    # the backend named sim is a SimBackend, told by name so hardware.sim (and gpiozero) loads only for it
    keys = SimKeys(cast("SimBackend", backend)) if backend.name == "sim" else None
    try:
        if keys is not None:
            keys.start()
        lines.opening(args.seconds)
        deadline = None if args.seconds is None else ticks() + round(args.seconds * 1e9)
        while deadline is None or ticks() < deadline:
            if keys is not None:
                keys.read()
            lines.next_event(_wait_s(deadline, ticks()))
            lines.health()
    except KeyboardInterrupt:
        pass
    finally:
        if keys is not None:
            keys.stop()
        backend.close()
    return 0


def _wait_s(deadline: int | None, now: int) -> float:
    """How long to wait for the next event: :data:`POLL_S`, less when the end is nearer."""
    return POLL_S if deadline is None else max(0.0, min(POLL_S, (deadline - now) / 1e9))


class Lines:
    """What the monitor prints, for a person (columns) or a script (``as_json``: one JSON
    object a line), and the health it said last, so a change is said once."""

    def __init__(self, backend: Backend, out: TextIO, as_json: bool, t0_ns: int) -> None:
        self._backend = backend
        self._out = out
        self._json = as_json
        self._t0_ns = t0_ns
        self._seen = ("", "")

    def say(self, line: str) -> None:
        print(line, file=self._out, flush=True)

    def opening(self, seconds: float | None) -> None:
        """The hardware's health first; for a person, the pads and the columns to come."""
        status = self._backend.status()
        self._seen = (status.health, status.detail)
        if self._json:
            self.say(json.dumps(health_record(status.health, status.detail)))
            return
        self.say(f"{status.backend}: {status.detail}")
        for pad in self._backend.pads:
            self.say(f"  pad {pad.number}  {pad.pin:<7} {pad.name} ({pad.location})")
        self.say("edges (time in ms since start):" + ("" if seconds is None else f" for {seconds:g} s"))

    def next_event(self, wait_s: float) -> None:
        """The next event on the queue, waiting at most ``wait_s`` for one."""
        try:
            event = self._backend.events.get(timeout=wait_s)
        except queue.Empty:
            return
        self.say(json.dumps(record(event, self._t0_ns)) if self._json
                 else describe(event, self._backend.pads.tile, self._t0_ns))

    def health(self) -> None:
        """A line when the health changed (for a person, its detail too); a BrokenPipeError
        when nobody reads any more (`companion pads | head -1`), whether or not an edge came."""
        if reader_gone(self._out):
            raise BrokenPipeError(f"the reader of {getattr(self._out, 'name', 'the output')} went away")
        status = self._backend.status()
        now = (status.health, status.detail)
        if now[0] != self._seen[0] or (not self._json and now[1] != self._seen[1]):
            self.say(json.dumps(health_record(*now)) if self._json else f"{self._backend.name}: {now[1]}")
        self._seen = now


class SimKeys:
    """Keys 1-6 typed at the terminal press the simulated pads (a 100 ms tap), as they do in
    the app: with nothing to press them, `companion pads --json | head -3` waited forever for
    lines no sim pad could send. Read without waiting for Enter (the terminal in cbreak
    mode, put back as it was at the end; Ctrl-C still stops). Nothing when standard input
    is no terminal."""

    TAP_S = 0.1

    def __init__(self, backend: SimBackend, stdin: TextIO | None = None) -> None:
        self._backend = backend
        self._stdin = stdin or sys.stdin
        self._saved: list[Any] | None = None  # the terminal's settings, put back at the end

    def start(self) -> None:
        import termios
        import tty

        try:
            fd = self._stdin.fileno()
            if not os.isatty(fd):
                return
            self._saved = termios.tcgetattr(fd)
            tty.setcbreak(fd)
        except (AttributeError, OSError, ValueError, termios.error):  # no terminal: no keys
            self._saved = None
            return
        numbers = self._backend.pads.numbers
        print(f"companion pads: keys {min(numbers)}-{max(numbers)} press the simulated pads; Ctrl-C stops",
              file=sys.stderr, flush=True)

    def read(self) -> None:
        """Press the pad of every digit typed since the last call."""
        if self._saved is None:
            return
        fd = self._stdin.fileno()
        while select.select([fd], [], [], 0)[0]:
            typed = os.read(fd, 64).decode("ascii", "ignore")
            if not typed:
                return
            for key in typed:
                if key.isdigit() and int(key) in self._backend.pads:
                    self._backend.hold(int(key), self.TAP_S)

    def stop(self) -> None:
        if self._saved is not None:
            import termios

            termios.tcsetattr(self._stdin.fileno(), termios.TCSADRAIN, self._saved)
            self._saved = None


def reader_gone(out: TextIO) -> bool:
    """Is ``out`` a pipe whose reader has closed it? poll(2) reports POLLERR on the write end
    of such a pipe (pipe(7)) without anything being written, so a monitor with nothing to
    print (no pad pressed) still ends when its reader does; never for a terminal or a file."""
    try:
        fd = out.fileno()
    except (AttributeError, OSError, ValueError):  # a StringIO in the tests: nobody to lose
        return False
    watch = select.poll()
    watch.register(fd, 0)  # errors and hang-ups only: they are always reported
    return any(events & (select.POLLERR | select.POLLHUP) for _fd, events in watch.poll(0))


def health_record(health: str, detail: str) -> dict[str, Any]:
    return {"board": health, "detail": detail}


def record(event: Event, t0_ns: int) -> dict[str, Any]:
    """One event as the JSON object `companion pads --json` prints for it."""
    t_ms = round((event.t_ns - t0_ns) / 1e6, 3)
    if isinstance(event, PadEvent):
        return {"pad": event.pad, "edge": "press" if event.pressed else "release", "t_ms": t_ms}
    if isinstance(event, TagRead):
        return {"pad": event.pad, "tag": event.tag, "t_ms": t_ms}
    return {"pad": event.pad, "fault": event.kind, "active": event.active, "t_ms": t_ms, "detail": event.message}


def describe(event: Event, tile, t0_ns: int) -> str:
    """One line per event, columns lined up for a terminal."""
    ms = (event.t_ns - t0_ns) / 1e6
    if isinstance(event, PadEvent):
        edge = "press" if event.pressed else "release"
        return f"pad {event.pad}  {tile(event.pad):<16} {edge:<7} {ms:12.3f} ms  {event.source}"
    if isinstance(event, TagRead):
        return f"pad {event.pad}  {tile(event.pad):<16} tag {event.tag}  {ms:12.3f} ms"
    if isinstance(event, PadFault):
        word = "FAULT" if event.active else "OK   "
        return f"{word} pad {event.pad} ({event.kind}) {ms:12.3f} ms  {event.message}"
    return repr(event)
