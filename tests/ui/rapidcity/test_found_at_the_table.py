"""What was found at a real 800x480 window with real taps (issue 28, Rapid City's part),
each replayed with taps on the widgets: a double tap on Ready, Undo in the middle of a
card, a name longer than 20 characters, words that contradicted the call, names broken
inside a word, tiles on top of each other, and instructions under reading size."""

from __future__ import annotations

import pytest
from kivy.base import EventLoop
from kivy.tests.common import UnitTestTouch
from kivy.uix.textinput import TextInput

from companion.rapidcity.deck import shuffled_deck
from companion.rapidcity.model import ArmedCard, CharacterCard, DisarmedCard
from hardware.events import now_ns
from tests.ui.conftest import pump_until
from tests.ui.rapidcity.test_referee_game import chip_of, in_view, press_rows
from tests.ui.rapidcity.test_readable_rapidcity import crowded_tiles, small_sentences
from tests.ui.readability import problems
from ui.rapidcity.referee import RefereeScreen

THREE = ("red", "blue", "green")
MS = 1_000_000
#: the longest name any screen takes (24 characters, companion.db.store.MAX_NAME), one hyphenated word
LONGEST = "Bartholomew-Fitzwilliams"
#: six long names Rapid City took before (at most 20 characters), the longest one hyphenated word
SIX = {"red": "Maximiliana-Ottoline", "blue": "Ezekiel Fitz-Hay", "green": "Wilhelmina",
       "yellow": "Josephine", "black": "Valentina", "white": "Maximilian"}


@pytest.fixture(autouse=True)
def quick_reveal(monkeypatch):
    monkeypatch.setattr(RefereeScreen, "delay_s", (0.01, 0.02))


def start(ui, kind: type, players=THREE, cards: int = 1, **settings) -> RefereeScreen:
    """A game whose first ``cards`` cards are of ``kind``, started from its settings."""
    seed = next(s for s in range(300) if all(isinstance(c, kind) for c in shuffled_deck(tuple(players), s)[:cards]))
    names = players if isinstance(players, dict) else {}
    ui.app.start_session("rapidcity", {"players": list(players), "names": names, "seed": seed, **settings})
    ui.pump(3)
    return ui.screen


def reveal(ui, screen) -> None:
    ui.tap("Ready")
    pump_until(ui, lambda: screen.stage == "window")


def tap_at(x: float, y: float, time_start: float | None = None) -> UnitTestTouch:
    """A finger down and up at (x, y), its down at ``time_start`` (the touch's own clock)."""
    touch = UnitTestTouch(x, y)
    if time_start is not None:
        touch.time_start = time_start
    touch.touch_down()
    EventLoop.idle()
    touch.touch_up()
    EventLoop.idle()
    return touch



def pressed(ui, card, names, pads):
    """``card`` revealed to ``names`` (its window open a minute) and ``pads`` pressed on it."""
    screen = start(ui, card, names, window_ms=60_000)
    reveal(ui, screen)
    hw = ui.app.hardware()
    for pad in pads:
        hw.press(pad)
    return screen

def test_a_double_tap_on_ready_keeps_the_card_coming(ui, monkeypatch):
    """Found 1: the second tap of a double tap on Ready landed on "Back (not ready)", which
    took its place, and the card was silently called off."""
    monkeypatch.setattr(RefereeScreen, "delay_s", (3600.0, 3600.0))  # the card waits: only the taps matter
    screen = start(ui, CharacterCard)
    ready = ui.find("Ready")
    x, y = ready.to_window(ready.x + 8, ready.y + 8)  # the corner of Ready that Back (not ready) covers next
    first = tap_at(x, y)
    assert screen.stage == "waiting"
    back = ui.find("Back (not ready)")
    assert back.collide_point(*back.to_widget(x, y))  # the second tap lands on Back...
    tap_at(x, y, first.time_start + 0.1)  # ...a tenth of a second later: a double tap
    ui.pump(2)
    assert screen.stage == "waiting", "the second tap of a double tap on Ready called the card off"
    later = tap_at(x, y, first.time_start + 1.0)  # a second later it is a tap of its own
    assert later is not None and screen.stage == "ready"


def claim_three(ui, screen) -> None:
    reveal(ui, screen)
    hw = ui.app.hardware()
    for pad in (1, 2, 3):
        hw.press(pad)
    pump_until(ui, lambda: screen.stage == "finish")


def chip(ui, screen, name: str, row: int):
    """Player ``name``'s chip on the ``row``-th press to name (from the top), scrolled into view."""
    return in_view(ui, chip_of(press_rows(screen)[row], name))


def test_undo_in_the_middle_of_a_card_takes_back_its_last_tap_only(ui):
    """Found 3: Undo on a card not yet committed threw its presses away and undid the card
    before it too, without a word; Redo brought back only the card before."""
    screen = start(ui, CharacterCard, cards=2, window_ms=60_000)
    claim_three(ui, screen)
    for row, name in enumerate(THREE):
        ui.tap(chip(ui, screen, name, row))
    ui.tap("Verdict")
    ui.tap("Confirm")
    assert screen.state.position == 1
    hw = ui.app.hardware()
    for pad in (1, 2, 3):
        hw.release(pad)
    ui.pump(3)
    claim_three(ui, screen)
    ui.tap(chip(ui, screen, "blue", 0))
    shown = [t for t in ui.texts() if t.startswith(("1st: ", "2nd: ", "3rd: "))]
    assert shown
    ui.tap("Undo")  # takes back naming blue...
    assert screen.state.position == 1 and screen.stage == "finish"  # ...not the card before, nor the presses
    assert [t for t in ui.texts() if t.startswith(("1st: ", "2nd: ", "3rd: "))] == shown
    assert chip(ui, screen, "blue", 0).state == "normal"
    ui.tap("Undo")  # nothing more on this card: it says so, and keeps everything
    assert screen.state.position == 1 and screen.stage == "finish"
    assert any(t.startswith("Undo takes back what you tap on this card") for t in ui.texts()), ui.texts()
    ui.tap("Redo")
    assert chip(ui, screen, "blue", 0).state == "down" and screen.state.position == 1


def test_a_name_every_other_screen_takes_seats_its_player_at_rapid_city(ui):
    """Found 4: names over 20 characters were refused here only; shortened, the player sat
    as a guest and the game left her history."""
    player = ui.app.store.add_player(LONGEST, "red")
    ui.tap("Rapid City")
    ui.tap(LONGEST)
    ui.tap("Blue")
    ui.tap("Green")
    ui.tap("Start")
    screen = ui.screen
    assert isinstance(screen, RefereeScreen), ui.texts()
    assert screen.session.id in ui.app.store.player_sessions(player.id)


def test_a_disarmed_card_says_a_press_moved_a_pawn_and_never_that_pads_do_not_count(ui):
    """Found 5: a Disarmed card said "Pads do not count on this card", then "a pawn was moved!"."""
    screen = start(ui, DisarmedCard, window_ms=60_000)
    reveal(ui, screen)
    assert not any("do not count" in t for t in ui.texts()), ui.texts()
    ui.app.hardware().press(2)
    pump_until(ui, lambda: any("a pawn was moved!" in t for t in ui.texts()))
    assert not any("do not count" in t for t in ui.texts()), ui.texts()


def test_an_armed_card_never_asks_whose_pawn_a_press_moved(ui):
    """Found 5: on an Armed card the table was asked whose pawn a press moved, then the
    verdict said presses do not count (R-R9: pawns are caught, not put on tiles)."""
    screen = start(ui, ArmedCard, window_ms=60_000)
    reveal(ui, screen)
    ui.app.hardware().press(2)
    ui.pump(3)
    ui.tap("Touches")
    assert screen.stage == "touches"
    assert not any("whose?" in t or t.startswith("Pawn moved") for t in ui.texts()), ui.texts()


def test_a_table_that_cannot_start_is_told_in_its_own_words(ui):
    """Found 5: refusals in programmer words (a setting's name, a value in quotes, a rule's tag)."""
    ui.tap("Rapid City")
    for colour in ("Red", "Blue", "Green"):
        ui.tap(colour)
    ui.tap(ui.find(cls=TextInput, root=ui.screen.rows["red"]))
    ui.type("Annabelle Wilhelmina Smythe")  # 27 characters
    ui.tap("Start")
    said = ui.screen.message
    assert said == ("Names are at most 24 characters; the Red player's has 27. "
                    "Shorten it, or use a player's chip."), said
    ui.screen.rows["red"].ids.name.text = "Ann"
    ui.tap(ui.find(startswith="3. Saloon 1"))  # no saloon among the pads in play
    ui.tap(ui.find(startswith="4. Prison 2"))
    ui.tap("Start")
    said = ui.screen.message
    assert said.startswith("Every kind of tile is needed at least once: no Saloon"), said
    assert not any(mark in said for mark in ("'", "[", "{", "_", "got ")), said


def test_long_names_on_chips_break_only_between_words_or_after_a_hyphen(ui):
    """Found 7: names broken mid-word on the chips that say whose pawn a press put down."""
    screen = pressed(ui, CharacterCard, SIX, range(1, 7))
    pump_until(ui, lambda: screen.stage == "finish")
    ui.pump(3)
    assert problems(screen) == []


def test_six_presses_on_a_disarmed_card_leave_every_tile_whole(ui):
    """Found 7: six presses on a Disarmed card overlapped the tiles."""
    screen = start(ui, DisarmedCard, SIX, window_ms=60_000)
    reveal(ui, screen)
    hw = ui.app.hardware()
    late = now_ns() + 10_000 * MS  # ten seconds into a long window: times of five digits
    for pad in range(1, 7):
        hw.press(pad, at_ns=late + pad * MS)
    pump_until(ui, lambda: sum(" ms\n" in t for t in ui.texts()) == 6)  # each tile says when its pawn moved
    ui.pump(3)
    assert crowded_tiles(screen) == [] and problems(screen) == []


def test_instructions_and_reasons_are_at_reading_size(ui):
    """Found 7: reasons and instructions at 16 px where README promises 20."""
    screen = start(ui, CharacterCard, window_ms=60_000)
    found = small_sentences(screen)
    claim_three(ui, screen)
    found += small_sentences(screen)
    ui.tap("Verdict")
    found += small_sentences(screen)
    assert found == []
