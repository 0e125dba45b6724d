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
from companion.rapidcity.model import ArmedCard, CharacterCard, DisarmedCard
from companion.rapidcity.roundfile import parse_round
from tests.ui.conftest import TAP_APART_S, pump_until
from tests.ui.rapidcity.test_found_at_the_table import reveal, start
from tests.ui.rapidcity.test_referee_game import chip_of, press_rows
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


def in_view(ui, widget):
    """``widget`` scrolled into view, as a finger's swipe would: the list under it scrolls,
    nothing else moves."""
    scroll = widget.parent
    while type(scroll).__name__ != "ScrollView":
        scroll = scroll.parent
    scroll.scroll_to(widget, padding=0, animate=False)
    ui.pump(2)
    return widget


def touch_chips(screen):
    return screen.panels["touches"].ids.chips


def test_a_half_entered_touch_is_finished_or_removed_before_the_verdict(ui):
    """Found: "Who touched? -> Bob", then Verdict: the touch was dropped without a word, and
    Verdict stayed enabled in the middle of the touch."""
    screen = start(ui, ArmedCard, THREE, window_ms=60_000)
    reveal(ui, screen)
    ui.tap("Touches")
    ui.tap(chip_of(touch_chips(screen), "Bob"))
    assert "Whose pawn did Bob touch?" in ui.texts()
    assert ui.find("Verdict").disabled, "Verdict is enabled in the middle of a touch"
    assert any("Finish the touch first: whose pawn did Bob touch?" in t for t in ui.texts()), ui.texts()
    ui.tap(chip_of(touch_chips(screen), "Calamity"))
    ui.tap("Verdict")
    assert screen.stage == "verdict"
    assert any("Bob" in note and "Calamity" in note for note in screen.panels["verdict"].shown.notes)


def test_a_disarmed_card_calls_what_it_said_a_moved_pawn_costs(ui):
    """Found: a Disarmed card said a moved pawn costs its owner a bullet; three presses nobody
    named, and the verdict said "Nobody takes a bullet". R-R10: the owner takes the bullet
    unless the table names who moved it; so each moved pawn is named before the verdict."""
    screen = start(ui, DisarmedCard, THREE, window_ms=60_000)
    reveal(ui, screen)
    hw = ui.app.hardware()
    for pad in (1, 2, 3):
        hw.press(pad)
    pump_until(ui, lambda: len(screen.flow.preview().touch_presses) == 3)
    assert any("costs its owner a bullet" in t or "Its owner takes a bullet" in t for t in ui.texts()), ui.texts()
    ui.tap("Touches")
    assert ui.find("Verdict").disabled, "the verdict is one tap away while no moved pawn has an owner"
    rows = press_rows(screen, "touches")
    for row, name in zip(rows, THREE.values()):
        ui.tap(chip_of(in_view(ui, row), name))
    chips = touch_chips(screen)
    ui.tap(chip_of(chips, "Bob"))  # Bob moved Ann's pawn: his bullet, not hers
    ui.tap(chip_of(chips, "Ann"))
    ui.tap("Verdict")
    outcomes = screen.panels["verdict"].shown.outcomes
    assert "Nobody takes a bullet" not in outcomes
    assert "Bob takes a bullet" in outcomes and "Calamity takes a bullet" in outcomes, outcomes
    assert "Ann takes a bullet" not in outcomes, outcomes


def test_the_card_is_revealed_on_a_board_where_it_was_without_a_stale_notice(ui, monkeypatch):
    """Found: Undo during the wait said there was nothing to take back yet, and that notice
    stayed after the reveal, pushing the board 60 px down as the card came."""
    monkeypatch.setattr(RefereeScreen, "delay_s", (1.0, 1.0))
    screen = start(ui, CharacterCard, THREE, window_ms=60_000)
    ui.pump(2)
    table = screen.ids.table
    top = table.to_window(table.x, table.top)
    ui.tap("Ready")
    ui.tap("Undo")
    assert screen.stage == "waiting" and screen.message.startswith("Undo takes back")
    pump_until(ui, lambda: screen.stage == "window")
    ui.pump(2)
    assert screen.message == "", "the Undo notice stayed after the reveal"
    assert table.to_window(table.x, table.top) == top, "the board moved as the card was revealed"
