"""What players found at a real 800x480 window with real fingers (issue 37, Rapid City's
part), each replayed with the Driver's taps on the widgets: the habitual next tap after the
last Confirm, a Disarmed card's words against its call, a half-entered touch, the photo
finish's chips under a finger, a touch's time entered by hand, a stale notice over the board
and a long name over the card; and the rule that grids stand still: every target of an entry
grid stays where it is while entries are made."""

from __future__ import annotations

import pytest

from companion.rapidcity.engine import round_template
from companion.rapidcity.judge import judge
from companion.rapidcity.model import CharacterCard
from companion.rapidcity.roundfile import parse_round
from tests.ui.conftest import TAP_APART_S, pump_until
from tests.ui.rapidcity.test_found_at_the_table import reveal, start
from tests.ui.readability import on_screen
from ui.rapidcity.referee import RefereeScreen

THREE = {"red": "Ann", "blue": "Bob", "green": "Calamity"}


@pytest.fixture(autouse=True)
def quick_reveal(monkeypatch):
    monkeypatch.setattr(RefereeScreen, "delay_s", (0.01, 0.02))


def where(widget) -> tuple[float, float]:
    """A widget's centre in window pixels: where a finger taps it."""
    return widget.to_window(*widget.center)


def test_the_habitual_tap_after_the_last_confirm_stays_on_the_final_standings(ui):
    """Found: Game over's Home sat where Confirm and Ready were, so the next habitual tap went
    Home before anyone saw the final standings."""
    screen = start(ui, CharacterCard, THREE, window_ms=200)
    ui.pump(2)  # laid out
    ready_at = where(ui.find("Ready"))
    while True:  # every card but the one that ends the game, with nobody on a tile
        rnd = {**round_template(screen.state), "events": [], "touches": []}
        if judge(parse_round(rnd)).game_over or screen.state.position == len(screen.state.deck) - 1:
            break
        assert screen.act({"type": "play", "round": rnd})
    reveal(ui, screen)
    if screen.panels["window"].shown.touches_button:
        ui.tap("Touches")
    pump_until(ui, lambda: screen.stage in ("finish", "touches"))
    ui.tap("Verdict")
    ui.pump(2)
    confirm_at = where(ui.find("Confirm"))
    ui.tap("Confirm")
    assert screen.stage == "end" and screen.state.game_over
    for x, y in (confirm_at, ready_at):
        ui.touch_at(x, y, TAP_APART_S)
        assert ui.screen is screen and screen.stage == "end", f"a tap at {(x, y)} left the final standings"
    standing = screen.panels["end"].ids.standing
    assert on_screen(standing) and all(f"{name}: " in standing.text for name in THREE.values())
