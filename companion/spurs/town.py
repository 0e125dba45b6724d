"""B) Visit Town: General Store, Sheriff's Office, Doctor's Office, Saloon, Lucky Boot Bank.

Every town action names its building through :func:`visit`, which keeps "no more than
one visit per building per turn": actions at the building the player is standing in
continue that visit; going back to a building left earlier is refused.
"""

from __future__ import annotations

from typing import Any, Mapping

from companion.contracts.engine import RuleError, replace
from companion.spurs import fields
from companion.spurs.bag import COLOURS, Bag, add_reds, after_shooting
from companion.spurs.state import Player, SpursState

REFRESH_COST = 5
DOCTOR_DRAW = 2
DOCTOR_COST_PER_RED = 5
ROUND_COST = 40
GOLD_PRICE = 15
ROBBERY_HITS = 2


def visit(state: SpursState, building: str, once: str | None = None) -> SpursState:
    """The state with ``building`` visited (and a once-a-visit option ``once`` used)."""
    turn = state.turn
    if turn.visited and turn.visited[-1] == building:
        visited = turn.visited
    elif building in turn.visited:
        raise RuleError("Visit Town", f"the {building} was already visited this turn (one visit per building per turn)")
    else:
        visited = turn.visited + (building,)
    used = turn.used
    if once is not None:
        if once in used:
            raise RuleError("Visit Town", f"the {once} is done once per visit")
        used = used | {once}
    return replace(state, turn=replace(turn, visited=visited, used=used))


def _pay(player: Player, cost: int, rule: str, what: str) -> Player:
    if player.money < cost:
        raise RuleError(rule, f"{what} costs ${cost}; {player.name} has ${player.money}")
    return replace(player, money=player.money - cost)


def buy(state: SpursState, action: Mapping[str, Any]) -> SpursState:
    rule = "General Store"
    name = fields.text(action, "name", rule)
    cost = fields.whole(action, "cost", rule, 0)
    player = state.player
    if name in player.equipment:
        raise RuleError(rule, f"{player.name} already carries {name!r}: never more than one of each name")
    state = visit(state, "general store")
    player = _pay(player, cost, rule, name)
    return replace(state.with_current(replace(player, equipment=player.equipment + (name,))),
                   last_outcome=f"bought {name} for ${cost}")


def refresh(state: SpursState, action: Mapping[str, Any]) -> SpursState:
    state = visit(state, "general store")
    return replace(state.with_current(_pay(state.player, REFRESH_COST, "General Store", "replacing the display")),
                   last_outcome=f"paid ${REFRESH_COST} to replace the displayed Equipment")


def _cash_in(state: SpursState, action: Mapping[str, Any], building: str, kinds: tuple[str, ...], rule: str) -> SpursState:
    tokens = action.get("tokens")
    if (not isinstance(tokens, list) or not tokens or not all(isinstance(t, str) for t in tokens)
            or len(set(tokens)) != len(tokens)):
        raise RuleError(rule, f"'tokens' lists the carried challenge tokens to cash in, each once, got {tokens!r}")
    player = state.player
    by_token = {c.token: c for c in player.carried}
    for token in tokens:
        carried = by_token.get(token)
        if carried is None or carried.kind not in kinds:
            raise RuleError(rule, f"{player.name} carries no {' or '.join(kinds)} token {token!r} to cash in here")
    chosen = [by_token[t] for t in tokens]
    player = replace(player,
                     carried=tuple(c for c in player.carried if c.token not in tokens),
                     money=player.money + sum(c.cash for c in chosen),
                     fame=player.fame + sum(c.fame for c in chosen))
    return replace(visit(state, building).with_current(player),
                   last_outcome=f"cashed in {', '.join(tokens)}: ${sum(c.cash for c in chosen)}, "
                                f"+{sum(c.fame for c in chosen)} fame")


def sell(state: SpursState, action: Mapping[str, Any]) -> SpursState:
    """Pelts and broken horses, at the General Store."""
    return _cash_in(state, action, "general store", ("pelt", "horse"), "General Store")


def turn_in(state: SpursState, action: Mapping[str, Any]) -> SpursState:
    """Captured outlaws, at the Sheriff's Office."""
    return _cash_in(state, action, "sheriff's office", ("outlaw",), "Sheriff's Office")


def doctor(state: SpursState, action: Mapping[str, Any]) -> SpursState:
    """A free draw of two returning the reds drawn (once a visit), or $5 per red removed.

    The free draw is not shooting, so a white drawn here goes back into the bag, as
    R-S2 now says outright (the rulebook's "after any shooting" is about shooting draws).
    """
    rule = "Doctor's Office"
    option = fields.choice(action, "option", rule, ("draw", "pay"))
    player = state.player
    if option == "pay":
        reds = fields.whole(action, "reds", rule, 1)
        if reds > player.bag.red:
            raise RuleError(rule, f"{player.name}'s bag holds {player.bag.red} red bullet(s), not {reds}")
        player = _pay(player, DOCTOR_COST_PER_RED * reds, rule, f"removing {reds} red bullet(s)")
        player = replace(player, bag=player.bag.minus(Bag(red=reds)))
        return replace(visit(state, "doctor's office").with_current(player), last_outcome=f"paid to remove {reds} red")
    state = visit(state, "doctor's office", once="doctor's free draw")
    drawn, record = fields.draw_bullets(state, action, DOCTOR_DRAW, None)
    player = replace(player, bag=player.bag.minus(Bag(red=drawn.red)))  # ruling: R-S2 - only reds leave
    drew = ", ".join(f"{drawn[c]} {c}" for c in COLOURS if drawn[c])
    back = f"{drawn.red} red bullet{'s' * (drawn.red > 1)} back to the stock" if drawn.red else "no red drawn"
    return replace(state.with_current(player), last_draw=(record,), last_outcome=f"drew {drew}: {back}")


def apply_card(player: Player, action: Mapping[str, Any], rule: str) -> Player:
    """Signed changes to fame, money, spurs, wanted posters and bullets, as a Saloon or
    Event card says. Reds added follow R-S3; fame stops at 0; nothing else may go negative."""
    bullets = fields.bullet_deltas(action, rule)
    changes = {k: fields.delta(action, k, rule) for k in ("fame", "money", "spurs", "posters")}
    for key in ("money", "spurs", "posters"):
        if getattr(player, key) + changes[key] < 0:
            raise RuleError(rule, f"{player.name} has {getattr(player, key)} {key}; cannot lose {-changes[key]}")
    for colour in COLOURS:
        if player.bag[colour] + bullets[colour] < 0:
            raise RuleError(rule, f"{player.name}'s bag holds {player.bag[colour]} {colour}; cannot lose {-bullets[colour]}")
    fame = max(0, player.fame + changes["fame"])
    bag = player.bag.plus(Bag(**{**bullets.counts(), "red": min(0, bullets.red)}))
    bag, fame = add_reds(bag, fame, max(0, bullets.red))  # ruling: R-S3
    return replace(player, fame=fame, money=player.money + changes["money"], spurs=player.spurs + changes["spurs"],
                   posters=player.posters + changes["posters"], bag=bag)


def saloon(state: SpursState, action: Mapping[str, Any]) -> SpursState:
    """A Saloon card's effect as entered (once a visit), or $40 a round for 1 Fame each."""
    rule = "Saloon"
    option = fields.choice(action, "option", rule, ("card", "round"))
    if option == "card":
        state = visit(state, "saloon", once="saloon card")
        return replace(state.with_current(apply_card(state.player, action, rule)), last_outcome="saloon card applied")
    rounds = fields.whole(action, "times", rule, 1, 1)
    player = _pay(state.player, ROUND_COST * rounds, rule, f"{rounds} round(s)")
    return replace(visit(state, "saloon").with_current(replace(player, fame=player.fame + rounds)),
                   last_outcome=f"bought {rounds} round(s): +{rounds} fame")


def bank(state: SpursState, action: Mapping[str, Any]) -> SpursState:
    """Sell gold for $15 a nugget (out of the game), or rob the bank of all its cash.

    The $15 is paid from the supply, not from the bank's robbable cash: the rulebook
    ties the bank's cash only to the robbery.
    """
    rule = "Lucky Boot Bank"
    option = fields.choice(action, "option", rule, ("sell_gold", "rob"))
    player = state.player
    if option == "sell_gold":
        nuggets = fields.whole(action, "nuggets", rule, 1)
        if nuggets > player.gold:
            raise RuleError(rule, f"{player.name} holds {player.gold} gold nugget(s), not {nuggets}")
        player = replace(player, gold=player.gold - nuggets, money=player.money + GOLD_PRICE * nuggets)
        # ruling: R-S5 - sold gold goes back to the box, not the Gold/Stones bag
        return replace(visit(state, "bank").with_current(player), last_outcome=f"sold {nuggets} gold for ${GOLD_PRICE * nuggets}")
    weapon = fields.weapon(action, rule)
    state = visit(state, "bank", once="bank robbery")
    drawn, record = fields.shoot(state, action, weapon)
    player = replace(player, bag=after_shooting(player.bag, drawn), posters=player.posters + 1)
    hits = drawn.hits(weapon)
    if hits >= ROBBERY_HITS:
        player = replace(player, money=player.money + state.bank, fame=player.fame + 1)
        return replace(state.with_current(player), bank=0, last_draw=(record,),
                       last_outcome=f"{hits} hits: robbed the bank of ${state.bank}, +1 fame, a Wanted Poster")
    return replace(state.with_current(player.take_reds(1)), last_draw=(record,),
                   last_outcome=f"{hits} hits: the guard stopped the robbery; a red bullet and a Wanted Poster")

