"""Builders for round files, so each test states only what its rule is about.

(A plain module, not a conftest: pytest puts this folder on sys.path, and a unique name
cannot collide with another package's test helpers.)"""

from __future__ import annotations

from typing import Any

from companion.rapidcity.judge import judge, verdict_to_json
from companion.rapidcity.roundfile import parse_round

FOUR = ["red", "blue", "green", "yellow"]
FOUR_TILES = [{"pad": 1, "location": "prison"}, {"pad": 2, "location": "tipi"},
              {"pad": 3, "location": "saloon"}, {"pad": 4, "location": "saloon"}]

#: the round file printed in docs/roundfile.md, verbatim
DESIGN_EXAMPLE = {
    "players": ["red", "blue", "green", "yellow"],
    "tiles": [{"pad": 1, "location": "prison"}, {"pad": 2, "location": "tipi"},
              {"pad": 3, "location": "saloon"}, {"pad": 4, "location": "saloon"}],
    "bullets": {"red": 2, "blue": 0, "green": 5, "yellow": 1},
    "card": {"type": "character", "character": "sheriff"},
    "settings": {"bounce_ms": 30, "window_ms": 5000, "tie_ms": 1, "ultimate": False},
    "events": [
        {"pad": 3, "edge": "press", "t_ms": 431.2, "player": "blue"},
        {"pad": 3, "edge": "release", "t_ms": 431.9},
        {"pad": 3, "edge": "press", "t_ms": 432.4},
    ],
    "touches": [{"by": "red", "pawn": "blue", "t_ms": 610.0, "hand": "right"}],
}


def press(pad: int, t_ms: float, player: str | None = None) -> dict[str, Any]:
    edge: dict[str, Any] = {"pad": pad, "edge": "press", "t_ms": t_ms}
    if player:
        edge["player"] = player
    return edge


def release(pad: int, t_ms: float) -> dict[str, Any]:
    return {"pad": pad, "edge": "release", "t_ms": t_ms}


def touch(by: str, pawn: str, t_ms: float, hand: str | None = None) -> dict[str, Any]:
    obj: dict[str, Any] = {"by": by, "pawn": pawn, "t_ms": t_ms}
    if hand:
        obj["hand"] = hand
    return obj


def round_file(card: dict[str, Any], events: list | None = None, touches: list | None = None,
               bullets: dict[str, int] | None = None, players: list[str] | None = None,
               tiles: list | None = None, **settings: Any) -> dict[str, Any]:
    data: dict[str, Any] = {"players": players or FOUR, "tiles": tiles or FOUR_TILES, "card": card,
                            "events": events or []}
    if touches is not None:
        data["touches"] = touches
    if bullets is not None:
        data["bullets"] = bullets
    if settings:
        data["settings"] = settings
    return data


def verdict(*args: Any, **kwargs: Any) -> dict[str, Any]:
    """Judge a round built by ``round_file`` and give the verdict JSON."""
    return verdict_to_json(judge(parse_round(round_file(*args, **kwargs))))
