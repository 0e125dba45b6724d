"""C) Resolve a Challenge: hunting, outlaws, horses, cattle, gold and desperados.

Each handler takes the state (whose turn already records a challenge as this turn's
action) and the action, and returns the state after the challenge. A failed challenge
ends the turn ("your turn ends immediately"), except a Gold challenge, which always
counts as a success.
"""

from __future__ import annotations

import random
from typing import Any, Mapping, Sequence

from companion.contracts.engine import RuleError, replace, rng_for
from companion.spurs import fields
from companion.spurs.bag import Bag, after_shooting
from companion.spurs.desperado import Desperado, take_hits
from companion.spurs.gold import after_dig
from companion.spurs.herd import is_herd, round_up_board, round_up_pay
from companion.spurs.state import Carried, Fight, Gang, SpursState

ROB_RANCHER_CASH = 15
HORSE_ROUNDS = ("clear", "thorny", "quit", "fail")
#: the one weapon each shooting challenge allows ("Use your rifle only", "your revolver only")
SHOOTING_WEAPON = {"hunt": "rifle", "outlaw": "revolver"}


def _failed(state: SpursState, outcome: str) -> SpursState:
    return replace(state, turn=replace(state.turn, ended=True), last_outcome=outcome)


def _carry(state: SpursState, action: Mapping[str, Any], kind: str, rule: str) -> SpursState:
    """The current player takes the challenge token to carry, with its printed cash and fame."""
    token = fields.text(action, "token", rule)
    carried = Carried(token, kind, fields.whole(action, "cash", rule, 0, 0), fields.whole(action, "fame", rule, 0, 0))
    player = state.player
    return state.with_current(replace(player, carried=player.carried + (carried,)))


def _check_token_free(state: SpursState, token: str, rule: str) -> None:
    holder = state.carrier(token)
    if holder is not None:
        raise RuleError(rule, f"challenge token {token} is already carried by {holder.name}")


def shooting(state: SpursState, action: Mapping[str, Any], weapon: str, kind: str, rule: str) -> SpursState:
    """Hunting (rifle, carry the pelt) or an outlaw (revolver, carry the captive)."""
    token = fields.text(action, "token", rule)
    _check_token_free(state, token, rule)
    need = fields.whole(action, "hits", rule, 1)
    red = action.get("red", False)
    if not isinstance(red, bool):
        raise RuleError(rule, f"'red' (the token's Red Bullet icon) must be true or false, got {red!r}")
    drawn, record = fields.shoot(state, action, weapon)
    player = state.player
    state = replace(state.with_current(replace(player, bag=after_shooting(player.bag, drawn))), last_draw=(record,))
    hits = drawn.hits(weapon)
    if hits >= need:
        return replace(_carry(state, action, kind, rule), last_outcome=f"{hits} hits of {need}: success, carrying {token}")
    if red:
        state = state.with_current(state.player.take_reds(1))
    return _failed(state, f"{hits} hits of {need}: failed" + (", took a red bullet" if red else ""))


def hunt(state: SpursState, action: Mapping[str, Any]) -> SpursState:
    return shooting(state, action, SHOOTING_WEAPON["hunt"], "pelt", "Hunting Challenge")


def outlaw(state: SpursState, action: Mapping[str, Any]) -> SpursState:
    return shooting(state, action, SHOOTING_WEAPON["outlaw"], "outlaw", "Outlaw Challenge")


def horse(state: SpursState, action: Mapping[str, Any]) -> SpursState:
    """Rounds as played: clear, thorny (red bullet, go on), quit (on a bush: failed, no
    red) or fail (rock or off the board). The dice are rolled at the table."""
    rule = "Horse Breaking Challenge"
    token = fields.text(action, "token", rule)
    _check_token_free(state, token, rule)
    needed = fields.whole(action, "rounds_needed", rule, 1)
    rounds = action.get("rounds")
    if not isinstance(rounds, list) or any(r not in HORSE_ROUNDS for r in rounds):
        raise RuleError(rule, f"'rounds' must list outcomes among {', '.join(HORSE_ROUNDS)}, got {rounds!r}")
    ends = [i for i, r in enumerate(rounds) if r in ("quit", "fail")]
    if ends and ends[0] != len(rounds) - 1:
        raise RuleError(rule, f"round {ends[0] + 1} ended the challenge; no rounds come after it")
    if len(rounds) > needed:
        raise RuleError(rule, f"the token needs {needed} rounds; {len(rounds)} entered")
    if not ends and len(rounds) < needed:
        raise RuleError(rule, f"{len(rounds)} of {needed} rounds entered; enter the rest or how it ended")
    state = state.with_current(state.player.take_reds(rounds.count("thorny")))
    if ends:
        return _failed(state, f"horse not broken ({rounds[-1]} in round {len(rounds)})")
    return replace(_carry(state, action, "horse", rule), last_outcome=f"horse broken in {needed} rounds")


def cattle(state: SpursState, action: Mapping[str, Any]) -> SpursState:
    """Round-up (cattle positions tapped on the Mini Board when it ended) or robbing the rancher.

    A round-up succeeds by forming a herd before the time limit, or by playing every
    round without losing a cow: a success with no herd while rounds are left is not one.
    """
    rule = "Cattle Challenge"
    option = fields.choice(action, "option", rule, ("round_up", "rob"))
    player = state.player
    if option == "rob":
        player = replace(player, money=player.money + ROB_RANCHER_CASH, posters=player.posters + 1)
        return replace(state.with_current(player), last_outcome=f"robbed the rancher: ${ROB_RANCHER_CASH} and a Wanted Poster")
    result = fields.choice(action, "result", rule, ("success", "failed"))
    if result == "failed":
        return _failed(state, "cattle wandered off the board: failed")
    cells = action.get("cattle")
    if not isinstance(cells, list) or not cells:
        raise RuleError("R-S11", f"tap where the cattle stand: 'cattle' lists [q, r] positions, got {cells!r}")
    herd = round_up_board(cells, state.rules)
    pay, formed = round_up_pay(herd), is_herd(herd)
    if not formed:
        _played_out(action, state.rules)
    fame = fields.whole(action, "fame", rule, 0) if formed else 0
    player = replace(player, money=player.money + pay, fame=player.fame + fame)
    return replace(state.with_current(player),
                   last_outcome=f"round-up: ${pay}" + (f", herd formed: +{fame} fame" if formed else ", no herd"))


def _played_out(action: Mapping[str, Any], rules: int) -> None:
    """A round-up with no herd succeeds only once every round of the token's time limit is
    played (ruling: R-S11, since version 2 of the rules: ``rounds_left`` must be 0);
    version 1 (2026-11-30) took the table's word for the success."""
    if rules < 2:
        return
    left = fields.whole(action, "rounds_left", "R-S11", 0)
    if left:
        raise RuleError("R-S11", f"no herd formed and {left} round(s) left: the round-up succeeds "
                                 "with a herd, or once every round is played without losing a cow")


# --- desperados (also fought in a Gold challenge) -------------------------------------

def _cards(action: Mapping[str, Any], rule: str) -> list[Desperado]:
    given = action.get("desperados", [])
    if not isinstance(given, list):
        raise RuleError(rule, f"'desperados' lists the revealed cards, got {given!r}")
    return [fields.desperado(card, rule) for card in given]


def _expect_cards(state: SpursState, cards: Sequence[Desperado], count: int, rule: str) -> None:
    """Standard rule: only the first card is revealed before the draw; house rule: all."""
    wanted = min(count, 1) if state.gang_rule == "standard" else count
    if len(cards) != wanted:
        how = ("reveal only the first desperado now; the others one at a time ('reveal')"
               if state.gang_rule == "standard" else "the house rule draws every desperado card at once")
        raise RuleError(rule, f"{how}: {wanted} card(s) expected, {len(cards)} entered")


def _start_fight(state: SpursState, action: Mapping[str, Any], fight: Fight, cards: Sequence[Desperado],
                 rng: random.Random | None = None) -> SpursState:
    """Draw once for the whole fight, then resolve the cards known so far."""
    weapon = cards[0].weapon if fight.size == 1 else None  # ruling: R-S4 (lone desperado: by weapon)
    drawn, record = fields.shoot(state, action, weapon, rng)
    player = state.player
    state = state.with_current(replace(player, bag=after_shooting(player.bag, drawn)))
    state = replace(state, last_draw=state.last_draw + (record,))
    return resolve(state, replace(fight, unused=drawn), cards)


def resolve(state: SpursState, fight: Fight, cards: Sequence[Desperado]) -> SpursState:
    """Fight the revealed ``cards`` in order with the bullets not yet counted."""
    for i, card in enumerate(cards):
        unused = take_hits(fight.unused, card.weapon, card.hits)  # ruling: R-S4
        if unused is None:
            return _lost(state, fight, card, cards[i + 1:])
        player = state.player
        state = state.with_current(replace(player, money=player.money + card.cash, fame=player.fame + card.fame))
        if state.player.fame >= state.target:
            return state  # ruling: R-S7 - the game ends here; scoring.settle closes it and the fight
        fight = replace(fight, beaten=fight.beaten + 1, unused=unused)
    if fight.beaten < fight.size:
        return replace(state, fight=fight, last_outcome=f"beat {fight.beaten} of {fight.size}: reveal the next desperado")
    return _won(state, fight)


def _won(state: SpursState, fight: Fight) -> SpursState:
    state = replace(state, fight=None)
    if fight.kind == "gold":
        player = state.player
        return replace(state.with_current(replace(player, gold=player.gold + fight.gold)),
                       last_outcome=f"beat every desperado: keeping {fight.gold} gold")
    return replace(state.with_gang(fight.token, None), last_outcome=f"beat all {fight.size} desperado(s): success")


def _lost(state: SpursState, fight: Fight, card: Desperado, unrevealed: Sequence[Desperado]) -> SpursState:
    state = replace(state.with_current(state.player.take_reds(1)), fight=None)
    if fight.kind == "gold":
        # ruling: R-S5 - the desperados take the gold found; it goes back into the bag
        bag = replace(state.gold_bag, gold=state.gold_bag.gold + fight.gold)
        return replace(state, gold_bag=bag, last_outcome=f"beaten by desperado {fight.beaten + 1}: "
                                                         f"lost {fight.gold} gold, took a red bullet (challenge still a success)")
    if fight.gang:
        waiting = (card,) if state.gang_rule == "standard" else (card, *unrevealed)
        count = fight.size if state.gang_rule == "standard" else len(waiting)
        state = state.with_gang(fight.token, Gang(fight.token, count, waiting))
    return _failed(state, f"beaten by desperado {fight.beaten + 1}: failed, took a red bullet")


def desperado(state: SpursState, action: Mapping[str, Any]) -> SpursState:
    """A Desperado challenge; a gang that beat someone before starts with who is waiting."""
    rule = "Desperado Challenge"
    token = fields.text(action, "token", rule)
    cards = _cards(action, rule)
    gang = state.gang(token)
    if gang is None:
        count = fields.whole(action, "count", rule, 1)
        _expect_cards(state, cards, count, rule)
        fight = Fight(token, "desperado", count, count > 1, 0, Bag(), 0)
        return _start_fight(state, action, fight, cards)
    if cards or "count" in action:
        raise RuleError(rule, f"{len(gang.waiting)} desperado(s) wait at {token}: the fight starts with them; "
                              "enter no cards and no count (reveal the others one at a time)")
    return _start_fight(state, action, Fight(token, "desperado", gang.count, True, 0, Bag(), 0), gang.waiting)


def gold(state: SpursState, action: Mapping[str, Any]) -> SpursState:
    """Dig ``nuggets`` (+ Spurs) from the Gold/Stones bag, then fight ``count`` desperados."""
    rule = "Gold Challenge"
    fields.text(action, "token", rule)
    asked = fields.whole(action, "nuggets", rule, 1) + state.turn.boost
    count = fields.whole(action, "count", rule, 0)
    cards = _cards(action, rule)
    _expect_cards(state, cards, count, rule)
    rng = rng_for(action) if action.get("draw") == "digital" else None
    found, record = fields.dig(state, action, asked, rng)
    state = replace(state, gold_bag=after_dig(state.gold_bag, found), last_draw=(record,))
    fight = Fight(action["token"], "gold", count, False, 0, Bag(), found.gold)
    if count == 0:
        return _won(state, fight)
    return _start_fight(state, action, fight, cards, rng)


def reveal(state: SpursState, action: Mapping[str, Any]) -> SpursState:
    """The next desperado of a fight in progress (standard rule)."""
    if state.fight is None:
        raise RuleError("Desperado Challenge", "no desperado fight is waiting for a card")
    return resolve(state, state.fight, [fields.desperado(action.get("desperado"), "Desperado Challenge")])

