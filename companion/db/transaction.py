"""One action's transaction: all of it saved, or none of it and a clear reason."""

from __future__ import annotations

import sqlite3
from pathlib import Path
from typing import Callable

from companion.db.place import write_hint
from companion.intake.errors import StoreError


class Transaction:
    """BEGIN IMMEDIATE ... COMMIT, rolled back on any error, so an action is all or nothing.

    A write SQLite refuses (a full SD card, a file another program holds locked) becomes a
    :class:`StoreError` naming the file: the action was not saved, so the caller must not
    show it as done.
    """

    def __init__(self, db: sqlite3.Connection, path: Path, committed: Callable[[], None] | None = None) -> None:
        self._db = db
        self._path = path
        self._committed = committed  # told after each commit (the app's store: its background sync)

    def __enter__(self) -> None:
        try:
            self._db.execute("BEGIN IMMEDIATE")
        except sqlite3.Error as exc:
            raise self._unsaved(exc) from exc

    def __exit__(self, exc_type, exc, tb) -> None:
        if exc_type is None:
            try:
                self._db.execute("COMMIT")
                if self._committed is not None:
                    self._committed()
                return
            except sqlite3.Error as failure:
                exc = failure
        if self._db.in_transaction:
            self._db.execute("ROLLBACK")
        if isinstance(exc, sqlite3.Error):
            raise self._unsaved(exc) from exc

    def _unsaved(self, exc: sqlite3.Error) -> StoreError:
        return StoreError(f"could not save to {self._path} ({exc}); nothing was changed. "
                          f"{write_hint(self._path, exc)}")
