"""The app on a damaged or unusable database: it starts headless, stays up and says on
screen what is wrong and what to do (a kiosk has no terminal), and changes nothing."""

import os
import sqlite3

import pytest

from companion.db.lock import AppLock
from companion.db.place import running_user
from companion.db.store import Store
from tests.dbdamage import ours_without_tables, read_only, sample_db, tamper
from tests.ui.conftest import Driver, stop_app


def start_on(db) -> Driver:
    """The app as `companion --db PATH` starts it: it opens and locks the database itself."""
    from ui.shell.app import CompanionApp

    app = CompanionApp(db_path=db, backend="sim")
    app._run_prepare()
    driver = Driver(app)
    driver.pump()
    return driver


def shown(ui, *parts) -> bool:
    """Some text on screen holds every part (the problem screen capitalises its first letter)."""
    return any(all(p.lower() in t.lower() for p in parts) for t in ui.texts())


def truncated(db):
    sample_db(db)
    db.write_bytes(db.read_bytes()[:3000])


def missing_table(db):
    Store(db).close()
    tamper(db, "DROP TABLE events")


def not_ours(db):
    raw = sqlite3.connect(db)
    raw.execute("CREATE TABLE recipes (name TEXT)")
    raw.close()


@pytest.mark.parametrize("make, says", [
    (truncated, "is damaged"),
    (missing_table, "the table 'events' is missing"),
    (ours_without_tables, "the table 'players' is missing"),
    (not_ours, "is not a companion database"),
    (lambda db: db.write_bytes(b"x" * 4096), "is damaged or is not a companion database"),
])
def test_a_damaged_file_is_shown_on_screen_and_left_as_it_is(tmp_path, make, says):
    db = tmp_path / "companion.db"
    make(db)
    before = db.read_bytes()
    ui = start_on(db)
    try:
        ui.pump(10)  # it stays up
        assert ui.app.manager.current == "dbproblem"
        assert "The game database cannot be used" in ui.texts()
        assert shown(ui, says, str(db)), ui.texts()
        ui.tap("Try again")  # still broken: still said, still up
        assert ui.app.manager.current == "dbproblem"
        ui.key(27)  # Escape has no Home to go to
        assert ui.app.manager.current == "dbproblem"
    finally:
        stop_app(ui)
    assert db.read_bytes() == before


def place_read_only_file(db):
    sample_db(db)
    return read_only(db), f"the file {db} cannot be written by user {running_user()}"


def place_read_only_folder(db):
    sample_db(db)
    return read_only(db.parent), f"the folder {db.parent} cannot be written by user {running_user()}"


@pytest.mark.parametrize("make", [place_read_only_file, place_read_only_folder])
def test_a_read_only_database_says_who_cannot_write_what_and_try_again_works_once_fixed(tmp_path, make):
    db = tmp_path / "companion.db"
    state, says = make(db)
    with state:
        ui = start_on(db)
        try:
            assert ui.app.manager.current == "dbproblem"
            assert shown(ui, says, "permissions", "owner"), ui.texts()
        except BaseException:
            stop_app(ui)
            raise
    try:
        ui.tap("Try again")
        assert ui.app.manager.current == "home"
        assert any(t.startswith("Resume Score pad") for t in ui.texts())
    finally:
        stop_app(ui)


def test_a_folder_or_a_file_in_the_way(tmp_path):
    (tmp_path / "folder.db").mkdir()
    (tmp_path / "afile").write_text("x")
    for db, says in ((tmp_path / "folder.db", "is a folder, not a database file"),
                     (tmp_path / "afile" / "companion.db", f"{tmp_path / 'afile'} is a file")):
        ui = start_on(db)
        try:
            assert ui.app.manager.current == "dbproblem"
            assert shown(ui, says), ui.texts()
        finally:
            stop_app(ui)
    assert (tmp_path / "afile").read_text() == "x"


def test_a_second_app_says_the_companion_is_already_running_then_starts_when_it_is_gone(tmp_path):
    db = tmp_path / "companion.db"
    sample_db(db)
    other = AppLock(db)  # the first app
    ui = start_on(db)
    try:
        assert ui.app.manager.current == "dbproblem"
        assert shown(ui, f"the companion is already running (process {os.getpid()})")
        button = ui.find("Try again")
        assert button.height >= 48 and button.width >= 48
        other.release()  # the first app closes
        ui.tap(button)
        assert ui.app.manager.current == "home"
        assert ui.app.store is not None
    finally:
        other.release()
        stop_app(ui)


def test_damaged_rows_are_said_on_home_and_every_other_game_plays(tmp_path):
    db = tmp_path / "companion.db"
    live, done, empty = sample_db(db)
    tamper(db, "UPDATE sessions SET settings = '{' WHERE id = ?", empty)
    tamper(db, "UPDATE sessions SET result = 'nonsense' WHERE id = ?", done)
    with Store(db) as store:
        good = store.new_session("scorepad", {"players": ["Cy"]}).id
    tamper(db, "UPDATE events SET action = NULL WHERE session_id = ? AND seq = 1", live)
    before = db.read_bytes()
    ui = start_on(db)
    try:
        assert ui.app.manager.current == "home"
        texts = ui.texts()
        assert any(t.startswith(f"Damaged, cannot be resumed: game session {empty} (Score pad)")
                   and f"(sessions row {empty})" in t and "left untouched" in t for t in texts), texts
        assert any(t.startswith(f"Damaged, cannot be resumed: game session {done} ")
                   and "its result column is not valid JSON" in t for t in texts), texts
        ui.tap(ui.find(startswith="Resume Score pad: Ann, Bob"))  # its log is damaged: said on Home
        assert ui.app.manager.current == "home"
        assert any(f"events row session_id={live}, seq=1" in t for t in ui.texts())
        assert db.read_bytes() == before
        ui.tap(ui.find(startswith="Resume Score pad: Cy"))
        assert ui.app.manager.current == "scorepad"
        ui.tap("+5")
        assert ui.app.store.open_session(good).state.scores == (5,)
    finally:
        stop_app(ui)

