"""Every page and form inside the games, and the shared pages, follow a window resized while they
are open (issue 13). Each walk reaches its pages with taps in a window opened at 800x480. Each
page is checked where it was reached, the window is resized to the other size (1280x720 or
back) and the page checked again, and the walk goes on at that size. So the sizes alternate
page by page (the last page is taken back to 800x480 as well): every page is checked at both
sizes, half of them reached at 1280x720 and resized down, half reached at 800x480 and resized
up. Every text shown before and after a resize is scaled by the ratio of the two window scales
(1.5 or 1/1.5), and the table rules (tests/ui/readability.py) hold at both sizes, popovers and
the on-screen keyboard included. tests/ui/test_resize.py holds the same for the screens a game
is played on, a page resized there and back again, and each screen built at 1280x720 and shown
at 800x480. (A second walk of each, opened at 1280x720, checked every page reached at both
sizes: it doubled the suite's slowest UI test, each resize laying out every page a game has
built, for what test_resize.py already holds screen by screen.)"""

from __future__ import annotations

from typing import Callable, Iterator

import pytest
from kivy.core.window import Window
from kivy.metrics import Metrics
from kivy.uix.label import Label
from kivy.uix.textinput import TextInput

from companion.rapidcity.model import CharacterCard
from tests import stats_games
from tests.ui.bountytown import walk
from tests.ui.conftest import Driver, start_app, stop_app
from tests.ui.rapidcity.test_readable_rapidcity import SIX as RAPID_SIX
from tests.ui.rapidcity.test_readable_rapidcity import start as start_rapidcity
from tests.ui.rapidcity.test_referee_game import claim_every_tile
from tests.ui.readability import on_screen, problems
from tests.ui.spurs.driving import begin_game, number, page
from tests.ui.test_readable import LONG
from tests.ui.test_resize import LARGE, SMALL, back_to_small, resize
from ui.shell import app as app_module
from ui.kit import keyboard, theme
from ui.rapidcity.referee import RefereeScreen
from ui.kit.widgets import Chip

Pages = Iterator[str]
SIX = ("Annabelle", "Bob", "Calamity", "Dee", "Eve", "Fay")


@pytest.fixture(autouse=True)
def back_to_800x480(monkeypatch):
    """The test process has one window: whatever a test does, the next one finds it at 800x480.
    The app refits once a resize has held for REFIT_AFTER_S; each resize here is one step, as
    when a window is maximised, so the refit follows in the next frame (test_resize.py tests
    the pause a drag gets)."""
    monkeypatch.setattr(RefereeScreen, "delay_s", (0.01, 0.02))
    monkeypatch.setattr(app_module, "REFIT_AFTER_S", 0)
    yield
    Window.release_all_keyboards()
    back_to_small()


def spurs_pages(ui: Driver) -> Pages:
    """A turn's pages: the +1 steps over a sheet, the actions, a challenge form, the bag
    entered draw by draw, the town, an event card."""
    begin_game(ui, names=SIX)
    ui.tap(number(ui, "Annabelle", "fame"))
    yield "the +1 steps"
    ui.tap(ui.find("Home"))  # beside the steps: closed, still at the table
    ui.tap(page(ui).ids.actions)
    yield "actions"
    ui.tap("Hunt")
    yield "a challenge form"
    ui.tap("Enter the bag draw")
    yield "the bag draw entry"
    for colour in ("brown", "black"):
        ui.tap(ui.find(startswith=f"[b]{colour}[/b]"))
    yield "the bag draw entry, mid-draw"
    ui.tap("Back")
    ui.tap("Cancel")
    ui.tap(page(ui).ids.actions)
    ui.tap("Town")
    yield "the town form"
    ui.tap("Leave town")
    ui.tap(page(ui).ids.actions)
    ui.tap("Event card")
    yield "an event card"


def spurs_setup(ui: Driver) -> Pages:
    for name, colour in zip(SIX, ("red", "yellow", "blue", "green", "purple", "orange")):
        ui.app.store.add_player(name, colour)
    ui.pump()
    ui.tap("Spurs")
    for name in SIX:
        ui.tap(name)
    yield "setup: six seats"


def rapidcity_pages(ui: Driver) -> Pages:
    """Setup with six long names and a refused start, then a card to its photo finish, the
    verdict and the past call."""
    ui.tap("Rapid City")
    for colour, name in RAPID_SIX.items():
        ui.tap(colour.capitalize())
        ui.tap(ui.find(cls=TextInput, root=ui.screen.rows[colour]))
        ui.type(name)
    yield "setup: six seated"
    for pad in ("1. Prison 1", "3. Saloon 1", "6. Saloon 2"):
        if ui.find(startswith=pad).state == "down":
            ui.tap(ui.find(startswith=pad))
    ui.tap("Start")
    yield "setup: a refused start"
    ui.tap("Home")
    start_rapidcity(ui, RAPID_SIX, CharacterCard, window_ms=60_000)
    claim_every_tile(ui)
    yield "the photo finish"
    ui.tap("Verdict")
    ui.tap("Confirm")
    ui.tap("Past calls")
    yield "past calls"
    ui.tap(ui.find(startswith="1. "))
    yield "a past call with its strip"


def shared_pages(ui: Driver) -> Pages:
    """Settings, Players, a player's page, Statistics, the score pad under a long refusal."""
    for name, colour in (("Ann", "red"), ("Bob", "blue"), ("Bart", "green"), ("Valentina", "yellow")):
        ui.app.store.add_player(name, colour)
    for kind, game in (("spurs", stats_games.spurs_long), ("bountytown", stats_games.bountytown)):
        settings, actions = game()
        session = ui.app.store.new_session(kind, settings)
        for action in actions:
            session.do(action)
    ui.tap("Settings")
    yield "settings"
    ui.tap("Home")
    ui.tap("Players")
    yield "players"
    ui.tap(ui.find("Ann", cls=Chip))
    ui.tap("Their games")
    yield "a player's page"
    ui.tap("Players")
    ui.tap("Home")
    ui.tap("Statistics")
    yield "statistics"
    ui.tap("Home")
    ui.tap("Score pad")
    ui.tap("Ann")
    ui.tap("Bob")
    ui.tap("Start")
    yield "the score pad"
    ui.screen._refuse(LONG)  # noqa: SLF001 - the longest refusal a game words
    yield "the score pad under a long refusal"


def bountytown_setup(ui: Driver) -> Pages:
    walk.add_players(ui)
    yield from walk.setup_pages(ui)


def keyboard_pages(ui: Driver) -> Pages:
    """The on-screen keyboard open on the lowest field of Spurs' setup, the screen lifted."""
    keyboard.apply("on")
    for name, colour in (("Ann", "red"), ("Bob", "blue"), ("Cy", "green")):
        ui.app.store.add_player(name, colour)
    ui.tap("Spurs")
    for name in ("Ann", "Bob", "Cy"):
        ui.tap(name)
    fields = [w for w in ui.widgets() if isinstance(w, TextInput) and on_screen(w)]
    ui.tap(min(fields, key=lambda w: w.to_window(w.x, w.y)[1]))
    yield "the keyboard on a lower field"
    assert any(isinstance(w, keyboard.TableKeyboard) for w in Window.children)  # still up, resized


WALKS: dict[str, Callable[[Driver], Pages]] = {
    "spurs": spurs_pages, "spurs setup": spurs_setup, "bountytown setup": bountytown_setup,
    "bountytown game": walk.game_pages, "rapidcity": rapidcity_pages, "shared": shared_pages,
    "keyboard": keyboard_pages}


def shown_text(ui: Driver) -> dict:
    """Every label and field with text on screen (popovers and the keyboard too), by its font size."""
    return {w: w.font_size for root in Window.children for w in root.walk(restrict=True)
            if isinstance(w, (Label, TextInput)) and w.text and on_screen(w)}


def broken() -> list[str]:
    """The table rules' problems of everything in the window, the keyboard's keys included."""
    found = [p for root in Window.children for p in problems(root)]
    board = next((w for w in Window.children if isinstance(w, keyboard.TableKeyboard)), None)
    if board is not None:
        found += [f"key {w:.0f}x{h:.0f} px" for line in range(1, 5)
                  for _pos, (w, h) in board.layout_geometry[f"LINE_{line}"] if min(w, h) < 48 * Metrics.density - 0.5]
        field = board.target
        if field.to_window(field.x, field.y)[1] < board.top:
            found.append("the field typed in is under the keyboard")
    return found


def scaled_by(before: dict, after: dict, times: float) -> list[str]:
    """The texts shown both times whose font did not scale by ``times``."""
    return [f"{str(w.text)[:40]!r}: {before[w]:.1f} -> {after[w]:.1f}" for w in before
            if w in after and abs(after[w] - before[w] * times) > 0.01]


def resized(ui: Driver, where: str, size: tuple[int, int], to: tuple[int, int]) -> None:
    """Check the page reached at ``size``, resize the window to ``to`` and check it again."""
    ui.pump()
    assert (found := broken()) == [], f"{where} at {size}: {found}"
    before = shown_text(ui)
    resize(ui, to)
    assert (found := broken()) == [], f"{where} resized to {to}: {found}"
    ratio = theme.window_scale(*to) / theme.window_scale(*size)
    assert scaled_by(before, shown_text(ui), ratio) == [], f"{where} resized to {to}"


@pytest.mark.parametrize("name", WALKS)
def test_every_page_keeps_the_rules_as_the_window_is_resized_page_by_page(db, name):
    ui = start_app(db)
    try:
        ui.pump()
        assert Metrics.density == theme.window_scale(*SMALL)
        size, other = SMALL, LARGE
        where = ""
        for where in WALKS[name](ui):
            resized(ui, where, size, other)
            size, other = other, size
        assert where
        if size == LARGE:  # the last page back to 800x480 too: a walk of one page is resized both ways
            resized(ui, where, LARGE, SMALL)
    finally:
        stop_app(ui)
