"""Can the database be created and written where it is? If not, exactly why, and the fix.

SQLite opens a read-only file without complaint and only fails at the first write, and a
path under a file fails with a bare "File exists". A maker needs to hear which file or
folder, owned by whom, with which permissions, cannot be written by which user, and the
command that fixes it; the app screen, `companion doctor` and a failed save all say it here.
"""

from __future__ import annotations

import errno
import os
import pwd
import stat
from pathlib import Path
from typing import NamedTuple


class Problem(NamedTuple):
    detail: str
    fix: str


def user_name(uid: int) -> str:
    """The account's name (as `ls -l` shows it), or its number when it has none."""
    try:
        return pwd.getpwuid(uid).pw_name
    except KeyError:
        return f"uid {uid}"


def running_user() -> str:
    """The user the companion runs as (the effective one: what the kernel checks)."""
    return user_name(os.geteuid())


def place_problem(db: str | os.PathLike[str]) -> Problem | None:
    """What stops the app from creating, opening and writing the database at ``db``;
    None when nothing does. Only looks: creates and changes nothing."""
    path = Path(db)
    if path.is_dir():
        return Problem(f"{path} is a folder, not a database file",
                       f"pass --db with a file name in it (e.g. {path / 'companion.db'}), or move the folder aside")
    folder = path.parent
    existing = next(p for p in (folder, *folder.parents) if os.path.lexists(p))
    if not existing.is_dir():
        return Problem(f"{existing} is a file, so the folder for {path} cannot be made",
                       f"move {existing} aside, or pass --db PATH to a file in a folder")
    if not path.exists():
        return _unwritable(existing, path) if not _can_write(existing) else None
    # the journal (-wal, -shm) and the app's lock file live beside the database
    beside = [Path(f"{path}{suffix}") for suffix in ("-wal", "-shm", ".lock")]
    for target in (path, folder, *(p for p in beside if p.exists())):
        if not _can_write(target):
            return _unwritable(target, path)
    return None


def _can_write(target: Path) -> bool:
    return os.access(target, os.W_OK | (os.X_OK if target.is_dir() else 0))


def _unwritable(target: Path, db: Path) -> Problem:
    info = target.stat()
    user, owner = running_user(), user_name(info.st_uid)
    kind = "folder" if target.is_dir() else "file"
    detail = (f"the {kind} {target} cannot be written by user {user} "
              f"(owner {owner}, permissions {stat.filemode(info.st_mode)})")
    if target != db:
        detail += "; the companion keeps its journal and lock file beside the database, so its folder must be writable too"
    elsewhere = "or pass --db PATH to a file in a writable folder"
    if os.statvfs(target).f_flag & os.ST_RDONLY:
        detail += ", and the file system holding it is mounted read-only"
        if os.environ.get("INVOCATION_ID"):  # set by systemd for a service: its sandbox is the likely cause
            return Problem(detail + " for the service (its unit's ProtectSystem= makes most of the disk read-only)",
                           f"keep the database in the service's StateDirectory (/var/lib/companion), or add "
                           f"{target if target.is_dir() else target.parent} to ReadWritePaths= in the unit")
        return Problem(detail, f"remount it read-write (sudo mount -o remount,rw {_mount_point(target)}), {elsewhere}")
    if owner != user:
        return Problem(detail, f"give it to {user}: sudo chown {user}: {target}; {elsewhere}")
    if not info.st_mode & stat.S_IWUSR:
        return Problem(detail, f"make it writable: chmod u+w {target}; {elsewhere}")
    return Problem(detail, f"check its attributes (lsattr -d {target}; sudo chattr -i {target}) and ACLs; {elsewhere}")


def _mount_point(target: Path) -> Path:
    target = target.resolve()
    return next(p for p in (target, *target.parents) if os.path.ismount(p))


def os_hint(exc: OSError, folder: str | os.PathLike[str],
            elsewhere: str = "pass --db PATH to a file on another disk") -> str:
    """What to do after the system refused to write a file in ``folder``, from its error
    number; ``elsewhere`` says how to choose another place."""
    if exc.errno in (errno.ENOSPC, errno.EDQUOT):
        return f"the disk is full: free some space, or {elsewhere}"
    if exc.errno == errno.EROFS:
        return f"the disk is mounted read-only: remount it read-write, or {elsewhere}"
    return f"check that user {running_user()} may write in {folder}, or {elsewhere}"


#: below this many bytes free a disk is full for SQLite: a database opens only once it can
#: make its 32 KiB -shm file, and a write needs room for its pages in the -wal
FULL_BELOW = 64 * 1024


def free_bytes(path: str | os.PathLike[str]) -> int | None:
    """The bytes an unprivileged user may still write on the disk holding ``path`` (or its
    nearest existing folder); None when that cannot be told."""
    here = Path(path)
    folder = next((p for p in (here, *here.parents) if p.is_dir()), None)
    try:
        info = os.statvfs(folder or ".")
    except OSError:
        return None
    return info.f_bavail * info.f_frsize


def cannot_write(exc: Exception) -> bool:
    """SQLite failed for want of the place, not for anything in the file: it could not
    open, write or lock (permissions, read-only, full, or the disk gone)."""
    code = getattr(exc, "sqlite_errorname", "") or ""
    return code.startswith(("SQLITE_CANTOPEN", "SQLITE_READONLY", "SQLITE_PERM", "SQLITE_AUTH", "SQLITE_FULL",
                            "SQLITE_IOERR"))


def write_hint(db: str | os.PathLike[str], exc: Exception) -> str:
    """What to do after SQLite refused a write, from its error code (Python 3.11's
    ``sqlite_errorname``), so a locked or read-only file is not blamed on the disk. Any
    error is taken: one without a code (UnicodeDecodeError from SQLite's message) has none."""
    code = getattr(exc, "sqlite_errorname", "") or ""
    free = free_bytes(db)
    if code.startswith(("SQLITE_FULL", "SQLITE_IOERR")) and free is not None and free < FULL_BELOW:
        return f"The disk holding {db} is full ({sizes_in_words(free)[0]} free): free some space, then try again."
    if code.startswith(("SQLITE_BUSY", "SQLITE_LOCKED")):
        return "Another program is using the database (a second companion?): close it, then try again."
    if code.startswith(("SQLITE_READONLY", "SQLITE_CANTOPEN", "SQLITE_PERM", "SQLITE_AUTH")):
        problem = place_problem(db)
        if problem:
            return f"{problem.detail[0].upper()}{problem.detail[1:]}: {problem.fix}."
        return f"Check that user {running_user()} can write the database and its folder, then try again."
    if code.startswith(("SQLITE_CORRUPT", "SQLITE_NOTADB")):
        return ("The database file is damaged (SQLite met a bad page while saving): run `companion doctor`, "
                "and see docs/database.md for what to do.")
    if code.startswith("SQLITE_FULL"):
        return "The disk is full: free some space, then try again."
    return "Check the disk has room and the database can be written, then try again."


def sizes_in_words(*sizes: int) -> list[str]:
    """Sizes as a person reads them, so two that differ never read the same ("0.1 MB free,
    the backup needs 0.1 MB" says nothing): bytes below 10 kB, else three significant
    figures (12.3 kB, 1.23 MB, 123 MB), and more where that would make two differ."""
    for figures in range(3, 16):
        said = [_in_words(size, figures) for size in sizes]
        if len(set(said)) == len(set(sizes)):
            break
    return said


def _in_words(size: int, figures: int) -> str:
    if size < 10_000:
        return f"{size:,} byte{'s' * (size != 1)}"
    for unit, scale in (("kB", 1e3), ("MB", 1e6), ("GB", 1e9), ("TB", 1e12)):
        value = size / scale
        decimals = max(0, figures - len(str(int(value))))
        if len(str(int(float(f"{value:.{decimals}f}")))) > len(str(int(value))):  # 99.96 kB is 100 kB
            decimals = max(0, decimals - 1)
        text = f"{value:.{decimals}f}"
        if float(text) < 1000 or unit == "TB":  # 999,999 bytes is 1.00 MB, not 1000 kB
            return f"{text} {unit}"
    raise AssertionError("unreachable")
