"""The calls said aloud from the screens: queued by the tap, synthesised on the speaking
thread (never the UI thread, never delaying the frame or the bell), with the table's names,
in the app's language; and not at all with the voice off."""

from __future__ import annotations

import threading

import pytest

from hardware.events import now_ns
from tests.ui.conftest import pump_until
from tests.ui.rapidcity.test_referee_details import character_seed, start
from companion.voice import phrases
from tests.voice.recording import Recording
from ui.rapidcity.referee import RefereeScreen
from ui.sound.speech import SPEAKER, VOICE_PREF

NAMES = {"red": "José", "blue": "Zoë"}


class Gated(Recording):
    """A recording engine held until the test lets it answer, as a slow engine on a busy Pi
    would be (no test waits on real time for it)."""

    def __init__(self) -> None:
        super().__init__()
        self.open = threading.Event()
        self.open.set()

    def synthesize(self, text: str, lang: str) -> bytes:
        assert self.open.wait(30), "the test never let the engine answer"
        return super().synthesize(text, lang)


@pytest.fixture(autouse=True)
def quick_reveal(monkeypatch):
    monkeypatch.setattr(RefereeScreen, "delay_s", (0.01, 0.02))


def to_verdict(ui) -> RefereeScreen:
    """A character card with the accented names, revealed, its window closed with no claim."""
    screen = start(ui, seed=character_seed(), names=NAMES, window_ms=60_000)
    screen.ready()  # the screen's own handler: what the tap on Ready calls
    pump_until(ui, lambda: screen.stage == "window")
    screen.model = screen.model.close(now_ns())
    screen.to_verdict()
    ui.pump(1)
    assert screen.stage == "verdict"
    return screen


def test_a_confirmed_verdict_queues_its_call_without_blocking(ui):
    slow = Gated()
    SPEAKER.engine = slow
    before = len(SPEAKER.played)
    screen = to_verdict(ui)
    pump_until(ui, lambda: len(SPEAKER.played) > before)  # the card: made ahead at Ready, said after the bell
    assert now_ns() - screen.model.card.reveal_ns >= 0.6e9  # the bell rang alone first
    assert slow.said[0] == (phrases.card(screen.model.card.template["card"], NAMES, "en"), "en")
    played = len(SPEAKER.played)
    slow.open.clear()
    screen.confirm()  # returns while the engine is held: the tap never waits for a synthesis
    assert screen.stage != "verdict" and not any("takes a bullet" in text for text, _lang in slow.said)
    slow.open.set()
    pump_until(ui, lambda: len(SPEAKER.played) > played)
    call = [text for text, _lang in slow.said[1:]]
    assert call[0] == "No tile claimed."
    assert {"José takes a bullet, 1 bullet in all.", "Zoë takes a bullet, 1 bullet in all."} <= set(call)
    assert all(thread is not threading.main_thread() and thread.name == "speech" for thread in slow.threads)


def test_the_call_is_said_in_the_apps_language(ui, voice):
    ui.app.store.set_pref("language", "fr")
    screen = to_verdict(ui)
    screen.confirm()
    pump_until(ui, lambda: any("José prend une balle" in text for text, _ in voice.said))
    assert {lang for _, lang in voice.said} == {"fr"}


def test_voice_off_says_nothing(ui, voice):
    ui.app.store.set_pref(VOICE_PREF, False)
    screen = to_verdict(ui)
    screen.confirm()
    ui.pump(10)
    assert voice.said == []


def test_settings_turn_the_voice_off_and_keep_its_volume(ui):
    ui.tap("Settings")
    ui.tap("Voice: on")
    assert ui.app.store.pref(VOICE_PREF, True) is False
    assert ui.find("Voice: off")


def test_a_bountytown_duel_saved_says_its_result_with_the_names(ui, voice):
    from tests.bountytown.test_engine import SETTINGS

    ui.app.start_session("bountytown", {**SETTINGS, "players": [{"name": "José", "character": "Bart"},
                                                                *SETTINGS["players"][1:]]})
    ui.pump(3)
    screen = ui.screen
    assert screen.act({"type": "move", "to": "Bank"})
    assert screen.act({"type": "duel_bounty", "bounty": "Butch Cassidy", "hand": ["4H", "4D", "4S", "4C"],
                       "drawn": ["1H", "2H", "5S", "5S", "2C"], "bounty_items": ["Rifle"], "take": "Rifle",
                       "seed": 1})
    pump_until(ui, lambda: voice.said)
    assert voice.said == [("José wins the duel and takes Butch Cassidy!", "en")]  # the move said nothing
