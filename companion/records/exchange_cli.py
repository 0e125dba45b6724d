"""The verbs that move whole databases: export, import, backup, restore (docs/export.md).

Each handler imports its module on use, like the games' verbs. A database or file that
cannot be used is refused like any bad input: one line, exit status 2, nothing changed.
"""

from __future__ import annotations

import argparse
import functools
import os
import sys
import tempfile
from pathlib import Path
from typing import Callable

from companion.errors import InputError, StoreError
from companion.games import GAMES


def register(commands) -> None:
    """Hang `export`, `import`, `backup` and `restore` on the top-level verbs."""
    top = commands.top
    export = top.add_parser("export", help="write sessions, players, full logs and results (JSON or CSV)")
    export.add_argument("--game", choices=tuple(GAMES), help="only this game's sessions (default: all)")
    export.add_argument("--format", choices=("json", "csv"), default="json", help="default: json")
    export.add_argument("-o", "--output", metavar="FILE", help="write here (default: standard output)")
    export.set_defaults(func=_export)
    load = top.add_parser("import", help="load an export into the database (games already there are skipped)")
    load.add_argument("file", metavar="FILE", help="a file written by `companion export`")
    load.set_defaults(func=_import)
    backup = top.add_parser("backup", help="copy the database safely, even while the app runs")
    backup.add_argument("path", metavar="PATH", help="the copy's file name, or a folder for a dated copy")
    backup.set_defaults(func=_backup)
    restore = top.add_parser("restore", help="replace the database by a backup, once the backup is checked")
    restore.add_argument("path", metavar="PATH", help="a backup made by `companion backup`")
    restore.set_defaults(func=_restore)


def _refused(verb: Callable[[argparse.Namespace], int]) -> Callable[[argparse.Namespace], int]:
    """A database or file that cannot be used (:class:`StoreError`, whose message says why
    and what to do) is refused input like any other: one line, exit status 2."""

    @functools.wraps(verb)
    def run(args: argparse.Namespace) -> int:
        try:
            return verb(args)
        except StoreError as exc:
            raise InputError(str(exc)) from None

    return run


def _db(args: argparse.Namespace) -> Path:
    from companion.db.store import default_db_path

    return Path(args.db) if getattr(args, "db", None) else default_db_path()


def _path(text: str, what: str) -> Path:
    """A path given on the command line, refused in one line when no file can have it."""
    from companion.cli import check_path

    if not text.strip():
        raise InputError(f"{what}: the path is empty")
    check_path(text, f"{what} ")
    return Path(text)


@_refused
def _export(args: argparse.Namespace) -> int:
    from companion.db.backup import refuse_live
    from companion.records.exchange import export

    db = _db(args)
    if args.output is None:
        report = export(db, sys.stdout, game=args.game, fmt=args.format)
    else:
        out = _path(args.output, "-o")
        refuse_live(db, out, "export to")
        report = _to_file(out, lambda handle: export(db, handle, game=args.game, fmt=args.format))
    for line in report.skipped:
        print(f"companion: warning: {line}", file=sys.stderr)
    where = f" to {args.output}" if args.output else ""
    print(f"exported {report.sessions} sessions ({report.events} events) and {report.players} players{where}",
          file=sys.stderr)
    return 0


def _to_file(out: Path, write):
    """Write through a temporary file beside ``out``, renamed over it only when complete,
    so a failed export never leaves half a file (or destroys the previous one)."""
    try:
        fd, part = tempfile.mkstemp(prefix=f".{out.name}.", dir=out.parent if str(out.parent) else ".")
    except OSError as exc:
        raise InputError(f"cannot write {out} ({exc.strerror})") from None
    try:
        with os.fdopen(fd, "w", encoding="utf-8", newline="") as handle:
            report = write(handle)
        os.replace(part, out)
    except OSError as exc:
        raise InputError(f"cannot write {out} ({exc.strerror or exc})") from None
    finally:
        if os.path.exists(part):
            os.unlink(part)
    return report


@_refused
def _import(args: argparse.Namespace) -> int:
    from companion.records.exchange import import_file

    report = import_file(_db(args), _path(args.file, "FILE"))
    present = f"; {report.present} already there, left as they were" if report.present else ""
    print(f"imported {report.sessions} sessions ({report.events} events) and {report.players} new players "
          f"into {_db(args)}{present}")
    return 0


@_refused
def _backup(args: argparse.Namespace) -> int:
    from companion.db.backup import backup

    copy = backup(_db(args), _path(args.path, "PATH"))
    print(f"backed up {copy.sessions} sessions ({copy.events} events, {copy.bytes / 1e6:.1f} MB) to {copy.path}; "
          "integrity ok")
    return 0


@_refused
def _restore(args: argparse.Namespace) -> int:
    from companion.db.backup import restore

    copy = restore(_db(args), _path(args.path, "PATH"))
    kept = f"; the database it replaced is kept as {copy.kept}" if copy.kept else ""
    print(f"restored {copy.sessions} sessions ({copy.events} events) from {args.path} into {copy.path}{kept}")
    return 0
