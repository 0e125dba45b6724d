"""The Bountytown table: the 3x3 town with who stands where and the active bounties, the
renown board, whose turn it is, and every action of a turn.

The screen only shows the engine's state and sends actions; each view below reads
``screen.state`` in ``refresh`` and sends through ``screen.act`` (the engine refuses with
the rule, shown in the game bar). Views that belong to one flow (the store, a turn-in, the
bounties revealed at the end of a turn, the duel, the end of the game) are pages of one
inner ScreenManager under the one GameBar, so Undo and Redo are always in reach.
"""

from __future__ import annotations

from functools import partial
from typing import Callable

from kivy.app import App
from kivy.clock import Clock
from kivy.properties import BooleanProperty, ListProperty, NumericProperty, ObjectProperty, StringProperty
from kivy.uix.behaviors import ButtonBehavior
from kivy.uix.boxlayout import BoxLayout
from kivy.uix.label import Label

from companion.bountytown.engine import revealed_bounties
from companion.bountytown.state import ITEM_PRICES, PLAYERS, TRAIN, Bounty, GameState, Player
from companion.bountytown.view import (ABILITIES, actions_left, bounties_at, empty_slots, hand_room, out_of_the_game,
                                       players_at, renown_split)
from companion.bountytown.cards import suit_of, value_of
from companion.engine import RuleError
from ui.bountytown.duel import Choice  # (and DuelView for the kv rules)
import ui.bountytown.forms  # noqa: F401  (BountyForm for the kv rules)
from ui import theme
from ui.gamescreen import GameScreen
from ui.kvload import load_kv
from ui.pages import PagesAhead, size_pages, turn_to
from ui.reuse import Spares, rows
from ui.widgets import Caption
import ui.bountytown.cards  # noqa: F401  (CardDesk for the kv rules)


class NameTag(Label):
    """A player's name on their colour, whole and at reading size: on one line, two or three
    to a row of a town cell, and wrapped between its words only if it is wider than the cell."""

    colour = StringProperty("white")
    room = NumericProperty(0)  # the width of the cell's row of names

    _line = 0.0  # the text's width on one line

    def __init__(self, **kwargs) -> None:
        super().__init__(**kwargs)
        for name in ("text", "bold", "font_size"):
            self.fbind(name, self._unwrap)
        self.fbind("texture_size", self._measured)
        self.fbind("room", self._wrap)
        self._unwrap()  # the words it was made with

    def _unwrap(self, *_args) -> None:
        """New words (or a new font): Kivy's next rendering measures them on one line."""
        self.text_size = (None, None)

    def _measured(self, *_args) -> None:
        if self.text_size[0] is None:
            self._line = self.texture_size[0]
            self._wrap()

    def _wrap(self, *_args) -> None:
        """Wrapped to the room there is only if wider than that. The words are rendered once
        (twice when they wrap) and a tag moved to another cell of the same width, or taken
        out of one, is not rendered again."""
        self.text_size = (self.room, None) if 0 < self.room < self._line else (None, None)


class LocationCell(ButtonBehavior, BoxLayout):
    """One location: its name, the bounties found there, the players standing there.
    Tapping it moves the current player there."""

    location = StringProperty("")
    bounties = StringProperty("")
    here = BooleanProperty(False)  # the current player stands here
    needed = NumericProperty(0)  # the height its words and name tags take

    def on_kv_post(self, _base) -> None:
        # The room left under the words is the last row's, sized by this cell's layout alone.
        # A layout lays itself out again when a child's size changes, so each cell the town's
        # rows resized was laid out twice, the second time for nothing (a refusal's words
        # above the town: 37 cell layouts instead of 18).
        self.ids.rest.funbind("size", self._trigger_layout)


class PlayerRow(ButtonBehavior, BoxLayout):
    """A renown board line: tap it for the player's items, wounds and bounties."""

    name = StringProperty("")
    colour = StringProperty("white")
    headline = StringProperty("")
    detail = StringProperty("")


class View(BoxLayout):
    """A page of the table; ``refresh(state)`` redraws it from the engine's state."""

    screen = ObjectProperty(None, allownone=True)

    def refresh(self, state: GameState) -> None:
        pass

    def player_row(self) -> PlayerRow:
        """A line of a renown board: tapping it shows that player."""
        return PlayerRow(on_release=lambda row: self.screen.show_player(row.name))


def show_board(screen: BountytownScreen, state: GameState, board: BoxLayout, players: list[Player],
               make: Callable[[], PlayerRow]) -> None:
    """The renown board, one line per player (R-B6: turned-in bounties count and are
    locked); its lines are kept from the last redraw, new ones come from ``make``."""
    for row, player in zip(rows(board, len(players), make), players):
        captured, turned_in = renown_split(player)
        turn = player.name == state.current.name and not state.finished
        wounds = f"{player.wounds}/{player.hand_limit} wounds"
        items = f"{len(player.items)} item{'' if len(player.items) == 1 else 's'}"
        row.name, row.colour = player.name, screen.colour(player.name)
        row.headline = f"{'> ' if turn else ''}{player.name}: renown {player.renown}"
        row.detail = f"{captured} captured + {turned_in} turned in\n{wounds}; {items}"


def show_choices(box: BoxLayout, count: int, none: str) -> list[Choice]:
    """``count`` buttons in ``box`` for the caller to label, kept from the last redraw
    (ui.reuse); with nothing to offer, the words ``none`` instead."""
    if not count:
        if not (len(box.children) == 1 and getattr(box.children[0], "text", None) == none):
            box.clear_widgets()
            box.add_widget(Caption(text=none, color=theme.PARCHMENT))
        return []
    if box.children and not isinstance(box.children[0], Choice):
        box.clear_widgets()  # the words for none
    return rows(box, count, Choice)


def bounty_list(bounties: tuple[Bounty, ...]) -> str:
    return ", ".join(f"{b.name} ({b.renown})" for b in bounties) or "none"


class TownView(View):
    """The town, full width so that six names fit its cells at 20 px, with whose turn it is
    under it; behind its Players button, the renown board, the location's ability and the
    bounties gone out of the game (the standings stay in the game bar on every page)."""

    turn = StringProperty("")  # whose turn, on one line under the town
    status = StringProperty("")  # whose turn and what the location does, on the Players page
    gone = StringProperty("")  # bounties out of the game, and why (R-B8)
    refused = BooleanProperty(False)  # a refusal is shown above: the turn line gives the town its room

    def __init__(self, **kwargs) -> None:
        super().__init__(**kwargs)
        self._tags: dict[str, NameTag] = {}  # player -> their name tag, in whichever cell they stand

    def refresh(self, state: GameState) -> None:
        screen, current = self.screen, state.current
        cells = rows(self.ids.cells, len(state.grid), self._cell)
        tags = self._name_tags(state)
        for cell, name in zip(cells, state.grid):
            cell.location, cell.here = name, current.location == name
            cell.bounties = "\n".join(f"Bounty: {b.name} ({b.renown})" for b in bounties_at(state, name))
            there = [tags[player.name] for player in players_at(state, name)]
            people = cell.ids.people
            if list(reversed(people.children)) != there:
                people.clear_widgets()
                for tag in there:
                    if tag.parent is not None:
                        tag.parent.remove_widget(tag)
                    people.add_widget(tag)
        show_board(screen, state, self.ids.board, list(state.players), self.player_row)
        left = actions_left(state)
        if state.turn_over:
            turn = f"{current.name}'s turn is over (critical wound): End turn"
        else:
            turn = f"{current.name} to play: {left} of 3 actions left"
        self.gone = out_of_the_game(state)
        ability = ABILITIES.get(current.location, "")
        self.turn = turn
        self.status = f"{turn}\nAt {current.location}" + (f": {ability}" if ability else "")


    def _name_tags(self, state: GameState) -> dict[str, NameTag]:
        """A name tag per player, kept across redraws and moved from cell to cell with its
        player: a move renders no name again (a new tag rendered its name each time)."""
        self._tags = {p.name: self._tags.get(p.name) or NameTag() for p in state.players}
        for player in state.players:
            tag = self._tags[player.name]
            tag.text, tag.colour = player.name, self.screen.colour(player.name)
            tag.bold = player.name == state.current.name
        return self._tags

    def _cell(self) -> LocationCell:
        cell = LocationCell(on_release=lambda c: self.screen.act({"type": "move", "to": c.location}))
        cell.bind(needed=self._fit_rows)
        return cell

    def _fit_rows(self, *_args) -> None:
        """Each row of the town at least as tall as its most crowded cell needs: six players
        standing in one cell take the room that emptier rows can spare. Kivy's GridLayout
        does not lay itself out again when only ``rows_minimum`` changes, so it is asked to:
        else a row keeps the height of a crowd that has since moved on, and its neighbours'
        words spill out of theirs."""
        grid = self.ids.cells
        cells = list(reversed(grid.children))
        grid.rows_minimum = {row: max(c.needed for c in cells[row * grid.cols:(row + 1) * grid.cols])
                             for row in range(len(cells) // grid.cols)}
        grid._trigger_layout()  # noqa: SLF001


class PlayerView(View):
    """One player's items, wounds and bounties; the items used outside a duel."""

    name = StringProperty("")
    details = StringProperty("")
    items = ListProperty()

    def refresh(self, state: GameState) -> None:
        if not self.name:
            return
        p = state.player(self.name)
        self.items = list(p.items)
        self.details = "\n".join([
            f"{p.name}, playing {p.character or 'a character'}, at {p.location}",
            f"Renown {p.renown}   Wounds {p.wounds} of hand limit {p.hand_limit}",
            f"Items: {', '.join(p.items) or 'none'}",
            f"Captured (can be stolen): {bounty_list(p.captured)}",
            f"Turned in (locked): {bounty_list(p.turned_in)}",
        ])

    def use(self, item: str) -> None:
        self.screen.act_then_show({"type": "use_item", "item": item, "player": self.name}, "town")


class StoreView(View):
    """The General Store: tap the items to buy, enter the Gold cards paid."""

    chosen = ListProperty()  # indices into the store's list
    totals = StringProperty("")

    def refresh(self, state: GameState) -> None:
        self.chosen = [i for i in self.chosen if i < len(state.store)]
        for index, (button, item) in enumerate(zip(show_choices(self.ids.forsale, len(state.store),
                                                                "Nothing for sale."), state.store)):
            button.text = f"{item} ${ITEM_PRICES[item]}" + ("  (buying)" if index in self.chosen else "")
            button.tint = theme.ACCENT if index in self.chosen else theme.PANEL
            button.choose = partial(self.pick, index)
        self.count(state)

    def begin(self) -> None:
        self.chosen = []
        self.ids.desk.set_slots([{"title": "Gold paid", "capacity": 10, "ranked": False}])
        self.ids.desk.slots[0].clear()

    def pick(self, index: int) -> None:
        self.chosen = [i for i in self.chosen if i != index] if index in self.chosen else self.chosen + [index]
        self.refresh(self.screen.state)

    def count(self, state: GameState) -> None:
        items = [state.store[i] for i in self.chosen]
        gold = self.ids.desk.slots[0].cards if self.ids.desk.slots else []
        worth = sum(value_of(c) for c in gold if suit_of(c) == "G")
        self.totals = f"Buying {', '.join(items) or 'nothing'}: ${sum(ITEM_PRICES[i] for i in items)}. Gold paid: ${worth}"

    def buy(self) -> None:
        state = self.screen.state
        self.screen.act_then_show({"type": "buy", "items": [state.store[i] for i in self.chosen],
                                   "gold": list(self.ids.desk.slots[0].cards)}, "town")

    def stock(self, item: str) -> None:
        if item in ITEM_PRICES:
            self.screen.act({"type": "stock_store", "items": [item]})


class TurnInView(View):
    """At the Sheriff's Office: which captured bounty to lock (2 actions)."""

    def refresh(self, state: GameState) -> None:
        current = state.current
        none = f"{current.name} holds no captured bounty to turn in."
        for button, bounty in zip(show_choices(self.ids.choices, len(current.captured), none), current.captured):
            button.text = f"Turn in {bounty.name} (renown {bounty.renown})"
            button.choose = partial(self.turn_in, bounty.name)

    def turn_in(self, name: str) -> None:
        self.screen.act_then_show({"type": "turn_in", "bounty": name}, "town")


class RevealView(View):
    """The end of a turn: a card revealed for each empty bounty slot, or the Train."""

    revealed = ListProperty()  # bounty entries typed in so far
    needed = NumericProperty(0)
    progress = StringProperty("")

    def on_revealed(self, *_args) -> None:
        self._progress()

    def on_needed(self, *_args) -> None:
        self._progress()

    def _progress(self) -> None:
        names = [r["name"] for r in self.revealed if isinstance(r, dict)]
        self.progress = (f"End of {self.screen.state.current.name}'s turn: reveal a card for each empty bounty "
                         f"slot (card {len(names) + 1} of {self.needed})" + (f"; revealed {', '.join(names)}" if names else ""))

    def begin(self) -> None:
        self.revealed = []
        self.ids.form.reset()
        self.refresh(self.screen.state)

    def refresh(self, state: GameState) -> None:
        self.needed = empty_slots(state)
        self.ids.form.grid = list(state.grid)

    def add_bounty(self) -> None:
        """Reveal the card in the form; the engine refuses it here, card by card, so a bad
        card stays in the form to be corrected and never blocks the ones after it."""
        entry = self.ids.form.entry()
        try:
            revealed_bounties(self.screen.state, self.revealed + [entry])
        except RuleError as exc:
            self.screen.message = f"Refused: {exc}"
            return
        self.screen.message = ""
        if len(self.revealed) + 1 < self.needed:
            self.revealed = self.revealed + [entry]
            self.ids.form.reset()
        else:
            self.finish(self.revealed + [entry])

    def train(self) -> None:
        self.finish(self.revealed + [TRAIN])

    def finish(self, revealed: list) -> None:
        """End the turn with ``revealed``; the last card is not counted in (nor this page
        redrawn for it) before the engine takes them, so a refused one is still in the form,
        to be changed."""
        self.screen.act_then_show({"type": "end_turn", "reveal": list(revealed)}, "town")


class EndView(View):
    """The Train came: the Hero of Bountytown, or the tied players' final duel (R-B6)."""

    headline = StringProperty("")
    tied = ListProperty()

    def __init__(self, **kwargs) -> None:
        super().__init__(**kwargs)
        self._rows = Spares(self.player_row, max(PLAYERS))  # made with the screen: the Train makes none

    def seat(self, state: GameState) -> None:
        """The board's lines for this game's players, put in place when the game opens, so they
        are laid out with this page ahead of the Train, which only writes in them."""
        self._rows.rows(self.ids.board, len(state.players))

    def refresh(self, state: GameState) -> None:
        if not state.finished:
            return
        self.tied = list(state.final_duel)
        top = max(p.renown for p in state.players)
        if state.final_duel:
            self.headline = (f"The Train! Tied at renown {top}: {', '.join(state.final_duel)}. "
                             "Enter each one's final duel hand:")
            rooms = {n: hand_room(state.player(n)) for n in state.final_duel}  # ruling: R-B7 - wounds are dead space
            self.ids.desk.set_slots([{"title": n, "capacity": room.cards, "most": room.most, "choosable": True}
                                     for n, room in rooms.items()])
        elif len(state.winners) == 1:
            self.headline = f"The Train! Hero of Bountytown: {state.winners[0]} (renown {top})"
        else:
            self.headline = f"The Train! Heroes of Bountytown, sharing the title: {' and '.join(state.winners)}"
        show_board(self.screen, state, self.ids.board, sorted(state.players, key=lambda p: -p.renown),
                   self._rows)

    def record(self) -> None:
        hands = {slot.title: slot.hand() for slot in self.ids.desk.slots}
        self.screen.act({"type": "final_duel", "hands": hands})


class BountytownScreen(GameScreen):
    ITEMS = tuple(ITEM_PRICES)

    def __init__(self, **kwargs) -> None:
        super().__init__(**kwargs)
        self._steps_settled = Clock.create_trigger(self._lay_out_steps)
        self._ahead = PagesAhead(self, self.ids.pages, self._lay_out_pages)

    def refit(self) -> None:
        self._ahead.refit()

    def _lay_out_pages(self) -> None:
        """Every page laid out before it is first shown (``ui.pages``), as is the town's
        board: a first duel's cards page then renders none of its 25 keys, tabs and buttons
        on the tap that opens it (30 ms here), nor does the Train its end page."""
        pages, duel = self.ids.pages, self.ids.duel
        resized = duel.parent.size != pages.size  # then the duel's steps get their size a tick later
        size_pages(pages)
        size_pages(self.ids.town.ids.area)
        if resized:
            duel.ids.steps.fbind("size", self._steps_settled)
        else:
            self._lay_out_steps(0)

    def _lay_out_steps(self, _dt: float) -> None:
        """The duel's steps not on show, once the duel's page has its size; and the worker
        process for the duel's odds started, ahead of the first duel too (its start took
        ~8 ms of the tap that opened the first cards page)."""
        self.ids.duel.ids.steps.funbind("size", self._steps_settled)
        size_pages(self.ids.duel.ids.steps)
        self.ids.duel.odds.prepare()

    def on_session(self, screen, session) -> None:
        if session is not None and self.ids:
            turn_to(self.ids.pages, "town")
            self.ids.end.seat(session.state)
        super().on_session(screen, session)

    _colours: dict[str, str] = {}
    _then = ""  # the page an action being sent goes on to (``act_then_show``)

    def colour(self, name: str) -> str:
        """The player's profile colour (names always shown with it; white if unknown)."""
        return self._colours.get(name, "white")

    def refresh(self) -> None:
        super().refresh()
        self._colours = {p.name: p.colour for p in App.get_running_app().store.players()}
        state = self.state
        # the game bar's title carries the standings, so renown stays in sight on every page
        self.title = "Renown: " + ", ".join(f"{p.name} {p.renown}" for p in state.players)
        if state.finished:
            turn_to(self.ids.pages, "end")
        elif self._then:
            self._turn_to(self._then)
        elif self.ids.pages.current == "end":
            turn_to(self.ids.pages, "town")
        # only the page on show: the others are redrawn by ``show`` as they open, so an action
        # does not remake the store's, the turn-in's and the duel's buttons behind the town
        self.ids[self.ids.pages.current].refresh(state)

    def act_then_show(self, action: dict, page: str) -> bool:
        """Send ``action`` and, once it is accepted, show ``page`` (or the end, if the game
        ended). Only that page is redrawn: the page the tap was on is not drawn again first
        (a confirmed duel's result page said "Not ready" to nobody)."""
        self._then = page
        try:
            return self.act(action)
        finally:
            self._then = ""

    def show(self, name: str) -> None:
        self._turn_to(name)
        self.ids[name].refresh(self.state)

    def _turn_to(self, name: str) -> None:
        turn_to(self.ids.pages, name)
        if name == "town":  # "Back to town" and a confirmed duel show the town, not the board left open
            turn_to(self.ids.town.ids.area, "town")

    def show_player(self, name: str) -> None:
        self.ids.player.name = name
        self.show("player")

    def open_store(self) -> None:
        self.ids.store.begin()
        self.show("store")

    def open_duel(self) -> None:
        self.ids.duel.begin()
        self.show("duel")

    def end_turn(self) -> None:
        if empty_slots(self.state):
            self.ids.reveal.begin()
            self.show("reveal")
        else:
            self.act({"type": "end_turn", "reveal": []})


load_kv(__file__)
