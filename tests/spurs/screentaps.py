"""Every tap the Spurs screen offers, with what its button gives (a test's tap generator)."""

from __future__ import annotations

from typing import Any

from companion.spurs import drawing, forms, screen, shown
from companion.spurs.bag import COLOURS
from companion.spurs.engine import ENGINE
from companion.spurs.forms import FIELDS, STEPS, Choice, Number, Picks, Text
from companion.spurs.herd import HEXES
from companion.spurs.flow import DIG, STEALS
from companion.spurs.screen import SpursModel, open_model
from companion.spurs.view import cashable
from tests.screenplay import Table

Tap = tuple[Any, ...]
SEEDS = (1, 7, 42)
WORDS = ("", "P9", "Lasso", "  Bowie   Knife ")


def game(players: list[dict[str, Any]], **settings: Any) -> tuple[SpursModel, Table]:
    table = Table(ENGINE, {"players": players, **settings})
    colours = tuple((p["name"], c) for p, c in zip(players, ("red", "yellow", "blue", "green")))
    return open_model(table, colours=colours), table


def _form_taps(model: SpursModel, form: forms.Form) -> list[Tap]:
    taps: list[Tap] = []
    state = model.state
    for name, spec in FIELDS[form.kind].items():
        if isinstance(spec, Number):
            taps += [("step", name, -1), ("step", name, 1)]
        elif isinstance(spec, Choice):
            options = spec.options or {"opponent": [p.name for p in state.players if p is not state.player],
                                       "who": [p.name for p in state.players]}[name]
            taps += [("set", name, option) for option in options]
        elif isinstance(spec, Text):
            taps += [("set", name, words) for words in WORDS]
        elif isinstance(spec, Picks) and name == "cells":
            taps += [("toggle", "cells", cell) for cell in HEXES]
        elif isinstance(spec, Picks):
            taps += [("toggle", name, t) for t in cashable(state.player, "sell") + cashable(state.player, "turn_in")]
    return taps


def offered(model: SpursModel) -> list[Tap]:
    """Every tap a button on the page shown gives, and a few no button gives."""
    state = model.state
    taps: list[Tap] = [("undo",), ("redo",), ("got_it",), ("nothing",)]
    if model.flow.steps is not None:
        return taps + [("quick", s) for s in STEPS[model.flow.steps[1]]] + [("close_steps",)]
    page = model.page
    if page == "table":
        taps += [("sheet", p.name) for p in state.players] + [("actions",), ("end_turn",)]
        taps += [("number", p.name, key) for p in state.players for key in STEPS]
    elif page == "menu":
        taps += [(key,) for key in (*screen.FORM_KINDS, *screen.AT_ONCE, "rob_rancher", "event", "table")]
    elif page == "form":
        form = model.flow.form
        taps += _form_taps(model, form)
        taps += [(key,) for key in ("cancel", "enter_draw", "record", "round_up_done", "cattle_lost", "unround", "apply",
                                    "delivered", *screen.TOWN_NOW, *screen.TOWN_DRAWS)]
        taps += [("draw_for_me", seed) for seed in SEEDS] + [("round", r) for r in forms.HORSE_ROUNDS]
        taps += [("fight_gang", g.token) for g in state.gangs] + [("escort", p.name) for p in state.players]
    elif page == "draw":
        taps += [("bullet", kind) for kind in (*COLOURS, *DIG)] + [("done",), ("again",), ("back",), ("cancel",)]
        taps += [("draw_for_me", seed) for seed in SEEDS] + [("enter_draw",)] + [("steal", s) for s in STEALS]
        if model.flow.draw.phase == "winner":
            taps += [("won", o.winner, o.item) for o in drawing.outcomes(model)]
    elif page == "result":
        taps += [("reveal",), ("table",), ("end_turn",)] + _form_taps(model, model.flow.reveal)
    elif page == "final":
        taps += [("tiebreak", name) for name in state.tied_for_first]
    return taps


def words(model: SpursModel) -> list[str]:
    """Every sentence the page shown (and the steps over it) gives a player."""
    return shown.everything(model)
