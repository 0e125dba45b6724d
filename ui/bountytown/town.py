"""The Bountytown table: the 3x3 town with who stands where and the active bounties, the
renown board, whose turn it is, and every action of a turn.

The screen only shows the engine's state and sends actions; each view below reads
``screen.state`` in ``refresh`` and sends through ``screen.act`` (the engine refuses with
the rule, shown in the game bar). Views that belong to one flow (the store, a turn-in, the
bounties revealed at the end of a turn, the duel, the end of the game) are pages of one
inner ScreenManager under the one GameBar, so Undo and Redo are always in reach.
"""

from __future__ import annotations

from kivy.app import App
from kivy.properties import BooleanProperty, ListProperty, NumericProperty, ObjectProperty, StringProperty
from kivy.uix.behaviors import ButtonBehavior
from kivy.uix.boxlayout import BoxLayout
from kivy.uix.label import Label

from companion.bountytown.engine import revealed_bounties
from companion.bountytown.state import ITEM_PRICES, TRAIN, Bounty, GameState, Player
from companion.bountytown.view import (ABILITIES, actions_left, bounties_at, empty_slots, hand_room, out_of_the_game,
                                       players_at, renown_split)
from companion.bountytown.cards import suit_of, value_of
from companion.engine import RuleError
import ui.bountytown.duel  # noqa: F401  (DuelView for the kv rules)
import ui.bountytown.forms  # noqa: F401  (BountyForm for the kv rules)
from ui import theme
from ui.gamescreen import GameScreen
from ui.kvload import load_kv
from ui.reuse import rows
from ui.widgets import BigButton, Caption
import ui.bountytown.cards  # noqa: F401  (CardDesk for the kv rules)


class NameTag(Label):
    """A player's name on their colour, whole and at reading size: on one line, two or three
    to a row of a town cell, and wrapped between its words only if it is wider than the cell."""

    colour = StringProperty("white")
    room = NumericProperty(0)  # the width of the cell's row of names

    def __init__(self, **kwargs) -> None:
        super().__init__(**kwargs)
        for name in ("text", "bold", "font_size", "room"):
            self.fbind(name, self._fit)

    def _fit(self, *_args) -> None:
        """Measured on one line; wrapped to the room there is only if wider than that."""
        self.text_size = (None, None)
        self.texture_update()
        if 0 < self.room < self.texture_size[0]:
            self.text_size = (self.room, None)


class LocationCell(ButtonBehavior, BoxLayout):
    """One location: its name, the bounties found there, the players standing there.
    Tapping it moves the current player there."""

    location = StringProperty("")
    bounties = StringProperty("")
    here = BooleanProperty(False)  # the current player stands here
    needed = NumericProperty(0)  # the height its words and name tags take


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


def show_board(screen: BountytownScreen, state: GameState, board: BoxLayout, players: list[Player]) -> None:
    """The renown board, one line per player (R-B6: turned-in bounties count and are
    locked); its lines are kept from the last redraw. Tapping a line shows that player."""
    lines = rows(board, len(players), lambda: PlayerRow(on_release=lambda r: screen.show_player(r.name)))
    for row, player in zip(lines, players):
        captured, turned_in = renown_split(player)
        turn = player.name == state.current.name and not state.finished
        wounds = f"{player.wounds}/{player.hand_limit} wounds"
        items = f"{len(player.items)} item{'' if len(player.items) == 1 else 's'}"
        row.name, row.colour = player.name, screen.colour(player.name)
        row.headline = f"{'> ' if turn else ''}{player.name}: renown {player.renown}"
        row.detail = f"{captured} captured + {turned_in} turned in\n{wounds}; {items}"


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

    def refresh(self, state: GameState) -> None:
        screen, current = self.screen, state.current
        cells = rows(self.ids.cells, len(state.grid), self._cell)
        for cell, name in zip(cells, state.grid):
            cell.location, cell.here = name, current.location == name
            cell.bounties = "\n".join(f"Bounty: {b.name} ({b.renown})" for b in bounties_at(state, name))
            there = players_at(state, name)
            for tag, player in zip(rows(cell.ids.people, len(there), NameTag), there):
                tag.text, tag.colour, tag.bold = player.name, screen.colour(player.name), player.name == current.name
        show_board(screen, state, self.ids.board, list(state.players))
        left = actions_left(state)
        if state.turn_over:
            turn = f"{current.name}'s turn is over (critical wound): End turn"
        else:
            turn = f"{current.name} to play: {left} of 3 actions left"
        self.gone = out_of_the_game(state)
        ability = ABILITIES.get(current.location, "")
        self.turn = turn
        self.status = f"{turn}\nAt {current.location}" + (f": {ability}" if ability else "")


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
        if self.screen.act({"type": "use_item", "item": item, "player": self.name}):
            self.screen.show("town")


class StoreView(View):
    """The General Store: tap the items to buy, enter the Gold cards paid."""

    chosen = ListProperty()  # indices into the store's list
    totals = StringProperty("")

    def refresh(self, state: GameState) -> None:
        box = self.ids.forsale
        box.clear_widgets()
        self.chosen = [i for i in self.chosen if i < len(state.store)]
        for index, item in enumerate(state.store):
            box.add_widget(BigButton(
                text=f"{item} ${ITEM_PRICES[item]}" + ("  (buying)" if index in self.chosen else ""),
                tint=theme.ACCENT if index in self.chosen else theme.PANEL,
                on_release=lambda _b, i=index: self.pick(i)))
        if not state.store:
            box.add_widget(Caption(text="Nothing for sale.", color=theme.PARCHMENT))
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
        if self.screen.act({"type": "buy", "items": [state.store[i] for i in self.chosen],
                            "gold": list(self.ids.desk.slots[0].cards)}):
            self.screen.show("town")

    def stock(self, item: str) -> None:
        if item in ITEM_PRICES:
            self.screen.act({"type": "stock_store", "items": [item]})


class TurnInView(View):
    """At the Sheriff's Office: which captured bounty to lock (2 actions)."""

    def refresh(self, state: GameState) -> None:
        box = self.ids.choices
        box.clear_widgets()
        current = state.current
        for bounty in current.captured:
            box.add_widget(BigButton(text=f"Turn in {bounty.name} (renown {bounty.renown})",
                                     on_release=lambda _b, n=bounty.name: self.turn_in(n)))
        if not current.captured:
            box.add_widget(Caption(text=f"{current.name} holds no captured bounty to turn in.",
                                   color=theme.PARCHMENT))

    def turn_in(self, name: str) -> None:
        if self.screen.act({"type": "turn_in", "bounty": name}):
            self.screen.show("town")


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
        self.revealed = self.revealed + [entry]
        if len(self.revealed) < self.needed:
            self.ids.form.reset()
        else:
            self.finish()

    def train(self) -> None:
        self.revealed = self.revealed + [TRAIN]
        self.finish()

    def finish(self) -> None:
        if self.screen.act({"type": "end_turn", "reveal": list(self.revealed)}):
            if not self.screen.state.finished:
                self.screen.show("town")
        else:  # the card that completed the reveal goes back out, to be changed
            self.revealed = self.revealed[:-1]


class EndView(View):
    """The Train came: the Hero of Bountytown, or the tied players' final duel (R-B6)."""

    headline = StringProperty("")
    tied = ListProperty()

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
        show_board(self.screen, state, self.ids.board, sorted(state.players, key=lambda p: -p.renown))

    def record(self) -> None:
        hands = {slot.title: slot.hand() for slot in self.ids.desk.slots}
        self.screen.act({"type": "final_duel", "hands": hands})


class BountytownScreen(GameScreen):
    ITEMS = tuple(ITEM_PRICES)

    def on_session(self, screen, session) -> None:
        if session is not None and self.ids:
            self.ids.pages.current = "town"
        super().on_session(screen, session)

    _colours: dict[str, str] = {}

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
            self.ids.pages.current = "end"
        elif self.ids.pages.current == "end":
            self.ids.pages.current = "town"
        # only the page on show: the others are redrawn by ``show`` as they open, so an action
        # does not remake the store's, the turn-in's and the duel's buttons behind the town
        self.ids[self.ids.pages.current].refresh(state)

    def show(self, name: str) -> None:
        self.ids.pages.current = name
        if name == "town":  # "Back to town" and a confirmed duel show the town, not the board left open
            self.ids.town.ids.area.current = "town"
        self.ids[name].refresh(self.state)

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
