"""One finger tap timed the way a player feels it: from lifting the finger to the next frame.

Shared by the UI benches so they all start the clock at the same moment (the release, after
the press has had its own frame)."""

from __future__ import annotations

import time

from kivy.base import EventLoop
from kivy.tests.common import UnitTestTouch


def release_timed(widget, flips: list[float]) -> float:
    """Press ``widget``, give the press its frame, clear ``flips`` and release; returns the
    ``time.perf_counter()`` of the release. The caller pumps frames until ``flips`` shows
    what it waits for."""
    touch = UnitTestTouch(*widget.to_window(*widget.center))
    touch.touch_down()
    EventLoop.idle()
    flips.clear()
    start = time.perf_counter()
    touch.touch_up()
    return start
