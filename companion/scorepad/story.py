"""The score pad's log in words (see :mod:`companion.records.story`)."""

from __future__ import annotations

from typing import Any, Mapping

from companion.scorepad.engine import ENGINE
from companion.contracts.telling import Teller, count, listed


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
