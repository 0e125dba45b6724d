"""A file the companion refuses is left exactly as it was (issue 33, item 3): a newer
companion's file or another application's, in WAL mode with a transaction still in its
-wal, is refused by every verb before anything is written, and its -wal and -shm are left
byte for byte (a read-write open checkpointed the -wal into the file and removed it)."""

import shutil
import sqlite3
from contextlib import closing
from pathlib import Path

import pytest

from companion.cli import main
from companion.records.check import database_checks
from companion.db.schema import SCHEMA_VERSION
from companion.db.store import Store, StoreError
from tests.dbdamage import sample_db

JOURNAL = ("", "-wal", "-shm")


def frozen(db: Path, change: str) -> None:
    """``db`` as a process killed after committing ``change`` leaves it: the change in the
    -wal, never checkpointed, with the -shm beside it (copied while the writer is open)."""
    with closing(sqlite3.connect(db, isolation_level=None)) as raw:
        raw.execute("PRAGMA journal_mode=WAL")
        raw.execute("PRAGMA wal_autocheckpoint=0")
        raw.executescript(change)
        for suffix in JOURNAL:
            shutil.copyfile(f"{db}{suffix}", f"{db}{suffix}.kept")
    for suffix in JOURNAL:
        Path(f"{db}{suffix}.kept").replace(f"{db}{suffix}")
    assert Path(f"{db}-wal").stat().st_size


def newer(db: Path) -> None:
    """Ours, its newer schema only in the -wal: the file's own header still says ours."""
    sample_db(db)
    frozen(db, f"PRAGMA user_version={SCHEMA_VERSION + 1}; CREATE TABLE later (x);")


def foreign(db: Path) -> None:
    """Another application's file, its mark and its data in the -wal."""
    with closing(sqlite3.connect(db)) as raw:
        raw.execute("CREATE TABLE recipes (name TEXT)")
    frozen(db, "PRAGMA application_id=1234; INSERT INTO recipes VALUES ('stew');")


def files(folder: Path) -> dict[str, bytes]:
    return {p.name: p.read_bytes() for p in folder.iterdir()}


@pytest.mark.parametrize("make, says", [(newer, "newer companion"), (foreign, "not a companion database")])
@pytest.mark.parametrize("verb", [["export"], ["export", "--format", "csv"], ["backup", "copy.db"], ["doctor"],
                                  ["referee", "export", "1", "1"]])
def test_a_refused_file_is_left_byte_for_byte_with_its_wal_and_shm(tmp_path, capsys, make, says, verb):
    folder = tmp_path / "data"
    folder.mkdir()
    db = folder / "companion.db"
    make(db)
    before = files(folder)
    rc = main(["--db", str(db), *[str(tmp_path / a) if a.endswith(".db") else a for a in verb]])
    err = capsys.readouterr()
    assert rc != 0 and "Traceback" not in err.err
    assert says in err.err + err.out
    assert files(folder) == before


@pytest.mark.parametrize("make, says", [(newer, "newer companion"), (foreign, "not a companion database")])
def test_the_store_and_doctor_decide_before_writing(tmp_path, make, says):
    db = tmp_path / "companion.db"
    make(db)
    before = files(tmp_path)
    with pytest.raises(StoreError, match=says):
        Store(db)
    checks = database_checks(db, record=True)
    assert any(says in c.found for c in checks)
    assert files(tmp_path) == before


def test_a_sound_file_with_its_last_action_in_the_wal_still_opens_with_it(tmp_path):
    """Reading the mark from the -wal is no refusal of our own files: a game saved just
    before a pulled plug is there."""
    db = tmp_path / "companion.db"
    sample_db(db)
    frozen(db, "INSERT INTO prefs (key, value) VALUES ('late', '1');")
    with Store(db) as store:
        assert store.pref("late") == 1
