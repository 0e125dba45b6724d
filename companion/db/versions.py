"""Which version of its rules a stored game was played under.

A game records the version of its kind's rules in its settings (``"rules": N``) when the
store creates it, and is replayed under that version for ever (:mod:`companion.contracts.engine`:
a fix to the rules is a new version, and the engine keeps the older behaviour for games
played under an older one). Games stored before versions were recorded (2026-12-06) carry
no ``"rules"``: they were played under version 1 (the rules as first released, 2026-11-30)
or 2 (the rulings of 2026-12-02). Which one is worked out from the log without changing a
byte of the game's rows, from the evidence the file holds: the first version whose replay
accepts every logged action and reproduces the result the game stored when it ended
(:func:`choose`), tried first under the version the file's other games say the release
that wrote it played (:mod:`companion.db.evidence`), then newest first but for versions
that came out after the day the game started (:func:`candidates`). A game is a record of
what the table did, so this is what it is replayed, shown and counted under.
"""

from __future__ import annotations

import json
import re
from typing import Any, Callable, Iterable, Mapping, TypeVar

from companion.contracts.engine import Engine, dumps, rules_of

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


def candidates(engine: Engine, settings: Mapping[str, Any], started: str | None = None,
               leaning: int | None = None) -> list[int]:
    """The versions the game may have been played under, in the order they are tried: the
    one its settings record (a RuleError if no such version exists), else every version up
    to :data:`UNRECORDED_UP_TO`: first the one the file's other games say the release that
    wrote it played (``leaning``, :mod:`companion.db.evidence`), then newest first, but
    those that came out after the day the game started (``started``, its recorded ISO start
    time) last. So where its log fits more than one (the last card of an unfinished Rapid
    City game), it keeps the calls its table saw; the day is the last resort, since a
    table's clock may be anything.

    The file's schema is no evidence here: the first release wrote schema 1, and so did the
    releases of 2026-12-02 that brought version 2 of every game's rules."""
    if recorded(settings):
        return [rules_of(settings, engine.rules_versions)]
    newest_first = sorted((v for v in engine.rules_versions if v <= UNRECORDED_UP_TO), reverse=True)
    made = [v for v in newest_first if not _before(started, released(engine, v))]
    order = made + [v for v in newest_first if v not in made]
    return sorted(order, key=lambda v: v != leaning)


def released(engine: Engine, version: int) -> str | None:
    """The day a version of a game's rules came out ("2026-12-02"), as its description in
    the engine's ``rules_versions`` ends, or None."""
    found = re.search(r"\((\d{4}-\d\d-\d\d)\)\s*$", engine.rules_versions.get(version, ""))
    return found.group(1) if found else None


_DAY = re.compile(r"\d{4}-\d\d-\d\d")


def _before(started: str | None, day: str | None) -> bool:
    """Whether the time ``started`` falls on a day before ``day``; False when either is
    unknown or ``started`` is not a time (a damaged row: its log alone decides)."""
    return isinstance(day, str) and isinstance(started, str) and bool(_DAY.match(started)) and started[:10] < day


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
            if furthest is None or _further(refused.at, furthest.at):
                furthest = refused
            continue
        if fits(done):
            return version, done
        accepted = accepted or (version, done)
    if accepted is not None:
        return accepted
    assert furthest is not None, "no version of the rules to replay under"
    raise furthest


def _further(at: Any, than: Any) -> bool:
    return isinstance(at, int) and (not isinstance(than, int) or at > than)
