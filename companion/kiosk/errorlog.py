"""The app's record of what went wrong inside it: one bounded file beside the database.

A kiosk has no terminal and the service's journal rotates away, so an exception the app
recovered from (ui/shell/recovery.py) is written where the table's data lives and where
`companion doctor` looks: ``<database>.errors.log``. It never grows past two files of
``MAX_BYTES`` (the standard library's rotating handler keeps one older file beside it), so
a fault that repeats every frame cannot fill an SD card.
"""

from __future__ import annotations

import logging
import logging.handlers
import os
import re
from dataclasses import dataclass
from pathlib import Path

#: bytes of one log file; with the one older file kept, at most twice this on disk
MAX_BYTES = 64 * 1024
#: how an entry starts: "2026-12-07 18:40:12,345 <one line>"
_ENTRY = re.compile(r"^(\d{4}-\d\d-\d\d \d\d:\d\d:\d\d),\d{3} (.*)$")


def error_log_path(db_path: str | os.PathLike[str]) -> Path:
    """Where the app records the exceptions it recovered from, for the database at ``db_path``."""
    db = Path(db_path)
    return db.with_name(db.name + ".errors.log")


def record(db_path: str | os.PathLike[str], summary: str, details: str) -> None:
    """Append one entry (a line of what happened, then the traceback) to the log. A log that
    cannot be written (a full or read-only disk) is said on standard error by the logging
    module and changes nothing else: a recovered fault must not become a crash."""
    handler = logging.handlers.RotatingFileHandler(error_log_path(db_path), maxBytes=MAX_BYTES, backupCount=1,
                                                   encoding="utf-8", delay=True)
    handler.setFormatter(logging.Formatter("%(asctime)s %(message)s"))
    first = summary.splitlines()[0] if summary.strip() else "error"
    handler.emit(logging.LogRecord("companion", logging.ERROR, __file__, 0, f"{first}\n{details.rstrip()}",
                                   None, None))
    handler.close()


@dataclass(frozen=True)
class Logged:
    """What the log holds: how many entries, and the newest one's time and first line."""

    count: int
    last_at: str
    last: str


def read_log(db_path: str | os.PathLike[str]) -> Logged | None:
    """The entries of the log (the current file only), or None when there are none; a log
    that cannot be read counts as none (doctor says what it can, and never fails on it)."""
    try:
        text = error_log_path(db_path).read_text(encoding="utf-8", errors="replace")
    except OSError:
        return None
    entries = [m for m in map(_ENTRY.match, text.splitlines()) if m]
    if not entries:
        return None
    return Logged(len(entries), entries[-1].group(1), entries[-1].group(2))
