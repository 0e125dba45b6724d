"""A pad board that goes silent in the middle of a card: the referee stops the card and
says why, refuses the next one until the board is back, then plays on."""

import time
from dataclasses import replace

from kivy.clock import Clock

from ui.rapidcity.referee import RefereeScreen


def _tick_until(predicate, timeout: float = 3.0) -> None:
    deadline = time.monotonic() + timeout
    while not predicate() and time.monotonic() < deadline:
        Clock.tick()  # the screen asks the backend twice a second by itself
    assert predicate()


def test_a_silent_board_stops_the_card_and_holds_the_next(ui, monkeypatch):
    monkeypatch.setattr(RefereeScreen, "delay_s", (5.0, 5.0))  # still waiting for the card
    ui.app.start_session("rapidcity", {"players": ["red", "blue", "green"], "seed": 5})
    ui.pump()
    backend = ui.app.hardware()
    healthy = backend.status()
    ui.tap("Ready")
    assert ui.screen.stage == "waiting" and ui.screen.model.card is not None
    silent = replace(healthy, ok=False, health="silent",
                     detail="pad board /dev/ttyACM0: connected but SILENT: no heartbeat for 3.1 s")
    monkeypatch.setattr(backend, "status", lambda: silent)
    _tick_until(lambda: ui.screen.stage == "ready")
    assert ui.screen.model.card is None
    assert "SILENT" in ui.screen.alert and ui.screen.status.startswith("Card stopped")
    ui.tap("Ready")
    assert ui.screen.stage == "ready" and "not reporting" in ui.screen.message
    monkeypatch.setattr(backend, "status", lambda: healthy)
    _tick_until(lambda: ui.screen.alert == "")
    ui.tap("Ready")
    assert ui.screen.stage == "waiting"
