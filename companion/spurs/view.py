"""Questions the Spurs screens ask about a state, answered here so ``ui/`` decides no rule.

The screens show a draw's odds before the draw, suggest a challenge token's name, list
what a player can cash in, and remember characters between games. Each answer comes
from the same functions the engine uses (``fields.shooting_size``, the R-S4 fight
rules in ``odds``), so what the screen promises is what the engine then does.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import Any, Mapping, Sequence

from companion.contracts.engine import RuleError
from companion.intake.errors import InputError
from companion.spurs import fields
from companion.spurs.bag import COLOURS
from companion.spurs.challenges import SHOOTING_WEAPON
from companion.spurs.engine import ACTIONS, check_turn
from companion.spurs.herd import CATTLE, cattle_positions, is_herd, round_up_pay
from companion.spurs.odds import compositions, gold_distribution, shoot_probability, whole_bag_probability
from companion.spurs.state import Player, SpursState
from companion.spurs.town import DOCTOR_DRAW, ROBBERY_HITS
from companion.spurs.turn import UNSTEALABLE, DuelDraw, duel_draws, duellist_draw

#: token name prefixes suggested per challenge
TOKEN_PREFIX = {"hunt": "P", "outlaw": "O", "horse": "H", "cattle": "C", "desperado": "D", "gold": "G"}
#: what a building cashes in
CASH_IN = {"sell": ("pelt", "horse"), "turn_in": ("outlaw",)}
DUEL_HITS = 2  # A) Duel: "Win with two hits"; the duel's odds are each duellist's chance of them


@dataclass(frozen=True)
class Odds:
    """One line of odds: what it is the chance of, and the exact probability."""

    text: str
    p: Fraction


@dataclass(frozen=True)
class DrawPlan:
    """What an action about to draw will take, and the chances, shown before the draw.

    ``bullets`` is the number asked from the player's bag (0: none), ``weapon`` the
    pool it comes from (None: the whole bag), ``dig`` the objects asked from the
    Gold/Stones bag. ``headline`` is the chance that decides the action; ``lines`` are
    the others worth seeing (each k of "at least k hits", each nugget count).
    ``optional`` is how many of the bullets (and of the dig) are extra draws the turn's
    Spurs made available, which a physical draw may leave out (R-S12). A duel's plan has
    ``parts``, the draw of each duellist from their own bag (R-S8); ``bullets``,
    ``weapon`` and ``optional`` are then the first one's.
    """

    title: str
    bullets: int
    weapon: str | None
    dig: int
    headline: Odds | None
    lines: tuple[Odds, ...]
    optional: int = 0
    parts: tuple[DuelDraw, ...] = ()  # a duel: each duellist's own draw, entered one after the other


def percent(p: Fraction) -> str:
    """A probability as people read it: never "0%" or "100%" unless it is exactly so."""
    if p == 0 or p == 1:
        return f"{int(p * 100)}%"
    value = float(p) * 100
    if value < 0.1:
        return "<0.1%"
    if value > 99.9:
        return ">99.9%"
    return f"{value:.1f}%"


def _at_least(player: Player, weapon: str, asked: int, need: int) -> tuple[Odds, tuple[Odds, ...]]:
    lines = tuple(Odds(f"at least {k} hit{'s' * (k > 1)}", shoot_probability(player.bag, weapon, asked, k))
                  for k in range(1, asked + 1))
    return Odds(f"at least {need} hit{'s' * (need > 1)} with the {weapon}",
                shoot_probability(player.bag, weapon, asked, need)), lines


def _cards(action: Mapping[str, Any]) -> list[tuple[str, int]]:
    cards = (fields.desperado(card, "Desperado Challenge") for card in action.get("desperados", ()))
    return [(card.weapon, card.hits) for card in cards]


def _fight(state: SpursState, size: int, cards: Sequence[tuple[str, int]], asked: int) -> tuple[str | None, Odds]:
    """The pool and the chance for a fight of ``size`` desperados with ``cards`` known:
    a lone one by its weapon, a gang from the whole bag (R-S4)."""
    bag = state.player.bag
    if not cards:
        raise RuleError("Desperado Challenge", "enter the first desperado card before the draw")
    if size == 1:
        weapon, hits = cards[0]
        return weapon, Odds(f"beating the {weapon} desperado ({hits} hit{'s' * (hits > 1)})",
                            shoot_probability(bag, weapon, asked, hits))
    known = ", ".join(f"{w} {h}" for w, h in cards)
    unknown = f"; {size - len(cards)} not revealed yet" if len(cards) < size else ""
    return None, Odds(f"beating the {len(cards)} known ({known}){unknown}", whole_bag_probability(bag, asked, cards))


def draw_plan(state: SpursState, action: Mapping[str, Any]) -> DrawPlan:
    """The draw an action (without its draw fields yet) will make, with its odds.

    Raises :class:`RuleError` for an action the engine would refuse before drawing
    (an unknown weapon, hits below 1), so the screen can say so at once.
    """
    kind = action.get("type")
    player = state.player
    try:
        if kind in SHOOTING_WEAPON:
            weapon = SHOOTING_WEAPON[kind]
            asked = fields.shooting_size(state, action)
            need = fields.whole(action, "hits", kind, 1)
            headline, lines = _at_least(player, weapon, asked, need)
            return DrawPlan(f"{kind.title()} {action.get('token', '')}: draw {asked} ({weapon})",
                            asked, weapon, 0, headline, lines, state.turn.boost)
        if kind == "bank":
            weapon = fields.weapon(action, "Lucky Boot Bank")
            asked = fields.shooting_size(state, action)
            headline, lines = _at_least(player, weapon, asked, ROBBERY_HITS)
            return DrawPlan(f"Rob the bank (${state.bank}): draw {asked} ({weapon})", asked, weapon, 0, headline, lines,
                            state.turn.boost)
        if kind == "desperado":
            asked = fields.shooting_size(state, action)
            gang = state.gang(str(action.get("token")))
            size, cards = ((gang.count, [(d.weapon, d.hits) for d in gang.waiting]) if gang
                           else (fields.whole(action, "count", kind, 1), _cards(action)))
            pool, headline = _fight(state, size, cards, asked)  # None: the whole bag
            return DrawPlan(f"Desperado {action.get('token', '')}: draw {asked}"
                            + (f" ({pool})" if pool else " from the whole bag"), asked, pool, 0, headline, (),
                            state.turn.boost)
        if kind == "gold":
            dig = fields.whole(action, "nuggets", kind, 1) + state.turn.boost
            count = fields.whole(action, "count", kind, 0)
            found = gold_distribution(state.gold_bag, dig)
            lines = tuple(Odds(f"{n} gold", p) for n, p in sorted(found.items()))
            if count == 0:
                return DrawPlan(f"Dig for gold {action.get('token', '')}: {dig} from the bag", 0, None, dig, None, lines,
                                state.turn.boost)
            asked = fields.shooting_size(state, action)
            pool, headline = _fight(state, count, _cards(action), asked)
            return DrawPlan(f"Dig {dig}, then draw {asked} for {count} desperado(s)", asked, pool, dig, headline, lines,
                            state.turn.boost)
        if kind == "duel":
            draws = duel_draws(state, action)
            if not draws:
                raise RuleError("R-S8", "choose the weapon each duellist draws with")
            mine, theirs = draws
            me, them = (state.players[d.player] for d in draws)
            headline, other = (Odds(f"{p.name} hitting twice with the {d.weapon}",
                                    shoot_probability(p.bag, d.weapon, d.asked, DUEL_HITS))
                               for p, d in ((me, mine), (them, theirs)))
            return DrawPlan(f"Duel: {me.name} draws {mine.asked} ({mine.weapon}), "
                            f"{them.name} {theirs.asked} ({theirs.weapon})",
                            mine.asked, mine.weapon, 0, headline, (other,), mine.optional, draws)
        if kind == "doctor":
            reds = {drawn["red"]: p for drawn, p in compositions(
                {"red": player.bag.red, "other": player.bag.total - player.bag.red}, DOCTOR_DRAW)}
            lines = tuple(Odds(f"{n} red drawn", p) for n, p in sorted(reds.items()))
            return DrawPlan(f"Doctor: free draw of {DOCTOR_DRAW}", DOCTOR_DRAW, None, 0,
                            Odds("at least one red bullet leaves", 1 - reds.get(0, Fraction(0))), lines)
    except (InputError, KeyError, TypeError) as exc:
        raise RuleError("draw", f"cannot work out this draw: {exc}") from None
    raise RuleError("draw", f"a {kind!r} action does not draw")


def odds_words(plan: DrawPlan) -> tuple[str, str, str]:
    """A plan's odds as the screens show them: the deciding chance ("62.5%"), what it is
    the chance of, and the other lines ("at least 1 hit: 97.5%, ...")."""
    lines = ", ".join(f"{o.text}: {percent(o.p)}" for o in plan.lines)
    if plan.headline is None:
        return "", "what the dig may find", lines
    return percent(plan.headline.p), f"chance of {plan.headline.text}", lines


def refusal(state: SpursState, kind: str) -> str | None:
    """Why the engine would refuse any action of ``kind`` now (the game is over, a fight
    is on, the turn's one action is taken), or None: asked before a form is filled in,
    so nobody enters a whole challenge only to hear it was not allowed."""
    try:
        check_turn(state, kind, ACTIONS[kind][0])
    except RuleError as exc:
        return str(exc)
    return None


def pool_colours(state: SpursState, weapon: str | None, name: str | None = None) -> dict[str, int]:
    """The bullets a draw with ``weapon`` can take from the bag of the current player (or of
    the player ``name``: a duellist), by colour (R-S1)."""
    player = state.player if name is None else state.players[state.index(name)]
    return player.bag.pool(weapon).counts()


def check_duel_entry(state: SpursState, draw: DuelDraw, entered: Mapping[str, int]) -> None:
    """Refuse one duellist's bag entry as the engine will refuse the duel (R-S1, R-S10), so
    the table hears it before the next duellist taps theirs."""
    duellist_draw(state, draw, {"draw": "physical"}, entered, None)


def next_token(state: SpursState, kind: str) -> str:
    """A free name for a new challenge token ("P1", "P2", ...): one nobody carries and no
    gang waits at, so the engine can tell tokens apart."""
    prefix = TOKEN_PREFIX[kind]
    taken = {c.token for p in state.players for c in p.carried} | {g.token for g in state.gangs}
    n = 1
    while f"{prefix}{n}" in taken:
        n += 1
    return f"{prefix}{n}"


def cashable(player: Player, kind: str) -> list[str]:
    """Carried tokens the building for ``kind`` ("sell" or "turn_in") takes."""
    return [c.token for c in player.carried if c.kind in CASH_IN[kind]]


def stealable(player: Player, stagecoach: str | None = None) -> dict[str, list[str]]:
    """What a duel winner could steal from ``player`` (R-S8), by kind; the Stagecoach
    when ``player`` escorts it (``stagecoach`` names the escort, R-S13)."""
    return {"money": ["money"] if player.money else [],
            "gold": ["gold"] if player.gold else [],
            "equipment": [e for e in player.equipment if e.lower() not in UNSTEALABLE],
            "token": [c.token for c in player.carried],
            "stagecoach": ["stagecoach"] if stagecoach == player.name else []}


def herd_preview(cells: Sequence[Sequence[int]]) -> str:
    """What the tapped cattle would pay, in words, before the round-up is sent; until
    all of the board's cattle are tapped, how many are still to find (R-S11)."""
    if not cells:
        return f"Tap the {CATTLE} hexes where the cattle stand."
    try:
        cattle = cattle_positions([list(c) for c in cells])
    except RuleError as exc:
        return exc.message
    if len(cattle) != CATTLE:
        return f"{len(cattle)} of {CATTLE} cattle tapped: the board holds {CATTLE}"
    herd = "a herd (fame)" if is_herd(cattle) else "no herd (a success only with no rounds left)"
    return f"{len(cattle)} cattle: ${round_up_pay(cattle)}, {herd}"


# --- setup: characters from the sheet (R-S9) ------------------------------------------

def missing_from_sheet(entry: Mapping[str, Any]) -> str | None:
    """What is still to be copied from a player's character sheet, or None.

    R-S9: the companion never invents a bag or a Riding Skill, so setup waits until the
    sheet's values were entered rather than starting with made-up ones.
    """
    missing = [what for what, ok in (("character", str(entry.get("character", "")).strip()),
                                      ("riding skill", entry.get("riding", 0) >= 1),
                                      ("bag", sum(entry.get("bag", {}).values()) > 0)) if not ok]
    return f"{entry.get('name')}: enter the {' and '.join(missing)} from the sheet" if missing else None


def recall(characters: Mapping[str, Any], name: str) -> dict[str, Any] | None:
    """A remembered character's riding skill and bag, whatever the capitals typed."""
    wanted = " ".join(name.split()).casefold()
    for known, sheet in characters.items():
        if known.casefold() == wanted:
            return {"riding": sheet["riding"], "bag": {c: sheet["bag"].get(c, 0) for c in COLOURS}}
    return None


def remember(characters: Mapping[str, Any], players: Sequence[Mapping[str, Any]]) -> dict[str, Any]:
    """The characters known after a game started with ``players``: each one's sheet,
    replacing an older entry spelled with other capitals."""
    known = dict(characters)
    for p in players:
        name = " ".join(str(p["character"]).split())
        for old in [k for k in known if k.casefold() == name.casefold()]:
            del known[old]
        known[name] = {"riding": p["riding"], "bag": {c: n for c, n in p["bag"].items() if n}}
    return known
