"""The `companion` command: start the app, or run one of its verbs (docs/cli.md).

Each game adds its own verbs through ``register(commands)`` in its ``cli`` module, so
the rules of a game and the words that reach them live side by side; those modules take
what they share from :mod:`companion.contracts.verbs` and never import this one. Those modules
import their heavy parts inside the handlers: `companion odds ...` must not pay for
loading Kivy or another game's tables.

Whatever is typed, the answer is the output, or one line naming the problem with exit
status 2 (docs/cli.md, "Exit status"): never a traceback, never the input echoed whole.
"""

from __future__ import annotations

import argparse
import importlib
import os
import re
import sys
from typing import Any, NoReturn, Sequence

from companion import __version__
from companion.contracts.engine import RuleError
from companion.intake.errors import InputError
from companion.intake.limits import MONITOR_SECONDS, one_line, quote
from companion.kiosk.settings import BACKENDS, take_settings
from companion.contracts.verbs import Commands, add_json_flag, check_path
from companion.voice import LANGUAGES

#: the modules whose ``register(commands)`` add verbs, in the order `companion --help` lists
#: them: the games' (in the order Home offers them), then export, import, backup, restore; voice
CLI_MODULES = ("companion.spurs.cli", "companion.bountytown.cli", "companion.rapidcity.cli",
               "companion.records.exchange_cli", "companion.voice.cli")
#: exit status when the reader of our output went away (`companion ... | head`): what a
#: program killed by SIGPIPE reports (128 + 13), so shells treat it as usual
EXIT_PIPE_CLOSED = 141
PATH_OPTIONS = ("db", "pads", "port")


class Parser(argparse.ArgumentParser):
    """argparse, with its error line kept short: "unrecognized arguments" would repeat
    every argument given, however long."""

    def error(self, message: str) -> NoReturn:
        super().error(one_line(message))


def add_db_option(parser: argparse.ArgumentParser, *, suppress: bool = False) -> None:
    """--db, before the verb (the default) or after it (SUPPRESSed when absent there)."""
    parser.add_argument("--db", metavar="PATH", default=argparse.SUPPRESS if suppress else None,
                        help="game database (default: $XDG_DATA_HOME/companion/companion.db)")


def add_hardware_options(parser: argparse.ArgumentParser, *, suppress: bool = False) -> None:
    """--backend/--pads/--port, before the verb or (for `pads`) after it; after it they are
    SUPPRESSed when absent so the values given before the verb still count. Left out, they
    are None until ``take_settings`` fills them from the kiosk's settings file."""
    default = argparse.SUPPRESS if suppress else None
    parser.add_argument("--backend", choices=BACKENDS, default=default,
                        help="where Rapid City pad presses come from (default: the settings file's, "
                             "else auto: gpio on a Pi, else sim)")
    parser.add_argument("--pads", metavar="PADS_TOML", default=default,
                        help="pad map (default: the settings file's, else the built-in map)")
    parser.add_argument("--port", metavar="DEVICE", default=default,
                        help="serial port of the pad board (default: the settings file's, else the first "
                             "USB serial port)")


def build_parser() -> argparse.ArgumentParser:
    parser = Parser(
        prog="companion",
        description="Old West table companion: Spurs, Bountytown and Rapid City. "
        "With no verb, starts the touchscreen app.",
    )
    parser.add_argument("--version", action="version", version=f"companion {__version__}")
    add_hardware_options(parser)
    add_db_option(parser)
    parser.add_argument("--fullscreen", action="store_true", help="fill the screen (the Pi's touchscreen)")
    parser.add_argument("--lang", choices=LANGUAGES, default=None,
                        help="the app's language, the calls are said in it "
                             "(default: $LANGUAGE if we speak it, else en)")
    parser.set_defaults(func=_run_app)

    top = parser.add_subparsers(title="verbs", metavar="VERB")
    doctor = top.add_parser("doctor", help="check display, GPIO, serial ports and database; say what to fix")
    add_hardware_options(doctor, suppress=True)
    doctor.add_argument("--json", action="store_true",
                        help="print the checks as a JSON list of {name, ok, detail, fix}")
    doctor.set_defaults(func=_run_doctor)
    pads = top.add_parser("pads", help="live pad monitor in the terminal (which pad, edge, time)")
    add_hardware_options(pads, suppress=True)
    pads.add_argument("--seconds", default=None,
                      help=f"stop after this many seconds, at most {MONITOR_SECONDS} (default: until Ctrl-C)")
    pads.add_argument("--json", action="store_true",
                      help='one JSON object per line: {"pad", "edge", "t_ms"} and {"board", "detail"}')
    pads.set_defaults(func=_run_pads)
    odds = top.add_parser("odds", help="exact odds: odds shoot | odds gang | odds duel")
    odds_verbs = odds.add_subparsers(title="odds", metavar="KIND", required=True)

    commands = Commands(top=top, odds=odds_verbs, stored_game=_stored_game)
    for module in CLI_MODULES:
        importlib.import_module(module).register(commands)
    for verb in _verb_parsers(parser):
        add_db_option(verb, suppress=True)
    return parser


def _verb_parsers(parser: argparse.ArgumentParser) -> list[argparse.ArgumentParser]:
    """Every parser below ``parser`` (verbs, and verbs of verbs such as `odds shoot`), so
    an option every verb takes is added in one place, games' verbs included."""
    found = []
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            for verb in dict.fromkeys(action.choices.values()):  # aliases share a parser
                found += [verb, *_verb_parsers(verb)]
    return found


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; the exit status (0 done, 2 refused, see docs/cli.md)."""
    try:
        args = build_parser().parse_args(argv)
        args.argv = list(sys.argv[1:] if argv is None else argv)
        check_paths(args)
        code = int(args.func(args) or 0)
        sys.stdout.flush()  # a closed pipe is found here, not at exit where it cannot be caught
        return code
    except (InputError, RuleError) as exc:
        print(f"companion: error: {one_line(str(exc))}", file=sys.stderr)
        return 2
    except BrokenPipeError:
        _drop_stdout()
        return EXIT_PIPE_CLOSED
    except KeyboardInterrupt:
        return 130


def _drop_stdout() -> None:
    """Point stdout at /dev/null, so the interpreter's last flush at exit does not hit the
    closed pipe again and print "Exception ignored" (the recipe in Python's signal docs,
    "Note on SIGPIPE"). Under pytest's capture there is no file descriptor: nothing to do."""
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        os.close(devnull)
    except (OSError, ValueError, AttributeError):
        pass


def check_paths(args: argparse.Namespace) -> None:
    """Refuse an empty path option (``--db ""`` would mean the current folder), and one no
    file can have (a NUL, too long) before any verb hands it to the system."""
    for name in PATH_OPTIONS:
        value = getattr(args, name, None)
        if value is None:
            continue
        if not value.strip():
            raise InputError(f"--{name}: the path is empty; give a file, e.g. --{name} ~/companion.db"
                             if name == "db" else f"--{name}: the value is empty")
        check_path(value, f"--{name} ")


_SECONDS = re.compile(r"[0-9]+(\.[0-9]*)?|\.[0-9]+")


def monitor_seconds(text: str | None) -> float | None:
    """`pads --seconds`: a plain decimal number of seconds, more than 0 and at most a day
    (``float`` would take "nan", "inf", "-5" and "٣")."""
    if text is None:
        return None
    if not _SECONDS.fullmatch(text.strip()):
        raise InputError(f"--seconds {quote(text)}: expected a number of seconds such as 10 or 2.5")
    seconds = float(text)
    if not 0 < seconds <= MONITOR_SECONDS:
        raise InputError(f"--seconds {quote(text)}: more than 0 and at most {MONITOR_SECONDS} (a day); "
                         "leave it out to watch until Ctrl-C")
    return seconds


def _run_app(args: argparse.Namespace) -> int:
    """The touchscreen app is the ui layer's, above this core, which never imports it
    (docs/architecture.md): this process becomes `python -m ui` with the same arguments
    (same PID, so systemd and the lock file see one program), with ``-O`` kept."""
    # ``ui`` is taken from beside this ``companion`` package (an install's site-packages or a
    # checkout), never from the current folder: -P leaves it off the path
    beside = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    path = os.pathsep.join(filter(None, (beside, os.environ.get("PYTHONPATH"))))
    flags = ["-O"] * sys.flags.optimize
    os.execve(sys.executable, [sys.executable, *flags, "-P", "-m", "ui", *args.argv],
              {**os.environ, "PYTHONPATH": path})
    return 0  # not reached: execve replaces the process or raises OSError


def app_arguments(argv: Sequence[str]) -> argparse.Namespace:
    """The app's options (`companion [--db PATH] [--backend B] [--fullscreen] ...`), checked
    as `companion` checks them; a verb is refused: `python -m ui` only starts the app."""
    args = build_parser().parse_args(argv)
    if args.func is not _run_app:
        raise InputError("python -m ui only starts the app; run the verbs with `companion`")
    check_paths(args)
    take_settings(args)
    return args


def _stored_game(db: str | None, session: int) -> tuple[str, Any]:
    """A stored game's kind and state (:data:`companion.contracts.verbs.StoredGame`), read without
    creating or changing the database."""
    from pathlib import Path

    from companion.db.store import Store, StoreError, default_db_path

    path = Path(db) if db is not None else default_db_path()
    if not path.is_file():
        raise InputError(f"no database at {path}; pass --db PATH to the one the app uses")
    try:
        with Store(path) as store:
            game = store.open_session(session)
            return game.kind, game.state
    except StoreError as exc:
        raise InputError(str(exc)) from None


def _run_doctor(args: argparse.Namespace) -> int:
    from companion.doctor import run

    return run(args)


def _run_pads(args: argparse.Namespace) -> int:
    # hardware is imported here, not at the top: companion never depends on gpiozero
    args.seconds = monitor_seconds(args.seconds)
    take_settings(args)
    from hardware.monitor import run

    return run(args)
