"""What a module that adds verbs to the command line is given: where to hang them, the
options and checks every verb shares, and a stored game to read.

The games' and the records' ``cli`` modules import this, never :mod:`companion.cli`: the
top CLI imports them and calls each ``register(commands)``, so the verbs sit below the
command line that gathers them (no import cycle), and a verb that reads a stored game is
handed the store's reader instead of reaching up to the store itself.
"""

from __future__ import annotations

import argparse
from dataclasses import dataclass
from typing import Any, Callable

from companion.intake.errors import InputError
from companion.intake.limits import PATH_CHARS, PATH_PART_BYTES, quote

#: a stored game by ``--db`` (None: the default database) and its session number: its kind
#: and its state, read without creating or changing the database; refuses with InputError
StoredGame = Callable[[str | None, int], tuple[str, Any]]


@dataclass(frozen=True)
class Commands:
    """Where a game hangs its verbs: ``top`` for `companion VERB`, ``odds`` for
    `companion odds VERB`. Each verb sets ``func(args) -> int`` as its default."""

    top: argparse._SubParsersAction
    odds: argparse._SubParsersAction
    stored_game: StoredGame


def add_json_flag(parser: argparse.ArgumentParser) -> None:
    """Every `odds` and `hand` verb takes `--json` (docs/cli.md contract)."""
    parser.add_argument("--json", action="store_true", help="print the answer as JSON")


def check_path(value: str, label: str = "") -> None:
    """Refuse a path no file can have (a NUL, too long); ``label`` names where it was given."""
    if "\0" in value:
        raise InputError(f"{label}{quote(value)}: a path cannot hold a NUL character")
    if len(value) > PATH_CHARS:
        raise InputError(f"{label}{quote(value)}: a path is at most {PATH_CHARS} characters")
    if any(len(part.encode("utf-8", "surrogateescape")) > PATH_PART_BYTES for part in value.split("/")):
        raise InputError(f"{label}{quote(value)}: each name in a path is at most {PATH_PART_BYTES} bytes")
