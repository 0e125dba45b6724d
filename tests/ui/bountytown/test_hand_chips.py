"""A full hand's cards stay on the duel's cards page at 800x480: the player sees what was
entered, can take a wrong card back (Remove last) and choose which cards are played, without
a refusal or any scrolling. (A wrapped second row of chips once left the hand no room, so the
whole slot stepped aside and the hand could be neither seen nor changed.)"""

from __future__ import annotations

from kivy.core.window import Window

from ui.bountytown.cards import CardChip

from .test_duel_worker import duel_against_butch
from .test_play import enter


def on_screen(widget) -> bool:
    x, y = widget.to_window(widget.x, widget.y)
    return 0 <= x and x + widget.width <= Window.width + 0.5 and 0 <= y and y + widget.height <= Window.height + 0.5


def test_a_full_hand_stays_on_screen_and_can_be_changed(ui):
    duel_against_butch(ui)
    enter(ui, "Bart holds", "1H 1S 2G 4D 5C")
    desk = ui.screen.ids.duel.ids.desk
    enter(ui, "Bart holds", "")  # the full hand moved the desk on to Butch's draw: back to the hand, by its tab
    chips = [w for w in ui.widgets(desk) if isinstance(w, CardChip)]
    assert [chip.text.split("\n")[0] for chip in chips] == ["1 Hearts", "1 Spades", "2 Gold", "4 Diamonds",
                                                            "5 Clubs"]
    assert all(on_screen(chip) for chip in chips)
    assert all(chip.texture_size[1] <= chip.height for chip in chips), "a chip's words spill out of it"
    ui.tap(chips[0])  # 1 Hearts: played -> kept
    assert chips[0].text == "1 Hearts\nkept"
    ui.tap("Remove last")
    assert [c.text.split("\n")[0] for c in ui.widgets(desk) if isinstance(c, CardChip)] == [
        "1 Hearts", "1 Spades", "2 Gold", "4 Diamonds"]
