"""The app's store leaves the disk's wait to a thread of its own (companion/db/syncer.py):
a commit returns with its frames in the WAL, the sync and the checkpoint follow off the UI
thread, and nothing is lost by a close or a SIGKILL."""

from __future__ import annotations

import sqlite3
import time

from companion.db.store import Store


def pragma(store: Store, name: str) -> int:
    return store._db.execute(f"PRAGMA {name}").fetchone()[0]


def test_the_apps_store_commits_without_the_disks_wait_and_syncs_after(tmp_path):
    with Store(tmp_path / "app.db", sync_later=True) as store:
        assert (pragma(store, "synchronous"), pragma(store, "wal_autocheckpoint")) == (1, 0)  # NORMAL, none inline
        store.syncer.quiet_s = 0.2
        game = store.new_session("scorepad", {"players": ["Ann"]})
        for points in range(1, 301):
            game.do({"type": "add", "player": "Ann", "points": points})
        assert store.syncer.flush(timeout=30) and store.syncer.pending == 0 and not store.syncer.failure
        deadline = time.monotonic() + 30
        while not store.syncer.folds:  # once the table is quiet, the WAL is folded into the file
            assert time.monotonic() < deadline
            time.sleep(0.01)
        busy, frames, backfilled = store._db.execute("PRAGMA wal_checkpoint(PASSIVE)").fetchone()
        assert busy == 0 and frames == backfilled
    with Store(tmp_path / "app.db") as again:  # a later open reads every action
        assert [a["points"] for a in again.open_session(game.id).actions] == list(range(1, 301))


def test_a_command_line_store_still_commits_to_disk_before_returning(tmp_path):
    with Store(tmp_path / "cli.db") as store:
        assert (pragma(store, "synchronous"), store.syncer) == (2, None)  # FULL


def test_closing_the_apps_store_syncs_its_last_commits_and_leaves_one_file(tmp_path):
    db = tmp_path / "app.db"
    store = Store(db, sync_later=True)
    game = store.new_session("scorepad", {"players": ["Ann"]})
    game.do({"type": "add", "player": "Ann", "points": 7})
    store.close()
    assert store.syncer.pending == 0
    assert not (tmp_path / "app.db-wal").exists()  # the last connection checkpointed it into the file
    conn = sqlite3.connect(db)
    assert conn.execute("SELECT count(*) FROM events").fetchone()[0] == 1
    conn.close()
