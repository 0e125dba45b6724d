"""Damaged and unusable databases for the store, doctor and app tests, made the ways they
happen: a value changed under the store, a table lost, a file cut short, permissions."""

from __future__ import annotations

import os
import sqlite3
import subprocess
from contextlib import contextmanager
from pathlib import Path
from typing import Any, Iterator

import pytest

from companion.db.schema import APPLICATION_ID
from companion.db.store import Store

PLAYERS = {"players": ["Ann", "Bob"]}


def add(player: str, points: int) -> dict[str, Any]:
    return {"type": "add", "player": player, "points": points}


def sample_db(db: Path) -> tuple[int, int, int]:
    """Three score pads: (an unfinished game with do/undo/redo in its log, a finished one,
    an unfinished one with an empty log)."""
    with Store(db) as store:
        live = store.new_session("scorepad", PLAYERS)
        live.do(add("Ann", 3))
        live.do(add("Bob", 2))
        live.undo()
        live.redo()
        live.do(add("Ann", 1))
        done = store.new_session("scorepad", PLAYERS)
        done.do(add("Bob", 4))
        done.do({"type": "finish"})
        empty = store.new_session("scorepad", PLAYERS)
    return live.id, done.id, empty.id


def tamper(db: Path, sql: str, *params: Any) -> None:
    """Change the file behind the store's back, as a bad sector or a hand edit would; the
    CHECK constraints are off so any value can land in any column."""
    raw = sqlite3.connect(db, isolation_level=None)
    try:
        raw.execute("PRAGMA ignore_check_constraints=ON")
        raw.execute(sql, params)
    finally:
        raw.close()


def ours_without_tables(db: Path) -> None:
    """A file with the companion's application id and no tables (rollback journal, so any
    switch to WAL would show in its header)."""
    raw = sqlite3.connect(db)
    raw.execute(f"PRAGMA application_id={APPLICATION_ID}")
    raw.execute("CREATE TABLE unrelated (x)")
    raw.commit()
    raw.close()


@contextmanager
def read_only(path: Path) -> Iterator[None]:
    """``path`` cannot be written by this process. Root ignores permissions, so as root the
    immutable attribute is set as well (it stops root too)."""
    writable = path.stat().st_mode & 0o777
    path.chmod(0o555 if path.is_dir() else 0o444)
    immutable = os.geteuid() == 0
    if immutable and subprocess.run(["chattr", "+i", str(path)], capture_output=True).returncode:
        path.chmod(writable)
        pytest.skip("running as root on a file system without chattr +i: cannot make a read-only file")
    try:
        yield
    finally:
        if immutable:
            subprocess.run(["chattr", "-i", str(path)], check=True)
        path.chmod(writable)
