"""What players found at a real 800x480 window with real fingers (issue 37, Rapid City's
part), each replayed with the Driver's taps on the widgets: the habitual next tap after the
last Confirm, a Disarmed card's words against its call, a half-entered touch, the photo
finish's chips under a finger, a touch's time entered by hand, a stale notice over the board
and a long name over the card; and the rule that grids stand still: every target of an entry
grid stays where it is while entries are made."""

from __future__ import annotations

import re

import pytest
from kivy.uix.scrollview import ScrollView
from kivy.uix.textinput import TextInput

from companion.rapidcity.engine import round_template
from companion.rapidcity.judge import judge
from companion.rapidcity.model import ArmedCard, CharacterCard, DisarmedCard
from companion.rapidcity.roundfile import parse_round
from tests.ui.conftest import TAP_APART_S, pump_until
from tests.ui.rapidcity.test_found_at_the_table import pressed, reveal, start
from tests.ui.rapidcity.test_referee_game import chip_of, in_view, press_rows
from tests.ui.rapidcity.test_readable_rapidcity import crowded_tiles
from tests.ui.readability import on_screen, problems
from ui.rapidcity.referee import RefereeScreen
from ui.rapidcity.table import TileView

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
    screen = pressed(ui, DisarmedCard, THREE, (1, 2, 3))
    pump_until(ui, lambda: len(screen.model.preview().touch_presses) == 3)
    assert any("costs its owner a bullet" in t or "Its owner takes a bullet" in t for t in ui.texts()), ui.texts()
    ui.tap("Touches")
    assert ui.find("Verdict").disabled, "the verdict is one tap away while no moved pawn has an owner"
    rows = press_rows(screen, "touches")
    for row, name in zip(rows, THREE.values()):
        ui.tap(in_view(ui, chip_of(row, name)))
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


#: the longest names the players' list takes (24 characters), one of them one hyphenated word
LONG = {"red": "Bartholomew-Fitzwilliams", "blue": "Wild Bill Hickok", "green": "Annie Oakley",
        "yellow": "Doc Holliday", "black": "Ezekiel Fitzwilliam-Hay", "white": "Butch Cassidy"}


def targets(panel) -> dict[tuple, tuple[float, float]]:
    """Where each chip of an entry grid on ``panel`` is in the window, by what its tap
    means: (the press it names, whose) for a press's chips, ("touch", whose) for a touch's."""
    found = {}
    for widget in panel.walk(restrict=True):
        chip = getattr(widget, "shown", None)
        if not hasattr(chip, "colour") or not on_screen(widget):
            continue
        row = widget.parent
        while row is not panel and not hasattr(getattr(row, "shown", None), "press"):
            row = row.parent
        key = (row.shown.press if row is not panel else "touch", chip.colour)
        x, y = where(widget)
        found[key] = (round(x), round(y))  # to the pixel: a layout's float sums differ in the 14th digit
    return found


def stood_still(before: dict, after: dict) -> list[str]:
    """The chips that moved, or that left the view, between two looks."""
    return [f"{key} {before[key]} -> {after.get(key)}" for key in before if after.get(key) != before[key]]


def test_the_photo_finish_chips_stand_still_while_presses_are_named(ui):
    """Found: after each press was named, the rows scrolled so that the next press's chips
    came where the last ones were, and one player was named for two presses."""
    screen = pressed(ui, CharacterCard, LONG, range(1, 7))
    pump_until(ui, lambda: screen.stage == "finish")
    ui.pump(3)
    panel = screen.panels["finish"]
    for row, name in zip(press_rows(screen), LONG.values()):
        chip = in_view(ui, chip_of(row, name))
        before = targets(panel)
        ui.tap(chip)
        ui.pump(3)
        assert stood_still(before, targets(panel)) == [], f"naming {name} moved the chips"
    assert screen.model.who() == {row.shown.press: colour for row, colour in zip(press_rows(screen), LONG)}


def test_the_touch_chips_stand_still_while_touches_and_moved_pawns_are_entered(ui):
    """Grids stand still: "Whose pawn did Bartholomew-Fitzwilliams touch?" took a line more
    than "Who touched?" and pushed the chips down under the finger between a touch's two
    taps; a moved pawn's row said its owner's name once named, and a long one pushed the
    rows under it down."""
    screen = pressed(ui, DisarmedCard, LONG, (1, 2, 3))
    pump_until(ui, lambda: len(screen.model.preview().touch_presses) == 3)
    ui.tap("Touches")
    ui.pump(3)
    panel = screen.panels["touches"]
    for row in press_rows(screen, "touches"):
        chip = in_view(ui, chip_of(row, LONG["red"]))
        before = targets(panel)
        ui.tap(chip)
        ui.pump(3)
        assert stood_still(before, targets(panel)) == [], "naming a moved pawn moved the chips"
    for by, pawn in (("red", "blue"), ("green", "red")):
        before = targets(panel)
        ui.tap(chip_of(touch_chips(screen), LONG[by]))
        ui.pump(3)
        assert stood_still(before, targets(panel)) == [], f"{LONG[by]} as who touched moved the chips"
        ui.tap(chip_of(touch_chips(screen), LONG[pawn]))
        ui.pump(3)
        assert stood_still(before, targets(panel)) == [], "a touch entered moved the chips"


def test_a_touch_entered_by_hand_is_told_without_a_time_it_never_had(ui):
    """Found: a touch entered by hand was said "at 29773.192 ms" in the verdict, the moment
    it was tapped in, as if it had been measured."""
    screen = start(ui, ArmedCard, THREE, window_ms=60_000, ultimate=True)
    reveal(ui, screen)
    ui.tap("Touches")
    attacker = THREE[screen.model.card.card.player]
    other = next(name for name in THREE.values() if name != attacker)
    for by, pawn in ((attacker, other), (other, other)):
        ui.tap(chip_of(touch_chips(screen), by))
        ui.tap(chip_of(touch_chips(screen), pawn))
    ui.tap("Verdict")
    said = [t for t in ui.texts() if "touch" in t or "pawn" in t]
    assert said and not [t for t in said if re.search(r"\d ms", t)], said
    assert any("no measured time" in t for t in ui.texts()), ui.texts()


def covered_centre(screen) -> list[str]:
    """Tiles lying over the words in the middle of the table (the card's name)."""
    table = screen.ids.table
    label = next(w for w in table.children if not isinstance(w, TileView))
    width, height = label.texture_size
    left, bottom = label.center_x - width / 2, label.center_y - height / 2
    return [t.shown.name for t in table.tile_views()
            if t.x < left + width - 1 and left < t.right - 1 and t.y < bottom + height - 1 and bottom < t.top - 1]


@pytest.mark.parametrize("count", [3, 4])
def test_long_names_on_the_tiles_leave_the_card_name_in_view(ui, count):
    """Found: with 4 pads, a long name under a tile's claim covered the card's name in the
    middle of the table ("EZEKIEL FITZWILLIAM-HAY DISARMED")."""
    names = dict(list({"blue": "Ezekiel Fitzwilliam-Hay", "red": "Bartholomew-Fitzwilliams",
                       "green": "Annie Oakley", "yellow": "Doc Holliday"}.items())[:count])
    screen = pressed(ui, DisarmedCard, names, range(1, count + 1))
    pump_until(ui, lambda: len(screen.model.preview().touch_presses) == count)
    ui.tap("Touches")
    for row, colour in zip(press_rows(screen, "touches"), names):
        ui.tap(in_view(ui, chip_of(row, names[colour])))
    ui.pump(3)
    assert "DISARMED" in screen.ids.table.centre
    assert covered_centre(screen) == [] and crowded_tiles(screen) == [] and problems(screen.ids.table) == []


def test_the_setup_summary_is_whole_at_800x480_with_six_long_names(ui):
    """Found (issue 37, 6): the setup's summary line, under the form, was cut at 800x480."""
    ui.tap("Rapid City")
    setup = ui.screen
    for colour, name in LONG.items():
        ui.tap(colour.capitalize())
        ui.tap(ui.find(cls=TextInput, root=setup.rows[colour]))
        ui.type(name)
    ui.pump(3)
    summary = ui.find(startswith="6 players")
    scroll = summary.parent
    while not isinstance(scroll, ScrollView):
        scroll = scroll.parent
    bottom = scroll.to_window(scroll.x, scroll.y)[1]
    low, high = summary.to_window(summary.x, summary.y)[1], summary.to_window(summary.x, summary.top)[1]
    assert bottom - 1 <= low and high <= bottom + scroll.height + 1, \
        f"the summary spans {low:.0f}-{high:.0f}, the form shows {bottom:.0f}-{bottom + scroll.height:.0f}"
    assert problems(setup) == []


def test_the_photo_finish_rows_stand_still_when_one_player_is_named_twice(ui):
    """Found: one player named for two presses (the second by a finger on the spot of the
    first). The judge reads it as a pawn moved (R-R6), and the first press's row, no longer a
    claim, lost its place and its dead heat line: every row under it moved up under the finger."""
    screen = pressed(ui, CharacterCard, THREE, (1, 2, 3))
    pump_until(ui, lambda: screen.stage == "finish")
    ui.pump(3)
    panel = screen.panels["finish"]
    rows = press_rows(screen)
    ui.tap(in_view(ui, chip_of(rows[0], "Ann")))
    chip = in_view(ui, chip_of(rows[1], "Ann"))
    before = targets(panel)
    ui.tap(chip)
    ui.pump(3)
    assert screen.model.preview().moves, "naming Ann twice is a move (R-R6)"
    assert stood_still(before, targets(panel)) == [], "the rows moved when a name made a move"
