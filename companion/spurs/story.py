"""Spurs actions in words, for the game's log ("Ann hunts P1 with the rifle, needing 2: drew
grey, white and black (the companion's draw): 1 hit of 2: failed; the white leaves the bag").

Told from the states around the action (:mod:`companion.records.story`): the draw records the
engine kept, its own outcome words, and what changed for each player. Hits are counted by
the bag's own :meth:`~companion.spurs.bag.Bag.hits`, never by a second copy of the rule.
"""

from __future__ import annotations

from typing import Any, Mapping

from companion.spurs.bag import COLOURS
from companion.spurs.gold import GoldBag
from companion.spurs.state import DrawRecord, Player, SpursState
from companion.contracts.telling import Teller, count, listed, signed

A = Mapping[str, Any]
MODES = {"digital": "the companion's draw", "physical": "from the real bag"}
BUILDINGS = {"buy": "the General Store", "refresh": "the General Store", "sell": "the General Store",
             "turn_in": "the Sheriff's Office", "doctor": "the Doctor's Office", "saloon": "the Saloon",
             "bank": "the Lucky Boot Bank"}


def drawn_words(record: DrawRecord) -> str:
    """What came out of a bag, one word per object: "grey, white and black"."""
    found = record.drawn
    if isinstance(found, GoldBag):
        return listed(["gold"] * found.gold + ["stone"] * found.stones) or "nothing"
    return listed(c for c in COLOURS for _ in range(found[c])) or "nothing"


def _draws(after: SpursState, named: bool = False) -> str:
    """The draws the action made, in words; ``named``: each by its drawer (a duel's two)."""
    parts = []
    for record in after.last_draw:
        bag = "dug from the gold bag" if record.bag == "gold" else "drew"
        weapon = f" with the {record.weapon}" if record.weapon else ""
        who = f"{record.player} " if named else ""
        parts.append(f"{who}{bag}{weapon}: {drawn_words(record)} ({MODES[record.mode]})")
    return "; ".join(parts)


def _whites_gone(before: SpursState, after: SpursState, i: int | None = None) -> str:
    """The whites a shooting draw took out of the drawer's bag (the engine did; this says so):
    the current player's, or player ``i``'s, said with their name (a duel's two draws)."""
    who = before.current if i is None else i
    gone = before.players[who].bag.white - after.players[who].bag.white
    if gone <= 0:
        return ""
    whose = "the" if i is None else f"{before.players[who].name}'s"
    return f"; {whose} white leaves the bag" if gone == 1 else f"; {whose} {gone} whites leave the bag"  # ruling: R-S2


def changes(old: Player, new: Player) -> list[str]:
    """What changed for one player, in a player's words."""
    found = [signed(getattr(new, key) - getattr(old, key), unit) for key, unit in
             (("fame", "fame"), ("money", "$"), ("spurs", "Spur"), ("posters", "Wanted Poster"), ("gold", "gold"))
             if getattr(new, key) != getattr(old, key)]
    found += [signed(new.bag[c] - old.bag[c], f"{c} bullet") for c in COLOURS if new.bag[c] != old.bag[c]]
    found += [f"+{e}" for e in new.equipment if e not in old.equipment]
    found += [f"-{e}" for e in old.equipment if e not in new.equipment]
    return found


def all_changes(before: SpursState, after: SpursState) -> str:
    """Every player's changes: "Ann +2 fame, +$10; Bob -1 Wanted Poster"."""
    return "; ".join(f"{new.name} {', '.join(found)}" for old, new in zip(before.players, after.players)
                     if (found := changes(old, new)))


def _outcome(before: SpursState, after: SpursState) -> str:
    """The engine's words for what happened; when the action ended the game those words
    are the winner's, so the changes that ended it are said first."""
    if after.game_over and not before.game_over:
        return "; ".join(filter(None, (all_changes(before, after), after.last_outcome)))
    return after.last_outcome


def _told(head: str, before: SpursState, after: SpursState, *, draws: bool = False) -> str:
    parts = [head, _draws(after) if draws else "", _outcome(before, after)]
    return ": ".join(p for p in parts if p) + (_whites_gone(before, after) if draws else "")


def _card(card: Mapping[str, Any]) -> str:
    reward = [x for x in (card.get("cash") and f"${card['cash']}", card.get("fame") and f"{card['fame']} fame") if x]
    return f"a {card['weapon']} desperado needing {count(card['hits'], 'hit')}" + (
        f" ({', '.join(reward)})" if reward else "")


def _shot(head: str, before: SpursState, action: A, after: SpursState) -> str:
    """A hunt or an outlaw: the hits the draw made (the bag's own count) and how it ended."""
    if after.game_over and not before.game_over:
        return _told(head, before, after, draws=True)
    record = after.last_draw[0]
    hits = record.hits()
    carried = any(c.token == action["token"] for c in after.players[before.current].carried)
    red = changes(before.player, after.players[before.current])
    ended = f"success, carrying {action['token']}" if carried else "failed" + (
        ", a red bullet for the token's icon" if any("red bullet" in c for c in red) else "")
    return f"{head}: {_draws(after)}: {count(hits, 'hit')} of {action['hits']}: {ended}{_whites_gone(before, after)}"


def _hunt(before: SpursState, action: A, after: SpursState) -> str:
    return _shot(f"{before.player.name} hunts {action['token']}, needing {count(action['hits'], 'hit')}",
                 before, action, after)


def _outlaw(before: SpursState, action: A, after: SpursState) -> str:
    return _shot(f"{before.player.name} goes after outlaw {action['token']}, needing {count(action['hits'], 'hit')}",
                 before, action, after)


def _horse(before: SpursState, action: A, after: SpursState) -> str:
    rounds = listed(action["rounds"]) or "no rounds"
    return _told(f"{before.player.name} breaks horse {action['token']} ({rounds})", before, after)


def _cattle(before: SpursState, action: A, after: SpursState) -> str:
    what = "robs the rancher at" if action["option"] == "rob" else "rounds up the cattle at"
    return _told(f"{before.player.name} {what} {action['token']}", before, after)


def _desperado(before: SpursState, action: A, after: SpursState) -> str:
    gang = before.gang(action["token"])
    if gang is not None:
        head = f"{before.player.name} fights the {count(gang.count, 'desperado')} waiting at {action['token']}"
    else:
        cards = action.get("desperados") or []
        head = (f"{before.player.name} fights {count(action['count'], 'desperado')} at {action['token']}"
                + (f", {listed(_card(c) for c in cards)}" if cards else ""))
    return _told(head, before, after, draws=True)


def _gold(before: SpursState, action: A, after: SpursState) -> str:
    fight = f" guarded by {count(action['count'], 'desperado')}" if action.get("count") else ""
    return _told(f"{before.player.name} digs for gold at {action['token']}{fight}", before, after, draws=True)


def _reveal(before: SpursState, action: A, after: SpursState) -> str:
    return _told(f"The next desperado against {before.player.name}: {_card(action['desperado'])}", before, after)


def _buy(before: SpursState, action: A, after: SpursState) -> str:
    return _told(f"{before.player.name} buys {action['name']} at the General Store for ${action['cost']}", before, after)


def _refresh(before: SpursState, action: A, after: SpursState) -> str:
    return _told(f"{before.player.name} at the General Store", before, after)


def _cash_in(before: SpursState, action: A, after: SpursState) -> str:
    verb = "sells" if action["type"] == "sell" else "turns in"
    return _told(f"{before.player.name} {verb} {listed(action['tokens'])} at {BUILDINGS[action['type']]}", before, after)


def _doctor(before: SpursState, action: A, after: SpursState) -> str:
    if action["option"] == "pay":
        return _told(f"{before.player.name} pays the Doctor to take out {count(action['reds'], 'red bullet')}",
                     before, after)
    reds = before.player.bag.red - after.players[before.current].bag.red
    back = f"{count(reds, 'red bullet')} back to the stock" if reds else "no red drawn, everything goes back"
    return f"{before.player.name} takes the Doctor's free draw: {_draws(after)}: {back}"


def _saloon(before: SpursState, action: A, after: SpursState) -> str:
    name = before.player.name
    if action["option"] == "round":
        return _told(f"{name} buys {count(action.get('times', 1), 'round')} at the Saloon", before, after)
    return f"{name} plays a Saloon card: " + (all_changes(before, after) or "no change") + (
        f"; {after.last_outcome}" if after.game_over and not before.game_over else "")


def _bank(before: SpursState, action: A, after: SpursState) -> str:
    name = before.player.name
    if action["option"] == "sell_gold":
        return _told(f"{name} sells {action['nuggets']} gold at the Lucky Boot Bank", before, after)
    return _told(f"{name} robs the Lucky Boot Bank with the {action['weapon']}", before, after, draws=True)


def _duel(before: SpursState, action: A, after: SpursState) -> str:
    """The duellists' draws, when recorded (R-S8), each with the whites it took out of its bag."""
    head = f"{before.player.name} duels {action['opponent']}"
    if not after.last_draw:
        return _told(head, before, after)
    whites = "".join(_whites_gone(before, after, before.index(record.player)) for record in after.last_draw)
    return f"{head}: {_draws(after, named=True)}: {_outcome(before, after)}{whites}"


def _rest(before: SpursState, action: A, after: SpursState) -> str:
    return _outcome(before, after)


def _spend_spur(before: SpursState, action: A, after: SpursState) -> str:
    if action.get("use", "boost") == "reroll":
        return after.last_outcome
    return f"{before.player.name} {after.last_outcome}"


def _end_turn(before: SpursState, action: A, after: SpursState) -> str:
    return f"{before.player.name} ends the turn; {after.last_outcome}"


def _adjust(before: SpursState, action: A, after: SpursState) -> str:
    note = str(action.get("note", "a card"))
    return f"{note}: " + (all_changes(before, after) or "no change") + (
        f"; the bank's cash {signed(after.bank - before.bank, '$')}" if after.bank != before.bank else "") + (
        f"; {after.last_outcome}" if after.game_over and not before.game_over else "")


def _stagecoach(before: SpursState, action: A, after: SpursState) -> str:
    return f"The Stagecoach: {after.last_outcome}"


def _tiebreak(before: SpursState, action: A, after: SpursState) -> str:
    return f"Tie-break duel: {after.last_outcome}"


SENTENCES: dict[str, Teller] = {
    "hunt": _hunt, "outlaw": _outlaw, "horse": _horse, "cattle": _cattle, "desperado": _desperado,
    "gold": _gold, "reveal": _reveal, "buy": _buy, "refresh": _refresh, "sell": _cash_in,
    "turn_in": _cash_in, "doctor": _doctor, "saloon": _saloon, "bank": _bank, "duel": _duel,
    "rest": _rest, "spend_spur": _spend_spur, "end_turn": _end_turn, "adjust": _adjust,
    "stagecoach": _stagecoach, "tiebreak": _tiebreak,
}
