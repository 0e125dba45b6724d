"""The disk's wait, taken off the tap: the app's commits are made durable on a thread of
their own.

With ``synchronous=FULL`` each commit waits for the card to confirm the write (an fsync of
the WAL: 3-6 ms here, more on an SD card), and the app commits on the UI thread, inside the
tap. The app's store runs with ``synchronous=NORMAL`` instead (SQLite's pragma docs: in WAL
mode the file is always consistent, and a commit survives the app's crash or SIGKILL, since
its frames are in the WAL the operating system holds; what only an fsync gives is surviving
a power cut) and this thread gives that last part shortly after: woken by each commit, it
waits ``GATHER_S`` so that the commits of a burst share one sync, and fsyncs the WAL. The
store turns SQLite's own automatic checkpoint off (it runs inside a commit, so inside a tap,
with two fsyncs); this thread folds the WAL into the file once the table has been quiet for
``QUIET_S``: a checkpoint running while a commit restarts the WAL makes the commit wait on
SQLite's busy handler (5-28 ms here, measured by bench/bench_store.py), a sync does not.

So a pulled plug costs at most the actions committed in the last ``GATHER_S`` plus one
fsync, and always the newest ones: the WAL is replayed in order up to its last whole
transaction, so no action is ever kept without those before it, and the file is never
damaged. A SIGKILL costs nothing acknowledged.
"""

from __future__ import annotations

import os
import sqlite3
import threading
import time
from pathlib import Path
from typing import Callable

#: seconds a sync waits after the commit that woke it, for a burst's commits to share it
GATHER_S = 0.05
#: seconds without a commit before the WAL is checkpointed into the database file
QUIET_S = 1.0


class Syncer:
    """The background sync of one database file. ``committed`` is called after each commit
    (from the store's thread); ``flush`` waits until everything committed is on disk;
    ``close`` flushes and ends the thread."""

    def __init__(self, path: Path, gather_s: float = GATHER_S, quiet_s: float = QUIET_S) -> None:
        self._path = Path(path)
        self._wal = Path(f"{path}-wal")
        self._gather_s = gather_s
        self.quiet_s = quiet_s
        self.folds = 0  # checkpoints made: the WAL folded into the database file
        self._changed = threading.Condition()
        self._committed = 0  # commits told so far
        self._synced = 0  # commits known to be on disk
        self._closing = False
        self.failure = ""  # the last sync's error, if it failed (it is tried again at the next commit)
        self._thread = threading.Thread(target=self._run, name="companion-sync", daemon=True)
        self._thread.start()

    def committed(self) -> None:
        with self._changed:
            self._committed += 1
            self._changed.notify_all()

    @property
    def pending(self) -> int:
        """Commits not yet known to be on disk."""
        with self._changed:
            return self._committed - self._synced

    def flush(self, timeout: float | None = None) -> bool:
        """Wait until every commit told so far is on disk; False if ``timeout`` ran out first."""
        with self._changed:
            target = self._committed
            return self._changed.wait_for(lambda: self._synced >= target or not self._thread.is_alive(), timeout) \
                and self._synced >= target

    def close(self, timeout: float = 10.0) -> None:
        with self._changed:
            self._closing = True
            self._changed.notify_all()
        self._thread.join(timeout)

    def _run(self) -> None:
        conn = sqlite3.connect(self._path, isolation_level=None)
        folded = True  # whether the WAL holds nothing the database file lacks
        try:
            while True:
                with self._changed:
                    woken = self._changed.wait_for(lambda: self._committed > self._synced or self._closing,
                                                   None if folded else self.quiet_s)
                    if self._closing and self._committed == self._synced:
                        return  # the last connection to close folds the WAL in
                if not woken:  # a quiet table
                    folded = self._attempt(lambda: conn.execute("PRAGMA wal_checkpoint(PASSIVE)").fetchall())
                    self.folds += folded
                    continue
                if not self._closing:
                    time.sleep(self._gather_s)
                with self._changed:
                    target = self._committed
                if not self._attempt(self._sync_wal):
                    time.sleep(self._gather_s)  # a card pulled, a full disk: tried again
                    continue
                folded = False
                with self._changed:
                    self._synced = max(self._synced, target)
                    self._changed.notify_all()
        finally:
            conn.close()

    def _attempt(self, work: Callable[[], object]) -> bool:
        """Run ``work``; False (and ``failure`` set) when the disk or SQLite refused it."""
        try:
            work()
        except (OSError, sqlite3.Error) as exc:
            self.failure = str(exc)
            return False
        self.failure = ""
        return True

    def _sync_wal(self) -> None:
        try:
            fd = os.open(self._wal, os.O_RDONLY)
        except FileNotFoundError:  # no WAL: everything is in the database file already
            return
        try:
            os.fsync(fd)  # every frame written so far, the commits' included, is on the card
        finally:
            os.close(fd)
