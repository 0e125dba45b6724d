"""Games as a companion from before rules versions stored them: settings without "rules",
every action an event, and the result the rules of its day gave, in the sessions row.

(The databases in tests/fixtures were written by those companions themselves; these are
for the tests that need a game of a chosen shape.)"""

from __future__ import annotations

import json
import sqlite3
from contextlib import closing
from pathlib import Path
from typing import Any, Mapping, Sequence

from companion.db.store import Store
from companion.contracts.engine import dumps
from companion.games import engine_for
from tests.spurs.helpers import ANN, BOB, CID

AT = "2026-11-30T20:00:00.000+00:00"
SPURS = {"players": [ANN, BOB, CID], "bank_cash": 100, "target_fame": 3}
RAPID = {"players": ["red", "blue", "green"], "seed": 7}


#: the tables the first release (schema 1) wrote
SCHEMA_1 = """
CREATE TABLE players (id INTEGER PRIMARY KEY, name TEXT NOT NULL UNIQUE COLLATE NOCASE, colour TEXT NOT NULL,
                      created TEXT NOT NULL);
CREATE TABLE sessions (id INTEGER PRIMARY KEY, kind TEXT NOT NULL, settings TEXT NOT NULL, started TEXT NOT NULL,
                       finished TEXT, result TEXT);
CREATE TABLE events (session_id INTEGER NOT NULL REFERENCES sessions(id), seq INTEGER NOT NULL,
                     kind TEXT NOT NULL CHECK (kind IN ('do', 'undo', 'redo')), action TEXT, at TEXT NOT NULL,
                     PRIMARY KEY (session_id, seq)) WITHOUT ROWID;
CREATE TABLE prefs (key TEXT PRIMARY KEY, value TEXT NOT NULL);
PRAGMA application_id=1331118897;
PRAGMA user_version=1;
"""


def old_game(db: Path, kind: str, settings: Mapping[str, Any], actions: Sequence[Mapping[str, Any]],
             rules: int = 1, upgraded: bool = False, at: str = AT) -> int:
    """Store a game played under ``rules`` as the companion of that day wrote it, started
    and logged ``at``: into a schema 1 file (the first release and the releases of
    2026-12-02 wrote one), or (``upgraded``) into one a later release had already upgraded;
    its id."""
    if upgraded:
        Store(db).close()
    elif not db.exists():
        with closing(sqlite3.connect(db)) as raw:
            raw.executescript(SCHEMA_1)
    engine = engine_for(kind)
    state = engine.initial_state({**settings, "rules": rules})
    for action in actions:
        state = engine.apply(state, action)
    result = engine.result(state)
    with closing(sqlite3.connect(db, isolation_level=None)) as raw:
        sid = raw.execute("INSERT INTO sessions (kind, settings, started, finished, result) VALUES (?, ?, ?, ?, ?)",
                          (kind, json.dumps(settings), at, at if result else None,
                           dumps(result) if result else None)).lastrowid
        raw.executemany("INSERT INTO events (session_id, seq, kind, action, at) VALUES (?, ?, 'do', ?, ?)",
                        [(sid, seq, dumps(as_logged(action)), at) for seq, action in enumerate(actions, 1)])
    return sid


def as_logged(action: Mapping[str, Any]) -> dict[str, Any]:
    """An action as the old log holds it: a Rapid City round file named no rules then."""
    if action.get("type") == "play":
        settings = {k: v for k, v in action["round"]["settings"].items() if k != "rules"}
        return {**action, "round": {**action["round"], "settings": settings}}
    return dict(action)


def spurs_r_s6() -> list[dict[str, Any]]:
    """A Spurs game to 3 fame where nobody has a poster or a dollar: under the first release
    everyone took Most Wanted Posters and Most Money (R-S6 since: nobody does)."""
    return [{"type": "adjust", "player": "Bob", "fame": 3}]


def rapid_city_r_r6(cards: int = 3) -> list[dict[str, Any]]:
    """Rapid City cards where blue claims pad 3 then moves to pad 1 (R-R6 since: judged on
    pad 1), red presses pad 3 after; played under version 1, card by card."""
    from companion.rapidcity.engine import ENGINE, round_template

    state = ENGINE.initial_state({**RAPID, "rules": 1})
    actions = []
    for _ in range(cards):
        data = round_template(state)
        data["events"] = [{"pad": 3, "edge": "press", "t_ms": 400.0, "player": "blue"},
                          {"pad": 3, "edge": "release", "t_ms": 550.0},
                          {"pad": 1, "edge": "press", "t_ms": 600.0, "player": "blue"},
                          {"pad": 3, "edge": "press", "t_ms": 700.0, "player": "red"},
                          {"pad": 2, "edge": "press", "t_ms": 800.0, "player": "green"}]
        action = {"type": "play", "round": data}
        state = ENGINE.apply(state, action)
        actions.append(action)
        if state.game_over:
            break
    return actions
