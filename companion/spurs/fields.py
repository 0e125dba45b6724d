"""Reading an action's fields and draws, refusing bad ones with the rule they break.

Actions arrive as JSON from the UI or the log; nothing in them is trusted until one of
these readers has checked it, so handlers work with plain, valid values.
"""

from __future__ import annotations

import random
from typing import Any, Mapping

from companion.contracts.engine import RuleError, rng_for
from companion.intake.errors import InputError
from companion.spurs.bag import COLOURS, Bag, check_physical, draw_digital, weapon_named
from companion.spurs.desperado import Desperado
from companion.spurs.gold import GoldBag, dig_digital, dig_physical
from companion.spurs.state import STANDARD_DRAW, DrawRecord, Player, SpursState

_MISSING = object()


def whole(action: Mapping[str, Any], key: str, rule: str, minimum: int = 0, default: Any = _MISSING) -> int:
    """An integer field >= ``minimum``; ``default`` when absent (required if no default)."""
    value = action.get(key, default)
    if value is _MISSING:
        raise RuleError(rule, f"the action needs {key!r}")
    if not isinstance(value, int) or isinstance(value, bool) or value < minimum:
        raise RuleError(rule, f"{key!r} must be a whole number {minimum} or more, got {value!r}")
    return value


def delta(action: Mapping[str, Any], key: str, rule: str) -> int:
    """A signed change (an event or saloon card), 0 when absent."""
    value = action.get(key, 0)
    if not isinstance(value, int) or isinstance(value, bool):
        raise RuleError(rule, f"{key!r} must be a whole number (+ or -), got {value!r}")
    return value


def text(action: Mapping[str, Any], key: str, rule: str) -> str:
    value = action.get(key)
    if not isinstance(value, str) or not value.strip():
        raise RuleError(rule, f"the action needs {key!r} as a non-empty text, got {value!r}")
    return value


def choice(action: Mapping[str, Any], key: str, rule: str, options: tuple[str, ...]) -> str:
    value = action.get(key)
    if value not in options:
        raise RuleError(rule, f"{key!r} must be one of {', '.join(options)}, got {value!r}")
    return value


def weapon(action: Mapping[str, Any], rule: str) -> str:
    try:
        return weapon_named(action.get("weapon"))
    except InputError as exc:
        raise RuleError(rule, str(exc)) from None


def bullet_deltas(action: Mapping[str, Any], rule: str) -> Bag:
    """Signed bullet changes by colour, from ``"bullets": {colour: +-n}``."""
    given = action.get("bullets", {})
    if not isinstance(given, Mapping) or any(c not in COLOURS for c in given):
        raise RuleError(rule, f"'bullets' must map colours ({', '.join(COLOURS)}) to changes, got {given!r}")
    return Bag(**{c: delta(given, c, rule) for c in given})


def desperado(card: object, rule: str) -> Desperado:
    """A Desperado card as entered: ``{"weapon", "hits", "cash"?, "fame"?}``."""
    if not isinstance(card, Mapping):
        raise RuleError(rule, f"a desperado card is {{'weapon', 'hits', 'cash', 'fame'}}, got {card!r}")
    return Desperado(weapon(card, rule), whole(card, "hits", rule, 1),
                     whole(card, "cash", rule, 0, 0), whole(card, "fame", rule, 0, 0))


def shooting_size(state: SpursState, action: Mapping[str, Any]) -> int:
    """Bullets asked for a shooting draw: three, one more per Spur spent this turn, plus
    ``extra`` from Equipment cards (which the companion does not model)."""
    return STANDARD_DRAW + state.turn.boost + whole(action, "extra", "Standard Rules for All Challenge Types", 0, 0)


def draw_mode(action: Mapping[str, Any]) -> str:
    mode = action.get("draw")
    if mode not in ("digital", "physical"):
        raise RuleError("R-S10", f"'draw' must be 'digital' (with a 'seed') or 'physical' (with what was drawn), got {mode!r}")
    return mode


def shoot(state: SpursState, action: Mapping[str, Any], weapon_: str | None,
          rng: random.Random | None = None) -> tuple[Bag, DrawRecord]:
    """A shooting draw (:func:`shooting_size` bullets); a physical one may leave out the
    extra draws the turn's Spurs made available (R-S12)."""
    return draw_bullets(state, action, shooting_size(state, action), weapon_, rng, optional=state.turn.boost)


def draw_bullets(state: SpursState, action: Mapping[str, Any], asked: int, weapon_: str | None,
                 rng: random.Random | None = None, optional: int = 0) -> tuple[Bag, DrawRecord]:
    """The current player's draw, digital (seeded) or physical (entered as ``drawn``),
    with the record the UI shows. The bag itself is not changed here. ``rng`` carries on
    a generator already used by the same action (a dig before the bullets). The
    companion's own draw takes all ``asked``; a physical one may leave out the last
    ``optional`` of them."""
    return player_draw(state.player, action, action.get("drawn"), asked, weapon_, rng, optional)


def player_draw(player: Player, action: Mapping[str, Any], entered: object, asked: int, weapon_: str | None,
                rng: random.Random | None = None, optional: int = 0) -> tuple[Bag, DrawRecord]:
    """``player``'s draw in the action's mode: the companion's from ``rng`` (else the
    action's seed), or the bullets ``entered`` from the physical bag (see :func:`draw_bullets`)."""
    mode = draw_mode(action)
    if mode == "digital":
        drawn = draw_digital(player.bag, rng or rng_for(action), asked, weapon_)  # ruling: R-S10
    else:
        drawn = check_physical(player.bag, entered, asked, weapon_, optional)  # ruling: R-S10
    return drawn, DrawRecord(player.name, "bullets", mode, action.get("seed") if mode == "digital" else None,
                             drawn, weapon_)


def dig(state: SpursState, action: Mapping[str, Any], asked: int,
        rng: random.Random | None) -> tuple[GoldBag, DrawRecord]:
    """The dig from the Gold/Stones bag: digital from ``rng`` (the action's seed), or
    physical as ``"found": {"gold": g, "stones": s}``, which may leave out the extra
    objects the turn's Spurs made available (R-S12)."""
    mode = draw_mode(action)
    if mode == "digital":
        found = dig_digital(state.gold_bag, rng or rng_for(action), asked)  # as player_draw does
    else:
        found = dig_physical(state.gold_bag, action.get("found"), asked, state.turn.boost)  # ruling: R-S12
    return found, DrawRecord(state.player.name, "gold", mode, action.get("seed") if mode == "digital" else None, found)
