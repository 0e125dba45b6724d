"""A game's log in plain words: one sentence per action, told from the states around it.

Each game has a story module (``companion/<game>/story.py``) whose ``SENTENCES`` map every
action type its engine accepts to a function ``(before, action, after) -> str``. The states
come from the store's replay (:mod:`companion.records.gamelog`), so a sentence reports what the rules
did (the engine's own outcome words, its draw records, the differences between the two
states) and never works the rules out a second time. A test holds each ``SENTENCES`` equal
to its engine's action types, so a new action cannot reach the log untold.

The score pad, a one-module game, is told here.
"""

from __future__ import annotations

from functools import cache
from typing import Any, Callable, Iterable, Mapping

from companion.games import game, load
from companion.scorepad.engine import ENGINE

Teller = Callable[[Any, Mapping[str, Any], Any], str]

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


# -- words shared by the games' stories ------------------------------------------------------

def listed(items: Iterable[object]) -> str:
    """``a``, ``a and b``, ``a, b and c``."""
    words = [str(i) for i in items]
    if len(words) < 2:
        return "".join(words)
    return ", ".join(words[:-1]) + " and " + words[-1]


def count(n: int, word: str, many: str | None = None) -> str:
    """``1 bullet``, ``2 bullets`` (``many`` when the plural is not word + s)."""
    return f"{n} {word if n == 1 else many or word + 's'}"


def signed(n: int, unit: str = "") -> str:
    """A change as a player reads it: +2 fame, -$5."""
    sign = "+" if n > 0 else "-"
    return f"{sign}${abs(n)}" if unit == "$" else f"{sign}{abs(n)} {unit}".rstrip()


# -- the score pad ---------------------------------------------------------------------------

def _add(before: Any, action: Mapping[str, Any], after: Any) -> str:
    player, points = action["player"], action["points"]
    total = after.score(player)
    return f"{player} {'scores' if points > 0 else 'loses'} {count(abs(points), 'point')} ({total} in all)"


def _finish(before: Any, action: Mapping[str, Any], after: Any) -> str:
    result = ENGINE.result(after)
    assert result is not None, "a finish action finishes the game"
    winners = result["winners"]
    standing = ", ".join(f"{p} {s}" for p, s in zip(after.players, after.scores))
    return f"The game is finished: {listed(winners)} {'wins' if len(winners) == 1 else 'win'} ({standing})"


SENTENCES: dict[str, Teller] = {"add": _add, "finish": _finish}
