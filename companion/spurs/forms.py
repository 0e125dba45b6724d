"""The Spurs forms as values: what each form asks, what a tap on it changes, and the
action it makes.

A form is an immutable :class:`Form` (its kind and the value of each field); every field
has a :class:`Spec` that bounds it (a stepper's range, a row of choices, a text's length),
so no tap can put a value in a form that the game does not allow. What the form sends is
built here from those values; what is still missing is said in the players' words before
anything is sent (the engine's own refusals name action fields, which a player never sees).
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any

from companion.contracts.screen import signed
from companion.spurs.bag import COLOURS, WEAPONS
from companion.spurs.herd import CATTLE
from companion.spurs.state import SpursState
from companion.spurs.view import cashable, next_token

CARD_FIELDS = ("weapon", "hits", "cash", "fame")
GANG = 3  # the most desperados a fight shows (companion.intake.limits.GANG_SIZE)
NO_RED, RED = "no", "yes"
ROOMS = ("store", "sheriff", "doctor", "saloon", "bank")
DELTAS = ("fame", "money", "spurs", "posters", *COLOURS)


@dataclass(frozen=True)
class Number:
    """A whole number set with - and +."""

    default: int
    least: int = 0
    most: int = 9
    step: int = 1


@dataclass(frozen=True)
class Choice:
    """One of a row of choices (``options`` None: chosen among what the state offers)."""

    default: str
    options: tuple[str, ...] | None = None


@dataclass(frozen=True)
class Text:
    """Words typed on the keys: at most ``longest`` characters, spaces made single."""

    longest: int
    what: str  # in the players' words, for "Type ..." when it is empty


@dataclass(frozen=True)
class Picks:
    """Items tapped on or off (hexes of the Mini Board, tokens left out of a cash-in)."""


@dataclass(frozen=True)
class Rounds:
    """Outcomes tapped one after another."""


Spec = Number | Choice | Text | Picks | Rounds

TOKEN = Text(8, "the token's name, as printed on it")
MONEY = Number(10, 0, 200, 5)
CARD: dict[str, Spec] = {"weapon": Choice("revolver", WEAPONS), "hits": Number(1, 1, 9), "cash": Number(0, 0, 200, 5),
        "fame": Number(0, 0, 9)}
SHOOT: dict[str, Spec] = {"token": TOKEN, "hits": Number(2, 1, 9), "cash": MONEY, "fame": Number(1), "red": Choice(NO_RED, (NO_RED, RED)),
         "extra": Number(0)}
CARDS: dict[str, Spec] = {f"card{i}.{name}": spec for i in range(1, GANG + 1) for name, spec in CARD.items()}
CHANGES: dict[str, Spec] = {"fame": Number(0, -99, 99), "money": Number(0, -999, 999, 5), "spurs": Number(0, -9, 9),
           "posters": Number(0, -9, 9), **{c: Number(0, -20, 20) for c in COLOURS}}

#: every form's fields, by kind
FIELDS: dict[str, dict[str, Spec]] = {
    "hunt": SHOOT,
    "outlaw": SHOOT,
    "horse": {"token": TOKEN, "needed": Number(3, 1, 9), "cash": MONEY, "fame": Number(1), "rounds": Rounds()},
    "cattle": {"token": TOKEN, "fame": Number(2), "rounds_left": Number(0), "cells": Picks()},
    "desperado": {"token": TOKEN, "count": Number(1, 1, GANG), "extra": Number(0), **CARDS},
    "gold": {"token": TOKEN, "nuggets": Number(2, 1, 9), "count": Number(1, 0, GANG), "extra": Number(0), **CARDS},
    "duel": {"opponent": Choice(""), "my_weapon": Choice("revolver", WEAPONS),
             "their_weapon": Choice("revolver", WEAPONS)},
    "town": {"room": Choice("store", ROOMS), "item": Text(24, "the Equipment card's name"), "cost": MONEY,
             "left_out": Picks(), "reds": Number(1, 1, 9), "times": Number(1, 1, 9), "nuggets": Number(1, 1, 20),
             "weapon": Choice("revolver", WEAPONS), **{f"saloon.{k}": s for k, s in CHANGES.items()}},
    "adjust": {"who": Choice(""), **CHANGES, "bank": Number(0, -999, 999, 10), "note": Text(40, "a note")},
    "reveal": dict(CARD),
}
#: the forms that draw, and so show their odds as they are filled in
DRAWING = frozenset({"hunt", "outlaw", "desperado", "gold", "duel"})
HORSE_ROUNDS = {"clear": "clear", "thorny": "thorny", "quit": "quit", "fail": "fail"}
#: a number on a sheet -> the steps offered over it, smallest first; "+1" is always one of them
STEPS = {"fame": (-1, 1, 2, 3), "money": (-10, -5, -1, 1, 5, 10), "spurs": (-1, 1), "posters": (-1, 1)}


def step_text(key: str, step: int) -> str:
    """A step as its button says it: "+1", "-1", "+$5"."""
    return signed(step, "$" if key == "money" else "")


@dataclass(frozen=True)
class Form:
    """One form's kind and the value of each of its fields (in the order ``FIELDS`` lists)."""

    kind: str
    values: tuple[tuple[str, Any], ...]

    def get(self, name: str, default: Any = None) -> Any:
        """A field's value (``default`` for a field this kind of form does not have)."""
        return dict(self.values).get(name, default)

    def text(self, name: str) -> str:
        """Words as typed, spaces made single (what an action carries)."""
        return " ".join(str(self.get(name, "")).split())

    def with_values(self, **changes: Any) -> Form:
        return replace(self, values=tuple((name, changes.get(name, value)) for name, value in self.values))

    def card(self, prefix: str) -> dict[str, Any]:
        """A Desperado card's fields (``prefix`` "card1" ... or "" for the reveal form)."""
        dot = f"{prefix}." if prefix else ""
        return {name: self.get(dot + name) for name in CARD_FIELDS}


def blank(kind: str) -> Form:
    """A form of ``kind`` with every field at its default."""
    return Form(kind, tuple((name, _default(spec)) for name, spec in FIELDS[kind].items()))


def _default(spec: Spec) -> Any:
    if isinstance(spec, (Number, Choice)):
        return spec.default
    return "" if isinstance(spec, Text) else ()


def opened(kind: str, state: SpursState, kept: Form | None = None, **values: Any) -> Form:
    """The form as it opens: the values last used for its kind (a routine turn is a few
    taps), a fresh token name, what the table just did cleared, and ``values`` given."""
    form = kept if kept is not None and kept.kind == kind else blank(kind)
    fields = FIELDS[kind]
    fresh: dict[str, Any] = {name: _default(spec) for name, spec in fields.items() if isinstance(spec, (Picks, Rounds))}
    if "token" in fields:
        fresh["token"] = next_token(state, "desperado" if kind == "reveal" else kind)
    if kind == "adjust":
        fresh.update({name: 0 for name in (*CHANGES, "bank")}, note="")
    if kind == "duel":
        others = [p.name for p in state.players if p is not state.player]
        fresh["opponent"] = form.get("opponent") if form.get("opponent") in others else others[0]
    return form.with_values(**{**fresh, **values})


def stepped(form: Form, name: str, sign: int) -> Form:
    """A stepper's - (``sign`` -1) or + (1), kept within its range."""
    spec = FIELDS[form.kind].get(name)
    if not isinstance(spec, Number) or sign not in (-1, 1):
        return form
    return form.with_values(**{name: max(spec.least, min(spec.most, form.get(name) + sign * spec.step))})


def chosen(form: Form, name: str, value: object, options: tuple[str, ...] = ()) -> Form:
    """A choice tapped (one of the spec's options, or of ``options`` the state offers), or
    words typed (cut to the field's length, spaces made single)."""
    spec = FIELDS[form.kind].get(name)
    if isinstance(spec, Choice) and value in (spec.options or options):
        return form.with_values(**{name: value})
    if isinstance(spec, Text) and isinstance(value, str):
        return form.with_values(**{name: value[: spec.longest]})
    return form


def toggled(form: Form, name: str, item: Any) -> Form:
    """An item tapped on, or off again (a hex of the Mini Board, a token left out)."""
    if not isinstance(FIELDS[form.kind].get(name), Picks):
        return form
    items = form.get(name)
    if name == "cells" and item not in items and len(items) >= CATTLE:  # ruling: R-S11 - six on the board
        return form
    return form.with_values(**{name: tuple(i for i in items if i != item) if item in items else items + (item,)})


def rounded(form: Form, outcome: str | None) -> Form:
    """A horse-breaking round tapped (``None``: the last one taken back)."""
    rounds = form.get("rounds")
    if outcome is None:
        return form.with_values(rounds=rounds[:-1])
    ended = bool(rounds) and rounds[-1] in ("quit", "fail")  # no round comes after one that ended it
    if outcome not in HORSE_ROUNDS or ended or len(rounds) >= form.get("needed"):
        return form
    return form.with_values(rounds=rounds + (outcome,))


def missing(form: Form) -> str | None:
    """What must still be typed before the form can be sent, in the players' words."""
    for name, spec in FIELDS[form.kind].items():
        if isinstance(spec, Text) and spec is not FIELDS["adjust"]["note"] and not form.text(name):
            return f"First type {spec.what}."
    return None


# --- the actions the forms make ------------------------------------------------------------

def extra(form: Form) -> dict[str, int]:
    """Equipment's extra draws, left out of the action when there are none."""
    return {"extra": form.get("extra")} if form.get("extra") else {}


def shoot_action(form: Form) -> dict[str, Any]:
    return {"type": form.kind, "token": form.text("token"), "hits": form.get("hits"), "cash": form.get("cash"),
            "fame": form.get("fame"), "red": form.get("red") == RED, **extra(form)}


def gang_action(form: Form, house: bool) -> dict[str, Any]:
    """A desperado fight or a dig: the cards the rule lets the player see before the draw
    (the first only under the standard rule, every one under the house rule, R-S4)."""
    count = form.get("count")
    seen = count if house else min(count, 1)
    action = {"type": form.kind, "token": form.text("token"), "count": count,
              "desperados": [form.card(f"card{i}") for i in range(1, seen + 1)], **extra(form)}
    if form.kind == "gold":
        action["nuggets"] = form.get("nuggets")
    return action


def horse_action(form: Form) -> dict[str, Any]:
    return {"type": "horse", "token": form.text("token"), "rounds_needed": form.get("needed"), "cash": form.get("cash"),
            "fame": form.get("fame"), "rounds": list(form.get("rounds"))}


def cattle_action(form: Form, result: str) -> dict[str, Any]:
    action: dict[str, Any] = {"type": "cattle", "option": "round_up", "token": form.text("token"), "result": result}
    if result == "success":
        action.update(cattle=[list(c) for c in form.get("cells")], fame=form.get("fame"),
                      rounds_left=form.get("rounds_left"))
    return action


def duel_action(form: Form, state: SpursState) -> dict[str, Any]:
    """A duel's opponent and each duellist's weapon (R-S8); the draw, the winner and the
    steal are added once the table has fought it."""
    me, them = state.player.name, form.get("opponent")
    return {"type": "duel", "opponent": them, "weapons": {me: form.get("my_weapon"), them: form.get("their_weapon")}}


def changes(form: Form, prefix: str = "") -> dict[str, Any]:
    """The signed changes a card's form holds (an Event card's, a Saloon card's)."""
    out: dict[str, Any] = {k: form.get(prefix + k) for k in ("fame", "money", "spurs", "posters") if form.get(prefix + k)}
    bullets = {c: form.get(prefix + c) for c in COLOURS if form.get(prefix + c)}
    return {**out, "bullets": bullets} if bullets else out


def adjust_action(form: Form) -> dict[str, Any]:
    action = {"type": "adjust", "player": form.get("who"), **changes(form)}
    if form.get("bank"):
        action["bank"] = form.get("bank")
    if form.text("note"):
        action["note"] = form.text("note")
    return action


def town_action(form: Form, state: SpursState, what: str) -> dict[str, Any]:
    """What a tap in town sends: ``what`` names the button."""
    player = state.player
    if what in ("sell", "turn_in"):
        return {"type": what, "tokens": [t for t in cashable(player, what) if t not in form.get("left_out")]}
    return {"buy": {"type": "buy", "name": form.text("item"), "cost": form.get("cost")},
            "refresh": {"type": "refresh"},
            "doctor_pay": {"type": "doctor", "option": "pay", "reds": form.get("reds")},
            "doctor_draw": {"type": "doctor", "option": "draw"},
            "saloon_card": {"type": "saloon", "option": "card", **changes(form, "saloon.")},
            "rounds": {"type": "saloon", "option": "round", "times": form.get("times")},
            "sell_gold": {"type": "bank", "option": "sell_gold", "nuggets": form.get("nuggets")},
            "rob": {"type": "bank", "option": "rob", "weapon": form.get("weapon")}}[what]


def cleared(form: Form, what: str) -> Form:
    """The town form after ``what`` was accepted: a Saloon card's changes are not kept for
    the next card, nor a bought item's name."""
    if what == "saloon_card":
        return form.with_values(**{f"saloon.{k}": 0 for k in CHANGES})
    if what == "buy":
        return form.with_values(item="")
    return form.with_values(left_out=()) if what in ("sell", "turn_in") else form

