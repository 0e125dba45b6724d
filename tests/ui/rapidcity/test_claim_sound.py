"""A claim landing on its tile in the live window is heard and said in words, after the frame
that draws it (the sound must not delay the claim on screen)."""

from __future__ import annotations

import pytest

from hardware.events import now_ns
from tests.ui.conftest import pump_until
from tests.ui.rapidcity.test_referee_details import character_seed, start
from tests.ui.rapidcity.test_referee_game import reveal
from ui.rapidcity.referee import RefereeScreen


@pytest.fixture(autouse=True)
def quick_reveal(monkeypatch):
    monkeypatch.setattr(RefereeScreen, "delay_s", (0.01, 0.02))


def test_each_claim_ticks_after_its_tile_shows_it_and_is_said_under_the_card(ui, monkeypatch):
    heard = []
    screen = start(ui, seed=character_seed(), window_ms=60_000)
    monkeypatch.setattr("ui.sound.sounds.play", lambda name: heard.append((name, screen.tiles[1].shown.claim)) or True)
    reveal(ui)
    assert [name for name, _ in heard] == ["reveal"]
    hw = ui.app.hardware()
    hw.press(1)
    pump_until(ui, lambda: screen.tiles[1].shown.claim)  # the claim is drawn in this frame...
    assert [name for name, _ in heard] == ["reveal"]  # ...and the tick comes after it
    pump_until(ui, lambda: len(heard) == 2)
    assert heard[1] == ("claim", screen.tiles[1].shown.claim)
    assert screen.panels["window"].shown.claim_said == f"Prison 1: 1st at {screen.tiles[1].shown.claim.split(' ', 1)[1]}"
    assert screen.panels["window"].shown.claim_said in ui.texts()
    hw.press(2)
    pump_until(ui, lambda: len(heard) == 3)
    assert heard[2][0] == "claim" and screen.panels["window"].shown.claim_said.startswith("Tipi 1: 2nd at ")
    hw.release(2)
    ui.pump(5)
    assert len(heard) == 3  # a pawn lifted claims nothing: no sound


def test_no_claim_sound_once_the_window_has_closed(ui, monkeypatch):
    heard = []
    monkeypatch.setattr("ui.sound.sounds.play", lambda name: heard.append(name) or True)
    screen = start(ui, seed=character_seed(), window_ms=60_000)
    reveal(ui)
    screen.model = screen.model.close(now_ns())  # the race over (on a pad card it ends by itself: here, as if it had)
    ui.pump(1)
    ui.app.hardware().press(1)
    ui.pump(5)
    assert heard == ["reveal"]
