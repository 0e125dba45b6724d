"""Where the database lives: read-only files and folders, things in the way, and one app
per database. Each is diagnosed with who owns what and which user runs the companion."""

import os

import pytest

from companion.db.check import open_for_app
from companion.records.check import database_checks
from companion.db.lock import AppLock, holder
from companion.db.place import place_problem, running_user
from companion.db.store import Store, StoreError
from tests.dbdamage import PLAYERS, add, read_only, sample_db


@pytest.fixture
def db(tmp_path):
    return tmp_path / "companion.db"


def failures(db):
    """The doctor's failed database checks, run as `companion doctor` runs them."""
    return [c for c in database_checks(db, record=True) if c.status == "FAIL"]


def test_a_read_only_database_is_not_ready_to_play_and_says_who_and_what(db):
    sample_db(db)
    with read_only(db):
        [check] = failures(db)
        assert f"the file {db} cannot be written by user {running_user()}" in check.found
        assert "owner root" in check.found or "owner " in check.found
        assert "permissions -r--r--r--" in check.found
        assert "--db" in check.fix
        with pytest.raises(StoreError, match=f"cannot be written by user {running_user()}"):
            open_for_app(db)
    assert not failures(db)


def test_a_read_only_folder_is_named_with_why_the_folder_matters(db):
    sample_db(db)
    with read_only(db.parent):
        [check] = failures(db)  # said once: not again as "cannot open"
        assert f"the folder {db.parent} cannot be written by user {running_user()}" in check.found
        assert "journal and lock file beside the database" in check.found
        with pytest.raises(StoreError, match="folder"):
            open_for_app(db)


def test_a_database_that_would_be_created_in_a_read_only_folder(tmp_path):
    with read_only(tmp_path):
        [check] = failures(tmp_path / "new.db")
        assert f"the folder {tmp_path} cannot be written" in check.found
        assert not (tmp_path / "new.db").exists()


def test_a_file_where_the_folder_should_be(tmp_path):
    (tmp_path / "data").write_text("not a folder")
    db = tmp_path / "data" / "companion" / "companion.db"
    [check] = failures(db)
    assert check.found == f"{tmp_path / 'data'} is a file, so the folder for {db} cannot be made"
    assert f"move {tmp_path / 'data'} aside" in check.fix
    with pytest.raises(StoreError, match="is a file"):
        open_for_app(db)
    assert (tmp_path / "data").read_text() == "not a folder"


def test_a_folder_where_the_file_should_be(db):
    db.mkdir()
    [check] = failures(db)
    assert check.found == f"{db} is a folder, not a database file"
    assert str(db / "companion.db") in check.fix


def test_the_first_start_makes_the_folders_the_lock_and_the_database(tmp_path):
    db = tmp_path / "share" / "companion" / "companion.db"  # as on a fresh Pi: no folders yet
    store, lock = open_for_app(db)
    try:
        assert db.is_file() and holder(db) == os.getpid() and store.sessions() == []
    finally:
        store.close()
        lock.release()


def test_a_fresh_place_is_fine_and_nothing_is_created(db):
    assert place_problem(db) is None
    [check] = database_checks(db)
    assert check.status == "ok" and "not created yet" in check.found
    assert not db.exists()


def test_a_save_refused_by_a_read_only_file_says_so_not_the_disk(db):
    live, _done, _empty = sample_db(db)
    with read_only(db), Store(db) as store:  # the CLI opens it (SQLite opens it read-only)
        with pytest.raises(StoreError) as err:
            store.open_session(live).do(add("Ann", 1))
        with pytest.raises(StoreError, match="nothing was changed"):
            store.new_session("scorepad", PLAYERS)
    message = str(err.value)
    assert "nothing was changed" in message
    assert f"cannot be written by user {running_user()}" in message
    assert "disk has room" not in message


def test_only_one_app_holds_a_database_and_says_which_process(db):
    first = open_for_app(db)
    try:
        with pytest.raises(StoreError) as err:
            open_for_app(db)
        assert f"the companion is already running (process {os.getpid()}) and is using {db}" in str(err.value)
        assert "Try again" in str(err.value) and "--db" in str(err.value)
        assert holder(db) == os.getpid()
        with Store(db) as reader:  # the CLI reads beside a running app
            assert reader.sessions() == []
        assert any(c.name == "App lock" and f"process {os.getpid()}" in c.found for c in database_checks(db))
    finally:
        first[0].close()
        first[1].release()
    assert holder(db) is None
    again = AppLock(db)  # released means free: a second app can start now
    again.release()


def test_the_lock_is_released_when_the_process_dies(db, tmp_path):
    import subprocess
    import sys

    child = subprocess.Popen([sys.executable, "-c", "import sys, time; from companion.db.lock import AppLock; "
                              f"AppLock({str(db)!r}); print('locked', flush=True); time.sleep(60)"],
                             stdout=subprocess.PIPE, text=True, cwd=os.path.dirname(os.path.dirname(__file__)))
    try:
        assert child.stdout.readline().strip() == "locked"
        assert holder(db) == child.pid
    finally:
        child.kill()
        child.wait()
    assert holder(db) is None


@pytest.fixture
def mounted(tmp_path):
    """A file system of its own (tmpfs), so it can be remounted read-only; needs root."""
    import subprocess

    point = tmp_path / "mnt"
    point.mkdir()
    if os.geteuid() != 0 or subprocess.run(["mount", "-t", "tmpfs", "tmpfs", str(point)],
                                           capture_output=True).returncode:
        pytest.skip("mounting a file system needs root")
    try:
        yield point
    finally:
        subprocess.run(["umount", str(point)], check=True)


def test_a_read_only_file_system_says_remount_or_for_the_service_where_to_keep_it(mounted, monkeypatch):
    import subprocess

    db = mounted / "companion.db"
    sample_db(db)
    subprocess.run(["mount", "-o", "remount,ro", str(mounted)], check=True)
    monkeypatch.delenv("INVOCATION_ID", raising=False)
    [check] = failures(db)
    assert "the file system holding it is mounted read-only" in check.found
    assert f"sudo mount -o remount,rw {mounted}" in check.fix
    monkeypatch.setenv("INVOCATION_ID", "0123")  # as systemd sets it for a service
    [check] = failures(db)
    assert "ProtectSystem=" in check.found and f"add {mounted} to ReadWritePaths=" in check.fix


def test_a_lock_file_left_by_another_user_is_named(db):
    """`sudo companion` once leaves root's lock file (and journal) beside the service's database."""
    sample_db(db)
    AppLock(db).release()
    lock = db.with_name(db.name + ".lock")
    with read_only(lock):
        [check] = failures(db)
        assert f"the file {lock} cannot be written by user {running_user()}" in check.found
        with pytest.raises(StoreError, match=str(lock)):
            open_for_app(db)


@pytest.mark.parametrize("code, says", [
    ("SQLITE_FULL", "The disk is full"),
    ("SQLITE_BUSY", "Another program is using the database"),
    ("SQLITE_CORRUPT", "The database file is damaged"),
    ("SQLITE_IOERR_WRITE", "Check the disk has room"),
])
def test_a_refused_save_gets_the_hint_for_its_cause(db, code, says):
    import sqlite3

    from companion.db.place import write_hint

    error = sqlite3.OperationalError("refused")
    error.sqlite_errorname = code  # what SQLite sets on the errors it raises (Python 3.11+)
    assert write_hint(db, error).startswith(says)
