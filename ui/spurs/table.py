"""The Spurs game screen: every player's sheet at a glance, and the current player's turn.

The screen holds one session and a ScreenManager of pages (the table, the action menu,
the forms, the draw, the final scores) under its GameBar. Which page shows follows the
state where the state decides it (a fight in progress, the game over); otherwise it is
where the player went.
"""

from __future__ import annotations

from typing import Any

from kivy.app import App
from kivy.properties import BooleanProperty, DictProperty, NumericProperty, StringProperty
from kivy.uix.behaviors import ButtonBehavior
from kivy.uix.boxlayout import BoxLayout
from kivy.uix.label import Label
from kivy.uix.screenmanager import ScreenManager
from kivy.uix.widget import Widget

from companion.spurs.engine import PLAYERS
from companion.spurs.state import Player, SpursState
from companion.engine import RuleError
from companion.spurs.view import CASH_IN, draw_plan, next_token, refusal
from ui import theme
from ui.gamescreen import GameScreen
from ui.kvload import load_kv
from ui.later import AfterFrame
from ui.pages import PagesAhead, size_pages, when_sized
from ui.reuse import Spares, rows
from ui.spurs.page import Page
from ui.spurs.quick import STEPS, QuickChange, step_text
from ui.widgets import BigButton
import ui.spurs.draw  # noqa: F401  (DrawPage)
import ui.spurs.forms  # noqa: F401  (the form pages)

#: grid columns for 2..6 players: two rows at most, panels as wide as they can be
COLUMNS = {2: 2, 3: 3, 4: 2, 5: 3, 6: 3}
#: menu entry -> (action kind the engine is asked about first, page for the details or
#: None when the action is sent at once)
MENU = {"hunt": ("hunt", "shoot"), "outlaw": ("outlaw", "shoot"), "horse": ("horse", "horse"),
        "cattle": ("cattle", "cattle"), "desperado": ("desperado", "gang"), "gold": ("gold", "gang"),
        "town": ("buy", "town"), "duel": ("duel", "duel"), "rob_rancher": ("cattle", None),
        "rest": ("rest", None), "spend_spur": ("spend_spur", None), "reroll": ("spend_spur", None),
        "end_turn": ("end_turn", None)}
#: menu entries sent at once whose action carries more than its type
FIXED = {"reroll": {"use": "reroll"}}


def carried_text(player: Player, escorting: bool = False) -> str:
    """The Stagecoach if escorted, carried challenge tokens and Equipment in one line
    ("escorts the Stagecoach; P1 pelt, O2 outlaw; Lasso")."""
    tokens = ", ".join(f"{c.token} {c.kind}" for c in player.carried)
    coach = "escorts the Stagecoach" if escorting else ""
    return "; ".join(part for part in (coach, tokens, ", ".join(player.equipment)) if part) or "carries nothing"


def cash_hint(player: Player, tokens: set[str]) -> str:
    """What a new player misses: a challenge won gives a token, and its fame comes only
    when the token is cashed in town (a General Store buys pelts and horses, a Sheriff's
    Office takes outlaws)."""
    where = {kind: building for building, kinds in (("sold at a General Store", CASH_IN["sell"]),
                                                    ("turned in at a Sheriff's Office", CASH_IN["turn_in"]))
             for kind in kinds}
    new = [c for c in player.carried if c.token in tokens and c.kind in where]
    return " ".join(f"{player.name} carries {c.token} ({c.kind}): its {c.fame} fame counts once it is "
                    f"{where[c.kind]} in town." for c in new)


class Stat(BoxLayout):
    """A number on a player's sheet, as big as its box allows, its caption under it."""

    value = StringProperty("")
    caption = StringProperty("")
    big = NumericProperty(20)  # the largest the number may be


class StatButton(ButtonBehavior, Stat):
    """A number the table changes by hand (``key`` names it): a tap opens its steps."""

    key = StringProperty("")


class PlayerPanel(ButtonBehavior, BoxLayout):
    """One player's sheet; tapping a number changes it (``on_stat``), tapping anywhere
    else opens what that player can do."""

    __events__ = ("on_stat",)

    pname = StringProperty("")
    character = StringProperty("")
    colour = StringProperty("white")
    fame = NumericProperty(0)
    target = NumericProperty(10)
    money = NumericProperty(0)
    spurs = NumericProperty(0)
    posters = NumericProperty(0)
    gold = NumericProperty(0)
    bag = DictProperty()
    carried = StringProperty("")
    current = BooleanProperty(False)
    compact = BooleanProperty(False)  # two rows of panels: smaller numbers
    narrow = BooleanProperty(False)  # three columns: shorter captions
    head_min = NumericProperty(0)  # the name's height on the tallest sheet of the row
    carried_min = NumericProperty(0)  # the carried line's height on the tallest sheet of the row

    def show(self, player: Player, state: SpursState, colour: str) -> None:
        self.pname, self.character, self.colour = player.name, player.character, colour
        self.fame, self.target, self.money = player.fame, state.target, player.money
        self.spurs, self.posters, self.gold = player.spurs, player.posters, player.gold
        self.bag = player.bag.counts()
        self.carried = carried_text(player, state.stagecoach == player.name)  # ruling: R-S13
        self.current = player is state.player and not state.game_over
        self.compact = len(state.players) > 3
        self.narrow = COLUMNS[len(state.players)] == 3

    def on_stat(self, stat: StatButton) -> None:
        """A number was tapped; the table page opens its steps."""


class TablePage(Page):
    compact = BooleanProperty(False)  # two rows of sheets: every pixel of height counts

    def update(self, state: SpursState) -> None:
        self.compact = len(state.players) > 3
        grid = self.ids.grid
        grid.cols = COLUMNS[len(state.players)]
        for panel, player in zip(rows(grid, len(state.players), self._sheet), state.players):
            panel.show(player, state, self.game.colours.get(player.name, "white"))
        self.align()
        self.ids.status.text = state.last_outcome or (f"{state.player.name}'s turn. Tap a number to change it, "
                                                      "a player for their actions.")
        self.ids.actions.text = f"{state.player.name}: actions"

    def _sheet(self) -> PlayerPanel:
        panel = PlayerPanel(on_release=lambda p: self.game.open_player(p.pname),
                            on_stat=lambda p, stat: self.game.change_number(p.pname, stat.key, stat))
        for words in (panel.ids.name, panel.ids.carried):
            words.bind(texture_size=lambda *_args: self.align())
        return panel

    def align(self) -> None:
        """Sheets side by side show their numbers, bags and carried lines at one height: each
        sheet's name and carried line as tall as the tallest in its row, whose words are whole."""
        grid = self.ids.grid
        sheets = list(reversed(grid.children))
        for start in range(0, len(sheets), grid.cols):
            row = sheets[start:start + grid.cols]
            head = max(p.ids.name.texture_size[1] for p in row)
            carried = max(p.ids.carried.texture_size[1] for p in row)
            for panel in row:
                panel.head_min, panel.carried_min = head, carried


class ActionsPage(Page):
    """The current player's menu: the turn's one action and what goes with it."""

    heading = StringProperty("")
    spurs = NumericProperty(0)

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self._duel_later = AfterFrame(self._duel_ahead)

    def update(self, state: SpursState) -> None:
        p = state.player
        boost = f", up to +{state.turn.boost} draw(s) available" if state.turn.boost else ""
        # the player's line, then the table's: a long name never pushes the bank mid-line
        self.heading = (f"{p.name} ({p.character}): fame {p.fame}, ${p.money}, {p.spurs} Spur(s){boost}\n"
                        f"Bank ${state.bank}; gold bag {state.gold_bag.gold} gold, {state.gold_bag.stones} stones")
        self.spurs = p.spurs
        self._duel_later()

    def _duel_ahead(self, _dt: float) -> None:
        """The duel form filled for this player while the menu is read: its choices name the
        duellists (buttons made for each) and its odds are worked out, so the tap on Duel
        only shows it (13 -> 6 ms here)."""
        if self.game is not None and self.game.session is not None and self.game.pages.current == self.name:
            self.game.pages.get_screen("duel").update(self.game.state)


class FinalPage(Page):
    """The score table (fame, Most bonuses, total), the winner, the tie-break duel, and a
    rematch with the same players and character sheets."""

    def rematch(self) -> None:
        self.game.message = App.get_running_app().refusal_to_start("spurs", dict(self.game.session.settings))

    winner = StringProperty("")
    COLUMNS = 6  # place, player, fame, bonuses, score, money

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        # a table's cells for six players, made with the screen: making them when the game
        # ended cost that last tap ~28 ms here
        self._cells = Spares(ScoreCell, self.COLUMNS * (PLAYERS[-1] + 1))

    def update(self, state: SpursState) -> None:
        table = [("Place", "Player", "Fame", "Most bonuses", "Score", "Money")] + [
            (str(r.place), r.name, str(r.fame), ", ".join(r.bonuses) or "-", str(r.score), f"${r.money}")
            for r in state.final]
        texts = [(text, cells is table[0]) for cells in table for text in cells]
        for cell, (text, heading) in zip(self._cells.rows(self.ids.rows, len(texts)), texts):
            cell.text, cell.bold = text, heading
        if state.winner:
            self.winner = f"{state.winner} wins!"
        else:
            self.winner = f"{' and '.join(state.tied_for_first)} tie on score and money. Who won the duel?"
        self.ids.rematch.disabled = not state.winner
        duel = self.ids.duel
        duel.clear_widgets()
        duel.height = theme.TOUCH if state.tied_for_first else 0  # no empty row pushing the table up
        for name in state.tied_for_first:
            duel.add_widget(BigButton(text=f"{name} won the duel",
                                      on_release=lambda _b, n=name: self.game.act({"type": "tiebreak", "winner": n})))


class ScoreCell(Label):
    """A cell of the final table: a label as tall as its words, so a long bonus wraps whole."""


class SpursScreen(GameScreen):
    colours = DictProperty()  # player name -> profile colour

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        # the steps of each kind of number, made with the screen (which the app builds ahead
        # while idle): making one on the first tap of a number cost that tap ~7 ms here
        self._popovers = {key: QuickChange(key) for key in STEPS}
        self._ahead = PagesAhead(self, self.ids.pages, self._lay_out_pages)

    def refit(self) -> None:
        self._ahead.refit()

    def _lay_out_pages(self) -> None:
        """Every page laid out before it is first shown (``ui.pages``), the draw's phases
        and the town's rooms with them: the first hunt's form, the bag entry and a first
        visit to town then render their words ahead, not on the tap that shows them."""
        when_sized(self.pages.get_screen("draw").ids.phases)
        when_sized(self.pages.get_screen("town").ids.rooms)
        size_pages(self.pages)

    def on_session(self, screen: Any, session: Any) -> None:
        if session is not None:
            self.colours = {p.name: p.colour for p in App.get_running_app().store.players()}
            self._tokens = self.tokens(session.state)  # a resumed game's tokens are not news
            self.ids.pages.current = "table"
        super().on_session(screen, session)

    @property
    def pages(self) -> ScreenManager:
        return self.ids.pages

    _tokens: set[str] = set()

    @staticmethod
    def tokens(state: SpursState) -> set[str]:
        return {c.token for p in state.players for c in p.carried}

    def refresh(self) -> None:
        super().refresh()
        state = self.state
        tokens = self.tokens(state)
        hint = " ".join(filter(None, (cash_hint(p, tokens - self._tokens) for p in state.players)))
        self._tokens = tokens
        if hint:
            self.news = hint
        self.title = f"Spurs: {state.player.name}'s turn" if not state.game_over else "Spurs: final scores"
        if state.game_over:
            self.show("final")
        elif state.fight is not None:
            self.show("draw", phase="after")
        elif self.pages.current == "final":
            self.show("table")
        else:
            self.pages.current_screen.update(state)

    def show(self, name: str, **context: Any) -> None:
        """Go to a page, telling it what it is about."""
        page = self.pages.get_screen(name)
        page.open(**context)
        self.pages.current = name
        page.update(self.state)

    def undo(self) -> None:
        # the page a step was taken on may not fit the state before it: start from the table
        self.pages.current = "table"
        super().undo()

    def redo(self) -> None:
        self.pages.current = "table"
        super().redo()

    def open_player(self, name: str) -> None:
        """The current player's actions, or the card adjustments for anyone else."""
        if name == self.state.player.name:
            self.show("actions")
        else:
            self.show("adjust", player=name)

    def on_pre_leave(self, *_args: Any) -> None:
        """Leaving the game (the app may, by itself) leaves no steps open over it."""
        for popover in [w for w in self.children if isinstance(w, QuickChange)]:
            popover.close()

    def change_number(self, name: str, key: str, anchor: Widget) -> None:
        """A number on a sheet tapped: its steps over the table, "+1" under the finger.
        Each step is an Event card's effect on that player, saved and undoable."""
        player = self.state.players[self.state.index(name)]
        value = getattr(player, key)
        shown = {"fame": f"{value} of {self.state.target}", "money": f"${value}"}.get(key, str(value))

        def send(step: int) -> None:
            self.act({"type": "adjust", "player": name, key: step, "note": f"{name}: {key} {step_text(key, step)}"})

        self._popovers[key].open_over(self, anchor, f"{name}'s {key}: {shown}", send)

    def begin(self, what: str) -> None:
        """A menu entry: sent at once when it needs no details, else its form, unless the
        engine would refuse that kind of action now (then the reason shows at once)."""
        kind, page = MENU[what]
        reason = refusal(self.state, kind)
        if reason:
            self.message = f"Refused: {reason}"
            return
        self.message = ""
        if page is not None:
            self.show(page, kind=what)
            return
        action = ({"type": "cattle", "option": "rob", "token": next_token(self.state, "cattle")}
                  if what == "rob_rancher" else {"type": kind, **FIXED.get(what, {})})
        if self.act(action) and kind != "spend_spur":  # a Spur boosts what comes next: stay
            self.show("table")

    def draw(self, action: dict[str, Any], how: str = "odds") -> None:
        """The draw step for an action that takes bullets or gold: its odds page
        (``how`` "odds"), or straight to the companion's draw ("digital") or the bag
        entry ("physical") from a form that already shows the odds. An action whose draw
        cannot be worked out (no desperado card entered), or a draw the engine refuses,
        leaves the form as it was."""
        try:
            plan = draw_plan(self.state, action)
        except RuleError as exc:
            self.message = f"Refused: {exc}"
            return
        self.message = ""
        form = self.pages.current
        self.show("draw", action=action, plan=plan, phase="before")
        page = self.pages.current_screen
        if how == "physical":
            page.enter()
        elif how == "digital" and not page.draw_for_me():
            self.pages.current = form


load_kv(__file__)
