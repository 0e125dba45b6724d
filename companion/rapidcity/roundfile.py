"""The Rapid City round file (DESIGN.md): read it strictly, write it back the same way.

A round file is the evidence for a disputed call, so a damaged one must never be judged
half-read: every problem is refused with one line that says where it is and what is
wrong, and a key nobody knows (a typo such as "touch") is refused rather than ignored,
because ignoring it could silently change the verdict.
"""

from __future__ import annotations

import json
import math
from pathlib import Path
from typing import Any, Mapping

from companion.errors import InputError
from companion.rapidcity.model import (
    CHARACTERS,
    COLOURS,
    EDGES,
    HANDS,
    LOCATIONS,
    ArmedCard,
    Card,
    CharacterCard,
    DisarmedCard,
    Edge,
    HealingCard,
    Round,
    Settings,
    Tile,
    Touch,
    TwoCharactersCard,
)

ROUND_KEYS = ("players", "tiles", "bullets", "card", "settings", "events", "touches")
REQUIRED_ROUND_KEYS = ("players", "tiles", "card", "events")
CARD_FIELDS = {
    "character": ("character",),
    "two_characters": ("characters",),
    "healing": ("location",),
    "armed": ("player", "hand"),
    "disarmed": ("player",),
}
SETTING_TYPES = {"bounce_ms": "number", "window_ms": "number", "tie_ms": "number",
                 "ultimate": "bool", "false_start_bullet": "bool"}


def load_round(path: str | Path) -> Round:
    """Read and check a round file; any problem is an :class:`InputError` of one line."""
    try:
        text = Path(path).read_text(encoding="utf-8")
    except OSError as exc:
        raise InputError(f"{path}: cannot read the round file ({exc.strerror or exc})") from None
    except UnicodeDecodeError:
        raise InputError(f"{path}: the round file is not UTF-8 text") from None
    try:
        data = json.loads(text)
    except json.JSONDecodeError as exc:
        raise InputError(f"{path}: not JSON (line {exc.lineno} column {exc.colno}: {exc.msg})") from None
    return parse_round(data)


def parse_round(data: Any) -> Round:
    """The :class:`Round` a round-file object describes, checked field by field."""
    obj = _object(data, "round file", ROUND_KEYS, REQUIRED_ROUND_KEYS)
    players = parse_players(obj["players"])
    tiles = parse_tiles(obj["tiles"])
    pads = [t.pad for t in tiles]
    return Round(
        players=players,
        tiles=tiles,
        card=parse_card(obj["card"], players),
        bullets=_bullets(obj.get("bullets", {}), players),
        settings=parse_settings(obj.get("settings", {})),
        events=tuple(_edge(e, f"events[{i}]", pads, players) for i, e in enumerate(_list(obj["events"], "events"))),
        touches=tuple(_touch(t, f"touches[{i}]", players) for i, t in enumerate(_list(obj.get("touches", []), "touches"))),
    )


def parse_card(data: Any, players: tuple[str, ...], where: str = "card") -> Card:
    """A card object (``{"type": ...}``); the armed and disarmed colour must be playing."""
    if not isinstance(data, dict):
        raise InputError(f"{where}: expected an object with a \"type\", got {_kind(data)}")
    kind = data.get("type")
    if kind not in CARD_FIELDS:
        raise InputError(f"{where}: unknown card type {kind!r}; card types are {', '.join(CARD_FIELDS)}")
    obj = _object(data, where, ("type", *CARD_FIELDS[kind]), ("type", *CARD_FIELDS[kind]))
    if kind == "character":
        return CharacterCard(_choice(obj["character"], f"{where}.character", CHARACTERS))
    if kind == "two_characters":
        pair = _list(obj["characters"], f"{where}.characters")
        chosen = tuple(_choice(c, f"{where}.characters[{i}]", CHARACTERS) for i, c in enumerate(pair))
        if len(chosen) != 2 or chosen[0] == chosen[1]:
            raise InputError(f"{where}.characters: expected two different characters, got {pair}")
        return TwoCharactersCard(chosen)
    if kind == "healing":
        return HealingCard(_choice(obj["location"], f"{where}.location", LOCATIONS))
    player = _player(obj["player"], f"{where}.player", players)
    if kind == "armed":
        return ArmedCard(player, _choice(obj["hand"], f"{where}.hand", HANDS))
    return DisarmedCard(player)


def card_to_json(card: Card) -> dict[str, Any]:
    """The card object of the round file."""
    if isinstance(card, CharacterCard):
        return {"type": "character", "character": card.character}
    if isinstance(card, TwoCharactersCard):
        return {"type": "two_characters", "characters": list(card.characters)}
    if isinstance(card, HealingCard):
        return {"type": "healing", "location": card.location}
    if isinstance(card, ArmedCard):
        return {"type": "armed", "player": card.player, "hand": card.hand}
    return {"type": "disarmed", "player": card.player}


def round_to_json(rnd: Round) -> dict[str, Any]:
    """The round-file object for a round; ``parse_round`` of it gives the round back."""
    s = rnd.settings
    return {
        "players": list(rnd.players),
        "tiles": [{"pad": t.pad, "location": t.location} for t in rnd.tiles],
        "bullets": {p: rnd.bullets_of(p) for p in rnd.players},
        "card": card_to_json(rnd.card),
        "settings": {"bounce_ms": s.bounce_ms, "window_ms": s.window_ms, "tie_ms": s.tie_ms,
                     "ultimate": s.ultimate, "false_start_bullet": s.false_start_bullet},
        "events": [_drop_none({"pad": e.pad, "edge": e.edge, "t_ms": e.t_ms, "player": e.player})
                   for e in rnd.events],
        "touches": [_drop_none({"by": t.by, "pawn": t.pawn, "t_ms": t.t_ms, "hand": t.hand})
                    for t in rnd.touches],
    }


def _drop_none(obj: dict[str, Any]) -> dict[str, Any]:
    return {k: v for k, v in obj.items() if v is not None}


def parse_players(data: Any) -> tuple[str, ...]:
    """Distinct colours of R-R2 (the engine's setup checks players the same way)."""
    players = tuple(_choice(p, f"players[{i}]", COLOURS) for i, p in enumerate(_list(data, "players")))
    if not players:
        raise InputError("players: the list is empty")
    for i, p in enumerate(players):
        if p in players[:i]:
            raise InputError(f"players[{i}]: {p} is listed twice")
    return players


def parse_tiles(data: Any) -> tuple[Tile, ...]:
    """Tiles with distinct pad numbers, in the order given (the circle's order)."""
    tiles: list[Tile] = []
    for i, item in enumerate(_list(data, "tiles")):
        where = f"tiles[{i}]"
        obj = _object(item, where, ("pad", "location"), ("pad", "location"))
        pad = _int(obj["pad"], f"{where}.pad")
        if pad < 1:
            raise InputError(f"{where}.pad: pad numbers start at 1, got {pad}")
        if any(t.pad == pad for t in tiles):
            raise InputError(f"{where}.pad: pad {pad} is used by two tiles")
        tiles.append(Tile(pad, _choice(obj["location"], f"{where}.location", LOCATIONS)))
    if not tiles:
        raise InputError("tiles: the list is empty")
    return tuple(tiles)


def _bullets(data: Any, players: tuple[str, ...]) -> dict[str, int]:
    obj = _object(data, "bullets", (), ())
    bullets = {p: 0 for p in players}
    for player, count in obj.items():
        where = f"bullets.{player}"
        if player not in players:
            raise InputError(f"{where}: {player!r} is not one of the players {', '.join(players)}")
        bullets[player] = _int(count, where)
        if bullets[player] < 0:
            raise InputError(f"{where}: a bullet count cannot be negative, got {count}")
    return bullets


def parse_settings(data: Any) -> Settings:
    """Referee settings; keys left out keep their defaults (R-R4, R-R6, R-R8)."""
    obj = _object(data, "settings", tuple(SETTING_TYPES), ())
    values: dict[str, Any] = {}
    for key, value in obj.items():
        where = f"settings.{key}"
        if SETTING_TYPES[key] == "bool":
            if not isinstance(value, bool):
                raise InputError(f"{where}: expected true or false, got {_kind(value)}")
            values[key] = value
        else:
            values[key] = _number(value, where)
            if values[key] < 0:
                raise InputError(f"{where}: expected a duration of 0 ms or more, got {value}")
    settings = Settings(**values)
    if settings.window_ms <= 0:
        raise InputError(f"settings.window_ms: the claim window must be longer than 0 ms, got {settings.window_ms}")
    return settings


def _edge(data: Any, where: str, pads: list[int], players: tuple[str, ...]) -> Edge:
    obj = _object(data, where, ("pad", "edge", "t_ms", "player"), ("pad", "edge", "t_ms"))
    pad = _int(obj["pad"], f"{where}.pad")
    if pad not in pads:
        raise InputError(f"{where}: pad {pad} is not one of the tiles' pads {', '.join(map(str, pads))}")
    player = obj.get("player")
    return Edge(
        pad=pad,
        edge=_choice(obj["edge"], f"{where}.edge", EDGES),
        t_ms=_number(obj["t_ms"], f"{where}.t_ms"),
        player=None if player is None else _player(player, f"{where}.player", players),
    )


def _touch(data: Any, where: str, players: tuple[str, ...]) -> Touch:
    obj = _object(data, where, ("by", "pawn", "t_ms", "hand"), ("by", "pawn", "t_ms"))
    hand = obj.get("hand")
    return Touch(
        by=_player(obj["by"], f"{where}.by", players),
        pawn=_player(obj["pawn"], f"{where}.pawn", players),
        t_ms=_number(obj["t_ms"], f"{where}.t_ms"),
        hand=None if hand is None else _choice(hand, f"{where}.hand", HANDS),
    )


def _object(data: Any, where: str, known: tuple[str, ...], required: tuple[str, ...]) -> Mapping[str, Any]:
    if not isinstance(data, dict):
        raise InputError(f"{where}: expected an object, got {_kind(data)}")
    for key in required:
        if key not in data:
            raise InputError(f"{where}: missing key {key!r}")
    if known:
        for key in data:
            if key not in known:
                raise InputError(f"{where}: unknown key {key!r}; expected {', '.join(known)}")
    return data


def _list(data: Any, where: str) -> list[Any]:
    if not isinstance(data, list):
        raise InputError(f"{where}: expected a list, got {_kind(data)}")
    return data


def _choice(value: Any, where: str, choices: tuple[str, ...]) -> str:
    if value not in choices or not isinstance(value, str):
        raise InputError(f"{where}: {value!r} is not one of {', '.join(choices)}")
    return value


def _player(value: Any, where: str, players: tuple[str, ...]) -> str:
    if not isinstance(value, str) or value not in players:
        raise InputError(f"{where}: unknown player {value!r}; the players are {', '.join(players)}")
    return value


def _int(value: Any, where: str) -> int:
    if not isinstance(value, int) or isinstance(value, bool):
        raise InputError(f"{where}: expected a whole number, got {_kind(value)}")
    return value


def _number(value: Any, where: str) -> float:
    if not isinstance(value, (int, float)) or isinstance(value, bool) or not math.isfinite(value):
        raise InputError(f"{where}: expected a number, got {_kind(value)}")
    return value


def _kind(value: Any) -> str:
    """How a wrong value is named in a message: its JSON type and a short glimpse."""
    names = {bool: "a boolean", str: "a string", list: "a list", dict: "an object", type(None): "null"}
    name = names.get(type(value), "a number")
    glimpse = json.dumps(value)[:40] if not isinstance(value, (list, dict)) else ""
    return f"{name} {glimpse}".rstrip()
