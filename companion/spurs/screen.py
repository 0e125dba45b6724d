"""The Spurs screen's flow, without Kivy: its pages, what each tap may do on each, and the
action a tap sends (see :mod:`companion.contracts.screen` for how a screen uses it).

Pages: ``table`` (every sheet; a number's steps over it), ``menu`` (the current player's
actions), ``form`` (a challenge, the town, a duel, an Event card), ``draw`` (a draw's odds,
its bag entry, or who won a duel once both draws are seen), ``result`` (the bullets drawn
and what they did; a fight waiting for its next card) and ``final`` (the scores). Which
page shows follows the state where the state decides it: a fight in progress shows its
result page, the game over its scores. What each page shows is :mod:`companion.spurs.shown`.

A tap on a key the page does not offer (a button no longer on screen, the second tap of a
double tap that moved on) changes nothing.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from enum import StrEnum
from typing import Any, Callable

from companion.contracts.screen import History, ScreenModel, Step, adjusted, open_steps, opened
from companion.spurs import drawing, forms
from companion.spurs.engine import ENGINE
from companion.spurs.flow import Flow, result_flow, table_flow
from companion.spurs.forms import STEPS, Form, step_text
from companion.spurs.state import SpursState
from companion.spurs.view import CASH_IN, next_token, refusal



class Key(StrEnum):
    """Every tap the Spurs screen takes: ``tap``'s first argument, the key of a button (a
    plain string with the same value is the same key)."""

    UNDO, REDO, GOT_IT = "undo", "redo", "got_it"
    # the table
    SHEET, NUMBER, QUICK, CLOSE_STEPS, ACTIONS, END_TURN = "sheet", "number", "quick", "close_steps", "actions", "end_turn"
    # the menu
    HUNT, OUTLAW, HORSE, CATTLE, DESPERADO, GOLD, TOWN, DUEL = (
        "hunt", "outlaw", "horse", "cattle", "desperado", "gold", "town", "duel")
    REST, SPEND_SPUR, REROLL, ROB_RANCHER, EVENT, TABLE = "rest", "spend_spur", "reroll", "rob_rancher", "event", "table"
    # a form
    STEP, SET, TOGGLE, ROUND, UNROUND, CANCEL, RECORD = "step", "set", "toggle", "round", "unround", "cancel", "record"
    DRAW_FOR_ME, ENTER_DRAW, FIGHT_GANG = "draw_for_me", "enter_draw", "fight_gang"
    ROUND_UP_DONE, CATTLE_LOST, APPLY, ESCORT, DELIVERED = "round_up_done", "cattle_lost", "apply", "escort", "delivered"
    BUY, REFRESH, SELL, TURN_IN, DOCTOR_PAY, SALOON_CARD, ROUNDS, SELL_GOLD, DOCTOR_DRAW, ROB = (
        "buy", "refresh", "sell", "turn_in", "doctor_pay", "saloon_card", "rounds", "sell_gold", "doctor_draw", "rob")
    # the draw, the result, the end
    BULLET, DONE, AGAIN, BACK, WON, STEAL, REVEAL, TIEBREAK = (
        "bullet", "done", "again", "back", "won", "steal", "reveal", "tiebreak")


#: the menu's challenges and the town: the action the engine is asked about first, and the form
FORM_KINDS = {Key.HUNT: "hunt", Key.OUTLAW: "outlaw", Key.HORSE: "horse", Key.CATTLE: "cattle",
              Key.DESPERADO: "desperado", Key.GOLD: "gold", Key.TOWN: "buy", Key.DUEL: "duel"}
#: the menu's entries sent at once
AT_ONCE = {Key.REST: {"type": "rest"}, Key.SPEND_SPUR: {"type": "spend_spur"},
           Key.REROLL: {"type": "spend_spur", "use": "reroll"}, Key.END_TURN: {"type": "end_turn"}}
#: town buttons that send at once, and those that draw first
TOWN_NOW = (Key.BUY, Key.REFRESH, Key.SELL, Key.TURN_IN, Key.DOCTOR_PAY, Key.SALOON_CARD, Key.ROUNDS, Key.SELL_GOLD)
TOWN_DRAWS = (Key.DOCTOR_DRAW, Key.ROB)
#: taps whose double tap is meant: a number's second tap lands on the "+1" its first opened
DOUBLE_TAPPED = frozenset({Key.NUMBER})


@dataclass(frozen=True)
class SpursModel(ScreenModel[Flow]):
    """The Spurs screen: see the module's words. ``colours`` gives each player's colour."""

    colours: tuple[tuple[str, str], ...] = ()

    def first_flow(self, state: SpursState) -> Flow:
        return Flow()

    def settled(self, flow: Flow, state: SpursState) -> Flow:
        if state.game_over:
            return replace(flow, page="final", draw=None, steps=None)
        if state.fight is not None:
            return replace(flow, page="result", draw=None, steps=None)
        return replace(flow, page="table") if flow.page == "final" else flow

    # -- taps --------------------------------------------------------------------------------

    def tap(self, key: Key, *args: Any) -> Step[SpursModel]:
        """What a tap on ``key`` does on the page shown (nothing, if the page has no such key)."""
        if key not in self.enabled():
            return Step(self)
        common = {Key.UNDO: SpursModel.undo, Key.REDO: SpursModel.redo, Key.GOT_IT: SpursModel.got_it}
        return (common.get(key) or TAPS[self.page][key])(self, *args)

    @property
    def page(self) -> str:
        return self.flow.page

    def stage(self) -> tuple[Any, ...]:
        flow, draw = self.flow, self.flow.draw
        return (flow.page, flow.form.kind if flow.form and flow.page == "form" else None,
                (draw.phase, draw.part) if draw and flow.page == "draw" else None, flow.steps is not None)

    def offered(self) -> set[Key]:
        return OFFERED[self.page](self)

    def told(self, before: SpursState, after: SpursState) -> str:
        """What a new token is worth (:func:`cash_hints`)."""
        return cash_hints(before, after)

    def same_place(self, other: SpursModel) -> bool:
        """A number's steps are no place: undo of a step shows the table it was tapped on."""
        return self.state == other.state and replace(self.flow, steps=None) == replace(other.flow, steps=None)

    def to_table(self) -> Step[SpursModel]:
        return self.go(replace(self.flow, page="table", form=None, draw=None))

    def with_form(self, form: Form) -> Step[SpursModel]:
        return Step(replace(self, flow=self.flow.keeping(form), message=""))


# --- the table ------------------------------------------------------------------------------

def _sheet(model: SpursModel, name: str) -> Step[SpursModel]:
    """A sheet tapped: the current player's actions, anyone else's Event card."""
    if name == model.state.player.name:
        return model.go(replace(model.flow, page="menu"))
    if name not in [p.name for p in model.state.players]:
        return Step(model)
    return _open(model, "adjust", who=name)


def _number(model: SpursModel, name: str, key: str) -> Step[SpursModel]:
    """A number on a sheet tapped: its steps open over the table."""
    return open_steps(model, name, key, STEPS)


def _quick(model: SpursModel, step: int) -> Step[SpursModel]:
    """A step chosen: an Event card's effect on that player, saved like any action."""
    key = (model.flow.steps or ("", ""))[1]
    return adjusted(model, step, STEPS, step_text(key, step))


def _close_steps(model: SpursModel) -> Step[SpursModel]:
    return model.go(replace(model.flow, steps=None))


def _menu(model: SpursModel) -> Step[SpursModel]:
    return model.go(replace(model.flow, page="menu"))


def _at_once(what: Key) -> Callable[[SpursModel], Step[SpursModel]]:
    """A menu entry sent at once; a Spur spent stays on the menu (it boosts what comes next)."""
    def sent(model: SpursModel) -> Step[SpursModel]:
        action = AT_ONCE.get(what) or {"type": "cattle", "option": "rob", "token": next_token(model.state, "cattle")}
        stay = what in ("spend_spur", "reroll")
        return model.commit(action, model.flow if stay else replace(model.flow, page="table", form=None, draw=None))
    return sent


# --- forms ----------------------------------------------------------------------------------

def _open(model: SpursModel, kind: str, asked: str | None = None, **values: Any) -> Step[SpursModel]:
    """A form opened, unless the engine would refuse any action of the kind ``asked`` now (then
    why, at once: nobody fills in a whole challenge only to hear it was not allowed)."""
    reason = refusal(model.state, asked) if asked else None
    if reason:
        return model.refuse(f"Refused: {reason}")
    form = forms.opened(kind, model.state, model.flow.kept_form(kind), **values)
    return model.go(replace(model.flow.keeping(form), page="form", draw=None))


def _opener(kind: Key) -> Callable[..., Step[SpursModel]]:
    return lambda model: _open(model, kind.value, FORM_KINDS[kind])


def _event(model: SpursModel) -> Step[SpursModel]:
    return _open(model, "adjust", who=model.state.player.name)


def _edit(change: Callable[..., Form]) -> Callable[..., Step[SpursModel]]:
    """A tap on a field of the form shown."""
    def edited(model: SpursModel, *args: Any) -> Step[SpursModel]:
        form = model.flow.form  # may be None: the tap is then ignored
        return model.with_form(change(form, *args)) if form is not None else Step(model)
    return edited


def _set(model: SpursModel, name: str, value: object) -> Step[SpursModel]:
    form = model.flow.open_form
    options = {"opponent": tuple(p.name for p in model.state.players if p is not model.state.player),
               "who": tuple(p.name for p in model.state.players)}.get(name, ())
    return model.with_form(forms.chosen(form, name, value, options))


def _cancel(model: SpursModel) -> Step[SpursModel]:
    return model.to_table()


def _fight_gang(model: SpursModel, token: str) -> Step[SpursModel]:
    gang = model.state.gang(token)
    if gang is None:
        return Step(model)
    return drawing.to_odds(model, {"type": "desperado", "token": token, **forms.extra(model.flow.open_form)}, "form")


def _record_horse(model: SpursModel) -> Step[SpursModel]:
    form = model.flow.open_form
    why = forms.missing(form) or ("" if form.get("rounds") else "Tap each round as it ended first.")
    return model.refuse(why) if why else model.commit(forms.horse_action(form), table_flow(model.flow))


def _round_up(result: str) -> Callable[[SpursModel], Step[SpursModel]]:
    def sent(model: SpursModel) -> Step[SpursModel]:
        form = model.flow.open_form
        why = forms.missing(form) or (
            "Tap the hexes where the cattle stand first." if result == "success" and not form.get("cells") else "")
        return model.refuse(why) if why else model.commit(forms.cattle_action(form, result), table_flow(model.flow))
    return sent


def _town(key: Key) -> Callable[[SpursModel], Step[SpursModel]]:
    """A button in town: sent at once (the player stays in town), or a draw's odds first."""
    what = key.value

    def tapped(model: SpursModel) -> Step[SpursModel]:
        form = model.flow.open_form
        if what == "buy" and not form.text("item"):
            return model.refuse(forms.missing(form) or "")
        action = forms.town_action(form, model.state, what)
        if what in ("sell", "turn_in") and not action["tokens"]:
            return model.refuse("Nothing to cash in here: " + ("no pelt or horse chosen." if what == "sell"
                                                               else "no captured outlaw chosen."))
        if what in TOWN_DRAWS:
            return drawing.to_odds(model, action, "form")
        return model.commit(action, model.flow.keeping(forms.cleared(form, what)))
    return tapped


def _apply_card(model: SpursModel) -> Step[SpursModel]:
    action = forms.adjust_action(model.flow.open_form)
    if len(action) == 2:
        return model.refuse("Set what the card changes first (a number above, or the bank's cash).")
    return model.commit(action, table_flow(model.flow))


def _escort(model: SpursModel, holder: str | None = None) -> Step[SpursModel]:
    """Who escorts the Stagecoach event card now (None: delivered or gone, R-S13)."""
    if holder is not None and holder not in [p.name for p in model.state.players]:
        return Step(model)
    return model.commit({"type": "stagecoach", "holder": holder}, table_flow(model.flow))


# --- the draw: the odds, the bag entry, who won a duel -----------------------------------------

# --- the result, the fight, the end ------------------------------------------------------------

def _reveal(model: SpursModel) -> Step[SpursModel]:
    """The next desperado of a fight in progress (standard rule)."""
    return model.commit({"type": "reveal", "desperado": model.flow.reveal.card("")}, result_flow(model.flow))


def _reveal_edit(change: Callable[..., Form]) -> Callable[..., Step[SpursModel]]:
    def edited(model: SpursModel, *args: Any) -> Step[SpursModel]:
        return Step(replace(model, flow=replace(model.flow, reveal=change(model.flow.reveal, *args)), message=""))
    return edited


def _tiebreak(model: SpursModel, winner: str) -> Step[SpursModel]:
    return model.commit({"type": "tiebreak", "winner": winner}, model.flow)


def cash_hints(before: SpursState, after: SpursState) -> str:
    """What a new player misses: a challenge won gives a token, and its fame comes only when
    the token is cashed in town (a General Store buys pelts and horses, a Sheriff's Office
    takes outlaws)."""
    where = {kind: building for building, kinds in (("sold at a General Store", CASH_IN["sell"]),
                                                    ("turned in at a Sheriff's Office", CASH_IN["turn_in"]))
             for kind in kinds}
    old = {c.token for p in before.players for c in p.carried}
    return " ".join(f"{p.name} carries {c.token} ({c.kind}): its {c.fame} fame counts once it is {where[c.kind]} "
                    "in town." for p in after.players for c in p.carried if c.token not in old and c.kind in where)


# --- what each page offers, and what its taps do ------------------------------------------------

def _table_keys(model: SpursModel) -> set[Key]:
    return {Key.SHEET, Key.NUMBER, Key.ACTIONS, Key.END_TURN}


def _menu_keys(model: SpursModel) -> set[Key]:
    return {*FORM_KINDS, *AT_ONCE, Key.ROB_RANCHER, Key.EVENT, Key.TABLE}


def _form_keys(model: SpursModel) -> set[Key]:
    kind = model.flow.open_form.kind
    keys = {Key.STEP, Key.SET, Key.CANCEL}
    keys |= {Key.DRAW_FOR_ME, Key.ENTER_DRAW} if kind in forms.DRAWING else set()
    keys |= {Key.FIGHT_GANG} if kind == "desperado" and model.state.gangs else set()
    keys |= {Key.ROUND, Key.UNROUND, Key.RECORD} if kind == "horse" else set()
    keys |= {Key.TOGGLE, Key.ROUND_UP_DONE, Key.CATTLE_LOST} if kind == "cattle" else set()
    keys |= {Key.TOGGLE, *TOWN_NOW, *TOWN_DRAWS} if kind == "town" else set()
    keys |= {Key.APPLY, Key.ESCORT, Key.DELIVERED} if kind == "adjust" else set()
    return keys


def _draw_keys(model: SpursModel) -> set[Key]:
    phase = model.flow.open_draw.phase
    if phase == "odds":
        return {Key.DRAW_FOR_ME, Key.ENTER_DRAW, Key.CANCEL}
    if phase == "enter":
        return {Key.BULLET, Key.DONE, Key.AGAIN, Key.BACK}
    return {Key.WON, Key.STEAL, Key.BACK}


def _result_keys(model: SpursModel) -> set[Key]:
    if model.state.fight is not None:
        return {Key.REVEAL, Key.STEP, Key.SET}
    return {Key.TABLE, Key.END_TURN}


def _final_keys(model: SpursModel) -> set[Key]:
    return {Key.TIEBREAK} if model.state.tied_for_first else set()


OFFERED: dict[str, Callable[[SpursModel], set[Key]]] = {
    "table": _table_keys, "menu": _menu_keys, "form": _form_keys, "draw": _draw_keys, "result": _result_keys,
    "final": _final_keys}

TAPS: dict[str, dict[Key, Callable[..., Step[SpursModel]]]] = {
    "table": {Key.SHEET: _sheet, Key.NUMBER: _number, Key.QUICK: _quick, Key.CLOSE_STEPS: _close_steps,
              Key.ACTIONS: _menu, Key.END_TURN: _at_once(Key.END_TURN)},
    "menu": {**{kind: _opener(kind) for kind in FORM_KINDS}, **{what: _at_once(what) for what in AT_ONCE},
             Key.ROB_RANCHER: _at_once(Key.ROB_RANCHER), Key.EVENT: _event, Key.TABLE: _cancel},
    "form": {Key.STEP: _edit(forms.stepped), Key.SET: _set, Key.TOGGLE: _edit(forms.toggled),
             Key.ROUND: _edit(forms.rounded), Key.UNROUND: _edit(lambda form: forms.rounded(form, None)),
             Key.CANCEL: _cancel, Key.DRAW_FOR_ME: drawing.draw_for_me, Key.ENTER_DRAW: drawing.enter_draw,
             Key.FIGHT_GANG: _fight_gang, Key.RECORD: _record_horse, Key.ROUND_UP_DONE: _round_up("success"),
             Key.CATTLE_LOST: _round_up("failed"), **{what: _town(what) for what in (*TOWN_NOW, *TOWN_DRAWS)},
             Key.APPLY: _apply_card, Key.ESCORT: _escort, Key.DELIVERED: _escort},
    "draw": {Key.DRAW_FOR_ME: drawing.draw_for_me, Key.ENTER_DRAW: drawing.enter_draw, Key.CANCEL: _cancel,
             Key.BULLET: drawing.bullet, Key.DONE: drawing.entry_done, Key.AGAIN: drawing.entry_again,
             Key.BACK: drawing.draw_back, Key.WON: drawing.won, Key.STEAL: drawing.steal},
    "result": {Key.REVEAL: _reveal, Key.STEP: _reveal_edit(forms.stepped), Key.SET: _reveal_edit(forms.chosen),
               Key.TABLE: _cancel, Key.END_TURN: _at_once(Key.END_TURN)},
    "final": {Key.TIEBREAK: _tiebreak},
}


def open_model(history: History, colours: tuple[tuple[str, str], ...] = ()) -> SpursModel:
    """The screen model of the game ``history`` holds (``colours``: each player's colour)."""
    return opened(SpursModel, ENGINE, history.state, history.can_undo, history.can_redo, seq=history.seq,
                  colours=colours)
