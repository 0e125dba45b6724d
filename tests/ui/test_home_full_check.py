"""Home says when the whole database was last checked: the app itself checks only what it
reads at start, so a person knows when `companion doctor` last looked at the rest."""

from companion.db.check import database_checks
from tests.ui.conftest import start_app, stop_app


def test_home_says_the_database_was_never_fully_checked(ui):
    assert any(t.startswith("Database: never fully checked") and "companion doctor" in t for t in ui.texts())


def test_home_says_when_the_doctor_last_checked_it(db):
    ui = start_app(db)
    stop_app(ui)
    assert database_checks(db, record=True)[0].status == "ok"
    ui = start_app(db)
    try:
        ui.pump()
        note = ui.find(startswith="Database fully checked")
        assert note.text.endswith("by `companion doctor`: all sound.")
    finally:
        stop_app(ui)
