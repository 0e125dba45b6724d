"""The pad test screen, reached from Settings: pressing a pad's (mock) pin lights its tile
and counts the press; bounces inside the lockout are counted on that tile; the board's
health and counters are shown above."""

from __future__ import annotations

from dataclasses import replace

from kivy.clock import Clock

from hardware.events import now_ns
from tests.ui.conftest import pump_until
from ui.screens.padtest import PadTile

MS = 1_000_000


def tile(ui, pad: int) -> PadTile:
    return ui.screen.tiles[pad]


def test_each_tile_lights_while_its_pad_is_held_with_presses_bounces_and_last_edge(ui):
    ui.tap("Settings")
    ui.tap("Pad test")
    assert ui.app.manager.current == "padtest"
    backend = ui.app.hardware()
    assert sorted(ui.screen.tiles) == [1, 2, 3, 4, 5, 6]
    assert "Pad 3: Saloon 1\nGPIO22" in ui.texts() and ui.screen.health.startswith("OK: simulated pads")
    pin = backend.pin(2)  # gpiozero MockFactory pins: drive_low is a press (pull-up wiring)
    t = now_ns()
    pin.drive_at(False, t)           # press
    pin.drive_at(True, t + 2 * MS)   # bounce: up and down again inside the 30 ms lockout
    pin.drive_at(False, t + 4 * MS)
    ui.pump(3)
    two = tile(ui, 2)
    assert two.held and two.presses == 1 and two.bounces == 2
    assert "HELD" in ui.texts(two) and "presses 1   bounces 2" in ui.texts(two)
    assert any(text.startswith("last edge") and text.endswith("(press)") for text in ui.texts(two))
    assert not tile(ui, 1).held and "up" in ui.texts(tile(ui, 1))
    pin.drive_at(True, t + 200 * MS)  # released after the lockout
    ui.pump(3)
    assert not two.held and two.presses == 1 and "up" in ui.texts(two)
    assert "(release)" in two.last
    ui.screen.refresh_status()
    assert "edges 4" in ui.screen.counters and "bounces dropped 2" in ui.screen.counters
    from kivy.core.window import Window

    Window.dispatch("on_key_down", ord("5"), 0, "5", [])  # the sim's keys hold pads too
    ui.pump(3)
    assert tile(ui, 5).held and tile(ui, 5).presses == 1
    Window.dispatch("on_key_up", ord("5"), 0)
    pump_until(ui, lambda: not tile(ui, 5).held)  # a release inside the lockout waits it out


def test_a_pad_boards_health_and_counters_are_shown(ui, monkeypatch):
    ui.app.go("padtest")
    ui.pump()
    backend = ui.app.hardware()
    board = replace(backend.status(), ok=False, health="silent",
                    detail="pad board /dev/ttyACM0: connected but SILENT: no heartbeat for 3.0 s",
                    counters={"lines": 120, "heartbeats": 40, "skipped: garbage": 2, "skipped: bad number": 1,
                              "edges": 60, "bounces dropped": 5})
    monkeypatch.setattr(backend, "status", lambda: board)
    Clock.tick()
    ui.screen.refresh_status()
    assert ui.screen.health.startswith("SILENT: pad board /dev/ttyACM0")
    assert ui.screen.counters.split("   ") == ["lines 120", "skipped garbage 3", "heartbeats 40", "edges 60",
                                               "bounces dropped 5"]
    assert ui.screen.health in ui.texts() and ui.screen.counters in ui.texts()
    ui.tap("Home")
    assert ui.app.manager.current == "home"
