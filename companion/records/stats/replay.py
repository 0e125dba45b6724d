"""A session's log as the actions in effect, and the engine's states along them.

Statistics must count what happened, so undone actions are left out exactly as the store
leaves them out: the undo/redo stacks move by :func:`companion.db.timeline.step`, the same
bookkeeping the store resumes a game with, and every state comes from the game's own
engine. Nothing here knows a rule.
"""

from __future__ import annotations

import sqlite3
from dataclasses import dataclass
from functools import reduce
from typing import Any, Iterator, Mapping, Sequence

from companion.db.evidence import FileEvidence, read_log
from companion.db.versions import Refused, candidates, choose, recorded, same_result, under
from companion.contracts.engine import Engine, RuleError
from companion.games import engine_for, load


@dataclass(frozen=True)
class Logged:
    """One session as the statistics need it."""

    id: int
    kind: str
    settings: dict[str, Any]
    actions: list[dict[str, Any]]
    #: the last event read: a summary made from this log is stale once the log goes past it
    seq: int


def read_session(db: sqlite3.Connection, session_id: int, evidence: FileEvidence | None = None) -> Logged:
    """The session's settings and the actions in effect at its last event. A damaged row
    raises :class:`RowDamage` (the statistics then leave that game out and say so).
    ``evidence``: the file's, kept across the games summed up on ``db``, so each neighbour's
    log is replayed once for them all, not once per game."""
    log = read_log(db, session_id)
    leaning = None if recorded(log.settings) else (evidence or FileEvidence(db)).lean(session_id, log.kind)
    return Logged(session_id, log.kind,
                  played_settings(log.kind, log.settings, log.actions, log.result, log.started, leaning),
                  log.actions, log.seq)


def played_settings(kind: str, settings: Mapping[str, Any], actions: Sequence[Mapping[str, Any]],
                    result: Mapping[str, Any] | None, started: str | None = None,
                    leaning: int | None = None) -> dict[str, Any]:
    """The settings with the version of the rules the game was played under, so it is
    counted as its table saw it (:mod:`companion.db.versions`: for a game stored without
    one, the first in :func:`~companion.db.versions.candidates`' order whose replay of these
    actions accepts them and gives the stored result)."""
    engine = engine_for(kind)
    try:
        versions = candidates(engine, settings, started, leaning)
    except RuleError:
        return dict(settings)  # the replay says what is wrong with them

    def replay(version: int) -> Any:
        try:
            return reduce(engine.apply, actions, engine.initial_state(under(settings, version)))
        except Exception as exc:  # noqa: BLE001 - a log its engine refuses: said by the summary's own replay
            raise Refused(None, exc) from None

    if len(versions) == 1:
        return under(settings, versions[0])
    try:
        rules, _state = choose(versions, replay, lambda state: same_result(engine, state, result))
    except Refused:
        rules = versions[0]
    return under(settings, rules)


def steps(engine: Engine, settings: Mapping[str, Any],
          actions: Sequence[Mapping[str, Any]]) -> Iterator[tuple[Mapping[str, Any], Any, Any]]:
    """(action, state before, state after) for each action, by the engine's own ``apply``."""
    state = engine.initial_state(settings)
    for action in actions:
        after = engine.apply(state, action)
        yield action, state, after
        state = after


#: kind -> ``summarise(settings, actions)`` of a game with figures of its own (the registry,
#: below the records, names only the games' rules; a kind not here is counted by score)
FIGURES = {"spurs": "companion.records.stats.spurs:summarise",
           "bountytown": "companion.records.stats.bountytown:summarise",
           "rapidcity": "companion.records.stats.rapidcity:summarise"}


def seat(name: str, won: bool, score: float | None, **figures: Any) -> dict[str, Any]:
    """One player's line of a summary: the fields every game has, then its own."""
    return {"name": name, "won": won, "score": score, **figures}


def summarise(kind: str, settings: Mapping[str, Any], actions: Sequence[Mapping[str, Any]]) -> dict[str, Any]:
    """The summary of one game: ``{"kind", "finished", "seats": [...]}``, seats in the
    engine's seating order. Raises what the engine raises for a log it refuses."""
    own = FIGURES.get(kind)  # each game's figures, loaded on use
    return load(own)(settings, actions) if own else scores_only(kind, settings, actions)


def scores_only(kind: str, settings: Mapping[str, Any], actions: Sequence[Mapping[str, Any]]) -> dict[str, Any]:
    """Plays, wins and scores from the engine's result, for a game with no figures of its
    own (the score pad)."""
    engine = engine_for(kind)
    state = reduce(engine.apply, actions, engine.initial_state(settings))
    result = engine.result(state)
    players = list(getattr(state, "players", ()))
    scores = (result or {}).get("scores", {})
    winners = (result or {}).get("winners", [])
    return {"kind": kind, "finished": result is not None,
            "seats": [seat(p, p in winners, scores.get(p)) for p in players]}
