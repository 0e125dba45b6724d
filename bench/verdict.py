"""How every bench ends: its figures printed, then exit 0 when it met its targets, 1 with one
line per missed target, 2 with the traceback when it failed to measure at all.

Kivy's logger (its default KIVY mode) replaces sys.stderr with a stream into the log, and the
benches turn the console log off (KIVY_NO_CONSOLELOG): a bench that crashed after importing
Kivy exited 1 with no word of why. So the headless settings here keep Kivy in MIXED mode (its
handlers on its own logger, sys.stderr left alone), and :func:`run` writes a failure to the
interpreter's own stderr whatever was done to sys.stderr since.
"""

from __future__ import annotations

import os
import sys
import traceback
from typing import Callable

#: a Pi 4 core against this machine's, for the estimates each bench prints
PI_FACTOR = 5.5

#: Kivy with no screen, no sound and no console log, but with sys.stderr its own
HEADLESS_KIVY = {"SDL_VIDEODRIVER": "offscreen", "SDL_AUDIODRIVER": "dummy", "KIVY_NO_ARGS": "1",
                 "KIVY_USE_DEFAULTCONFIG": "1", "KIVY_NO_CONSOLELOG": "1", "KIVY_NO_FILELOG": "1",
                 "KIVY_LOG_MODE": "MIXED"}


def headless_kivy() -> None:
    """Set :data:`HEADLESS_KIVY` before Kivy is first imported (what the caller set wins)."""
    for key, value in HEADLESS_KIVY.items():
        os.environ.setdefault(key, value)


def run(main: Callable[..., list[str] | None], *args: object) -> None:
    """Run a bench's ``main`` and exit: 0 when it returns no missed targets, 1 after saying
    each one it returns, 2 after the traceback of anything it raised."""
    try:
        missed = main(*args) or []
    except Exception as exc:  # noqa: BLE001 - every failure is said, then the exit says it too
        stream = sys.__stderr__ or sys.stderr
        traceback.print_exc(file=stream)
        print(f"FAILED: {os.path.basename(sys.argv[0])} could not measure: {exc!r}", file=stream)
        sys.exit(2)
    for line in missed:
        print(f"MISSED: {line}", file=sys.__stderr__ or sys.stderr)
    sys.exit(1 if missed else 0)
