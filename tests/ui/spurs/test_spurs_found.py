"""What issue 28 found on the Spurs screen at 800x480 with real taps, each now a test:
a double tap never reaches the button the first tap put under the finger, "+1" lies under
the finger on every sheet (the left column too), a long name's button stays on screen, and
reasons and instructions read at 20 px."""

from __future__ import annotations

import pytest

from tests.ui.readability import on_screen, problems
from tests.ui.spurs.driving import begin_game, number, page
from ui.kit import theme

SIX = ("Annabelle", "Bob", "Calamity", "Dee", "Eve", "Fay")
LONG = ("Bartholomew-Fitzwilliams", "Annabelle")


def test_a_double_tap_on_draw_for_me_shows_the_result_and_never_ends_the_turn(ui):
    begin_game(ui)
    ui.tap("Actions")
    ui.tap("Hunt")
    ui.double_tap("Draw for me")  # End turn lies where Draw for me was
    assert ui.screen.model.page == "result" and ui.screen.state.current == 0
    assert [a["type"] for a in ui.screen.session.actions] == ["hunt"]
    assert ui.find("End turn").text == "End turn"  # the result, shown, with End turn a tap away


def test_a_double_tap_on_end_turn_ends_one_turn(ui):
    begin_game(ui, names=SIX[:3])
    ui.double_tap("End turn")
    assert ui.screen.state.current == 1 and len(ui.screen.session.actions) == 1
    ui.tap("End turn")  # a tap of its own, later, is a tap
    assert ui.screen.state.current == 2


def test_the_game_bars_buttons_under_a_double_tap_move_the_screen_once(ui):
    begin_game(ui, names=SIX[:3])
    ui.tap("End turn")
    ui.tap("End turn")
    ui.double_tap("Undo")  # one action undone, not two
    assert ui.screen.state.current == 1 and ui.screen.session.can_redo
    ui.double_tap("Redo")
    assert ui.screen.state.current == 2
    ui.double_tap("Home")  # Home's title lies where Home was: nothing opens
    assert ui.app.manager.current == "home" and ui.screen.message == ""


def test_the_last_bullet_tapped_twice_never_counts_for_the_next_duellist(ui):
    begin_game(ui)
    ui.tap("Actions")
    ui.tap("Duel")
    ui.tap("Enter the bag draw")
    ui.tap(ui.find(startswith="[b]grey[/b]"))
    ui.tap(ui.find(startswith="[b]grey[/b]"))
    ui.double_tap(ui.find(startswith="[b]black[/b]"))  # Ann's third: the second tap is no bullet of Bob's
    draw = ui.screen.model.flow.draw
    assert draw.part == 1 and draw.entered == ()


@pytest.mark.parametrize("names", [SIX[:2], SIX])
def test_plus_one_lies_under_the_finger_on_every_sheet_and_number(ui, names):
    begin_game(ui, names=names)
    for name in names:
        for key in ("fame", "money", "spurs", "posters"):
            stat = number(ui, name, key)
            finger = stat.to_window(*stat.center)
            ui.tap(stat)
            plus = ui.find("+1" if key != "money" else "+$1")
            assert plus.collide_point(*plus.to_widget(*finger)), (name, key)
            assert problems(ui.screen) == [], (name, key)
            ui.tap(ui.find("Home"))  # beside the steps: closed, still at the table
            assert ui.screen.model.flow.steps is None and ui.app.manager.current == "spurs"
    assert not ui.screen.session.actions


def test_a_double_tap_on_a_number_on_the_left_adds_one(ui):
    begin_game(ui, names=SIX)
    ui.double_tap(number(ui, "Annabelle", "fame"))  # the first opens the steps, the second is "+1"
    assert ui.screen.state.players[0].fame == 1 and ui.screen.model.flow.steps is None


def test_a_long_hyphenated_name_reads_whole_and_its_buttons_stay_on_screen(ui):
    begin_game(ui, names=LONG)
    table = page(ui)
    assert on_screen(table.ids.actions) and table.ids.actions.right <= ui.app.root.width
    assert problems(ui.screen) == []
    name = ui.find(startswith="[b]Bartholomew-")
    assert "Bartholomew-\nFitzwilliams" in name.text or "Bartholomew-Fitzwilliams" in name.text


def test_reasons_and_instructions_read_at_20_px(ui):
    begin_game(ui)
    wanted = theme.px("TEXT") - 0.01
    table = page(ui)
    assert table.ids.status.font_size >= wanted  # "Ann's turn. Tap a number to change it, ..."
    ui.tap("Actions")
    ui.tap("Horse")
    assert ui.find("Tap each round as it ended:").font_size >= wanted
    ui.tap("Cancel")
    ui.tap("Actions")
    ui.tap("Hunt")
    ui.tap("Enter the bag draw")
    for words in ("A rifle draw leaves grey in the bag (R-S1): do not count it.", "Bullets: 0 of 3 tapped"):
        assert ui.find(words).font_size >= wanted
    ui.tap("Done")
    notice = ui.find(ui.screen.message)
    assert ui.screen.message.startswith("Refused:") and notice.font_size >= wanted
