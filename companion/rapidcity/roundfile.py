"""The Rapid City round file (docs/roundfile.md): read it strictly, write it back the same way.

A round file is the evidence for a disputed call, so a damaged one must never be judged
half-read: every problem is refused with one line that says where it is and what is
wrong, and a key nobody knows (a typo such as "touch") is refused rather than ignored,
because ignoring it could silently change the verdict.
"""

from __future__ import annotations

import contextlib
import json
import math
import os
import re
import stat
from pathlib import Path
from typing import Any, Collection, Mapping

from companion.intake.errors import InputError
from companion.intake.limits import (
    BOUNCE_MS,
    BULLETS_BEFORE_CARD,
    EVENTS,
    NUMBER_CHARS,
    PAD_NUMBER,
    QUOTE_CHARS,
    ROUND_DEPTH,
    ROUND_FILE_BYTES,
    T_MS,
    TIE_MS,
    TILES,
    TOUCHES,
    WINDOW_MS,
    quote,
)
from companion.rapidcity.model import (
    CHARACTERS,
    COLOURS,
    EDGES,
    HANDS,
    LOCATIONS,
    RULES,
    RULES_VERSIONS,
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
                 "ultimate": "bool", "false_start_bullet": "bool", "rules": "version"}
#: the largest each duration setting may be (companion/intake/limits.py says why)
SETTING_LIMITS = {"bounce_ms": BOUNCE_MS, "window_ms": WINDOW_MS, "tie_ms": TIE_MS}


def load_round(path: str | Path) -> Round:
    """Read and check a round file; any problem is an :class:`InputError` of one line."""
    return parse_round(decode_round(read_round_file(path), path))


def read_round_file(path: str | Path) -> bytes:
    """The bytes of a round file: only a regular file, at most ROUND_FILE_BYTES.

    Opened non-blocking so a FIFO named by mistake is refused at once instead of waiting
    forever for a writer, and checked with fstat on the open file (no race with a swap
    between a check and the open): a device such as /dev/zero would never end.
    """
    shown = _shown(path)
    try:
        fd = os.open(path, os.O_RDONLY | os.O_NONBLOCK | getattr(os, "O_CLOEXEC", 0))
    except OSError as exc:
        raise InputError(f"{shown}: cannot read the round file ({exc.strerror or exc})") from None
    except ValueError:  # a NUL in the path
        raise InputError(f"{shown}: not a usable file name") from None
    try:
        info = os.fstat(fd)
        if stat.S_ISDIR(info.st_mode):
            raise InputError(f"{shown}: is a folder; give a round file")
        if not stat.S_ISREG(info.st_mode):
            raise InputError(f"{shown}: not a regular file (a device, pipe or socket); give a saved round file")
        if info.st_size > ROUND_FILE_BYTES:
            raise InputError(f"{shown}: {info.st_size:,} bytes; a round file is at most {ROUND_FILE_BYTES:,}")
        data = b""
        while chunk := os.read(fd, ROUND_FILE_BYTES + 1 - len(data)):
            data += chunk
            if len(data) > ROUND_FILE_BYTES:
                break
    except OSError as exc:
        raise InputError(f"{shown}: cannot read the round file ({exc.strerror or exc})") from None
    finally:
        os.close(fd)
    if len(data) > ROUND_FILE_BYTES:  # it grew while we read it
        raise InputError(f"{shown}: more than {ROUND_FILE_BYTES:,} bytes; a round file is at most that")
    return data


def decode_round(data: bytes, path: str | Path = "round file") -> Any:
    """The JSON value of a round file's bytes, read strictly: nesting, number sizes and
    duplicate keys are refused before Python's parser could fail on them (a RecursionError,
    the 4,300-digit limit) or silently keep the last of two keys."""
    shown = _shown(path)
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError:
        raise InputError(f"{shown}: the round file is not UTF-8 text") from None
    if nested_deeper(text, ROUND_DEPTH):
        raise InputError(f"{shown}: lists or objects nested more than {ROUND_DEPTH} deep; a round file "
                         f"nests at most {ROUND_DEPTH} deep")
    try:
        return json.loads(text, object_pairs_hook=_unique_keys, parse_int=_json_int,
                          parse_float=_json_float, parse_constant=_json_constant)
    except json.JSONDecodeError as exc:
        raise InputError(f"{shown}: not JSON (line {exc.lineno} column {exc.colno}: {exc.msg})") from None
    except InputError as exc:
        raise InputError(f"{shown}: {exc}") from None


_JSON_STRING = re.compile(r'"(?:[^"\\]++|\\.)*+"')
_NOT_BRACKETS = bytes(set(range(256)) - set(b"[]{}"))
_INNERMOST = re.compile(rb"[\[{][\]}]")
#: brackets left open that json.loads may meet before it reports the file broken (its
#: own limit is about 1,000 levels, where it raises RecursionError instead)
_UNCLOSED_SLACK = 100


def nested_deeper(text: str, depth: int) -> bool:
    """Whether a JSON text nests lists and objects more than ``depth`` deep, or leaves
    so many open that the parser would recurse too far. Brackets in strings do not
    count. Each regex pass deletes the innermost pairs, so a text nesting ``depth``
    deep is empty after ``depth`` passes: C-speed on a megabyte, with no recursion."""
    brackets = _JSON_STRING.sub("", text).encode("utf-8", "surrogatepass").translate(None, _NOT_BRACKETS)
    for _ in range(depth):
        brackets, removed = _INNERMOST.subn(b"", brackets)
        if not removed:
            break
    if _INNERMOST.search(brackets):
        return True
    # what is left never closes (like "[[[["): harmless if few, then json names the fault
    return brackets.count(b"[") + brackets.count(b"{") > _UNCLOSED_SLACK


def _unique_keys(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    obj: dict[str, Any] = {}
    for key, value in pairs:
        if key in obj:
            raise InputError(f"the key {quote(key)} appears twice in one object; which one counts is unclear")
        obj[key] = value
    return obj


def _json_int(text: str) -> int:
    if len(text) > NUMBER_CHARS:
        raise InputError(f"a number written with {len(text):,} characters; at most {NUMBER_CHARS}")
    return int(text)


def _json_float(text: str) -> float:
    if len(text) > NUMBER_CHARS:
        raise InputError(f"a number written with {len(text):,} characters; at most {NUMBER_CHARS}")
    return float(text)


def _json_constant(name: str) -> float:
    raise InputError(f"{name} is not a JSON number; times and settings are finite numbers")


def _shown(path: str | Path) -> str:
    """A path as an error message shows it: the end of a long one, where the name is."""
    text = str(path)
    return text if len(text) <= 2 * QUOTE_CHARS else "..." + text[-2 * QUOTE_CHARS:]


def parse_round(data: Any) -> Round:
    """The :class:`Round` a round-file object describes, checked field by field."""
    obj = _object(data, "round file", ROUND_KEYS, REQUIRED_ROUND_KEYS)
    players = parse_players(obj["players"])
    tiles = parse_tiles(obj["tiles"])
    pads = {t.pad for t in tiles}
    events = _list(obj["events"], "events", EVENTS, "edges in one card")
    touches = _list(obj.get("touches", []), "touches", TOUCHES, "touches in one card")
    return Round(
        players=players,
        tiles=tiles,
        card=parse_card(obj["card"], players),
        bullets=_bullets(obj.get("bullets", {}), players),
        settings=parse_settings(obj.get("settings", {})),
        events=tuple(_edge(e, f"events[{i}]", pads, players) for i, e in enumerate(events)),
        touches=tuple(_touch(t, f"touches[{i}]", players) for i, t in enumerate(touches)),
    )


def parse_card(data: Any, players: tuple[str, ...], where: str = "card") -> Card:
    """A card object (``{"type": ...}``); the armed and disarmed colour must be playing."""
    if not isinstance(data, dict):
        raise InputError(f"{where}: expected an object with a \"type\", got {_kind(data)}")
    kind = data.get("type")
    if not isinstance(kind, str) or kind not in CARD_FIELDS:
        raise InputError(f"{where}: unknown card type {quote(kind)}; card types are {', '.join(CARD_FIELDS)}")
    obj = _object(data, where, ("type", *CARD_FIELDS[kind]), ("type", *CARD_FIELDS[kind]))
    if kind == "character":
        return CharacterCard(_choice(obj["character"], f"{where}.character", CHARACTERS))
    if kind == "two_characters":
        pair = _list(obj["characters"], f"{where}.characters", 2, "a card shows two characters")
        chosen = tuple(_choice(c, f"{where}.characters[{i}]", CHARACTERS) for i, c in enumerate(pair))
        if len(chosen) != 2 or chosen[0] == chosen[1]:
            raise InputError(f"{where}.characters: expected two different characters, got {', '.join(chosen)}")
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
                     "ultimate": s.ultimate, "false_start_bullet": s.false_start_bullet, "rules": s.rules},
        "events": [_drop_none({"pad": e.pad, "edge": e.edge, "t_ms": e.t_ms, "player": e.player})
                   for e in rnd.events],
        "touches": [_drop_none({"by": t.by, "pawn": t.pawn, "t_ms": t.t_ms, "hand": t.hand})
                    for t in rnd.touches],
    }


def write_round(data: Mapping[str, Any], path: str | Path) -> Path:
    """Write a round-file object to ``path`` (a disputed call, to replay or share). It is
    checked first, so a file we write is always one `companion referee replay` reads; it
    is written beside its final name and renamed, so a crash never leaves half a file."""
    parse_round(data)
    path = Path(path)
    text = json.dumps(data, indent=2) + "\n"
    partial = path.with_name(f".{path.name}.partial")
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        partial.write_text(text, encoding="utf-8")
        os.replace(partial, path)
    except OSError as exc:
        with contextlib.suppress(OSError):
            partial.unlink(missing_ok=True)
        raise InputError(f"{_shown(path)}: cannot write the round file ({exc.strerror or exc})") from None
    return path


def export_name(session_id: int, card_number: int) -> str:
    """The file name a stored call is exported under: which game, which card."""
    return f"rapidcity-game{session_id}-card{card_number}.json"


def _drop_none(obj: dict[str, Any]) -> dict[str, Any]:
    return {k: v for k, v in obj.items() if v is not None}


def parse_players(data: Any) -> tuple[str, ...]:
    """Distinct colours of R-R2 (the engine's setup checks players the same way)."""
    listed = _list(data, "players", len(COLOURS), "six colours, R-R2")
    players = tuple(_choice(p, f"players[{i}]", COLOURS) for i, p in enumerate(listed))
    if not players:
        raise InputError("players: the list is empty")
    for i, p in enumerate(players):
        if p in players[:i]:
            raise InputError(f"players[{i}]: {p} is listed twice")
    return players


def parse_tiles(data: Any) -> tuple[Tile, ...]:
    """Tiles with distinct pad numbers, in the order given (the circle's order)."""
    tiles: list[Tile] = []
    for i, item in enumerate(_list(data, "tiles", TILES, "the game has six location tiles")):
        where = f"tiles[{i}]"
        obj = _object(item, where, ("pad", "location"), ("pad", "location"))
        pad = _pad(obj["pad"], f"{where}.pad")
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
        where = f"bullets.{player}" if len(player) <= QUOTE_CHARS else "bullets"
        if player not in players:
            raise InputError(f"{where}: {quote(player)} is not one of the players {', '.join(players)}")
        bullets[player] = _int(count, where)
        if bullets[player] < 0:
            raise InputError(f"{where}: a bullet count cannot be negative, got {quote(count)}")
        if bullets[player] > BULLETS_BEFORE_CARD:  # ruling: R-R11
            raise InputError(f"{where}: {quote(count)} bullets before a card; at most {BULLETS_BEFORE_CARD} "
                             f"(the sixth bullet ends the game, R-R11)")
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
        elif SETTING_TYPES[key] == "version":
            if not isinstance(value, int) or isinstance(value, bool) or value not in RULES_VERSIONS:
                raise InputError(f"{where}: a version of the Rapid City rules, 1 to {RULES}, got {_kind(value)}")
            values[key] = value
        else:
            values[key] = _number(value, where)
            if values[key] < 0:
                raise InputError(f"{where}: expected a duration of 0 ms or more, got {quote(value)}")
            if values[key] > SETTING_LIMITS[key]:
                raise InputError(f"{where}: {quote(value)} ms; at most {SETTING_LIMITS[key]:,.0f} ms "
                                 "(see docs/limits.md)")
    settings = Settings(**values)
    if settings.window_ms <= 0:
        raise InputError(f"settings.window_ms: the claim window must be longer than 0 ms, got {settings.window_ms}")
    return settings


def _edge(data: Any, where: str, pads: Collection[int], players: tuple[str, ...]) -> Edge:
    obj = _object(data, where, ("pad", "edge", "t_ms", "player"), ("pad", "edge", "t_ms"))
    pad = _pad(obj["pad"], f"{where}.pad")
    if pad not in pads:
        raise InputError(f"{where}: pad {pad} is not one of the tiles' pads {', '.join(map(str, sorted(pads)))}")
    player = obj.get("player")
    return Edge(
        pad=pad,
        edge=_choice(obj["edge"], f"{where}.edge", EDGES),
        t_ms=_time(obj["t_ms"], f"{where}.t_ms"),
        player=None if player is None else _player(player, f"{where}.player", players),
    )


def _touch(data: Any, where: str, players: tuple[str, ...]) -> Touch:
    obj = _object(data, where, ("by", "pawn", "t_ms", "hand"), ("by", "pawn", "t_ms"))
    hand = obj.get("hand")
    return Touch(
        by=_player(obj["by"], f"{where}.by", players),
        pawn=_player(obj["pawn"], f"{where}.pawn", players),
        t_ms=_time(obj["t_ms"], f"{where}.t_ms"),
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
                raise InputError(f"{where}: unknown key {quote(key)}; expected {', '.join(known)}")
    return data


def _list(data: Any, where: str, most: int, why: str) -> list[Any]:
    if not isinstance(data, list):
        raise InputError(f"{where}: expected a list, got {_kind(data)}")
    if len(data) > most:
        raise InputError(f"{where}: {len(data):,} entries; at most {most:,} ({why})")
    return data


def _choice(value: Any, where: str, choices: tuple[str, ...]) -> str:
    if not isinstance(value, str) or value not in choices:
        raise InputError(f"{where}: {quote(value)} is not one of {', '.join(choices)}")
    return value


def _player(value: Any, where: str, players: tuple[str, ...]) -> str:
    if not isinstance(value, str) or value not in players:
        raise InputError(f"{where}: unknown player {quote(value)}; the players are {', '.join(players)}")
    return value


def _pad(value: Any, where: str) -> int:
    pad = _int(value, where)
    if not 1 <= pad <= PAD_NUMBER:
        raise InputError(f"{where}: pad numbers are 1 to {PAD_NUMBER} (three digits on the pad board), "
                         f"got {quote(pad)}")
    return pad


def _time(value: Any, where: str) -> float:
    """Milliseconds since the reveal, within an hour of it either way."""
    t_ms = _number(value, where)
    if abs(t_ms) > T_MS:
        raise InputError(f"{where}: {quote(value)} ms is more than an hour ({T_MS:,.0f} ms) from the reveal")
    return t_ms


def _int(value: Any, where: str) -> int:
    if not isinstance(value, int) or isinstance(value, bool):
        raise InputError(f"{where}: expected a whole number, got {_kind(value)}")
    return value


def _number(value: Any, where: str) -> float:
    finite = isinstance(value, int) or isinstance(value, float) and math.isfinite(value)
    if not finite or isinstance(value, bool):
        raise InputError(f"{where}: expected a number, got {_kind(value)}")
    return value


def _kind(value: Any) -> str:
    """How a wrong value is named in a message: its JSON type and a short glimpse."""
    names = {bool: "a boolean", str: "a string", list: "a list", dict: "an object", type(None): "null"}
    name = names.get(type(value), "a number")
    glimpse = quote(value) if isinstance(value, (str, int, float)) and not isinstance(value, bool) else ""
    return f"{name} {glimpse}".rstrip()
