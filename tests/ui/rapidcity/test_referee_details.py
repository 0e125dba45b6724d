"""What the referee screen does with the pads themselves, which needs the app: the sim
keyboard, faulty pads said by tile name, pawns resting on their tiles while the table names
them, Ready held while a pawn is still on a pad, the reveal that a Back cancels, RFID tags
learnt across cards, the backend started on entering and stopped on leaving, and the setup.
The card's flow itself is tested at engine speed in tests/rapidcity/test_flow.py."""

from __future__ import annotations

from typing import Any

import pytest
from kivy.core.window import Window

from companion.rapidcity.model import CharacterCard
from hardware.events import TagRead, now_ns
from tests.ui.conftest import pump_until
from tests.ui.rapidcity.test_readable_rapidcity import SIX
from tests.ui.rapidcity.test_readable_rapidcity import start as start_named
from tests.ui.rapidcity.test_referee_game import chip_of, claim_every_tile, in_view, press_rows, reveal
from tests.ui.readability import problems
from ui.rapidcity.referee import TAGS_PREF, RefereeScreen

SEC = 1_000_000_000
KEY_1, KEY_3 = ord("1"), ord("3")


@pytest.fixture(autouse=True)
def quick_reveal(monkeypatch):
    monkeypatch.setattr(RefereeScreen, "delay_s", (0.01, 0.02))


def start(ui, seed: int = 10, **settings: Any) -> RefereeScreen:
    """A three-player game started straight from its settings (the setup is tested elsewhere)."""
    ui.app.start_session("rapidcity", {"players": ["red", "blue", "green"], "seed": seed, **settings})
    ui.pump(3)
    assert isinstance(ui.screen, RefereeScreen)
    return ui.screen


def character_seed() -> int:
    """A seed whose first card is a character card for red, blue and green."""
    from companion.rapidcity.deck import shuffled_deck

    return next(s for s in range(100) if isinstance(shuffled_deck(("red", "blue", "green"), s)[0], CharacterCard))


def key(event: str, code: int, modifiers: list[str] | None = None) -> None:
    """As SDL delivers a key: on_key_down, then on_keyboard unless a handler took it."""
    if event == "down":
        if not Window.dispatch("on_key_down", code, 0, chr(code), modifiers or []):
            Window.dispatch("on_keyboard", code, 0, chr(code), modifiers or [])
    else:
        Window.dispatch("on_key_up", code, 0)


def test_keys_press_pads_and_shift_holds_one_down(ui):
    screen = start(ui)
    tile = screen.tiles[1]
    key("down", KEY_1)
    ui.pump(2)
    assert tile.pressed and "Prison 1: DOWN" in ui.texts()
    key("up", KEY_1)
    pump_until(ui, lambda: not tile.pressed)
    key("down", KEY_3, ["shift"])
    key("up", KEY_3)
    ui.pump(3)
    assert screen.tiles[3].pressed  # held
    key("down", KEY_3)
    key("up", KEY_3)
    pump_until(ui, lambda: not screen.tiles[3].pressed)


def test_a_key_pressed_during_a_card_claims_its_tile_like_a_pad(ui):
    """Issue 10: the sim backend says keys 1-6 press the pads; on the referee screen they do."""
    screen = start(ui, seed=character_seed(), window_ms=60_000)
    reveal(ui)
    key("down", ord("2"))
    pump_until(ui, lambda: screen.tiles[2].pressed and screen.tiles[2].shown.claim)
    assert screen.tiles[2].shown.claim.startswith("1st ") and "Tipi 1: DOWN" in ui.texts()
    # held past the bounce window (R-R4): a release inside it is a bounce, no edge of the card
    (down,) = screen.model.card.edges
    pump_until(ui, lambda: now_ns() > down.t_ns + 2 * ui.app.hardware().pipeline.bounce_ms * 1_000_000)
    key("up", ord("2"))
    pump_until(ui, lambda: not screen.tiles[2].pressed)
    assert [e.pressed for e in screen.model.card.edges] == [True, False]


def test_a_stuck_pad_is_shown_by_its_tile_name_and_forgiven_when_released(ui):
    screen = start(ui)
    hw = ui.app.hardware()
    hw.press(3, at_ns=now_ns() - 11 * SEC)  # a pawn left leaning on the Saloon's button
    hw.tick()
    pump_until(ui, lambda: screen.tiles[3].fault == "stuck")
    assert screen.alert.startswith("Saloon 1: held down for more than 10 s")
    assert "Saloon 1: FAULT, stuck" in ui.texts()
    ui.tap("Ready")  # a faulty pad is left out, so it does not hold up the card (R-R3)
    assert screen.stage in ("waiting", "window")
    hw.release(3)
    pump_until(ui, lambda: not screen.tiles[3].fault and not screen.alert)


def test_pawns_resting_on_their_tiles_while_the_table_names_them_are_not_stuck_pads(ui):
    """Six pawns stand on their tiles for as long as the table takes to name them and check
    the call (found at 800x480: 10 s in, every pad was called stuck, and six fault lines took
    the column, leaving the presses to name no room at all). Once the call is confirmed the
    pawns go back (R-R3), and a pawn left there 10 s more is a stuck pad again; faults on
    several tiles are said once, with the tiles named."""
    screen = start_named(ui, SIX, CharacterCard, window_ms=60_000)  # long names: the tightest column
    claim_every_tile(ui)
    hw = ui.app.hardware()
    hw.tick(now_ns() + 60 * SEC)  # a long minute of naming
    ui.pump(3)
    assert screen.alert == "" and not any(tile.fault for tile in screen.tiles.values())
    assert screen.panels["finish"].ids.scroll.height >= 48 and problems(ui.screen) == []
    ui.screenshot("referee-six-resting-after-a-minute")
    for row, player in zip(press_rows(screen), screen.state.players):
        screen.pick(row.shown.press, player)
    ui.tap("Verdict")
    ui.tap("Confirm")
    assert screen.stage == "ready"
    hw.tick(now_ns() + 9 * SEC)
    ui.pump(3)
    assert screen.alert == ""
    hw.tick(now_ns() + 11 * SEC)
    pump_until(ui, lambda: all(tile.fault == "stuck" for tile in screen.tiles.values()))
    assert screen.alert.startswith("Prison 1, Tipi 1, Saloon 1, Prison 2, Tipi 2, Saloon 2: held down for more than 10 s")
    assert problems(ui.screen) == []  # said once for the six tiles, and Ready still has its room
    ui.screenshot("referee-six-stuck-after-the-card")


def test_ready_waits_until_every_pawn_is_off_its_tile(ui):
    screen = start(ui)
    hw = ui.app.hardware()
    hw.press(2)
    pump_until(ui, lambda: screen.tiles[2].pressed)
    ui.tap("Ready")
    assert screen.stage == "ready" and "Take the pawn off Tipi 1 first (R-R3)." in ui.texts()
    hw.release(2)
    pump_until(ui, lambda: not screen.tiles[2].pressed)
    ui.tap("Ready")
    assert screen.stage in ("waiting", "window") and screen.message == ""


def test_back_before_the_card_is_shown_cancels_its_reveal(ui, monkeypatch):
    monkeypatch.setattr(RefereeScreen, "delay_s", (3600.0, 3600.0))  # the reveal waits: only the taps count
    screen = start(ui, seed=character_seed())
    ui.tap("Ready")
    assert screen.stage == "waiting" and screen._pending_reveal is not None
    ui.tap("Back (not ready)")
    assert screen.stage == "ready" and screen.model.card is None and screen._pending_reveal is None


def test_a_false_start_during_the_wait_is_said_at_once(ui, monkeypatch):
    monkeypatch.setattr(RefereeScreen, "delay_s", (3600.0, 3600.0))  # the press lands in the wait, however slow
    screen = start(ui, seed=character_seed())
    ui.tap("Ready")
    ui.app.hardware().press(1)
    pump_until(ui, lambda: "False start! Hands off the pads until the card shows (R-R4)." in ui.texts())
    assert screen.stage == "waiting"


def test_confirmed_rfid_reads_are_remembered_for_the_next_cards(ui):
    ui.app.store.set_pref(TAGS_PREF, {"AA00000001": "blue"})
    screen = start(ui, seed=character_seed())
    reveal(ui)
    hw = ui.app.hardware()
    for pad, tag in ((1, "AA00000001"), (2, "BB00000002"), (3, None)):
        hw.press(pad)
        if tag:
            hw.events.put(TagRead(pad, tag, now_ns()))
    pump_until(ui, lambda: screen.stage == "finish")
    rows = press_rows(screen)
    assert ui.find("blue", root=rows[0]).state == "down"  # a known tag: prefilled
    ui.tap("red", root=rows[1])  # green, the one left, is filled in on the third
    ui.tap("Verdict")
    ui.tap("Confirm")
    assert ui.app.store.pref(TAGS_PREF) == {"AA00000001": "blue", "BB00000002": "red"}


def test_the_pads_run_only_while_the_referee_is_shown(ui):
    screen = start(ui)
    hw = ui.app.hardware()
    assert hw._started
    ui.tap("Home")
    assert not hw._started
    ui.tap(ui.find(startswith="Resume Rapid City"))
    assert hw._started and ui.screen is screen


def test_setup_seats_profiles_on_their_colours_and_says_why_a_table_cannot_start(ui, monkeypatch):
    monkeypatch.setattr("ui.rapidcity.setup.new_seed", lambda: 5)
    ui.app.store.add_player("Calamity", "blue")
    ui.app.store.add_player("Doc", "orange")  # not a Rapid City colour: the first free one
    ui.tap("Rapid City")
    assert ui.find("Start").disabled
    ui.tap("Calamity")
    ui.tap("Doc")
    ui.tap("Green")
    setup = ui.screen
    assert setup.players() == ["red", "blue", "green"]
    assert setup.rows["blue"].name == "Calamity" and setup.rows["red"].name == "Doc"
    ui.tap(ui.find(startswith="3. Saloon 1"))  # now no saloon among the pads in play
    ui.tap(ui.find(startswith="4. Prison 2"))
    ui.tap("Start")
    assert setup.message == ("Every kind of tile is needed at least once: no Saloon among the pads in play. "
                             "Tap one to put it in play.")
    ui.screenshot("rapidcity-setup-refused")
    ui.tap(ui.find(startswith="4. Prison 2"))
    ui.tap(ui.find(startswith="6. Saloon 2"))
    ui.tap("Start")
    screen = ui.screen
    assert isinstance(screen, RefereeScreen)
    assert [t.pad for t in screen.state.tiles] == [1, 2, 6]
    assert screen.state.names == ("Doc", "Calamity", "green")
    assert [t.shown.name for t in screen.ids.table.tile_views()] == ["Prison 1", "Tipi 1", "Saloon 2"]


def test_six_players_with_long_names_name_each_press_in_one_tap_on_chips_that_stand_still(ui):
    """Each press is one tap once its row is in view; the rows move only under a finger
    (issue 37: brought into view after each name, the next press's chips came under it)."""
    names = SIX
    screen = start_named(ui, names, CharacterCard, window_ms=60_000)
    ui.screenshot("rapidcity-six-ready")
    reveal(ui)
    hw = ui.app.hardware()
    for pad in (4, 1, 6, 2, 5, 3):
        hw.press(pad)
        ui.pump(1)
    pump_until(ui, lambda: screen.stage == "finish")
    ui.screenshot("rapidcity-six-finish")
    chips = [c for row in press_rows(screen) for c in row.children[0].children]
    assert len(chips) == 36 and all(c.width >= 48 and c.height >= 48 for c in chips)
    scroll = screen.panels["finish"].ids.scroll
    first = chip_of(press_rows(screen)[0], names["red"])
    bottom = scroll.to_window(scroll.x, scroll.y)[1]
    assert bottom <= first.to_window(*first.center)[1] <= bottom + scroll.height, "the first press opens out of view"
    for row, colour in zip(press_rows(screen), names):
        ui.tap(in_view(ui, chip_of(row, names[colour])))
    assert len(screen.model.who()) == 6
    ui.screenshot("rapidcity-six-named")
    ui.tap("Verdict")
    ui.screenshot("rapidcity-six-verdict")
    assert [(b.shown.name, b.shown.bullets) for b in reversed(screen.ids.bullets.children)] == \
        [(n, 0) for n in names.values()]


def test_a_new_game_opens_on_its_next_card_even_if_the_last_one_showed_its_past_calls(ui):
    start(ui)
    ui.tap("Past calls")
    assert ui.screen.stage == "history"
    screen = start(ui, seed=character_seed())
    assert screen.stage == "ready" and "Ready" in ui.texts()
