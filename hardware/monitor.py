"""`companion pads`: watch the pads in a terminal while wiring them.

Prints every edge as it arrives - pad, tile, press or release, the edge's time in ms
since the monitor started, and the backend that stamped it - and every fault as it is
raised or cleared, so a loose wire or a bouncy switch shows up before a game does.
"""

from __future__ import annotations

import argparse
import queue
import sys
import time
from typing import TextIO

from hardware.events import Event, PadEvent, PadFault, TagRead, now_ns


def run(args: argparse.Namespace, out: TextIO | None = None) -> int:
    """Monitor until ``args.seconds`` pass (None: until Ctrl-C). Exit code 0."""
    from hardware.choose import open_backend

    out = out or sys.stdout
    backend = open_backend(args.backend, pads=getattr(args, "pads", None), port=getattr(args, "port", None))
    t0 = now_ns()
    backend.start()
    try:
        status = backend.status()
        print(f"{status.backend}: {status.detail}", file=out)
        for pad in backend.pads:
            print(f"  pad {pad.number}  {pad.pin:<7} {pad.name} ({pad.location})", file=out)
        print("edges (time in ms since start):" + ("" if args.seconds is None else f" for {args.seconds:g} s"),
              file=out, flush=True)
        detail = status.detail
        deadline = None if args.seconds is None else time.monotonic() + args.seconds
        while deadline is None or time.monotonic() < deadline:
            wait = 0.1 if deadline is None else max(0.0, min(0.1, deadline - time.monotonic()))
            try:
                event = backend.events.get(timeout=wait)
            except queue.Empty:
                pass
            else:
                print(describe(event, backend.pads.tile, t0), file=out, flush=True)
            now = backend.status().detail
            if now != detail:
                detail = now
                print(f"{backend.name}: {detail}", file=out, flush=True)
    except KeyboardInterrupt:
        pass
    finally:
        backend.close()
    return 0


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
