"""What players found in a real 800x480 window with real taps (issue 37), each a test."""

from __future__ import annotations

from tests.ui.spurs.driving import begin_game, number

SIX = ("Annabelle", "Bob", "Calamity", "Dee", "Eve", "Fay")


def test_a_number_on_the_left_then_plus_one_then_a_number_on_the_right_opens_its_steps(ui):
    """The steps popover split in two rows on the left and in one on the right: refilling its
    rows put a step button into the row above while it still sat in the row below, and the
    app exited (WidgetException: Cannot add <BigButton>, it already has a parent)."""
    begin_game(ui, names=SIX[:2])
    ui.tap(number(ui, "Annabelle", "fame"))
    ui.tap(ui.find("+1"))
    ui.tap(number(ui, "Bob", "fame"))
    ui.tap(ui.find("+1"))
    fame = [p.fame for p in ui.screen.state.players]
    assert fame == [1, 1]
    ui.tap(number(ui, "Annabelle", "fame"))  # and back to the left: split again
    ui.tap(ui.find("+1"))
    assert [p.fame for p in ui.screen.state.players] == [2, 1]


def test_renown_then_plus_one_then_wounds_opens_the_wounds_steps(ui):
    """The same exit on Bountytown's player page: renown (left, two rows), +1, wounds."""
    from tests.ui.bountytown import walk

    walk.add_players(ui)
    walk.start_game(ui)
    ui.tap("Players")
    ui.tap(ui.find(startswith=f"> {walk.FIRST}", root=ui.screen.ids.town.ids.board))
    page = ui.screen.ids.player.ids
    ui.tap(page.renown)
    ui.tap(ui.find("+1"))
    ui.tap(page.wounds)
    ui.tap(ui.find("+1"))
    player = ui.screen.state.player(walk.FIRST)
    assert (player.renown, player.wounds) == (1, 1)
