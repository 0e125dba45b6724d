"""The Spurs engine: ``ENGINE`` (kind ``"spurs"``), pure ``apply(state, action)``.

The companion keeps the score sheet, the bags and the rules; the board, the dice and
the cards stay on the table. So movement, dice and card texts are not modelled: what
a card or a die decided is entered in the action (a token's hits and reward, a
horse-breaking round's outcome, a Saloon card's changes).

Settings (``initial_state``)::

    {"players": [{"name": "Ann", "character": "Doc", "riding": 3,
                  "bag": {"grey": 4, "brown": 2, "white": 1, "black": 2, "red": 1},
                  "money": 0},                      # money optional, default 0
                 ...],                              # 2 to 6, in clockwise seating order
     "target_fame": 10,                             # 10, 15, 20 or any custom number > 0
     "most_points": 1,                              # points per Most marker (R-S6)
     "gang_rule": "standard",                       # or "house" (Desperado Challenge)
     "bank_cash": 0}                                # the Lucky Boot Bank's cash at start

Bags and Riding Skill come from the character sheet; the companion never invents them
(R-S9). The Gold/Stones bag starts with 10 gold and 15 stones (R-S5).

Draws. Every action that draws carries either ``{"draw": "digital", "seed": <int>}``
(the companion draws; the seed makes replays identical) or ``{"draw": "physical",
"drawn": {"grey": 1, "white": 1, ...}}`` (the colours taken from the real bag, which
must be the draw's size: the number asked, or every eligible bullet if fewer). Both
change the bag the same way (R-S10). A shooting draw asks for 3, plus one per Spur
spent as a boost this turn, plus ``"extra": n`` for Equipment. A Spur's extra draw is
only made available (R-S12): the companion's draw takes it, a physical draw may leave
it out (a dig likewise: ``nuggets`` plus the Spurs, at least ``nuggets``). What was
drawn is in ``state.last_draw`` (a tuple of ``DrawRecord``); ``state.last_outcome``
says what happened in words.

Actions (all by the current player unless a field names someone):

Challenges (one per turn, instead of a duel, town or rest; a failure ends the turn)::

    {"type": "hunt", "token": "P1", "hits": 2, "cash": 10, "fame": 1, "red": false, <draw>}
        rifle draw; success carries the pelt; failure on a red-icon token: a red bullet
    {"type": "outlaw", "token": "O3", "hits": 2, "cash": 20, "fame": 2, "red": true, <draw>}
        revolver draw; success carries the captured outlaw
    {"type": "horse", "token": "H2", "rounds_needed": 3, "cash": 10, "fame": 1,
     "rounds": ["clear", "thorny", "clear"]}
        each round clear | thorny (red bullet, go on) | quit (on a bush, no red) | fail
        (rock or off the board); success carries the horse
    {"type": "cattle", "option": "round_up", "token": "C1", "result": "success",
     "cattle": [[0, 0], [1, 0], [0, 1], ...], "fame": 2, "rounds_left": 0}
        the six cattle's positions (axial q, r on the 19-hex Mini Board) when the round-up
        ended; pays $5 per cattle next to two others in the largest group, fame if they
        form a herd (R-S11). Without a herd, "rounds_left" (of the token's time limit) is
        needed and must be 0: a success with no herd and rounds left is refused
    {"type": "cattle", "option": "round_up", "token": "C1", "result": "failed"}
    {"type": "cattle", "option": "rob", "token": "C1"}            $15 and a Wanted Poster
    {"type": "desperado", "token": "D1", "count": 2,
     "desperados": [{"weapon": "revolver", "hits": 2, "cash": 10, "fame": 1}], <draw>}
        count: desperados on the token. Standard rule: list only the first card, then send
        {"type": "reveal", "desperado": {...}} for each next one while ``state.fight`` is set.
        House rule: list all ``count`` cards. A token with desperados waiting from an
        earlier fight (``state.gangs``) takes no count and no cards: the fight starts with
        them. A fight of one desperado draws by its weapon, a gang from the whole bag (R-S4).
    {"type": "gold", "token": "G1", "nuggets": 2, "count": 1, "desperados": [...], <draw>}
        digs nuggets (+1 per Spur spent) from the Gold/Stones bag, then fights; a physical
        draw gives the dig as "found": {"gold": 1, "stones": 1} beside "drawn"
    {"type": "reveal", "desperado": {"weapon": "rifle", "hits": 1}}

Town (any number of buildings, each visited once a turn)::

    {"type": "buy", "name": "Lasso", "cost": 10}                 General Store
    {"type": "refresh"}                                           General Store, $5
    {"type": "sell", "tokens": ["P1", "H2"]}                      General Store: pelts, horses
    {"type": "turn_in", "tokens": ["O3"]}                         Sheriff's Office: outlaws
    {"type": "doctor", "option": "draw", <draw>}                  free draw of 2, reds leave
    {"type": "doctor", "option": "pay", "reds": 1}                $5 per red removed
    {"type": "saloon", "option": "card", "fame": 1, "money": -5, "bullets": {"white": 1}}
    {"type": "saloon", "option": "round", "times": 1}             $40 per Fame point
    {"type": "bank", "option": "sell_gold", "nuggets": 2}         $15 each, out of the game
    {"type": "bank", "option": "rob", "weapon": "rifle", <draw>}  2 hits take the bank's cash

Duel, rest and the turn::

    {"type": "duel", "opponent": "Bob", "winner": "Ann",
     "steal": {"what": "money"} | {"what": "gold"} | {"what": "equipment", "name": "Lasso"}
              | {"what": "token", "token": "P1"} | {"what": "stagecoach"} | null,
     "weapons": {"Ann": "revolver", "Bob": "rifle"}, <duel draw>}
        the Stagecoach only from the player escorting it (R-S13). "weapons" and the draw
        record each duellist's shooting draw (R-S8): three bullets by their weapon, the
        current player's Spurs adding draws as in any shooting draw; every white drawn
        leaves that bag (R-S2). <duel draw> is {"draw": "digital", "seed": <int>} (one seed:
        the current player's draw first) or {"draw": "physical", "drawn": {"Ann": {"grey":
        2, "white": 1}, "Bob": {"brown": 1, "black": 2}}}. Both are optional and new: a duel
        without them changes no bag, as every duel logged before them did
    {"type": "rest"}
    {"type": "spend_spur", "use": "boost"}   before the draw it boosts ("use" may be left out)
    {"type": "spend_spur", "use": "reroll"}  one die re-rolled at the table: only the Spur is spent
    {"type": "end_turn"}                     play passes clockwise
    {"type": "adjust", "player": "Bob", "fame": 1, "money": 5, "spurs": 1, "posters": 0,
     "bullets": {"white": 1, "red": 1}, "bank": 50, "note": "Stagecoach event"}
        an Event or Equipment card's effect (any time, any player)
    {"type": "stagecoach", "holder": "Bob" | null}
        the Escorted Stagecoach event card: who escorts it now (null: delivered or gone);
        ``state.stagecoach`` names the escort (R-S13)
    {"type": "tiebreak", "winner": "Ann"}    after the game, the duel for a tied first place

The game ends the moment any Fame reaches the target: ``state.game_over``, ``state.final``
(rows of name, fame, bonuses, score, money, place), ``state.winner`` or, when first place
is tied on score and money, ``state.tied_for_first`` until a ``tiebreak`` (R-S7).
"""

from __future__ import annotations

from typing import Any, Callable, Mapping

from companion.contracts.engine import RuleError, action_type, leading, replace, rules_of
from companion.intake.errors import InputError
from companion.spurs import challenges, fields, scoring, town, turn
from companion.spurs.bag import RED_LIMIT, bag_from_counts
from companion.spurs.gold import GoldBag
from companion.spurs.state import RULES_VERSIONS, Player, SpursState

Handler = Callable[[SpursState, Mapping[str, Any]], SpursState]

#: action type -> (the turn's action it counts as, or None; handler)
ACTIONS: dict[str, tuple[str | None, Handler]] = {
    "hunt": ("challenge", challenges.hunt),
    "outlaw": ("challenge", challenges.outlaw),
    "horse": ("challenge", challenges.horse),
    "cattle": ("challenge", challenges.cattle),
    "desperado": ("challenge", challenges.desperado),
    "gold": ("challenge", challenges.gold),
    "reveal": (None, challenges.reveal),
    "buy": ("town", town.buy),
    "refresh": ("town", town.refresh),
    "sell": ("town", town.sell),
    "turn_in": ("town", town.turn_in),
    "doctor": ("town", town.doctor),
    "saloon": ("town", town.saloon),
    "bank": ("town", town.bank),
    "duel": ("duel", turn.duel),
    "rest": ("rest", turn.rest),
    "spend_spur": (None, turn.spend_spur),
    "end_turn": (None, turn.end_turn),
    "adjust": (None, turn.adjust),
    "stagecoach": (None, turn.stagecoach),
    "tiebreak": (None, turn.tiebreak),
}
ACTION_TYPES = frozenset(ACTIONS)
TARGETS = (10, 15, 20)
PLAYERS = range(2, 7)  # the box holds six character sheets


def _player(entry: object) -> Player:
    if not isinstance(entry, Mapping):
        raise RuleError("R-S9", f"each player is {{'name', 'character', 'riding', 'bag'}}, got {entry!r}")
    name = fields.text(entry, "name", "R-S9")
    character = fields.text(entry, "character", "R-S9")
    riding = fields.whole(entry, "riding", "R-S9", 1)
    counts = entry.get("bag")
    if not isinstance(counts, Mapping):
        raise RuleError("R-S9", f"{name}'s bag comes from the character sheet: {{colour: count}}, got {counts!r}")
    try:
        bag = bag_from_counts(counts)
    except InputError as exc:
        raise RuleError("R-S9", f"{name}'s bag: {exc}") from None
    if bag.red > RED_LIMIT:
        raise RuleError("R-S3", f"{name}'s bag holds {bag.red} red bullets; the limit is {RED_LIMIT}")
    return Player(name, character, riding, bag, money=fields.whole(entry, "money", "R-S9", 0, 0))


def check_turn(state: SpursState, kind: str, counts_as: str | None) -> SpursState:
    """Refuse what the turn no longer allows; record the turn's action."""
    if state.game_over:
        if kind != "tiebreak":
            raise RuleError("R-S7", "the game is over; undo to change it")
        return state
    if state.fight is not None and kind not in ("reveal", "adjust"):
        raise RuleError("Desperado Challenge", "a desperado fight is on: reveal the next desperado first")
    done = state.turn.action
    if counts_as is not None:
        if state.turn.ended:
            raise RuleError("Turn Structure", f"{state.player.name}'s turn is over; end it")
        if done is not None and not (done == counts_as == "town"):
            raise RuleError("Turn Structure", f"this turn's action was already a {done}; "
                                              "a turn has one of duel, town, challenge or rest")
        return replace(state, turn=replace(state.turn, action=counts_as))
    if kind == "spend_spur" and state.turn.ended:
        raise RuleError("Spur Tokens", f"{state.player.name}'s turn is over; a Spur boosts only this turn")
    return state


class SpursEngine:
    kind = "spurs"
    rules_versions = RULES_VERSIONS

    def initial_state(self, settings: Mapping[str, Any]) -> SpursState:
        entries = settings.get("players")
        if not isinstance(entries, list) or len(entries) not in PLAYERS:
            raise RuleError("setup", f"Spurs needs {PLAYERS[0]} to {PLAYERS[-1]} players, got {entries!r}")
        players = tuple(_player(e) for e in entries)
        if len({p.name for p in players}) != len(players):
            raise RuleError("setup", "each player's name must be different")
        target = fields.whole(settings, "target_fame", "Game Setup", 1, TARGETS[0])
        gang_rule = settings.get("gang_rule", "standard")
        if gang_rule not in ("standard", "house"):
            raise RuleError("Desperado Challenge", f"gang_rule is 'standard' or 'house', got {gang_rule!r}")
        return SpursState(players=players, target=target,
                          most_points=fields.whole(settings, "most_points", "R-S6", 0, 1),
                          gang_rule=gang_rule, gold_bag=GoldBag(),
                          bank=fields.whole(settings, "bank_cash", "Lucky Boot Bank", 0, 0),
                          rules=rules_of(settings, RULES_VERSIONS))

    def apply(self, state: SpursState, action: Mapping[str, Any]) -> SpursState:
        if not isinstance(action, Mapping):
            raise RuleError("action", f"an action is a JSON object with a 'type', got {action!r}")
        kind = action_type(action, ACTION_TYPES)
        counts_as, handler = ACTIONS[kind]
        state = check_turn(state, kind, counts_as)
        if kind != "reveal" and (state.last_draw or state.last_outcome):  # a reveal goes on with the fight's draw
            state = replace(state, last_draw=(), last_outcome="")
        return scoring.settle(handler(state, action))

    def result(self, state: SpursState) -> dict[str, Any] | None:
        """Over once there is a winner: a first place tied on score and money stays open
        until the tie-break duel is recorded (R-S7), so the game can still be resumed."""
        if state.winner is None:
            return None
        return {"winners": [state.winner], "scores": {row.name: row.score for row in state.final}}

    def summary(self, state: SpursState) -> str:
        lead = leading([(p.name, p.fame) for p in state.players], f"fame {{}} of {state.target}")
        if state.winner:
            return f"won by {state.winner}; {lead}"
        if state.game_over:
            return f"game over: a tie-break duel for first place; {lead}"
        return f"{state.player.name} to play; {lead}"


ENGINE = SpursEngine()
