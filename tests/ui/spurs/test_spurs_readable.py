"""Every Spurs screen and form read across the table at 800x480: nothing under 16 px, nothing
spilling, cut, shortened or broken mid-word, every target a finger wide (tests/ui/readability.py),
and the scores and names at 20 px or more, with six players and with a refusal showing."""

from __future__ import annotations

import json
from dataclasses import replace
import subprocess
import sys
from pathlib import Path

import pytest
from kivy.factory import Factory
from kivy.uix.label import Label
from kivy.uix.scrollview import ScrollView

from tests.ui.conftest import pump_until
from tests.ui.readability import on_screen, problems, taken_taps
from tests.ui.spurs.driving import (LONG_NAMES, begin_game, field, load_the_table, number, page, panel,
                                    set_stepper, sheet)
from ui.spurs.table import PlayerPanel

SIX = ("Annabelle", "Bob", "Calamity", "Dee", "Eve", "Fay")
LONG = ("Refused: a rifle draw leaves the grey bullets in the bag; 3 grey entered [R-S1], so take "
        "them out of the count")


def check(ui, shot: str) -> None:
    """The screen as shown keeps the rules, every word of it laid out; a screenshot of it for the eye."""
    ui.pump(2)
    assert problems(ui.screen) == [], shot
    assert taken_taps(ui.screen) == [], shot
    ui.screenshot(f"spurs-read-{shot}")


def names_and_scores(ui) -> list:
    """The labels that carry a player's name or a number on a sheet."""
    shown = []
    for sheet_ in (w for w in ui.widgets() if isinstance(w, PlayerPanel)):
        shown.append(ui.find(startswith=f"[b]{sheet_.shown.name}", root=sheet_))
        shown += [w.children[-1] for w in sheet_.walk(restrict=True) if isinstance(w, Factory.Stat)]
    return shown


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_the_table_with_every_count_of_players_and_a_refusal_showing(ui, players):
    begin_game(ui, names=SIX[:players])
    check(ui, f"table-{players}")
    ui.screen._refuse(LONG)
    check(ui, f"table-{players}-refused")
    labels = names_and_scores(ui)
    assert len(labels) == players * 6
    assert [w.text for w in labels if isinstance(w, Label) and w.font_size < 20] == []
    assert all(on_screen(w) for w in labels)


def test_the_steps_popover_over_six_players(ui):
    begin_game(ui, names=SIX)
    for name, caption in (("Annabelle", "fame"), ("Fay", "money"), ("Calamity", "spurs"), ("Dee", "posters")):
        ui.tap(number(ui, name, caption))
        check(ui, f"steps-{caption}")
        ui.tap(ui.find(startswith=f"{name}'s {caption}"))  # the heading: nothing happens
        ui.tap(ui.find("Home"))  # beside it: closed, and still at the table
        assert f"{name}'s {caption}" not in " ".join(ui.texts())


def to_menu(ui) -> None:
    """The current player's actions, from wherever the screen is."""
    if ui.screen.model.page != "table":
        ui.screen.tap("cancel") if ui.screen.model.page in ("form", "draw") else ui.screen.tap("table")
    ui.tap(page(ui).ids.actions)


def test_every_form_and_the_draw(ui):
    begin_game(ui, names=SIX, gang_rule="house")
    to_menu(ui)
    check(ui, "actions")
    for button, kind in (("Hunt", "hunt"), ("Outlaw", "outlaw"), ("Horse", "horse"), ("Cattle round-up", "cattle"),
                         ("Desperados", "desperado"), ("Dig for gold", "gold"), ("Duel", "duel")):
        ui.tap(button)
        check(ui, kind)
        to_menu(ui)
    ui.tap("Hunt")
    set_stepper(ui, field(ui, "extra"), 9)  # every "at least k hits" of a draw of twelve
    check(ui, "hunt-draw-of-twelve")
    to_menu(ui)
    ui.tap("Desperados")
    set_stepper(ui, field(ui, "count"), 3)  # the house rule: three cards on the form
    check(ui, "desperado-three-cards")
    to_menu(ui)
    ui.tap("Dig for gold")
    set_stepper(ui, field(ui, "count"), 2)
    check(ui, "gold-and-two-desperados")
    to_menu(ui)
    ui.tap("Town")
    for room, words in (("store", "General Store"), ("sheriff", "Sheriff's Office"), ("doctor", "Doctor's Office"),
                        ("saloon", "Saloon"), ("bank", "Lucky Boot Bank")):
        ui.tap(words)
        check(ui, f"town-{room}")
    ui.tap("Doctor's Office")
    ui.tap("Free draw of 2 (reds drawn leave)")
    check(ui, "draw-odds")
    ui.tap("Enter the bag draw")
    check(ui, "draw-entry")
    ui.tap("Back")
    ui.tap("Draw for me")
    check(ui, "draw-result")
    ui.tap("Table")
    ui.tap(ui.find(startswith="[b]Bob", root=panel(ui, "Bob")))
    check(ui, "event-card")
    ui.tap("Cancel")
    ui.tap("End turn")
    for _ in SIX[2:]:
        ui.tap("End turn")
    to_menu(ui)
    ui.tap("Duel")  # a duel's draws: each duellist's entry in turn, then both draws and who won
    ui.tap("Enter the bag draw")
    check(ui, "duel-draw-entry-first")
    for colour in ("grey", "grey", "grey"):
        ui.tap(ui.find(startswith=f"[b]{colour}[/b]"))
    check(ui, "duel-draw-entry-second")
    for colour in ("grey", "grey", "white"):
        ui.tap(ui.find(startswith=f"[b]{colour}[/b]"))
    assert ui.screen.model.flow.draw.phase == "winner", ui.screen.message
    check(ui, "duel-draw-winner")
    ui.tap("Equipment")
    check(ui, "duel-draw-winner-no-equipment")
    ui.tap("Nothing")
    ui.tap("Fay won")
    check(ui, "duel-draw-result")


def test_a_fight_waiting_for_its_next_card_and_the_final_scores_with_a_tie(ui):
    begin_game(ui, names=SIX[:3], target_fame=2)
    game = ui.screen
    to_menu(ui)
    ui.tap("Desperados")
    set_stepper(ui, field(ui, "count"), 2)
    ui.tap("Enter the bag draw")
    for colour in ("grey", "grey", "black"):
        ui.tap(ui.find(startswith=f"[b]{colour}[/b]"))
    assert "Reveal the next desperado" in ui.texts()
    check(ui, "fight-next-card")
    ui.tap("Reveal the next desperado")
    ui.tap("End turn")
    game.act({"type": "adjust", "player": "Bob", "fame": 2, "money": 5})
    assert game.model.page == "final"
    check(ui, "final")
    ui.tap("Undo")
    game.act({"type": "adjust", "player": "Bob", "fame": 1, "posters": 1})
    game.act({"type": "adjust", "player": "Annabelle", "fame": 2})  # the Most Wanted makes it a tie
    assert game.model.page == "final" and game.state.tied_for_first
    check(ui, "final-tie")


def in_view(widget) -> bool:
    """Wholly inside the list that holds it: seen without scrolling."""
    view = widget.parent
    while not isinstance(view, ScrollView):
        view = view.parent
    left, bottom = widget.to_window(widget.x, widget.y)
    vleft, vbottom = view.to_window(view.x, view.y)
    return vbottom <= bottom and bottom + widget.height <= vbottom + view.height \
        and vleft <= left and left + widget.width <= vleft + view.width


def test_setup_with_six_seats(ui):
    for i, name in enumerate(SIX):
        ui.app.store.add_player(name, ("red", "yellow", "blue", "green", "purple", "orange")[i])
    ui.pump()
    ui.tap("Spurs")
    check(ui, "setup-empty")
    assert in_view(ui.find("+ Guest")), "+ Guest only by scrolling the picker"
    for name in SIX:
        ui.tap(name)
    check(ui, "setup-six")
    ui.screen.ids.scroll.scroll_y = 0
    check(ui, "setup-six-bottom")



def test_what_a_player_carries_is_shown_whole_on_a_row_of_three(ui):
    begin_game(ui, names=SIX[:3])
    bob = panel(ui, "Bob")
    bob.shown = replace(bob.shown, carried="escorts the Stagecoach; P1 pelt, O2 outlaw, H3 horse; Lasso, Rifle")
    ui.pump(2)
    assert bob.shown.carried in ui.texts(root=bob)
    check(ui, "table-3-carrying")


def big(ui) -> None:
    """Every sheet's name and numbers 20 px or more."""
    labels = names_and_scores(ui)
    assert len(labels) == 6 * 6
    assert [w.text for w in labels if w.font_size < 20] == []


def test_six_long_names_and_a_long_carried_line_read_whole_without_scrolling(ui):
    load_the_table(ui.app, ("Lasso", "Rifle", "Bowie Knife"))
    ui.pump(3)
    first = panel(ui, LONG_NAMES[0])
    assert first.shown.carried == "escorts the Stagecoach; O1 outlaw; Lasso, Rifle, Bowie Knife"
    assert first.shown.current
    check(ui, "table-6-long-names")
    big(ui)
    assert not page(ui).ids.sheets.do_scroll_y  # all six sheets in view at once
    assert all(on_screen(w) and in_view(w) for w in ui.widgets() if isinstance(w, PlayerPanel))
    ui.tap(number(ui, "Wilhelmina Fairweather", "fame"))  # the +1 still two taps away
    ui.tap("+1")
    assert sheet(ui, "Wilhelmina Fairweather")["fame"] == "1"
    ui.tap(page(ui).ids.actions)
    check(ui, "actions-long-name")  # the heading's two lines: the player's, then the bank's
    assert ui.find(startswith=f"{LONG_NAMES[0]} (Doc): fame 0, $0, 0 Spur(s)\nBank $")


def test_six_sheets_that_cannot_fit_scroll_and_keep_every_word(ui):
    load_the_table(ui.app, ("Lasso", "Rifle", "Spyglass", "Bowie Knife", "Saddlebags", "Lucky Horseshoe",
                            "Dynamite"))
    ui.pump(3)
    sheets = page(ui).ids.sheets
    assert sheets.do_scroll_y
    check(ui, "table-6-scrolls")
    big(ui)
    sheets.scroll_y = 0
    last = panel(ui, LONG_NAMES[-1])
    check(ui, "table-6-scrolled")
    assert in_view(last)
    ui.tap(number(ui, LONG_NAMES[-1], "fame"))
    pump_until(ui, lambda: "+1" in ui.texts())  # a scrolling list hands a tap on once it is sure it was no swipe
    ui.tap("+1")
    assert sheet(ui, LONG_NAMES[-1])["fame"] == "1"


LARGER = """
import json, sys
from ui.shell.launch import configure_kivy
configure_kivy(fullscreen=False)
from kivy.config import Config
Config.set("graphics", "width", sys.argv[2]); Config.set("graphics", "height", sys.argv[3])
from kivy.base import EventLoop
from companion.db.store import Store
from tests.ui.readability import problems
from tests.ui.spurs.driving import load_the_table
from ui.shell.app import CompanionApp
app = CompanionApp(Store(sys.argv[1]), backend="sim")
app._run_prepare()
load_the_table(app, ("Lasso", "Rifle", "Bowie Knife"))
for _ in range(4):
    EventLoop.idle()
table = app.manager.current_screen
print(json.dumps(problems(table) + ["scrolls"] * table.pages.current_screen.ids.sheets.do_scroll_y))
"""


@pytest.mark.parametrize("width, height", [(1024, 600), (1280, 720)])
def test_the_six_long_sheets_read_whole_in_larger_windows(tmp_path, width, height):
    """The same table in a window the app scales up to: a bag chip's count and colour both
    shown (its two lines once lost a pixel to rounding), nothing shortened, no scrolling."""
    out = subprocess.run([sys.executable, "-c", LARGER, str(tmp_path / "table.db"), str(width), str(height)],
                         cwd=Path(__file__).resolve().parents[3], capture_output=True, text=True, timeout=120)
    assert out.returncode == 0, out.stderr[-2000:]
    assert json.loads(out.stdout.splitlines()[-1]) == []
