"""Every tap the Bountytown screen offers, with what its button gives (a test's tap generator)."""

from __future__ import annotations

import json
from typing import Any

from companion.bountytown import dueling, shown
from companion.bountytown.cardform import LIMITS
from companion.bountytown.engine import ENGINE
from companion.bountytown.screen import STEPS, BountytownModel, open_model
from companion.bountytown.state import ITEM_PRICES
from companion.bountytown.view import SUIT_NAMES
from tests.screenplay import Table

GRID = ["Bandit Hideout", "Boot Hill", "Boarding House", "Sheriff's Office", "Doc's", "General Store",
        "Bank", "Trading Post", "Abandoned Jailhouse"]
BOUNTIES = [
    {"name": "Butch Cassidy", "renown": 3, "locations": ["Bandit Hideout", "Bank"], "base": ["3C", "3D"], "draws": 2,
     "items": 1},
    {"name": "Jesse James", "renown": 2, "locations": ["Boot Hill", "Trading Post"], "base": ["5H"], "draws": 2},
    {"name": "Belle Starr", "renown": 1, "locations": ["Boarding House", "Abandoned Jailhouse"], "draws": 3},
]
SAM_BASS = {"name": "Sam Bass", "renown": 1, "locations": ["Bandit Hideout", "Bank"], "base": [], "draws": 1, "items": 0}
KNOWN = tuple(json.dumps({"base": [], "items": 0, **b}, sort_keys=True)
              for b in (SAM_BASS, {"name": "Doc Holliday", "renown": 1, "locations": ["Bank", "Doc's"], "draws": 1}))
CARDS = ("1H", "2S", "3C", "3D", "5H", "5S", "2G", "4G", "1C", "2D")
SEEDS = (1, 7)


def game(names=("Bart", "Valentina", "Terry"), limits=None, known=KNOWN, **settings: Any):
    limits = limits or {}
    players = [{"name": n, "character": n, "hand_limit": limits.get(n, 5)} for n in names]
    table = Table(ENGINE, {"players": players, "grid": GRID, "bounties": BOUNTIES,
                           "store": ["Crucifix", "Rifle", "Cowboy Hat", "First Aid Kit"], **settings})
    colours = tuple(zip(names, ("red", "blue", "yellow", "green", "purple", "orange")))
    return open_model(table, colours=colours, known=known), table


def _desk(desk) -> list[tuple[Any, ...]]:
    taps: list[tuple[Any, ...]] = [("card", c) for c in CARDS] + [("remove_last",), ("clear",)]
    taps += [("tab", i) for i in range(len(desk.slots))]
    if desk.slot is not None:
        taps += [("chip", i) for i in range(len(desk.slot.cards))]
    return taps + [("typed", "3G 1h"), ("typed", "6H")]


def offered(model: BountytownModel) -> list[tuple[Any, ...]]:
    """Every tap a button on the page shown gives, and a few no button gives."""
    state, flow = model.state, model.flow
    taps: list[tuple[Any, ...]] = [("undo",), ("redo",), ("got_it",), ("nothing",)]
    if flow.steps is not None:
        return taps + [("quick", s) for s in STEPS[flow.steps[1]]] + [("close_steps",)]
    page = model.page
    if page in ("town", "players"):
        taps += [("move", where) for where in state.grid] + [("player", p.name) for p in state.players]
        taps += [(k,) for k in ("board", "ability", "buy", "heal", "turnin", "reload", "end_turn")]
        taps += [("duel", seed) for seed in SEEDS]
    elif page == "player":
        taps += [("back",), ("use", "First Aid Kit"), ("use", "Box of Ammunition")]
        taps += [("number", p.name, key) for p in state.players for key in STEPS]
    elif page == "store":
        taps += [("choose", i) for i in range(len(state.store))] + [("restock", item) for item in ITEM_PRICES]
        taps += _desk(flow.gold) + [("back",), ("buy",)]
    elif page == "turnin":
        taps += [("turn_in", b.name) for b in state.current.captured] + [("back",)]
    elif page == "reveal":
        taps += [("name", n) for n in ("", "Sundance Kid", "Butch Cassidy")] + [("mark", where) for where in GRID]
        taps += [("step", name, sign) for name in LIMITS for sign in (-1, 1)] + [("value", v) for v in (1, 3, 5)]
        taps += [("suit", s) for s in SUIT_NAMES.values()] + [("unbase", 0), ("reveal",), ("train",), ("train_yes",), ("train_no",), ("back",)]
        taps += [("known", k) for k in model.known]
    elif page == "duel":
        step = flow.duel.step
        if step == "target":
            chosen, extras = shown.targets(model)
            taps += [o.tap for o in chosen + extras if o.tap] + [("to_cards",), ("back",)]
            # whoever is out of reach too: the list does not offer them, the model refuses them
            taps += [("target", "bounty", b.name) for b in state.active] + [("target", "player", p.name)
                                                                          for p in state.players]
        elif step == "cards":
            taps += _desk(flow.duel.desk) + [("to_result",), ("back",)]
            taps += [("in_hand", name, sign) for name in dueling.duellists(state, flow.duel) for sign in (-1, 1)]
        else:
            taps += [o.tap for o in shown.result(model)[2] if o.tap] + [("confirm",), ("back",), ("cancel",)]
    elif page == "end":
        taps += _desk(flow.final) + [("record",)]
    return taps


def words(model: BountytownModel) -> list[str]:
    return shown.everything(model)



