"""Which version of its rules a stored game was played under.

A game records the version of its kind's rules in its settings (``"rules": N``) when the
store creates it, and is replayed under that version for ever (:mod:`companion.engine`:
a fix to the rules is a new version, and the engine keeps the older behaviour for games
played under an older one). Games stored before versions were recorded (2026-12-06) carry
no ``"rules"``: they were played under version 1 (the rules as first released, 2026-11-30)
or 2 (the rulings of 2026-12-02). Which one is worked out from the log without changing a
byte of the game's rows: the newest of them whose replay accepts every logged action and
reproduces the result the game stored when it ended (:func:`choose`), or the oldest of them
for a game the first release stored (:func:`first_release_games`). A game is a record of
what the table did, so this is what it is replayed, shown and counted under.
"""

from __future__ import annotations

import json
import sqlite3
from typing import Any, Callable, Iterable, Mapping, TypeVar

from companion.engine import Engine, dumps, rules_of

#: the newest version of any game's rules before games recorded theirs: a game stored
#: without "rules" was played under this version or an older one, never a later one
UNRECORDED_UP_TO = 2

T = TypeVar("T")


class Refused(Exception):
    """A replay under one version of the rules stopped: at which event, and why."""

    def __init__(self, at: Any, error: Exception) -> None:
        super().__init__(str(error))
        self.at = at
        self.error = error


def recorded(settings: Mapping[str, Any]) -> bool:
    """Whether the game's settings say which rules it is played under."""
    return "rules" in settings


def candidates(engine: Engine, settings: Mapping[str, Any], first_release: bool = False) -> list[int]:
    """The versions the game may have been played under, in the order they are tried: the
    one its settings record (a RuleError if no such version exists), else every version up
    to :data:`UNRECORDED_UP_TO`, newest first, or oldest first for a game the first release
    stored (:func:`first_release_games`), so that where its log fits both (the last card of
    an unfinished Rapid City game) it keeps the calls its table saw."""
    if recorded(settings):
        return [rules_of(settings, engine.rules_versions)]
    return sorted((v for v in engine.rules_versions if v <= UNRECORDED_UP_TO), reverse=not first_release)


#: the prefs key where a file upgraded from schema 1 keeps the last game the first release stored
FIRST_RELEASE = "first_release_games"
#: kept in the same transaction as the first step of that upgrade (companion.db.store)
KEEP_FIRST_RELEASE = (f"INSERT OR REPLACE INTO prefs (key, value) SELECT '{FIRST_RELEASE}', "
                      "json_object('up_to', coalesce(max(id), 0)) FROM sessions;")


def first_release_games(db: sqlite3.Connection) -> int:
    """The id of the last game a file holds from the first release (0: none known).

    Only the first release (2026-11-30, rules version 1) wrote schema 1, so when today's
    companion upgrades a schema 1 file, every game in it was played under those rules; the
    upgrade keeps the last such id (:data:`KEEP_FIRST_RELEASE`). A file a later release
    upgraded first no longer says so: its games are judged by their logs alone."""
    try:
        row = db.execute("SELECT value FROM prefs WHERE key = ?", (FIRST_RELEASE,)).fetchone()
        found = json.loads(row[0])["up_to"] if row else 0
    except (sqlite3.DatabaseError, ValueError, TypeError, KeyError, RecursionError):
        return 0
    return found if isinstance(found, int) and not isinstance(found, bool) else 0


def under(settings: Mapping[str, Any], version: int) -> dict[str, Any]:
    """The settings a game is replayed with under ``version`` (the stored ones are never changed)."""
    return {**settings, "rules": version}


def same_result(engine: Engine, state: Any, stored: Mapping[str, Any] | None) -> bool:
    """Whether the state's result is the one the game stored (both None while unfinished),
    compared as the store writes it (JSON)."""
    made = engine.result(state)
    return (made is None and stored is None) or (made is not None and json.loads(dumps(made)) == stored)


def choose(versions: Iterable[int], replay: Callable[[int], T], fits: Callable[[T], bool]) -> tuple[int, T]:
    """The first of ``versions`` (newest first) whose ``replay`` accepts the whole log and
    ``fits`` (reproduces the stored result); failing that, the first that accepts the log;
    failing that, the :class:`Refused` of the replay that went furthest is raised (the
    newest's on a tie), since it says the most about where the log is damaged."""
    accepted: tuple[int, T] | None = None
    furthest: Refused | None = None
    for version in versions:
        try:
            done = replay(version)
        except Refused as refused:
            if furthest is None or _later(refused.at, furthest.at):
                furthest = refused
            continue
        if fits(done):
            return version, done
        accepted = accepted or (version, done)
    if accepted is not None:
        return accepted
    assert furthest is not None, "no version of the rules to replay under"
    raise furthest


def _later(at: Any, than: Any) -> bool:
    return isinstance(at, int) and (not isinstance(than, int) or at > than)
