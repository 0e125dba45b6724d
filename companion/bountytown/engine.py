"""The Bountytown engine (kind ``"bountytown"``): ``state' = apply(state, action)``.

The companion follows the table: people play the Duel cards, and type in what was
played and drawn; the companion names the ranks, declares the duel's result, and keeps
wounds, items, bounties, renown and the turn. Every illegal action raises RuleError
naming the rule, and leaves the state as it was.

Settings (``initial_state``)::

    {"players": [{"name": "Bart", "character": "Bart", "hand_limit": 5}, ...],   # 3-6; hand_limit optional
     "grid": ["Bandit Hideout", "Boot Hill", "Boarding House",
              "Sheriff's Office", "Doc's", "General Store",                       # fixed middle row
              "Bank", "Trading Post", "Abandoned Jailhouse"],                     # 9 names, row by row
     "bounties": [BOUNTY, BOUNTY, BOUNTY],                                        # the 3 active bounties
     "store": ["Rifle", "Crucifix", ...]}                                         # items for sale (optional)

    BOUNTY = {"name": "Butch Cassidy", "renown": 3, "locations": ["Bandit Hideout", "Bank"],
              "base": ["3C", "3D"], "draws": 5, "items": 1}      # base, draws, items default to 0

Everyone starts at the Sheriff's Office; the first player listed starts. Items are
"First Aid Kit" ($3), "Rifle" ($3), "Crucifix" ($4), "Box of Ammunition" ($4),
"Cowboy Hat" ($5); a player holds at most one of each.

Actions. The current player acts unless a "player" key says otherwise. Three actions a
turn; the cost is given for each ([free] costs none).

``{"type": "move", "to": "Bank"}``
    Move to any location. 1 action.
``{"type": "buy", "items": ["Rifle"], "gold": ["3G", "1G"]}``
    At the General Store: Gold cards worth at least the prices. 1 action.
``{"type": "heal"}``
    At Doc's: remove one wound. 1 action.
``{"type": "turn_in", "bounty": "Butch Cassidy"}``
    At the Sheriff's Office: lock a captured bounty. 2 actions.
``{"type": "reload"}``
    Draw back up to the hand limit (the cards are on the table). 1 action.
``{"type": "location_ability"}``  [free]
    Use the current location's own ability (Boot Hill, Trading Post, ...) once this turn.
``{"type": "use_item", "item": "First Aid Kit" | "Box of Ammunition", "player": "Bart"}``  [free]
    First Aid Kit: the current player, on their turn, removes all wounds. Box of
    Ammunition: anyone, any time, a free reload. (Rifle, Crucifix and Cowboy Hat are used
    inside a duel action.)
``{"type": "duel_bounty", "bounty": "Butch Cassidy", "hand": ["2H", "2S", "2D", "5S", "5G"],``
``  "drawn": ["1G", "4H", "3C", "1S", "5D"], "rifle": false, "crucifix": ["Bart"],``
``  "bounty_items": ["Rifle"], "take": "Rifle", "critical_discard": {"Bart": "Jesse James"}, "seed": 42}``
    Duel an active bounty at one of its locations (anywhere with "rifle": true, which
    discards the Rifle). "hand": the 1-5 cards played; "drawn": exactly the bounty's draw
    count. "bounty_items": the bounty's face-down items, listed when it carries any; on a
    capture the player may "take" one, the rest go to the store (all of them if it escapes).
    "crucifix": players who discard a Crucifix to take no wounds. "critical_discard": for
    a critically wounded player with two or more bounties, the one they discard. "seed":
    always send one (``companion.contracts.engine.new_seed()``): a critical wound discards an item at
    random. "in_hand" (optional): player -> cards in their hand at the Selection Step,
    wounds included, when it is not the hand limit (cards played earlier and not yet
    reloaded, a Bank discard, an ability's extra card); wounds are dead space, so at most
    (cards in hand minus wounds) cards are played, and with only wounds the one card
    played is the top card of the Draw deck (R-B7). From rules 3 a duellist at the Bank
    left out of "in_hand" holds the hand limit less the card discarded there on declaring
    (R-B9); under rules 1 and 2, the hand limit. A bounty a critical wound discards is
    out of the game (R-B8). 1 action.
``{"type": "duel_player", "defender": "Valentina", "bounty": "Butch Cassidy",``
``  "attacker_hand": [...], "defender_hand": [...], "drawn": [...], "rifle": false,``
``  "hat": false, "crucifix": [], "critical_discard": {}, "in_hand": {}, "seed": 42}``
    Duel a player in your location with at least your renown, for one of their
    non-turned-in bounties ("bounty": null when they have none; then "drawn" is []).
    "hat": true when the defender discards a Cowboy Hat: the duel is cancelled, the action
    spent, and no hands are needed. 1 action.
``{"type": "adjust", "player": "Bart", "renown": 1, "wounds": -1, "note": "Sheriff's badge"}``  [free]
    Renown or wounds changed by hand (an ability, a card the companion does not model, a
    mistake put right), either change left out when 0; wounds stay below the hand limit
    (a critical wound follows a duel). A new action type: no older log changes meaning.
``{"type": "stock_store", "items": ["Crucifix"]}``  [free]
    Items that enter the General Store from the item deck.
``{"type": "end_turn", "reveal": [BOUNTY, ..., "Train"]}``
    End the turn, revealing a card for each empty active-bounty slot, in order. Revealing
    "Train" ends the game (it must then be the last card listed).
``{"type": "final_duel", "hands": {"Bart": ["1H", ...], "Valentina": [...]}, "in_hand": {}}``
    After the Train, when the most renown is tied: the tied players' final duel. Best rank
    wins; a tie shares the title (R-B6). Wounds limit the cards played as in any duel (R-B7).

Duel results can be previewed without committing: :func:`preview` returns a
:class:`DuelReport` (ranks, outcome, wounds, critical wounds, Bank discards).
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any, Iterable, Mapping

from companion.bountytown import duel
from companion.bountytown.adjust import adjust
from companion.bountytown.cards import check_copies, suit_of, value_of
from companion.bountytown.hands import HandRank, bounty_rank, rank
from companion.bountytown.state import (
    ACTIONS_PER_TURN,
    ACTIVE_BOUNTIES,
    BANK_DISCARD_COUNTS,
    DOCS,
    ITEM_PRICES,
    RULES_VERSIONS,
    SHERIFF,
    STORE,
    TRAIN,
    Bounty,
    GameState,
    Player,
    cards_entered,
    initial_state,
    parse_bounty,
    parse_items,
)
from companion.contracts.engine import RuleError, action_type, leading, listed, replace
from companion.intake.errors import InputError

#: locations whose ability costs actions (used through heal / buy / turn_in) or is static
NO_FREE_ABILITY = frozenset({SHERIFF, DOCS, STORE, "Bandit Hideout", "Boarding House", "Bank", "Abandoned Jailhouse"})
FREE_ITEMS = ("First Aid Kit", "Box of Ammunition")


@dataclass(frozen=True)
class Injury:
    """What one player takes from a duel: wounds added (after location and Crucifix),
    whether they discarded a Crucifix, and the critical wound if one followed."""

    player: str
    wounds: int
    crucifix: bool
    critical: duel.Critical | None


@dataclass(frozen=True)
class DuelReport:
    """Everything a duel action does, for the screen to show before it is committed."""

    cancelled: bool  # a Cowboy Hat cancelled it
    roles: tuple[tuple[str, str], ...]  # (role, player name)
    ranks: tuple[tuple[str, HandRank], ...]  # (role or "bounty", rank)
    outcome: duel.Outcome | None
    bounty: str | None
    injuries: tuple[Injury, ...]
    bank_discards: tuple[str, ...]
    item_taken: str | None
    to_store: tuple[str, ...]


class BountytownEngine:
    kind = "bountytown"
    rules_versions = RULES_VERSIONS
    ACTIONS = frozenset({"move", "buy", "heal", "turn_in", "reload", "location_ability", "use_item",
                         "duel_bounty", "duel_player", "stock_store", "end_turn", "final_duel", "adjust"})

    def initial_state(self, settings: Mapping[str, Any]) -> GameState:
        return initial_state(settings)

    def apply(self, state: GameState, action: Mapping[str, Any]) -> GameState:
        kind = action_type(action, self.ACTIONS)
        if kind == "final_duel":
            return _final_duel(state, action)
        if state.finished:
            raise RuleError("Victory", "the Train has come: the game is over; undo to change it")
        if kind in ("duel_bounty", "duel_player"):
            return _settle(state, action)[1]
        return _HANDLERS[kind](state, action)

    def result(self, state: GameState) -> dict[str, Any] | None:
        """Over when the Train has come and the winners are known; a tie waiting for its
        final duel (R-B6) stays open so the duel can be entered."""
        if not (state.finished and state.winners):
            return None
        return {"winners": list(state.winners), "renown": {p.name: p.renown for p in state.players}}

    def summary(self, state: GameState) -> str:
        lead = leading([(p.name, p.renown) for p in state.players], "renown {}")
        if state.finished:
            return (f"won by {listed(state.winners)}; {lead}" if state.winners else
                    f"the Train came: {listed(state.final_duel)} fight a final duel; {lead}")
        return f"{state.current.name} to play; {lead}"


def preview(state: GameState, action: Mapping[str, Any]) -> DuelReport:
    """The consequences of a duel action, without committing it (raises like ``apply``)."""
    if state.finished:
        raise RuleError("Victory", "the Train has come: the game is over")
    action_type(action, frozenset({"duel_bounty", "duel_player"}))
    return _settle(state, action)[0]


# --- turn bookkeeping -------------------------------------------------------------


def _spend(state: GameState, cost: int, what: str) -> GameState:
    """Charge the current player ``cost`` of their three actions (rulebook Player Turn)."""
    if state.turn_over:
        raise RuleError("R-B5", f"{state.current.name}'s turn ended with a critical wound; end the turn")
    left = ACTIONS_PER_TURN - state.actions_used
    if cost > left:
        raise RuleError("Player Turn", f"{what} costs {cost} action(s); {state.current.name} has {left} left")
    return replace(state, actions_used=state.actions_used + cost)


def _need_location(player: Player, where: str, what: str) -> None:
    if player.location != where:
        raise RuleError("Location Abilities", f"{what} needs {player.name} at {where}; they are at {player.location}")


def _move(state: GameState, action: Mapping[str, Any]) -> GameState:
    where = action.get("to")
    if where not in state.grid:
        raise RuleError("Movement", f"{where!r} is not a location in town: {', '.join(state.grid)}")
    state = _spend(state, 1, "moving")
    return state.with_player(replace(state.current, location=where))


def _buy(state: GameState, action: Mapping[str, Any]) -> GameState:
    player = state.current
    _need_location(player, STORE, "buying")
    items = parse_items(action.get("items"), "items")
    if not items:
        raise RuleError("Items", "name at least one item to buy")
    for item in items:
        if items.count(item) > state.store.count(item):
            raise RuleError("Items", f"the General Store has no {item} for sale ({', '.join(state.store) or 'nothing'})")
        if item in player.items or items.count(item) > 1:
            raise RuleError("Items", f"{player.name} can hold only one {item}")
    gold = cards_entered(action, "gold", least=1, most=99)
    others = [c for c in gold if suit_of(c) != "G"]
    if others:
        raise RuleError("Items", f"items are paid with Gold cards only; {', '.join(others)} "
                                 f"{'is' if len(others) == 1 else 'are'} not Gold")
    price, paid = sum(ITEM_PRICES[i] for i in items), sum(value_of(c) for c in gold)
    if paid < price:
        raise RuleError("Items", f"{', '.join(items)} cost ${price}; the Gold cards make ${paid}")
    state = _spend(state, 1, "buying")
    store = list(state.store)
    for item in items:
        store.remove(item)
    return replace(state.with_player(replace(player, items=_with_items(player.items, items))), store=tuple(store))


def _heal(state: GameState, action: Mapping[str, Any]) -> GameState:
    player = state.current
    _need_location(player, DOCS, "getting patched up")
    if not player.wounds:
        raise RuleError("Wounds", f"{player.name} has no wound to remove")
    state = _spend(state, 1, "getting patched up")
    return state.with_player(replace(player, wounds=player.wounds - 1))


def _turn_in(state: GameState, action: Mapping[str, Any]) -> GameState:
    player = state.current
    _need_location(player, SHERIFF, "turning in a bounty")
    bounty = player.bounty(action.get("bounty"))
    state = _spend(state, 2, "turning in a bounty")
    captured = tuple(b for b in player.captured if b.name != bounty.name)
    return state.with_player(replace(player, captured=captured, turned_in=player.turned_in + (bounty,)))


def _reload(state: GameState, action: Mapping[str, Any]) -> GameState:
    return _spend(state, 1, "reloading")


def _location_ability(state: GameState, action: Mapping[str, Any]) -> GameState:
    where = state.current.location
    if state.turn_over or state.actions_used >= ACTIONS_PER_TURN:
        raise RuleError("Location Abilities", "a location ability is used between actions, during the turn")
    if where in NO_FREE_ABILITY:
        raise RuleError("Location Abilities", f"{where} has no ability to use for free")
    if where in state.abilities_used:
        raise RuleError("Location Abilities", f"{where}'s ability was already used this turn (once per location)")
    return replace(state, abilities_used=state.abilities_used + (where,))


def _use_item(state: GameState, action: Mapping[str, Any]) -> GameState:
    player = state.player(action.get("player", state.current.name))
    item = action.get("item")
    if item not in FREE_ITEMS:
        raise RuleError("Items", f"use_item takes {' or '.join(FREE_ITEMS)}; Rifle, Crucifix and Cowboy Hat "
                                 f"are used in a duel action; got {item!r}")
    if item not in player.items:
        raise RuleError("Items", f"{player.name} has no {item}")
    if item == "First Aid Kit":
        if player.name != state.current.name or state.turn_over:
            raise RuleError("Items", "a First Aid Kit is used during your own turn")
        if not player.wounds:
            raise RuleError("Items", f"{player.name} has no wounds to remove")
        player = replace(player, wounds=0)
    return state.with_player(_without_item(player, item))


def _stock_store(state: GameState, action: Mapping[str, Any]) -> GameState:
    items = parse_items(action.get("items"), "items")
    if not items:
        raise RuleError("Items", "name at least one item entering the store")
    return replace(state, store=state.store + items)


def _end_turn(state: GameState, action: Mapping[str, Any]) -> GameState:
    reveal = action.get("reveal", [])
    empty = ACTIVE_BOUNTIES - len(state.active)
    if not isinstance(reveal, list):
        raise RuleError("End Turn", f"'reveal' is a list of bounty cards or \"Train\", got {reveal!r}")
    train = TRAIN in reveal
    if train and reveal.index(TRAIN) != len(reveal) - 1:
        raise RuleError("Victory", "the game ends when the Train is revealed: list nothing after it")
    if len(reveal) != empty and not (train and len(reveal) <= empty):
        raise RuleError("End Turn", f"{empty} active bounty slot(s) to refill; got {len(reveal)} card(s)")
    active = state.active + revealed_bounties(state, reveal[: len(reveal) - train])
    state = replace(state, active=active, actions_used=0, abilities_used=(), turn_over=False,
                    turn=(state.turn + 1) % len(state.players))
    return _game_end(state) if train else state


def revealed_bounties(state: GameState, cards: Iterable[object]) -> tuple[Bounty, ...]:
    """Bounty cards revealed at the end of a turn, each checked as a card and refused if
    its name is already in play (active, held, turned in, escaped or revealed before it).
    The reveal page asks this card by card, so a bad card is refused as it is entered."""
    in_play = {b.name for p in state.players for b in p.captured + p.turned_in}
    in_play |= set(state.escaped) | set(state.discarded) | {b.name for b in state.active}
    revealed: tuple[Bounty, ...] = ()
    for card in cards:
        bounty = parse_bounty(card, state.grid, state.rules)
        if bounty.name in in_play:
            raise RuleError("Bounties", f"{bounty.name} is already in play")
        in_play.add(bounty.name)
        revealed += (bounty,)
    return revealed


def _game_end(state: GameState) -> GameState:
    """The Train is revealed: most renown wins; a tie goes to a final duel (R-B6)."""
    top = max(p.renown for p in state.players)
    leaders = tuple(p.name for p in state.players if p.renown == top)
    if len(leaders) == 1:
        return replace(state, finished=True, winners=leaders)
    return replace(state, finished=True, final_duel=leaders)  # ruling: R-B6


def _final_duel(state: GameState, action: Mapping[str, Any]) -> GameState:
    if not state.final_duel:
        raise RuleError("R-B6", "a final duel is only fought when the game ends with tied renown")
    hands = action.get("hands")
    if not isinstance(hands, Mapping) or set(hands) != set(state.final_duel):
        raise RuleError("R-B6", f"the final duel is between {', '.join(state.final_duel)}: give each one's hand")
    given = hands_held(action, state.final_duel)
    played = {name: _played(hands, name, state.player(name), given, state.rules) for name in state.final_duel}
    _one_deck(tuple(c for cards in played.values() for c in cards))
    ranks = {name: rank(cards) for name, cards in played.items()}
    best = min(r.rank for r in ranks.values())
    return replace(state, final_duel=(), winners=tuple(n for n in state.final_duel if ranks[n].rank == best))


# --- duels ------------------------------------------------------------------------


def _settle(state: GameState, action: Mapping[str, Any]) -> tuple[DuelReport, GameState]:
    """One code path for preview and apply: the report, and the state it leads to."""
    attacker = state.current
    rifle = _flag(action, "rifle")
    if rifle and "Rifle" not in attacker.items:
        raise RuleError("Items", f"{attacker.name} has no Rifle")
    if action["type"] == "duel_bounty":
        return _duel_bounty(_spend(state, 1, "a duel"), action, rifle)
    return _duel_player(_spend(state, 1, "a duel"), action, rifle)


def out_of_reach(state: GameState, target: Bounty | Player, rifle: bool) -> RuleError | None:
    """Why the current player cannot duel ``target`` (an active bounty or another player),
    or None: a bounty is dueled at one of its two locations, a player where they stand and
    only with at least the attacker's renown; a Rifle discarded reaches any location. One
    test for the engine and for the duel list, which offers only whom the player can reach."""
    me = state.current
    if isinstance(target, Bounty):
        if rifle or me.location in target.locations:
            return None
        return RuleError("Duels Against Bounties", f"{target.name} is found at {' or '.join(target.locations)}; "
                                                   f"{me.name} is at {me.location}")
    if target.name == me.name:
        return RuleError("Duels Against Players", f"{me.name} cannot duel themselves")
    if not rifle and target.location != me.location:
        return RuleError("Duels Against Players", f"{target.name} is at {target.location}, "
                                                  f"not with {me.name} at {me.location}")
    if target.renown < me.renown:
        return RuleError("Duels Against Players", f"{target.name} has less renown ({target.renown}) "
                                                  f"than {me.name} ({me.renown})")
    return None


def _reach(state: GameState, target: Bounty | Player, rifle: bool) -> None:
    trouble = out_of_reach(state, target, rifle)
    if trouble is not None:
        raise trouble


def _duel_bounty(state: GameState, action: Mapping[str, Any], rifle: bool) -> tuple[DuelReport, GameState]:
    player = state.current
    bounty = state.active_bounty(action.get("bounty"))
    _reach(state, bounty, rifle)
    hand = _played(action, "hand", player, hands_held(action, (player.name,)), state.rules,
                   bank_discard(state, player))
    drawn = _drawn(action, bounty)
    _one_deck(hand + drawn)
    mine, theirs = rank(hand), bounty_rank(bounty.base, drawn)
    outcome = duel.against_bounty(mine, theirs)
    if rifle:  # discarded to duel, so gone before any item is taken from the bounty
        player = _without_item(player, "Rifle")
    taken, to_store = _bounty_items(action, bounty, player if outcome.bounty == "taken" else None)
    if outcome.bounty == "taken":
        player = replace(player, captured=player.captured + (bounty,), items=_with_items(player.items, (taken,) if taken else ()))
    else:
        state = replace(state, escaped=state.escaped + (bounty.name,))
    state = replace(state, active=tuple(b for b in state.active if b.name != bounty.name))
    state = replace(state.with_player(player), store=state.store + to_store)
    state, injuries = _injure(state, action, {"player": player.name}, outcome)
    report = DuelReport(False, (("player", player.name),), (("player", mine), ("bounty", theirs)), outcome,
                        bounty.name, injuries, duel.bank_discards({player.name: player.location}), taken, to_store)
    return report, state


def _duel_player(state: GameState, action: Mapping[str, Any], rifle: bool) -> tuple[DuelReport, GameState]:
    attacker = state.current
    defender = state.player(action.get("defender"))
    _reach(state, defender, rifle)
    name = action.get("bounty")
    if defender.captured and name is None:
        raise RuleError("Duels Against Players", f"declare which of {defender.name}'s bounties to steal: "
                                                 f"{', '.join(b.name for b in defender.captured)}")
    bounty = defender.bounty(name) if name is not None else None
    roles = (("attacker", attacker.name), ("defender", defender.name))
    if rifle:
        state = state.with_player(_without_item(attacker, "Rifle"))
    bank = duel.bank_discards({attacker.name: attacker.location, defender.name: defender.location})
    if _flag(action, "hat"):
        if "Cowboy Hat" not in defender.items:
            raise RuleError("Items", f"{defender.name} has no Cowboy Hat")
        state = state.with_player(_without_item(defender, "Cowboy Hat"))
        return DuelReport(True, roles, (), None, name, (), bank, None, ()), state
    given = hands_held(action, (attacker.name, defender.name))
    hands = (_played(action, "attacker_hand", attacker, given, state.rules, bank_discard(state, attacker)),
             _played(action, "defender_hand", defender, given, state.rules, bank_discard(state, defender)))
    drawn = _drawn(action, bounty)
    _one_deck(hands[0] + hands[1] + drawn)
    mine, theirs = rank(hands[0]), rank(hands[1])
    bounty_hand = bounty_rank(bounty.base, drawn) if bounty else None
    outcome = duel.showdown(mine, theirs, bounty_hand)
    ranks = (("attacker", mine), ("defender", theirs)) + ((("bounty", bounty_hand),) if bounty_hand else ())
    if bounty and outcome.bounty != "kept":
        defender = state.player(defender.name)
        state = state.with_player(replace(defender, captured=tuple(b for b in defender.captured if b.name != bounty.name)))
        if outcome.bounty == "taken":
            attacker = state.current
            state = state.with_player(replace(attacker, captured=attacker.captured + (bounty,)))
        else:
            state = replace(state, escaped=state.escaped + (bounty.name,))
    state, injuries = _injure(state, action, dict(roles), outcome)
    return DuelReport(False, roles, ranks, outcome, name, injuries, bank, None, ()), state


def hands_held(action: Mapping[str, Any], names: Iterable[str]) -> dict[str, int]:
    """The "in_hand" counts an action gives (player -> cards in hand, wounds included),
    only for the players in the duel, as whole numbers (R-B7)."""
    given = action.get("in_hand", {})
    names = tuple(names)
    if not isinstance(given, Mapping) or not set(given) <= set(names):
        raise RuleError("R-B7", f"'in_hand' maps a player in the duel ({', '.join(names)}) to the cards "
                                f"in their hand, got {given!r}")
    for name, count in given.items():
        if not isinstance(count, int) or isinstance(count, bool) or count < 0:
            raise RuleError("R-B7", f"{name}'s cards in hand must be a whole number, got {count!r}")
    return dict(given)


def bank_discard(state: GameState, player: Player) -> int:
    """The card ``player``'s hand is short in a duel for the Bank's discard on declaring
    (Git Along): 1 at the Bank from rules 3 (ruling: R-B9, R-B7 counts the hand after
    it), else 0 (the hand limit was assumed, discard or not). Wounds stay below the hand
    limit (R-B5 clears them when they reach it), so a full hand holds a Duel card to discard."""
    return int(state.rules >= BANK_DISCARD_COUNTS and player.location == duel.BANK)


def play_limit(player: Player, given: Mapping[str, int], discard: int = 0) -> tuple[int, duel.Play]:
    """Cards in ``player``'s hand at the Selection Step (as ``given``, else a full hand
    less the ``discard`` the duel forces, :func:`bank_discard`: the companion does not
    track the cards themselves) and how many of them they may play (R-B7)."""
    held = given.get(player.name, player.hand_limit - discard)
    return held, duel.play_limit(player.wounds, held)


def _played(action: Mapping[str, Any], key: str, player: Player, given: Mapping[str, int],
            rules: int, discard: int = 0) -> tuple[str, ...]:
    """The cards ``player`` plays under ``key``: at least one, and no more than the cards in
    hand that are not wounds, five at most (ruling: R-B7), after the ``discard`` the duel
    forced (ruling: R-B9)."""
    if not duel.wounds_are_dead_space(rules):
        return cards_entered(action, key, least=1)
    held, limit = play_limit(player, given, discard)
    if held < player.wounds:
        raise RuleError("R-B7", f"{player.name} has {player.wounds} wound(s) in hand, so at least "
                                f"{player.wounds} cards; got {held}")
    cards = cards_entered(action, key, least=1)
    if len(cards) > limit.most:
        wounds = f"{player.wounds} wound{'s' * (player.wounds != 1)}"
        bank = " after discarding a card at the Bank" if discard else ""
        most = f"at most {limit.most} card{'s' * (limit.most != 1)} can be played, not {len(cards)}"
        if limit.top_card:
            raise RuleError("R-B7", f"{player.name} holds only wounds ({wounds} in a {held}-card hand{bank}): they "
                                    f"play the top card of the Draw deck, 1 card, not {len(cards)}")
        if not player.wounds:
            raise RuleError("R-B7", f"{player.name} holds {held} cards{bank}: {most}")
        raise RuleError("R-B7", f"{player.name} has {wounds} in a {held}-card hand{bank} (wounds are dead space): "
                                f"{most}")
    return cards


def _drawn(action: Mapping[str, Any], bounty: Bounty | None) -> tuple[str, ...]:
    count = bounty.draws if bounty else 0
    return cards_entered(action, "drawn", least=count, most=count)


def _one_deck(cards: tuple[str, ...]) -> None:
    """All hands and draws of one duel come from the one 75-card deck (R-B1)."""
    try:
        check_copies(cards)
    except InputError as exc:
        raise RuleError("R-B1", f"the duel's cards: {exc}") from None


def _bounty_items(action: Mapping[str, Any], bounty: Bounty, taker: Player | None) -> tuple[str | None, tuple[str, ...]]:
    """The item a capturing player takes from the bounty, and the ones that go to the store."""
    found = parse_items(action.get("bounty_items", []), "bounty_items")
    if len(found) != bounty.items:
        raise RuleError("Bounties", f"{bounty.name} carries {bounty.items} item(s); list them in 'bounty_items'")
    take = action.get("take")
    if take is None:
        return None, found
    if taker is None:
        raise RuleError("Bounties", f"{bounty.name} escaped: nobody takes its items, they go to the store")
    if take not in found:
        raise RuleError("Bounties", f"{take!r} is not among {bounty.name}'s items: {', '.join(found) or 'none'}")
    if take in taker.items:
        raise RuleError("Items", f"{taker.name} can hold only one {take}")
    rest = list(found)
    rest.remove(take)
    return take, tuple(rest)


def _injure(state: GameState, action: Mapping[str, Any], roles: dict[str, str],
            outcome: duel.Outcome) -> tuple[GameState, tuple[Injury, ...]]:
    """Wounds after the showdown: location effects, then Crucifix (R-B4), then critical
    wounds (R-B5). ``roles`` maps each involved role to the player's name."""
    crucifix = _names(action, "crucifix", roles.values())
    choices = action.get("critical_discard", {})
    if not isinstance(choices, Mapping) or not set(choices) <= set(roles.values()):
        raise RuleError("R-B5", f"'critical_discard' maps an involved player to a bounty, got {choices!r}")
    seed = action.get("seed")
    rng = random.Random(seed) if isinstance(seed, int) and not isinstance(seed, bool) else None
    injuries = []
    for role, name in roles.items():
        player = state.player(name)
        wounds = duel.wounds_for(role in outcome.wounded, player.location)  # ruling: R-B4
        used = name in crucifix
        if used:
            if not wounds:
                raise RuleError("Items", f"{name} takes no wounds here; the Crucifix would be wasted")
            if "Crucifix" not in player.items:
                raise RuleError("Items", f"{name} has no Crucifix")
            player, wounds = _without_item(player, "Crucifix"), 0
        player = replace(player, wounds=player.wounds + wounds)
        hurt = None
        if player.wounds >= player.hand_limit:  # ruling: R-B5
            # ruling: R-B6: turned-in bounties are locked, so only captured ones can be lost
            hurt = duel.critical(name, (b.name for b in player.captured), player.items, choices.get(name), rng)
            player = replace(player, wounds=0, location=DOCS,
                             captured=tuple(b for b in player.captured if b.name != hurt.bounty),
                             items=tuple(i for i in player.items if i != hurt.item))
            if hurt.bounty and duel.lost_bounty_leaves_game(state.rules):  # ruling: R-B8 - never back in the deck
                state = replace(state, discarded=state.discarded + (hurt.bounty,))
            if name == state.current.name:
                state = replace(state, turn_over=True)
        elif name in choices:
            raise RuleError("R-B5", f"{name} is not critically wounded; nothing to discard")
        state = state.with_player(player)
        injuries.append(Injury(name, wounds, used, hurt))
    return state, tuple(injuries)


def _flag(action: Mapping[str, Any], key: str) -> bool:
    value = action.get(key, False)
    if not isinstance(value, bool):
        raise RuleError("action", f"{key!r} is true or false, got {value!r}")
    return value


def _names(action: Mapping[str, Any], key: str, allowed: Iterable[str]) -> set[str]:
    names = action.get(key, [])
    allowed = set(allowed)
    if not isinstance(names, list) or not set(names) <= allowed:
        raise RuleError("Items", f"{key!r} lists players in the duel ({', '.join(sorted(allowed))}), got {names!r}")
    return set(names)


def _with_items(held: tuple[str, ...], new: tuple[str, ...]) -> tuple[str, ...]:
    return tuple(sorted(held + new))


def _without_item(player: Player, item: str) -> Player:
    items = list(player.items)
    items.remove(item)
    return replace(player, items=tuple(items))


_HANDLERS = {
    "move": _move,
    "buy": _buy,
    "heal": _heal,
    "turn_in": _turn_in,
    "reload": _reload,
    "location_ability": _location_ability,
    "use_item": _use_item,
    "stock_store": _stock_store,
    "end_turn": _end_turn,
    "adjust": adjust,
}

ENGINE = BountytownEngine()
