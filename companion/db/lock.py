"""One app per database: an exclusive lock held for the app's whole life.

Two apps on one file would each replay the log, then interleave their actions into it (or
fail on SQLite's own short locks with a confusing message). The app therefore holds
``flock(LOCK_EX)`` on ``<database>.lock`` while it runs; a second app is told plainly that
the companion is already running. The CLI reads the database without this lock, so
`companion doctor` or `referee replay` still work beside a running app.

Why a lock file beside the database and not a lock on the database itself: SQLite takes
POSIX (fcntl) locks on the database, and POSIX locks are dropped when *any* descriptor of
that file is closed by the process, so opening the database a second time would silently
release SQLite's locks (SQLite's docs, "How To Corrupt An SQLite Database File", 2.2).
flock is released by the kernel when the process dies, so a pulled plug or a SIGKILL never
leaves a stale lock. The file is kept after exit (removing it would race a starting app).
"""

from __future__ import annotations

import fcntl
import os
from pathlib import Path

from companion.db.place import os_hint
from companion.intake.errors import StoreError
from companion.intake.files import remove_quietly


def lock_path(db: str | os.PathLike[str]) -> Path:
    return Path(f"{db}.lock")


class AppLock:
    """The held lock; :meth:`release` (or process exit) lets another app start."""

    def __init__(self, db: str | os.PathLike[str]) -> None:
        self.path = lock_path(db)
        try:
            try:
                self._fd: int | None = os.open(self.path, os.O_RDWR | os.O_CREAT | os.O_EXCL | os.O_CLOEXEC, 0o644)
                self.made = True  # this lock made the file (see release)
            except FileExistsError:
                self._fd = os.open(self.path, os.O_RDWR | os.O_CLOEXEC)
                self.made = False
        except OSError as exc:
            raise StoreError(f"cannot make the lock file {self.path} ({exc.strerror}): "
                             f"{os_hint(exc, self.path.parent)}.") from None
        try:
            fcntl.flock(self._fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            pid = _holder_pid(self._fd)
            self.release()
            raise StoreError(already_running(db, pid)) from None
        except OSError as exc:
            self.release()
            raise StoreError(f"cannot lock {self.path} ({exc.strerror}): keep the database on a local "
                             "disk, or pass --db to use another file.") from None
        try:  # who holds it, for a second app's message; the lock itself is the flock
            os.ftruncate(self._fd, 0)
            os.pwrite(self._fd, f"{os.getpid()}\n".encode(), 0)
        except OSError:  # a full disk: the lock is held all the same, its holder unnamed
            pass

    def release(self, *, tidy: bool = False) -> None:
        """Let another app start. ``tidy``: also remove the lock file if this lock made it
        (a refused import or restore leaves nothing beside the database). Removed while
        still held, so no other process can be holding it: one that opened it meanwhile
        was refused, and one that comes after makes a new file."""
        if self._fd is not None:
            if tidy and self.made:
                remove_quietly(self.path)
            os.close(self._fd)  # closing the descriptor releases the flock
            self._fd = None


def already_running(db: str | os.PathLike[str], pid: int | None) -> str:
    process = f" (process {pid})" if pid else ""
    return (f"the companion is already running{process} and is using {db}. Only one app can use a "
            "database at a time: close the other one (on the Pi: sudo systemctl stop companion), "
            "then tap Try again; or pass --db to use another file.")


def holder(db: str | os.PathLike[str]) -> int | None:
    """The process id of the app holding the database's lock, 0 when its id is unknown,
    None when no app holds it. Only looks: never creates the lock file."""
    try:
        fd = os.open(lock_path(db), os.O_RDONLY | os.O_CLOEXEC)
    except OSError:
        return None
    try:
        fcntl.flock(fd, fcntl.LOCK_SH | fcntl.LOCK_NB)
    except OSError:
        return _holder_pid(fd) or 0
    else:
        return None
    finally:
        os.close(fd)


def _holder_pid(fd: int) -> int | None:
    try:
        text = os.pread(fd, 32, 0).decode("ascii").strip()
    except (OSError, UnicodeDecodeError):
        return None
    return int(text) if text.isdigit() else None
