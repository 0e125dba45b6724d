"""USB sticks to back up to: which are plugged in, and a backup onto one said in plain words.

No root and no daemon of our own: the desktop's automounter (udisks2, as on Raspberry Pi OS
with a desktop) mounts a stick at ``/media/<user>/<LABEL>`` or ``/run/media/<user>/<LABEL>``,
and a kiosk's mount unit or fstab line puts a FAT/exFAT stick (``/dev/sd*``) wherever it
likes. ``/proc/self/mounts`` lists them all (one line per mount: device, mount point,
filesystem, options, with spaces in names written as ``\\040``; proc(5)). Reading it takes
under a millisecond (0.6 ms here), so the app can look again every 2 s while Home is shown.

The copy itself is :func:`companion.db.backup.backup` (SQLite's online backup API, checked, then
renamed into place), which only reads the table's database: whatever happens to the stick, the
database is unchanged. What can go wrong with a stick (full, write-protected, pulled out
during the copy) is told apart here, after the fact, from what the stick looks like then.
"""

from __future__ import annotations

import errno
import os
import re
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path
from typing import Callable

from companion.db.backup import Copy, backup, backup_size
from companion.db.place import free_bytes, sizes_in_words
from companion.intake.errors import InputError, StoreError

MOUNTS = Path("/proc/self/mounts")
#: where automounters put removable drives
AUTOMOUNT_ROOTS = ("/media/", "/run/media/")
#: filesystems a stick is formatted with when it is mounted elsewhere (by fstab or a unit)
STICK_FILESYSTEMS = frozenset({"vfat", "exfat", "msdos"})
#: the system's own mount points, never offered even if they match the rules above
SYSTEM = ("/", "/boot", "/boot/firmware")


@dataclass(frozen=True)
class Drive:
    """A mounted removable drive: ``label`` is its name as the stick shows it (the last part
    of the mount point), ``read_only`` whether it was mounted or found not writable."""

    label: str
    path: Path
    device: str
    read_only: bool


#: the only escapes proc(5) writes in a mount point: space, tab, newline and backslash
_ESCAPES = {"\\040": " ", "\\011": "\t", "\\012": "\n", "\\134": "\\"}


def _unescape(field: str) -> str:
    """A mount point as proc(5) writes it, read back; any other escape is left as it is
    (the kernel never writes one, so ``\\056\\056`` is no way to spell ``..``)."""
    return re.sub(r"\\(?:040|011|012|134)", lambda m: _ESCAPES[m.group(0)], field)


def _plain(point: str) -> bool:
    """Whether ``point`` is a folder's own absolute name: no ``.`` or ``..`` part and no
    symbolic link on the way (else a stick's name could lead the backup somewhere else)."""
    return os.path.isabs(point) and os.path.normpath(point) == point and os.path.realpath(point) == point


def drives(mounts: str, *, writable: Callable[[Path], bool] | None = None) -> list[Drive]:
    """The removable drives in ``mounts`` (the text of ``/proc/self/mounts``). A mount point
    that cannot be looked at gives no drive rather than an error: no stick, no offer."""
    writable = writable or (lambda path: os.access(path, os.W_OK))
    found: dict[Path, Drive] = {}
    for line in mounts.splitlines():
        fields = line.split()
        if len(fields) < 4:
            continue
        device, point, fstype, options = fields[0], _unescape(fields[1]), fields[2], fields[3].split(",")
        automounted = point.startswith(AUTOMOUNT_ROOTS) and len(Path(point).parts) > 2
        stick = device.startswith("/dev/sd") and fstype in STICK_FILESYSTEMS
        if point in SYSTEM or not (automounted or stick) or not _plain(point):
            continue
        path = Path(point)
        try:
            if not path.is_dir():
                continue
            read_only = "ro" in options or not writable(path)
        except OSError:
            continue
        found[path] = Drive(path.name or device, path, device, read_only)  # a later mount over it wins
    return list(found.values())


def mounted(mounts_file: Path = MOUNTS) -> list[Drive]:
    """The removable drives mounted now; none when the mounts file cannot be read."""
    try:
        return drives(mounts_file.read_text(encoding="utf-8", errors="replace"))
    except OSError:
        return []


def backup_name(now: datetime | None = None) -> str:
    """The file a backup is written to on the stick: ``companion-YYYYMMDD-HHMM.db``."""
    return f"companion-{(now or datetime.now()).strftime('%Y%m%d-%H%M')}.db"


def back_up(db: str | os.PathLike[str], drive: Drive, *, now: datetime | None = None,
            mounts_file: Path = MOUNTS) -> tuple[Copy | None, str]:
    """Back the database at ``db`` up onto ``drive``; returns the copy (None if there is
    none) and what happened, in words for the table. Never raises for what a stick can do:
    full, read-only, unplugged before or during the copy; the database is only read."""
    if drive.read_only:
        return None, read_only(drive)
    now = now or datetime.now()
    target = drive.path / backup_name(now)
    if target.exists():  # a second backup in the same minute keeps the first
        target = target.with_name(f"{target.stem}-{now.strftime('%S')}.db")
    try:
        copy = backup(db, target)
    except (InputError, StoreError, OSError) as exc:
        return None, _why(db, drive, exc, mounts_file)
    games = f"{copy.sessions} game{'s' * (copy.sessions != 1)}"
    return copy, (f"Backed up {games} to {drive.label}: {copy.path.name} ({sizes_in_words(copy.bytes)[0]}). "
                  "The stick can be removed.")


def read_only(drive: Drive) -> str:
    return f"{drive.label} is read-only (is its lock switch on?): nothing was written to it."


def _why(db: str | os.PathLike[str], drive: Drive, exc: Exception, mounts_file: Path) -> str:
    """What went wrong, from how the stick looks now rather than from the error's wording
    (SQLite says "disk I/O error" for a pulled stick and "database or disk is full" or an
    OSError for a full one)."""
    still = [d for d in mounted(mounts_file) if d.path == drive.path]
    if not still or not drive.path.is_dir():
        return f"{drive.label} was removed before the backup was finished: plug it in again and retry."
    if still[0].read_only:
        return read_only(drive)
    free, needed = free_bytes(drive.path) or 0, backup_size(db)
    cause = exc.__context__ if exc.__context__ is not None else exc
    if free < needed or (isinstance(cause, OSError) and cause.errno == errno.ENOSPC) or "full" in str(exc):
        free_said, needed_said = sizes_in_words(free, needed)
        return (f"{drive.label} is full ({free_said} free, the backup needs {needed_said}): "
                "free some room on it or use another stick.")
    return f"The backup to {drive.label} failed: {exc}"
