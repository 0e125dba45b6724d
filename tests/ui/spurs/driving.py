"""How the Spurs UI tests work the screens: set steppers, read the player panels, and
set up a game through the setup screen, all with real taps on real widgets."""
# (the flow itself is tested at engine speed on the screen model: tests/spurs/test_screen_*.py)

from __future__ import annotations

from kivy.factory import Factory
from kivy.tests.common import UnitTestTouch
from kivy.uix.textinput import TextInput

from ui.spurs.controls import BagChip, HexBoard, Stepper
from ui.spurs.table import PlayerPanel

ANN = {"character": "Doc", "riding": 3, "bag": {"grey": 4, "brown": 2, "white": 1, "black": 2, "red": 1}}
BOB = {"character": "Kid", "riding": 2, "bag": {"grey": 3, "brown": 3, "white": 1, "black": 1}}


def page(ui):
    """The Spurs page on show (table, actions, a form, the draw, the scores)."""
    return ui.screen.ids.pages.current_screen


def ids(ui):
    return page(ui).ids


def set_stepper(ui, stepper: Stepper, value: int) -> None:
    """Tap - or + until the stepper shows ``value``."""
    while stepper.value != value:
        ui.tap(ui.find("+" if stepper.value < value else "-", root=stepper))


def panel(ui, name: str) -> PlayerPanel:
    """``name``'s sheet on the table."""
    return next(w for w in ui.widgets() if isinstance(w, PlayerPanel) and w.shown.name == name)


def sheet(ui, name: str) -> dict[str, str]:
    """What a player's panel shows: each number by its caption, the bag by colour,
    the carried line, and whether it says it is their turn."""
    panel_ = panel(ui, name)
    shown = {w.caption.split()[0]: w.value for w in panel_.walk(restrict=True) if isinstance(w, Factory.Stat)}
    for chip in panel_.walk(restrict=True):
        if isinstance(chip, BagChip):
            count, colour = chip.text.replace("[b]", "").replace("[/b]", "").split("\n")
            shown[colour] = count
    shown["turn"] = "TURN" in ui.texts(root=panel_)
    shown["carries"] = ui.texts(root=panel_)[-1]
    return shown


def number(ui, name: str, caption: str):
    """The number captioned ``caption`` ("fame", "money", ...) on a player's panel."""
    return next(w for w in panel(ui, name).walk(restrict=True)
                if isinstance(w, Factory.Stat) and w.caption.split()[0] == caption)


def tap_panel(ui, name: str) -> None:
    """Tap a player's name on their panel (their numbers open their own steps)."""
    ui.tap(ui.find(startswith=f"[b]{name}", root=panel(ui, name)))


def field(ui, name: str):
    """The stepper or row of choices of the page shown for the form field ``name``."""
    return next(w for w in ui.widgets(page(ui)) if getattr(w, "field", None) == name and getattr(w, "page", None))


def fill_character(ui, row, sheet_: dict) -> None:
    """Copy a character sheet into a setup row, as a player would."""
    ui.tap(ui.find(cls=TextInput, root=row))
    ui.type(sheet_["character"])
    set_stepper(ui, row.ids.riding, sheet_["riding"])
    for colour, count in sheet_["bag"].items():
        set_stepper(ui, row.ids[colour], count)


def scroll_to(ui, widget) -> None:
    ui.screen.ids.scroll.scroll_to(widget, animate=False)
    ui.pump(2)


def start_two_player_game(ui, *, target: int, bank: int = 0) -> None:
    """Home -> Spurs setup: Ann then Bob in seat order, their sheets, a custom target."""
    ui.app.store.add_player("Ann", "red")
    ui.app.store.add_player("Bob", "yellow")
    ui.pump()
    ui.tap("Spurs")
    ui.tap("Ann")
    ui.tap("Bob")
    rows = list(reversed(ui.screen.ids.characters.children))
    for row, sheet_ in zip(rows, (ANN, BOB)):
        scroll_to(ui, row)
        fill_character(ui, row, sheet_)
    setup = ui.screen.ids
    scroll_to(ui, setup.bank)
    ui.tap(ui.find("Custom"))
    set_stepper(ui, setup.custom, target)
    set_stepper(ui, setup.bank, bank)


def tap_hex(ui, board: HexBoard, q: int, r: int) -> None:
    """A real touch at the centre of one hex of the Mini Board."""
    touch = UnitTestTouch(*board.to_window(*board.centre(q, r)))
    touch.touch_down()
    ui.pump(1)
    touch.touch_up()
    ui.pump(1)


def begin_game(ui, names: tuple[str, ...] = ("Ann", "Bob"), **settings) -> None:
    """A game started straight from settings, for tests about the turn, not the setup."""
    start(ui.app, names, **settings)
    ui.pump()
    ui.settle()  # the screen's other pages, made a frame each once the game shows


def start(app, names: tuple[str, ...], **settings) -> None:
    """``begin_game`` on an app without a test driver (one run in a window of another size)."""
    colours = ("red", "yellow", "blue", "green", "purple", "orange")
    sheets = [ANN, BOB]
    for i, name in enumerate(names):
        app.store.add_player(name, colours[i])
    players = [{"name": n, **sheets[i % 2]} for i, n in enumerate(names)]
    app.start_session("spurs", {"players": players, "target_fame": 10, **settings})


#: six players whose names take two lines on a sheet beside TURN or their character
LONG_NAMES = ("Bartholomew Cassidy", "Annabelle Oakley", "Calamity Jane", "Wild Bill Hickok", "Dee",
              "Wilhelmina Fairweather")


def load_the_table(app, equipment: tuple[str, ...]) -> None:
    """Six players with long names, the first of them on their turn again escorting the
    Stagecoach, carrying a captured outlaw and every piece of ``equipment`` (bought at the
    General Store), as a game reaches it through the engine."""
    start(app, LONG_NAMES)
    game = app.manager.current_screen
    first = LONG_NAMES[0]
    assert game.act({"type": "outlaw", "token": "O1", "hits": 2, "cash": 20, "fame": 2, "draw": "physical",
                     "drawn": {"grey": 1, "white": 1, "black": 1}})
    for _ in LONG_NAMES:
        assert game.act({"type": "end_turn"})
    for name in equipment:
        assert game.act({"type": "buy", "name": name, "cost": 0})
    assert game.act({"type": "stagecoach", "holder": first})
