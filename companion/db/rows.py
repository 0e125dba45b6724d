"""Reading rows back from the database, where every way a row can be damaged becomes a sentence.

The log is data on an SD card: a pulled plug, a bad sector or a hand-edited file can leave a
row that is not what the companion wrote. Such a row must be reported (which game, which
event, what is wrong with it) and never crash the app or be "repaired" behind anyone's back;
every other game stays playable. These functions only read values, they never write.
"""

from __future__ import annotations

import json
import sqlite3
from datetime import datetime
from typing import Any

from companion.games import GAMES, TITLES

EVENT_KINDS = ("do", "undo", "redo")

#: what every damaged-game message ends with: the row is left alone, the rest still works
LEFT_ALONE = ("It was left untouched and every other game plays as usual; keep a copy of the "
              "database if you want the game looked at.")


class RowDamage(ValueError):
    """One value in a row is not what the companion writes; the message says how."""


def describe(value: Any) -> str:
    """A short, safe description of a stored value for a message (never the whole of it)."""
    if value is None:
        return "empty (NULL)"
    if isinstance(value, bytes):
        return f"binary data ({len(value)} bytes)"
    text = repr(value)
    return text if len(text) <= 40 else text[:37] + "..."


def json_object(value: Any, what: str) -> dict[str, Any]:
    """``value`` decoded as the JSON object the companion stores, or :class:`RowDamage`."""
    if not isinstance(value, str):
        raise RowDamage(f"its {what} column holds {describe(value)}, not JSON text")
    try:
        decoded = json.loads(value)
    except RecursionError:
        raise RowDamage(f"its {what} column holds JSON nested too deeply to read") from None
    except ValueError as exc:
        raise RowDamage(f"its {what} column is not valid JSON ({exc})") from None
    if not isinstance(decoded, dict):
        raise RowDamage(f"its {what} column holds a JSON {type(decoded).__name__}, not an object")
    return decoded


def timestamp(value: Any, what: str) -> str:
    """An ISO 8601 time as the store writes them, or :class:`RowDamage`."""
    try:
        datetime.fromisoformat(value)
    except (TypeError, ValueError):
        raise RowDamage(f"its {what} time is {describe(value)}, not a date and time") from None
    return value


def game_name(kind: Any) -> str:
    return TITLES.get(kind, str(kind)) if isinstance(kind, str) else "unknown game"


def session_fields(row: tuple) -> tuple[str, dict[str, Any], str, str | None, dict[str, Any] | None]:
    """(kind, settings, started, finished, result) of a sessions row, or :class:`RowDamage`."""
    _sid, kind, settings, started, finished, result = row
    if kind not in GAMES:
        raise RowDamage(f"its kind {describe(kind)} is not a game this companion knows")
    return (kind, json_object(settings, "settings"), timestamp(started, "start"),
            None if finished is None else timestamp(finished, "finish"),
            None if result is None else json_object(result, "result"))


def event_action(expected_seq: int, seq: Any, kind: Any, action: Any) -> dict[str, Any] | None:
    """The action of the log's next event (None for undo and redo), or :class:`RowDamage`.

    Events are numbered 1, 2, 3... with no gaps: a gap means an event is missing, and
    replaying around it would show a game that never happened."""
    if not isinstance(seq, int) or isinstance(seq, bool):
        raise RowDamage(f"its number (seq) is {describe(seq)}, not a whole number")
    if seq > expected_seq:
        missing = str(expected_seq) if seq == expected_seq + 1 else f"{expected_seq} to {seq - 1}"
        raise RowDamage(f"the log jumps to it: event {missing} is missing")
    if seq != expected_seq:
        raise RowDamage(f"its number (seq) {seq} is out of order (expected {expected_seq})")
    if kind not in EVENT_KINDS:
        raise RowDamage(f"its kind {describe(kind)} is none of {', '.join(EVENT_KINDS)}")
    if kind != "do":
        if action is not None:
            raise RowDamage(f"it is an {kind} but carries an action ({describe(action)})")
        return None
    decoded = json_object(action, "action")
    if not isinstance(decoded.get("type"), str):
        raise RowDamage(f"its action has no type ({describe(decoded.get('type'))})")
    return decoded


def inserted_id(cursor: sqlite3.Cursor) -> int:
    """The rowid an INSERT just made. sqlite3 types ``lastrowid`` int or None (None before
    any insert on the connection); after an INSERT it is the new row's."""
    row = cursor.lastrowid
    if row is None:
        raise RuntimeError("an INSERT made no row")
    return row
