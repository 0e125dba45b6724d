"""A generic score pad: named players and running totals.

The smallest real game the store can keep. It serves tables playing something the
companion has no rules for, and it exercises the store and the app shell without any
game's rules in the way.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Mapping

from companion.contracts.engine import RuleError, action_type, leading, replace, rules_of
from companion.intake.names import clean

#: each version of the score pad's rules (companion.contracts.engine.rules_of)
RULES_VERSIONS: dict[int, str] = {
    1: "as first released (2026-11-30)",
    2: "every seat has a name a reader can see: blank or invisible names are refused (2026-12-06)",
}


@dataclass(frozen=True)
class ScoreState:
    players: tuple[str, ...]
    scores: tuple[int, ...]
    finished: bool = False

    def score(self, player: str) -> int:
        return self.scores[self.players.index(player)]


class ScorePadEngine:
    kind = "scorepad"
    rules_versions = RULES_VERSIONS
    ACTIONS = frozenset({"add", "finish"})

    def initial_state(self, settings: Mapping[str, Any]) -> ScoreState:
        players = tuple(settings.get("players", ()))
        if not 1 <= len(players) <= 8:
            raise RuleError("setup", f"a score pad needs 1 to 8 players, got {len(players)}")
        if len(set(players)) != len(players):
            raise RuleError("setup", "each player may sit at the table only once")
        if rules_of(settings, RULES_VERSIONS) >= 2:
            _named(players)
        return ScoreState(players, (0,) * len(players))

    def apply(self, state: ScoreState, action: Mapping[str, Any]) -> ScoreState:
        kind = action_type(action, self.ACTIONS)
        if state.finished:
            raise RuleError("game over", "the game is finished; undo to change it")
        if kind == "finish":
            return replace(state, finished=True)
        player, points = action.get("player"), action.get("points")
        if player not in state.players:
            raise RuleError("players", f"{player!r} is not playing; players are {', '.join(state.players)}")
        if not isinstance(points, int) or isinstance(points, bool) or points == 0:
            raise RuleError("points", f"points must be a whole number other than 0, got {points!r}")
        i = state.players.index(player)
        scores = state.scores[:i] + (state.scores[i] + points,) + state.scores[i + 1 :]
        return replace(state, scores=scores)

    def result(self, state: ScoreState) -> dict[str, Any] | None:
        if not state.finished:
            return None
        best = max(state.scores)
        return {
            "scores": dict(zip(state.players, state.scores)),
            "winners": [p for p, s in zip(state.players, state.scores) if s == best],
        }

    def summary(self, state: ScoreState) -> str:
        return leading(list(zip(state.players, state.scores)), "{} points")


def _named(players: tuple[Any, ...]) -> None:
    """Every seat is someone: a blank seat would be a score nobody's, and no record's."""
    for seat, name in enumerate(players, 1):
        if not isinstance(name, str) or not clean(name):
            raise RuleError("setup", f"seat {seat} has no name: give every player a name")


ENGINE = ScorePadEngine()
