"""The verbs that move whole databases: export, import, backup, restore (docs/export.md).

Each handler imports its module on use, like the games' verbs. A database or file that
cannot be used is refused like any bad input: one line, exit status 2, nothing changed. An
import that refused some of a file's games (and imported the others) names each on its own
line and exits 1.
"""

from __future__ import annotations

import argparse
import functools
import sys
from pathlib import Path
from typing import TYPE_CHECKING, Callable, TextIO

from companion.db.place import os_hint, sizes_in_words
from companion.intake.errors import InputError, StoreError
from companion.intake.files import written_atomically
from companion.games import GAMES

if TYPE_CHECKING:
    from companion.records.exchange import ExportReport


def register(commands) -> None:
    """Hang `export`, `import`, `backup` and `restore` on the top-level verbs."""
    top = commands.top
    export = top.add_parser("export", help="write sessions, players, full logs and results (JSON or CSV)")
    export.add_argument("--game", choices=tuple(GAMES), help="only this game's sessions (default: all)")
    export.add_argument("--format", choices=("json", "csv"), default="json", help="default: json")
    export.add_argument("--plays", action="store_true",
                        help="with --format csv: one row per finished game and player (date, game, duration, "
                             "player, score, place, won), for a spreadsheet")
    export.add_argument("-o", "--output", metavar="FILE", help="write here (default: standard output)")
    export.add_argument("--force", action="store_true", help="with -o: replace FILE if it exists (never a database)")
    export.set_defaults(func=_export)
    load = top.add_parser("import", help="load an export into the database (games already there are skipped, "
                                         "refused games named)")
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
    from companion.contracts.verbs import check_path

    if not text.strip():
        raise InputError(f"{what}: the path is empty")
    check_path(text, f"{what} ")
    return Path(text)


@_refused
def _export(args: argparse.Namespace) -> int:
    from companion.db.backup import refuse_live
    from companion.records.exchange import export

    if args.plays and args.format != "csv":
        raise InputError("--plays is a CSV table: add --format csv")
    if args.force and args.output is None:
        raise InputError("--force replaces the file -o names: give -o FILE")
    db = _db(args)

    def write(handle) -> ExportReport:
        return export(db, handle, game=args.game, fmt=args.format, plays=args.plays)

    if args.output is None:
        report = write(sys.stdout)
    else:
        out = _path(args.output, "-o")
        refuse_live(db, out, "export to")
        report = _to_file(out, write, replace=args.force)
    for line in report.skipped:
        print(f"companion: warning: {line}", file=sys.stderr)
    where = f" to {args.output}" if args.output else ""
    what = "plays of " if args.plays else ""
    print(f"exported {what}{report.sessions} sessions ({report.events} events) and {report.players} players{where}",
          file=sys.stderr)
    return 0


def _to_file(out: Path, write: Callable[[TextIO], ExportReport], *, replace: bool) -> ExportReport:
    """Write through a temporary file beside ``out``, synced and renamed onto it only when
    complete (the folder synced too), so a failed export or a power cut never leaves half a
    file, nor an empty one where the previous file was. An existing file is replaced only
    with ``replace`` (--force), and a database never."""
    if out.is_dir():
        raise InputError(f"cannot write {out}: it is a folder; give a file name")
    if out.exists():
        if not replace:
            raise InputError(f"{out} exists; choose another name, or add --force to replace it")
        if _is_database(out):
            raise InputError(f"{out} is a database, which an export never replaces; choose another name")
    try:
        with written_atomically(out, replace=replace) as handle:
            return write(handle)
    except FileExistsError:
        raise InputError(f"{out} exists (made while the export was written); choose another name, "
                         "or add --force to replace it") from None
    except OSError as exc:
        raise InputError(f"cannot write {out} ({exc.strerror or exc}): "
                         f"{os_hint(exc, out.parent, 'pass -o a file on another disk')}; "
                         f"{'it was left as it was' if out.exists() else 'nothing was written'}") from None


def _is_database(path: Path) -> bool:
    from companion.db.schema import SQLITE_MAGIC

    try:
        with open(path, "rb") as handle:
            return handle.read(len(SQLITE_MAGIC)) == SQLITE_MAGIC
    except OSError:
        return False


@_refused
def _import(args: argparse.Namespace) -> int:
    from companion.records.exchange import import_file

    report = import_file(_db(args), _path(args.file, "FILE"))
    for line in report.refused:
        print(f"companion: refused: {line}", file=sys.stderr)
    if report.note:
        print(f"companion: note: {report.note}", file=sys.stderr)
    for line in report.checkpoints:
        print(f"companion: note: {line}", file=sys.stderr)
    present = f"; {report.present} already there, left as they were" if report.present else ""
    refused = f"; {len(report.refused)} refused (see above), the others imported" if report.refused else ""
    print(f"imported {report.sessions} sessions ({report.events} events) and {report.players} new players "
          f"into {_db(args)}{present}{refused}")
    return 1 if report.refused else 0


@_refused
def _backup(args: argparse.Namespace) -> int:
    from companion.db.backup import backup

    copy = backup(_db(args), _path(args.path, "PATH"))
    print(f"backed up {copy.sessions} sessions ({copy.events} events, {sizes_in_words(copy.bytes)[0]}) to {copy.path}; "
          "integrity ok")
    return 0


@_refused
def _restore(args: argparse.Namespace) -> int:
    from companion.db.backup import restore

    copy = restore(_db(args), _path(args.path, "PATH"))
    kept = f"; the database it replaced is kept as {copy.kept}" if copy.kept else ""
    print(f"restored {copy.sessions} sessions ({copy.events} events) from {args.path} into {copy.path}{kept}")
    return 0
