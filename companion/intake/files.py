"""Files a person names, read and written so that nothing half-done is ever left behind.

Reading: a path given to `import` or `restore` may be anything (a FIFO, whose open blocks
until a writer comes; ``/dev/zero``, which never ends; a folder). It is opened without
blocking and must be a regular file, checked on the open descriptor (no race with a swap).

Writing: a file is written under a temporary name beside its place, synced, and only then
renamed onto its name, and the folder synced so the rename itself survives a power cut
(rename(2) is atomic, but only durable once the folder is on disk). A cut at any moment
leaves the old file or the new one, never an empty or half-written one.
"""

from __future__ import annotations

import errno
import io
import os
import stat
from contextlib import contextmanager
from pathlib import Path
from typing import Iterator, TextIO

from companion.intake.errors import InputError


def open_regular(path: str | os.PathLike[str], what: str = "") -> io.BufferedReader:
    """``path`` opened for reading, once it is known to be a regular file; else an
    :class:`InputError` naming what it is (never a hang on a FIFO or a device)."""
    name = f"{what}{path}"
    try:
        fd = os.open(path, os.O_RDONLY | os.O_NONBLOCK | os.O_CLOEXEC)
    except FileNotFoundError:
        raise InputError(f"there is no file {name}") from None
    except IsADirectoryError:
        raise InputError(f"{name} is a folder, not a file") from None
    except OSError as exc:
        raise InputError(f"cannot read {name} ({exc.strerror})") from None
    try:
        mode = os.fstat(fd).st_mode
        if not stat.S_ISREG(mode):
            raise InputError(f"{name} is {_kind(mode)}, not a file; give a file")
        os.set_blocking(fd, True)
        return os.fdopen(fd, "rb")
    except BaseException:
        os.close(fd)
        raise


def _kind(mode: int) -> str:
    if stat.S_ISDIR(mode):
        return "a folder"
    if stat.S_ISFIFO(mode):
        return "a pipe (FIFO)"
    if stat.S_ISSOCK(mode):
        return "a socket"
    return "a device"


@contextmanager
def written_atomically(path: Path, *, replace: bool) -> Iterator[TextIO]:
    """A text file to write (UTF-8, ``\\n`` line ends) that becomes ``path`` only when the
    block ends without an error: the temporary file beside it is synced, renamed onto
    ``path``, and the folder synced. ``replace=False`` never replaces an existing file,
    even one made meanwhile. On any error the temporary file is removed and ``path`` is as
    it was; an :class:`OSError` is left for the caller to word."""
    folder = path.parent
    part = _temporary(path)
    try:
        with open(part, "w", encoding="utf-8", newline="") as handle:
            yield handle
            handle.flush()
            os.fsync(handle.fileno())
        if replace:
            os.replace(part, path)
        else:
            _link_new(part, path)
        fsync_folder(folder)
    finally:
        remove_quietly(part)


def _temporary(path: Path) -> Path:
    """A new file beside ``path`` (same disk, so the rename is atomic), with the permissions
    a plain new file gets (mkstemp's would be owner-only)."""
    for number in range(1000):
        part = path.with_name(f".{path.name}.{os.getpid()}.{number}.part")
        try:
            os.close(os.open(part, os.O_WRONLY | os.O_CREAT | os.O_EXCL | os.O_CLOEXEC, 0o666))
            return part
        except FileExistsError:
            continue
    raise FileExistsError(errno.EEXIST, "no free temporary name", str(path))


def _link_new(part: Path, path: Path) -> None:
    """``part`` given the name ``path`` only if no file has it (link(2) refuses atomically);
    where links are not allowed (a FAT stick) a check and a rename, which is as good
    unless another program makes ``path`` in between."""
    try:
        os.link(part, path)
    except FileExistsError:
        raise
    except OSError as exc:
        if exc.errno not in (errno.EPERM, errno.EOPNOTSUPP, errno.EXDEV, errno.EMLINK):
            raise
        if os.path.lexists(path):
            raise FileExistsError(errno.EEXIST, os.strerror(errno.EEXIST), str(path)) from None
        os.rename(part, path)


def fsync_folder(folder: Path) -> None:
    """Make a rename or a new file in ``folder`` durable (a folder is synced like a file)."""
    fd = os.open(folder if str(folder) else ".", os.O_RDONLY | os.O_CLOEXEC)
    try:
        os.fsync(fd)
    finally:
        os.close(fd)


def remove_quietly(path: Path) -> None:
    """Remove ``path`` if it is there; what cannot be removed (a stick pulled out, or gone
    read-only) is left, since the error that led here is the one worth telling."""
    if os.path.lexists(path):
        try:
            os.unlink(path)
        except OSError:
            pass
