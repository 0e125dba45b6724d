"""Backup and restore of the whole database file, safe beside a running app.

A backup is SQLite's online backup API (``Connection.backup``), not a file copy: copying
``companion.db`` while the app writes could catch it half way through a transaction, and
would miss what still sits in ``companion.db-wal``. The API reads one consistent snapshot
(all pages in one step: ``pages=-1``, so a write by the app meanwhile never restarts it;
SQLite's backup.html), while the app keeps writing to the WAL. The copy is written beside
its destination, checked (``PRAGMA integrity_check``, our application id), made a single
self-contained file (``journal_mode=DELETE``), and only then renamed into place.

A restore checks the file it is given the same way *before* anything is replaced, keeps the
database it replaces (``companion.db.before-restore-<time>``, with its journal), and is
refused while the app holds the database (:class:`companion.db.lock.AppLock`).
"""

from __future__ import annotations

import os
import sqlite3
from dataclasses import dataclass
from datetime import datetime, timezone
from pathlib import Path

from companion.db.lock import AppLock, holder
from companion.errors import InputError, StoreError
from companion.db.store import APPLICATION_ID, SCHEMA_VERSION, Store

#: the files SQLite and the app keep beside a database; none may ever be a backup's target
BESIDE = ("-wal", "-shm", "-journal", ".lock")


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
    try:
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
        _fsync(dest.parent)
    except sqlite3.Error as exc:
        raise StoreError(f"could not back up {db} to {dest} ({exc}); {dest} was left as it was") from None
    except OSError as exc:
        raise StoreError(f"could not write the backup {dest} ({exc.strerror or exc}); "
                         f"{dest} was left as it was") from None
    finally:
        _remove(part)
    return Copy(dest, dest.stat().st_size, copy.sessions, copy.events)


def restore(db: str | os.PathLike[str], source: str | os.PathLike[str]) -> Copy:
    """Replace the database at ``db`` with the backup at ``source``, once that is checked.

    Refused, with nothing changed, while the app runs on ``db``, or when ``source`` is not a
    sound companion database this companion can read."""
    db, source = Path(db), Path(source)
    if not source.is_file():
        raise InputError(f"there is no file {source}" + (" (it is a folder)" if source.is_dir() else ""))
    if source.stat().st_size == 0:
        raise InputError(f"{source} is empty, not a companion backup; nothing was changed")
    refuse_live(db, source, "restore from")
    db.parent.mkdir(parents=True, exist_ok=True)
    lock = exclusive(db, "restore")  # keeps the app from starting meanwhile
    part = db.with_name(db.name + ".restoring")
    try:
        _remove(part)
        try:
            reader = sqlite3.connect(_read_only(source), uri=True)
            try:
                target = sqlite3.connect(part)
                try:
                    reader.backup(target)  # a copy, so the checks below never touch the source
                finally:
                    target.close()
            finally:
                reader.close()
        except sqlite3.DatabaseError as exc:
            raise InputError(f"{source} is damaged or is not a companion backup ({exc}); nothing was changed") \
                from None
        try:
            copy = _checked(part, what=str(source))
        except StoreError as exc:
            raise InputError(f"{exc}; nothing was changed") from None
        _fsync(part)
        kept = _keep(db)
        os.replace(part, db)
        _fsync(db.parent)
    except OSError as exc:
        raise StoreError(f"could not restore {source} to {db} ({exc.strerror or exc}); "
                         f"{db} was left as it was") from None
    finally:
        _remove(part)
        lock.release()
    return Copy(db, db.stat().st_size, copy.sessions, copy.events, kept)


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
    if app_id != APPLICATION_ID:
        raise StoreError(f"{what} is not a companion database (application id {app_id:#x})")
    if version > SCHEMA_VERSION:
        raise StoreError(f"{what} was written by a newer companion (schema {version}; this one reads up to "
                         f"{SCHEMA_VERSION}): upgrade the companion first")
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


def _read_only(source: Path) -> str:
    """The URI that reads ``source`` without writing anything beside it: ``immutable`` when
    it has no journal (SQLite would otherwise make a -shm file next to a WAL-mode file, even
    read-only); plain ``mode=ro`` when it has a -wal, whose transactions are part of it."""
    journal = any(Path(f"{source}{suffix}").exists() for suffix in ("-wal", "-journal"))
    return source.resolve().as_uri() + ("?mode=ro" if journal else "?immutable=1")


def _is_companion_file(path: Path) -> bool:
    try:
        with path.open("rb") as handle:
            header = handle.read(100)
    except OSError:
        return False
    # the SQLite header: its magic, and the application id at offset 68 (sqlite's fileformat2.html)
    return header.startswith(b"SQLite format 3\0") and int.from_bytes(header[68:72], "big") == APPLICATION_ID


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
                new.write_bytes(old.read_bytes())
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


def _remove(path: Path) -> None:
    for suffix in ("", "-wal", "-shm", "-journal"):
        try:
            os.unlink(f"{path}{suffix}")
        except FileNotFoundError:
            pass
