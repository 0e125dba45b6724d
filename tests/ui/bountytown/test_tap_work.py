"""Issue 38: a tap answers within a Pi's frame when, before that frame, it makes no widget and
renders only the words on show that it changed. Counted, never timed: the widgets made and the
labels rendered between a tap's release and its frame."""

from __future__ import annotations

import pytest
from kivy.base import EventLoop
from kivy.uix.label import Label
from kivy.uix.widget import Widget

from tests.ui.conftest import Driver

from .test_at_the_table import start, to_the_reveal
from .walk import BOUNTIES, FIRST, PLAYERS


class Work:
    """What the app does between a tap's release and its frame: the widgets it makes (their
    classes) and the labels it renders (their words)."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch) -> None:
        self.made: list[str] = []
        self.rendered: list[str] = []
        self._on = False
        init, update = Widget.__init__, Label.texture_update

        def made(widget: Widget, **kwargs) -> None:
            if self._on:
                self.made.append(type(widget).__name__)
            init(widget, **kwargs)

        def rendered(label: Label, *args) -> None:
            if self._on:
                self.rendered.append(label.text)
            update(label, *args)

        rendered.__name__ = update.__name__  # Kivy's clock calls a label's method by its name
        monkeypatch.setattr(Widget, "__init__", made)
        monkeypatch.setattr(Label, "texture_update", rendered)

    def tap(self, ui: Driver, widget: Widget) -> None:
        """``widget`` pressed, given a frame, then released: counted up to the release's frame."""
        ui.pump(1)
        touch = ui.new_touch(*widget.to_window(*widget.center))
        touch.touch_down()
        ui.pump(1)
        self.made.clear()
        self.rendered.clear()
        self._on = True
        touch.touch_up()
        EventLoop.idle()  # the clock's tick (layouts, labels) then the frame
        self._on = False


def test_a_move_renders_the_movers_name_alone_makes_no_widget_and_leaves_the_renown_board_to_after_its_frame(ui, monkeypatch):
    start(ui, BOUNTIES)
    ui.settle()  # the screen's parts: its pages, then the rows its lists keep ahead
    screen, work = ui.screen, Work(monkeypatch)
    town = screen.ids.town
    status, board = town.behind.status, [row.shown for row in town.ids.board.children]
    cell = next(c for c in town.ids.cells.children if c.shown.location == "Boot Hill")
    work.tap(ui, cell)
    assert screen.state.current.location == "Boot Hill", screen.message
    assert work.made == []  # the mover's name tag is a spare of the town's
    assert FIRST in work.rendered and town.view.turn in work.rendered
    # the two players left where all three stood keep their tags: their names are not rendered again
    assert not {name for name, _colour in PLAYERS[1:3]} & set(work.rendered), work.rendered
    assert town.behind.status == status and [row.shown for row in town.ids.board.children] == board
    assert not any(words.startswith(status.split(":")[0] + ":") and "\nAt " in words for words in work.rendered)
    ui.pump(2)  # the answer on screen: the board catches up
    assert town.behind == town.view
    assert "\nAt Boot Hill" in town.behind.status
    ui.tap("Players")
    assert ui.find(startswith=town.view.status.split("\n")[0], root=town.ids.area.get_screen("players")) is not None


def test_the_board_shown_reads_the_view_of_the_tap_that_shows_it(ui):
    start(ui, BOUNTIES)
    ui.settle()
    screen = ui.screen
    town = screen.ids.town
    assert screen.act({"type": "move", "to": "Boot Hill"}), screen.message
    assert town.behind != town.view  # no frame drawn since: the board waits for one
    screen.tap("board")  # no frame between: the board shown at once with the move's words
    assert town.ids.area.current == "players" and town.behind == town.view
    ui.pump(1)
    assert town.view.status in ui.texts(town.ids.area.get_screen("players"))


def test_the_first_card_revealed_and_the_train_make_no_widget(ui, monkeypatch):
    to_the_reveal(ui)
    ui.settle()
    screen, work = ui.screen, Work(monkeypatch)
    form = screen.ids.reveal.ids.form
    assert len(form.ids.cells.children) == 9  # the town's locations, made before any tap needed them
    work.tap(ui, ui.find("The Train"))
    work.tap(ui, ui.find("Yes: the game ends"))
    assert screen.state.finished and screen.ids.pages.current == "end"
    assert work.made == []  # the final standings' rows were made with the screen
