"""The Spurs game screen: every player's sheet at a glance, and the current player's turn.

The screen holds one session and its screen model (companion/spurs/screen.py), and a
ScreenManager of pages (the table, the action menu, the forms, the draw, the result, the
final scores) under its GameBar. Each page shows the value the model gives for it
(companion/spurs/shown.py); every tap goes to the model through ``tap``. Which page shows
is the model's to say.
"""

from __future__ import annotations

from typing import Any, Iterator

from kivy.app import App
from kivy.clock import Clock
from kivy.factory import Factory
from kivy.properties import NumericProperty, ObjectProperty, StringProperty
from kivy.uix.behaviors import ButtonBehavior
from kivy.uix.boxlayout import BoxLayout
from kivy.uix.label import Label

from companion.contracts.engine import new_seed
from companion.spurs import shown
from companion.spurs.screen import DOUBLE_TAPPED, open_model
from ui.kit.kvload import load_kv
from ui.gamebase.modelscreen import ModelScreen
from ui.pace.pages import LazyPages, PagesAhead, turn_to
from ui.kit.quick import QuickChange
from ui.pace.reuse import Spares
from ui.kit.rowlist import RowList
from ui.spurs.page import Page
import ui.spurs.draw  # noqa: F401  (DrawPage, ResultPage)
import ui.spurs.forms  # noqa: F401  (the form pages)

#: a form's kind -> the page that shows it
FORM_PAGES = {"hunt": "shoot", "outlaw": "shoot", "horse": "horse", "cattle": "cattle", "desperado": "gang",
              "gold": "gang", "town": "town", "duel": "duel", "adjust": "adjust"}
PLAYERS = 6  # the box holds six character sheets
#: the screen's pages, name -> class (kv rules), in the order they are made once the page shown is
PAGES = {"table": "TablePage", "menu": "MenuPage", "shoot": "ShootPage", "draw": "DrawPage",
         "result": "ResultPage", "horse": "HorsePage", "cattle": "CattlePage", "gang": "GangPage",
         "town": "TownPage", "duel": "DuelPage", "adjust": "AdjustPage", "final": "FinalPage"}
#: a page's own pages (an inner ScreenManager, by id), laid out ahead with it: the draw's phases
#: and the town's rooms (a first hunt's bag entry and a first visit to town render no words)
INNER_PAGES = {"draw": "phases", "town": "rooms"}


class Stat(BoxLayout):
    """A number on a player's sheet, as big as its box allows, its caption under it."""

    value = StringProperty("")
    caption = StringProperty("")
    big = NumericProperty(20)  # the largest the number may be


class StatButton(ButtonBehavior, Stat):
    """A number the table changes by hand (``key`` names it): a tap opens its steps."""

    key = StringProperty("")


class PlayerPanel(ButtonBehavior, BoxLayout):
    """One player's sheet (a row of the table's list, ``shown`` its value): a tap on a
    number opens its steps, anywhere else what that player can do."""

    shown = ObjectProperty(shown.BLANK_SHEET, rebind=True)
    choose = ObjectProperty(None, allownone=True)
    head_min = NumericProperty(0)  # the name's height on the tallest sheet of the row
    carried_min = NumericProperty(0)  # the carried line's height on the tallest sheet of the row

    def on_kv_post(self, _base: Any) -> None:
        for words in (self.ids.name, self.ids.carried):
            words.fbind("texture_size", self._resized)

    def _resized(self, *_args: Any) -> None:
        if isinstance(self.parent, SheetList):
            self.parent.align()

    def on_release(self) -> None:
        if self.choose is not None:
            self.choose("sheet", self.shown.name)

    def number(self, stat: StatButton) -> None:
        if self.choose is not None:
            self.choose("number", self.shown.name, stat.key)


class SheetList(RowList):
    """The sheets side by side, their numbers, bags and carried lines at one height: each
    sheet's name and carried line as tall as the tallest in its row, whose words are whole."""

    def __init__(self, **kwargs: Any) -> None:
        self._aligning = Clock.create_trigger(self._align_now)
        super().__init__(**kwargs)

    def align(self) -> None:
        self._aligning()

    def _align_now(self, _dt: float = 0) -> None:
        sheets = list(reversed(self.children))
        for start in range(0, len(sheets), max(1, self.cols)):
            row = sheets[start:start + self.cols]
            head = max(p.ids.name.texture_size[1] for p in row)
            carried = max(p.ids.carried.texture_size[1] for p in row)
            for panel in row:
                panel.head_min, panel.carried_min = head, carried

    def on_values(self, _list: RowList, values: Any) -> None:
        super().on_values(_list, values)
        self._align_now()

    def ahead_parts(self, count: int) -> Iterator[None]:
        """Sheets enough for ``count`` players at hand, one made at each ``next()``: a sheet is
        ~25 ms of kv rules here."""
        return self._spares.ahead_parts(count - len(self.children))

    def stat(self, player: str, key: str) -> StatButton:
        """The number ``key`` on ``player``'s sheet (where the steps open)."""
        panel = next(p for p in self.children if p.shown.name == player)
        return next(w for w in panel.walk(restrict=True) if isinstance(w, StatButton) and w.key == key)


class TablePage(Page):
    """The sheets, whose turn it is and what just happened, the actions and End turn."""

    view = ObjectProperty(shown.BLANK["table"], rebind=True)


class MenuPage(Page):
    """The current player's menu: the turn's one action and what goes with it."""

    view = ObjectProperty(shown.BLANK["menu"], rebind=True)


class ScoreCell(Label):
    """A cell of the final table: a label as tall as its words, so a long bonus wraps whole."""


class FinalPage(Page):
    """The score table (fame, Most bonuses, total), the winner, the tie-break duel, and a
    rematch with the same players and character sheets."""

    COLUMNS = 6  # place, player, fame, bonuses, score, money
    view = ObjectProperty(shown.BLANK["final"], rebind=True)

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        # a table's cells for six players, made with the screen: making them when the game
        # ended cost that last tap ~28 ms here
        self._cells = Spares(ScoreCell, self.COLUMNS * (PLAYERS + 1))

    def on_view(self, _page: FinalPage, view: shown.FinalView) -> None:
        texts = [(text, cells is view.rows[0]) for cells in view.rows for text in cells]
        for cell, (text, heading) in zip(self._cells.rows(self.ids.rows, len(texts)), texts):
            cell.text, cell.bold = text, heading

    def rematch(self) -> None:
        self.game.message = App.get_running_app().refusal_to_start("spurs", dict(self.game.session.settings))


class SpursScreen(ModelScreen):
    DOUBLE_TAPPED = DOUBLE_TAPPED
    AHEAD = {"table": (("actions",),), "menu": (("hunt",), ("duel",), ("town",), ("desperado",)),
             "form": (("enter_draw",),), "result": (("table",),)}

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        # the steps and their buttons, made with the screen (built while its setup shows):
        # making them on the first tap of a number cost that tap ~5-7 ms here
        self._popover = QuickChange()
        self._popover.ahead(shown.EVERY_STEP)
        for name, cls in PAGES.items():
            self.pages.promise(name, lambda cls=cls: Factory.get(cls)(game=self), INNER_PAGES.get(name, ""))
        # every page laid out before it is first shown (``ui.pace.pages``): the first hunt's form,
        # the bag entry and a first visit to town render their words ahead, not on the tap
        self._ahead = PagesAhead(self, self.pages, self.pages.lay_out_ahead)

    def parts(self) -> Iterator[None]:
        """The pages not made yet, one a tick (the app builds the screen so: ui/shell/app.py)."""
        return self.pages.parts()

    def ready_for(self, session: Any) -> Iterator[None]:
        """What a reopened game shows first, made a part a tick before it is shown (the app
        reopens a game so: ui/shell/app.py): the table's page and a sheet for each player, and the
        page the game stands at if another."""
        self.pages.make("table")
        yield
        yield from self.pages.get_screen("table").ids.sheets_list.ahead_parts(len(session.state.players))
        model = self.opened(session)
        name = FORM_PAGES[model.flow.form.kind] if model.page == "form" else model.page
        if name != "table":
            self.pages.make(name)
            yield

    def refit(self) -> None:
        self._ahead.refit()

    def kept_aside(self) -> list[Any]:
        """The steps' popover, off the screen's tree while closed (ui/kit/kvload.py ``release``)."""
        return [self._popover]

    @property
    def pages(self) -> LazyPages:
        return self.ids.pages

    def opened(self, session: Any) -> Any:
        colours = tuple((p.name, p.colour) for p in App.get_running_app().store.players())
        return open_model(session, colours)

    def fill(self, model: Any) -> Any:
        """``model``'s page with its value (shown or not); the page."""
        page = self.pages.get_screen(FORM_PAGES[model.flow.form.kind] if model.page == "form" else model.page)
        page.view = shown.view(model)
        return page

    def show(self, model: Any) -> None:
        """The model's page, with its value; the steps over the table when they are open."""
        self.title = shown.title(model)
        page = self.fill(model)
        name = page.name
        if self.pages.current != name:
            turn_to(self.pages, name)
        steps = page.view.steps if name == "table" else None
        if steps is None:
            self._popover.close()
        else:
            anchor = page.ids.sheets_list.stat(steps.player, steps.key)
            self._popover.open_over(self, anchor, steps.heading, steps.steps, self.tap)

    def draw_for_me(self) -> None:
        """The companion's draw: a fresh seed, recorded in the action (R-S10)."""
        self.tap("draw_for_me", new_seed())

    def on_pre_leave(self, *_args: Any) -> None:
        """Leaving the game (the app may, by itself) leaves no steps open over it."""
        if self.model is not None and self.model.flow.steps is not None:
            self.tap("close_steps")
        self._popover.close()


load_kv(__file__)
