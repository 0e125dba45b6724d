"""Taps from the end of a card to its verdict, counted with real taps on widgets a player can
see: one tap per claimed tile at most, plus one to see the verdict (issue 13), and none for
who is where when the RFID readers know every pawn (R-R5)."""

from __future__ import annotations

import pytest
from kivy.core.window import Window
from kivy.uix.scrollview import ScrollView

from hardware.events import TagRead, now_ns
from tests.ui.rapidcity.test_referee_details import character_seed, start
from tests.ui.rapidcity.test_referee_game import pump_until, reveal
from ui.rapidcity.referee import TAGS_PREF, IdentityRow, RefereeScreen

PLAYERS = ("red", "blue", "green")


@pytest.fixture(autouse=True)
def quick_reveal(monkeypatch):
    monkeypatch.setattr(RefereeScreen, "delay_s", (0.01, 0.02))


class Taps:
    """Taps a widget only where a finger could: inside the window and inside every scrolled
    list around it (a chip scrolled out of view cannot be tapped), and counts them."""

    def __init__(self, ui) -> None:
        self.ui, self.count = ui, 0

    def __call__(self, text: str, root=None) -> None:
        self.ui.pump(3)  # a person looks before tapping: the list has settled
        widget = self.ui.find(text, root=root)
        x, y = widget.to_window(*widget.center)
        node = widget.parent
        while node is not None and node is not Window:
            if isinstance(node, ScrollView):
                left, bottom = node.to_window(node.x, node.y)
                assert left <= x <= left + node.width and bottom <= y <= bottom + node.height, \
                    f"{text!r} is scrolled out of view"
            node = node.parent
        self.ui.tap(widget)
        self.count += 1


def race(ui, pads: tuple[int, ...]) -> RefereeScreen:
    """A character card with a claim on each of ``pads``, in that order, until the window ends."""
    screen = start(ui, seed=character_seed())
    assert reveal(ui)["type"] == "character"
    hw = ui.app.hardware()
    for pad in pads:
        hw.press(pad)
        ui.pump(2)
    pump_until(ui, lambda: screen.stage == "finish")
    return screen


def rows(screen) -> dict[int, IdentityRow]:
    return {row.pad: row for row in screen.panels["finish"].ids.rows.children if isinstance(row, IdentityRow)}


def on_tiles(screen) -> dict[int, str]:
    return {edge.pad: screen.live.who.get((edge.pad, edge.t_ns)) for edge in screen.live.presses()}


def test_three_claims_take_at_most_four_taps_from_the_card_end_to_the_verdict(ui):
    screen = race(ui, (1, 2, 3))
    tap = Taps(ui)
    tap("red", rows(screen)[1])
    tap("blue", rows(screen)[2])
    assert on_tiles(screen) == {1: "red", 2: "blue", 3: "green"}  # the one left is filled in...
    assert "green is the only one left, so is on Saloon 1: tap another name if not." in screen.status
    assert ui.find("green", root=rows(screen)[3]).state == "down"  # ...and shown chosen
    tap("Verdict")
    assert screen.stage == "verdict" and tap.count == 3 <= 4
    tap("Confirm")
    assert tap.count == 4  # the card is committed in four taps (six before)
    assert screen.state.position == 1
    assert [e["player"] for e in screen.state.played[-1].round["events"] if e["edge"] == "press"] == list(PLAYERS)


def test_a_wrong_guess_is_one_tap_to_change_and_three_claims_still_take_four_taps(ui):
    screen = race(ui, (1, 2, 3))
    tap = Taps(ui)
    tap("green", rows(screen)[1])
    tap("blue", rows(screen)[2])
    assert on_tiles(screen) == {1: "green", 2: "blue", 3: "red"}
    tap("red", rows(screen)[2])  # it was red on Tipi: the guess moves to the one left, blue
    assert on_tiles(screen) == {1: "green", 2: "red", 3: "blue"}
    tap("Verdict")
    assert screen.stage == "verdict" and tap.count == 4


def test_unnaming_a_press_takes_the_guess_back(ui):
    screen = race(ui, (1, 2, 3))
    tap = Taps(ui)
    tap("red", rows(screen)[1])
    tap("blue", rows(screen)[2])
    tap("blue", rows(screen)[2])  # not blue after all: two presses are open again, nothing guessed
    assert on_tiles(screen) == {1: "red", 2: None, 3: None}
    assert "only one left" not in screen.status


def test_a_player_who_claimed_nothing_leaves_every_press_to_name(ui):
    screen = race(ui, (1, 2))  # green never lands: nobody is obvious
    tap = Taps(ui)
    tap("red", rows(screen)[1])
    assert on_tiles(screen) == {1: "red", 2: None}
    tap("blue", rows(screen)[2])
    tap("Verdict")
    assert screen.stage == "verdict" and tap.count == 3


def test_with_every_pawn_read_by_rfid_the_verdict_is_one_tap_away(ui):
    ui.app.store.set_pref(TAGS_PREF, {"AA01": "red", "AA02": "blue", "AA03": "green"})
    screen = start(ui, seed=character_seed())
    reveal(ui)
    hw = ui.app.hardware()
    for pad, tag in ((1, "AA01"), (2, "AA02"), (3, "AA03")):
        hw.press(pad)
        hw.events.put(TagRead(pad, tag, now_ns()))
        ui.pump(2)
    pump_until(ui, lambda: screen.stage == "finish")
    assert on_tiles(screen) == {1: "red", 2: "blue", 3: "green"}
    tap = Taps(ui)
    tap("Verdict")
    assert screen.stage == "verdict" and tap.count == 1  # no tap to say who is where
