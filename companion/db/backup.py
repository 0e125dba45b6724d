"""Backup and restore of the whole database file, safe beside a running app.

A backup is SQLite's online backup API (``Connection.backup``), not a file copy: copying
``companion.db`` while the app writes could catch it half way through a transaction, and
would miss what still sits in ``companion.db-wal``. The API reads one consistent snapshot
(all pages in one step: ``pages=-1``, so a write by the app meanwhile never restarts it;
SQLite's backup.html), while the app keeps writing to the WAL. The copy is written beside
its destination, checked (``PRAGMA integrity_check``, our application id), made a single
self-contained file (``journal_mode=DELETE``), and only then renamed into place.

A restore copies the file it is given, byte for byte with its journals, beside the
database, and checks that copy the same way *before* anything is replaced: SQLite never
opens the file given, so a restore changes nothing in it or beside it (a -shm made, its
-wal checkpointed into it), even when it is refused. It keeps the database it replaces
(``companion.db.before-restore-<time>``, with its journal), and is refused while the app
holds the database (:class:`companion.db.lock.AppLock`).

When a copy fails, the disk is looked at after the fact (:func:`_place_trouble`): a full or
read-only disk is named as the reason, never the backup or the database.
"""

from __future__ import annotations

import errno
import os
import shutil
import sqlite3
from dataclasses import dataclass
from datetime import datetime, timezone
from pathlib import Path

from companion.db.lock import AppLock, holder
from companion.db.place import FULL_BELOW, os_hint, sizes_in_words
from companion.db.schema import APPLICATION_ID, SQLITE_MAGIC, stranger
from companion.db.store import Store
from companion.intake.errors import InputError, StoreError
from companion.intake.files import fsync_folder, open_regular, remove_quietly

#: the files SQLite and the app keep beside a database; none may ever be a backup's target
BESIDE = ("-wal", "-shm", "-journal", ".lock")
#: a database file and the journals that hold part of its content
JOURNALS = ("", "-wal", "-journal")


@dataclass(frozen=True)
class Copy:
    """Where a backup or restore put the database, and what is in it."""

    path: Path
    bytes: int
    sessions: int
    events: int
    #: the database a restore replaced, kept (None: there was none)
    kept: Path | None = None


def backup(db: str | os.PathLike[str], dest: str | os.PathLike[str]) -> Copy:
    """Copy the database at ``db`` to ``dest`` (a file, or a folder to put a dated file in)."""
    db = Path(db)
    if not db.is_file():
        raise InputError(f"there is no database at {db}; pass --db PATH to name one")
    with Store(db):  # a damaged, foreign or newer file is refused, not copied
        pass
    dest = Path(dest)
    if dest.is_dir():
        dest = dest / f"companion-{_stamp()}.db"
    refuse_live(db, dest, "back up onto")
    if dest.exists() and not _is_companion_file(dest):
        raise InputError(f"{dest} exists and is not a companion database; choose another name "
                         "(a backup only ever replaces an older backup)")
    part = dest.with_name(dest.name + ".part")
    left = f"{dest} was left as it was"
    try:
        _remove(part)  # an earlier backup's, cut short
        _new_file(part)  # the system's own reason (read-only, full, not allowed) before SQLite's
        source = sqlite3.connect(db)
        try:
            target = sqlite3.connect(part)
            try:
                source.backup(target)  # one step: one consistent snapshot of the log
            finally:
                target.close()
        finally:
            source.close()
        copy = _checked(part, what=f"the backup of {db}")
        _fsync(part)
        os.replace(part, dest)
        fsync_folder(dest.parent)
    except (sqlite3.Error, StoreError, OSError) as exc:
        _remove(part)  # first, so the room it took is counted free
        trouble = _place_trouble(dest.parent, backup_size(db), "the backup")
        if trouble:
            raise StoreError(f"could not write the backup {dest}: {trouble}; {left}") from None
        if isinstance(exc, OSError):
            raise StoreError(f"could not write the backup {dest} ({exc.strerror or exc}): "
                             f"{os_hint(exc, dest.parent, 'give a PATH on another disk')}; {left}") \
                from None
        raise StoreError(f"could not back up {db} to {dest} ({exc}); {left}") from None
    finally:
        _remove(part)
    return Copy(dest, dest.stat().st_size, copy.sessions, copy.events)


def backup_size(db: str | os.PathLike[str]) -> int:
    """How many bytes a backup of ``db`` (the database in use) takes: its pages, what is
    still in its -wal included (0 when it cannot be read)."""
    try:
        conn = sqlite3.connect(f"{Path(db).resolve().as_uri()}?mode=ro", uri=True)
        try:
            return conn.execute("PRAGMA page_count").fetchone()[0] * conn.execute("PRAGMA page_size").fetchone()[0]
        finally:
            conn.close()
    except sqlite3.Error:
        return 0


def restore(db: str | os.PathLike[str], source: str | os.PathLike[str]) -> Copy:
    """Replace the database at ``db`` with the backup at ``source``, once that is checked.

    Refused, with nothing changed, while the app runs on ``db``, or when ``source`` is not a
    sound companion database this companion can read. ``source`` is only ever read as bytes
    (with its -wal and -journal, which hold part of it): SQLite opens the copy, never the
    file given, so nothing is made beside it (a -shm) or written into it (a -wal merged by
    a checkpoint), and a backup on read-only media reads like any other."""
    db, source = Path(db), Path(source)
    with open_regular(source, "the backup ") as reading:
        if not reading.read(16):
            raise InputError(f"{source} is empty, not a companion backup; nothing was changed")
        reading.seek(0)
        if reading.read(16) != SQLITE_MAGIC:
            raise InputError(f"{source} is not a companion backup (it is not an SQLite database); nothing was changed")
    refuse_live(db, source, "restore from")
    try:
        db.parent.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise StoreError(f"cannot make the folder {db.parent} ({exc.strerror}): {os_hint(exc, db.parent.parent)}") \
            from None
    lock = exclusive(db, "restore")  # keeps the app from starting meanwhile
    part = db.with_name(db.name + ".restoring")
    needed = sum(Path(f"{source}{suffix}").stat().st_size for suffix in JOURNALS if Path(f"{source}{suffix}").is_file())
    left = f"{db} was left as it was"
    done = False
    try:
        _remove(part)
        _copy_bytes(source, part)
        try:
            copy = _checked(part, what=str(source))
        except StoreError as exc:
            _remove(part)  # first, so the room it took is counted free
            if _place_trouble(db.parent, needed, ""):  # it fitted, but not what checking it writes
                raise OSError(errno.ENOSPC, str(exc)) from None
            raise InputError(f"{exc}; nothing was changed") from None
        _fsync(part)
        kept = _keep(db)
        os.replace(part, db)
        fsync_folder(db.parent)
        done = True
    except OSError as exc:
        _remove(part)  # first, so the room it took is counted free
        trouble = _place_trouble(db.parent, needed, "the restored database")
        if trouble:
            raise StoreError(f"could not restore {source}: {trouble}; {left}") from None
        raise StoreError(f"could not restore {source} to {db} ({exc.strerror or exc}): {os_hint(exc, db.parent)}; "
                         f"{left}") \
            from None
    finally:
        _remove(part)
        lock.release(tidy=not done)
    return Copy(db, db.stat().st_size, copy.sessions, copy.events, kept)


def _copy_bytes(source: Path, part: Path) -> None:
    """The backup and the journal files that belong to it, copied beside the database."""
    for suffix in JOURNALS:
        if suffix and not Path(f"{source}{suffix}").is_file():
            continue
        with open_regular(f"{source}{suffix}", "the backup ") as reading, open(f"{part}{suffix}", "xb") as writing:
            shutil.copyfileobj(reading, writing, 1 << 20)


def _place_trouble(folder: Path, needed: int, what: str) -> str | None:
    """Why nothing could be written in ``folder``, when the disk is the reason (read-only,
    or without room for ``needed`` bytes more), in words; None when it is not."""
    try:
        info = os.statvfs(folder)
    except OSError:
        return None
    if info.f_flag & os.ST_RDONLY:
        return f"the disk holding {folder} is read-only (mounted read-only, or its lock switch is on)"
    free = info.f_bavail * info.f_frsize
    if free < needed + FULL_BELOW:
        free_said, needed_said = sizes_in_words(free, needed)
        return f"the disk holding {folder} is full ({free_said} free, {what} needs {needed_said}): free some space"
    return None


def exclusive(db: Path, verb: str) -> AppLock:
    """The app's own lock on ``db``, so the app cannot start while ``verb`` replaces or
    adds to its games; refused, saying so, while the app runs."""
    pid = holder(db)
    if pid is not None:
        process = f" (process {pid})" if pid else ""
        raise InputError(f"the companion app{process} is using {db}: close it first (on the Pi: sudo systemctl "
                         f"stop companion), then {verb} again; nothing was changed")
    return AppLock(db)


def _checked(path: Path, *, what: str) -> Copy:
    """The copy at ``path`` (ours to change) is a companion database not newer than this
    companion and passes the full integrity check, or a :class:`StoreError` says why; it is
    left a single file (``journal_mode=DELETE``), brought up to this schema if older."""
    conn = sqlite3.connect(path)
    try:
        app_id, version = (conn.execute(f"PRAGMA {p}").fetchone()[0] for p in ("application_id", "user_version"))
    except sqlite3.DatabaseError as exc:
        raise StoreError(f"{what} is damaged or is not a companion database ({exc})") from None
    finally:
        conn.close()
    why = stranger(what, app_id, version)
    if why:
        raise StoreError(why + (": upgrade the companion first" if app_id == APPLICATION_ID else ""))
    try:
        with Store(path) as store:  # its tables and small tables, and an older schema migrated
            integrity = store.integrity()
    except StoreError as exc:  # its first sentence says what is wrong, naming the copy's path
        raise StoreError(str(exc).split(". ")[0].replace(f"the database {path}", what)) from None
    if integrity != "ok":
        found = " ".join(integrity.replace("*** in database main ***", "").split())
        raise StoreError(f"{what} is damaged ({found[:150]}{'...' if len(found) > 150 else ''})")
    conn = sqlite3.connect(path)
    try:
        sessions, events = (conn.execute(f"SELECT count(*) FROM {t}").fetchone()[0] for t in ("sessions", "events"))
        conn.execute("PRAGMA journal_mode=DELETE")  # one file: no -wal to carry along
    finally:
        conn.close()
    return Copy(path, path.stat().st_size, sessions, events)


def refuse_live(db: Path, other: Path, verb: str) -> None:
    """Never write over the live database or a file SQLite keeps beside it."""
    live = [db, *(db.with_name(db.name + suffix) for suffix in BESIDE)]
    for path in live:
        if other.resolve() == path.resolve() or (other.exists() and path.exists() and os.path.samefile(other, path)):
            raise InputError(f"cannot {verb} {other}: it is the database in use ({path}); choose another file")


def _is_companion_file(path: Path) -> bool:
    try:
        with path.open("rb") as handle:
            header = handle.read(100)
    except OSError:
        return False
    # the SQLite header: its magic, and the application id at offset 68 (sqlite's fileformat2.html)
    return header.startswith(SQLITE_MAGIC) and int.from_bytes(header[68:72], "big") == APPLICATION_ID


def _keep(db: Path) -> Path | None:
    """Keep the database about to be replaced, with its journal, under a dated name.

    Hard links first (the old file stays where it is until the new one is renamed over it,
    so there is never a moment without a database); a copy where links are not allowed. The
    old journal is then moved aside, since SQLite would apply it to the restored file."""
    if not db.exists():
        return None
    stamp = _stamp()
    kept = db.with_name(f"{db.name}.before-restore-{stamp}")
    for again in range(2, 100):  # two restores in one second
        if not kept.exists():
            break
        kept = db.with_name(f"{db.name}.before-restore-{stamp}-{again}")
    for suffix in ("", "-wal"):
        old, new = Path(f"{db}{suffix}"), Path(f"{kept}{suffix}")
        if old.exists():
            try:
                os.link(old, new)
            except OSError:
                shutil.copyfile(old, new)
    for suffix in ("-wal", "-shm", "-journal"):
        _remove(Path(f"{db}{suffix}"))
    return kept


def _stamp() -> str:
    return datetime.now(timezone.utc).strftime("%Y%m%d-%H%M%S")


def _fsync(path: Path) -> None:
    fd = os.open(path, os.O_RDONLY)
    try:
        os.fsync(fd)
    finally:
        os.close(fd)


def _new_file(path: Path) -> None:
    os.close(os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL | os.O_CLOEXEC, 0o666))


def _remove(path: Path) -> None:
    """A copy of ours and its journals, gone (as far as the disk lets us)."""
    for suffix in ("", "-wal", "-shm", "-journal"):
        remove_quietly(Path(f"{path}{suffix}"))
