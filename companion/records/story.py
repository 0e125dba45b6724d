"""A game's log in plain words: one sentence per action, told from the states around it.

Each game has a story module (``companion/<game>/story.py``) whose ``SENTENCES`` map every
action type its engine accepts to a function ``(before, action, after) -> str``. The states
come from the store's replay (:mod:`companion.records.gamelog`), so a sentence reports what the rules
did (the engine's own outcome words, its draw records, the differences between the two
states) and never works the rules out a second time. A test holds each ``SENTENCES`` equal
to its engine's action types, so a new action cannot reach the log untold. The words the
stories share are :mod:`companion.contracts.telling`'s, below the games.
"""

from __future__ import annotations

from functools import cache
from typing import Any, Mapping

from companion.games import game, load
from companion.contracts.telling import Teller

#: how an undo or a redo event opens its line, before the sentence of the action it concerns
EVENT_OPENING = {"do": "", "undo": "undone: ", "redo": "redone: "}


@cache
def sentences(kind: str) -> Mapping[str, Teller]:
    """The sentence makers of a game kind, by action type."""
    return load(game(kind).story).SENTENCES


def tell(kind: str, before: Any, action: Mapping[str, Any], after: Any) -> str:
    """One action in words, from the state before it and the state it led to."""
    said = action.get("type")
    teller = sentences(kind).get(said) if isinstance(said, str) else None
    if teller is None:  # only a log written by another version could hold one
        return f"an action this companion cannot tell ({action.get('type')!r})"
    return teller(before, action, after)


def event(kind: str, event_kind: str, before: Any, action: Mapping[str, Any], after: Any) -> str:
    """A logged event in words: an undo is told as the action it took back ("undone: ...")."""
    return EVENT_OPENING[event_kind] + tell(kind, before, action, after)
