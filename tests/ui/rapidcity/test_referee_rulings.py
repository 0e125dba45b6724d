"""The referee screen applies the clarified rulings as they happen: a press on a Disarmed
card is a moved pawn (R-R10), a pawn lifted to another tile is judged there (R-R6), and
the sim backend's keys 1-6 press and release the pads."""

from __future__ import annotations

import pytest
from kivy.core.window import Window

from companion.rapidcity.deck import shuffled_deck
from companion.rapidcity.model import CharacterCard, DisarmedCard
from tests.ui.rapidcity.test_referee_details import start
from tests.ui.rapidcity.test_referee_game import pump_until, reveal
from ui.rapidcity.referee import IdentityRow, RefereeScreen

PLAYERS = ("red", "blue", "green")


@pytest.fixture(autouse=True)
def quick_reveal(monkeypatch):
    monkeypatch.setattr(RefereeScreen, "delay_s", (0.01, 0.02))


def seed_for(kind: type) -> int:
    return next(s for s in range(200) if isinstance(shuffled_deck(PLAYERS, s)[0], kind))


def rows_of(panel) -> list[IdentityRow]:
    return [r for r in reversed(panel.ids.rows.children) if isinstance(r, IdentityRow)]


def test_a_press_on_a_disarmed_card_is_said_at_once_and_the_owner_or_the_mover_takes_the_bullet(ui):
    screen = start(ui, seed=seed_for(DisarmedCard), window_ms=60_000)
    card = reveal(ui)
    assert card["type"] == "disarmed"
    ui.app.hardware().press(2)
    pump_until(ui, lambda: screen.tiles[2].claim.startswith("MOVED"))
    assert screen.claim_said == f"Tipi 1 pressed at {screen.tiles[2].claim.split(' ', 1)[1]}: a pawn was moved!"
    assert "(R-R10)" in screen.status
    assert any("a pawn was moved!" in text for text in ui.texts())
    ui.tap("Touches")
    panel = screen.panels["touches"]
    (row,) = rows_of(panel)
    assert row.text.startswith("Pawn moved on Tipi")
    ui.tap("blue", root=row)  # one tap: it was blue's pawn
    assert screen.preview.bullets == {"red": 0, "blue": 1, "green": 0}
    ui.tap("green", root=panel.ids.by)  # two taps name who moved it: green touched blue's pawn
    ui.tap("blue", root=panel.ids.pawn)
    assert screen.preview.bullets == {"red": 0, "blue": 0, "green": 1}
    ui.tap("Verdict")
    notes = [n.text for n in screen.panels["verdict"].ids.notes.children]
    assert any("was moved by green" in n for n in notes)
    ui.tap("Confirm")
    assert screen.state.played[-1].verdict["touch_presses"][0]["player"] == "blue"


def test_a_pawn_moved_to_an_allowed_tile_in_time_is_judged_there_and_the_finish_shows_the_move(ui):
    seed = seed_for(CharacterCard)
    screen = start(ui, seed=seed, window_ms=60_000)
    card = reveal(ui)
    bad = {"indian": 2, "sheriff": 1, "bandit": 3}[card["character"]]  # default tiles: prison, tipi, saloon
    good = [pad for pad in (1, 2, 3) if pad != bad]
    hw = ui.app.hardware()
    hw.press(bad)  # red lands on the forbidden tile...
    pump_until(ui, lambda: screen.tiles[bad].claim)
    hw.release(bad)  # ...lifts her pawn...
    pump_until(ui, lambda: not screen.tiles[bad].pressed)
    hw.press(good[0])  # ...and puts it on an allowed one
    pump_until(ui, lambda: screen.tiles[good[0]].claim)
    hw.press(bad)  # blue takes the tile red left
    hw.press(good[1])  # and green the last
    pump_until(ui, lambda: screen.stage == "finish" or len(screen.live.presses()) == 4)
    screen.close_window()
    first, second, third, fourth = rows_of(screen.panels["finish"])
    for row, name in ((first, "red"), (second, "red"), (third, "blue"), (fourth, "green")):
        ui.tap(name, root=row)
    assert "red moved from" in screen.status
    assert screen.preview.bullets["red"] == 0  # corrected in time: no bullet (R-R6)
    assert screen.preview.bullets["blue"] == 1  # on the forbidden tile red left, now free again
    assert any("pawn moved here from" in text for text in ui.texts())


def key(event: str, code: int) -> None:
    """As SDL delivers a key: on_key_down, then on_keyboard unless a handler took it."""
    if event == "down":
        if not Window.dispatch("on_key_down", code, 0, chr(code), []):
            Window.dispatch("on_keyboard", code, 0, chr(code), [])
    else:
        Window.dispatch("on_key_up", code, 0)


def test_sim_keys_press_on_key_down_and_release_on_key_up_and_claim_tiles(ui):
    """Issue 10: the sim backend says keys 1-6 press the pads; on the referee screen they do,
    and a key pressed during a card claims its tile like a pad."""
    screen = start(ui, seed=seed_for(CharacterCard), window_ms=60_000)
    reveal(ui)
    key("down", ord("2"))
    pump_until(ui, lambda: screen.tiles[2].pressed and screen.tiles[2].claim)
    assert screen.tiles[2].claim.startswith("1st ") and "pad 2: DOWN" in ui.texts()
    key("up", ord("2"))
    pump_until(ui, lambda: not screen.tiles[2].pressed)
    assert [e.pressed for e in screen.live.edges] == [True, False]


def test_a_press_delivered_after_the_rows_were_drawn_gets_its_own_row(ui):
    """A busy machine may deliver an edge stamped inside the window after the window has
    closed on screen; it is part of the call, so it can be named too."""
    from hardware.events import now_ns

    screen = start(ui, seed=seed_for(CharacterCard), window_ms=60_000)
    reveal(ui)
    hw = ui.app.hardware()
    hw.press(1)
    pump_until(ui, lambda: screen.tiles[1].claim)
    stamped = now_ns()
    screen.close_window()
    assert len(rows_of(screen.panels["finish"])) == 1
    hw.press(2, at_ns=stamped - 1)  # stamped before the close, delivered now
    pump_until(ui, lambda: len(rows_of(screen.panels["finish"])) == 2)
