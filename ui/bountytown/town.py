"""The Bountytown table: the 3x3 town with who stands where and the active bounties, the
renown board, whose turn it is, and every action of a turn.

The screen holds one session and its screen model (companion/bountytown/screen.py); each
page shows the value the model gives for it (companion/bountytown/shown.py) and sends every
tap to the model through ``tap``. The pages that belong to one flow (a player, the store, a
turn-in, the bounties revealed at the end of a turn, the duel, the end of the game) are pages
of one inner ScreenManager under the one GameBar, so Undo and Redo are always in reach.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any, Iterator

from kivy.app import App
from kivy.factory import Factory
from kivy.properties import NumericProperty, ObjectProperty, StringProperty
from kivy.uix.behaviors import ButtonBehavior
from kivy.uix.boxlayout import BoxLayout
from kivy.uix.label import Label

from companion.bountytown import shown
from companion.bountytown.cardform import learned
from companion.bountytown.screen import DOUBLE_TAPPED, open_model
from companion.contracts.engine import new_seed
from ui.bountytown.page import BountyPage
from ui.kit.kvload import load_kv
from ui.gamebase.modelscreen import ModelScreen
from ui.pace.pages import LazyPages, PagesAhead, turn_to
from ui.kit.quick import QuickChange
from ui.pace.later import AfterFrame
from ui.pace.reuse import Spares
from ui.kit.rowlist import RowList
import ui.bountytown.duel  # noqa: F401  (BountyDuelPage for the kv rules)
import ui.bountytown.forms  # noqa: F401  (BountyForm for the kv rules)

#: a duel's desk made ahead: tabs (the hand, the bounty's draw, the Gold...) and card chips
DESK_AHEAD = (4, 8)
#: name tags kept spare for the town's cells: a cell shown before the one a player left takes one
TAGS_AHEAD = 2
KNOWN_PREF = "bountytown.bounties"  # bounty cards the table typed in before (JSON each)
#: a model's page -> the page of the screen that shows it
PAGES = {"town": "town", "players": "town", "player": "player", "store": "store", "turnin": "turnin",
         "reveal": "reveal", "duel": "duel", "end": "end"}
#: the screen's pages, name -> class (kv rules), in the order they are made after the one shown
PAGE_CLASSES = {"town": "BountyTownPage", "duel": "BountyDuelPage", "player": "BountyPlayerPage",
                "store": "BountyStorePage", "turnin": "BountyTurnInPage", "reveal": "BountyRevealPage",
                "end": "BountyEndPage"}
#: a page's own pages (an inner ScreenManager, by id), laid out ahead with it
INNER_PAGES = {"town": "area", "duel": "steps"}


class NameTag(Label):
    """A player's name on their colour, whole and at reading size: on one line, two or three
    to a row of a town cell, and wrapped between its words only if it is wider than the cell."""

    colour = StringProperty("white")
    room = NumericProperty(0)  # the width of the cell's row of names

    _line = 0.0  # the text's width on one line

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        for name in ("text", "bold", "font_size"):
            self.fbind(name, self._unwrap)
        self.fbind("texture_size", self._measured)
        self.fbind("room", self._wrap)
        self._unwrap()

    def _unwrap(self, *_args: Any) -> None:
        """New words (or a new font): Kivy's next rendering measures them on one line."""
        self.text_size = (None, None)

    def _measured(self, *_args: Any) -> None:
        if self.text_size[0] is None:
            self._line = self.texture_size[0]
            self._wrap()

    def _wrap(self, *_args: Any) -> None:
        """Wrapped to the room there is only if wider than that."""
        self.text_size = (self.room, None) if 0 < self.room < self._line else (None, None)


class LocationCell(ButtonBehavior, BoxLayout):
    """One location (a row of the town's list, ``shown`` its value): its name, the bounties
    found there, the players standing there. Tapping it moves the current player there."""

    shown = ObjectProperty(shown.Cell("", "", False, ()), rebind=True)
    choose = ObjectProperty(None, allownone=True)
    needed = NumericProperty(0)  # the height its words and name tags take
    tags: Spares[NameTag]  # the town's name tags, shared by its cells (given by TownCells)

    def on_kv_post(self, _base: Any) -> None:
        # the room left under the words is the last row's, sized by this cell's layout alone
        self.ids.rest.funbind("size", self._trigger_layout)

    def on_shown(self, _cell: LocationCell, cell: shown.Cell) -> None:
        """The people standing here, each on the tag that named them at the last redraw: a move
        renders the mover's name alone, not the names after it moved up a tag. A tag more is
        taken from the town's spares (ui.pace.reuse), one less given back: a move makes none."""
        box = self.ids.people
        held = {tag.text: tag for tag in box.children}
        tags = [held.pop(name, None) for name, _colour, _turn in cell.people]
        for gone in held.values():
            box.remove_widget(gone)
        self.tags.keep(held.values())
        tags = [tag or self.tags() for tag in tags]
        if list(reversed(box.children)) != tags:
            box.clear_widgets()
            for tag in tags:
                box.add_widget(tag)
        for tag, (name, colour, turn) in zip(tags, cell.people):
            tag.text, tag.colour, tag.bold = name, colour, turn

    def on_release(self) -> None:
        if self.choose is not None:
            self.choose("move", self.shown.location)


class PlayerRow(ButtonBehavior, BoxLayout):
    """A renown board line (``shown``): tap it for the player's items, wounds and bounties."""

    shown = ObjectProperty(shown.Row("", "white", "", ""), rebind=True)
    choose = ObjectProperty(None, allownone=True)

    def on_release(self) -> None:
        if self.choose is not None:
            self.choose("player", self.shown.name)


class Option(ButtonBehavior, Label):
    """A button of a list redrawn from the state (``shown``: its words, chosen, its tap); an
    option with no tap is a note between the others."""

    shown = ObjectProperty(shown.Option("", False, ()), rebind=True)
    choose = ObjectProperty(None, allownone=True)

    def on_release(self) -> None:
        if self.choose is not None and self.shown.tap:
            self.choose(*self.shown.tap)


class BountyTownPage(BountyPage):
    """The town, full width so that six names fit its cells at 20 px, with whose turn it is
    under it; behind its Players button, the renown board, the location's ability and the
    bounties gone out of the game (the standings stay in the game bar on every page).

    The board reads ``behind``, the view given to it once the answer's frame is drawn while
    the town shows (``ui.pace.later``), at once when it shows: a move or an action renders
    the words on show, not the board's lines and status too (a tap was 2-3 ms more here)."""

    view = ObjectProperty(shown.TownView((), "", "", (), "", False), rebind=True)
    behind = ObjectProperty(shown.TownView((), "", "", (), "", False), rebind=True)

    def __init__(self, **kwargs: Any) -> None:
        self._behind_later = AfterFrame(self._catch_up)
        super().__init__(**kwargs)
        self.ids.area.fbind("current", self._catch_up)

    def on_view(self, _page: BountyTownPage, _view: shown.TownView) -> None:
        if self.ids.area.current == "players":
            self.behind = self.view
        else:
            self._behind_later()

    def _catch_up(self, *_args: Any) -> None:
        self.behind = self.view


class TownCells(RowList):
    """The nine locations, each row at least as tall as its most crowded cell needs: six
    players standing in one cell take the room that emptier rows can spare. The cells share
    one stock of name tags: a tag a cell gives up goes back to it, and a player moving takes
    one from it (two made ahead with the screen)."""

    def __init__(self, **kwargs: Any) -> None:
        self.tags: Spares[NameTag] = Spares(NameTag)
        super().__init__(**kwargs)

    def stock_parts(self) -> Iterator[None]:
        yield from super().stock_parts()
        yield from self.tags.ahead_parts(TAGS_AHEAD)

    def _make(self) -> Any:
        cell = super()._make()
        cell.tags = self.tags
        return cell

    def on_values(self, _list: RowList, values: Any) -> None:
        super().on_values(_list, values)
        for cell in self.children:
            cell.funbind("needed", self.fit_rows)
            cell.fbind("needed", self.fit_rows)
        self.fit_rows()

    def fit_rows(self, *_args: Any) -> None:
        """Kivy's GridLayout does not lay itself out again when only ``rows_minimum`` changes,
        so it is asked to: else a row keeps the height of a crowd that has since moved on. Only
        then: a tap that moves no row's floor lays out none of the nine cells again."""
        cells = list(reversed(self.children))
        minimum = {row: max(c.needed for c in cells[row * self.cols:(row + 1) * self.cols])
                   for row in range(len(cells) // self.cols)}
        if minimum != self.rows_minimum:
            self.rows_minimum = minimum
            self._trigger_layout()


class BountyPlayerPage(BountyPage):
    view = ObjectProperty(shown.PlayerView("", "", (), 0, 0, None), rebind=True)


class BountyStorePage(BountyPage):
    view = ObjectProperty(shown.StoreView((), "", shown.DeskView(), ()), rebind=True)


class BountyTurnInPage(BountyPage):
    view = ObjectProperty(shown.TurnInView((), ""), rebind=True)


class BountyRevealPage(BountyPage):
    view = ObjectProperty(None, allownone=True, rebind=True)


class BountyEndPage(BountyPage):
    view = ObjectProperty(shown.EndView("", (), (), shown.DeskView()), rebind=True)


class BountytownScreen(ModelScreen):
    DOUBLE_TAPPED = DOUBLE_TAPPED
    AHEAD = {"town": (("duel", 0), ("buy",)), "players": (("player", ""),)}

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self._popover = QuickChange()
        self._popover.ahead(shown.EVERY_STEP)  # the first renown or wounds tapped makes no buttons
        for name in PAGE_CLASSES:
            self.pages.promise(name, lambda name=name: self._page(name), INNER_PAGES.get(name, ""))
        # every page laid out before it is first shown (``ui.pace.pages``): a first duel's cards page
        # then renders none of its 25 keys, tabs and buttons on the tap that opens it, nor does
        # the Train its end page
        self._ahead = PagesAhead(self, self.pages, self.pages.lay_out_ahead)

    @property
    def pages(self) -> LazyPages:
        return self.ids.pages

    def _page(self, name: str) -> Any:
        """Page ``name``, made (known by its name in ``ids`` from then on); for the duel, the
        worker process for its odds started, and its desk stocked, ahead of the first duel."""
        page = self.ids[name] = Factory.get(PAGE_CLASSES[name])(game=self)
        if name == "duel":
            page.odds.prepare()
            page.ids.desk.stock(*DESK_AHEAD)
        return page

    def ready_for(self, session: Any) -> Iterator[None]:
        """The page a reopened game stands at, made a tick before it is shown (the app reopens
        a game so: ui/shell/app.py)."""
        self.pages.make(PAGES[self.opened(session).page])
        yield

    def parts(self) -> Iterator[None]:
        """The pages not made yet, one a tick (the app builds the screen so: ui/shell/app.py)."""
        return self.pages.parts()

    def refit(self) -> None:
        self._ahead.refit()

    def opened(self, session: Any) -> Any:
        store = App.get_running_app().store
        colours = tuple((p.name, p.colour) for p in store.players())
        known = tuple(store.pref(KNOWN_PREF, []))
        if learned(known, session.state) != known:
            known = learned(known, session.state)
            store.set_pref(KNOWN_PREF, list(known))
        return open_model(session, colours, known)

    def fill(self, model: Any) -> Any:
        page = self.pages.get_screen(PAGES[model.page])
        page.view = shown.view(model)
        return page

    def show(self, model: Any) -> None:
        self.title = shown.title(model)
        page = self.fill(model)
        if model.page in ("town", "players"):
            turn_to(page.ids.area, "players" if model.page == "players" else "town")
        turn_to(self.pages, PAGES[model.page])
        steps = getattr(page.view, "steps", None)
        if steps is None:
            self._popover.close()
        else:
            anchor = page.ids.renown if steps.key == "renown" else page.ids.wounds
            self._popover.open_over(self, anchor, steps.heading, steps.steps, self.tap)
        if model.page == "duel":
            page.ask_odds(model)

    def tap(self, key: str, *args: Any) -> bool:
        saved = super().tap(key, *args)
        if saved:
            self.remember()
        return saved

    def begin_duel(self) -> None:
        """A duel begins with a fresh seed (a critical wound's random item, R-B5)."""
        self.tap("duel", new_seed())

    def remember(self) -> None:
        """Every bounty card in play, kept to be revealed again in one tap (a Bountytown box
        holds the same cards game after game)."""
        known = learned(self.model.known, self.state)
        if known != self.model.known:
            App.get_running_app().store.set_pref(KNOWN_PREF, list(known))
            self.model = replace(self.model, known=known)

    def on_pre_leave(self, *_args: Any) -> None:
        if self.model is not None and self.model.flow.steps is not None:
            self.tap("close_steps")
        self._popover.close()


load_kv(__file__)
