"""The referee screen's edges: the sim keyboard, faulty pads, RFID prefill, the window
timing out, a false start, Back within a card, R-R3 before Ready, setup refusals, and the
backend started on entering and stopped on leaving."""

from __future__ import annotations

from typing import Any

import pytest
from kivy.core.window import Window

from companion.rapidcity.model import CharacterCard
from hardware.events import TagRead, now_ns
from tests.ui.rapidcity.test_readable_rapidcity import SIX
from tests.ui.rapidcity.test_readable_rapidcity import start as start_named
from tests.ui.rapidcity.test_referee_game import claim_every_tile, pump_until, reveal
from tests.ui.readability import problems
from ui.rapidcity.referee import TAGS_PREF, IdentityRow, RefereeScreen

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
    if event == "down":
        Window.dispatch("on_key_down", code, 0, chr(code), modifiers or [])
    else:
        Window.dispatch("on_key_up", code, 0)


def test_keys_press_pads_and_shift_holds_one_down(ui):
    screen = start(ui)
    tile = screen.tiles[1]
    key("down", KEY_1)
    ui.pump(2)
    assert tile.pressed and "pad 1: DOWN" in ui.texts()
    key("up", KEY_1)
    pump_until(ui, lambda: not tile.pressed)
    key("down", KEY_3, ["shift"])
    key("up", KEY_3)
    ui.pump(3)
    assert screen.tiles[3].pressed  # held
    key("down", KEY_3)
    key("up", KEY_3)
    pump_until(ui, lambda: not screen.tiles[3].pressed)


def test_a_stuck_pad_is_shown_by_its_tile_name_and_forgiven_when_released(ui):
    screen = start(ui)
    hw = ui.app.hardware()
    hw.press(3, at_ns=now_ns() - 11 * SEC)  # a pawn left leaning on the Saloon's button
    hw.tick()
    pump_until(ui, lambda: screen.tiles[3].fault == "stuck")
    assert screen.alert.startswith("Saloon 1: held down for more than 10 s")
    assert "pad 3: FAULT, stuck" in ui.texts()
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
    rows = screen.panels["finish"].ids.scroll
    assert rows.height >= 48 and problems(ui.screen) == []
    ui.screenshot("referee-six-resting-after-a-minute")
    for row, player in zip(screen._press_rows(screen.panels["finish"].ids.rows), screen.state.players):
        screen.pick((row.pad, row.press_ns), player)
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


def test_the_window_times_out_and_an_unclaimed_player_takes_a_bullet(ui):
    screen = start(ui, seed=character_seed(), window_ms=1500)  # long enough for a slow frame or two
    card = reveal(ui)
    assert card["type"] == "character"
    hw = ui.app.hardware()
    hw.press(1)
    hw.press(2)
    pump_until(ui, lambda: screen.stage == "finish")
    assert (now_ns() - screen.live.reveal_ns) >= 1500 * 1_000_000
    rows = {r.pad: r for r in screen.panels["finish"].ids.rows.children if isinstance(r, IdentityRow)}
    ui.tap("red", root=rows[1])
    ui.tap("blue", root=rows[2])
    ui.tap("Verdict")
    notes = [n.text for n in screen.panels["verdict"].ids.notes.children]
    assert any("the window closed at 1500 ms: time is up" in n for n in notes)
    assert any(n.startswith("green claimed no allowed tile") for n in notes)
    assert screen.preview.bullets["green"] == 1


def test_a_false_start_during_the_wait_is_noted(ui, monkeypatch):
    monkeypatch.setattr(RefereeScreen, "delay_s", (2.0, 2.5))  # the press lands in the wait even on a busy machine
    screen = start(ui, seed=character_seed())
    ui.tap("Ready")
    ui.app.hardware().press(1)
    pump_until(ui, lambda: screen.status.startswith("False start!"))
    assert screen.stage == "waiting"
    ui.app.hardware().release(1)
    pump_until(ui, lambda: screen.stage in ("window", "finish"))  # a loaded machine's frames may outlast the window
    assert any("false start, not a claim" in note for note in screen.preview.notes)


def test_back_steps_within_the_card_and_nothing_is_saved_until_confirm(ui, monkeypatch):
    monkeypatch.setattr(RefereeScreen, "delay_s", (2.0, 2.5))
    screen = start(ui, seed=character_seed())
    ui.tap("Ready")
    ui.tap("Back (not ready)")
    assert screen.stage == "ready" and screen.live is None
    ui.pump(3)
    assert screen.stage == "ready"  # the cancelled reveal does not come
    monkeypatch.setattr(RefereeScreen, "delay_s", (0.01, 0.02))
    reveal(ui)
    hw = ui.app.hardware()
    for pad in (1, 2, 3):
        hw.press(pad)
    pump_until(ui, lambda: screen.stage == "finish")
    ui.tap("Verdict")
    ui.tap("Back")
    assert screen.stage == "finish"
    assert screen.state.position == 0 and not screen.session.can_undo


def test_rfid_reads_prefill_who_is_on_a_tile_and_confirmations_teach_tags(ui):
    ui.app.store.set_pref(TAGS_PREF, {"AA00000001": "blue"})
    screen = start(ui, seed=character_seed())
    reveal(ui)
    hw = ui.app.hardware()
    for pad, tag in ((1, "AA00000001"), (2, "BB00000002"), (3, None)):
        hw.press(pad)
        if tag:
            hw.events.put(TagRead(pad, tag, now_ns()))
    pump_until(ui, lambda: screen.stage == "finish")
    named = {e.pad: screen.live.who.get((e.pad, e.t_ns)) for e in screen.live.presses()}
    assert named == {1: "blue", 2: None, 3: None}  # known tag: prefilled; unknown: asked
    rows = {r.pad: r for r in screen.panels["finish"].ids.rows.children if isinstance(r, IdentityRow)}
    assert ui.find("blue", root=rows[1]).state == "down"
    ui.tap("red", root=rows[2])
    ui.tap("green", root=rows[3])
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


def test_setup_seats_profiles_on_their_colours_and_shows_refusals(ui, monkeypatch):
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
    assert setup.message.startswith("Refused: at least one tile of each location type is needed; no saloon")
    ui.screenshot("rapidcity-setup-refused")
    ui.tap(ui.find(startswith="4. Prison 2"))
    ui.tap(ui.find(startswith="6. Saloon 2"))
    ui.tap("Start")
    screen = ui.screen
    assert isinstance(screen, RefereeScreen)
    assert [t.pad for t in screen.state.tiles] == [1, 2, 6]
    assert screen.state.names == ("Doc", "Calamity", "green")
    assert [t.tile_name for t in screen.ids.table.tile_views()] == ["Prison 1", "Tipi 1", "Saloon 2"]


def test_six_players_with_long_names_keep_finger_sized_targets(ui):
    names = {"red": "Calamity Jane", "blue": "Wild Bill Hickok", "green": "Annie Oakley",
             "yellow": "Doc Holliday", "black": "Black Bart", "white": "Butch Cassidy"}
    seed = next(s for s in range(100) if isinstance(
        __import__("companion.rapidcity.deck", fromlist=["x"]).shuffled_deck(tuple(names), s)[0], CharacterCard))
    screen = start(ui, seed=seed, names=names, players=list(names))
    ui.screenshot("rapidcity-six-ready")
    reveal(ui)
    hw = ui.app.hardware()
    for pad in (4, 1, 6, 2, 5, 3):
        hw.press(pad)
        ui.pump(1)
    pump_until(ui, lambda: screen.stage == "finish")
    ui.screenshot("rapidcity-six-finish")
    ui.screenshot("rapidcity-six-identity")
    chips = [c for row in screen.panels["finish"].ids.rows.children if isinstance(row, IdentityRow)
             for c in row.ids.chips.children]
    assert len(chips) == 36
    assert all(c.width >= 48 and c.height >= 48 for c in chips)
    rows = [r for r in reversed(screen.panels["finish"].ids.rows.children)]
    for row, colour in zip(rows, names):  # each tap brings the next tile to name into view
        ui.tap(names[colour], root=row)
    assert len(screen.live.who) == 6
    ui.screenshot("rapidcity-six-named")
    ui.tap("Verdict")
    ui.screenshot("rapidcity-six-verdict")
    assert [(b.name, b.bullets) for b in reversed(screen.ids.bullets.children)] == [(n, 0) for n in names.values()]


def test_with_the_setting_on_the_table_names_a_false_starter_who_takes_a_bullet(ui, monkeypatch):
    monkeypatch.setattr(RefereeScreen, "delay_s", (2.0, 2.5))  # the press lands in the wait even on a busy machine
    screen = start(ui, seed=character_seed(), window_ms=300, false_start_bullet=True)
    ui.tap("Ready")
    hw = ui.app.hardware()
    hw.press(3)
    pump_until(ui, lambda: screen.status.startswith("False start!"))
    hw.release(3)
    pump_until(ui, lambda: screen.stage == "finish")
    rows = [r for r in screen.panels["finish"].ids.rows.children if isinstance(r, IdentityRow)]
    false_row = next(r for r in rows if r.false_start)
    assert false_row.text.startswith("False start: ")
    ui.tap("blue", root=false_row)
    ui.screenshot("rapidcity-false-start")
    ui.tap("Verdict")
    notes = [n.text for n in screen.panels["verdict"].ids.notes.children]
    assert any("made a false start on pad 3" in n and "blue" in n for n in notes)
    assert screen.preview.bullets["blue"] == 1


def test_a_new_game_opens_on_its_next_card_even_if_the_last_one_showed_its_past_calls(ui):
    start(ui)
    ui.tap("Past calls")
    assert ui.screen.stage == "history"
    screen = start(ui, seed=character_seed())
    assert screen.stage == "ready" and "Ready" in ui.texts()
