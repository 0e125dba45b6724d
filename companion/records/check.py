"""The database's health as checks, for `companion doctor`.

They answer in the words the app opens the file with (:mod:`companion.db.check`): can the
file be created and written here (by whom, and the fix when not), does it open as a sound
companion database, which saved games cannot be read or replayed (naming the row), which
were played under older rules and what today's would say, and is an app already running on
it. Nothing here writes to the database (a check that needed to would change what it reports
on), except the doctor's record of a full check on a file it found sound. It lives with the
records, above the store, because telling an old game's rules replays it (oldrules).
"""

from __future__ import annotations

import os
import sqlite3
from dataclasses import dataclass, field
from pathlib import Path

from companion.contracts.checks import FAIL, OK, WARN, Check
from companion.db.lock import holder
from companion.db.place import place_problem, write_hint
from companion.db.rows import game_name
from companion.db.store import GameSession, SessionInfo, Store, StoreError, default_db_path
from companion.kiosk.errorlog import error_log_path, read_log
from companion.records.oldrules import RulesPlayed, line, maybe_older, rules_played

NAME = "Database"
GAME_FIX = ("this game cannot be opened, every other game can. Keep a copy of the database; "
            "to remove just this game, see the companion's docs/database.md")
SNAPSHOT_FIX = ("nothing, to keep playing (a long game only opens more slowly). Keep a copy of the database if "
                "you want it looked at; then, with the app stopped, `sqlite3 companion.db \"DELETE FROM snapshots "
                "WHERE session_id = {id}\"` lets the app write that game's checkpoints again (docs/database.md)")
MOVE_ASIDE = "keep a copy of the file, then move it aside to start afresh, or pass --db PATH to use another file"


def database_checks(db: str | os.PathLike[str] | None, *, record: bool = False) -> list[Check]:
    """Every database check for `companion doctor`: where it is, what is in it, who holds it.
    With ``record`` (the doctor's own run), a file found sound remembers the full check, so
    the app can say when it last ran, and loses the snapshots that disagreed with its log."""
    path = Path(db or default_db_path())
    checks: list[Check] = []
    problem = place_problem(path)
    if problem:
        checks.append(Check(NAME, FAIL, problem.detail, problem.fix))
    if not path.is_file():
        if not problem:
            checks.append(Check(NAME, OK, f"{path} (not created yet: the app creates it on first start)"))
    elif path.stat().st_size == 0:
        checks.append(Check(NAME, OK, f"{path} (empty: the app sets it up on first start)"))
    else:
        # a place problem already says why the file cannot be opened; the games in it still count
        # (and a file that cannot be written is not asked to remember the check)
        checks += [c for c in _contents(path, record and not problem)
                   if not (problem and c.found.startswith("cannot open"))]
    pid = holder(path)
    if pid is not None:
        process = f" (process {pid})" if pid else ""
        checks.append(Check("App lock", OK, f"the companion app{process} is running on {path}; "
                                            "a second app on it would be refused"))
    logged = read_log(path)
    if logged is not None:  # faults the app recovered from (ui/shell/recovery.py): it played on, but they are bugs
        checks.append(Check("App faults", WARN, f"the app recovered from {logged.count} fault(s), the last at "
                                                f"{logged.last_at}: {logged.last}",
                            f"send {error_log_path(path)} to the makers, then delete it"))
    return checks


@dataclass
class _Found:
    """What replaying every game of a sound file found, for the checks to say."""

    sessions: list[SessionInfo]
    #: why each game that cannot be opened cannot, naming its row
    damaged: list[str]
    #: game id -> its snapshots' verdict (good, bad), for the doctor's record
    verdicts: dict = field(default_factory=dict)
    #: games whose newest checkpoint the app cannot use: their logs are sound
    checkpoints: list[GameSession] = field(default_factory=list)
    #: games played under older rules (info, last event, rules played): sound, told with
    #: what today's rules would say
    older: list[tuple[SessionInfo, int, RulesPlayed]] = field(default_factory=list)
    prefs: list[str] = field(default_factory=list)
    #: why the doctor's record of a full check could not be written, if it could not
    unrecorded: str | None = None


def _contents(path: Path, record: bool) -> list[Check]:
    try:
        with Store(path) as store:
            integrity = store.integrity()
            if integrity != "ok":
                return [Check(NAME, FAIL, f"{path}: {integrity}", MOVE_ASIDE)]
            found = _replay_every_game(store)
            found.prefs = store.unreadable_prefs()
            if record and not found.damaged and not found.prefs and not found.checkpoints:
                found.unrecorded = _record(store, integrity, found.verdicts, found.older)  # only a sound file
    except StoreError as exc:  # its message names the file and what to do
        return [Check(NAME, FAIL, str(exc), "do what the line above says; nothing was changed")]
    return _said(path, found)


def _replay_every_game(store: Store) -> _Found:
    """Open every game that has no problem in its row from its first event (finished games
    too: a sound file is one whose every log replays), judging its snapshots on the way."""
    sessions = store.sessions(limit=-1)
    found = _Found(sessions, [info.problem for info in sessions if info.problem])
    for info in sessions:
        if info.problem:
            continue
        try:
            game = store.open_session(info.id, check=True)
        except StoreError as exc:
            found.damaged.append(str(exc))
            continue
        found.verdicts[info.id] = game.snapshot_verdict
        if game.notice:
            found.checkpoints.append(game)
        if maybe_older(info):
            found.older.append((info, game.seq, rules_played(store, info, game=game, keep=False)))
    return found


def _said(path: Path, found: _Found) -> list[Check]:
    """The checks a file that opened says: the file, then each thing worth a word."""
    discarded = sum(len(bad) for _good, bad in found.verdicts.values())
    snaps = f", {discarded} snapshot(s) that disagreed with the log discarded" if discarded else ""
    played_older = [(info, played) for info, _seq, played in found.older if played.older]
    aged = f", {len(played_older)} played under older rules" if played_older else ""
    checks = [Check(NAME, OK, f"{path} (integrity ok, {len(found.sessions)} sessions{aged}{snaps})")]
    # a game played under older rules is sound: said only where today's rules would call it otherwise
    checks += [Check("Older rules", OK, line(info, played)) for info, played in played_older if played.differences]
    # a damaged game does not stop the table (every other game plays): worth a look, not a failure
    checks += [Check("Saved game", WARN, message, GAME_FIX) for message in found.damaged]
    checks += [Check("Snapshot", WARN, f"game session {game.id} ({game_name(game.kind)}) in {path}: "
                                       f"{game.snapshot_problem}. The app replays it from its log, which is sound",
                     SNAPSHOT_FIX.format(id=game.id)) for game in found.checkpoints]
    checks += [Check("Preference", WARN, f"the preference {key!r} cannot be read, so its default is used",
                     "set it again in the app's Settings") for key in found.prefs]
    if found.unrecorded:
        checks.append(Check("Full check", WARN,
                            f"the database is sound, but this check could not be noted in it ({found.unrecorded})",
                            "free some space on the disk, then run doctor again"))
    return checks


def _record(store: Store, integrity: str, verdicts: dict, older: list) -> str | None:
    """Note the full check in the file, and the rules each older game was played under;
    why it could not be (a full disk), or None. A write refused here changes nothing the
    check found."""
    try:
        store.record_full_check(integrity, verdicts)
        for info, seq, played in older:
            store.keep_rules(info, seq, played.rules, list(played.differences))
    except (StoreError, sqlite3.Error) as exc:
        return str(exc) if isinstance(exc, StoreError) else f"{exc}. {write_hint(store.path, exc)}"
    return None

