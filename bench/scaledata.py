"""Databases at the scale a real table reaches, for the bench_scale_* benchmarks.

A long Spurs game is played through the store exactly as the app plays it (legal actions
drawn at random with a fixed seed, an undo now and then), so its log, snapshots and stacks
are what the app would have written. A year of history copies one real 500-action game's
events into thousands of finished sessions: the file then has the size and
shape of real history without playing 1.5 million actions. Built files are kept in the
temporary folder and reused, since building them is slower than what is measured.
"""

from __future__ import annotations

import hashlib
import os
import random
import sqlite3
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from companion.contracts.engine import RuleError  # noqa: E402
from companion.db.schema import SCHEMA_VERSION, _SCHEMA  # noqa: E402
from companion.db.store import GameSession, Store  # noqa: E402

#: keyed by the schema itself: branches that each add a table at the same version number
#: must not pick up each other's files
CACHE = (Path(tempfile.gettempdir()) /
         f"companion-bench-v{SCHEMA_VERSION}-{hashlib.sha256(_SCHEMA.encode()).hexdigest()[:8]}")

SPURS = {"players": [
    {"name": "Ann", "character": "Doc", "riding": 3, "bag": {"grey": 4, "brown": 2, "white": 1, "black": 2, "red": 1}},
    {"name": "Bob", "character": "Kid", "riding": 2, "bag": {"grey": 3, "brown": 3, "white": 1, "black": 2}},
    {"name": "Cid", "character": "Sam", "riding": 2, "bag": {"grey": 2, "brown": 2, "white": 2, "black": 2}}],
    "bank_cash": 100, "target_fame": 10**9}


def spurs_action(rng: random.Random) -> dict:
    """One plausible Spurs action; the rules refuse some, as they would at a table."""
    seed = rng.getrandbits(31)
    kind = rng.choice(["hunt", "outlaw", "desperado", "reveal", "doctor", "duel", "saloon", "spur",
                       "end_turn", "end_turn", "end_turn"])
    card = {"weapon": rng.choice(["revolver", "rifle"]), "hits": rng.randint(1, 2)}
    return {
        "hunt": {"type": "hunt", "token": f"P{seed % 5}", "hits": rng.randint(1, 3), "red": False,
                 "draw": "digital", "seed": seed},
        "outlaw": {"type": "outlaw", "token": f"O{seed % 5}", "hits": rng.randint(1, 3), "red": rng.random() < .3,
                   "draw": "digital", "seed": seed},
        "desperado": {"type": "desperado", "token": "D1", "count": rng.randint(1, 3), "desperados": [card],
                      "draw": "digital", "seed": seed},
        "reveal": {"type": "reveal", "desperado": card},
        "doctor": {"type": "doctor", "option": "draw", "draw": "digital", "seed": seed},
        "duel": {"type": "duel", "opponent": "Bob", "winner": rng.choice(["Ann", "Bob"])},
        "saloon": {"type": "saloon", "option": "card", "fame": rng.randint(-1, 2), "bullets": {"red": rng.randint(0, 1)}},
        "spur": {"type": "spend_spur"},
        "end_turn": {"type": "end_turn"},
    }[kind]


def play_spurs(game: GameSession, actions: int, seed: int = 1) -> None:
    """Add ``actions`` accepted actions to a game (about 1 in 50 followed by an undo and a redo)."""
    rng = random.Random(seed)
    done = 0
    while done < actions:
        try:
            game.do(spurs_action(rng))
        except RuleError:
            continue
        done += 1
        if rng.random() < 0.02:
            game.undo()
            game.redo()


def fast(store: Store) -> Store:
    """Building only: skip the fsync per action (what is measured reopens the file normally)."""
    store._db.execute("PRAGMA synchronous=OFF")
    return store


def spurs_game(actions: int) -> tuple[Path, int]:
    """A database holding one Spurs game of ``actions`` actions, and the game's id."""
    CACHE.mkdir(exist_ok=True)
    path = CACHE / f"spurs-{actions}.db"
    if not path.exists():
        partial = path.with_suffix(".part")
        for stale in CACHE.glob(f"{partial.name}*"):
            stale.unlink()
        with fast(Store(partial)) as store:
            play_spurs(store.new_session("spurs", SPURS), actions)
        os.replace(partial, path)
    return path, 1


def history(games: int, actions: int = 500, old: bool = False) -> Path:
    """A database of ``games`` finished Spurs games of ``actions`` actions each; ``old``: as
    a companion before rules versions stored them (no "rules" in their settings), so each
    one's version is worked out from its log when it is first needed."""
    CACHE.mkdir(exist_ok=True)
    path = CACHE / f"history-{games}x{actions}{'-old' if old else ''}.db"
    if path.exists():
        return path
    partial = path.with_suffix(".part")
    for stale in CACHE.glob(f"{partial.name}*"):
        stale.unlink()
    with fast(Store(partial)) as store:
        for name, colour in (("Ann", "red"), ("Bob", "yellow"), ("Cid", "blue")):
            store.add_player(name, colour)
        if games:
            game = store.new_session("spurs", SPURS)
            play_spurs(game, actions)
            game.store._db.execute("UPDATE sessions SET finished = started, result = ? WHERE id = ?",
                                   ('{"winners": ["Ann"]}', game.id))
        db: sqlite3.Connection = store._db
        db.execute("BEGIN")
        for sid in range(2, games + 1):
            db.execute("INSERT INTO sessions (id, kind, settings, started, finished, result) "
                       "SELECT ?, kind, settings, started, finished, result FROM sessions WHERE id = 1", (sid,))
            db.execute("INSERT INTO events SELECT ?, seq, kind, action, at FROM events WHERE session_id = 1", (sid,))
            db.execute("INSERT INTO seats SELECT ?, seat, player_id, name FROM seats WHERE session_id = 1", (sid,))
        if old:
            db.execute("UPDATE sessions SET settings = json_remove(settings, '$.rules')")
        db.execute("COMMIT")
        db.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    os.replace(partial, path)
    return path
