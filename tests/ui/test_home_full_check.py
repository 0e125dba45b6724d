"""When the whole database was last checked is the maker's business, told in Settings with
how to check it (the app itself checks only what it reads at start); Home, where the table
starts every game, says nothing of it unless the last check found a problem (issue 37: "Run
`companion doctor`" greeted every start)."""

from companion.records.check import database_checks
from companion.db.store import FULL_CHECK, Store
from tests.ui.conftest import start_app, stop_app


def test_home_greets_the_table_without_the_makers_words(ui):
    words = " ".join(ui.texts())
    assert "doctor" not in words and "`" not in words and "Database" not in words, words
    ui.tap("Settings")
    assert "Full check: never (`companion doctor` on a terminal checks it all)" in ui.find(startswith="Version").text


def test_settings_say_when_the_doctor_last_checked_it(db):
    ui = start_app(db)
    stop_app(ui)
    assert database_checks(db, record=True)[0].status == "ok"
    ui = start_app(db)
    try:
        ui.pump()
        assert "doctor" not in " ".join(ui.texts())
        ui.tap("Settings")
        assert ", all sound (`companion doctor` on a terminal" in ui.find(startswith="Version").text
    finally:
        stop_app(ui)


def test_home_says_a_problem_the_last_check_found(db):
    ui = start_app(db)
    stop_app(ui)
    Store(db).set_pref(FULL_CHECK, {"at": "2026-12-07T16:45:00+00:00", "result": "page 4 is damaged"})
    ui = start_app(db)
    try:
        ui.pump()
        ui.find("The last full check found a problem: page 4 is damaged (Settings: how to check again).")
    finally:
        stop_app(ui)
