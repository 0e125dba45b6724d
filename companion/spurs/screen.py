"""The Spurs screen's flow, without Kivy: its pages, what each tap may do on each, and the
action a tap sends (see :mod:`companion.screen` for how a screen uses it).

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

import json
from dataclasses import dataclass, field, replace
from typing import Any, Callable, Mapping

from companion.engine import RuleError, dumps
from companion.screen import ScreenModel, Step, opened, refused
from companion.spurs import forms
from companion.spurs.bag import COLOURS
from companion.spurs.engine import ENGINE
from companion.spurs.forms import STEPS, Form, step_text
from companion.spurs.state import SpursState
from companion.spurs.view import CASH_IN, check_duel_entry, draw_plan, next_token, pool_colours, refusal, stealable

DIG = ("gold", "stones")
#: the menu's challenges and the town: the action the engine is asked about first, and the form
FORM_KINDS = {"hunt": "hunt", "outlaw": "outlaw", "horse": "horse", "cattle": "cattle", "desperado": "desperado",
              "gold": "gold", "town": "buy", "duel": "duel"}
#: the menu's entries sent at once
AT_ONCE = {"rest": {"type": "rest"}, "spend_spur": {"type": "spend_spur"},
           "reroll": {"type": "spend_spur", "use": "reroll"}, "end_turn": {"type": "end_turn"}}
#: town buttons that send at once, and those that draw first
TOWN_NOW = ("buy", "refresh", "sell", "turn_in", "doctor_pay", "saloon_card", "rounds", "sell_gold")
TOWN_DRAWS = ("doctor_draw", "rob")
STEALS = ("none", "money", "gold", "equipment", "token", "stagecoach")
#: taps whose double tap is meant: a number's second tap lands on the "+1" its first opened
DOUBLE_TAPPED = frozenset({"number"})


@dataclass(frozen=True)
class Draw:
    """A draw under way: the action it completes (``action``, canonical JSON without its
    draw), the phase (``odds`` before it, ``enter`` the real bag tapped in, ``winner`` a
    duel's draws shown and who won asked), where Cancel goes back to, and what is tapped."""

    action: str
    phase: str
    back: str = "table"
    part: int = 0  # a duel: whose bullets are being tapped (an index into the plan's parts)
    entered: tuple[tuple[str, int], ...] = ()  # this part's taps (and a dig's), by colour
    done: tuple[tuple[str, tuple[tuple[str, int], ...]], ...] = ()  # a duel: each part tapped so far
    seed: int | None = None  # a duel the companion drew, its winner not yet told
    steal: str = "none"  # a duel: what its winner steals
    odds: bool = False  # the draw began on its odds page (Back from the entry goes there)

    @property
    def pending(self) -> dict[str, Any]:
        return json.loads(self.action)

    def count(self, kind: str) -> int:
        return dict(self.entered).get(kind, 0)


@dataclass(frozen=True)
class Flow:
    """Where the table is: the page, the form and the draw under way, the number whose steps
    are open (player, number), the next desperado card of a fight, and the last form of each
    kind (so a routine turn is a few taps)."""

    page: str = "table"
    form: Form | None = None
    draw: Draw | None = None
    steps: tuple[str, str] | None = None
    reveal: Form = field(default_factory=lambda: forms.blank("reveal"))
    kept: tuple[Form, ...] = ()

    def kept_form(self, kind: str) -> Form | None:
        return next((f for f in self.kept if f.kind == kind), None)

    def keeping(self, form: Form) -> Flow:
        return replace(self, form=form, kept=tuple(f for f in self.kept if f.kind != form.kind) + (form,))


def whole(values: Mapping[str, int]) -> dict[str, int]:
    """Counts with the zeros left out (what a physical draw's action carries)."""
    return {kind: n for kind, n in values.items() if n}


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

    def tap(self, key: str, *args: Any) -> Step[SpursModel]:
        """What a tap on ``key`` does on the page shown (nothing, if the page has no such key)."""
        if key not in self.enabled():
            return Step(self)
        common = {"undo": SpursModel.undo, "redo": SpursModel.redo, "got_it": SpursModel.got_it}
        return (common.get(key) or TAPS[self.page][key])(self, *args)

    @property
    def page(self) -> str:
        return self.flow.page

    def stage(self) -> tuple[Any, ...]:
        flow, draw = self.flow, self.flow.draw
        return (flow.page, flow.form.kind if flow.form and flow.page == "form" else None,
                (draw.phase, draw.part) if draw and flow.page == "draw" else None, flow.steps is not None)

    def enabled(self) -> frozenset[str]:
        """The keys the page shown offers now."""
        if self.flow.steps is not None:
            return frozenset({"quick", "close_steps"})
        keys = set(OFFERED[self.page](self))
        keys |= {"undo"} if self.can_undo else set()
        keys |= {"redo"} if self.can_redo else set()
        return frozenset(keys | ({"got_it"} if self.message or self.news else set()))

    def go(self, flow: Flow) -> Step[SpursModel]:
        """Another page or form, nothing saved; what was said about the last tap is read."""
        return Step(replace(self, flow=self.settled(flow, self.state), message="", news=""))

    def send(self, action: Mapping[str, Any], flow: Flow, sound: str = "", restore: Flow | None = None
             ) -> Step[SpursModel]:
        """Save ``action`` and go on to ``flow``, saying what a new token is worth (undo comes
        back to ``restore``, default the flow now)."""
        step = self.commit(action, flow, sound=sound, restore=restore)
        if step.save is not None:
            hint = cash_hints(self.state, step.model.state)
            if hint:
                step = replace(step, model=replace(step.model, news=hint))
        return step

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
    if key not in STEPS or name not in [p.name for p in model.state.players]:
        return Step(model)
    return model.go(replace(model.flow, steps=(name, key)))


def _quick(model: SpursModel, step: int) -> Step[SpursModel]:
    """A step chosen: an Event card's effect on that player, saved like any action."""
    name, key = model.flow.steps or ("", "")
    if step not in STEPS.get(key, ()):
        return Step(model)
    flow = replace(model.flow, steps=None)
    action = {"type": "adjust", "player": name, key: step, "note": f"{name}: {key} {step_text(key, step)}"}
    step_ = model.send(action, flow, restore=flow)
    return step_ if step_.save else replace(step_, model=replace(step_.model, flow=flow))


def _close_steps(model: SpursModel) -> Step[SpursModel]:
    return model.go(replace(model.flow, steps=None))


def _menu(model: SpursModel) -> Step[SpursModel]:
    return model.go(replace(model.flow, page="menu"))


def _at_once(what: str) -> Callable[[SpursModel], Step[SpursModel]]:
    """A menu entry sent at once; a Spur spent stays on the menu (it boosts what comes next)."""
    def sent(model: SpursModel) -> Step[SpursModel]:
        action = AT_ONCE.get(what) or {"type": "cattle", "option": "rob", "token": next_token(model.state, "cattle")}
        stay = what in ("spend_spur", "reroll")
        return model.send(action, model.flow if stay else replace(model.flow, page="table", form=None, draw=None))
    return sent


# --- forms ----------------------------------------------------------------------------------

def _open(model: SpursModel, kind: str, **values: Any) -> Step[SpursModel]:
    """A form opened, unless the engine would refuse any action of its kind now (then why,
    at once: nobody fills in a whole challenge only to hear it was not allowed)."""
    asked = FORM_KINDS.get(kind)
    reason = refusal(model.state, asked) if asked else None
    if reason:
        return model.refuse(f"Refused: {reason}")
    form = forms.opened(kind, model.state, model.flow.kept_form(kind), **values)
    return model.go(replace(model.flow.keeping(form), page="form", draw=None))


def _opener(kind: str) -> Callable[..., Step[SpursModel]]:
    return lambda model: _open(model, kind)


def _event(model: SpursModel) -> Step[SpursModel]:
    return _open(model, "adjust", who=model.state.player.name)


def _edit(change: Callable[..., Form]) -> Callable[..., Step[SpursModel]]:
    """A tap on a field of the form shown."""
    def edited(model: SpursModel, *args: Any) -> Step[SpursModel]:
        form = model.flow.form
        return model.with_form(change(form, *args)) if form is not None else Step(model)
    return edited


def _set(model: SpursModel, name: str, value: object) -> Step[SpursModel]:
    form = model.flow.form
    options = {"opponent": tuple(p.name for p in model.state.players if p is not model.state.player),
               "who": tuple(p.name for p in model.state.players)}.get(name, ())
    return model.with_form(forms.chosen(form, name, value, options))


def _cancel(model: SpursModel) -> Step[SpursModel]:
    return model.to_table()


def form_action(model: SpursModel) -> dict[str, Any]:
    """The action the draw form shown would send now, without its draw."""
    form = model.flow.form
    if form.kind in ("hunt", "outlaw"):
        return forms.shoot_action(form)
    if form.kind == "duel":
        return forms.duel_action(form, model.state)
    return forms.gang_action(form, model.state.gang_rule == "house")


def _ready(model: SpursModel, action: Mapping[str, Any]) -> str | None:
    """Why this draw cannot be made yet (a token unnamed, a fight with no card), or None."""
    form = model.flow.form
    missing = forms.missing(form) if form is not None and form.kind != "town" else None
    if missing:
        return missing
    try:
        draw_plan(model.state, action)
    except RuleError as exc:
        return refused(exc)
    return None


def _draw_for_me(model: SpursModel, seed: int) -> Step[SpursModel]:
    """The companion draws (the seed given by the screen, recorded in the action); a duel's
    draws are shown first and its winner asked, as the table fights it (R-S8)."""
    action = form_action(model) if model.page == "form" else model.flow.draw.pending
    return _draw_now(model, action, seed, back=model.flow.draw.back if model.page == "draw" else "form")


def _draw_now(model: SpursModel, action: Mapping[str, Any], seed: int, back: str) -> Step[SpursModel]:
    if not isinstance(seed, int) or isinstance(seed, bool):
        return Step(model)
    why = _ready(model, action)
    if why:
        return model.refuse(why)
    if action["type"] == "duel":
        draw = Draw(dumps(action), "winner", back, seed=seed)
        shown = _duel_preview(model, draw)
        if isinstance(shown, str):
            return model.refuse(shown)
        return Step(replace(model, flow=replace(model.flow, page="draw", draw=draw), message="", news=""), None, "draw")
    return model.send({**action, "draw": "digital", "seed": seed}, _result_flow(model), sound="draw")


def _result_flow(model: SpursModel) -> Flow:
    return replace(model.flow, page="result", draw=None)


def _enter_draw(model: SpursModel) -> Step[SpursModel]:
    """The real bag's draw, tapped in bullet by bullet."""
    if model.page == "draw":
        return _entry_again(model)
    action = form_action(model)
    why = _ready(model, action)
    if why:
        return model.refuse(why)
    return model.go(replace(model.flow, page="draw", draw=Draw(dumps(action), "enter", "form")))


def _to_odds(model: SpursModel, action: Mapping[str, Any], back: str) -> Step[SpursModel]:
    """The odds page first, for a draw the form does not show the odds of (the town's, a
    gang waiting)."""
    why = _ready(model, action)
    if why:
        return model.refuse(why)
    return model.go(replace(model.flow, page="draw", draw=Draw(dumps(action), "odds", back, odds=True)))


def _fight_gang(model: SpursModel, token: str) -> Step[SpursModel]:
    gang = model.state.gang(token)
    if gang is None:
        return Step(model)
    return _to_odds(model, {"type": "desperado", "token": token, **forms.extra(model.flow.form)}, "form")


def _record_horse(model: SpursModel) -> Step[SpursModel]:
    form = model.flow.form
    why = forms.missing(form) or ("" if form.get("rounds") else "Tap each round as it ended first.")
    return model.refuse(why) if why else model.send(forms.horse_action(form), _table_flow(model))


def _table_flow(model: SpursModel) -> Flow:
    return replace(model.flow, page="table", form=None, draw=None)


def _round_up(result: str) -> Callable[[SpursModel], Step[SpursModel]]:
    def sent(model: SpursModel) -> Step[SpursModel]:
        form = model.flow.form
        why = forms.missing(form) or (
            "Tap the hexes where the cattle stand first." if result == "success" and not form.get("cells") else "")
        return model.refuse(why) if why else model.send(forms.cattle_action(form, result), _table_flow(model))
    return sent


def _town(what: str) -> Callable[[SpursModel], Step[SpursModel]]:
    """A button in town: sent at once (the player stays in town), or a draw's odds first."""
    def tapped(model: SpursModel) -> Step[SpursModel]:
        form = model.flow.form
        if what == "buy" and not form.text("item"):
            return model.refuse(forms.missing(form) or "")
        action = forms.town_action(form, model.state, what)
        if what in ("sell", "turn_in") and not action["tokens"]:
            return model.refuse("Nothing to cash in here: " + ("no pelt or horse chosen." if what == "sell"
                                                               else "no captured outlaw chosen."))
        if what in TOWN_DRAWS:
            return _to_odds(model, action, "form")
        step = model.send(action, model.flow)
        if step.save is not None:
            step = replace(step, model=replace(step.model, flow=step.model.flow.keeping(forms.cleared(form, what))))
        return step
    return tapped


def _apply_card(model: SpursModel) -> Step[SpursModel]:
    action = forms.adjust_action(model.flow.form)
    if len(action) == 2:
        return model.refuse("Set what the card changes first (a number above, or the bank's cash).")
    return model.send(action, _table_flow(model))


def _escort(model: SpursModel, holder: str | None = None) -> Step[SpursModel]:
    """Who escorts the Stagecoach event card now (None: delivered or gone, R-S13)."""
    if holder is not None and holder not in [p.name for p in model.state.players]:
        return Step(model)
    return model.send({"type": "stagecoach", "holder": holder}, _table_flow(model))


# --- the draw: the odds, the bag entry, who won a duel -----------------------------------------

def entry(model: SpursModel) -> tuple[int, int, int, str | None, str]:
    """What the bag entry takes now: (bullets asked, dug asked, optional extra, weapon, whose
    bag), a duel's part by part (R-S8)."""
    draw = model.flow.draw
    plan = draw_plan(model.state, draw.pending)
    if plan.parts:
        part = plan.parts[draw.part]
        return part.asked, 0, part.optional, part.weapon, model.state.players[part.player].name
    return plan.bullets, plan.dig, plan.optional, plan.weapon, model.state.player.name


def pool(model: SpursModel) -> dict[str, int]:
    """What the entry can take: the bullets of the weapon's pool, and the Gold/Stones bag's."""
    _, _, _, weapon, whose = entry(model)
    return {**pool_colours(model.state, weapon, whose), **model.state.gold_bag.counts()}


def complete(model: SpursModel) -> bool:
    """Every object asked for is tapped (all there are, when the bag holds fewer)."""
    bullets, dig, _, _, _ = entry(model)
    held, draw = pool(model), model.flow.draw
    tapped = sum(draw.count(c) for c in COLOURS)
    dug = sum(draw.count(k) for k in DIG)
    return (tapped >= min(bullets, sum(held[c] for c in COLOURS))
            and dug >= min(dig, sum(held[k] for k in DIG)))


def _bullet(model: SpursModel, kind: str) -> Step[SpursModel]:
    """One object out of the bag. The last one asked for sends the entry (one tap a
    bullet), unless a Spur's extra draw may be left out (then Done)."""
    draw = model.flow.draw
    bullets, dig, optional, _, _ = entry(model)
    if kind not in (*COLOURS, *DIG) or draw.count(kind) >= pool(model).get(kind, 0):
        return Step(model)
    taken = sum(draw.count(k) for k in (DIG if kind in DIG else COLOURS))
    if taken >= (dig if kind in DIG else bullets):  # no more than the draw asks for
        return Step(model)
    counts = {**dict(draw.entered), kind: draw.count(kind) + 1}
    tapped = replace(model, flow=replace(model.flow, draw=replace(draw, entered=tuple(counts.items()))), message="")
    if not optional and complete(tapped):
        return _entry_done(tapped, restore=model.flow)
    return Step(tapped)


def _entry_done(model: SpursModel, restore: Flow | None = None) -> Step[SpursModel]:
    """The entry as tapped; a duel's part checked as the engine will check it, then the next
    duellist's bag, then who won."""
    draw = model.flow.draw
    drawn = whole({c: draw.count(c) for c in COLOURS})
    plan = draw_plan(model.state, draw.pending)
    if plan.parts:
        part = plan.parts[draw.part]
        try:
            check_duel_entry(model.state, part, drawn)
        except RuleError as exc:
            return model.refuse(refused(exc))
        done = draw.done + ((model.state.players[part.player].name, tuple(drawn.items())),)
        last = draw.part + 1 >= len(plan.parts)
        draw = replace(draw, part=draw.part + (not last), entered=(), done=done, phase="winner" if last else "enter")
        return Step(replace(model, flow=replace(model.flow, draw=draw), message=""))
    action: dict[str, Any] = {**draw.pending, "draw": "physical"}
    if plan.bullets:
        action["drawn"] = drawn
    if plan.dig:
        action["found"] = {k: draw.count(k) for k in DIG}
    return model.send(action, _result_flow(model), sound="draw", restore=restore)


def _entry_again(model: SpursModel) -> Step[SpursModel]:
    """The bag entry from its start (a duel: the first duellist's bullets again)."""
    draw = replace(model.flow.draw, phase="enter", part=0, entered=(), done=(), seed=None)
    return model.go(replace(model.flow, draw=draw))


def _draw_back(model: SpursModel) -> Step[SpursModel]:
    """Back: from the bag entry to the odds or the form; from a duel's winner to its form."""
    draw = model.flow.draw
    if draw.phase == "enter" and draw.odds:
        return model.go(replace(model.flow, draw=replace(draw, phase="odds", part=0, entered=(), done=())))
    if draw.back == "form" and model.flow.form is not None:
        return model.go(replace(model.flow, page="form", draw=None))
    return model.to_table()


def duel_taken(model: SpursModel) -> dict[str, Any]:
    """The duel's draw as it will be recorded: the companion's seed, or each bag's entry."""
    draw = model.flow.draw
    if draw.seed is not None:
        return {"draw": "digital", "seed": draw.seed}
    return {"draw": "physical", "drawn": {name: dict(counts) for name, counts in draw.done}}


def _duel_preview(model: SpursModel, draw: Draw) -> SpursState | str:
    """The state with both duellists' draws made (the winner not yet known), or why not."""
    flow = replace(model.flow, draw=draw)
    trial = replace(model, flow=flow)
    action = {**draw.pending, **duel_taken(trial), "winner": model.state.player.name, "steal": None}
    try:
        return ENGINE.apply(model.state, json.loads(dumps(action)))
    except RuleError as exc:
        return refused(exc)


def steal_of(what: str, item: str | None) -> dict[str, Any] | None:
    """The action's steal for a kind and, for Equipment or a token, which one (R-S8)."""
    if what == "none":
        return None
    return {"what": what, **({"name": item} if what == "equipment" else {"token": item} if what == "token" else {})}


@dataclass(frozen=True)
class Outcome:
    """A duel's outcome to tap once both draws are seen: who won, and what they steal."""

    winner: str
    item: str | None
    words: str
    enabled: bool


def duellists(model: SpursModel) -> tuple[str, str]:
    """The duel's two players: the current player first."""
    return model.state.player.name, model.flow.draw.pending["opponent"]


def outcomes(model: SpursModel) -> list[Outcome]:
    """Each duellist winning, with what the steal takes from the loser (R-S8): one outcome,
    or one per item the steal could take; one the loser cannot give says why, and is off."""
    state, what = model.state, model.flow.draw.steal
    names = duellists(model)
    found = []
    for name in names:
        loser = state.players[state.index(names[1] if name == names[0] else names[0])]
        if what == "none":
            found.append(Outcome(name, None, f"{name} won", True))
            continue
        options = stealable(loser, state.stagecoach)[what]
        if not options:
            lacks = {"money": "no money", "gold": "no nugget", "equipment": "no Equipment that can be stolen",
                     "token": "no challenge token", "stagecoach": "not the Stagecoach"}[what]
            found.append(Outcome(name, None, f"{name} won: {loser.name} has {lacks} to steal", False))
        elif what in ("equipment", "token"):
            found += [Outcome(name, item, f"{name} won, steals {item}", True) for item in options]
        else:
            took = {"money": f"half of {loser.name}'s money", "gold": "a nugget", "stagecoach": "the Stagecoach"}[what]
            found.append(Outcome(name, None, f"{name} won, steals {took}", True))
    return found


def _won(model: SpursModel, winner: str, item: str | None = None) -> Step[SpursModel]:
    """Who won the duel the table fought with the draws shown: its consequences saved (R-S8)."""
    draw = model.flow.draw
    if not any(o.enabled and (o.winner, o.item) == (winner, item) for o in outcomes(model)):
        return Step(model)
    action = {**draw.pending, **duel_taken(model), "winner": winner, "steal": steal_of(draw.steal, item)}
    return model.send(action, _result_flow(model), sound="draw")


def _steal(model: SpursModel, what: str) -> Step[SpursModel]:
    if what not in STEALS:
        return Step(model)
    return model.go(replace(model.flow, draw=replace(model.flow.draw, steal=what)))


# --- the result, the fight, the end ------------------------------------------------------------

def _reveal(model: SpursModel) -> Step[SpursModel]:
    """The next desperado of a fight in progress (standard rule)."""
    return model.send({"type": "reveal", "desperado": model.flow.reveal.card("")}, _result_flow(model))


def _reveal_edit(change: Callable[..., Form]) -> Callable[..., Step[SpursModel]]:
    def edited(model: SpursModel, *args: Any) -> Step[SpursModel]:
        return Step(replace(model, flow=replace(model.flow, reveal=change(model.flow.reveal, *args)), message=""))
    return edited


def _tiebreak(model: SpursModel, winner: str) -> Step[SpursModel]:
    return model.send({"type": "tiebreak", "winner": winner}, model.flow)


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

def _table_keys(model: SpursModel) -> set[str]:
    return {"sheet", "number", "actions", "end_turn"}


def _menu_keys(model: SpursModel) -> set[str]:
    return {*FORM_KINDS, *AT_ONCE, "rob_rancher", "event", "table"}


def _form_keys(model: SpursModel) -> set[str]:
    kind = model.flow.form.kind
    keys = {"step", "set", "cancel"}
    keys |= {"draw_for_me", "enter_draw"} if kind in forms.DRAWING else set()
    keys |= {"fight_gang"} if kind == "desperado" and model.state.gangs else set()
    keys |= {"round", "unround", "record"} if kind == "horse" else set()
    keys |= {"toggle", "round_up_done", "cattle_lost"} if kind == "cattle" else set()
    keys |= {"toggle", *TOWN_NOW, *TOWN_DRAWS} if kind == "town" else set()
    keys |= {"apply", "escort", "delivered"} if kind == "adjust" else set()
    return keys


def _draw_keys(model: SpursModel) -> set[str]:
    phase = model.flow.draw.phase
    if phase == "odds":
        return {"draw_for_me", "enter_draw", "cancel"}
    if phase == "enter":
        return {"bullet", "done", "again", "back"}
    return {"won", "steal", "back"}


def _result_keys(model: SpursModel) -> set[str]:
    if model.state.fight is not None:
        return {"reveal", "step", "set"}
    return {"table", "end_turn"}


def _final_keys(model: SpursModel) -> set[str]:
    return {"tiebreak"} if model.state.tied_for_first else set()


OFFERED: dict[str, Callable[[SpursModel], set[str]]] = {
    "table": _table_keys, "menu": _menu_keys, "form": _form_keys, "draw": _draw_keys, "result": _result_keys,
    "final": _final_keys}

TAPS: dict[str, dict[str, Callable[..., Step[SpursModel]]]] = {
    "table": {"sheet": _sheet, "number": _number, "quick": _quick, "close_steps": _close_steps, "actions": _menu,
              "end_turn": _at_once("end_turn")},
    "menu": {**{kind: _opener(kind) for kind in FORM_KINDS}, **{what: _at_once(what) for what in AT_ONCE},
             "rob_rancher": _at_once("rob_rancher"), "event": _event, "table": _cancel},
    "form": {"step": _edit(forms.stepped), "set": _set, "toggle": _edit(forms.toggled),
             "round": _edit(forms.rounded), "unround": _edit(lambda form: forms.rounded(form, None)),
             "cancel": _cancel, "draw_for_me": _draw_for_me, "enter_draw": _enter_draw, "fight_gang": _fight_gang,
             "record": _record_horse, "round_up_done": _round_up("success"), "cattle_lost": _round_up("failed"),
             **{what: _town(what) for what in (*TOWN_NOW, *TOWN_DRAWS)},
             "apply": _apply_card, "escort": _escort, "delivered": _escort},
    "draw": {"draw_for_me": _draw_for_me, "enter_draw": _enter_draw, "cancel": _cancel, "bullet": _bullet,
             "done": _entry_done, "again": _entry_again, "back": _draw_back, "won": _won, "steal": _steal},
    "result": {"reveal": _reveal, "step": _reveal_edit(forms.stepped), "set": _reveal_edit(forms.chosen),
               "table": _cancel, "end_turn": _at_once("end_turn")},
    "final": {"tiebreak": _tiebreak},
}


def open_model(state: SpursState, can_undo: bool = False, can_redo: bool = False,
               colours: tuple[tuple[str, str], ...] = ()) -> SpursModel:
    """The screen model of a game opened at ``state`` (``colours``: each player's colour)."""
    return opened(SpursModel, ENGINE, state, can_undo, can_redo, colours=colours)
