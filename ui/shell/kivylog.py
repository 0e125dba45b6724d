"""Kivy's start-up noise, told in one honest line each, so real errors stand out in the journal.

Two things Kivy reports at ERROR/CRITICAL on a healthy table:

* ``kivy/input/providers/__init__.py`` imports the mtdev provider unconditionally and logs a
  traceback (``Logger.exception``) when ``libmtdev.so.1`` is not installed. That only matters
  if the mtdev provider is configured, and then ``kivy/base.py`` still warns
  ``Base: Unknown <mtdev> provider``, so the traceback adds nothing.
* ``kivy/core/clipboard/__init__.py`` looks for an X *cut buffer* (middle-click paste) with
  ``xclip`` or ``xsel`` on Linux whatever clipboard was chosen, and logs CRITICAL with a
  traceback when neither program exists. A touchscreen has no middle button; copy and paste
  keep working through the SDL2 clipboard.

Both records become one INFO line. And when no window can be made at all (no screen, a
missing libGL), ``kivy/core/__init__.py`` logs CRITICAL with the traceback of every window
provider it tried: the record keeps its level, and says each provider's error on one line,
without the frames (the app then exits with one line of its own, ui/shell/launch.py). Every other
record passes untouched. The filter sits on
Kivy's logger (``logging.getLogger("kivy")``, see ``kivy/logger.py``), so it applies to every
handler Kivy attaches.
"""

from __future__ import annotations

import logging

#: the SDL2 clipboard ships inside Kivy's wheels, so it always exists; choosing it up front
#: spares the xclip/xsel/dbus/gtk probes (``kivy_options['clipboard']`` reads KIVY_CLIPBOARD)
CLIPBOARD = "sdl2"

_QUIETER = (
    ("Input: MTDev is not supported",
     "Input: libmtdev is not installed; the mtdev touch provider is unavailable "
     "(hidinput and probesysfs read touchscreens without it)"),
    ("Cutbuffer: Unable to find any valuable Cutbuffer provider",
     "Clipboard: no X cut buffer (xclip or xsel); middle-click paste is off, copy and paste still work"),
)


#: how Kivy's CRITICAL record starts when no window provider works (kivy/core/__init__.py)
NO_WINDOW = "Window: Unable to find any valuable Window provider"


class KnownNoise(logging.Filter):
    """Rewrites Kivy's known harmless start-up complaints as one INFO line each."""

    def filter(self, record: logging.LogRecord) -> bool:
        if record.levelno < logging.ERROR:
            return True
        text = record.getMessage()
        if text.startswith(NO_WINDOW):
            tried = [line for line in text.splitlines()[1:] if line.strip() and not line[0].isspace()]
            record.msg, record.args = f"{NO_WINDOW}: " + ("; ".join(tried) or "no provider could be tried"), None
            return True
        for start, said in _QUIETER:
            if text.startswith(start):
                record.msg, record.args = said, None
                record.levelno, record.levelname = logging.INFO, "INFO"
                record.exc_info = record.exc_text = None
                break
        return True


def install() -> None:
    """Put the filter on Kivy's logger once; call it before Kivy loads its input providers."""
    logger = logging.getLogger("kivy")
    if not any(isinstance(f, KnownNoise) for f in logger.filters):
        logger.addFilter(KnownNoise())
