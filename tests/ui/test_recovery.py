"""No exception ends the app (issue 37): a fault in a callback rebuilds the screen from the
store, says so in one line, logs the traceback beside the database, and the game plays on."""

from __future__ import annotations

import pytest
from kivy.base import EventLoop, ExceptionManager

from companion.kiosk.errorlog import error_log_path, read_log
from tests.ui.conftest import pump_until
from tests.ui.spurs.driving import begin_game, number
from ui.shell import recovery


class Faulty(RuntimeError):
    pass


@pytest.fixture
def as_the_app_runs(ui, monkeypatch):
    """Frames run as Kivy's main loop runs them (kivy/base.py ``mainloop``): an exception goes
    to the ExceptionManager's handlers, and the loop stops only if one says RAISE."""
    said = []

    def pump(frames: int = 3) -> None:
        for _ in range(frames):
            try:
                EventLoop.idle()
            except BaseException as inst:  # noqa: BLE001 - the main loop's own catch
                said.append(ExceptionManager.handle_exception(inst))
                if said[-1] == ExceptionManager.RAISE:
                    raise

    monkeypatch.setattr(ui, "pump", pump)
    return said


def tap_queued(ui, text: str) -> None:
    """A tap as an input provider sends it: queued, then dispatched inside a frame."""
    widget = ui.find(text)
    touch = ui.new_touch(*widget.to_window(*widget.center))
    EventLoop._dispatch_input("begin", touch)
    ui.pump(1)
    EventLoop._dispatch_input("end", touch)
    ui.pump(2)


def raise_on(screen, key: str, monkeypatch) -> None:
    tap = screen.tap

    def faulty(k, *args):
        if k == key:
            raise Faulty(f"a fault in {k}")
        return tap(k, *args)

    monkeypatch.setattr(screen, "tap", faulty)


def test_a_fault_in_a_buttons_callback_reopens_the_game_from_the_store(ui, as_the_app_runs, monkeypatch, db):
    begin_game(ui, names=("Ann", "Bob"))
    ui.tap(number(ui, "Ann", "fame"))
    ui.tap(ui.find("+1"))
    broken = ui.screen
    raise_on(broken, "end_turn", monkeypatch)
    tap_queued(ui, "End turn")
    assert as_the_app_runs == [ExceptionManager.PASS]
    assert ui.app.manager.current == "spurs" and ui.screen is not broken  # built anew
    pump_until(ui, lambda: recovery.SAID_GAME in ui.texts())  # its notice laid over the page
    assert ui.screen.news == recovery.SAID_GAME and recovery.SAID_GAME in ui.texts()
    assert ui.screen.state.players[0].fame == 1  # the saved +1 is there
    ui.tap("End turn")  # and the game plays on
    assert ui.screen.state.current == 1
    logged = read_log(db)
    assert logged is not None and logged.count == 1 and "Faulty: a fault in end_turn" in logged.last
    assert "Traceback" in error_log_path(db).read_text()


def test_a_fault_that_comes_back_goes_home_and_one_that_keeps_coming_ends_the_app(ui, as_the_app_runs, monkeypatch):
    begin_game(ui, names=("Ann", "Bob"))
    monkeypatch.setattr(ui.app._recovery, "_clock", lambda: 100.0)  # the faults come within one run of them
    for _ in range(2):
        raise_on(ui.screen, "end_turn", monkeypatch)
        tap_queued(ui, "End turn")
    assert as_the_app_runs == [ExceptionManager.PASS] * 2, (ui.screen.message, ui.screen.news)
    assert ui.app.manager.current == "home" and ui.screen.message == recovery.SAID_HOME
    handler = ui.app._recovery
    for _ in range(recovery.GIVE_UP_AFTER - 2):
        assert handler.handle_exception(Faulty("again")) == ExceptionManager.PASS
    assert handler.handle_exception(Faulty("again")) == ExceptionManager.RAISE


def test_ctrl_c_still_stops_the_app(ui):
    assert ui.app._recovery.handle_exception(KeyboardInterrupt()) == ExceptionManager.RAISE
