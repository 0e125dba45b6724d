"""The forms that turn what happened at the table into one action: challenges, town,
duels and Event cards.

Each form is prefilled with the last values used and a free token name, so a routine
turn is a few taps; the engine checks everything when the action is sent and a refusal
shows its reason in the game bar, leaving the form as it was to correct.
"""

from __future__ import annotations

from typing import Any

from kivy.properties import BooleanProperty, ListProperty, StringProperty
from kivy.uix.boxlayout import BoxLayout
from kivy.uix.gridlayout import GridLayout

from companion.engine import RuleError
from companion.spurs.bag import COLOURS, WEAPONS
from companion.spurs.state import SpursState
from companion.spurs.view import cashable, draw_plan, herd_preview, next_token, odds_words, stealable
from ui import theme
from ui.kvload import load_kv
from ui.later import AfterFrame
from ui.widgets import BigButton
from ui.spurs.controls import OptionButton
from ui.spurs.page import Page


def _extra(n: float) -> dict[str, int]:
    """Equipment's extra draws, left out of the action when there are none."""
    return {"extra": int(n)} if n else {}


class CardDeltas(GridLayout):
    """Signed changes an Event or Saloon card makes: fame, money, spurs, posters, bullets."""

    def changes(self) -> dict[str, Any]:
        ids = self.ids
        out: dict[str, Any] = {k: int(ids[k].value) for k in ("fame", "money", "spurs", "posters") if ids[k].value}
        bullets = {c: int(ids[c].value) for c in COLOURS if ids[c].value}
        return {**out, "bullets": bullets} if bullets else out

    def reset(self) -> None:
        for key in ("fame", "money", "spurs", "posters", *COLOURS):
            self.ids[key].value = 0


class TokenChoice(BoxLayout):
    """Carried tokens to cash in; any number chosen, all of them at first."""

    tokens = ListProperty()

    def on_tokens(self, _box: TokenChoice, tokens: list[str]) -> None:
        self.clear_widgets()
        for token in tokens:
            self.add_widget(OptionButton(text=token, value=token, state="down"))

    def chosen(self) -> list[str]:
        return [b.value for b in reversed(self.children) if b.state == "down"]


class FormPage(Page):
    """A form for one kind of action; a fresh token name each time it is opened."""

    kind = StringProperty("")
    fresh = BooleanProperty(False)

    def open(self, kind: str = "", **_context: Any) -> None:
        self.kind = kind or self.kind
        self.fresh = True

    def update(self, state: SpursState) -> None:
        if self.fresh and "token" in self.ids:
            self.ids.token.text = next_token(state, self.kind)
        self.fresh = False

    def token(self) -> str:
        return self.ids.token.text.strip()


class DrawFormPage(FormPage):
    """A challenge that draws: its exact odds shown on the form and kept in step with
    what is entered, and the draw a tap away (the companion's, or the bag entry), so a
    challenge is chosen, seen and drawn in three taps from the table."""

    chance = StringProperty("")
    headline = StringProperty("")
    lines = StringProperty("")

    def action(self) -> dict[str, Any]:
        """The action the form would send now, without its draw."""
        raise NotImplementedError

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self._draw_later = AfterFrame(self._ready_draw)

    def update(self, state: SpursState) -> None:
        super().update(state)
        self.preview()

    def preview(self) -> None:
        """The odds of the action as entered; why it cannot be drawn, if so."""
        if self.game is None or self.game.session is None:  # the kv rule is still being applied
            return
        action = self.action()
        try:
            plan = draw_plan(self.game.state, action)
        except RuleError as exc:
            self.chance, self.headline, self.lines = "", str(exc), ""
            return
        self.chance, self.headline, self.lines = odds_words(plan)
        self._previewed = action, plan
        if self.game.pages.current == self.name:  # (not for a form filled ahead: the tap showing
            self._draw_later()                    # it would pay for a flip armed meanwhile)

    def _ready_draw(self, _dt: float) -> None:
        """The draw page filled for the action last previewed, while the form is read: the
        tap that goes on to the bag entry then renders none of its words (~12 ms here)."""
        if self.game is not None and self.game.session is not None and self.game.pages.current == self.name:
            self.game.pages.get_screen("draw").prepare(*self._previewed, self.game.state)

    def draw(self, how: str) -> None:
        self.game.draw(self.action(), how)


class ShootPage(DrawFormPage):
    """Hunting (rifle) or an Outlaw (revolver): the token's hits, reward and red icon."""

    def action(self) -> dict[str, Any]:
        ids = self.ids
        return {"type": self.kind, "token": self.token(), "hits": int(ids.hits.value),
                "cash": int(ids.cash.value), "fame": int(ids.fame.value),
                "red": ids.red.value == "yes", **_extra(ids.extra.value)}


class HorsePage(FormPage):
    """Horse breaking: the rounds as the dice and the Mini Board played them."""

    rounds = ListProperty()

    def open(self, kind: str = "", **context: Any) -> None:
        super().open(kind, **context)
        self.rounds = []

    def done(self) -> None:
        ids = self.ids
        self.send({"type": "horse", "token": self.token(), "rounds_needed": int(ids.needed.value),
                   "cash": int(ids.cash.value), "fame": int(ids.fame.value), "rounds": list(self.rounds)})


class CattlePage(FormPage):
    """Cattle round-up: tap where the cattle stand on the Mini Board when it ended."""

    preview = StringProperty("")

    def on_kv_post(self, _base: Any) -> None:
        self.ids.board.bind(cells=lambda _b, cells: setattr(self, "preview", herd_preview(cells)))
        self.preview = herd_preview([])

    def open(self, kind: str = "", **context: Any) -> None:
        super().open(kind, **context)
        self.ids.board.cells = []
        self.ids.rounds_left.value = 0

    def finish(self, result: str) -> None:
        ids = self.ids
        action = {"type": "cattle", "option": "round_up", "token": self.token(), "result": result}
        if result == "success":
            action.update(cattle=[list(c) for c in ids.board.cells], fame=int(ids.fame.value),
                          rounds_left=int(ids.rounds_left.value))
        self.send(action)


class GangPage(DrawFormPage):
    """Desperados, or digging for gold and then the desperados: how many, and the cards
    the rule lets the player see before the draw (R-S4)."""

    gangs = ListProperty()  # [token, text] of gangs waiting from earlier fights
    house = BooleanProperty(False)

    def update(self, state: SpursState) -> None:
        self.house = state.gang_rule == "house"
        self.gangs = [[g.token, f"Fight the gang at {g.token} ("
                       + ", ".join(f"{d.weapon} {d.hits}" for d in g.waiting) + " waiting)"]
                      for g in state.gangs] if self.kind == "desperado" else []
        count = self.ids.count  # shared with the gold form, where 0 desperados is allowed
        count.minimum = 1 if self.kind == "desperado" else 0
        count.value = max(count.value, count.minimum)
        super().update(state)

    def action(self) -> dict[str, Any]:
        ids = self.ids
        action = {"type": self.kind, "token": self.token(), "count": int(ids.count.value),
                  "desperados": ids.cards.cards() if ids.count.value else [], **_extra(ids.extra.value)}
        if self.kind == "gold":
            action["nuggets"] = int(ids.nuggets.value)
        return action

    def on_gangs(self, _page: GangPage, gangs: list) -> None:
        box = self.ids.gangs
        box.clear_widgets()
        for token, text in gangs:
            box.add_widget(BigButton(text=text, tint=theme.DANGER,
                                     on_release=lambda _b, t=token: self.fight_waiting(t)))

    def fight_waiting(self, token: str) -> None:
        self.game.draw({"type": "desperado", "token": token, **_extra(self.ids.extra.value)})


class TownPage(Page):
    """The town's buildings, each with what can be done there."""

    def on_kv_post(self, _base: Any) -> None:
        self.ids.building.bind(value=lambda _o, room: setattr(self.ids.rooms, "current", room))

    def update(self, state: SpursState) -> None:
        player = state.player
        self.ids.sell.tokens = cashable(player, "sell")
        self.ids.turn_in.tokens = cashable(player, "turn_in")
        self.ids.where.text = (f"{player.name}: ${player.money}, {player.gold} gold. Visited: "
                               + (", ".join(state.turn.visited) or "nothing yet"))

    def cash_in(self, kind: str) -> None:
        self.game.act({"type": kind, "tokens": self.ids[kind].chosen()})

    def saloon_card(self) -> None:
        if self.game.act({"type": "saloon", "option": "card", **self.ids.saloon.changes()}):
            self.ids.saloon.reset()


class DuelPage(DrawFormPage):
    """A duel fought at the table (R-S8): who, who won, what was stolen, and each
    duellist's draw with their weapon: its odds on the form, drawn by the companion or
    entered from the real bags (the challenges' bag entry, one duellist after the other)."""

    opponents = ListProperty()
    sides = ListProperty()
    items = ListProperty()
    my_weapons = ListProperty()  # [weapon, words] for the current player
    their_weapons = ListProperty()  # and for the opponent

    def update(self, state: SpursState) -> None:
        """(No token to suggest: ``choose`` does all a draw form's update does, the preview too.)"""
        self.opponents = [[p.name, p.name] for p in state.players if p is not state.player]
        self.choose()

    def choose(self) -> None:
        """Keep the winner, the weapons, what can be stolen and the odds in step with the
        chosen opponent."""
        if self.game is None or self.game.session is None:  # the kv rule is still being applied
            return
        state = self.game.state
        opponent = self.ids.opponent.value
        self.sides = [[state.player.name, state.player.name], [opponent, opponent]]
        self.my_weapons = [[w, f"{state.player.name}: {w}"] for w in WEAPONS]
        self.their_weapons = [[w, f"{opponent}: {w}"] for w in WEAPONS]
        loser = opponent if self.ids.winner.value == state.player.name else state.player.name
        what = self.ids.steal.value
        options = stealable(state.players[state.index(loser)], state.stagecoach).get(what, []) if loser else []
        self.items = [[o, o] for o in options] if what in ("equipment", "token") else []
        self.preview()

    def action(self) -> dict[str, Any]:
        ids = self.ids
        what = ids.steal.value
        steal = None if what == "none" else {"what": what}
        if what in ("equipment", "token"):
            steal[{"equipment": "name", "token": "token"}[what]] = ids.item.value
        me, opponent = self.game.state.player.name, ids.opponent.value
        return {"type": "duel", "opponent": opponent, "winner": ids.winner.value, "steal": steal,
                "weapons": {me: ids.my_weapon.value, opponent: ids.their_weapon.value}}


class AdjustPage(Page):
    """An Event or Equipment card's effect on any player, and on the bank's cash; and
    who escorts the Stagecoach event card (R-S13)."""

    players = ListProperty()
    escort = StringProperty("")  # who escorts the Stagecoach now ("" nobody)

    def open(self, player: str = "", **_context: Any) -> None:
        self.ids.who.value = player

    def update(self, state: SpursState) -> None:
        self.players = [[p.name, p.name] for p in state.players]
        self.escort = state.stagecoach or ""

    def stagecoach(self, holder: str | None) -> None:
        self.send({"type": "stagecoach", "holder": holder})

    def apply(self) -> None:
        ids = self.ids
        action = {"type": "adjust", "player": ids.who.value, **ids.deltas.changes()}
        if ids.bank.value:
            action["bank"] = int(ids.bank.value)
        if ids.note.text.strip():
            action["note"] = ids.note.text.strip()
        if self.send(action):
            ids.deltas.reset()
            ids.bank.value = 0
            ids.note.text = ""


load_kv(__file__)
