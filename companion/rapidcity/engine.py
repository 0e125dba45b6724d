"""The Rapid City game: the draw pile, the bullets, and every call kept for replay.

The engine never judges a card itself: it checks that a round is the card the pile shows
next for the table as it stands, hands it to :func:`companion.rapidcity.judge.judge`
(the same function `companion referee replay` runs) and books the totals. Each played
card is kept as its round file and verdict, so any past call can be shown and replayed.

Settings (``initial_state``)::

    {"players": ["red", "blue", "green"],      # 3-6 colours of R-R2, in seating order
     "seed": 1234,                              # integer, shuffles the pile (required)
     "names": {"red": "Fred"},                  # optional display names
     "tiles": [{"pad": 1, "location": "prison"}, ...],
                                                # optional: one per player, circle order, every
                                                # location type at least once; default pads 1..n
                                                # as prison, tipi, saloon, prison, ...
     "healing": false, "two_characters": false, # variant cards (R-R1)
     "ultimate": false,                         # hands count on armed cards (R-R9)
     "bounce_ms": 30, "window_ms": 5000, "tie_ms": 1, "false_start_bullet": false}

Actions::

    {"type": "play", "round": <round file dict for the next card>}
    {"type": "rename", "player": "red", "name": "Fred"}

:func:`round_template` gives the round file to fill in for the next card.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Mapping

from companion.contracts.engine import RuleError, action_type, leading, listed, replace
from companion.intake.errors import InputError
from companion.rapidcity.deck import shuffled_deck
from companion.rapidcity.judge import judge, verdict_to_json
from companion.rapidcity.model import LOCATIONS, RULES_VERSIONS, Card, Round, Settings, Tile
from companion.rapidcity.roundfile import (
    SETTING_TYPES,
    card_to_json,
    parse_players,
    parse_round,
    parse_settings,
    parse_tiles,
    round_to_json,
)

MIN_PLAYERS, MAX_PLAYERS = 3, 6
MAX_NAME = 24  # the players' own limit (companion.db.store.MAX_NAME): a name any game takes seats here too
SETUP_KEYS = frozenset({"players", "seed", "names", "tiles", "healing", "two_characters", *SETTING_TYPES})


@dataclass(frozen=True)
class PlayedCard:
    """One card as it was played: its round file and its verdict, both JSON-ready."""

    round: dict[str, Any]
    verdict: dict[str, Any]


@dataclass(frozen=True)
class RapidCityState:
    players: tuple[str, ...]
    names: tuple[str, ...]
    tiles: tuple[Tile, ...]
    settings: Settings
    seed: int
    deck: tuple[Card, ...]
    position: int
    bullets: tuple[int, ...]
    played: tuple[PlayedCard, ...] = ()
    game_over: bool = False
    winners: tuple[str, ...] = ()

    def next_card(self) -> Card | None:
        """The card the pile shows next; None once it is exhausted."""
        return self.deck[self.position] if self.position < len(self.deck) else None

    def bullets_of(self, player: str) -> int:
        return self.bullets[self.players.index(player)]

    @property
    def rules(self) -> int:
        """The version of the rules the game is played under (it rides in the referee settings)."""
        return self.settings.rules

    def name_of(self, player: str) -> str:
        return self.names[self.players.index(player)]


def round_template(state: RapidCityState) -> dict[str, Any]:
    """The round file for the next card with no events yet: what the live path fills in."""
    card = state.next_card()
    if state.game_over or card is None:
        raise RuleError("R-R11", "the game is over: there is no next card")
    rnd = Round(players=state.players, tiles=state.tiles, card=card,
                bullets=dict(zip(state.players, state.bullets)), settings=state.settings)
    return round_to_json(rnd)


class RapidCityEngine:
    kind = "rapidcity"
    rules_versions = RULES_VERSIONS
    ACTIONS = frozenset({"play", "rename"})

    def initial_state(self, settings: Mapping[str, Any]) -> RapidCityState:
        unknown = sorted(set(settings) - SETUP_KEYS)
        if unknown:
            raise RuleError("setup", f"unknown setting {unknown[0]!r}; settings are {', '.join(sorted(SETUP_KEYS))}")
        seed = settings.get("seed")
        if not isinstance(seed, int) or isinstance(seed, bool):
            raise RuleError("setup", "the draw pile needs an integer 'seed' recorded in the settings")
        try:
            players = parse_players(settings.get("players", []))
            tiles = parse_tiles(settings["tiles"]) if "tiles" in settings else _default_tiles(len(players))
            referee = parse_settings({k: settings[k] for k in SETTING_TYPES if k in settings})
        except InputError as exc:
            raise RuleError("setup", str(exc)) from None
        # ruling: R-R2 - six colours, so three to six players (the rulebook's tile count)
        if not MIN_PLAYERS <= len(players) <= MAX_PLAYERS:
            raise RuleError("setup", f"Rapid City needs {MIN_PLAYERS} to {MAX_PLAYERS} players, got {len(players)}")
        if len(tiles) != len(players):
            raise RuleError("setup", f"one location tile per player: {len(players)} players but {len(tiles)} tiles")
        missing = [loc for loc in LOCATIONS if all(t.location != loc for t in tiles)]
        if missing:
            raise RuleError("setup", f"at least one tile of each location type is needed; no {', '.join(missing)}")
        variants = {}
        for key in ("healing", "two_characters"):
            variants[key] = settings.get(key, False)
            if not isinstance(variants[key], bool):
                raise RuleError("setup", f"{key}: expected true or false, got {variants[key]!r}")
        state = RapidCityState(
            players=players, names=players, tiles=tiles, settings=referee, seed=seed,
            deck=shuffled_deck(players, seed, **variants), position=0, bullets=(0,) * len(players),
        )
        names = settings.get("names", {})
        if not isinstance(names, Mapping):
            raise RuleError("setup", f"names: expected an object of colour -> name, got {names!r}")
        for player, name in names.items():
            state = _rename(state, player, name)
        return state

    def apply(self, state: RapidCityState, action: Mapping[str, Any]) -> RapidCityState:
        kind = action_type(action, self.ACTIONS)
        if kind == "rename":
            return _rename(state, action.get("player"), action.get("name"))
        return _play(state, action.get("round"))

    def result(self, state: RapidCityState) -> dict[str, Any] | None:
        """Winners by their display names (fewest bullets, R-R11) once the game is over."""
        if not state.game_over:
            return None
        return {"winners": [state.name_of(p) for p in state.winners],
                "bullets": {state.name_of(p): state.bullets_of(p) for p in state.players}}

    def summary(self, state: RapidCityState) -> str:
        lead = leading([(state.name_of(p), state.bullets_of(p)) for p in state.players], "bullets {}", fewest=True)
        if state.game_over:
            return f"won by {listed([state.name_of(p) for p in state.winners])}; {lead}"
        return f"card {state.position + 1} of {len(state.deck)}; {lead}"


def _default_tiles(count: int) -> tuple[Tile, ...]:
    return tuple(Tile(pad, LOCATIONS[(pad - 1) % len(LOCATIONS)]) for pad in range(1, count + 1))


def _rename(state: RapidCityState, player: Any, name: Any) -> RapidCityState:
    # ruling: R-R2 - colours are renameable; the colour stays the identity in round files
    if player not in state.players:
        raise RuleError("R-R2", f"{player!r} is not playing; the colours playing are {', '.join(state.players)}")
    if not isinstance(name, str) or not name.strip() or len(name.strip()) > MAX_NAME:
        raise RuleError("R-R2", f"a player's name is 1 to {MAX_NAME} characters, got {name!r}")
    name = name.strip()
    i = state.players.index(player)
    clash = [p for j, p in enumerate(state.players) if j != i and state.names[j].casefold() == name.casefold()]
    if clash:
        raise RuleError("R-R2", f"the name {name!r} is already {clash[0]}'s")
    return replace(state, names=state.names[:i] + (name,) + state.names[i + 1:])


def _play(state: RapidCityState, data: Any) -> RapidCityState:
    if state.game_over:
        raise RuleError("R-R11", "the game is over; undo to change it")
    try:
        rnd = parse_round(data)
    except InputError as exc:
        raise RuleError("round file", str(exc)) from None
    if "rules" not in data.get("settings", {}):
        # a round logged before rules versions were recorded: its card was judged under the game's rules
        rnd = replace(rnd, settings=replace(rnd.settings, rules=state.settings.rules))
    expected = state.next_card()
    if expected is None:  # the last card ends the game: a game not over has one to come
        raise RuleError("R-R11", "the game is over; undo to change it")
    if rnd.card != expected:
        # ruling: R-R3 - the companion is the draw pile; cards come in its order
        raise RuleError("R-R3", f"the next card is {card_to_json(expected)}, "
                                f"not {card_to_json(rnd.card)}")
    if rnd.players != state.players:
        raise RuleError("setup", f"the round's players {list(rnd.players)} are not the table's {list(state.players)}")
    if rnd.tiles != state.tiles:
        raise RuleError("setup", "the round's tiles are not the table's tiles and pads")
    if rnd.settings != state.settings:
        raise RuleError("setup", "the round's referee settings are not the game's")
    standing = dict(zip(state.players, state.bullets))
    if rnd.bullets != standing:
        raise RuleError("R-R11", f"the round's bullets {rnd.bullets} are not the standing {standing}")
    verdict = judge(rnd)
    bullets = tuple(verdict.totals[p] for p in state.players)
    position = state.position + 1
    # ruling: R-R11 - the game ends at a sixth bullet or when the pile is exhausted
    game_over = verdict.game_over or position == len(state.deck)
    fewest = min(bullets)
    return replace(
        state,
        position=position,
        bullets=bullets,
        played=state.played + (PlayedCard(round_to_json(rnd), verdict_to_json(verdict)),),
        game_over=game_over,
        winners=tuple(p for p, b in zip(state.players, bullets) if b == fewest) if game_over else (),
    )


ENGINE = RapidCityEngine()
