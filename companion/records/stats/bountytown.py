"""A Bountytown game summed up per player: duels won and lost by the hand played, and
renown at the end of every turn."""

from __future__ import annotations

from typing import Any, Mapping, Sequence

from companion.bountytown.engine import ENGINE, DuelReport, preview
from companion.records.stats.replay import seat, steps

DUELS = frozenset({"duel_bounty", "duel_player"})
#: where the bounty goes -> the role that won the duel (the bounty escaping: nobody did)
WINNER_BY_BOUNTY = {"taken": ("player", "attacker"), "kept": ("defender",), "escaped": ()}


def duel_results(report: DuelReport) -> list[tuple[str, str, bool]]:
    """(player, hand's rank name, won) for each player in a duel; none for one a Cowboy Hat cancelled."""
    if report.cancelled or report.outcome is None:
        return []
    ranks = dict(report.ranks)
    winners = WINNER_BY_BOUNTY[report.outcome.bounty]
    return [(name, ranks[role].name, role in winners) for role, name in report.roles]


def summarise(settings: Mapping[str, Any], actions: Sequence[Mapping[str, Any]]) -> dict[str, Any]:
    state = ENGINE.initial_state(settings)
    names = [p.name for p in state.players]
    duels: list[dict[str, list[int]]] = [{} for _ in names]
    renown = [[p.renown] for p in state.players]
    for action, before, state in steps(ENGINE, settings, actions):
        if action["type"] in DUELS:
            for name, hand, won in duel_results(preview(before, action)):
                tally = duels[names.index(name)].setdefault(hand, [0, 0])
                tally[0 if won else 1] += 1
        if action["type"] == "end_turn":
            for series, player in zip(renown, state.players):
                series.append(player.renown)
    result = ENGINE.result(state)
    return {"kind": "bountytown", "finished": result is not None,
            "seats": [seat(p.name, p.name in state.winners and result is not None, p.renown if result else None,
                           duels=duels[i], renown=renown[i]) for i, p in enumerate(state.players)]}
