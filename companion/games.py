"""The one registry of games: everything the rest of the code needs to know per kind.

A session's ``kind`` (stored in the database) is looked up here and nowhere else, so a
new game is one entry, and a kind found in a file can only ever reach code named in this
fixed table, never a module chosen by that text. Engines and the other parts are imported
on first use, so opening the CLI for one verb does not load the rules of all three games.

It names only a game's own rules and words (engine, story), so the store and the records
below it can replay and tell any game. What the layers above add per game keeps its own
table keyed by kind there: the statistics' figures (companion.records.stats.replay), the
verbs (companion.cli); a registry naming them would tie every layer into one import cycle.
"""

from __future__ import annotations

import importlib
from dataclasses import dataclass
from functools import cache
from typing import Any

from companion.contracts.engine import Engine


@dataclass(frozen=True)
class Game:
    """One kind of game, by the dotted names of its parts ("module:attribute")."""

    kind: str
    title: str
    engine: str
    #: the module whose SENTENCES tell each action in words (the history log)
    story: str
    #: the seat figure a result holds ("scores"), and its unit for one and for several
    figure: str
    unit: str
    units: str
    #: the prefix of its rulings in the rules help ("R-S")
    rulings: str | None = None


#: in the order Home offers them
GAMES: dict[str, Game] = {g.kind: g for g in (
    Game("spurs", "Spurs", "companion.spurs.engine:ENGINE", "companion.spurs.story", "scores", "point", "points",
         rulings="R-S"),
    Game("bountytown", "Bountytown", "companion.bountytown.engine:ENGINE", "companion.bountytown.story",
         "renown", "renown", "renown", rulings="R-B"),
    Game("rapidcity", "Rapid City", "companion.rapidcity.engine:ENGINE", "companion.rapidcity.story",
         "bullets", "bullet", "bullets", rulings="R-R"),
    Game("scorepad", "Score pad", "companion.scorepad.engine:ENGINE", "companion.scorepad.story",
         "scores", "point", "points"),
)}

#: kind -> title, in the order Home offers them
TITLES: dict[str, str] = {kind: game.title for kind, game in GAMES.items()}


def game(kind: str) -> Game:
    """The registry entry of a session kind; a clear error names the kinds there are."""
    try:
        return GAMES[kind]
    except KeyError:
        raise KeyError(f"unknown game kind {kind!r}; known kinds: {', '.join(GAMES)}") from None


def load(target: str) -> Any:
    """The object a registry entry names: "module:attribute", or a whole module."""
    module, _, attr = target.partition(":")
    found = importlib.import_module(module)
    return getattr(found, attr) if attr else found


@cache
def engine_for(kind: str) -> Engine:
    """The engine for a session kind."""
    return load(game(kind).engine)
