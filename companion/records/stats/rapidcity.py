"""A Rapid City game summed up per player: how fast each claim came after the reveal, by
card type; false starts; bullets taken, by card type."""

from __future__ import annotations

from typing import Any, Mapping, Sequence

from companion.rapidcity.engine import ENGINE
from companion.rapidcity.judge import judge
from companion.rapidcity.roundfile import parse_round
from companion.records.stats.replay import seat, steps


def summarise(settings: Mapping[str, Any], actions: Sequence[Mapping[str, Any]]) -> dict[str, Any]:
    state = ENGINE.initial_state(settings)
    colours = list(state.players)
    reactions: list[dict[str, list[float]]] = [{} for _ in colours]
    bullets: list[dict[str, int]] = [{} for _ in colours]
    false_starts = [0] * len(colours)
    for action, _before, state in steps(ENGINE, settings, actions):
        if action["type"] != "play":
            continue
        played = state.played[-1]
        card = played.round["card"]["type"]
        for claim in played.verdict["claims"]:
            if claim["player"] in colours:
                reactions[colours.index(claim["player"])].setdefault(card, []).append(claim["t_ms"])
        for colour, taken in played.verdict["bullets"].items():
            if taken:
                got = bullets[colours.index(colour)]
                got[card] = got.get(card, 0) + taken
        # the judge's own call again: the stored verdict keeps no false starts
        for press in judge(parse_round(played.round)).false_starts:
            if press.player in colours:
                false_starts[colours.index(press.player)] += 1
    result = ENGINE.result(state)
    return {"kind": "rapidcity", "finished": result is not None,
            "seats": [seat(state.name_of(c), c in state.winners, state.bullets_of(c) if result else None,
                           colour=c, reactions=reactions[i], false_starts=false_starts[i], bullets=bullets[i])
                      for i, c in enumerate(colours)]}
