"""Which engine plays which kind of session.

Engines are imported on first use, so opening the CLI for one verb does not load the
rules of all three games.
"""

from __future__ import annotations

import importlib
from functools import cache

from companion.engine import Engine

#: session kind -> "module:attribute" of its engine
ENGINES: dict[str, str] = {
    "spurs": "companion.spurs.engine:ENGINE",
    "bountytown": "companion.bountytown.engine:ENGINE",
    "rapidcity": "companion.rapidcity.engine:ENGINE",
    "scorepad": "companion.scorepad:ENGINE",
}

#: in the order Home offers them
TITLES: dict[str, str] = {
    "spurs": "Spurs",
    "bountytown": "Bountytown",
    "rapidcity": "Rapid City",
    "scorepad": "Score pad",
}


@cache
def engine_for(kind: str) -> Engine:
    """The engine for a session kind; a clear error names the kinds there are."""
    try:
        target = ENGINES[kind]
    except KeyError:
        raise KeyError(f"unknown game kind {kind!r}; known kinds: {', '.join(ENGINES)}") from None
    module, _, attr = target.partition(":")
    return getattr(importlib.import_module(module), attr)
