"""A player's renown or wounds changed by hand: what a character's ability, a card the
companion does not model or a mistake put right changes, as one free action.

``{"type": "adjust", "player": "Bart", "renown": 1, "wounds": -1, "note": "..."}``: signed
changes, either may be left out (not both). It is a new action type, so no game logged
before it exists changes meaning, and the rules keep their version. Renown stays a sum of
bounties (R-B6) plus the adjustments made to it; wounds stay below the hand limit, since a
critical wound (R-B5) follows only from a duel, where the engine applies its whole list.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any, Mapping

from companion.bountytown.state import GameState
from companion.contracts.engine import RuleError

RULE = "Adjust"
KEYS = ("renown", "wounds")


def change(action: Mapping[str, Any], key: str) -> int:
    """A signed whole-number change, 0 when left out."""
    value = action.get(key, 0)
    if not isinstance(value, int) or isinstance(value, bool):
        raise RuleError(RULE, f"a change of {key} is a whole number, + or -")
    return value


def adjust(state: GameState, action: Mapping[str, Any]) -> GameState:
    """``action``'s changes for its player (the current one when it names none)."""
    player = state.player(action.get("player", state.current.name))
    renown, wounds = (change(action, key) for key in KEYS)
    if not renown and not wounds:
        raise RuleError(RULE, "nothing to change: give a change of renown or of wounds")
    if player.renown + renown < 0:
        raise RuleError(RULE, f"{player.name} has renown {player.renown}; it cannot go below 0")
    held = player.wounds + wounds
    if held < 0:
        raise RuleError(RULE, f"{player.name} has only {player.wounds} wound(s) to remove" if player.wounds
                        else f"{player.name} has no wound to remove")
    if held >= player.hand_limit:  # ruling: R-B5 - a critical wound comes from a duel, with its whole list
        raise RuleError("R-B5", f"{held} wounds would reach {player.name}'s hand limit of {player.hand_limit}: "
                                "a critical wound follows a duel, so record the duel")
    return state.with_player(replace(player, renown_adjust=player.renown_adjust + renown, wounds=held))
