"""Bountytown actions in words, for the game's log ("Bart duels Butch Cassidy: Bart: Pair;
the bounty: High Card; Bart wins and takes Butch Cassidy").

Told from the states around the action (:mod:`companion.records.story`). A duel is told by the
engine's own report of it (:func:`companion.bountytown.engine.preview`, the code path
``apply`` takes) in the words the duel screen shows (:func:`companion.bountytown.view.describe`).
"""

from __future__ import annotations

from typing import Any, Mapping

from companion.bountytown.cards import parse_card
from companion.bountytown.engine import preview
from companion.bountytown.state import TRAIN, GameState
from companion.bountytown.view import ABILITIES, card_name, describe
from companion.contracts.telling import Teller, count, listed, signed

A = Mapping[str, Any]


def _cards(cards: Any) -> str:
    return listed(card_name(parse_card(c)) for c in cards or ()) or "no cards"


def _actor(before: GameState, action: A) -> str:
    return str(action.get("player") or before.current.name)


def _move(before: GameState, action: A, after: GameState) -> str:
    return f"{before.current.name} moves from {before.current.location} to {action['to']}"


def _buy(before: GameState, action: A, after: GameState) -> str:
    return f"{before.current.name} buys {listed(action['items'])} at the General Store, paying {_cards(action['gold'])}"


def _heal(before: GameState, action: A, after: GameState) -> str:
    left = after.player(before.current.name).wounds
    return f"{before.current.name} is patched up at Doc's: one wound removed, {count(left, 'wound')} left"


def _turn_in(before: GameState, action: A, after: GameState) -> str:
    return f"{before.current.name} turns in {action['bounty']} at the Sheriff's Office: locked, it can no longer be stolen"


def _reload(before: GameState, action: A, after: GameState) -> str:
    return f"{before.current.name} reloads up to the hand limit"


def _location_ability(before: GameState, action: A, after: GameState) -> str:
    where = before.current.location
    return f"{before.current.name} uses {where}'s ability ({ABILITIES.get(where, 'its own')})"


def _use_item(before: GameState, action: A, after: GameState) -> str:
    who, item = _actor(before, action), action["item"]
    if item == "First Aid Kit":
        return f"{who} uses the First Aid Kit: every wound removed"
    return f"{who} uses the Box of Ammunition: a free reload"


def _duel(before: GameState, action: A, after: GameState) -> str:
    report = preview(before, action)
    if action["type"] == "duel_bounty":
        head = f"{before.current.name} duels {action['bounty']} playing {_cards(action.get('hand'))}"
    else:
        over = f" for {action['bounty']}" if action.get("bounty") else ""
        head = f"{before.current.name} duels {action['defender']}{over}"
        if not report.cancelled:
            head += f", {_cards(action.get('attacker_hand'))} against {_cards(action.get('defender_hand'))}"
    if action.get("drawn"):
        head += f"; the bounty draws {_cards(action['drawn'])}"
    if action.get("rifle"):
        head += " (with the Rifle, from afar)"
    return f"{head}: " + " ".join(line.rstrip(".") + "." for line in describe(report)).rstrip(".")


def _adjust(before: GameState, action: A, after: GameState) -> str:
    """A change made by hand, with the note the table gave and where it leaves the player."""
    who = _actor(before, action)
    old, new = before.player(who), after.player(who)
    said = [f"renown {signed(new.renown - old.renown)} ({new.renown} now)" if new.renown != old.renown else "",
            f"wounds {signed(new.wounds - old.wounds)} ({new.wounds} now)" if new.wounds != old.wounds else ""]
    note = f" ({action['note']})" if str(action.get("note", "")).strip() else ""
    return f"{who} changed by hand{note}: " + ", ".join(filter(None, said))


def _stock_store(before: GameState, action: A, after: GameState) -> str:
    return f"Into the General Store: {listed(action['items'])}"


def _end_turn(before: GameState, action: A, after: GameState) -> str:
    revealed = [c for c in action.get("reveal", []) if c != TRAIN]
    text = f"{before.current.name} ends the turn"
    if revealed:
        text += "; revealed " + listed(f"{b['name']} ({count(b.get('renown', 0), 'renown', 'renown')})" for b in revealed)
    if TRAIN in action.get("reveal", []):
        text += "; the Train arrives: the game is over, " + _standing(after)
    else:
        text += f"; {after.current.name} to play"
    return text


def _standing(state: GameState) -> str:
    renown = ", ".join(f"{p.name} {p.renown}" for p in state.players)
    if state.winners:
        return f"{listed(state.winners)} {'wins' if len(state.winners) == 1 else 'win'} (renown {renown})"
    return f"a final duel between {listed(state.final_duel)} decides it (renown {renown})"


def _final_duel(before: GameState, action: A, after: GameState) -> str:
    hands = "; ".join(f"{name} plays {_cards(cards)}" for name, cards in action["hands"].items())
    return f"The final duel: {hands}: {_standing(after)}"


SENTENCES: dict[str, Teller] = {
    "move": _move, "buy": _buy, "heal": _heal, "turn_in": _turn_in, "reload": _reload,
    "location_ability": _location_ability, "use_item": _use_item, "duel_bounty": _duel,
    "duel_player": _duel, "stock_store": _stock_store, "adjust": _adjust, "end_turn": _end_turn, "final_duel": _final_duel,
}
