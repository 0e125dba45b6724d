"""Read-only questions the Bountytown screens ask about a game, answered from the engine.

The screens stay thin (docs/architecture.md, principle 6): anything that needs the rules - what a duel
would do, who must choose a bounty to lose, how a card is named - is answered here, in
plain Python the tests can check without a window. Nothing here changes a state.
"""

from __future__ import annotations

from dataclasses import dataclass
from itertools import product
from typing import Any, Mapping

from companion.bountytown.cards import SUITS, suit_of, value_of
from companion.bountytown.duel import Critical
from companion.bountytown.engine import DuelReport, Injury, play_limit, preview
from companion.bountytown.state import ACTIONS_PER_TURN, ACTIVE_BOUNTIES, Bounty, GameState, Player
from companion.contracts.engine import RuleError

#: the rulebook's Setup Diagram, row by row (the default town)
SETUP_DIAGRAM: tuple[str, ...] = (
    "Bandit Hideout", "Boot Hill", "Boarding House",
    "Sheriff's Office", "Doc's", "General Store",
    "Bank", "Trading Post", "Abandoned Jailhouse",
)

#: the abilities the rulebook prints for its nine locations, shortened for a grid cell
ABILITIES: dict[str, str] = {
    "Bandit Hideout": "Ambush: lose or tie here, 2 wounds",
    "Boot Hill": "Pilfer: take the top discard, discard a card",
    "Boarding House": "Rest Up: no wounds here",
    "Sheriff's Office": "Lockup: 2 actions turn in a bounty",
    "Doc's": "Patched Up: 1 action removes a wound",
    "General Store": "Stock Up: 1 action, buy with Gold",
    "Bank": "Git Along: discard a card on declaring a duel",
    "Trading Post": "Trade: take the top draw, discard a card",
    "Abandoned Jailhouse": "Rummaging: lose or tie here, 2 wounds",
}

#: R-B1's suits in its order, in words
SUIT_NAMES: dict[str, str] = dict(zip(SUITS, ("Hearts", "Diamonds", "Spades", "Clubs", "Gold")))


def card_name(card: str) -> str:
    """``"3G"`` -> ``"3 Gold"``: the suit in words, so no one has to tell suits by colour."""
    return f"{value_of(card)} {SUIT_NAMES[suit_of(card)]}"


def empty_slots(state: GameState) -> int:
    """How many bounty cards the end of this turn reveals (one per dueled active bounty)."""
    return ACTIVE_BOUNTIES - len(state.active)


def bounties_at(state: GameState, location: str) -> tuple[Bounty, ...]:
    return tuple(b for b in state.active if location in b.locations)


def players_at(state: GameState, location: str) -> tuple[Player, ...]:
    return tuple(p for p in state.players if p.location == location)


def renown_split(player: Player) -> tuple[int, int]:
    """(captured, turned in) renown: the first can still be stolen or lost, the second is locked (R-B6)."""
    return sum(b.renown for b in player.captured), sum(b.renown for b in player.turned_in)


def actions_left(state: GameState) -> int:
    """Actions the current player still has; none once a critical wound ended the turn (R-B5)."""
    return 0 if state.turn_over else ACTIONS_PER_TURN - state.actions_used


#: how far above the hand limit the duel screen lets a hand go (an ability's extra cards)
EXTRA_CARDS = 3


@dataclass(frozen=True)
class HandRoom:
    """What a player's hand leaves to enter and play in a duel (ruling: R-B7).

    ``cards``: the cards to enter, those in hand that are not wounds (one when there are
    only wounds: the top card of the Draw deck); ``most``: how many may be played;
    ``fewest``/``largest``: the range the screen offers for the cards in hand."""

    in_hand: int
    cards: int
    most: int
    fewest: int
    largest: int
    note: str


def hand_room(player: Player, in_hand: int | None = None, discard: int = 0) -> HandRoom:
    """The room in ``player``'s hand of ``in_hand`` cards (wounds included; default full,
    less the ``discard`` the duel forces: ``engine.bank_discard``, ruling R-B9)."""
    held, limit = play_limit(player, {} if in_hand is None else {player.name: in_hand}, discard)
    bank = " after the Bank's discard" if discard else ""
    most = f"so at most {limit.most} card{'s' * (limit.most != 1)} to play"
    if limit.top_card:
        note = f"{player.name} holds only wounds{bank}: enter the top card of the Draw deck, played alone"
    elif player.wounds:
        note = f"{player.name}: {player.wounds} wound{'s' * (player.wounds != 1)} in a {held}-card hand{bank}, {most}"
    elif discard:
        note = f"{player.name}: {held} cards in hand{bank}, {most}"
    else:
        note = ""
    return HandRoom(held, max(1, held - player.wounds), limit.most, player.wounds,
                    player.hand_limit + EXTRA_CARDS, note)


def out_of_the_game(state: GameState) -> str:
    """The bounties gone for good, and why: escaped from a duel, or discarded for a
    critical wound (ruling: R-B8 - out of play, never back in the Bounty deck)."""
    gone = [f"{name} (escaped)" for name in state.escaped]
    gone += [f"{name} (lost to a critical wound)" for name in state.discarded]
    return f"Out of the game: {', '.join(gone)}" if gone else ""


def critical_choices(state: GameState, action: Mapping[str, Any]) -> dict[str, tuple[str, ...]]:
    """Players this duel leaves critically wounded with two or more bounties, and the
    bounties each may choose to discard (R-B5).

    The engine refuses such a duel until the choice is made, so the screen must ask
    first. Rather than re-derive wounds here, the choices are found by asking the
    engine: every combination of "no choice" or one bounty per involved player is
    previewed, and a player needs to choose when no accepted combination leaves them out.
    An empty answer means no choice is needed, or the action fails for another reason
    (which ``preview`` itself reports).
    """
    probe = {key: value for key, value in action.items() if key != "critical_discard"}
    try:
        preview(state, probe)
        return {}
    except RuleError as exc:
        if exc.rule != "R-B5":
            return {}
    names = [state.current.name] + ([action["defender"]] if action.get("type") == "duel_player" else [])
    at_stake = {b for b in (action.get("bounty"),) if b is not None}
    options = []
    for name in names:
        held = {b.name for b in state.player(name).captured} | at_stake
        options.append([None, *sorted(held)])
    accepted: list[dict[str, str]] = []
    for combo in product(*options):
        choice = {name: pick for name, pick in zip(names, combo) if pick is not None}
        try:
            preview(state, {**probe, "critical_discard": choice})
        except RuleError:
            continue
        accepted.append(choice)
    return {name: tuple(sorted({c[name] for c in accepted}))
            for name in names if accepted and all(name in c for c in accepted)}


# --- a duel report in words ---------------------------------------------------------------

_OUTCOMES = {
    "win": "{player} wins and takes {bounty}.",
    "tie": "A tie: {player} takes {bounty}.",
    "lose": "{bounty} wins and escapes for good.",
    "attacker_wins": "{attacker} wins: takes {bounty} from {defender}.",
    "attacker_ties": "{attacker} ties for the best hand and takes {bounty}.",
    "defender_wins": "{defender} wins and keeps {bounty}.",
    "defender_ties_bounty": "{defender} ties with the bounty and keeps {bounty}.",
    "bounty_wins": "{bounty} has the best hand and escapes for good.",
}
#: a player duel over no bounty (the defender holds none): only wounds are at stake
_NO_BOUNTY = {
    "attacker_wins": "{attacker} wins.",
    "attacker_ties": "{attacker} ties for the best hand.",
    "defender_wins": "{defender} wins.",
}


def describe(report: DuelReport) -> list[str]:
    """The duel's consequences as sentences, in the order the rules apply them. Who wins
    says nothing of wounds: each player's own line says how many they take, after the
    location and a Crucifix (R-B4), so no two lines give one player two counts."""
    roles = dict(report.roles)
    names = {**roles, "bounty": report.bounty or "the bounty"}
    if report.cancelled:
        return [f"{roles['defender']} discards the Cowboy Hat: the duel is cancelled; "
                f"{roles['attacker']}'s action is spent."]
    lines = [f"{names.get(role, role)}: {hand.name}" for role, hand in report.ranks]
    outcome = report.outcome
    assert outcome is not None, "only a cancelled duel has no outcome"
    lines.append((_NO_BOUNTY if report.bounty is None else _OUTCOMES)[outcome.result].format(**names))
    lines += [f"{name} is at the Bank: discards a Duel card on declaring." for name in report.bank_discards]
    role_of = {name: role for role, name in report.roles}
    lines += [_injury(i, role_of[i.player] in outcome.wounded) for i in report.injuries]
    lines += [_critical(i.player, i.critical, role_of[i.player] in ("player", "attacker"))
              for i in report.injuries if i.critical]
    if report.item_taken:
        lines.append(f"{roles['player']} takes the {report.item_taken} from {report.bounty}.")
    if report.to_store:
        lines.append(f"To the General Store: {', '.join(report.to_store)}.")
    return lines


def _injury(injury: Injury, hit: bool) -> str:
    if injury.crucifix:
        return f"{injury.player} discards a Crucifix: no wounds."
    if not injury.wounds:
        return f"{injury.player} rests up at the Boarding House: no wounds." if hit else f"{injury.player} takes no wound."
    double = " (2 here: Ambush / Rummaging for Ammo)" if injury.wounds == 2 else ""
    return f"{injury.player} takes {'a wound' if injury.wounds == 1 else f'{injury.wounds} wounds'}{double}."


def _critical(name: str, critical: Critical, on_turn: bool) -> str:
    # ruling: R-B8 - the bounty is out of the game, not back in the Bounty deck
    lost = [x for x in (critical.bounty and f"{critical.bounty} (out of the game)",
                        critical.item and f"the {critical.item}") if x]
    text = f"{name} is critically wounded: "
    text += f"discards {' and '.join(lost)}, " if lost else ""
    text += "wounds cleared, moves to Doc's"
    return text + ("; the turn is over." if on_turn else ".")
