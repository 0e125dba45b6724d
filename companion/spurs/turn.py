"""Turn-level actions: Spurs, duels, resting, ending the turn, cards, the escorted
Stagecoach and the tie-break duel."""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any, Mapping

from companion.contracts.engine import RuleError, replace, rng_for
from companion.spurs import fields
from companion.spurs.bag import Bag, after_shooting
from companion.spurs.state import STANDARD_DRAW, DrawRecord, Player, SpursState, Turn
from companion.spurs.town import apply_card

DUEL_BOUNTY_PER_POSTER = 20
UNSTEALABLE = ("training", "henchmen")


SPUR_USES = ("boost", "reroll")


def spend_spur(state: SpursState, action: Mapping[str, Any]) -> SpursState:
    """Discard a Spur, as a boost (the default) or for one die re-roll (R-S12).

    A boost makes one more object available on every later draw this turn (and an
    extra movement and riding die, rolled at the table). Fights and challenges are
    single actions, so a Spur can never be spent half way through one. A re-roll is
    rolled at the table: the companion records only the Spur spent.
    """
    use = action.get("use", "boost")
    if use not in SPUR_USES:
        raise RuleError("R-S12", f"a Spur is spent as a 'boost' or for a 'reroll', got {use!r}")
    player = state.player
    if player.spurs < 1:
        raise RuleError("Spur Tokens", f"{player.name} has no Spur token to spend")
    state = state.with_current(replace(player, spurs=player.spurs - 1))
    if use == "reroll":  # ruling: R-S12 - one die re-rolled once, nothing else
        return replace(state, last_outcome=f"{player.name} spent a Spur to re-roll one die")
    return replace(state, turn=replace(state.turn, boost=state.turn.boost + 1),  # ruling: R-S12
                   last_outcome=f"spent a Spur: up to {state.turn.boost + 1} extra draw(s) available this turn")


def rest(state: SpursState, action: Mapping[str, Any]) -> SpursState:
    return replace(state, turn=replace(state.turn, ended=True), last_outcome=f"{state.player.name} rests")


def end_turn(state: SpursState, action: Mapping[str, Any]) -> SpursState:
    """Play passes clockwise: the settings list players in seating order."""
    current = (state.current + 1) % len(state.players)
    return replace(state, current=current, turn=Turn(), last_outcome=f"{state.players[current].name}'s turn")


def adjust(state: SpursState, action: Mapping[str, Any]) -> SpursState:
    """An Event or Equipment card's effect, which the companion does not model: signed
    changes for one player (default: the current one) and for the bank's cash."""
    rule = "Event Card"
    i = state.index(action["player"]) if "player" in action else state.current
    bank = state.bank + fields.delta(action, "bank", rule)
    if bank < 0:
        raise RuleError(rule, f"the bank holds ${state.bank}; cannot lose ${state.bank - bank}")
    note = action.get("note", "card applied")
    return replace(state.with_player(i, apply_card(state.players[i], action, rule)), bank=bank, last_outcome=str(note))


def stagecoach(state: SpursState, action: Mapping[str, Any]) -> SpursState:
    """The Escorted Stagecoach event card changes hands: ``holder`` takes it to escort, or
    null when it is delivered or gone (R-S13)."""
    holder = action.get("holder")
    if holder is not None:
        holder = state.players[state.index(holder)].name
    note = f"{holder} escorts the Stagecoach" if holder else "nobody escorts the Stagecoach"
    return replace(state, stagecoach=holder, last_outcome=note)  # ruling: R-S13


def _steal(winner: Player, loser: Player, steal: object,
           holder: str | None) -> tuple[Player, Player, str, str | None]:
    """The thing stolen (R-S8), and who escorts the Stagecoach afterwards (R-S13)."""
    rule = "R-S8"
    if not isinstance(steal, Mapping):
        raise RuleError(rule, f"'steal' is {{'what': 'money'|'gold'|'equipment'|'token'|'stagecoach', ...}}, "
                              f"got {steal!r}")
    what = fields.choice(steal, "what", rule, ("money", "gold", "equipment", "token", "stagecoach"))
    if what == "stagecoach":
        if holder != loser.name:  # ruling: R-S13 - only the escort can lose it
            escort = f"{holder} does" if holder else "nobody does"
            raise RuleError("R-S13", f"{loser.name} is not escorting the Stagecoach ({escort})")
        took, holder = "the escorted Stagecoach", winner.name
    elif what == "money":
        half = (loser.money + 1) // 2
        winner, loser, took = replace(winner, money=winner.money + half), replace(loser, money=loser.money - half), f"${half}"
    elif what == "gold":
        if loser.gold < 1:
            raise RuleError(rule, f"{loser.name} holds no gold nugget")
        winner, loser, took = replace(winner, gold=winner.gold + 1), replace(loser, gold=loser.gold - 1), "a gold nugget"
    elif what == "equipment":
        name = fields.text(steal, "name", rule)
        if name not in loser.equipment or name.lower() in UNSTEALABLE:
            raise RuleError(rule, f"{name!r} is not an Equipment card {loser.name} holds that can be stolen "
                                  "(Training and Henchmen never can)")
        if name in winner.equipment:
            raise RuleError("General Store", f"{winner.name} already carries {name!r}: one of each name")
        winner = replace(winner, equipment=winner.equipment + (name,))
        loser, took = replace(loser, equipment=tuple(e for e in loser.equipment if e != name)), name
    else:
        token = fields.text(steal, "token", rule)
        carried = next((c for c in loser.carried if c.token == token), None)
        if carried is None:
            raise RuleError(rule, f"{loser.name} carries no challenge token {token!r}")
        winner = replace(winner, carried=winner.carried + (carried,))
        loser, took = replace(loser, carried=tuple(c for c in loser.carried if c.token != token)), f"token {token}"
    return replace(winner, posters=winner.posters + 1), loser, took, holder


@dataclass(frozen=True)
class DuelDraw:
    """One duellist's shooting draw (R-S8): from their bag, by their weapon (R-S1), the
    standard three; the player whose turn it is has one more available per Spur spent as a
    boost, which a physical draw may leave out (R-S12)."""

    player: int  # index in state.players
    weapon: str
    asked: int
    optional: int


def opponent_of(state: SpursState, action: Mapping[str, Any]) -> int:
    """The index of the player the current player duels."""
    opponent = state.index(action.get("opponent"))
    if opponent == state.current:
        raise RuleError("R-S8", "a player cannot duel themselves")
    return opponent


def duel_draws(state: SpursState, action: Mapping[str, Any]) -> tuple[DuelDraw, ...]:
    """The draws a duel records: the current player's, then the opponent's, with the weapons
    ``"weapons"`` names; none when it names none.

    Purely additive, so the Spurs rules keep their version: a duel logged before draws were
    recorded carries none of the draw fields (nothing ever sent them) and replays exactly as
    before, changing no bag. Draw fields without weapons are refused, not ignored."""
    sides = (state.current, opponent_of(state, action))
    weapons = action.get("weapons")
    if weapons is None:
        if any(key in action for key in ("draw", "drawn", "seed")):
            raise RuleError("R-S8", "a duel's draw needs the weapon each duellist draws with ('weapons')")
        return ()
    names = [state.players[i].name for i in sides]
    if not isinstance(weapons, Mapping) or set(weapons) != set(names):
        raise RuleError("R-S8", f"'weapons' names the weapon of each duellist, {names[0]} and {names[1]}, "
                                f"got {weapons!r}")
    draws = []
    for i, name in zip(sides, names):
        boost = state.turn.boost if i == state.current else 0  # ruling: R-S12
        draws.append(DuelDraw(i, fields.weapon({"weapon": weapons[name]}, "R-S8"), STANDARD_DRAW + boost, boost))
    return tuple(draws)


def _shoot_it_out(state: SpursState, action: Mapping[str, Any]) -> SpursState:
    """Each duellist's draw (R-S8), digital from the action's one seed (the current player
    first) or as entered from each real bag (R-S10); every white drawn leaves the bag for
    good, the rest go back (R-S2)."""
    draws = duel_draws(state, action)
    if not draws:
        return state
    mode = fields.draw_mode(action)
    names = [state.players[d.player].name for d in draws]
    entered = action.get("drawn")
    if mode == "physical" and (not isinstance(entered, Mapping) or set(entered) != set(names)):
        raise RuleError("R-S10", f"a duel drawn from the real bags gives what each duellist drew, {names[0]} and "
                                 f"{names[1]}: 'drawn': {{name: {{colour: count}}}}, got {entered!r}")
    rng = rng_for(action) if mode == "digital" else None
    records = []
    for d, name in zip(draws, names):
        player = state.players[d.player]
        mine = entered[name] if mode == "physical" and isinstance(entered, Mapping) else None
        drawn, record = duellist_draw(state, d, action, mine, rng)
        state = state.with_player(d.player, replace(player, bag=after_shooting(player.bag, drawn)))  # ruling: R-S2
        records.append(record)
    return replace(state, last_draw=tuple(records))


def duellist_draw(state: SpursState, draw: DuelDraw, action: Mapping[str, Any], entered: object,
                  rng: random.Random | None) -> tuple[Bag, DrawRecord]:
    """One duellist's draw (``fields.player_draw``), refused in words that name whose it is."""
    player = state.players[draw.player]
    try:
        return fields.player_draw(player, action, entered, draw.asked, draw.weapon, rng, draw.optional)
    except RuleError as exc:
        raise RuleError(exc.rule, f"{player.name}'s draw: {exc.message}") from None


def duel(state: SpursState, action: Mapping[str, Any]) -> SpursState:
    """The outcome of a duel fought at the table between the current player and
    ``opponent``: each duellist's draw, when recorded, then every consequence listed
    under "A) Duel" (R-S8). The table says who won; the draws do not decide it."""
    rule = "R-S8"
    opponent = opponent_of(state, action)
    state = _shoot_it_out(state, action)
    w = state.index(action.get("winner"))
    if w not in (state.current, opponent):
        raise RuleError(rule, f"the winner must be {state.player.name} or {state.players[opponent].name}")
    l = opponent if w == state.current else state.current
    winner, loser = state.players[w], state.players[l]
    gain = 2 if loser.fame > winner.fame else 1  # ruling: R-S8
    winner = replace(winner, fame=winner.fame + gain, money=winner.money + DUEL_BOUNTY_PER_POSTER * loser.posters)
    loser = replace(loser, posters=0)
    note = f"{winner.name} wins the duel: +{gain} fame, ${DUEL_BOUNTY_PER_POSTER * state.players[l].posters} for posters"
    holder = state.stagecoach
    if action.get("steal") is not None:
        winner, loser, took, holder = _steal(winner, loser, action["steal"], holder)
        note += f", stole {took} (Wanted Poster)"
    loser = replace(loser.take_reds(1), spurs=loser.spurs + 1)
    return replace(state.with_player(w, winner).with_player(l, loser), stagecoach=holder, last_outcome=note)


def tiebreak(state: SpursState, action: Mapping[str, Any]) -> SpursState:
    """Record the duel that breaks a tie for first place (R-S7)."""
    if not state.tied_for_first:
        raise RuleError("R-S7", "there is no tie for first place to break")
    winner = action.get("winner")
    if winner not in state.tied_for_first:
        raise RuleError("R-S7", f"the tie-break duel is between {', '.join(state.tied_for_first)}; got {winner!r}")
    return replace(state, winner=winner, tied_for_first=(), last_outcome=f"{winner} wins the tie-break duel")
