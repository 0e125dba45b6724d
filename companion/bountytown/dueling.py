"""A Bountytown duel as the screen drafts it, without Kivy: whom to face, the cards, the
result, and the action Confirm sends.

1. Target: an active bounty or a player (and, against a player, which of their bounties is
   at stake and whether they discard a Cowboy Hat; a Rifle for a duel from afar). A bounty
   with nothing more to choose goes straight on to the cards.
2. Cards: each hand and the bounty's draw on one desk (:mod:`companion.bountytown.desk`);
   wounds are dead space (R-B7), counted after the Bank's discard (R-B9), and a stepper says
   when a hand holds more or fewer cards than the hand limit. The exact odds come from the
   screen's worker (a question, then its answer, given to the model as a tap).
3. Result: ``engine.preview`` says what the duel does; the choices it needs (a Crucifix, the
   bounty a critical wound discards, a bounty's items) are made here; only Confirm sends it.

The seed is chosen when the duel begins, so the item a critical wound discards at random is
the one the result showed.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from typing import Any

from companion.bountytown import desk as cards
from companion.bountytown.desk import Desk
from companion.bountytown.engine import bank_discard, out_of_reach, preview
from companion.bountytown.state import ITEM_PRICES, Bounty, GameState, Player
from companion.bountytown.view import HandRoom, critical_choices, hand_room
from companion.contracts.engine import RuleError

#: errors about the cards, not the target: the target is fine, the hands are still to come
CARD_RULES = frozenset({"Duels", "R-B1"})


@dataclass(frozen=True)
class Duel:
    """The draft of one duel."""

    step: str = "target"  # target | cards | result
    kind: str = ""  # "bounty" or "player" ("" before a target is chosen)
    target: str = ""
    steal: str = ""  # the defender's bounty at stake
    rifle: bool = False
    hat: bool = False
    crucifix: tuple[str, ...] = ()
    items: tuple[str, ...] = ()  # a bounty's face-down items, as told
    take: str = ""
    critical: tuple[tuple[str, str], ...] = ()  # player -> the bounty a critical wound discards
    in_hand: tuple[tuple[str, int], ...] = ()  # player -> cards in hand, where it is not the full hand
    seed: int = 0
    desk: Desk = field(default_factory=Desk)
    odds: tuple[tuple[Any, Any], ...] = ()  # the worker's answers: (question, chances or an error)


def action(state: GameState, duel: Duel) -> dict[str, Any]:
    """What Confirm sends for the draft as it stands."""
    slots = duel.desk.slots
    hands = [slot.hand() for slot in slots if slot.choosable]
    drawn = next((list(slot.cards) for slot in slots if not slot.choosable), [])
    common: dict[str, Any] = {"rifle": duel.rifle, "crucifix": list(duel.crucifix),
                              "critical_discard": dict(duel.critical), "seed": duel.seed}
    if duel.in_hand:
        common["in_hand"] = dict(duel.in_hand)
    if duel.kind == "bounty":
        return {"type": "duel_bounty", "bounty": duel.target, "hand": hands[0] if hands else [], "drawn": drawn,
                "bounty_items": list(duel.items), "take": duel.take or None, **common}
    return {"type": "duel_player", "defender": duel.target, "bounty": duel.steal or None,
            "attacker_hand": hands[0] if hands else [], "defender_hand": hands[1] if len(hands) > 1 else [],
            "drawn": drawn, "hat": duel.hat, **common}


def bounty(state: GameState, duel: Duel) -> Bounty | None:
    """The bounty the duel is about (active, or the defender's at stake), or None."""
    if duel.kind == "bounty":
        return next((b for b in state.active if b.name == duel.target), None)
    if duel.steal:
        return next((b for b in state.player(duel.target).captured if b.name == duel.steal), None)
    return None


def duellists(state: GameState, duel: Duel) -> list[str]:
    """Who plays a hand: the current player, then the defender."""
    return [state.current.name] + ([duel.target] if duel.kind == "player" else [])


def room(state: GameState, duel: Duel, name: str, entered: bool = True) -> HandRoom:
    """What ``name``'s hand leaves to enter and play: the count entered, or (``entered``
    False) the full hand the engine assumes, less the Bank's discard (R-B9)."""
    player = state.player(name)
    given = dict(duel.in_hand).get(name) if entered else None
    return hand_room(player, given, bank_discard(state, player))


def laid(state: GameState, duel: Duel) -> Duel:
    """The desk for the duel's hands and its bounty's draw (a slot keeps its cards)."""
    specs: list[Mapping[str, Any]] = []
    for name in duellists(state, duel):
        r = room(state, duel, name)
        specs.append({"title": f"{name} holds", "capacity": r.cards, "most": r.most, "choosable": True})
    target = bounty(state, duel)
    if target and target.draws:
        specs.append({"title": f"Drawn for {target.name}", "capacity": target.draws, "base": tuple(target.base)})
    return replace(duel, desk=cards.laid(duel.desk, specs))


def chosen(state: GameState, duel: Duel, kind: str, name: str) -> Duel:
    """A target tapped: its options start afresh (a Rifle, once spent, stays chosen)."""
    return laid(state, replace(duel, kind=kind, target=name, steal="", hat=False, in_hand=(), crucifix=(),
                               items=(), take="", critical=()))


def reach(state: GameState, duel: Duel) -> tuple[list[Bounty | Player], list[str]]:
    """Whom the current player can duel now (the active bounties, then the other players),
    and why each of the others is out of reach, in the engine's words: the duel list offers
    only the first (issue 37: a bounty out of reach was refused only once tapped)."""
    reached: list[Bounty | Player] = []
    why: list[str] = []
    targets: list[Bounty | Player] = [*state.active, *(p for p in state.players if p.name != state.current.name)]
    for target in targets:
        trouble = out_of_reach(state, target, duel.rifle)
        if trouble is None:
            reached.append(target)
        else:
            why.append(trouble.message)
    return reached, why


def straight_to_cards(state: GameState, duel: Duel) -> bool:
    """A bounty with nothing more to choose (no Rifle to spend) goes on to the cards at once:
    one tap fewer in the duel people fight most."""
    return duel.kind == "bounty" and "Rifle" not in state.current.items


def target_trouble(state: GameState, duel: Duel) -> str | None:
    """Why the target cannot be dueled (the engine's reason), or None when only the cards are
    still to come; "" when the duel needs no cards at all (a Cowboy Hat cancels it)."""
    if not duel.kind:
        return "Refused: choose a bounty or a player to duel"
    target = bounty(state, duel)
    told = ("First Aid Kit",) * (target.items if target and duel.kind == "bounty" else 0)  # (told with the result)
    try:
        preview(state, action(state, replace(duel, items=told, take="")))
    except RuleError as exc:
        return None if exc.rule in CARD_RULES else f"Refused: {exc}"
    return ""


def with_in_hand(state: GameState, duel: Duel, name: str, sign: int) -> Duel:
    """A hand's count of cards stepped (R-B7, R-B9): kept only where it is not the full hand."""
    now = room(state, duel, name)
    count = max(now.fewest, min(now.largest, now.in_hand + sign))
    full = room(state, duel, name, entered=False).in_hand
    kept = tuple((n, c) for n, c in duel.in_hand if n != name) + (((name, count),) if count != full else ())
    return laid(state, replace(duel, in_hand=kept))


def missing(state: GameState, duel: Duel) -> str | None:
    """What the duel still needs before its result can be worked out, in the players' words."""
    for name, slot in zip(duellists(state, duel), (s for s in duel.desk.slots if s.choosable)):
        if not slot.played:
            return f"Enter {name}'s cards (at least one is played)."
    target = bounty(state, duel)
    return None if target is None else _bounty_missing(duel, target)


def _bounty_missing(duel: Duel, target: Bounty) -> str | None:
    """The bounty's draw still to enter, or its face-down items still to tell."""
    drawn = next((s for s in duel.desk.slots if not s.choosable), None)
    if target.draws and drawn is not None and not drawn.full():
        return f"Enter the {target.draws} cards drawn for {target.name} ({len(drawn.cards)} so far)."
    if duel.kind == "bounty" and len(duel.items) < target.items:
        told = len(duel.items)
        return f"Tap what {target.name}'s {target.items} face-down item{'s' * (target.items != 1)} are ({told} told)."
    return None


def choices(state: GameState, duel: Duel) -> dict[str, tuple[str, ...]]:
    """Players the duel leaves critically wounded with bounties to choose from (R-B5)."""
    return critical_choices(state, action(state, duel))


def checked(state: GameState, duel: Duel) -> Duel:
    """A critical discard kept only while it is still a choice."""
    options = choices(state, duel)
    return replace(duel, critical=tuple((n, b) for n, b in duel.critical if b in options.get(n, ())))


def with_item(state: GameState, duel: Duel, item: str) -> Duel:
    """One of a bounty's face-down items told (no more than it carries)."""
    target = bounty(state, duel)
    if item not in ITEM_PRICES or target is None or len(duel.items) >= target.items:
        return duel
    return replace(duel, items=duel.items + (item,))


def flipped(items: tuple[str, ...], name: str) -> tuple[str, ...]:
    return tuple(n for n in items if n != name) if name in items else items + (name,)


def odds_question(state: GameState, duel: Duel) -> tuple[Any, ...] | None:
    """What the worker must work out for the odds shown now (None: nothing to show)."""
    target = bounty(state, duel)
    hands = [s for s in duel.desk.slots if s.choosable]
    if duel.step != "cards" or target is None or not hands or not hands[0].played:
        return None
    named = [c for s in hands for c in s.cards]
    return tuple(target.base), target.draws, tuple(sorted(named))


def answer(duel: Duel, question: Any) -> Any:
    return next((a for q, a in duel.odds if q == question), None)


def with_answer(duel: Duel, question: Any, found: Any, keep: int = 8) -> Duel:
    return replace(duel, odds=(tuple((q, a) for q, a in duel.odds if q != question) + ((question, found),))[-keep:])
