"""An unplugged pad board is said on the referee screen while it lasts, and the line
clears when the backend has reconnected."""

import time
from dataclasses import replace

from kivy.clock import Clock


def test_backend_trouble_shows_and_clears(ui, monkeypatch):
    ui.app.start_session("rapidcity", {"players": ["red", "blue", "green"], "seed": 5})
    ui.pump()
    backend = ui.app.hardware()
    healthy = backend.status()
    assert healthy.ok and ui.screen.alert == ""
    unplugged = replace(healthy, ok=False, detail="pad board on /dev/ttyACM0 unplugged: waiting for it")
    monkeypatch.setattr(backend, "status", lambda: unplugged)
    deadline = time.monotonic() + 3
    while "unplugged" not in ui.screen.alert and time.monotonic() < deadline:
        Clock.tick()  # the screen asks the backend every half second by itself
    assert "pad board on /dev/ttyACM0 unplugged" in ui.screen.alert
    assert any("unplugged" in text for text in ui.texts())
    monkeypatch.setattr(backend, "status", lambda: healthy)
    deadline = time.monotonic() + 3
    while ui.screen.alert and time.monotonic() < deadline:
        Clock.tick()
    assert ui.screen.alert == ""
