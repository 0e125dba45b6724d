"""`companion backup` and `companion restore`: a copy taken while a writer appends is sound
and holds every acknowledged action; a restore checks before it replaces, keeps the old
file, and refuses a damaged, foreign or newer file (or a running app) changing nothing."""

import os
import sqlite3
import threading
import time
from pathlib import Path

import pytest

from companion.cli import main
from companion.db.schema import APPLICATION_ID, SCHEMA_VERSION
from companion.db.store import Store
from tests.timing import answered_quickly
from tests.dbdamage import PLAYERS, add, sample_db
from tests.test_export import games_of, one_line_error, refused_while_the_app_runs


def cli(*argv):
    return main([str(arg) for arg in argv])


def integrity(path):
    conn = sqlite3.connect(path)
    try:
        return conn.execute("PRAGMA integrity_check").fetchone()[0], conn.execute("PRAGMA journal_mode").fetchone()[0]
    finally:
        conn.close()


class Writer(threading.Thread):
    """Appends actions to one game through its own store, as the app would, counting the
    ones whose commit returned (acknowledged)."""

    def __init__(self, db, game_id):
        super().__init__(daemon=True)
        self.db, self.game_id, self.acked, self.stop, self.error = db, game_id, 0, threading.Event(), None

    def run(self):
        try:
            with Store(self.db) as store:
                game = store.open_session(self.game_id)
                while not self.stop.is_set():
                    game.do(add("Ann", 1))
                    self.acked = len(game.actions)
        except Exception as exc:  # noqa: BLE001 - reported by the test
            self.error = exc


def test_a_backup_taken_during_writes_is_sound_and_holds_every_acknowledged_action(tmp_path, capsys):
    db = tmp_path / "companion.db"
    with Store(db) as store:
        game_id = store.new_session("scorepad", PLAYERS).id
    writer = Writer(db, game_id)
    writer.start()
    try:
        copies = []
        for n in range(5):
            while writer.acked < 20 * (n + 1):
                assert writer.is_alive(), writer.error
                time.sleep(0.005)
            acked = writer.acked  # acknowledged before this backup starts
            dest = tmp_path / f"copy{n}.db"
            assert cli("--db", db, "backup", dest) == 0
            copies.append((dest, acked))
    finally:
        writer.stop.set()
        writer.join(10)
    assert writer.error is None
    with Store(db) as store:
        final = store.open_session(game_id).actions
    assert len(final) > copies[-1][1]
    for dest, acked in copies:
        assert integrity(dest) == ("ok", "delete")  # sound, and one file: no -wal to carry
        with Store(dest) as store:
            kept = store.open_session(game_id).actions
        assert len(kept) >= acked and kept == final[:len(kept)]
    assert "integrity ok" in capsys.readouterr().out


def test_backup_into_a_folder_makes_a_dated_copy_and_replaces_only_an_older_backup(tmp_path, capsys):
    db = tmp_path / "companion.db"
    sample_db(db)
    stick = tmp_path / "stick"
    stick.mkdir()
    assert cli("--db", db, "backup", stick) == 0
    [copy] = stick.iterdir()
    assert copy.name.startswith("companion-") and copy.suffix == ".db"
    assert games_of(copy) == games_of(db)
    with Store(db) as store:
        store.new_session("scorepad", PLAYERS)
    assert cli("--db", db, "backup", copy) == 0  # an older backup of ours: replaced
    assert len(games_of(copy)) == 4
    notes = tmp_path / "notes.txt"
    notes.write_text("not a database")
    capsys.readouterr()
    assert cli("--db", db, "backup", notes) == 2
    assert "is not a companion database" in one_line_error(capsys)
    assert notes.read_text() == "not a database"


@pytest.mark.parametrize("target", ["{db}", "{db}-wal", "{db}-shm", "{db}.lock"])
def test_backup_never_writes_over_the_live_database(tmp_path, capsys, target):
    db = tmp_path / "companion.db"
    sample_db(db)
    before = db.read_bytes()
    assert cli("--db", db, "backup", target.format(db=db)) == 2
    assert "the database in use" in one_line_error(capsys)
    assert db.read_bytes() == before


def test_backup_of_a_missing_database_is_refused(tmp_path, capsys):
    assert cli("--db", tmp_path / "none.db", "backup", tmp_path / "copy.db") == 2
    assert "no database" in one_line_error(capsys)
    assert not (tmp_path / "none.db").exists() and not (tmp_path / "copy.db").exists()


def test_restore_replaces_the_database_and_keeps_the_old_one(tmp_path, capsys):
    db, backup = tmp_path / "companion.db", tmp_path / "backup.db"
    sample_db(db)
    assert cli("--db", db, "backup", backup) == 0
    saved = games_of(db)
    with Store(db) as store:
        store.new_session("scorepad", PLAYERS).do(add("Bob", 9))
    newer = games_of(db)
    assert cli("--db", db, "restore", backup) == 0
    assert games_of(db) == saved
    [kept] = tmp_path.glob("companion.db.before-restore-*")
    assert games_of(kept) == newer
    out = capsys.readouterr().out
    assert "restored 3 sessions" in out and kept.name in out


def _damaged(path):
    """A backup whose events pages were overwritten in the middle (a bad sector)."""
    with Store(path) as store:
        game = store.new_session("scorepad", PLAYERS)
        for points in range(1, 600):
            game.do(add("Ann", points))
    with Store(path):
        pass
    data = bytearray(path.read_bytes())
    middle = len(data) // 2 // 4096 * 4096
    data[middle + 8:middle + 4000] = b"\x55" * 3992
    path.write_bytes(bytes(data))


def _foreign(path):
    conn = sqlite3.connect(path)
    conn.execute("CREATE TABLE notes (x)")
    conn.execute("PRAGMA application_id = 1234")
    conn.commit()
    conn.close()


def _newer(path):
    sample_db(path)
    conn = sqlite3.connect(path)
    conn.execute(f"PRAGMA user_version = {SCHEMA_VERSION + 1}")
    conn.commit()
    conn.close()


def _half(path):
    """Ours, but without its events table."""
    conn = sqlite3.connect(path)
    conn.execute(f"PRAGMA application_id = {APPLICATION_ID}")
    conn.execute("CREATE TABLE players (x)")
    conn.commit()
    conn.close()


def _cut_short(path):
    sample_db(path)
    with Store(path):
        pass
    path.write_bytes(path.read_bytes()[:5000])


def _text(path):
    path.write_text("hello\n" * 100)


def _empty(path):
    path.write_bytes(b"")


def _in_wal(make):
    """A backup made by ``make`` whose last transaction is still in its -wal, as a pulled
    plug leaves a database: the file given to restore is two files."""

    def wal(path):
        make(path)
        raw = sqlite3.connect(path, isolation_level=None)
        raw.execute("PRAGMA journal_mode=WAL")
        raw.execute("PRAGMA wal_autocheckpoint=0")
        raw.execute("CREATE TABLE late (x)")
        main, log = path.read_bytes(), Path(f"{path}-wal").read_bytes()
        raw.close()  # checkpoints and removes the -wal: put the pair back as it was
        path.write_bytes(main)
        Path(f"{path}-wal").write_bytes(log)
        assert log

    return wal


@pytest.mark.parametrize("make, says", [
    (_damaged, "damaged"), (_foreign, "not a companion database"), (_newer, "newer companion"),
    (_half, "missing"), (_cut_short, "damaged"), (_text, "not a companion backup"), (_empty, "empty"),
    # the last transaction still in the -wal: it is not merged into the file, and no -shm is made
    (_in_wal(_newer), "newer companion"), (_in_wal(_foreign), "not a companion database")])
def test_restore_refuses_a_damaged_foreign_or_newer_file_and_changes_nothing(tmp_path, capsys, make, says):
    db, source = tmp_path / "companion.db", tmp_path / "backup.db"
    sample_db(db)
    make(source)
    files = {p.name: p.read_bytes() for p in tmp_path.iterdir()}
    capsys.readouterr()
    assert cli("--db", db, "restore", source) == 2
    line = one_line_error(capsys)
    assert says in line and "nothing was changed" in line
    assert {p.name: p.read_bytes() for p in tmp_path.iterdir()} == files  # not even a lock file left


def test_a_wal_backup_restores_with_what_its_wal_holds_and_is_left_as_it_was(tmp_path, capsys):
    db, source = tmp_path / "companion.db", tmp_path / "backup.db"
    sample_db(db)
    _in_wal(sample_db)(source)
    before = {p.name: p.read_bytes() for p in tmp_path.iterdir() if p.name.startswith("backup")}
    assert cli("--db", db, "restore", source) == 0
    assert {p.name: p.read_bytes() for p in tmp_path.iterdir() if p.name.startswith("backup")} == before
    raw = sqlite3.connect(db)
    assert raw.execute("SELECT count(*) FROM sqlite_master WHERE name = 'late'").fetchone() == (1,)
    raw.close()


def test_a_pipe_or_a_device_is_no_backup(tmp_path, capsys):
    db, pipe = tmp_path / "companion.db", tmp_path / "pipe"
    sample_db(db)
    os.mkfifo(pipe)
    for source in (pipe, "/dev/zero"):
        with answered_quickly():
            assert cli("--db", db, "restore", source) == 2
        assert "not a file" in one_line_error(capsys)


def test_restore_is_refused_while_the_app_runs(tmp_path, capsys):
    db, backup = tmp_path / "companion.db", tmp_path / "backup.db"
    sample_db(db)
    assert cli("--db", db, "backup", backup) == 0
    with Store(db) as store:
        store.new_session("scorepad", PLAYERS)
    refused_while_the_app_runs(db, ["restore", backup], capsys)
    assert not list(tmp_path.glob("*before-restore*"))


@pytest.mark.parametrize("source, says", [("{db}", "the database in use"), ("{tmp}/none.db", "no file"),
                                          ("{tmp}", "folder")])
def test_restore_from_the_live_database_or_nothing_is_refused(tmp_path, capsys, source, says):
    db = tmp_path / "companion.db"
    sample_db(db)
    before = db.read_bytes()
    assert cli("--db", db, "restore", source.format(db=db, tmp=tmp_path)) == 2
    assert says in one_line_error(capsys)
    assert db.read_bytes() == before


def test_restore_onto_a_new_place_needs_no_old_database(tmp_path, capsys):
    db, backup = tmp_path / "companion.db", tmp_path / "backup.db"
    sample_db(db)
    assert cli("--db", db, "backup", backup) == 0
    fresh = tmp_path / "pi" / "companion.db"
    assert cli("--db", fresh, "restore", backup) == 0
    assert games_of(fresh) == games_of(db)
    assert "kept" not in capsys.readouterr().out
