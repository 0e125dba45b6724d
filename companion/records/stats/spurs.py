"""A Spurs game summed up per player: fame by where it came from, and the luck of the draws."""

from __future__ import annotations

from typing import Any, Mapping, Sequence

from companion.spurs.engine import ACTIONS, ENGINE
from companion.records.stats.luck import Run
from companion.records.stats.replay import seat, steps

SOURCES = ("challenges", "town", "duels", "other")
#: action type -> where the fame it moves came from: the turn's action it counts as
#: (a desperado card revealed goes on with its challenge); Spurs, adjustments: "other"
SOURCE = {kind: {"challenge": "challenges", "town": "town", "duel": "duels"}.get(counts_as or "", "other")
          for kind, (counts_as, _handler) in ACTIONS.items()} | {"reveal": "challenges"}
#: actions whose bullet draw is a shot (a doctor's draw of two is not); a duel's two draws
#: are shots too (R-S8), each counted for its own duellist
SHOOTING = frozenset({"hunt", "outlaw", "desperado", "gold", "bank", "duel"})


def summarise(settings: Mapping[str, Any], actions: Sequence[Mapping[str, Any]]) -> dict[str, Any]:
    state = ENGINE.initial_state(settings)
    fame = [dict.fromkeys(SOURCES, 0) for _ in state.players]
    luck = [Run() for _ in state.players]
    for action, before, state in steps(ENGINE, settings, actions):
        source = SOURCE[action["type"]]
        for i, (old, new) in enumerate(zip(before.players, state.players)):
            fame[i][source] += new.fame - old.fame
        if action["type"] in SHOOTING:
            for record in state.last_draw:
                if record.bag == "bullets":
                    i = before.index(record.player)
                    luck[i].add(before.players[i].bag, record)
    result = ENGINE.result(state)
    scores = result["scores"] if result else {}
    return {"kind": "spurs", "finished": result is not None,
            "seats": [seat(p.name, p.name == state.winner, scores.get(p.name), fame=fame[i], luck=luck[i].to_json())
                      for i, p in enumerate(state.players)]}
