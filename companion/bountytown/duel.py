"""Who wins a duel and what it costs, exactly as the rulebook lists it (ruling: R-B4).

Pure functions on ranks, locations and items; they return the consequences as data,
so the screen can show "Bart takes Butch Cassidy, Valentina takes 2 wounds" before
anyone commits, and the engine applies the very same answer.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Iterable

from companion.bountytown.hands import MOST_PLAYED, HandRank
from companion.contracts.engine import RuleError

NO_HAND = 12  # worse than High Card: a player duel over no bounty has no bounty hand

#: where a lost or tied duel costs 2 wounds instead of 1 (Ambush; Rummaging for Ammo)
DOUBLE_WOUNDS = frozenset({"Bandit Hideout", "Abandoned Jailhouse"})
NO_WOUNDS = frozenset({"Boarding House"})  # Rest Up
BANK = "Bank"  # Git Along: involved players discard a Duel card on declaring


@dataclass(frozen=True)
class Outcome:
    """A showdown's result. ``result`` is one of the rulebook's cases; ``bounty`` says
    where the bounty goes ("taken" by the player or attacker, "kept" by the defender,
    "escaped"); ``wounded`` lists the roles that take a wound before location effects."""

    result: str
    bounty: str
    wounded: tuple[str, ...]


def against_bounty(player: HandRank, bounty: HandRank) -> Outcome:
    """Duels Against Bounties, Showdown Step."""
    if player.beats(bounty):
        return Outcome("win", "taken", ())
    if player.rank == bounty.rank:  # "the player wins but takes a Wound"
        return Outcome("tie", "taken", ("player",))
    return Outcome("lose", "escaped", ("player",))  # "discard the Bounty and take a Wound"


def showdown(attacker: HandRank, defender: HandRank, bounty: HandRank | None) -> Outcome:
    """Duels Against Players, Showdown Step: three hands, best rank wins.

    The rulebook does not list the defender tying the bounty for best (attacker behind);
    ruling R-B10 settles it by two principles: the attacker lost, so takes a wound; a
    player who ties a bounty keeps it but takes a wound (as in Duels Against Bounties).
    """
    a, d = attacker.rank, defender.rank
    b = bounty.rank if bounty else NO_HAND
    best = min(a, d, b)
    if a == best and best in (d, b):
        return Outcome("attacker_ties", "taken", ("attacker", "defender"))
    if a == best:
        return Outcome("attacker_wins", "taken", ("defender",))
    if d == best and b == best:
        # ruling: R-B10 - the defender ties the bounty for best, the attacker behind: kept, both wounded
        return Outcome("defender_ties_bounty", "kept", ("attacker", "defender"))
    if d == best:
        return Outcome("defender_wins", "kept", ("attacker",))
    return Outcome("bounty_wins", "escaped", ("attacker", "defender"))


def wounds_for(hit: bool, location: str) -> int:
    """Wounds a player takes where they stand (R-B4; with a Rifle each player gets the
    effect of their own location, rulebook Location Abilities)."""
    if not hit or location in NO_WOUNDS:
        return 0
    return 2 if location in DOUBLE_WOUNDS else 1  # ruling: R-B4


def bank_discards(locations: dict[str, str]) -> tuple[str, ...]:
    """Players (name -> location) who must discard a Duel card on declaring; bounties are unaffected."""
    return tuple(name for name, where in locations.items() if where == BANK)


@dataclass(frozen=True)
class Play:
    """How many cards a player may put down in a duel (ruling: R-B7): wound cards are dead
    space, so only the other cards in hand can be played; with only wounds, the player
    plays the top card of the Draw deck (one card, entered like any other)."""

    most: int
    top_card: bool


def wounds_are_dead_space(rules: int) -> bool:
    """R-B7, since version 2 of the rules: wounds limit the cards played (:func:`play_limit`).
    Version 1 (2026-11-30) let every player put down one to five cards."""
    return rules >= 2


def lost_bounty_leaves_game(rules: int) -> bool:
    """R-B8, since version 2 of the rules: a bounty discarded for a critical wound is out of
    the game and can never be revealed again. Version 1 (2026-11-30) kept no record of it."""
    return rules >= 2


def play_limit(wounds: int, in_hand: int) -> Play:
    """R-B7: at most (cards in hand minus wounds) cards, never more than five; none left
    means the top card of the Draw deck."""
    held = in_hand - wounds
    if held <= 0:
        return Play(1, True)
    return Play(min(MOST_PLAYED, held), False)


@dataclass(frozen=True)
class Critical:
    """Rulebook Wounds, critical list (ruling: R-B5): the bounty discarded (if any),
    the item discarded at random (if any); then wounds go, the player moves to Doc's
    and, on their own turn, the turn ends."""

    bounty: str | None
    item: str | None


def critical(name: str, bounties: Iterable[str], items: Iterable[str], choice: object,
             rng: random.Random | None) -> Critical:
    """The critical wound for a player holding ``bounties`` (that can be lost) and
    ``items``. ``choice`` is the bounty the player chose (needed when there are two or
    more); ``rng`` draws the item (needed when there are two or more)."""
    bounties, items = sorted(bounties), sorted(items)
    if len(bounties) > 1 and choice not in bounties:
        raise RuleError("R-B5", f"{name} is critically wounded and must choose a bounty to discard "
                                f"(critical_discard) from: {', '.join(bounties)}")
    if len(bounties) <= 1 and choice is not None and choice not in bounties:
        raise RuleError("R-B5", f"{name} holds no bounty {choice!r} to discard")
    if len(items) > 1 and rng is None:
        raise RuleError("R-B5", f"{name} is critically wounded: discarding an item at random needs a recorded 'seed'")
    bounty = str(choice) if len(bounties) > 1 else (bounties[0] if bounties else None)  # choice: one of them
    item = (rng.choice(items) if rng is not None and len(items) > 1 else items[0]) if items else None
    return Critical(bounty, item)
