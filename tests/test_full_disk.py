"""A full disk and read-only media, for real (tests/disk.py mounts a small tmpfs in a
namespace of the test's own): every verb says the true reason in one line, never a
traceback, and changes nothing it was not asked to change."""

from __future__ import annotations

import errno
import json
import sqlite3

from companion.db.lock import AppLock, holder
from companion.db.store import Store
from tests.dbdamage import sample_db
from tests.disk import fault, on_disk


def one_line(result: dict) -> str:
    err = result["err"]
    assert "Traceback" not in err and result["status"] == 2, result
    lines = err.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("companion: error: "), err
    return lines[0]


SETUP = """
from tests.dbdamage import sample_db
db = DISK / "companion.db"
sample_db(db)
"""


def test_the_app_starts_on_a_full_disk_when_only_its_lock_cannot_say_who_holds_it(tmp_path, monkeypatch):
    db = tmp_path / "companion.db"
    sample_db(db)

    def full(*_args):
        raise fault(errno.ENOSPC)

    monkeypatch.setattr("os.pwrite", full)
    lock = AppLock(db)  # held all the same
    try:
        assert holder(db) == 0  # held by a process it cannot name
    finally:
        lock.release()


def test_the_app_on_a_disk_too_full_to_open_the_database_says_so(tmp_path):
    said = on_disk(tmp_path / "disk", SETUP + """
from companion.db.check import open_for_app
from companion.intake.errors import StoreError
fill(DISK)
before = listing(DISK, opened=True)
try:
    open_for_app(db)
    report("opened")
except StoreError as exc:
    report([str(exc), before == listing(DISK, opened=True)])
""")
    if said != "opened":  # SQLite could not make its -shm: it must say why
        message, unchanged = said
        assert "is full" in message and "damaged" not in message and unchanged


def test_doctor_on_a_full_disk_says_so_every_time(tmp_path):
    runs = on_disk(tmp_path / "disk", SETUP + """
with Store(db) as store:  # a game with snapshots the doctor would like to mark
    game = store.new_session("scorepad", {"players": ["Ann", "Bob"]})
    for n in range(1, 200):
        game.do({"type": "add", "player": "Ann", "points": n})
runs = []
for leave in (0, 4096, 8192, 40000, 70000, 140000):
    fill(DISK, leave)
    runs.append([cli("--db", db, "doctor", "--json"), leave])
    (DISK / "filler").unlink()
report(runs)
""", size_kb=4096)
    for result, leave in runs:
        assert "Traceback" not in result["err"] and result["out"], result
        checks = [c for c in json.loads(result["out"]) if c["name"] in ("Database", "Saved game", "Full check")]
        words = " ".join(c["detail"] + " " + c["fix"] for c in checks)
        assert checks[0]["name"] == "Database" and (checks[0]["ok"] or "full" in words), (leave, words)
        assert "damaged" not in words, (leave, words)


def test_a_full_check_that_cannot_be_noted_is_still_a_sound_database(tmp_path, monkeypatch):
    from companion.records.check import database_checks

    db = tmp_path / "companion.db"
    sample_db(db)

    def full(*_args):
        raise sqlite3.OperationalError("database or disk is full")

    monkeypatch.setattr(Store, "record_full_check", full)
    checks = database_checks(db, record=True)
    assert [(c.name, c.ok) for c in checks][:2] == [("Database", True), ("Full check", True)]
    assert "could not be noted" in checks[1].found and "full" in checks[1].found


def test_import_onto_a_full_disk_says_so_and_changes_nothing(tmp_path):
    source = tmp_path / "source.db"
    sample_db(source)
    from companion.cli import main
    assert main(["--db", str(source), "export", "-o", str(tmp_path / "all.json")]) == 0
    results = on_disk(tmp_path / "disk", SETUP + f"""
fill(DISK)
before = listing(DISK, opened=True)
into_new = cli("--db", DISK / "new.db", "import", {str(tmp_path / "all.json")!r})
into_old = cli("--db", db, "import", {str(tmp_path / "all.json")!r})
report([into_new, into_old, before == listing(DISK, opened=True), sorted(p.name for p in DISK.iterdir())])
""")
    into_new, into_old, unchanged, names = results
    for result in (into_new, into_old):
        assert "full" in one_line(result)
    assert unchanged and not any(name.startswith("new.db") for name in names)


def test_backup_onto_read_only_media_says_so(tmp_path):
    result, names = on_disk(tmp_path / "disk", f"""
from tests.dbdamage import sample_db
db = {str(tmp_path / "companion.db")!r}
sample_db(db)
(DISK / "stick").mkdir()
read_only(DISK)
report([cli("--db", db, "backup", DISK / "stick"), sorted(p.name for p in (DISK / "stick").iterdir())])
""")
    assert "read-only" in one_line(result) and names == []


def test_backup_onto_a_full_stick_gives_both_sizes(tmp_path):
    result, names = on_disk(tmp_path / "disk", f"""
db = {str(tmp_path / "big.db")!r}
with Store(db) as store:
    game = store.new_session("scorepad", {{"players": ["Ann", "Bob"]}})
    for n in range(1, 3000):
        game.do({{"type": "add", "player": "Ann", "points": n}})
report([cli("--db", db, "backup", DISK), sorted(p.name for p in DISK.iterdir())])
""", size_kb=256)
    line = one_line(result)
    assert "is full (" in line and "free, the backup needs" in line and names == []


def test_restore_onto_a_full_disk_blames_the_disk_not_the_backup(tmp_path):
    backup = tmp_path / "backup.db"
    with Store(backup) as store:
        game = store.new_session("scorepad", {"players": ["Ann", "Bob"]})
        for n in range(1, 3000):
            game.do({"type": "add", "player": "Ann", "points": n})
    before = backup.read_bytes()
    result, unchanged = on_disk(tmp_path / "disk", SETUP + f"""
fill(DISK, 100000)
before = listing(DISK, opened=True)
result = cli("--db", db, "restore", {str(backup)!r})
report([result, listing(DISK, opened=True) == before])
""")
    line = one_line(result)
    assert "is full" in line and "damaged" not in line and "not a companion" not in line
    assert unchanged and backup.read_bytes() == before


def test_a_wal_backup_on_read_only_media_restores_and_nothing_is_made_beside_it(tmp_path):
    db = tmp_path / "companion.db"
    result, games, names, unchanged = on_disk(tmp_path / "disk", f"""
import shutil
backup = DISK / "backup.db"
with Store(backup) as store:
    store.new_session("scorepad", {{"players": ["Ann"]}}).do({{"type": "add", "player": "Ann", "points": 1}})
    store.new_session("scorepad", {{"players": ["Bob"]}})
    # as a pulled plug leaves it: games still in the -wal, never checkpointed
    shutil.copyfile(backup, DISK / "main-only")
    shutil.copyfile(str(backup) + "-wal", DISK / "wal-only")
assert (DISK / "wal-only").stat().st_size > 0
(DISK / "backup.db").unlink()
(DISK / "main-only").rename(backup)
(DISK / "wal-only").rename(str(backup) + "-wal")
read_only(DISK)
before = listing(DISK)
result = cli("--db", {str(db)!r}, "restore", backup)
with Store({str(db)!r}) as store:
    games = len(store.sessions())
report([result, games, sorted(p.name for p in DISK.iterdir()), listing(DISK) == before])
""")
    assert result["status"] == 0, result
    assert games == 2 and names == ["backup.db", "backup.db-wal"] and unchanged
