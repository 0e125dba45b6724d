"""The referee screen judges a card once per change of what it judges (issue 34): every
frame that draws the race, the photo finish, the verdict filled in ahead, Confirm, and the
store that saves the card ask for the call the judge already made."""

from __future__ import annotations

from collections import OrderedDict

import pytest

from companion.rapidcity import judge
from tests.ui.conftest import pump_until
from tests.ui.rapidcity.test_referee_details import character_seed, start
from tests.ui.rapidcity.test_referee_game import reveal
from ui.rapidcity.referee import RefereeScreen


@pytest.fixture(autouse=True)
def quick_reveal(monkeypatch):
    monkeypatch.setattr(RefereeScreen, "delay_s", (0.01, 0.02))


def test_from_a_pad_press_to_the_saved_verdict_the_judge_runs_once_per_change(ui, monkeypatch):
    runs: list[int] = []
    verdict = judge._verdict
    monkeypatch.setattr(judge, "_verdict", lambda *args: (runs.append(1), verdict(*args))[1])
    monkeypatch.setattr(judge, "_JUDGED", OrderedDict())  # no round judged by another test
    screen = start(ui, seed=character_seed(), window_ms=60_000)
    reveal(ui)
    ui.pump(2)
    runs.clear()  # the card shown: its race judged before any edge
    for pad in (1, 2, 3):
        ui.app.hardware().press(pad)
    pump_until(ui, lambda: screen.stage == "finish")
    ui.pump(5)
    assert 1 <= len(runs) <= 3  # at most once per edge, however many frames drew the race and its end
    runs.clear()
    first, second, _ = [row.press for row in screen.panels["finish"].shown.rows if row.press is not None]
    screen.pick(first, "red")
    ui.pump(3)
    screen.pick(second, "blue")  # green is the one left: named with it
    ui.pump(3)
    assert len(runs) == 2  # a name each, the verdict filled in ahead with it
    screen.to_verdict()
    ui.pump(3)
    screen.confirm()
    ui.pump(3)
    assert screen.state.played and screen.stage == "ready"
    assert len(runs) == 2  # the call checked is the call saved: Confirm and the store judge nothing again
