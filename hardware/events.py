"""The events every backend puts on its queue, and the one clock they are all stamped in.

docs/architecture.md, principle 3: a claim is decided by the time of the edge itself, so every
backend converts its own stamps (a pin factory's ticks, a pad board's microseconds) into
this single domain before an event leaves it. ``time.monotonic_ns`` is that domain
because the kernel stamps GPIO line events in CLOCK_MONOTONIC (the clock Python's
``time.monotonic`` reads, and the one gpiozero's local pin factories use for ``ticks()``),
and it never jumps when the wall clock is set by NTP at the table.
"""

from __future__ import annotations

import time
from dataclasses import dataclass
from typing import Callable

now_ns = time.monotonic_ns
"""The app's clock: nanoseconds of CLOCK_MONOTONIC. Every ``t_ns`` below is in it."""

Ticks = Callable[[], int]
"""A clock in the app's nanoseconds, injected where a part reads the time itself (the pad
board's arrival stamps and heartbeat watch): :data:`now_ns` at the table, a test's own
clock that only moves when the test moves it (as gpiozero's pin factories inject ticks)."""


@dataclass(frozen=True)
class PadEvent:
    """One debounced pad edge. ``pressed`` is True for a press (the switch closed).
    ``source`` names the backend ("gpio", "serial", "sim") so a disputed call can be
    traced to the hardware that produced it. ``settled``: not an edge that starts a press
    or release but the level a pad came to rest at once its bounces were over (the release
    of a tap shorter than the bounce window, hardware.debounce), stamped when it was seen:
    the screen shows it, the referee does not judge it (R-R4: it was part of its chain)."""

    pad: int
    pressed: bool
    t_ns: int
    source: str
    settled: bool = False


@dataclass(frozen=True)
class TagRead:
    """A pawn's RFID tag seen on a tile (R-R5: identity, never order). ``t_ns`` is when
    the host received it: a reader has no clock of its own, and it is not judged."""

    pad: int
    tag: str
    t_ns: int


@dataclass(frozen=True)
class PadFault:
    """A pad started or stopped misbehaving. While ``active`` the pad is left out of
    judging (its edges are not put on the queue); ``message`` is written for the screen."""

    pad: int
    tile: str
    kind: str  # "stuck" or "chatter"
    active: bool
    t_ns: int
    message: str


Event = PadEvent | TagRead | PadFault
