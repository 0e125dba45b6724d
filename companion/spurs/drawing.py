"""A Spurs draw on the screen, without Kivy: the odds first, the companion's draw or the real
bag's tapped in bullet by bullet, and a duel's two draws shown before who won is asked
(R-S8: the table fights with the draw; the companion records the winner).

Each function takes the screen's model (:class:`companion.spurs.screen.SpursModel`) and
gives the step a tap makes; what the entry takes is worked out by the same ``draw_plan`` the
engine's draw uses, so the bag entry asks for exactly what the engine then checks.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, replace
from typing import Any, Mapping

from companion.contracts.engine import RuleError, dumps
from companion.contracts.screen import Step, refused
from companion.spurs import forms
from companion.spurs.bag import COLOURS
from companion.spurs.engine import ENGINE
from companion.spurs.flow import DIG, STEALS, Draw, Flow, result_flow, whole
from companion.spurs.state import SpursState
from companion.spurs.view import check_duel_entry, draw_plan, pool_colours, stealable

Model = Any  # the Spurs screen's model (companion.spurs.screen.SpursModel), which imports this module


def form_action(model: Model) -> dict[str, Any]:
    """The action the draw form shown would send now, without its draw."""
    form = model.flow.form
    if form.kind in ("hunt", "outlaw"):
        return forms.shoot_action(form)
    if form.kind == "duel":
        return forms.duel_action(form, model.state)
    return forms.gang_action(form, model.state.gang_rule == "house")


def ready(model: Model, action: Mapping[str, Any]) -> str | None:
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


def draw_for_me(model: Model, seed: int) -> Step[Model]:
    """The companion draws (the seed given by the screen, recorded in the action); a duel's
    draws are shown first and its winner asked, as the table fights it (R-S8)."""
    action = form_action(model) if model.page == "form" else model.flow.draw.pending
    return draw_now(model, action, seed, back=model.flow.draw.back if model.page == "draw" else "form")


def draw_now(model: Model, action: Mapping[str, Any], seed: int, back: str) -> Step[Model]:
    if not isinstance(seed, int) or isinstance(seed, bool):
        return Step(model)
    why = ready(model, action)
    if why:
        return model.refuse(why)
    if action["type"] == "duel":
        draw = Draw(dumps(action), "winner", back, seed=seed)
        shown = duel_preview(model, draw)
        if isinstance(shown, str):
            return model.refuse(shown)
        return Step(replace(model, flow=replace(model.flow, page="draw", draw=draw), message="", news=""), None, "draw")
    return model.commit({**action, "draw": "digital", "seed": seed}, result_flow(model.flow), sound="draw")


def enter_draw(model: Model) -> Step[Model]:
    """The real bag's draw, tapped in bullet by bullet."""
    if model.page == "draw":
        return entry_again(model)
    action = form_action(model)
    why = ready(model, action)
    if why:
        return model.refuse(why)
    return model.go(replace(model.flow, page="draw", draw=Draw(dumps(action), "enter", "form")))


def to_odds(model: Model, action: Mapping[str, Any], back: str) -> Step[Model]:
    """The odds page first, for a draw the form does not show the odds of (the town's, a
    gang waiting)."""
    why = ready(model, action)
    if why:
        return model.refuse(why)
    return model.go(replace(model.flow, page="draw", draw=Draw(dumps(action), "odds", back, odds=True)))


def entry(model: Model) -> tuple[int, int, int, str | None, str]:
    """What the bag entry takes now: (bullets asked, dug asked, optional extra, weapon, whose
    bag), a duel's part by part (R-S8)."""
    draw = model.flow.draw
    plan = draw_plan(model.state, draw.pending)
    if plan.parts:
        part = plan.parts[draw.part]
        return part.asked, 0, part.optional, part.weapon, model.state.players[part.player].name
    return plan.bullets, plan.dig, plan.optional, plan.weapon, model.state.player.name


def pool(model: Model) -> dict[str, int]:
    """What the entry can take: the bullets of the weapon's pool, and the Gold/Stones bag's."""
    _, _, _, weapon, whose = entry(model)
    return {**pool_colours(model.state, weapon, whose), **model.state.gold_bag.counts()}


def complete(model: Model) -> bool:
    """Every object asked for is tapped (all there are, when the bag holds fewer)."""
    bullets, dig, _, _, _ = entry(model)
    held, draw = pool(model), model.flow.draw
    tapped = sum(draw.count(c) for c in COLOURS)
    dug = sum(draw.count(k) for k in DIG)
    return (tapped >= min(bullets, sum(held[c] for c in COLOURS))
            and dug >= min(dig, sum(held[k] for k in DIG)))


def bullet(model: Model, kind: str) -> Step[Model]:
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
        return entry_done(tapped, restore=model.flow)
    return Step(tapped)


def entry_done(model: Model, restore: Flow | None = None) -> Step[Model]:
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
    return model.commit(action, result_flow(model.flow), sound="draw", restore=restore)


def entry_again(model: Model) -> Step[Model]:
    """The bag entry from its start (a duel: the first duellist's bullets again)."""
    draw = replace(model.flow.draw, phase="enter", part=0, entered=(), done=(), seed=None)
    return model.go(replace(model.flow, draw=draw))


def draw_back(model: Model) -> Step[Model]:
    """Back: from the bag entry to the odds or the form; from a duel's winner to its form."""
    draw = model.flow.draw
    if draw.phase == "enter" and draw.odds:
        return model.go(replace(model.flow, draw=replace(draw, phase="odds", part=0, entered=(), done=())))
    if draw.back == "form" and model.flow.form is not None:
        return model.go(replace(model.flow, page="form", draw=None))
    return model.to_table()


def duel_taken(model: Model) -> dict[str, Any]:
    """The duel's draw as it will be recorded: the companion's seed, or each bag's entry."""
    draw = model.flow.draw
    if draw.seed is not None:
        return {"draw": "digital", "seed": draw.seed}
    return {"draw": "physical", "drawn": {name: dict(counts) for name, counts in draw.done}}


def duel_preview(model: Model, draw: Draw) -> SpursState | str:
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


def duellists(model: Model) -> tuple[str, str]:
    """The duel's two players: the current player first."""
    return model.state.player.name, model.flow.draw.pending["opponent"]


def outcomes(model: Model) -> list[Outcome]:
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


def won(model: Model, winner: str, item: str | None = None) -> Step[Model]:
    """Who won the duel the table fought with the draws shown: its consequences saved (R-S8)."""
    draw = model.flow.draw
    if not any(o.enabled and (o.winner, o.item) == (winner, item) for o in outcomes(model)):
        return Step(model)
    action = {**draw.pending, **duel_taken(model), "winner": winner, "steal": steal_of(draw.steal, item)}
    return model.commit(action, result_flow(model.flow), sound="draw")


def steal(model: Model, what: str) -> Step[Model]:
    if what not in STEALS:
        return Step(model)
    return model.go(replace(model.flow, draw=replace(model.flow.draw, steal=what)))
