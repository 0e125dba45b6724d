"""Is there a screen to draw on? Asked before Kivy starts, so a headless machine gets a
plain sentence instead of an SDL traceback."""

from __future__ import annotations

import glob
import os
import sys

HEADLESS_HINT = (
    "to run without a screen (tests, CI), set SDL_VIDEODRIVER=offscreen; "
    "on the Pi, start the app from its console or the systemd unit in wiring/"
)


def display_problem() -> str | None:
    """None when a display is likely usable, else what is missing and how to proceed."""
    if sys.platform != "linux":
        return None
    if os.environ.get("SDL_VIDEODRIVER") or os.environ.get("DISPLAY") or os.environ.get("WAYLAND_DISPLAY"):
        return None
    cards = glob.glob("/dev/dri/card*")
    if cards and any(os.access(card, os.R_OK | os.W_OK) for card in cards):
        return None  # KMS/DRM console: SDL draws straight to the screen (the Pi without a desktop)
    if cards:
        return (f"found {', '.join(cards)} but cannot open it: add this user to the 'video' and "
                f"'render' groups, or {HEADLESS_HINT}")
    return f"no display found (DISPLAY and WAYLAND_DISPLAY are not set, and there is no /dev/dri card); {HEADLESS_HINT}"
