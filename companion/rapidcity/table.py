"""Whether a Rapid City table can start, said in the players' words before the engine is asked.

The engine checks a game's settings too, but in the terms of its settings file ("tiles",
"names"); the setup screen asks here first, so that a table that cannot start is told what
to tap (issue 28: "refusals in programmer words"). The rules are the engine's: 3 to 6
players (R-R2), one tile per player with every location type at least once (setup), names
of at most :data:`companion.rapidcity.engine.MAX_NAME` characters, no two alike.
"""

from __future__ import annotations

from typing import Iterable

from companion.rapidcity.engine import MAX_NAME, MAX_PLAYERS, MIN_PLAYERS
from companion.rapidcity.model import LOCATIONS


def refusal(seats: Iterable[tuple[str, str]], locations: Iterable[str]) -> str:
    """Why the table cannot start, in one sentence, or "" when it can. ``seats``: (colour,
    name typed, "" for none) of each colour seated; ``locations``: the location of each pad
    in play."""
    seats, locations = list(seats), list(locations)
    short = MIN_PLAYERS - len(seats)
    if short > 0:
        return f"Rapid City needs {MIN_PLAYERS} to {MAX_PLAYERS} players: tap {short} more colour{'s' * (short > 1)}."
    for colour, name in seats:
        if len(name) > MAX_NAME:
            return (f"Names are at most {MAX_NAME} characters; the {colour.capitalize()} player's has {len(name)}. "
                    "Shorten it, or use a player's chip.")
    seen: dict[str, str] = {}
    for colour, name in seats:
        key = (name or colour).casefold()
        if key in seen:
            return f"Two players are called {name or colour}: give one of them another name."
        seen[key] = colour
    if len(locations) != len(seats):
        return (f"One tile per player: {len(seats)} players, but {len(locations)} pads in play. "
                "Tap a pad to put it in play or leave it out.")
    missing = [loc.capitalize() for loc in LOCATIONS if loc not in locations]
    if missing:
        return (f"Every kind of tile is needed at least once: no {' and no '.join(missing)} among the pads "
                "in play. Tap one to put it in play.")
    return ""
