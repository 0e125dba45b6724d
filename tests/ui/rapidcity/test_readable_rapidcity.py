"""Every Rapid City screen and form read across a table at 800x480: nothing under 16 px, no text
spilling or cut short, targets a finger wide (tests/ui/readability.py), and the words that
matter - claim times, players' names, verdicts - at 20 px or more, with three players and with
six players with long names."""

from __future__ import annotations

import re

import pytest
from kivy.uix.label import Label
from kivy.uix.textinput import TextInput

from companion.rapidcity.deck import shuffled_deck
from companion.rapidcity.engine import round_template
from companion.rapidcity.model import ArmedCard, CharacterCard, DisarmedCard
from hardware.events import now_ns
from tests.ui.conftest import pump_until
from tests.ui.rapidcity.test_referee_game import chip_of, press_rows, reveal
from tests.ui.readability import on_screen, problems
from ui.kit import theme
from ui.rapidcity.referee import RefereeScreen

THREE = {"red": "Ann", "blue": "Bob", "green": "Calamity"}
#: six players with the longest names the players' list takes (24 characters, one hyphenated word)
SIX = {"red": "Bartholomew-Fitzwilliams", "blue": "Wild Bill Hickok", "green": "Annie Oakley",
       "yellow": "Doc Holliday", "black": "Ezekiel Fitzwilliam-Hay", "white": "Butch Cassidy"}
VERDICT = re.compile(r"takes a bullet \(|returns a bullet \(|No bullet:|Nobody takes a bullet| - bullet: | - no bullets")
CLAIM_TIME = re.compile(r"\d\.\d ms")


@pytest.fixture(autouse=True)
def quick_reveal(monkeypatch):
    monkeypatch.setattr(RefereeScreen, "delay_s", (0.01, 0.02))


def small_words(root, names) -> list[str]:
    """Claim times, names and verdicts shown under reading size (20 px)."""
    found = []
    for widget in root.walk(restrict=True):
        text = getattr(widget, "text", "")
        if not isinstance(widget, Label) or not text or not on_screen(widget):
            continue
        lines = {line.strip() for line in text.split("\n")}
        if (lines & set(names) or CLAIM_TIME.search(text) or VERDICT.search(text)) and widget.font_size < theme.px("TEXT") - 0.01:
            found.append(f"{text[:40]!r}: {widget.font_size:.0f} px < 20")
    return found


def small_sentences(root) -> list[str]:
    """Instructions and reasons (a sentence, or a rule cited) shown under reading size."""
    return [f"{w.text[:50]!r}: {w.font_size:.0f} px" for w in root.walk(restrict=True)
            if isinstance(w, Label) and on_screen(w) and ("(R-R" in w.text or len(w.text) > 40)
            and w.font_size < theme.px("TEXT") - 0.01]


def crowded_tiles(screen) -> list[str]:
    """Tiles that overlap one another or leave the table (the circle is laid out by hand)."""
    if not isinstance(screen, RefereeScreen):
        return []
    table = screen.ids.table
    tiles = table.tile_views()
    found = [f"{t.shown.name} leaves the table" for t in tiles
             if t.x < table.x - 1 or t.right > table.right + 1 or t.y < table.y - 1 or t.top > table.top + 1]
    for i, a in enumerate(tiles):
        for b in tiles[i + 1:]:
            if a.x < b.right - 1 and b.x < a.right - 1 and a.y < b.top - 1 and b.y < a.top - 1:
                found.append(f"{a.shown.name} overlaps {b.shown.name}")
    return found


def check(ui, names, where: str) -> None:
    ui.pump(3)
    ui.screenshot(f"readable-{len(names)}-{where}")
    found = problems(ui.screen) + small_words(ui.screen, names.values()) + crowded_tiles(ui.screen)
    if isinstance(ui.screen, RefereeScreen):
        found += small_sentences(ui.screen)
    assert found == [], where


def seed_for(players, kind) -> int:
    return next(s for s in range(300) if isinstance(shuffled_deck(tuple(players), s)[0], kind))


def start(ui, names, kind, **settings) -> RefereeScreen:
    ui.app.start_session("rapidcity", {"players": list(names), "names": names, "seed": seed_for(names, kind),
                                       **settings})
    ui.pump(3)
    return ui.screen


@pytest.mark.parametrize("names", [THREE, SIX], ids=["three", "six"])
def test_setup_reads_across_the_table(ui, names):
    ui.tap("Rapid City")
    check(ui, names, "setup-empty")
    for colour, name in names.items():
        row = ui.screen.rows[colour]
        ui.tap(colour.capitalize())
        ui.tap(ui.find(cls=TextInput, root=row))
        ui.type(name)
    check(ui, names, "setup-seated")
    for pad in ("1. Prison 1", "3. Saloon 1", "6. Saloon 2"):
        if ui.find(startswith=pad).state == "down":
            ui.tap(ui.find(startswith=pad))
    ui.tap("Start")
    assert ui.screen.name != "rapidcity"
    check(ui, names, "setup-refused")


@pytest.mark.parametrize("names", [THREE, SIX], ids=["three", "six"])
def test_a_pad_card_reads_across_the_table_from_ready_to_the_end(ui, names):
    screen = start(ui, names, CharacterCard, window_ms=60_000)
    check(ui, names, "ready")
    ui.tap("Ready")
    check(ui, names, "waiting")
    pump_until(ui, lambda: screen.stage == "window")
    check(ui, names, "window")
    hw = ui.app.hardware()
    pads = [tile.pad for tile in screen.state.tiles]
    for pad in pads[:2]:
        hw.press(pad)
        pump_until(ui, lambda p=pad: screen.tiles[p].shown.claim)
    check(ui, names, "claims")
    for pad in pads[2:]:
        hw.press(pad)
    pump_until(ui, lambda: screen.stage == "finish")
    check(ui, names, "finish")
    for player, row in zip(names, press_rows(screen)):
        screen.pick(row.shown.press, player)
    check(ui, names, "named")
    ui.tap("Verdict")
    check(ui, names, "verdict")
    ui.tap("Confirm")
    ui.tap("Past calls")
    check(ui, names, "past-calls")
    ui.tap(ui.find(startswith="1. "))
    check(ui, names, "past-call")
    ui.tap("Close")
    while not screen.state.game_over:  # the rest of the pile with nobody on a tile
        assert screen.act({"type": "play", "round": {**round_template(screen.state), "events": [], "touches": []}})
    check(ui, names, "end")


@pytest.mark.parametrize("names", [THREE, SIX], ids=["three", "six"])
def test_a_cowboy_card_reads_across_the_table(ui, names):
    screen = start(ui, names, ArmedCard, ultimate=True)
    card = reveal(ui)
    assert card["type"] == "armed"
    ui.tap("Touches")
    check(ui, names, "touches")
    first, second = list(names)[:2]
    ui.tap(chip_of(screen.panels["touches"].ids.chips, names[first]))
    ui.tap(chip_of(screen.panels["touches"].ids.chips, names[second]))
    check(ui, names, "touched")
    ui.tap("Verdict")
    check(ui, names, "verdict-armed")


@pytest.mark.parametrize("names", [THREE, SIX], ids=["three", "six"])
def test_a_moved_pawn_a_false_start_and_a_stuck_pad_read_across_the_table(ui, names, monkeypatch):
    screen = start(ui, names, DisarmedCard, window_ms=60_000, false_start_bullet=True)
    hw = ui.app.hardware()
    hw.press(3, at_ns=now_ns() - 11 * 1_000_000_000)  # a pawn left leaning on a button
    hw.tick()
    pump_until(ui, lambda: screen.tiles[3].fault == "stuck")
    check(ui, names, "stuck")
    hw.release(3)
    pump_until(ui, lambda: not screen.tiles[3].fault)
    monkeypatch.setattr(RefereeScreen, "delay_s", (3600.0, 3600.0))  # the press lands in the wait...
    ui.tap("Ready")
    hw.press(1)
    pump_until(ui, lambda: screen.status.startswith("False start!"))
    check(ui, names, "false-start")
    hw.release(1)
    ui.pump(2)
    screen.reveal()  # ...and the card comes when the test says, not after a wait of the clock's
    hw.press(2)
    pump_until(ui, lambda: screen.tiles[2].shown.claim)
    check(ui, names, "moved-pawn")
    ui.tap("Touches")
    check(ui, names, "moved-pawn-touches")
