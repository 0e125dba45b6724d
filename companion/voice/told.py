"""What Spurs and Bountytown say aloud after an action: a draw's hits, a duel's result and
the game's winners, worked out from the states around the action (as the game's log tells
it, :mod:`companion.records.story`), by the engine's own code paths, never a second copy of
a rule: hits by the bag's :meth:`~companion.spurs.bag.Bag.hits`, a duel by the Bountytown
engine's :func:`~companion.bountytown.engine.preview`."""

from __future__ import annotations

from typing import Any, Mapping

from companion.contracts.engine import Engine
from companion.voice import phrases

DUELS = frozenset({"duel_bounty", "duel_player"})


def said(engine: Engine, before: Any, action: Mapping[str, Any], after: Any, lang: str) -> list[str]:
    """The sentences for ``action`` (which took ``before`` to ``after``): none for most."""
    lines = []
    if engine.kind == "spurs" and after.last_draw != before.last_draw:
        lines += [phrases.hits(r.player, r.drawn.hits(r.weapon), lang) for r in after.last_draw
                  if r.bag == "bullets" and r.weapon]
    if engine.kind == "bountytown" and action.get("type") in DUELS:
        from companion.bountytown.engine import preview

        report = preview(before, action)
        outcome = None if report.cancelled or report.outcome is None else report.outcome.result
        lines.append(phrases.duel(outcome, dict(report.roles), report.bounty, lang))
    ended = engine.result(after)
    if ended is not None and engine.result(before) is None:
        lines.append(phrases.game_over(list(ended.get("winners", ())), lang))
    return lines
