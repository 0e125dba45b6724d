"""Opening the database for the app: the place checked first, then the app's lock.

It answers in the words of `companion doctor`'s database checks
(:mod:`companion.records.check`): can the file be created and written here (by whom, and
the fix when not), and is an app already running on it.
"""

from __future__ import annotations

import os
from pathlib import Path

from companion.db.lock import AppLock
from companion.db.place import place_problem
from companion.db.store import Store, StoreError


def open_for_app(db: str | os.PathLike[str]) -> tuple[Store, AppLock]:
    """The store and the app's lock, or a :class:`StoreError` saying what is wrong and what
    to do. The place is checked first (SQLite would open a read-only file and fail only at
    the first save), then the lock is taken before the file is even read."""
    problem = place_problem(db)
    if problem:
        raise StoreError(f"{problem.detail}. To fix it: {problem.fix}.")
    try:  # the lock file goes beside the database, so its folder comes first (a first start)
        Path(db).parent.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise StoreError(f"cannot create the folder for the database {db}: {exc.strerror}") from None
    lock = AppLock(db)
    try:
        return Store(db, sync_later=True), lock  # the disk's wait off the UI thread (companion/db/syncer.py)
    except StoreError:
        lock.release()
        raise
